package httpapi_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
)

var ratedVenue = swapscout.VenueInfo{ID: "exolix", Name: "Exolix", Kind: swapscout.InstantSwap, KYC: 'A', CanSwap: true,
	Ratings: swapscout.Ratings{KYC: 'A', Log: 'C',
		KYCSources: []swapscout.Source{{URL: "https://example.com/aml", Quote: "put on hold", Checked: "2026-11-28"}},
		LogSources: []swapscout.Source{{Note: "no published policy found (checked 2026-11-28)", Checked: "2026-11-28"}},
		Holds:      swapscout.Source{URL: "https://example.com/aml", Quote: "the transaction will be put on hold", Checked: "2026-11-28"},
		Tor:        swapscout.TorRefused}}

// TestVenuesCarryRatings: GET /v1/venues gives each venue's log-policy
// rating beside its KYC rating, the evidence behind both, and says so when
// this server's own swaps there contradict the KYC rating.
func TestVenuesCarryRatings(t *testing.T) {
	h := httpapi.NewHandler(httpapi.Deps{Store: inmem.New(inmem.Options{}), Quotes: &fakeQuotes{},
		Venues: func() []swapscout.VenueInfo { return []swapscout.VenueInfo{ratedVenue} },
		Accuracy: func(context.Context) (map[string]swapscout.VenueAccuracy, error) {
			return map[string]swapscout.VenueAccuracy{"exolix": {Venue: "exolix", Count: 3, Held: 2}}, nil
		}})
	resp := get(h, "/v1/venues")
	if resp.Status != 200 {
		t.Fatalf("status %d: %s", resp.Status, resp.Body)
	}
	vs, err := api.DecodeVenues(resp.Body)
	if err != nil || len(vs) != 1 {
		t.Fatalf("venues %v, %v", vs, err)
	}
	v := vs[0]
	if v.LogPolicy != "C" || v.Ratings == nil {
		t.Fatalf("log_policy %q, ratings %v", v.LogPolicy, v.Ratings)
	}
	want := &api.Ratings{
		KYC:          api.Rating{Rating: "A", Sources: []api.Source{{URL: "https://example.com/aml", Quote: "put on hold", Checked: "2026-11-28"}}},
		LogPolicy:    api.Rating{Rating: "C", Sources: []api.Source{{Note: "no published policy found (checked 2026-11-28)", Checked: "2026-11-28"}}},
		HoldsFunds:   api.Source{URL: "https://example.com/aml", Quote: "the transaction will be put on hold", Checked: "2026-11-28"},
		Tor:          "refused",
		Disagreement: "rated A (never asks), yet held 2 swaps here for verification",
	}
	if diff := cmp.Diff(want, v.Ratings); diff != "" {
		t.Errorf("ratings (-want +got):\n%s", diff)
	}
}

// TestVenuesPageShowsEvidence: the venues page shows both ratings, the
// evidence with its date, and a venue that refuses Tor.
func TestVenuesPageShowsEvidence(t *testing.T) {
	h := pageHandler(t, twoOffers, []swapscout.VenueInfo{ratedVenue})
	resp := get(h, "/venues")
	body := string(resp.Body)
	for _, want := range []string{`class="logpolicy log-C"`, "“put on hold”", "checked 2026-11-28", "no published policy found", "refuses Tor"} {
		if !strings.Contains(body, want) {
			t.Errorf("venues page lacks %q", want)
		}
	}
}

