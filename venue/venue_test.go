package venue_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

type nopQuoter struct{}

func (nopQuoter) Quote(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) {
	return swapscout.Offer{}, nil
}

func desc(id string) *venue.Descriptor {
	return &venue.Descriptor{ID: id, Name: strings.ToUpper(id), Kind: swapscout.InstantSwap, BaseURL: "https://example.invalid",
		Timeout: time.Second, KYC: 'B', Evidence: swapscout.Documented,
		New: func(venue.Config) (swapscout.Quoter, error) { return nopQuoter{}, nil }}
}

// TestRegistryChecks: the registry refuses what Caddy's module registration
// refuses, as startup errors rather than panics.
func TestRegistryChecks(t *testing.T) {
	noNew := desc("nonew")
	noNew.New = nil
	noTimeout := desc("notimeout")
	noTimeout.Timeout = 0
	badKYC := desc("badkyc")
	badKYC.KYC = 'E'
	for name, ds := range map[string][]*venue.Descriptor{
		"duplicate id": {desc("a"), desc("a")},
		"uppercase id": {desc("A")},
		"empty id":     {desc("")},
		"nil New":      {noNew},
		"zero timeout": {noTimeout},
		"bad KYC":      {badKYC},
	} {
		if _, err := venue.NewRegistry(ds, venue.Options{Getenv: func(string) string { return "" }}); err == nil {
			t.Errorf("%s: NewRegistry accepted it", name)
		}
	}
	if _, err := venue.NewRegistry([]*venue.Descriptor{desc("a"), desc("b")}, venue.Options{Getenv: func(string) string { return "" }}); err != nil {
		t.Errorf("valid descriptors: %v", err)
	}
}

