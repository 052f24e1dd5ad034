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
	// P90Seconds is the venue's usual time (its timed swaps' 90th
	// percentile); Short the finished swaps short of their promise by more
	// than their slippage; Held the swaps it held for verification.
	P90Seconds *int64 `json:"p90_seconds,omitempty"`
	Short      int    `json:"short"`
	Held       int    `json:"held"`
}

// supportJSON is a swap venue's support contact in GET /v1/venues: its
// address or page as it documents them, and the page that says so; none
// (false) when it documents none.
type supportJSON struct {
	Documented bool   `json:"documented"`
	Email      string `json:"email,omitempty"`
	URL        string `json:"url,omitempty"`
	Source     string `json:"source"`
}

func supportOf(c swapscout.SupportContact) *supportJSON {
	if c.Source == "" {
		return nil
	}
	return &supportJSON{Documented: c.Documented(), Email: c.Email, URL: c.URL, Source: c.Source}
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
	j := &accuracyJSON{WindowSeconds: int64(window.Seconds()), Count: a.Count, Timed: a.Timed, Short: a.Short, Held: a.Held}
	if a.Count > 0 {
		j.MedianShortfall, j.WorstShortfall = a.MedianShortfall.String(), a.WorstShortfall.String()
	}
	if a.Timed > 0 {
		s, p90 := int64(a.MedianTime.Seconds()), int64(a.P90Time.Seconds())
		j.MedianSeconds, j.P90Seconds = &s, &p90
	}
	return j
}

// venueSupport is a venue's support contact, as GET /v1/venues shows it,
// for the support packet of its swaps' pages.
func (d *deps) venueSupport(id string) swapscout.SupportContact {
	for _, v := range d.Venues() {
		if v.ID == id {
			return v.Support
		}
	}
	return swapscout.SupportContact{}
}
