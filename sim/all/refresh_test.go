package all_test

import (
	"context"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/catalogue"
	"github.com/swapscout/swapscout/sim"
	simall "github.com/swapscout/swapscout/sim/all"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestDemoRefresh runs the demo's first live refresh: one round of
// catalogue.Refresher.Run over every simulator, with every venue's key and
// secret set as the demo sets them. Every list the refresh reads is
// accepted and fully mapped (the simulators serve each venue's format),
// it adds no asset, and it retires exactly the assets no simulated venue
// quotes that only refreshed venues listed: KuCoin's BTC and ETH on KCC
// and 1-Click's wNEAR (notQuotable says why). CACAO stays: Maya's pool
// list is not read live. docs/assets.md says the same.
func TestDemoRefresh(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 1, Latency: time.Millisecond, Secrets: secrets()}, simall.Venues())
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	hc := venuetest.Client(t)
	before := swapscout.Catalogue()
	_, sources := swapscout.CatalogueInfo()
	r := catalogue.NewRefresher(catalogue.ListsFromCatalogue(before, sources), func() string { return "2026-11-29" })
	var (
		mu   sync.Mutex
		last swapscout.CatalogueSnapshot
		read = map[string]bool{}
	)
	r.Publish = func(snap swapscout.CatalogueSnapshot) ([]string, []string) { last = snap; return nil, nil }
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	r.Run(ctx, catalogue.Live{
		Fetch: func(ctx context.Context, id, path string) ([]byte, error) {
			cfg := venue.Config{BaseURL: s.VenueURL(id), HTTP: hc, Now: time.Now}
			var body []byte
			err := venue.Fetch(ctx, &cfg, venue.Request{URL: cfg.BaseURL + path, MaxBody: 8 << 20}, func(status int, b []byte) error {
				if status != 200 {
					return venue.StatusError(status)
				}
				body = append([]byte(nil), b...)
				return nil
			})
			return body, err
		},
		Config: func(id string) *venue.Config {
			return &venue.Config{BaseURL: s.VenueURL(id), HTTP: hc, APIKey: "sim-key", APISecret: "test-secret", Now: time.Now}
		},
		Report: func(id string, ch catalogue.Change, err error) {
			mu.Lock()
			defer mu.Unlock()
			read[id] = true
			if err != nil || len(ch.Unmapped) > 0 {
				t.Errorf("%s: refresh err %v, %d unmapped (%v)", id, err, len(ch.Unmapped), ch.Unmapped)
			}
		},
		After: func(time.Duration) <-chan time.Time { cancel(); return make(chan time.Time) },
	})
	for id := range catalogue.LivePaths {
		if !read[id] {
			t.Errorf("%s's list was not read", id)
		}
	}
	for id := range catalogue.LiveReaders {
		if !read[id] {
			t.Errorf("%s's list was not read, though its keys are set", id)
		}
	}

	after := map[string]bool{}
	for _, a := range last.Assets {
		after[a.ID] = true
	}
	had := map[string]bool{}
	var retired []string
	for _, e := range before {
		had[e.ID] = true
		if !after[e.ID] {
			retired = append(retired, e.Asset.String())
		}
	}
	var added []string
	for _, a := range last.Assets {
		if !had[a.ID] {
			added = append(added, a.Ticker+"@"+a.Network)
		}
	}
	// The notQuotable assets listed only by venues whose lists are read.
	var want []string
	for _, e := range before {
		if _, ok := notQuotable[e.Asset]; !ok {
			continue
		}
		live := true
		for _, l := range e.Listings {
			live = live && read[l.Venue]
		}
		if live {
			want = append(want, e.Asset.String())
		}
	}
	sort.Strings(retired)
	sort.Strings(want)
	if diff := cmp.Diff(want, retired); diff != "" || len(want) != 3 {
		t.Errorf("assets the demo's first refresh retires (-unquotable, listed only by refreshed venues +retired):\n%s", diff)
	}
	if len(added) > 0 {
		t.Errorf("the demo's first refresh adds assets the snapshot lacks: %v", added)
	}
}
