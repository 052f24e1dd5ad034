package simpleswap

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// CurrenciesPath is SimpleSwap's currency list, GET /v3/currencies, behind
// the x-api-key header like its other calls, answered in the "result"
// wrapper ([CODE]: Edge's simpleswap.ts @e4ce4985 reads
// result[].ticker/network; a public TypeScript client's SimpleSwapCurrency
// names the item's fields: name, ticker, network, legacySymbol,
// contractAddress, extraId, hasExtraId, validationExtra).
const CurrenciesPath = "/v3/currencies"

// listBody caps the list's answer: a few thousand currencies with their
// regexes are a few megabytes at most.
const listBody = 16 << 20

// Currency is one item of GET /v3/currencies: a ticker on a network; a
// token names its contractAddress (null for a network's own coin);
// hasExtraId says the network takes an extra id (a memo) named extraId.
type Currency struct {
	Name            string  `json:"name"`
	Ticker          string  `json:"ticker"`
	Network         string  `json:"network"`
	LegacySymbol    string  `json:"legacySymbol"`
	ContractAddress *string `json:"contractAddress"`
	ExtraID         string  `json:"extraId"`
	HasExtraID      bool    `json:"hasExtraId"`
	ValidationExtra *string `json:"validationExtra"`
}

// FetchCurrencies reads GET /v3/currencies through cfg with the key as the
// adapter sends it (SimpleSwap answers nothing without one) and returns
// the answer's result array (what ParseCurrencies and the catalogue's
// reader read). The key never appears in an error, even where the venue's
// refusal echoes it.
func FetchCurrencies(ctx context.Context, cfg *venue.Config) ([]byte, error) {
	if cfg.APIKey == "" {
		return nil, swapscout.NewVenueError(swapscout.CodeNotConfigured, "SimpleSwap lists its currencies only to a client with an API key")
	}
	var reply struct {
		Result json.RawMessage `json:"result"`
	}
	err := venue.Fetch(ctx, cfg, venue.Request{URL: cfg.BaseURL + CurrenciesPath, MaxBody: listBody,
		Header: []venue.Field{{Key: "Accept", Value: "application/json"}, {Key: "x-api-key", Value: cfg.APIKey}}},
		func(status int, body []byte) error { return decode(status, body, &reply) })
	if err != nil {
		return nil, venue.WithoutSecret(err, cfg.APIKey)
	}
	if len(reply.Result) == 0 || reply.Result[0] != '[' {
		return nil, swapscout.NewVenueError(swapscout.CodeBadResponse, "SimpleSwap's currency list has no result array")
	}
	return reply.Result, nil
}

// ParseCurrencies reads the list: the answer ({"result":[…]}) or its
// result array.
func ParseCurrencies(body []byte) ([]Currency, error) {
	return venue.ParseList[Currency](body, "result", "simpleswap currencies")
}

// hand is the adapter's own table as written (before the catalogue's
// listings join it), by SimpleSwap's codes.
var hand = Symbols.Reverse()

// OurNetwork is the swapscout network of a SimpleSwap network code, by the
// codes the adapter sends; ok is false for any other (not guessed).
var OurNetwork = venue.NetworkIndex(hand, func(c Code) string { return c.Network }, strings.ToLower)

// HandAsset is the asset the adapter's own table gives a code
// (SimpleSwap's bnb-bsc is BNB on BNB Chain, avaxc is AVAX), if any.
func HandAsset(ticker, network string) (swapscout.Asset, bool) {
	a, ok := hand[Code{strings.ToLower(ticker), strings.ToLower(network)}]
	return a, ok
}

// Listing codes are "ticker/network" in SimpleSwap's words, so assets a
// list adds are quoted with the codes the list gave.
func init() {
	venue.Listed(Symbols, "simpleswap", func(code string) (Code, bool) {
		t, n, ok := venue.SlashCode(code)
		return Code{strings.ToLower(t), strings.ToLower(n)}, ok
	})
}
