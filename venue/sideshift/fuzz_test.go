package sideshift

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
)

func seeds(f *testing.F) [][]byte {
	files, _ := filepath.Glob("testdata/*.json")
	var out [][]byte
	for _, p := range files {
		if filepath.Ext(p) != ".json" || len(p) > 10 && p[len(p)-10:] == ".want.json" {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// FuzzDecodePair feeds arbitrary statuses and bodies to the pair parser and
// the pricing on it: no panic, and either a typed *VenueError or an offer
// whose amounts are never negative (one that prices to nothing, or beyond
// what an Amount holds, is the engine's to judge).
func FuzzDecodePair(f *testing.F) {
	for _, b := range seeds(f) {
		f.Add(200, false, b)
		f.Add(400, true, b)
	}
	f.Fuzz(func(t *testing.T, status int, receive bool, body []byte) {
		var p pairResponse
		err := decodePair(status, body, &p)
		if err == nil {
			req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
				Amount: swapscout.MustAmount("0.1")}
			if receive {
				req.Direction = swapscout.Receive
			}
			var o swapscout.Offer
			o, err = floatOffer(req, &p, 8, 18)
			if err == nil && (o.AmountIn.Valid() && o.AmountIn.Sign() < 0 || o.AmountOut.Valid() && o.AmountOut.Sign() < 0) {
				t.Fatalf("offer in %s out %s", o.AmountIn, o.AmountOut)
			}
		}
		var ve *swapscout.VenueError
		if err != nil && !errors.As(err, &ve) {
			t.Fatalf("error %T %v is not a *VenueError", err, err)
		}
	})
}

// FuzzDecodeQuote does the same for the fixed quote's answer.
func FuzzDecodeQuote(f *testing.F) {
	for _, b := range seeds(f) {
		f.Add(201, b)
		f.Add(400, b)
	}
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		var q quoteResponse
		err := decodeQuote(status, body, &q)
		var ve *swapscout.VenueError
		if err != nil && !errors.As(err, &ve) {
			t.Fatalf("error %T %v is not a *VenueError", err, err)
		}
		if err == nil && q.ID == "" {
			t.Fatal("a quote without an id")
		}
	})
}

// TestSymbols fails when a mapping names an asset the catalogue lacks or two
// assets share a code.
func TestSymbols(t *testing.T) {
	if err := Symbols.Check(); err != nil {
		t.Fatal(err)
	}
}

// TestSymbolsCoverCoins: every coin of SideShift's coin list (recorded in
// testdata/coins.json) on a network we map, whose asset is in our catalogue,
// is in the symbol table under SideShift's code, with the catalogue's
// decimals where the list gives a token's, and a memo where its network has one.
func TestSymbolsCoverCoins(t *testing.T) {
	b, err := os.ReadFile("testdata/coins.json")
	if err != nil {
		t.Fatal(err)
	}
	var coins []struct {
		Coin             string                            `json:"coin"`
		Networks         []string                          `json:"networks"`
		NetworksWithMemo []string                          `json:"networksWithMemo"`
		TokenDetails     map[string]struct{ Decimals int } `json:"tokenDetails"`
	}
	if err := json.Unmarshal(b, &coins); err != nil {
		t.Fatal(err)
	}
	// SideShift's network ids (the list's, Edge's map) → our network codes.
	ours := map[string]string{
		"bitcoin": "btc", "ethereum": "eth", "arbitrum": "arbitrum", "base": "base", "optimism": "op", "monero": "xmr",
		"litecoin": "ltc", "bitcoincash": "bch", "doge": "doge", "ripple": "xrp", "ton": "ton", "solana": "sol",
		"tron": "trx", "bsc": "bsc", "shielded": "zec", "dash": "dash", "cardano": "ada", "polkadot": "dot",
		"avax": "avaxc", "polygon": "matic", "stellar": "xlm", "near": "near",
	}
	// The catalogue identifies an asset by network and contract: SideShift's
	// code leads to its asset there (USDC on Optimism is Circle's native
	// USDC, not the bridged USDC.e another venue lists as usdc@op).
	byCode := map[string]swapscout.Asset{}
	for _, e := range swapscout.Catalogue() {
		for _, l := range e.Listings {
			if l.Venue == "sideshift" {
				byCode[l.Code] = e.Asset
			}
		}
	}
	base := map[swapscout.Asset]bool{}
	for _, b := range swapscout.BaseAssets() {
		base[b.Asset] = true
	}
	n := 0
	for _, c := range coins {
		for _, net := range c.Networks {
			a, found := byCode[c.Coin+"/"+net]
			if !found {
				a = swapscout.Asset{Ticker: strings.ToLower(c.Coin), Network: ours[net]}
				if !base[a] {
					continue
				}
			}
			info, listed := swapscout.LookupAsset(a)
			if a.Network == "" || !listed {
				continue
			}
			n++
			if got, ok := Symbols[a]; !ok || got != (Code{c.Coin, net}) {
				t.Errorf("SideShift lists %s on %s (%s): Symbols has %+v, %v", c.Coin, net, a, got, ok)
			}
			if d, ok := c.TokenDetails[net]; ok && d.Decimals != info.Decimals {
				t.Errorf("%s: SideShift says %d decimals, the catalogue %d", a, d.Decimals, info.Decimals)
			}
			if slices.Contains(c.NetworksWithMemo, net) && !info.Memo {
				t.Errorf("%s: SideShift takes a memo on %s, the catalogue says none", a, net)
			}
		}
	}
	if n < 30 {
		t.Errorf("only %d of the list's assets are ours: is coins.json the list?", n)
	}
}
