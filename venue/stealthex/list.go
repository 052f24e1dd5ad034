package stealthex

import (
	"encoding/json"
	"fmt"
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
