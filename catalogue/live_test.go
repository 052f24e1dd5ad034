package catalogue

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simstealthex "github.com/swapscout/swapscout/sim/stealthex"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/sideshift"
	"github.com/swapscout/swapscout/venue/stealthex"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// sideshiftWith returns SideShift's recorded coin list with one token
// more on Ethereum, as SideShift lists a coin it starts to swap.
func sideshiftWith(t *testing.T, coin, contract string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/sideshift_coins.json")
	if err != nil {
		t.Fatal(err)
	}
	var coins []map[string]any
	if err := json.Unmarshal(b, &coins); err != nil {
		t.Fatal(err)
	}
	coins = append(coins, map[string]any{"coin": coin, "name": "A token listed today", "networks": []any{"ethereum"},
		"tokenDetails": map[string]any{"ethereum": map[string]any{"contractAddress": contract, "decimals": 6}}})
	out, _ := json.Marshal(coins)
	return out
}

// serverRefresher is a Refresher as a server starts one: from the
// embedded snapshot, not the recordings. The shared catalogue is put back
// as the recordings make it when the test ends.
func serverRefresher(t *testing.T) *Refresher {
	t.Helper()
	lists, err := Load(os.DirFS("testdata"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { swapscout.ReplaceListings(Snapshot(lists, "2026-11-28")) })
	date, sources := swapscout.CatalogueInfo()
	return NewRefresher(ListsFromCatalogue(swapscout.Catalogue(), sources), func() string { return date })
}

// TestRefreshedAssetQuotes runs the live refresh against a SideShift whose
// list gained a token: once the refresh has run, the token resolves and
// the SideShift adapter quotes it with the code SideShift's list gave it,
// without a restart; when the list drops it again, it stops resolving.
// It touches the shared catalogue: not parallel.
func TestRefreshedAssetQuotes(t *testing.T) {
	r := serverRefresher(t)

	var paths []string
	var mu sync.Mutex
	pair, err := os.ReadFile("../venue/sideshift/testdata/pair.json")
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		paths = append(paths, r.URL.Path)
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(pair)
	}))
	t.Cleanup(srv.Close)
	q := sideshift.New(venue.Config{BaseURL: srv.URL, HTTP: venuetest.Client(t)})

	zz := swapscout.Asset{Ticker: "zzlive", Network: "eth"}
	req := swapscout.QuoteRequest{From: zz, To: swapscout.Asset{Ticker: "btc", Network: "btc"}, Amount: swapscout.MustAmount("0.1")}
	if _, err := swapscout.ResolveAsset("zzlive", "eth"); err == nil {
		t.Fatal("zzlive@eth resolves before any list names it")
	}
	if _, err := q.Quote(context.Background(), req); !errors.Is(err, swapscout.ErrUnsupportedPair) {
		t.Fatalf("Quote before the refresh = %v, want unsupported", err)
	}

	lists2 := map[string][]byte{"sideshift": sideshiftWith(t, "ZZLIVE", "0x2222222222222222222222222222222222222222")}
	tick := make(chan time.Time)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	reports := make(chan Change, 8)
	go func() {
		defer close(done)
		r.Run(ctx, Live{
			Fetch: func(_ context.Context, id, path string) ([]byte, error) {
				if b, ok := lists2[id]; ok && path == LivePaths[id] {
					return b, nil
				}
				return nil, swapscout.NewVenueError(swapscout.CodeUnavailable, "not served here")
			},
			Report: func(id string, ch Change, err error) {
				if err == nil {
					reports <- ch
				}
			},
			After: func(time.Duration) <-chan time.Time { return tick },
		})
	}()
	defer func() { cancel(); <-done }()
	if ch := <-reports; ch.Venue != "sideshift" || len(ch.Added) != 1 {
		t.Fatalf("first refresh = %+v, want SideShift adding one asset", ch)
	}

	info, err := swapscout.ResolveAsset("zzlive", "eth")
	if err != nil || info.Asset != zz || info.Decimals != 6 {
		t.Fatalf("ResolveAsset(zzlive, eth) after the refresh = %+v, %v", info, err)
	}
	if got, err := swapscout.ResolveAssetBytes([]byte("ZZLIVE"), []byte("eth")); err != nil || got.Asset != zz {
		t.Errorf("ResolveAssetBytes after the refresh = %+v, %v", got, err)
	}
	o, err := q.Quote(context.Background(), req)
	if err != nil || o.AmountOut.Sign() <= 0 {
		t.Fatalf("Quote(zzlive→btc) after the refresh = %+v, %v", o, err)
	}
	mu.Lock()
	got := paths[len(paths)-1]
	mu.Unlock()
	if want := "/api/v2/pair/zzlive-ethereum/btc-bitcoin"; got != want {
		t.Errorf("SideShift was asked %s, want %s (the code its list gave)", got, want)
	}

	// The next round finds it gone: it stops being offered.
	b, _ := os.ReadFile("testdata/sideshift_coins.json")
	lists2["sideshift"] = b
	tick <- time.Time{}
	if ch := <-reports; len(ch.Retired) != 1 {
		t.Fatalf("second refresh = %+v, want the token retired", ch)
	}
	if _, err := swapscout.ResolveAsset("zzlive", "eth"); err == nil {
		t.Error("zzlive@eth still resolves after SideShift dropped it")
	}
}

