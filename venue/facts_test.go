package venue_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// TestFactsRead: venue.json fills the descriptor's facts, durations written
// as Go writes them, the KYC rating taken from ratings.json.
func TestFactsRead(t *testing.T) {
	var d venue.Descriptor
	err := venue.ApplyFacts(&d, []byte(`{"name":"X","base_url":"https://api.x.invalid","website":"https://x.invalid",
		"timeout":"4s","evidence":"recorded","custody":"non_custodial",
		"support":{"email":"help@x.invalid","source":"its docs"},
		"rate_hold":{"for":"20m","up_to":"1h30m","from":"creation","source":"[DOC] FAQ"},
		"rate_limit":{"rate":2.5,"burst":5,"backoff":"5s","per_key":true,"stated":3,"stated_burst":6,"source":"[DOC] limits","documented":true}}`))
	if err != nil {
		t.Fatal(err)
	}
	want := venue.Descriptor{Name: "X", BaseURL: "https://api.x.invalid", Website: "https://x.invalid",
		Timeout: 4 * time.Second, Evidence: swapscout.Recorded, Custody: swapscout.NonCustodial,
		Support: swapscout.SupportContact{Email: "help@x.invalid", Source: "its docs"},
		Hold:    swapscout.RateHold{For: 20 * time.Minute, UpTo: 90 * time.Minute, From: swapscout.HoldFromCreation, Source: "[DOC] FAQ"},
		Limit: venue.Limit{Rate: 2.5, Burst: 5, Backoff: 5 * time.Second, PerKey: true, Stated: 3, StatedBurst: 6,
			Source: "[DOC] limits", Documented: true}}
	if diff := cmp.Diff(want, d, cmp.AllowUnexported(venue.Descriptor{})); diff != "" {
		t.Errorf("facts (-want +got):\n%s", diff)
	}
	if c := venue.Facts(venue.Descriptor{ID: "changenow"}); c.KYC != 'C' || c.Name != "ChangeNOW" || c.Validate() == nil {
		// Validate fails only for want of a Kind and New, which stay in code.
		t.Errorf("Facts(changenow) = %s KYC %c (validate %v), want ChangeNOW C", c.Name, c.KYC, c.Validate())
	}
}

// TestFactsRefused: a key venue.json does not define, a duration or an
// evidence tag that does not read, and a venue without a venue.json are
// errors, the last reported by Validate so the registry refuses it at start.
func TestFactsRefused(t *testing.T) {
	for name, b := range map[string]string{
		"unknown key":    `{"name":"X","websites":"https://x.invalid","evidence":"recorded","timeout":"4s"}`,
		"bad duration":   `{"name":"X","evidence":"recorded","timeout":"4 seconds"}`,
		"bad evidence":   `{"name":"X","evidence":"hearsay","timeout":"4s"}`,
		"nested unknown": `{"name":"X","evidence":"recorded","timeout":"4s","rate_limit":{"rate":1,"burst":1,"souce":"x"}}`,
		"unread section": `{"name":"X","evidence":"recorded","timeout":"4s","order_book":{"depths":[100]}}`,
	} {
		var d venue.Descriptor
		if err := venue.ApplyFacts(&d, []byte(b)); err == nil {
			t.Errorf("%s: venue.json read, want an error", name)
		}
	}
	// A kit without its section, or whose section does not read, fails the
	// venue the same way.
	none := func(json.RawMessage) error { return nil }
	if d := venue.FactsWith(venue.Descriptor{ID: "changenow"}, none); d.Validate() == nil ||
		!strings.Contains(d.Validate().Error(), "no order_book") {
		t.Errorf("FactsWith(changenow, a kit) validates as %v, want no order_book section", d.Validate())
	}
	refuse := func(json.RawMessage) error { return errors.New("depths unread") }
	if d := venue.FactsWith(venue.Descriptor{ID: "binance"}, refuse); d.Validate() == nil ||
		!strings.Contains(d.Validate().Error(), "depths unread") {
		t.Errorf("FactsWith(binance, a refusing kit) validates as %v, want the kit's error", d.Validate())
	}
	d := venue.Facts(venue.Descriptor{ID: "nosuchvenue"})
	if err := d.Validate(); err == nil || !strings.Contains(err.Error(), "venue.json") {
		t.Errorf("Validate of a venue without venue.json = %v, want its error", err)
	}
}
