// Package venue is the kit venue adapters are built from: the typed Descriptor
// each adapter package exports, the Config it is constructed with, the Registry
// that validates descriptors at startup, and helpers for the calls and checks
// every adapter makes.
package venue

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/upstream"
)

// Descriptor is a venue's metadata and constructor. Each adapter package
// exports one as `Descriptor`; venue/all lists them.
type Descriptor struct {
	ID       string // lowercase, unique, [a-z0-9]+
	Name     string // display name
	Kind     swapscout.VenueKind
	BaseURL  string // live API root without trailing slash
	Website  string
	Timeout  time.Duration // per-call budget; the engine never waits longer for this venue
	KYC      swapscout.KYCRating
	NeedsKey bool // quotes need an API key (read from SWAPSCOUT_<ID>_API_KEY)
	// NeedsSecret: the venue signs requests with a secret as well
	// (SWAPSCOUT_<ID>_API_SECRET).
	NeedsSecret bool
	FixedRate   bool // can quote fixed rates
	Reverse     bool // can quote by amount to receive
	Networks    []string
	Evidence    swapscout.Evidence

	// New builds the adapter. It must not do I/O.
	New func(Config) (swapscout.Quoter, error)
	// Sim is the venue's simulated API, served by `swapscout sim`.
	Sim func() sim.Venue
}

// Config is what an adapter is built with.
type Config struct {
	BaseURL   string           // live or simulator root for this venue
	HTTP      *upstream.Client // the one shared client
	APIKey    string           // empty when not configured
	APISecret string           // for venues that sign requests
	// Affiliate is the partner id some venues take in the request itself
	// (SWAPSCOUT_<ID>_AFFILIATE_ID), to credit the swaps we bring them. It
	// identifies us, it is not a secret; empty when not configured.
	Affiliate string
	Now       func() time.Time // injectable clock; time.Now when nil
}

// Info returns what /v1/venues shows of d, given whether it is configured.
func (d *Descriptor) Info(configured bool) swapscout.VenueInfo {
	return swapscout.VenueInfo{
		ID: d.ID, Name: d.Name, Kind: d.Kind, KYC: d.KYC, NeedsKey: d.NeedsKey,
		FixedRate: d.FixedRate, Reverse: d.Reverse, Networks: d.Networks,
		Evidence: d.Evidence, Configured: configured, Website: d.Website,
	}
}

// EnvPrefix is the prefix of d's environment variables, e.g. "SWAPSCOUT_CHANGENOW_".
func (d *Descriptor) EnvPrefix() string {
	return "SWAPSCOUT_" + strings.ToUpper(d.ID) + "_"
}

var idPattern = regexp.MustCompile(`^[a-z0-9]+$`)

// Validate checks a descriptor the way the registry does at startup.
func (d *Descriptor) Validate() error {
	switch {
	case !idPattern.MatchString(d.ID):
		return fmt.Errorf("venue %q: id must be lowercase letters and digits", d.ID)
	case d.Name == "":
		return fmt.Errorf("venue %s: name is required", d.ID)
	case d.Kind != swapscout.InstantSwap && d.Kind != swapscout.OrderBook:
		return fmt.Errorf("venue %s: unknown kind %q", d.ID, d.Kind)
	case d.New == nil:
		return fmt.Errorf("venue %s: New is nil", d.ID)
	case d.Timeout <= 0:
		return fmt.Errorf("venue %s: timeout must be positive", d.ID)
	case !strings.HasPrefix(d.BaseURL, "https://") && !strings.HasPrefix(d.BaseURL, "http://"):
		return fmt.Errorf("venue %s: base URL must be http(s)", d.ID)
	case d.KYC < 'A' || d.KYC > 'D':
		return fmt.Errorf("venue %s: KYC rating must be A-D", d.ID)
	case d.Evidence == "":
		return fmt.Errorf("venue %s: evidence tag is required", d.ID)
	}
	return nil
}

// Venue is a constructed adapter with its descriptor.
type Venue struct {
	*Descriptor
	Quoter     swapscout.Quoter
	Configured bool
	Timeout    time.Duration // Descriptor.Timeout unless overridden
}

// Registry holds the venues of one process, validated.
type Registry struct {
	venues []*Venue
	byID   map[string]*Venue
}

// Options configure NewRegistry.
type Options struct {
	HTTP *upstream.Client
	// BaseURL overrides a venue's base URL (e.g. the simulator's) when it
	// returns non-empty.
	BaseURL func(id string) string
	// Getenv reads API keys; os.Getenv when nil.
	Getenv func(string) string
	// Timeout overrides every venue's timeout when positive.
	Timeout time.Duration
	Now     func() time.Time
}

