package nearintents

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/swapscout/swapscout"
)

// TestSymbols: every row names a catalogue asset, once; every network has
// a placeholder address for dry quotes; every hand row agrees with the
// recorded tokens list (an excerpt) on its decimals and chain, and every
// other row is one the catalogue took from 1-Click's full recorded list,
// with that list's decimals.
func TestSymbols(t *testing.T) {
	if err := Symbols.Check(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("testdata/tokens.json")
	if err != nil {
		t.Fatal(err)
	}
	var toks []token
	if err := json.Unmarshal(b, &toks); err != nil {
		t.Fatal(err)
	}
	rec := map[string]token{}
	for _, tk := range toks {
		rec[tk.AssetID] = tk
	}
	listed := map[swapscout.Asset]swapscout.VenueListing{}
	for _, l := range swapscout.ListingsOf("nearintents") {
		listed[l.Asset] = l
	}
	inRecording := 0
	for a, s := range Symbols {
		if placeholder[a.Network] == "" {
			t.Errorf("%s: no placeholder address for network %s", a, a.Network)
		}
		tk, ok := rec[s.ID]
		if !ok {
			if l := listed[a]; l.Code != s.ID || l.Decimals != s.Decimals {
				t.Errorf("%s: %s (%d decimals) is neither in the recorded excerpt nor the catalogue's listing %+v", a, s.ID, s.Decimals, l)
			}
			continue
		}
		inRecording++
		if tk.Decimals == nil || *tk.Decimals != s.Decimals || tk.Blockchain != s.Blockchain {
			t.Errorf("%s: table says %d decimals on %s, the recording %v on %s", a, s.Decimals, s.Blockchain, tk.Decimals, tk.Blockchain)
		}
	}
	m, err := checkTokens(toks)
	if err != nil || len(m) != inRecording {
		t.Errorf("checkTokens kept %d of %d (%v)", len(m), inRecording, err)
	}
	if len(Symbols) < 100 {
		t.Errorf("%d assets mapped, want the catalogue's 1-Click tokens too (≥ 100)", len(Symbols))
	}
}

// TestTokensListRefused: a list with absurd decimals for an asset we use is
// refused as a whole.
func TestTokensListRefused(t *testing.T) {
	d := 77
	if _, err := checkTokens([]token{{AssetID: "nep141:btc.omft.near", Decimals: &d}}); err == nil {
		t.Error("77 decimals accepted")
	}
	if _, err := checkTokens([]token{{AssetID: "nep141:unknown.near", Decimals: &d}}); err == nil {
		t.Error("a list with none of our assets accepted")
	}
}
