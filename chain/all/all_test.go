package all_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain/all"
	"github.com/swapscout/swapscout/chain/chaintest"
)

func TestOpenEveryNetwork(t *testing.T) {
	c := chaintest.Client(t)
	for _, n := range all.Networks() {
		e := all.Endpoint{Network: n, URL: "https://" + n + ".example/api"}
		if n == "trx" {
			e.Key = "k"
		}
		w, err := all.Open(e, c, nil)
		if err != nil {
			t.Errorf("Open(%s): %v", n, err)
			continue
		}
		if got := w.Networks(); !slices.Equal(got, []string{n}) {
			t.Errorf("Open(%s).Networks() = %v", n, got)
		}
	}
	if _, err := all.Open(all.Endpoint{Network: "xrp", URL: "https://x.example"}, c, nil); err == nil {
		t.Error("Open(xrp) accepted")
	}
	if _, err := all.Open(all.Endpoint{Network: "eth", URL: "https://x.example", Key: "k"}, c, nil); err == nil {
		t.Error("a key header for an EVM endpoint accepted")
	}
}

// TestCoverage keeps docs/chain.md true: these catalogue networks have no
// chain format (their transfers stay the venue's word), Monero because it
// cannot have one.
func TestCoverage(t *testing.T) {
	var without []string
	seen := map[string]bool{}
	for _, a := range swapscout.BaseAssets() { // the networks docs/chain.md lists; the catalogue's others have no reader yet
		if _, ok := all.FormatOf[a.Network]; !ok && !seen[a.Network] {
			seen[a.Network] = true
			without = append(without, a.Network)
		}
	}
	slices.Sort(without)
	want := []string{"ada", "dash", "dot", "firo", "near", "ton", "xlm", "xmr", "xrp", "zec"}
	if !slices.Equal(without, want) {
		t.Errorf("networks without a chain format = %v, want %v (update docs/chain.md)", without, want)
	}
	for n := range all.FormatOf {
		if _, ok := swapscout.Networks[n]; !ok {
			t.Errorf("FormatOf names %q, not a swapscout network", n)
		}
	}
}

func TestParse(t *testing.T) {
	e, err := all.Parse(" BTC=https://blockstream.info/api ")
	if err != nil || e.Network != "btc" || e.URL != "https://blockstream.info/api" {
		t.Errorf("Parse = %+v, %v", e, err)
	}
	for _, bad := range []string{"", "btc", "=https://x", "xrp=https://x", "btc="} {
		if _, err := all.Parse(bad); err == nil {
			t.Errorf("Parse(%q) accepted", bad)
		}
	}
	_, err = all.Parse("nosuch=https://key.example/v3/SECRET")
	if err == nil || strings.Contains(err.Error(), "SECRET") {
		t.Errorf("Parse error %v shows the URL", err)
	}
}