// TestNotConfigured: a venue that needs a key and has none answers
// not_configured without a call; with the key it is built.
func TestNotConfigured(t *testing.T) {
	d := desc("keyed")
	d.NeedsKey = true
	built := false
	d.New = func(c venue.Config) (swapscout.Quoter, error) {
		built = true
		if c.APIKey != "k" {
			t.Errorf("APIKey = %q", c.APIKey)
		}
		return nopQuoter{}, nil
	}
	r, err := venue.NewRegistry([]*venue.Descriptor{d}, venue.Options{Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	v, _ := r.Lookup("keyed")
	_, err = v.Quoter.Quote(context.Background(), swapscout.QuoteRequest{})
	if !errors.Is(err, swapscout.ErrNotConfigured) || built {
		t.Errorf("without a key: err %v, built %v", err, built)
	}
	if !strings.Contains(err.Error(), "SWAPSCOUT_KEYED_API_KEY") {
		t.Errorf("message %q should name the variable to set", err)
	}
	r, err = venue.NewRegistry([]*venue.Descriptor{d}, venue.Options{Getenv: func(k string) string {
		if k == "SWAPSCOUT_KEYED_API_KEY" {
			return "k"
		}
		return ""
	}})
	if err != nil || !built || !r.Infos()[0].Configured {
		t.Errorf("with a key: err %v, built %v", err, built)
	}
}

// flaky is a Refresher whose first refresh fails; it counts the calls.
type flaky struct {
	nopQuoter
	calls    atomic.Int64
	interval time.Duration
}

func (f *flaky) Refresh(ctx context.Context) error {
	if f.calls.Add(1) == 1 {
		return errors.New("market list: status 503")
	}
	return nil
}

func (f *flaky) RefreshInterval() time.Duration { return f.interval }

// TestStartRefreshers: a failed first refresh is reported, the background
// loop goes on refreshing (a failed venue does not stay unavailable) and
// reports the recovery, and wait returns once the context ends, leaving no
// goroutine behind.
func TestStartRefreshers(t *testing.T) {
	defer goleak.VerifyNone(t)
	f := &flaky{interval: 10 * time.Millisecond}
	d := desc("flaky")
	d.New = func(venue.Config) (swapscout.Quoter, error) { return f, nil }
	reg, err := venue.NewRegistry([]*venue.Descriptor{d, desc("plain")}, venue.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	var reports []string
	ready, wait := reg.StartRefreshers(ctx, func(id string, err error) {
		mu.Lock()
		reports = append(reports, fmt.Sprintf("%s: %v", id, err))
		mu.Unlock()
	})
	<-ready
	deadline := time.Now().Add(5 * time.Second)
	for f.calls.Load() < 3 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if n := f.calls.Load(); n < 3 {
		t.Errorf("%d refreshes, want the background loop to keep refreshing", n)
	}
	cancel()
	done := make(chan struct{})
	go func() { wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("wait did not return after the context ended")
	}
	want := []string{"flaky: market list: status 503", "flaky: <nil>"}
	if fmt.Sprint(reports) != fmt.Sprint(want) {
		t.Errorf("reports %q, want %q", reports, want)
	}
}

// hung is a venue whose first refresh hangs until its context ends, and
// whose quotes say "loading" until a refresh succeeds.
type hung struct {
	calls  atomic.Int32
	loaded atomic.Bool
}

func (h *hung) Refresh(ctx context.Context) error {
	if h.calls.Add(1) == 1 {
		<-ctx.Done()
		return ctx.Err()
	}
	h.loaded.Store(true)
	return nil
}

func (h *hung) RefreshInterval() time.Duration { return 10 * time.Millisecond }

func (h *hung) Quote(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) {
	if !h.loaded.Load() {
		return swapscout.Offer{}, venue.ListLoading("Hung")
	}
	return swapscout.Offer{}, nil
}

// TestStartRefreshersDoNotWait: StartRefreshers returns at once while a
// venue's first refresh hangs; the venue answers "market list loading"
// meanwhile; the hung attempt ends at its own timeout and the retry loads
// the list.
func TestStartRefreshersDoNotWait(t *testing.T) {
	defer goleak.VerifyNone(t)
	h := &hung{}
	d := desc("hung")
	// Each attempt: 4x, 1 s: room for the checks below on a loaded machine
	// before the hung attempt ends.
	d.Timeout = 250 * time.Millisecond
	d.New = func(venue.Config) (swapscout.Quoter, error) { return h, nil }
	reg, err := venue.NewRegistry([]*venue.Descriptor{d}, venue.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Had StartRefreshers waited for the first refresh, the list would be
	// loaded (or ready closed) by the time it returns: the checks below
	// see that, not a stopwatch.
	ready, wait := reg.StartRefreshers(ctx, nil)
	defer wait()
	defer cancel()
	v, _ := reg.Lookup("hung")
	_, err = v.Quoter.Quote(ctx, swapscout.QuoteRequest{})
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeUnavailable || !errors.Is(err, venue.ErrListLoading) || ve.Msg != "Hung market list loading" {
		t.Fatalf("quote while loading: %v, want unavailable \"market list loading\"", err)
	}
	select {
	case <-ready:
		t.Fatal("ready before the hung attempt ended")
	default:
	}
	select {
	case <-ready:
	case <-time.After(5 * time.Second):
		t.Fatal("the hung attempt did not end at its timeout")
	}
	deadline := time.Now().Add(5 * time.Second)
	for !h.loaded.Load() && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if _, err := v.Quoter.Quote(ctx, swapscout.QuoteRequest{}); err != nil {
		t.Errorf("quote after the retry: %v, want the list loaded", err)
	}
}

// TestRegistryGuards: every venue gets a guard with its limit; its state is
// readable by id.
func TestRegistryGuards(t *testing.T) {
	limited := desc("binance")
	limited.Limit = venue.Limit{Rate: 2, Burst: 10, Source: "test"}
	reg, err := venue.NewRegistry([]*venue.Descriptor{limited, desc("unknown")}, venue.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if g := reg.Guard("binance"); g == nil || g.Limit().Rate != 2 || g.Limit().Burst != 10 {
		t.Errorf("binance guard %v, want the descriptor's limit", g)
	}
	if g := reg.Guard("unknown"); g == nil || g.Limit().Rate != venue.DefaultLimit.Rate {
		t.Errorf("unknown venue's guard %v, want DefaultLimit", g)
	}
	if got := reg.GuardStates(); got["binance"] != "closed" || len(got) != 2 {
		t.Errorf("GuardStates() = %v", got)
	}
}

// TestConfigFromEnv: keys and the affiliate id come from the venue's
// SWAPSCOUT_<ID>_ variables.
func TestConfigFromEnv(t *testing.T) {
	var got venue.Config
	d := desc("lx")
	d.New = func(c venue.Config) (swapscout.Quoter, error) { got = c; return nopQuoter{}, nil }
	env := map[string]string{"SWAPSCOUT_LX_API_KEY": "k", "SWAPSCOUT_LX_API_SECRET": "s", "SWAPSCOUT_LX_AFFILIATE_ID": "a"}
	if _, err := venue.NewRegistry([]*venue.Descriptor{d}, venue.Options{Getenv: func(k string) string { return env[k] }}); err != nil {
		t.Fatal(err)
	}
	if got.APIKey != "k" || got.APISecret != "s" || got.Affiliate != "a" {
		t.Errorf("config key %q secret %q affiliate %q, want k, s, a", got.APIKey, got.APISecret, got.Affiliate)
	}
}

// scaled is a Refresher whose venue answers its first list with every
// minimum ×10^12 (ETH's least order a billion coins: under the unit bound,
// absurd by value) and sane lists after; it keeps the minimum it accepted.
type scaled struct {
	nopQuoter
	calls atomic.Int64
	min   atomic.Pointer[swapscout.Amount]
}

func (s *scaled) Refresh(context.Context) error {
	min := swapscout.MustAmount("0.001")
	if s.calls.Add(1) == 1 {
		min = swapscout.MustAmount("1000000000")
	}
	lc := venue.ListCheck{What: "Scaled market list"}
	lc.Minimum("ETH", "eth", min)
	if err := lc.Err(1); err != nil {
		return err
	}
	s.min.Store(&min)
	return nil
}

func (s *scaled) RefreshInterval() time.Duration { return 10 * time.Minute }

// TestAbsurdListRetriedSoon: a list refused as absurd at start is asked
// again after the short back-off (2 s), not after the venue's refresh
// interval, so the sane list the venue answers next replaces it at once;
// then the interval applies. The waits are counted, not slept.
func TestAbsurdListRetriedSoon(t *testing.T) {
	s := &scaled{}
	d := desc("scaled")
	d.New = func(venue.Config) (swapscout.Quoter, error) { return s, nil }
	reg, err := venue.NewRegistry([]*venue.Descriptor{d}, venue.Options{})
	if err != nil {
		t.Fatal(err)
	}
	waits := make(chan time.Duration, 4)
	fire := make(chan time.Time)
	close(fire)
	venue.SetAfter(reg, func(d time.Duration) <-chan time.Time {
		waits <- d
		if len(waits) < 2 {
			return fire // at once: the test does not sleep
		}
		return nil // the third refresh never comes
	})
	ctx, cancel := context.WithCancel(context.Background())
	var reports []string
	var mu sync.Mutex
	_, wait := reg.StartRefreshers(ctx, func(id string, err error) {
		mu.Lock()
		reports = append(reports, fmt.Sprint(err))
		mu.Unlock()
	})
	first, second := <-waits, <-waits
	cancel()
	wait()
	if first != 2*time.Second || second != 10*time.Minute {
		t.Errorf("waits after the refused list and after the sane one: %v, %v; want 2s, 10m0s", first, second)
	}
	if got := s.min.Load(); got == nil || got.String() != "0.001" {
		t.Errorf("minimum in use %v; want the sane list's 0.001", got)
	}
	if len(reports) != 2 || !strings.Contains(reports[0], "worth about $3e+12") || reports[1] != "<nil>" {
		t.Errorf("reports %q; want the refusal, then the recovery", reports)
	}
	v, _ := reg.Lookup("scaled")
	if _, ok := v.ListAge(time.Now()); !ok {
		t.Error("no list age after the sane list loaded")
	}
}
