package venue_test

import (
	"context"
	"errors"
	"strings"
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

// TestStartRefreshers: the first round's error comes back, the background
// loop goes on refreshing (a failed venue does not stay unavailable), and
// wait returns once the context ends, leaving no goroutine behind.
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
	wait, err := reg.StartRefreshers(ctx)
	if err == nil || !strings.Contains(err.Error(), "flaky: market list: status 503") {
		t.Errorf("first round error = %v, want flaky's", err)
	}
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
