package swapscout_test

import (
	"testing"

	"github.com/swapscout/swapscout"
)

func TestParseLogRating(t *testing.T) {
	for in, want := range map[string]swapscout.LogRating{"a": 'A', "B": 'B', "c": 'C'} {
		if got, err := swapscout.ParseLogRating(in); err != nil || got != want {
			t.Errorf("ParseLogRating(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"", "D", "AA", "0"} {
		if _, err := swapscout.ParseLogRating(in); swapscout.ErrorCode(err) != swapscout.EINVALID {
			t.Errorf("ParseLogRating(%q) error %v, want invalid", in, err)
		}
	}
	if got := swapscout.LogRating(0).String(); got != "?" {
		t.Errorf("unrated String() = %q", got)
	}
}

func TestRatingsValidate(t *testing.T) {
	src := []swapscout.Source{{URL: "https://example.com", Quote: "q", Checked: "2026-11-28"}}
	ok := swapscout.Ratings{KYC: 'B', Log: 'C', KYCSources: src, LogSources: src, Holds: src[0], Tor: swapscout.TorUnknown}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	for name, mut := range map[string]func(*swapscout.Ratings){
		"no kyc":           func(r *swapscout.Ratings) { r.KYC = 0 },
		"log D":            func(r *swapscout.Ratings) { r.Log = 'D' },
		"no kyc source":    func(r *swapscout.Ratings) { r.KYCSources = nil },
		"no log source":    func(r *swapscout.Ratings) { r.LogSources = nil },
		"undated holds":    func(r *swapscout.Ratings) { r.Holds.Checked = "" },
		"tor maybe":        func(r *swapscout.Ratings) { r.Tor = "maybe" },
		"quote, no url":    func(r *swapscout.Ratings) { r.LogSources = []swapscout.Source{{Checked: "2026-11-28"}} },
		"undated evidence": func(r *swapscout.Ratings) { r.KYCSources = []swapscout.Source{{URL: "u", Quote: "q"}} },
	} {
		r := ok
		mut(&r)
		if r.Validate() == nil {
			t.Errorf("%s: Validate() = nil, want an error", name)
		}
	}
}

// TestDisagreement: held swaps contradict an A rating at once, a B rating
// past one swap in ten, and never a C or D rating (which say it may hold).
func TestDisagreement(t *testing.T) {
	for _, tc := range []struct {
		kyc  swapscout.KYCRating
		acc  swapscout.VenueAccuracy
		want string
	}{
		{'A', swapscout.VenueAccuracy{Count: 50}, ""},
		{'A', swapscout.VenueAccuracy{Count: 50, Held: 1}, "rated A (never asks), yet held 1 swap here for verification"},
		{'B', swapscout.VenueAccuracy{Count: 50, Held: 2}, ""},
		{'B', swapscout.VenueAccuracy{Count: 10, Held: 2}, "rated B (rarely asks), yet held 2 swaps here for verification, against 10 finished swaps"},
		{'C', swapscout.VenueAccuracy{Count: 1, Held: 9}, ""},
	} {
		r := swapscout.Ratings{KYC: tc.kyc}
		if got := r.Disagreement(tc.acc); got != tc.want {
			t.Errorf("%c %+v: %q, want %q", tc.kyc, tc.acc, got, tc.want)
		}
	}
}
