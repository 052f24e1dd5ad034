package cextest

import (
	"errors"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// Check inspects a Case's answer and the requests made after the market
// list was loaded.
type Check = func(t *testing.T, o swapscout.Offer, err error, reqs []venuetest.Recorded)

// Asks checks the book calls of a quote with CheckBooks: one for each
// symbol, format naming the call's path and query with %s for the symbol
// ("/api/v3/depth?symbol=%s&limit=100"); none at all without symbols.
func Asks(format string, symbols ...string) Check {
	return func(t *testing.T, _ swapscout.Offer, _ error, reqs []venuetest.Recorded) {
		t.Helper()
		var got, want []string
		for _, r := range reqs {
			got = append(got, r.Path+"?"+r.RawQuery)
		}
		for _, s := range symbols {
			want = append(want, fmt.Sprintf(format, s))
		}
		CheckBooks(t, got, want)
	}
}

// Limit checks a refusal's Min and Max (an empty one is not checked).
func Limit(min, max string) Check {
	return func(t *testing.T, _ swapscout.Offer, err error, _ []venuetest.Recorded) {
		t.Helper()
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || min != "" && ve.Min.String() != min || max != "" && ve.Max.String() != max {
			t.Errorf("error %v, want min %q max %q", err, min, max)
		}
	}
}

// RetryAfter checks a rate-limited answer's RetryAfter.
func RetryAfter(d time.Duration) Check {
	return func(t *testing.T, _ swapscout.Offer, err error, _ []venuetest.Recorded) {
		t.Helper()
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || ve.RetryAfter != d {
			t.Errorf("error %v, want RetryAfter %s", err, d)
		}
	}
}

// CheckSpec fails unless spec passes Validate: its symbols name assets of
// the catalogue, no two assets share a code, every asset has a withdrawal
// fee, and the rest is complete.
func CheckSpec(t *testing.T, spec *cex.Spec) {
	t.Helper()
	if err := spec.Validate(); err != nil {
		t.Fatal(err)
	}
}

// FuzzErrorBody fuzzes a venue's ErrorBody with its fixtures and arbitrary
// statuses and bodies: nil or a typed error, never a panic.
func FuzzErrorBody(f *testing.F, errorBody func(status int, body []byte) error) {
	Seeds(f)
	f.Fuzz(func(t *testing.T, status int, body []byte) { Typed(t, errorBody(status, body)) })
}

// BookAllocs reads the book fixture (under testdata/) with spec.ReadBook
// into a reused book, fails unless that allocates nothing, and returns the
// book for closer checks.
func BookAllocs(t *testing.T, spec *cex.Spec, fixture string) book.Book {
	t.Helper()
	body, err := os.ReadFile("testdata/" + fixture)
	if err != nil {
		t.Fatal(err)
	}
	var s book.Scanner
	var b book.Book
	if n := testing.AllocsPerRun(100, func() {
		if err := spec.ReadBook(&s, 200, body, &b); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("reading %s allocates %.0f times per call", fixture, n)
	}
	return b
}
