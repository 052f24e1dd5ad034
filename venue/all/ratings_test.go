package all_test

import (
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/all"
)

// TestEveryVenueRated holds every venue to its ratings.json: a KYC rating
// (A–D) and a log-policy rating (A–C), each with at least one dated source,
// a dated record of the venue's words on holding funds, a Tor stance, and a
// KYC rating the descriptor (which the quote filter reads) agrees with.
func TestEveryVenueRated(t *testing.T) {
	for _, d := range all.Descriptors {
		r, err := venue.Ratings(d.ID)
		if err != nil {
			t.Errorf("%s: %v", d.ID, err)
			continue
		}
		if r.KYC != d.KYC {
			t.Errorf("%s: ratings.json says KYC %s, the descriptor %s", d.ID, r.KYC, d.KYC)
		}
		if got := d.Info(false).Ratings; got.Log != r.Log || got.KYC != r.KYC {
			t.Errorf("%s: Info carries ratings %s/%s, want %s/%s", d.ID, got.KYC, got.Log, r.KYC, r.Log)
		}
		// A source with no quote must say what was looked for, so a
		// missing policy reads as missing, never as a claim.
		for _, s := range append(append([]swapscout.Source{r.Holds}, r.KYCSources...), r.LogSources...) {
			if s.Quote == "" && s.Note == "" {
				t.Errorf("%s: a source with neither quote nor note: %+v", d.ID, s)
			}
			if s.Quote != "" && s.URL == "" {
				t.Errorf("%s: a quote with no URL: %q", d.ID, s.Quote)
			}
			if s.Checked != "" && (len(s.Checked) != 10 || s.Checked[4] != '-') {
				t.Errorf("%s: checked %q, want YYYY-MM-DD", d.ID, s.Checked)
			}
		}
		if r.PreCheck && !strings.Contains(r.PreCheckSources[0].Note+r.PreCheckSources[0].Quote, "address") {
			t.Errorf("%s: a pre-check whose evidence does not describe an address check", d.ID)
		}
	}
}

// TestRatingsOnlyBesideDescriptors: no ratings.json names a venue that is
// not listed (a renamed venue would keep stale evidence).
func TestRatingsOnlyBesideDescriptors(t *testing.T) {
	for _, id := range []string{"book", "cex", "thornode", "venuetest"} {
		if _, err := venue.Ratings(id); err == nil {
			t.Errorf("venue/%s has a ratings.json but is not a venue", id)
		}
	}
}
