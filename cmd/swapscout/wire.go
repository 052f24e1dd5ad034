package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/redis"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/all"
)

// simKnobs are the simulator's flags, shared by `sim` and `demo`.
type simKnobs struct {
	seed               int64
	latency            time.Duration
	sigma              float64
	jitter             time.Duration
	errorRate          float64
	rateLimitRate      float64
	walk               time.Duration
	secret             string
	venueLatency       kvDurations
	venueErrorRate     kvRates
	venueRateLimitRate kvRates
}

// defaultSimSecret is the API secret the simulator checks signatures with
// unless --sim-secret says otherwise; `serve --sim-url` signs with the same.
const defaultSimSecret = "swapscout-sim-secret"

func (k *simKnobs) register(fs *flag.FlagSet) {
	k.venueLatency, k.venueErrorRate, k.venueRateLimitRate = kvDurations{}, kvRates{}, kvRates{}
	fs.Int64Var(&k.seed, "seed", 1, "simulator seed: same seed, same answers")
	fs.DurationVar(&k.latency, "latency", 0, "median venue latency (0: each venue's realistic default); drawn from a log-normal tail")
	fs.Float64Var(&k.sigma, "latency-tail", 0.35, "shape of the latency tail (log-normal sigma)")
	fs.DurationVar(&k.jitter, "jitter", 0, "extra uniform latency in [0, jitter)")
	fs.Float64Var(&k.errorRate, "error-rate", 0, "fraction of requests answered with the venue's own error")
	fs.Float64Var(&k.rateLimitRate, "rate-limit-rate", 0, "fraction of requests answered with the venue's rate-limit response (429, Binance 418…)")
	fs.DurationVar(&k.walk, "walk", 5*time.Second, "prices take one random-walk step per interval (0: frozen)")
	fs.StringVar(&k.secret, "sim-secret", defaultSimSecret, "API secret the simulator verifies signatures with")
	fs.Var(k.venueLatency, "venue-latency", "per-venue median latency NAME=DURATION (repeatable)")
	fs.Var(k.venueErrorRate, "venue-error-rate", "per-venue error rate NAME=RATE (repeatable)")
	fs.Var(k.venueRateLimitRate, "venue-rate-limit-rate", "per-venue rate-limit (429) rate NAME=RATE (repeatable)")
}

// newSim builds the simulator for every venue.
func (k *simKnobs) newSim() (*sim.Server, error) {
	venues := map[string]sim.Venue{}
	secrets := map[string]string{}
	for _, d := range all.Descriptors {
		if d.Sim != nil {
			venues[d.ID] = d.Sim()
			secrets[d.ID] = k.secret
		}
	}
	for _, m := range []map[string]time.Duration{k.venueLatency} {
		for id := range m {
			if _, ok := venues[id]; !ok {
				return nil, fmt.Errorf("--venue-latency: unknown venue %q", id)
			}
		}
	}
	for _, m := range []map[string]float64{k.venueErrorRate, k.venueRateLimitRate} {
		for id := range m {
			if _, ok := venues[id]; !ok {
				return nil, fmt.Errorf("unknown venue %q", id)
			}
		}
	}
	return sim.New(sim.Config{
		Seed: k.seed, Latency: k.latency, Sigma: k.sigma, Jitter: k.jitter,
		ErrorRate: k.errorRate, RateLimitRate: k.rateLimitRate,
		VenueLatency: k.venueLatency, VenueErrorRate: k.venueErrorRate, VenueRateLimitRate: k.venueRateLimitRate,
		WalkInterval: k.walk, Secrets: secrets,
	}, venues)
}

// stack is a wired aggregator: venues, engine, store, API handler.
type stack struct {
	http     *upstream.Client
	registry *venue.Registry
	service  *aggregate.Service
	store    swapscout.QuoteStore
	handler  *httpapi.Handler
	stop     context.CancelFunc
	wait     func() // until the venues' background refreshers have stopped
	closers  []func() error
}

