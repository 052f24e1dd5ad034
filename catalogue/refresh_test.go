package catalogue

import (
	"encoding/json"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
)

// TestRefreshChangedList replays SideShift's recorded coin list changed as
// a venue changes it (one network retired, one token added), then three
// bad lists: the catalogue takes the change without a restart, and keeps
// the last good state through the bad ones. It republishes the recorded
// lists at the end, so it touches the shared catalogue: not parallel.
func TestRefreshChangedList(t *testing.T) {
	lists, err := Load(os.DirFS("testdata"))
	if err != nil {
		t.Fatal(err)
	}
	r := NewRefresher(lists, func() string { return "2026-11-29" })
	t.Cleanup(func() { swapscout.ReplaceListings(Snapshot(lists, "2026-11-28")) })

	// A network only SideShift lists, to retire.
	var gone swapscout.CatalogueEntry
	for _, e := range swapscout.Catalogue() {
		if len(e.Listings) == 1 && e.Listings[0].Venue == "sideshift" && e.Contract != "" && e.Ticker != "usdt" {
			gone = e
			break
		}
	}
	coin, network, _ := strings.Cut(gone.Listings[0].Code, "/")
	b, err := os.ReadFile("testdata/sideshift_coins.json")
	if err != nil {
		t.Fatal(err)
	}
	var coins []map[string]any
	if err := json.Unmarshal(b, &coins); err != nil {
		t.Fatal(err)
	}
	for _, c := range coins {
		if c["coin"] == coin {
			var keep []any
			for _, n := range c["networks"].([]any) {
				if n != network {
					keep = append(keep, n)
				}
			}
			c["networks"] = keep
		}
	}
	const newContract = "0x1111111111111111111111111111111111111111"
	coins = append(coins, map[string]any{"coin": "ZZNEW", "name": "A token listed today", "networks": []any{"ethereum"},
		"tokenDetails": map[string]any{"ethereum": map[string]any{"contractAddress": newContract, "decimals": 6}}})
	changed, _ := json.Marshal(coins)

	ch, err := r.Update("sideshift", changed)
	if err != nil {
		t.Fatal(err)
	}
	newID := swapscout.AssetID("eth", newContract)
	if !slices.Contains(ch.Added, newID) || !slices.Contains(ch.Retired, gone.ID) {
		t.Fatalf("Update added %v, retired %v; want %s added, %s retired", ch.Added, ch.Retired, newID, gone.ID)
	}
	e, ok := swapscout.LookupCatalogue(swapscout.Asset{Ticker: "zznew", Network: "eth"})
	if !ok || e.ID != newID || !e.ListedBy("sideshift") {
		t.Errorf("zznew@eth after the refresh = %+v, %v", e, ok)
	}
	if _, ok := swapscout.LookupCatalogue(gone.Asset); ok {
		t.Errorf("%s still listed after SideShift retired it", gone.Asset)
	}
	if date, _ := swapscout.CatalogueInfo(); date != "2026-11-29" {
		t.Errorf("catalogue dated %s, want the refresh's 2026-11-29", date)
	}
	before := len(swapscout.Catalogue())

	truncated, _ := json.Marshal(coins[:10])
	coins[len(coins)-1]["tokenDetails"] = map[string]any{"ethereum": map[string]any{"contractAddress": newContract, "decimals": 99}}
	absurd, _ := json.Marshal(coins)
	for name, body := range map[string][]byte{"not JSON": []byte("<html>busy</html>"), "truncated": truncated,
		"absurd decimals": absurd, "empty": []byte("[]")} {
		if _, err := r.Update("sideshift", body); err == nil || !strings.Contains(err.Error(), "rejected, the last good one is kept") {
			t.Errorf("%s list: Update = %v, want it rejected", name, err)
		}
		if n := len(swapscout.Catalogue()); n != before {
			t.Errorf("%s list changed the catalogue: %d assets, had %d", name, n, before)
		}
	}
	if _, err := r.Update("nosuchvenue", changed); err == nil {
		t.Error("a list of a venue without a parser was accepted")
	}
}
