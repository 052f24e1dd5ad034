package httpapi_test

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

// TestSwapCreateVenueAnswers: what a client sees of a create call the
// service could not turn into a payable swap: our own rate limit is 429
// with Retry-After (never venue_refused); a lost answer is 502
// outcome_unknown; the one table gives each code its status.
func TestSwapCreateVenueAnswers(t *testing.T) {
	for _, tc := range []struct {
		name   string
		fail   error
		status int
		code   string
		retry  string
	}{
		{"our rate limit", &swapscout.VenueError{Code: swapscout.CodeRateLimited, Msg: "over our own rate limit for Fast (5 calls/s); next call in 3s",
			RetryAfter: 3 * time.Second, Err: errors.Join(swapscout.ErrNotSent)}, 429, `"rate_limited"`, "3"},
		{"lost answer", swapscout.NewVenueError(swapscout.CodeBadResponse, "malformed answer"), 502, `"outcome_unknown"`, ""},
		{"unreachable", &swapscout.VenueError{Code: swapscout.CodeUnavailable, Msg: "venue unreachable", Err: swapscout.ErrNotSent}, 503, `"unavailable"`, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newSwapFixture(t)
			f.venue.fail = tc.fail
			resp := f.create("k", goodBody(f.quote(t)))
			if resp.Status != tc.status || !bytes.Contains(resp.Body, []byte(tc.code)) {
				t.Fatalf("create: %d %s; want %d %s", resp.Status, resp.Body, tc.status, tc.code)
			}
			got := ""
			for _, h := range resp.Headers {
				if h.Key == "Retry-After" {
					got = h.Value
				}
			}
			if tc.retry != "" && got != tc.retry {
				t.Errorf("Retry-After %q; want %q", got, tc.retry)
			}
		})
	}
}