// TestListsFromCatalogue: the lists rebuilt from the embedded snapshot
// merge back into the snapshot's assets, so a server's first refresh
// changes only what the venue changed.
func TestListsFromCatalogue(t *testing.T) {
	_, sources := swapscout.CatalogueInfo()
	lists := ListsFromCatalogue(swapscout.Catalogue(), sources)
	recorded, err := Load(os.DirFS("testdata"))
	if err != nil {
		t.Fatal(err)
	}
	got, want := Merge(lists), Merge(recorded)
	if len(got) != len(want) {
		t.Fatalf("rebuilt lists merge into %d assets, the recordings into %d", len(got), len(want))
	}
	ids := map[string]int{}
	for _, a := range want {
		ids[a.ID] = len(a.Listings)
	}
	for _, a := range got {
		if n, ok := ids[a.ID]; !ok || n != len(a.Listings) {
			t.Errorf("%s: %d listings rebuilt, %d recorded (%v)", a.ID, len(a.Listings), n, ok)
		}
	}
}

// TestStealthEXRefreshOverSimulator runs the live refresh against
// StealthEX's simulator: its currency list is read page by page with the
// venue's key (the simulator answers 401 without one) and merged, so the
// assets StealthEX lists name it as a venue afterwards. Without a key the
// venue is not asked at all. It touches the shared catalogue: not
// parallel.
func TestStealthEXRefreshOverSimulator(t *testing.T) {
	r := serverRefresher(t)
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "stealthex", simstealthex.Sim())
	hc := venuetest.Client(t)

	lists2 := map[string]bool{}
	run := func(key string) (reports map[string]error, changes map[string]Change) {
		reports, changes = map[string]error{}, map[string]Change{}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var mu sync.Mutex
		r.Run(ctx, Live{
			Fetch: func(_ context.Context, id, path string) ([]byte, error) {
				lists2[id] = true
				return nil, swapscout.NewVenueError(swapscout.CodeUnavailable, "not served here")
			},
			Config: func(id string) *venue.Config {
				if id != "stealthex" || key == "" {
					return nil
				}
				return &venue.Config{BaseURL: s.VenueURL("stealthex"), HTTP: hc, APIKey: key, Now: time.Now}
			},
			Report: func(id string, ch Change, err error) {
				mu.Lock()
				defer mu.Unlock()
				reports[id], changes[id] = err, ch
			},
			// One round: stop before the next.
			After: func(time.Duration) <-chan time.Time { cancel(); return make(chan time.Time) },
		})
		return reports, changes
	}

	if reports, _ := run(""); func() bool { _, ok := reports["stealthex"]; return ok }() {
		t.Fatalf("without a key StealthEX was read: %v", reports["stealthex"])
	}
	usdt := swapscout.AssetID("usdt", "eth")
	listedBy := func(id, venueID string) bool {
		for _, e := range swapscout.Catalogue() {
			if swapscout.AssetID(e.Asset.Ticker, e.Asset.Network) != id {
				continue
			}
			for _, l := range e.Listings {
				if l.Venue == venueID {
					return true
				}
			}
		}
		return false
	}
	if listedBy(usdt, "stealthex") {
		t.Fatal("USDT on Ethereum is listed by StealthEX before any refresh from it")
	}

	reports, changes := run("sim-key")
	if err, ok := reports["stealthex"]; !ok || err != nil {
		t.Fatalf("StealthEX refresh: reported %v, err %v", ok, err)
	}
	ch := changes["stealthex"]
	if want := len(stealthex.Symbols.Assets()); ch.Listed < want || ch.Mapped < want || len(ch.Unmapped) != 0 {
		t.Errorf("StealthEX refresh: listed %d, mapped %d, unmapped %v; want every one of the %d it quotes mapped",
			ch.Listed, ch.Mapped, ch.Unmapped, want)
	}
	if !listedBy(usdt, "stealthex") {
		t.Error("USDT on Ethereum is not listed by StealthEX after the refresh")
	}
	if !lists2["sideshift"] {
		t.Error("the other venues' lists were not asked in the same round")
	}
}
