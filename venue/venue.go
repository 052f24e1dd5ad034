// Package venue is the kit venue adapters are built from: the typed Descriptor
// each adapter package exports, the Config it is constructed with, the Registry
// that validates descriptors at startup, and helpers for the calls and checks
// every adapter makes.
//
// Every parser of a venue's JSON follows one rule for a key that appears
// twice in an object: the last one wins, as encoding/json decides (see
// text.go); the order-book scanner in venue/book does the same.
package venue

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/upstream"
)

// Descriptor is a venue's metadata and constructor. Each adapter package
// exports one as `Descriptor`; venue/all lists them.
type Descriptor struct {
	ID      string // lowercase, unique, [a-z0-9]+
	Name    string // display name
	Kind    swapscout.VenueKind
	BaseURL string // live API root without trailing slash
	// IndexerURL is the root of the network's indexer, for venues that
	// find deposits there (THORChain's and Maya's Midgard); empty for none.
	// The simulator serves it under the venue's own prefix, so an
	// overridden BaseURL overrides it too.
	IndexerURL string
	Website    string
	Timeout    time.Duration // per-call budget; the engine never waits longer for this venue
	KYC        swapscout.KYCRating
	NeedsKey   bool // quotes need an API key (read from SWAPSCOUT_<ID>_API_KEY)
	// NeedsSecret: the venue signs requests with a secret as well
	// (SWAPSCOUT_<ID>_API_SECRET).
	NeedsSecret bool
	FixedRate   bool // can quote fixed rates
	Reverse     bool // can quote by amount to receive
	Networks    []string
	Evidence    swapscout.Evidence
	// Custody: empty means swapscout.Custodial.
	Custody swapscout.Custody
	// Support is where a swap venue's users reach its support, as the
	// venue documents it, with the source that says so (or, with no
	// address nor page, the sources read that name none): it goes into
	// every swap's support packet. Zero for venues that make no swaps.
	Support swapscout.SupportContact
	// Limit is the venue's rate limit as it states it, with its source, and
	// the share of it swapscout allows itself (all instances together);
	// zero: DefaultLimit.
	Limit Limit
	// Hold is how long the venue documents that it holds a fixed rate once
	// a swap is made, with its source (For zero: it does not state it);
	// the swap form and the page of a swap without a deadline say it.
	Hold swapscout.RateHold

	// New builds the adapter. It must not do I/O.
	New func(Config) (swapscout.Quoter, error)

	// factsErr is why Facts could not read the venue's venue.json.
	factsErr error
}

// Config is what an adapter is built with.
type Config struct {
	BaseURL string // live or simulator root for this venue
	// IndexerURL is the venue's indexer root (Descriptor.IndexerURL, or
	// the simulator's root for the venue); empty for none.
	IndexerURL string
	HTTP       *upstream.Client // the one shared client
	APIKey     string           // empty when not configured
	APISecret  string           // for venues that sign requests
	// Affiliate is the partner id some venues take in the request itself
	// (SWAPSCOUT_<ID>_AFFILIATE_ID), to credit the swaps we bring them. It
	// identifies us, it is not a secret; empty when not configured.
	Affiliate string
	Now       func() time.Time // injectable clock; time.Now when nil
	// Guard limits and protects every call of this venue (see Fetch); the
	// Registry sets one per venue. Nil lets every call through.
	Guard *Guard
}

// Info returns what /v1/venues shows of d, given whether it is configured.
func (d *Descriptor) Info(configured bool) swapscout.VenueInfo {
	return swapscout.VenueInfo{
		ID: d.ID, Name: d.Name, Kind: d.Kind, KYC: d.KYC, NeedsKey: d.NeedsKey,
		FixedRate: d.FixedRate, Reverse: d.Reverse, Networks: d.Networks,
		Evidence: d.Evidence, Configured: configured, Website: d.Website,
		Custody: d.custody(), Support: d.Support, Ratings: d.Ratings(), Hold: d.Hold,
	}
}

// Ratings returns d's ratings with their evidence (venue/<id>/ratings.json),
// zero when it has none; venue/all's tests hold every venue to having them.
func (d *Descriptor) Ratings() swapscout.Ratings {
	r, _ := Ratings(d.ID)
	return r
}

func (d *Descriptor) custody() swapscout.Custody {
	if d.Custody == "" {
		return swapscout.Custodial
	}
	return d.Custody
}