// TestPrivacyPage: the privacy page states the retention, what is never
// done, which venues refuse Tor and offer a pre-check; with an onion
// address configured, every page names its onion twin.
func TestPrivacyPage(t *testing.T) {
	pre := ratedVenue
	pre.ID, pre.Name, pre.Ratings.PreCheck, pre.Ratings.Tor = "quickex", "Quickex", true, swapscout.TorUnknown
	h := httpapi.NewHandler(httpapi.Deps{Store: inmem.New(inmem.Options{}), Quotes: &fakeQuotes{},
		Venues: func() []swapscout.VenueInfo { return []swapscout.VenueInfo{ratedVenue, pre} },
		Swaps:  &fakeSwaps{}, Retention: 14 * 24 * time.Hour, OnionURL: "http://example2345example2345example2345example2345exampleab.onion"})
	resp := get(h, "/privacy")
	body := string(resp.Body)
	if resp.Status != 200 || !strings.HasPrefix(resp.ContentType, "text/html") {
		t.Fatalf("/privacy: %d %s", resp.Status, resp.ContentType)
	}
	for _, want := range []string{"14 days", "never forwards your IP address", "never writes a request", "refuse Tor traffic: Exolix",
		"offered by Quickex", "example2345example2345example2345example2345exampleab.onion"} {
		if !strings.Contains(body, want) {
			t.Errorf("privacy page lacks %q", want)
		}
	}
	if got := header(get(h, "/venues?x=1"), "Onion-Location"); got != "http://example2345example2345example2345example2345exampleab.onion/venues?x=1" {
		t.Errorf("Onion-Location = %q", got)
	}
	if got := header(get(h, "/v1/venues"), "Onion-Location"); got != "" {
		t.Errorf("an API answer carries Onion-Location %q", got)
	}
	plain := httpapi.NewHandler(httpapi.Deps{Store: inmem.New(inmem.Options{}), Quotes: &fakeQuotes{}, Swaps: &fakeSwaps{}})
	if got := header(get(plain, "/privacy"), "Onion-Location"); got != "" {
		t.Errorf("Onion-Location %q with no onion address configured", got)
	}
	if body := string(get(plain, "/privacy").Body); !strings.Contains(body, "keeps every swap whole") {
		t.Error("with no retention the page does not say swaps are kept whole")
	}
}

// TestQuoteResultsShowLogPolicy: an offer's log-policy rating stands beside
// its KYC rating, in the API's quote and on the results page (and in the
// page's row template the stream fills); an offer without one shows none.
func TestQuoteResultsShowLogPolicy(t *testing.T) {
	rated := func(_ context.Context, req swapscout.QuoteRequest, _ aggregate.Selection) (*swapscout.Quote, error) {
		return &swapscout.Quote{Request: req, CreatedAt: now, Offers: []swapscout.Offer{
			{Venue: "exolix", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2.03"), Rate: swapscout.MustAmount("20.3"), KYC: 'A', LogPolicy: 'C',
				Custody: swapscout.Custodial, Deposit: swapscout.DepositTransfer, CanSwap: true},
			{Venue: "binance", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2.01"), Rate: swapscout.MustAmount("20.1"), KYC: 'D',
				Custody: swapscout.Custodial, Deposit: swapscout.DepositTransfer},
		}}, nil
	}
	h := pageHandler(t, rated, []swapscout.VenueInfo{ratedVenue, pageVenues[1]})
	body := string(get(h, "/quote?from=btc&to=eth&amount=0.1").Body)
	if want := `<td class="kyc kyc-A">A <small class="logpolicy log-C" title="log-policy rating">logs&nbsp;C</small></td>`; !strings.Contains(body, want) {
		t.Errorf("results page lacks %s", want)
	}
	if want := `<td class="kyc kyc-D">D</td>`; !strings.Contains(body, want) {
		t.Errorf("results page lacks %s (an offer without a log-policy rating)", want)
	}
	if !strings.Contains(body, `<td class="kyc"><span class="k"></span> <small class="logpolicy"`) {
		t.Error("the streamed rows' template has no place for the log-policy rating")
	}
	resp := get(h, "/v1/quotes?from=btc&to=eth&amount=0.1")
	q, err := api.DecodeQuote(append(append([]byte(nil), resp.Head...), resp.Body...))
	if err != nil {
		t.Fatalf("/v1/quotes: %v\n%s", err, resp.Body)
	}
	if len(q.Offers) != 2 || q.Offers[0].KYC != 'A' || q.Offers[0].LogPolicy != 'C' || q.Offers[1].LogPolicy != 0 {
		t.Errorf("/v1/quotes offers = %+v, want log_policy C beside kyc A, then none", q.Offers)
	}
}
