package main

import (
	"strings"
	"testing"

	"github.com/swapscout/swapscout/api"
)

// TestAssetsCommand: `swapscout assets SEARCH` lists the catalogue entries
// the search matches (as GET /v1/assets?q= would), --network and --venue
// narrow it, --json is the API's page, and two searches are refused.
func TestAssetsCommand(t *testing.T) {
	out, _, err := runOut(t, nil, "assets", "PEPE")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(out, "CODE ") || !strings.Contains(out, "\npepe@eth ") || strings.Contains(out, "\nbtc@btc ") {
		t.Errorf("assets PEPE:\n%s", out)
	}
	out, _, err = runOut(t, nil, "assets", "--network", "eth", "--venue", "kucoin", "pepe")
	if err != nil || !strings.Contains(out, "\npepe@eth ") || strings.Contains(out, "pepe@arbitrum") {
		t.Errorf("assets --network eth --venue kucoin pepe: %v\n%s", err, out)
	}
	out, _, err = runOut(t, nil, "assets", "--json", "usdt")
	if err != nil {
		t.Fatal(err)
	}
	page, err := api.DecodeAssets([]byte(out))
	if err != nil || page.Total != len(page.Assets) || page.Total < 3 || page.Generated == "" {
		t.Fatalf("assets --json usdt: %v, %d of %d, generated %q", err, len(page.Assets), page.Total, page.Generated)
	}
	for _, a := range page.Assets {
		if !strings.Contains(strings.ToLower(a.Ticker+a.Name+a.Symbol+a.Network+a.NetworkName+a.ID+a.Contract), "usdt") {
			t.Errorf("%s does not match usdt", a.Code)
		}
	}
	if _, _, err := runOut(t, nil, "assets", "usdt", "eth"); exitCode(err) != 2 {
		t.Errorf("two searches: exit %d (%v), want 2", exitCode(err), err)
	}
}
