package httpapi

import (
	"time"

	"github.com/swapscout/swapscout"
)

// accuracyJSON is a venue's accuracy in GET /v1/venues: over its swaps
// finished in the last window_seconds, how many had a known amount received
// (count), the median and worst percentage of the promised amount that did
// not arrive (negative: more did), and over those whose deposit was seen
// (timed), the median seconds from deposit to payout.
type accuracyJSON struct {
	WindowSeconds   int64  `json:"window_seconds"`
	Count           int    `json:"count"`
	MedianShortfall string `json:"median_shortfall_pct,omitempty"`
	WorstShortfall  string `json:"worst_shortfall_pct,omitempty"`
	Timed           int    `json:"timed"`
	MedianSeconds   *int64 `json:"median_seconds,omitempty"`
}

// venueAccuracy reads the venues' accuracy; a failure is logged and the
// venues are listed without it.
func (d *deps) venueAccuracy(r *Request) map[string]*accuracyJSON {
	if d.Accuracy == nil {
		return nil
	}
	all, err := d.Accuracy(r.Ctx)
	if err != nil {
		d.Logger.Warn("venue accuracy unavailable", "err", err, "request_id", string(r.ID))
		return nil
	}
	out := make(map[string]*accuracyJSON, len(all))
	for id, a := range all {
		out[id] = accuracyOf(a, d.AccuracyWindow)
	}
	return out
}

func accuracyOf(a swapscout.VenueAccuracy, window time.Duration) *accuracyJSON {
	j := &accuracyJSON{WindowSeconds: int64(window.Seconds()), Count: a.Count, Timed: a.Timed}
	if a.Count > 0 {
		j.MedianShortfall, j.WorstShortfall = a.MedianShortfall.String(), a.WorstShortfall.String()
	}
	if a.Timed > 0 {
		s := int64(a.MedianTime.Seconds())
		j.MedianSeconds = &s
	}
	return j
}