// NewRegistry validates descriptors (unique ids, constructor, timeout, …) and
// builds every adapter. A venue that needs a key and has none is still built:
// it answers not_configured without a network call.
func NewRegistry(ds []*Descriptor, o Options) (*Registry, error) {
	getenv := o.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	r := &Registry{byID: make(map[string]*Venue, len(ds))}
	for _, d := range ds {
		if err := d.Validate(); err != nil {
			return nil, err
		}
		if _, dup := r.byID[d.ID]; dup {
			return nil, fmt.Errorf("venue %s: duplicate id", d.ID)
		}
		cfg := Config{
			BaseURL:   d.BaseURL,
			HTTP:      o.HTTP,
			APIKey:    getenv(d.EnvPrefix() + "API_KEY"),
			APISecret: getenv(d.EnvPrefix() + "API_SECRET"),
			Affiliate: getenv(d.EnvPrefix() + "AFFILIATE_ID"),
			Now:       o.Now,
		}
		if o.BaseURL != nil {
			if u := o.BaseURL(d.ID); u != "" {
				cfg.BaseURL = strings.TrimSuffix(u, "/")
			}
		}
		if cfg.Now == nil {
			cfg.Now = time.Now
		}
		configured := (!d.NeedsKey || cfg.APIKey != "") && (!d.NeedsSecret || cfg.APISecret != "")
		v := &Venue{Descriptor: d, Configured: configured, Timeout: d.Timeout}
		if o.Timeout > 0 {
			v.Timeout = o.Timeout
		}
		if configured {
			q, err := d.New(cfg)
			if err != nil {
				return nil, fmt.Errorf("venue %s: %w", d.ID, err)
			}
			v.Quoter = q
		} else {
			v.Quoter = notConfigured{d}
		}
		r.venues = append(r.venues, v)
		r.byID[d.ID] = v
	}
	return r, nil
}

// Venues returns every venue in registry order.
func (r *Registry) Venues() []*Venue { return r.venues }

// Lookup returns the venue with id.
func (r *Registry) Lookup(id string) (*Venue, bool) {
	v, ok := r.byID[id]
	return v, ok
}

// Infos returns what /v1/venues shows.
func (r *Registry) Infos() []swapscout.VenueInfo {
	out := make([]swapscout.VenueInfo, len(r.venues))
	for i, v := range r.venues {
		out[i] = v.Info(v.Configured)
	}
	return out
}

// StartRefreshers refreshes every venue that implements swapscout.Refresher
// once, concurrently, then keeps refreshing each in the background until ctx
// ends. It returns after the first round, with that round's errors joined;
// they do not stop the background loop (a venue whose metadata is missing
// answers unavailable until a refresh succeeds). wait blocks until the
// background loops have stopped, which they do once ctx ends.
func (r *Registry) StartRefreshers(ctx context.Context) (wait func(), err error) {
	type item struct {
		v  *Venue
		rf swapscout.Refresher
	}
	var items []item
	for _, v := range r.venues {
		if rf, ok := v.Quoter.(swapscout.Refresher); ok {
			items = append(items, item{v, rf})
		}
	}
	errs := make([]error, len(items))
	first := make(chan int, len(items))
	var bg sync.WaitGroup
	for i, it := range items {
		bg.Add(1)
		go func() {
			defer bg.Done()
			cctx, cancel := context.WithTimeout(ctx, 4*it.v.Timeout)
			if err := it.rf.Refresh(cctx); err != nil {
				errs[i] = fmt.Errorf("%s: %w", it.v.ID, err)
			}
			cancel()
			first <- i
			// Refresh on the venue's interval; after a failure retry sooner
			// (2s, doubling) so a venue whose metadata failed to load at start
			// does not stay unavailable for a whole interval.
			failed := errs[i] != nil
			backoff := 2 * time.Second
			for {
				wait := it.rf.RefreshInterval()
				if failed && backoff < wait {
					wait = backoff
					backoff *= 2
				}
				t := time.NewTimer(wait)
				select {
				case <-ctx.Done():
					t.Stop()
					return
				case <-t.C:
				}
				cctx, cancel := context.WithTimeout(ctx, 4*it.v.Timeout)
				err := it.rf.Refresh(cctx) // keeps the last good metadata on error
				cancel()
				if failed = err != nil; !failed {
					backoff = 2 * time.Second
				}
			}
		}()
	}
	for range items {
		<-first
	}
	if err := errors.Join(errs...); err != nil {
		return bg.Wait, fmt.Errorf("refresh: %w", err)
	}
	return bg.Wait, nil
}

type notConfigured struct{ d *Descriptor }

func (n notConfigured) Quote(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) {
	what := "an API key"
	if n.d.NeedsSecret {
		what = "an API key and secret"
	}
	return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeNotConfigured,
		"%s needs %s (set %sAPI_KEY)", n.d.Name, what, n.d.EnvPrefix())
}