type stackOptions struct {
	simURL string // venues' base URLs point at this simulator when set
	secret string // API secret for signing venues when simulated
	getenv func(string) string
	ttl    time.Duration
	window time.Duration // identical requests within it are answered from the cache
	redis  string        // share quotes and the cache through this Redis when set
	log    *slog.Logger
	// wrapVenue and tune, when set, let serve instrument the engine's view
	// of each venue and set the API's limits, store and hooks (observe.go).
	wrapVenue func(aggregate.Venue) aggregate.Venue
	tune      func(*httpapi.Deps)
}

// newStack wires everything; Close releases it.
func newStack(ctx context.Context, o stackOptions) (*stack, error) {
	hc := upstream.New(upstream.Options{})
	getenv := o.getenv
	vo := venue.Options{HTTP: hc, Getenv: getenv}
	if o.simURL != "" {
		// The simulator accepts any API key and checks signatures with its secret.
		vo.BaseURL = func(id string) string { return o.simURL + "/" + id }
		vo.Getenv = func(k string) string {
			if v := getenv(k); v != "" {
				return v
			}
			switch {
			case len(k) > 8 && k[len(k)-8:] == "_API_KEY":
				return "sim-key"
			case len(k) > 11 && k[len(k)-11:] == "_API_SECRET":
				return o.secret
			}
			return ""
		}
	}
	reg, err := venue.NewRegistry(all.Descriptors, vo)
	if err != nil {
		hc.Close()
		return nil, err
	}
	rctx, cancel := context.WithCancel(ctx)
	wait, err := reg.StartRefreshers(rctx)
	if err != nil && o.log != nil {
		o.log.Warn("venue metadata", "err", err)
	}
	s := &stack{http: hc, registry: reg, stop: cancel, wait: wait}
	var evs []aggregate.Venue
	for _, v := range reg.Venues() {
		ev := aggregate.Venue{ID: v.ID, Kind: v.Kind, KYC: v.KYC, Timeout: v.Timeout, Quoter: v.Quoter}
		if o.wrapVenue != nil {
			ev = o.wrapVenue(ev)
		}
		evs = append(evs, ev)
	}
	s.service = &aggregate.Service{Engine: aggregate.New(evs, aggregate.Options{Logger: o.log})}
	deps := httpapi.Deps{
		Quotes: s.service, Venues: reg.Infos, TTL: o.ttl, Logger: o.log, CacheWindow: o.window,
		Store: inmem.New(inmem.Options{}), Cache: inmem.New(inmem.Options{}),
		Health: func(context.Context) map[string]string { return map[string]string{"store": "memory"} },
	}
	if o.tune != nil {
		o.tune(&deps)
	}
	if o.redis != "" {
		// Quotes and the identical-request cache are shared by every instance
		// on this Redis; each falls back to this process's memory while Redis
		// is unreachable, and recovers by itself.
		quotes, err := redis.New(redis.Options{URL: o.redis, Prefix: "swapscout:q:", Fallback: deps.Store, Logger: o.log})
		if err != nil {
			s.Close()
			return nil, err
		}
		// The cache lives on the same Redis: its state changes would repeat
		// the quote store's, line for line.
		cache, err := redis.New(redis.Options{URL: o.redis, Prefix: "swapscout:c:", Fallback: deps.Cache, Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			quotes.Close()
			s.Close()
			return nil, err
		}
		s.closers = append(s.closers, quotes.Close, cache.Close)
		deps.Store, deps.Cache, deps.Degraded = quotes, cache, quotes.Degraded
		deps.Health = func(context.Context) map[string]string {
			return map[string]string{"store": quotes.Status(), "cache": cache.Status()}
		}
	}
	s.store = deps.Store
	s.handler = httpapi.NewHandler(deps)
	return s, nil
}

// Close stops background refreshers and closes the stores and the upstream client.
func (s *stack) Close() {
	s.stop()
	s.wait()
	for _, c := range s.closers {
		_ = c()
	}
	s.http.Close()
}
