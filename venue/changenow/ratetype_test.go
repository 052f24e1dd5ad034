package changenow_test

import (
	"context"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/changenow"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestRateTypeIsTheAnswers: an estimate whose flow is fixed-rate is a fixed
// offer even when a float rate was asked; the offer says what ChangeNOW gave.
func TestRateTypeIsTheAnswers(t *testing.T) {
	rp := venuetest.NewReplay(t, "testdata", routes("estimate_fixed.json", 200, "range_fixed.json"))
	q := venuetest.New(t, &changenow.Descriptor, rp.URL)
	o, err := q.Quote(context.Background(), btcXMR)
	if err != nil {
		t.Fatal(err)
	}
	if o.RateType != swapscout.Fixed {
		t.Errorf("float request answered with flow fixed-rate: offer rate_type %s, want fixed", o.RateType)
	}
	rp2 := venuetest.NewReplay(t, "testdata", routes("estimate_ok.json", 200, "range_ok.json"))
	if o, err := venuetest.New(t, &changenow.Descriptor, rp2.URL).Quote(context.Background(), btcXMR); err != nil || o.RateType != swapscout.Float {
		t.Errorf("standard flow: %s, %v", o.RateType, err)
	}
}
