package godex_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/godex"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// refusal is an error body the adapter must classify by what it says: the
// failure code, the venue's own words in the message, and the limits when the
// venue (or its range) gave them ("" for none).
type refusal struct {
	name     string
	req      swapscout.QuoteRequest
	routes   []venuetest.Route
	code     swapscout.FailureCode
	words    string
	min, max string
}

func runRefusals(t *testing.T, cases []refusal) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rp := venuetest.NewReplay(t, "testdata", c.routes)
			_, err := venuetest.New(t, &godex.Descriptor, rp.URL).Quote(context.Background(), c.req)
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) {
				t.Fatalf("err %v, want a %s refusal", err, c.code)
			}
			if ve.Code != c.code || !strings.Contains(ve.Msg, c.words) {
				t.Errorf("err %q (%s), want %s saying %q", ve.Msg, ve.Code, c.code, c.words)
			}
			if got, want := ve.Min.String(), or0(c.min); got != want {
				t.Errorf("Min %s, want %s", got, want)
			}
			if got, want := ve.Max.String(), or0(c.max); got != want {
				t.Errorf("Max %s, want %s", got, want)
			}
		})
	}
}

func or0(s string) string {
	if s == "" {
		return "0"
	}
	return s
}
