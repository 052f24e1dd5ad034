package stealthex

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// CurrenciesPath is StealthEX's currency list, GET /v4/currencies, paged
// by limit and offset ([DOC]: StealthEX's OpenAPI document, operation
// listCurrencies, as generated into TalismanSociety/talisman
// apps/extension/src/ui/domains/Swap/swap-modules/stealthex.api.d.ts
// @30856d9; Edge and Talisman read it 250 at a time until a short page).
const CurrenciesPath = "/v4/currencies"

// PageSize is how many currencies the clients ask per page.
const PageSize = 250

// MaxPages bounds one reading of the list: 100 pages of PageSize are
// many times what StealthEX lists, so a venue that never sends a short
// page ends the reading with an error instead of a loop.
const MaxPages = 100

// pageBody caps one page's answer: 250 currencies with their icons' URLs,
// regexes and warnings are well under a megabyte.
const pageBody = 4 << 20

// FetchCurrencies reads GET /v4/currencies page by page through cfg, with
// the key as the adapter sends it (a Bearer token: StealthEX answers
// nothing without one), until a short page, and returns the pages joined
// into one JSON array (what ParseCurrencies and the catalogue's reader
// read). A page that repeats the previous one (a venue ignoring offset)
// or more than MaxPages pages is an error. The key never appears in an
// error, even where the venue's refusal echoes it.
func FetchCurrencies(ctx context.Context, cfg *venue.Config) ([]byte, error) {
	return fetchCurrencies(ctx, cfg, PageSize)
}

func fetchCurrencies(ctx context.Context, cfg *venue.Config, size int) ([]byte, error) {
	if cfg.APIKey == "" {
		return nil, swapscout.NewVenueError(swapscout.CodeNotConfigured, "StealthEX lists its currencies only to a client with an API key")
	}
	hdr := []venue.Field{{Key: "Accept", Value: "application/json"}, {Key: "Authorization", Value: "Bearer " + cfg.APIKey}}
	out := []byte{'['}
	var first json.RawMessage // the previous page's first item
	for page := 0; ; page++ {
		if page == MaxPages {
			return nil, swapscout.NewVenueError(swapscout.CodeBadResponse, "StealthEX's currency list goes on past %d pages", MaxPages)
		}
		url := cfg.BaseURL + CurrenciesPath + "?limit=" + strconv.Itoa(size) + "&offset=" + strconv.Itoa(page*size)
		var items []json.RawMessage
		err := venue.Fetch(ctx, cfg, venue.Request{URL: url, Header: hdr, MaxBody: pageBody}, func(status int, body []byte) error {
			return decode(status, body, &items)
		})
		if err != nil {
			return nil, venue.WithoutSecret(err, cfg.APIKey)
		}
		if len(items) > size {
			return nil, swapscout.NewVenueError(swapscout.CodeBadResponse, "StealthEX answered %d currencies to a page of %d", len(items), size)
		}
		if len(items) > 0 && page > 0 && bytes.Equal(items[0], first) {
			return nil, swapscout.NewVenueError(swapscout.CodeBadResponse, "StealthEX's currency list repeats its page at offset %d (offset ignored?)", page*size)
		}
		for _, it := range items {
			if len(out) > 1 {
				out = append(out, ',')
			}
			out = append(out, it...)
		}
		if len(items) < size {
			return append(out, ']'), nil
		}
		first = items[0]
	}
}

// Currency is one item of GET /v4/currencies (the OpenAPI schema
// Currency; its documented example is btc on "mainnet").
type Currency struct {
	Symbol          string   `json:"symbol"`
	Network         string   `json:"network"`
	LegacySymbol    string   `json:"legacy_symbol"`
	Name            string   `json:"name"`
	Rates           []string `json:"rates"`
	Features        []string `json:"features"`
	IconURL         string   `json:"icon_url"`
	Precision       *int     `json:"precision"`
	ExtraID         *string  `json:"extra_id"`
	AddressRegex    *string  `json:"address_regex"`
	ExtraIDRegex    *string  `json:"extra_id_regex"`
	ContractAddress *string  `json:"contract_address"`
	Warnings        struct {
		Deposit    []string `json:"deposit"`
		Withdrawal []string `json:"withdrawal"`
	} `json:"warnings"`
}

// ParseCurrencies reads one page of GET /v4/currencies (a bare array).
func ParseCurrencies(body []byte) ([]Currency, error) {
	var cur []Currency
	if err := json.Unmarshal(body, &cur); err != nil {
		return nil, fmt.Errorf("stealthex currencies: %w", err)
	}
	return cur, nil
}

// tokenNetworks are StealthEX's network codes for the chains whose tokens
// and L2 coins it lists under the chain's own network (Edge's
// src/mappings/stealthex.ts, [CODE]; usdt on "eth" [REC]), by ours. Any
// other network code is not guessed.
var tokenNetworks = map[string]string{
	"eth": "eth", "trx": "trx", "bsc": "bsc", "sol": "sol", "matic": "matic", "ton": "ton",
	"arbitrum": "arbitrum", "base": "base", "avax-c": "avaxc", "optimism": "op",
}

// OurNetwork is the swapscout network of a listed currency: a token's or
// L2 coin's network by tokenNetworks, and on "mainnet" the chain whose
// own coin the symbol is (its network code first, else the one network
// with that coin). ok is false for a network StealthEX names that we do
// not map.
func (c Currency) OurNetwork() (string, bool) {
	if c.Network != "mainnet" {
		n, ok := tokenNetworks[c.Network]
		return n, ok
	}
	sym := strings.ToLower(c.Symbol)
	if n, ok := swapscout.LookupNetwork(sym); ok && n.Native == sym {
		return n.Code, true
	}
	found := ""
	for _, n := range swapscout.NetworkTable {
		if n.Native != sym || ownNetwork[n.Code] {
			continue
		}
		if found != "" {
			return "", false // two chains share the coin: not guessed
		}
		found = n.Code
	}
	return found, found != ""
}

// Listing codes are "symbol/network" in StealthEX's words, so assets a
// list adds are quoted with the code the list gave.
func init() {
	venue.Listed(Symbols, "stealthex", func(code string) (Code, bool) {
		s, n, ok := venue.SlashCode(code)
		return Code{s, n}, ok
	})
}
