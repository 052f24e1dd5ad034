package nearintents

import (
	"encoding/json"
	"os"
	"testing"
)

// TestSymbols: every row names a catalogue asset, once; every network has
// a placeholder address for dry quotes; and every row agrees with the
// recorded tokens list on its decimals and chain.
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
	for a, s := range Symbols {
		if placeholder[a.Network] == "" {
			t.Errorf("%s: no placeholder address for network %s", a, a.Network)
		}
		tk, ok := rec[s.ID]
		switch {
		case !ok:
			t.Errorf("%s: %s is not in the recorded list", a, s.ID)
		case tk.Decimals == nil || *tk.Decimals != s.Decimals || tk.Blockchain != s.Blockchain:
			t.Errorf("%s: table says %d decimals on %s, the recording %v on %s", a, s.Decimals, s.Blockchain, tk.Decimals, tk.Blockchain)
		}
	}
	m, err := checkTokens(toks)
	if err != nil || len(m) != len(Symbols) {
		t.Errorf("checkTokens kept %d of %d (%v)", len(m), len(Symbols), err)
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
