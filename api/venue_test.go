package api_test

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

// TestVenueRateHold: a fixed-rate venue's hold reaches GET /v1/venues in
// seconds with its source and words, reads back as the same hold, and a
// venue that states no hold and names no source has no rate_hold at all.
func TestVenueRateHold(t *testing.T) {
	h := swapscout.RateHold{For: 15 * time.Minute, UpTo: 30 * time.Minute, From: swapscout.HoldFromCreation, Source: "[DOC] help centre"}
	v := api.NewVenue(swapscout.VenueInfo{ID: "stealthex", Name: "StealthEX", FixedRate: true, Hold: h}, nil)
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		RateHold map[string]any `json:"rate_hold"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"documented": true, "seconds": 900.0, "up_to_seconds": 1800.0, "from": "creation", "source": "[DOC] help centre",
		"text": "StealthEX says it usually holds a fixed rate for 15–30 minutes from the swap's creation"}
	if d := cmp.Diff(want, got.RateHold); d != "" {
		t.Errorf("rate_hold (-want +got):\n%s", d)
	}
	if back := v.RateHold.Hold(); back != h {
		t.Errorf("Hold() = %+v, want %+v", back, h)
	}
	undoc := api.NewVenue(swapscout.VenueInfo{ID: "godex", Name: "Godex", FixedRate: true, Hold: swapscout.RateHold{Source: "undocumented: …"}}, nil)
	if undoc.RateHold == nil || undoc.RateHold.Documented || undoc.RateHold.Text != "Godex does not state how long it holds a fixed rate" {
		t.Errorf("undocumented hold = %+v", undoc.RateHold)
	}
	if none := api.NewVenue(swapscout.VenueInfo{ID: "kraken", Name: "Kraken"}, nil); none.RateHold != nil {
		t.Errorf("a venue without fixed rates has rate_hold %+v", none.RateHold)
	}
}