// EnvPrefix is the prefix of d's environment variables, e.g. "SWAPSCOUT_CHANGENOW_".
func (d *Descriptor) EnvPrefix() string {
	return "SWAPSCOUT_" + strings.ToUpper(d.ID) + "_"
}

var idPattern = regexp.MustCompile(`^[a-z0-9]+$`)

// Validate checks a descriptor the way the registry does at startup.
func (d *Descriptor) Validate() error {
	switch {
	case d.factsErr != nil:
		return d.factsErr
	case !idPattern.MatchString(d.ID):
		return fmt.Errorf("venue %q: id must be lowercase letters and digits", d.ID)
	case d.Name == "":
		return fmt.Errorf("venue %s: name is required", d.ID)
	case !d.Kind.Valid():
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
	// Guard is the venue's cool-down, rate limit and circuit breaker,
	// shared by all its calls; read its State for metrics.
	Guard *Guard
	// listOK is when the venue's lists last refreshed well (unix nanos;
	// 0: never), for ListAge.
	listOK atomic.Int64
}

// ListAge is how old the venue's lists are: the time since its last good
// refresh; false when it keeps no lists or none has loaded yet.
func (v *Venue) ListAge(now time.Time) (time.Duration, bool) {
	t := v.listOK.Load()
	if t == 0 {
		return 0, false
	}
	return now.Sub(time.Unix(0, t)), true
}

// Registry holds the venues of one process, validated.
type Registry struct {
	venues []*Venue
	byID   map[string]*Venue
	// after waits between refreshes (time.After; tests count the waits).
	after func(time.Duration) <-chan time.Time
}

// Options configure NewRegistry.
type Options struct {
	HTTP *upstream.Client
	// HTTPFor, when set and not nil for a venue, is the client that venue's
	// calls go through instead of HTTP: one dialing through the venue's
	// SOCKS5 proxy (Tor).
	HTTPFor func(id string) *upstream.Client
	// BaseURL overrides a venue's base URL (e.g. the simulator's) when it
	// returns non-empty.
	BaseURL func(id string) string
	// Getenv reads API keys; os.Getenv when nil.
	Getenv func(string) string
	// Timeout overrides every venue's timeout when positive.
	Timeout time.Duration
	Now     func() time.Time
	// Limit gives a venue's outbound limit; the descriptor's
	// (Descriptor.OutboundLimit) when nil.
	Limit func(id string) Limit
	// Budget, when set, makes each venue's rate limit one budget shared
	// by every instance that uses the same Budget backend (Redis); nil
	// keeps it in this process.
	Budget Budget
}

// NewRegistry validates descriptors (unique ids, constructor, timeout, …) and
// builds every adapter. A venue that needs a key and has none is still built:
// it answers not_configured without a network call.
func NewRegistry(ds []*Descriptor, o Options) (*Registry, error) {
	getenv := o.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	r := &Registry{byID: make(map[string]*Venue, len(ds)), after: time.After}
	for _, d := range ds {
		if err := d.Validate(); err != nil {
			return nil, err
		}
		if _, dup := r.byID[d.ID]; dup {
			return nil, fmt.Errorf("venue %s: duplicate id", d.ID)
		}
		cfg := Config{
			BaseURL:    d.BaseURL,
			IndexerURL: d.IndexerURL,
			HTTP:       o.HTTP,
			APIKey:     getenv(d.EnvPrefix() + "API_KEY"),
			APISecret:  getenv(d.EnvPrefix() + "API_SECRET"),
			Affiliate:  getenv(d.EnvPrefix() + "AFFILIATE_ID"),
			Now:        o.Now,
		}
		if o.HTTPFor != nil {
			if hc := o.HTTPFor(d.ID); hc != nil {
				cfg.HTTP = hc
			}
		}
		if o.BaseURL != nil {
			if u := o.BaseURL(d.ID); u != "" {
				cfg.BaseURL = strings.TrimSuffix(u, "/")
				if d.IndexerURL != "" {
					cfg.IndexerURL = cfg.BaseURL
				}
			}
		}
		if cfg.Now == nil {
			cfg.Now = time.Now
		}
		limit := d.OutboundLimit()
		if o.Limit != nil {
			limit = o.Limit(d.ID)
		}
		cfg.Guard = NewGuard(d.Name, limit, cfg.Now)
		if o.Budget != nil && limit.Rate > 0 {
			cfg.Guard.share(o.Budget, budgetKey(d.ID, limit, cfg.APIKey))
		}
		configured := (!d.NeedsKey || cfg.APIKey != "") && (!d.NeedsSecret || cfg.APISecret != "")
		v := &Venue{Descriptor: d, Configured: configured, Timeout: d.Timeout, Guard: cfg.Guard}
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

// Swapper returns the swap capability of the venue with id: false when it
// is unknown, not configured, or its adapter cannot create swaps.
func (r *Registry) Swapper(id string) (swapscout.Swapper, bool) {
	v, ok := r.byID[id]
	if !ok {
		return nil, false
	}
	s, ok := v.Quoter.(swapscout.Swapper)
	return s, ok
}

// Guard returns the guard of the venue with id (nil when there is none).
func (r *Registry) Guard(id string) *Guard {
	if v, ok := r.byID[id]; ok {
		return v.Guard
	}
	return nil
}

// GuardStates returns every venue's guard state by id ("closed", "cooling",
// "open" or "half-open"), for metrics.
func (r *Registry) GuardStates() map[string]string {
	m := make(map[string]string, len(r.venues))
	for _, v := range r.venues {
		m[v.ID] = v.Guard.State()
	}
	return m
}

// Infos returns what /v1/venues shows.
func (r *Registry) Infos() []swapscout.VenueInfo {
	out := make([]swapscout.VenueInfo, len(r.venues))
	for i, v := range r.venues {
		out[i] = v.Info(v.Configured)
		_, out[i].CanSwap = v.Quoter.(swapscout.Swapper)
	}
	return out
}

// StartRefreshers refreshes every venue that implements swapscout.Refresher
// in the background, each on its own interval, until ctx ends. It returns
// at once: no venue holds up startup. Until a venue's first refresh
// succeeds it answers unavailable ("market list loading", ErrListLoading);
// a failed refresh is retried soon (2s, doubling up to a minute or the
// venue's interval) so a venue that was down or hung at startup recovers
// as soon as it answers again. Every attempt has its own timeout (four
// times the venue's), so a hung attempt never blocks the next.
//
// report, when not nil, is called from the refresh goroutines with a
// venue's id and error when a refresh fails after a success (or at the
// first attempt), and with a nil error when a venue that failed recovers.
// ready is closed once every venue's first attempt has ended, successful or
// not; wait blocks until the background loops have stopped, which they do
// once ctx ends.
func (r *Registry) StartRefreshers(ctx context.Context, report func(id string, err error)) (ready <-chan struct{}, wait func()) {
	first := make(chan struct{})
	var bg, firsts sync.WaitGroup
	for _, v := range r.venues {
		rf, ok := v.Quoter.(swapscout.Refresher)
		if !ok {
			continue
		}
		bg.Add(1)
		firsts.Add(1)
		go func() {
			defer bg.Done()
			refreshLoop(ctx, v, rf, report, firsts.Done, r.after)
		}()
	}
	go func() {
		firsts.Wait()
		close(first)
	}()
	return first, bg.Wait
}

// Refresh back-off after a failure: the first retry, and the most it grows to.
const (
	refreshRetry    = 2 * time.Second
	refreshRetryMax = time.Minute
)

// refreshLoop refreshes v until ctx ends; firstDone is called once the
// first attempt has ended. A failed attempt, whether the venue did not
// answer or answered a list its adapter refused as absurd (venue.ListCheck,
// a bad_response), is retried on the short back-off: a list refused at
// start is replaced as soon as the venue answers sanely, not after the
// venue's refresh interval.
func refreshLoop(ctx context.Context, v *Venue, rf swapscout.Refresher, report func(string, error), firstDone func(),
	after func(time.Duration) <-chan time.Time) {
	attempt := func() error {
		cctx, cancel := context.WithTimeout(ctx, 4*v.Timeout)
		defer cancel()
		err := rf.Refresh(cctx) // keeps the last good metadata on error
		if err == nil {
			v.listOK.Store(time.Now().UnixNano())
		}
		return err
	}
	err := attempt()
	firstDone()
	if err != nil && report != nil && ctx.Err() == nil {
		report(v.ID, err)
	}
	backoff := refreshRetry
	for {
		wait := rf.RefreshInterval()
		if err != nil && backoff < wait {
			wait = backoff
			backoff = min(2*backoff, refreshRetryMax)
		}
		select {
		case <-ctx.Done():
			return
		case <-after(wait):
		}
		prev := err
		err = attempt()
		if ctx.Err() != nil {
			return
		}
		if err == nil {
			backoff = refreshRetry
		}
		if report != nil && (err == nil) != (prev == nil) {
			report(v.ID, err)
		}
	}
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
