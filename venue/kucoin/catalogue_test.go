package kucoin_test

import (
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/kucoin"
)

// TestCatalogueListings: every asset the catalogue says KuCoin lists is
// mapped under the code the catalogue recorded from KuCoin's currency list
// (currency/chainName), unless its currency already stands for another of
// our tickers or its code is taken; those mapped from the catalogue have no
// withdrawal fee on record, only the live list's.
func TestCatalogueListings(t *testing.T) {
	spec := kucoin.Spec()
	if err := spec.Validate(); err != nil {
		t.Fatal(err)
	}
	listed, mapped := 0, 0
	for _, e := range swapscout.Catalogue() {
		for _, l := range e.Listings {
			if l.Venue != "kucoin" {
				continue
			}
			listed++
			code, ok := spec.Symbols[e.Asset]
			if !ok {
				continue
			}
			mapped++
			if spec.FeeFromListOnly[e.Asset] && code.Ticker+"/"+code.Network != l.Code {
				t.Errorf("%s maps to %s/%s, the catalogue recorded %s", e.Asset, code.Ticker, code.Network, l.Code)
			}
		}
	}
	if listed < 500 || mapped < listed*9/10 {
		t.Errorf("%d of the catalogue's %d KuCoin listings mapped, want ≥ 90%% of ≥ 500", mapped, listed)
	}
	for a := range spec.FeeFromListOnly {
		if _, ok := spec.WithdrawFees[a]; ok {
			t.Errorf("%s has a fee on record and is marked fee from the list only", a)
		}
	}
	one := swapscout.Asset{Ticker: "1inch", Network: "eth"}
	if c := spec.Symbols[one]; c.Ticker != "1INCH" || !strings.EqualFold(c.Network, "ERC20") || !spec.FeeFromListOnly[one] {
		t.Errorf("1inch@eth: %v, fee from list %v; want 1INCH/ERC20 from the list", c, spec.FeeFromListOnly[one])
	}
}
