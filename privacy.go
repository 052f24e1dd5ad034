package swapscout

import (
	"fmt"
	"strconv"
)

// LogRating is a venue's log-policy rating, on the scale privacy-minded
// aggregators use: A keeps nothing about a swap beyond what completing it
// needs, B keeps records for a stated purpose or a stated time, C keeps
// them without a stated limit, shares them, asks for the user's IP, or
// publishes no policy at all (the conservative reading of silence).
type LogRating byte

func (r LogRating) String() string { return letterString(byte(r), 'C') }

// ParseLogRating parses "a".."c" (either case).
func ParseLogRating(s string) (LogRating, error) {
	return parseRating[LogRating](s, 'C', "log policy rating must be one of A, B, C")
}

// TorAccess says whether a venue serves requests that arrive over Tor.
type TorAccess string

const (
	TorUnknown TorAccess = "unknown" // nothing published either way
	TorAllowed TorAccess = "allowed" // the venue runs an onion address or says Tor is welcome
	TorRefused TorAccess = "refused" // the venue, or an aggregator that routes to it, says Tor traffic is refused
)

// Source is one piece of evidence behind a rating: where it was read, the
// venue's (or a named third party's) words exactly as published, and the
// date it was checked. Quote is empty when the page says nothing usable;
// Note then says what was looked for ("no published policy found").
type Source struct {
	URL     string
	Quote   string
	Note    string
	Checked string // YYYY-MM-DD
}

// Ratings is a venue's privacy and risk ratings with the evidence behind
// each, kept as data beside its descriptor (venue/<id>/ratings.json).
type Ratings struct {
	KYC        KYCRating
	KYCSources []Source
	Log        LogRating
	LogSources []Source
	// Holds is the venue's own words on when it holds a user's funds (for
	// verification, a risk score, a partner's request); a Source with no
	// Quote when it publishes none.
	Holds Source
	// Tor is whether the venue serves Tor traffic, with its sources.
	Tor        TorAccess
	TorSources []Source
	// PreCheck: the venue documents an AML pre-check of an address
	// before an order (see AddressChecker), described by PreCheckSources.
	PreCheck        bool
	PreCheckSources []Source
}

// Validate checks that r carries both ratings, each with at least one
// dated source, and a Tor stance.
func (r *Ratings) Validate() error {
	switch {
	case r.KYC < 'A' || r.KYC > 'D':
		return fmt.Errorf("KYC rating must be A-D")
	case r.Log < 'A' || r.Log > 'C':
		return fmt.Errorf("log policy rating must be A-C")
	case len(r.KYCSources) == 0:
		return fmt.Errorf("KYC rating has no source")
	case len(r.LogSources) == 0:
		return fmt.Errorf("log policy rating has no source")
	case r.Holds.Checked == "":
		return fmt.Errorf("no dated record of the venue's words on holding funds")
	case r.Tor != TorUnknown && r.Tor != TorAllowed && r.Tor != TorRefused:
		return fmt.Errorf("tor must be unknown, allowed or refused")
	}
	for _, ss := range [][]Source{r.KYCSources, r.LogSources, r.TorSources} {
		for _, s := range ss {
			if s.Checked == "" || (s.URL == "" && s.Note == "") || (s.Quote == "" && s.Note == "") {
				return fmt.Errorf("every source needs a date, a URL or a note, and a quote or a note")
			}
		}
	}
	return nil
}

// Disagreement says, in words, where what this server saw of a venue's
// swaps contradicts its KYC rating: a venue rated A (never asks) or B
// (rarely) that held swaps here for verification. Empty when nothing
// disagrees.
func (r *Ratings) Disagreement(a VenueAccuracy) string {
	if a.Held == 0 {
		return ""
	}
	switch r.KYC {
	case 'A':
		return "rated A (never asks), yet held " + count(a.Held, "swap") + " here for verification"
	case 'B':
		// "Rarely" stops being true past one swap in ten.
		if a.Held*10 > a.Count {
			return "rated B (rarely asks), yet held " + count(a.Held, "swap") + " here for verification, against " +
				count(a.Count, "finished swap")
		}
	}
	return ""
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
