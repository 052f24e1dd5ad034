package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/quotes"
	"github.com/swapscout/swapscout/redis"
	"github.com/swapscout/swapscout/sim"
	simall "github.com/swapscout/swapscout/sim/all"
	simchain "github.com/swapscout/swapscout/sim/chain"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
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
	listErrorRate      float64
	walk               time.Duration
	secret             string
	venueLatency       kvDurations
	venueErrorRate     kvRates
	venueRateLimitRate kvRates
	// Simulated swap orders: set autoPay before register to change its
	// default (demo pays every order soon, so a swap runs to its end).
	autoPay, swapStage, orderExpiry              time.Duration
	swapFailRate, swapRefundRate, swapExpireRate float64
	payoutSpread                                 float64
	outcomes                                     kvOutcomes      // --swap-outcome: how each named venue's orders end
	chain                                        *simchain.Chain // where the orders' transfers land (newSim makes it)
	chainBlock                                   time.Duration   // --chain-block-time: every simulated network's block time
	names                                        map[string]bool // the flags register added
	venueLimits                                  bool            // --venue-limits: enforce each venue's stated limit
}

// defaultSimSecret is the API secret the simulator checks signatures with
// unless --sim-secret says otherwise; `serve --sim-url` signs with the same.
const defaultSimSecret = "swapscout-sim-secret"

func (k *simKnobs) register(into *flag.FlagSet) {
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	defer func() {
		k.names = map[string]bool{}
		fs.VisitAll(func(f *flag.Flag) {
			k.names[f.Name] = true
			into.Var(f.Value, f.Name, f.Usage)
		})
	}()
	k.venueLatency, k.venueErrorRate, k.venueRateLimitRate = kvDurations{}, kvRates{}, kvRates{}
	fs.Int64Var(&k.seed, "seed", 1, "simulator seed: same seed, same answers")
	fs.DurationVar(&k.latency, "latency", 0, "median venue latency (0: each venue's realistic default); drawn from a log-normal tail")
	fs.Float64Var(&k.sigma, "latency-tail", 0.35, "shape of the latency tail (log-normal sigma)")
	fs.DurationVar(&k.jitter, "jitter", 0, "extra uniform latency in [0, jitter)")
	fs.Float64Var(&k.errorRate, "error-rate", 0, "fraction of quote calls answered with the venue's own error (market and currency lists: --list-error-rate)")
	fs.Float64Var(&k.rateLimitRate, "rate-limit-rate", 0, "fraction of quote calls answered with the venue's rate-limit response (429, Binance 418…)")
	fs.Float64Var(&k.listErrorRate, "list-error-rate", 0, "fraction of market and currency list loads answered with the venue's own error (retried from 2 s)")
	fs.DurationVar(&k.walk, "walk", 5*time.Second, "prices take one random-walk step per interval (0: frozen)")
	fs.StringVar(&k.secret, "sim-secret", defaultSimSecret, "API secret the simulator verifies signatures with")
	fs.Var(k.venueLatency, "venue-latency", "per-venue median latency NAME=DURATION (repeatable)")
	fs.Var(k.venueErrorRate, "venue-error-rate", "per-venue error rate of quote calls NAME=RATE (repeatable)")
	fs.Var(k.venueRateLimitRate, "venue-rate-limit-rate", "per-venue rate-limit (429) rate of quote calls NAME=RATE (repeatable)")
	fs.BoolVar(&k.venueLimits, "venue-limits", true, "answer every request beyond a venue's stated rate limit with its rate-limit response (429, Binance's 418…), as the venue would")
	fs.DurationVar(&k.autoPay, "auto-pay", k.autoPay, "simulated swap orders are paid this long after creation (0: only POST /_sim/pay/{venue}/{order} pays)")
	fs.DurationVar(&k.swapStage, "swap-stage", 0, "how long a paid order stays in each stage (confirming, exchanging, sending), scaled by the venue's latency (0: 3 s)")
	fs.DurationVar(&k.orderExpiry, "order-expiry", 0, "how long an order waits for its deposit (0: each venue's own)")
	fs.Float64Var(&k.swapFailRate, "swap-fail-rate", 0, "fraction of paid orders that end failed")
	fs.Float64Var(&k.swapRefundRate, "swap-refund-rate", 0, "fraction of paid orders that end refunded")
	fs.Float64Var(&k.swapExpireRate, "swap-expire-rate", 0, "fraction of orders that expire unpaid even when auto-paid")
	fs.Float64Var(&k.payoutSpread, "payout-spread", 0.002, "fraction a floating-rate order pays out below its promise")
	fs.DurationVar(&k.chainBlock, "chain-block-time", 0, "block time of every network of the simulated chain the orders' transfers land on, served under /_chain (0: each network's own, compressed: Bitcoin 20s, Ethereum 4s, …)")
	k.outcomes = kvOutcomes{}
	fs.Var(k.outcomes, "swap-outcome", "make every paid order of a venue end one way, VENUE=short[:FRACTION] (pays FRACTION, default 0.2, less than promised), VENUE=hold (held for verification, for venues with a word for it), VENUE=refund, or VENUE=nopay (says finished and reports a payout it never makes: nothing lands on the simulated chain) (repeatable, or comma-separated)")
}

// owns reports whether name is one of the simulator's flags.
func (k *simKnobs) owns(name string) bool { return k.names[name] }

// startSim builds the simulator (newSim) and starts it on a loopback port;
// the caller closes it.
func (k *simKnobs) startSim() (*sim.Server, error) {
	s, err := k.newSim()
	if err != nil {
		return nil, err
	}
	if err := s.Start("127.0.0.1:0"); err != nil {
		return nil, err
	}
	return s, nil
}

// newSim builds the simulator for every venue.
func (k *simKnobs) newSim() (*sim.Server, error) {
	venues := simall.Venues()
	secrets := map[string]string{}
	for id := range venues {
		secrets[id] = k.secret
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
	if k.chain == nil {
		bt := map[string]time.Duration{}
		if k.chainBlock > 0 {
			for n := range simchain.DefaultBlockTimes {
				bt[n] = k.chainBlock
			}
		}
		c, err := simchain.New(simchain.Config{Seed: k.seed, BlockTimes: bt})
		if err != nil {
			return nil, err
		}
		k.chain = c
	}
	var limits map[string]sim.Limit
	if k.venueLimits {
		limits = simall.Limits()
	}
	return sim.New(sim.Config{
		Limits: limits,
		Seed:   k.seed, Latency: k.latency, Sigma: k.sigma, Jitter: k.jitter,
		ErrorRate: k.errorRate, RateLimitRate: k.rateLimitRate, ListErrorRate: k.listErrorRate,
		VenueLatency: k.venueLatency, VenueErrorRate: k.venueErrorRate, VenueRateLimitRate: k.venueRateLimitRate,
		WalkInterval: k.walk, Secrets: secrets,
		AutoPay: k.autoPay, SwapStage: k.swapStage, OrderExpiry: k.orderExpiry,
		SwapFailRate: k.swapFailRate, SwapRefundRate: k.swapRefundRate, SwapExpireRate: k.swapExpireRate,
		PayoutSpread: k.payoutSpread, Outcomes: k.outcomes, Chain: k.chain,
	}, venues)
}

// stack is a wired aggregator: venues, engine, store, API handler.
type stack struct {
	http     *upstream.Client
	registry *venue.Registry
	service  *aggregate.Service
	store    swapscout.QuoteStore
	handler  *httpapi.Handler
	db       *sqlstore.DB    // the swap database; nil without one (swapwire.go)
	swaps    *swaps.Service  // nil without a swap database
	book     *quotes.Service // the quote service the API answers from
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
	// instances is how many instances share the venues' rate budgets on
	// redis until Redis is first heard from (at least 1).
	instances int
	// deriveAge, when positive, lets the engine serve offers derived from
	// a venue's answers at most this old when our rate limit on the venue
	// has no call to spare in time (aggregate.DeriveOptions).
	deriveAge time.Duration
	// tokenWait is aggregate.Options.TokenWait.
	tokenWait time.Duration
	// maxFanOuts is quotes.Config.MaxFanOuts.
	maxFanOuts int
	log        *slog.Logger
	// listenAtOnce: do not wait for the venues' market lists (serve: the
	// server must listen at once; venues still loading answer unavailable).
	listenAtOnce bool
	// wrapVenue and tune, when set, let serve instrument the engine's view
	// of each venue and set the API's limits, store and hooks (observe.go).
	wrapVenue func(aggregate.Venue) aggregate.Venue
	tune      func(*httpapi.Deps)
	// db, when set, opens the swap database and enables swaps (swapwire.go).
	db *dbFlags
	// track, when set with db, follows the swaps (trackwire.go).
	track *trackFlags
	// keys, when set, are the API's keys (keyflags.go).
	keys *keyFlags
	// venueLimit, when set, gives the venues' outbound limits instead of
	// each descriptor's (tests that sweep the simulator lift them).
	venueLimit func(id string) venue.Limit
	// venueProxy is the SOCKS5 proxy every venue's calls go through
	// (--venue-proxy), as venue.ProxyFor decides per venue.
	venueProxy string
	// assetsEvery is how often the venues' currency lists are read again
	// (--assets-refresh; 0: the embedded snapshot only).
	assetsEvery time.Duration
}

// listWait bounds how long newStack waits for the venues' first market
// lists, unless stackOptions.listenAtOnce.
const listWait = 10 * time.Second

// newStack wires everything; Close releases it.
func newStack(ctx context.Context, o stackOptions) (*stack, error) {
	uo := upstream.Options{}
	if o.simURL != "" {
		// Every venue is one host here, the simulator's: the pool keeps
		// for it the idle connections the venues would keep each, or a
		// few concurrent fan-outs dial and close connections by the
		// hundred.
		uo.MaxIdlePerHost = upstream.DefaultMaxIdlePerHost * len(all.Descriptors)
	}
	hc := upstream.New(uo)
	getenv := o.getenv
	vo := venue.Options{HTTP: hc, Getenv: getenv, Limit: o.venueLimit}
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
	var closers []func() error
	if o.redis != "" {
		// Every instance on this Redis takes its venue calls from one
		// budget per venue (per key where the venue counts per key), and
		// keeps to its share of it while Redis is away.
		bs, err := redis.New(redis.Options{URL: o.redis, Prefix: "swapscout:b:", Logger: slog.New(slog.DiscardHandler)})
		if err != nil {
			hc.Close()
			return nil, err
		}
		vo.Budget = bs.Budget("swapscout:budget:", o.instances)
		closers = append(closers, bs.Close)
	}
	proxied, err := proxyClients(o, getenv)
	if err != nil {
		hc.Close()
		return nil, err
	}
	vo.HTTPFor = func(id string) *upstream.Client { return proxied[id] }
	reg, err := venue.NewRegistry(all.Descriptors, vo)
	if err != nil {
		for _, c := range closers {
			_ = c()
		}
		hc.Close()
		closeClients(proxied)
		return nil, err
	}
	rctx, cancel := context.WithCancel(ctx)
	ready, wait := reg.StartRefreshers(rctx, func(id string, err error) {
		switch {
		case o.log == nil:
		case err != nil:
			o.log.Warn("venue metadata", "venue", id, "err", err)
		default:
			o.log.Info("venue metadata loaded again", "venue", id)
		}
	})
	if !o.listenAtOnce {
		// Give the venues' market lists a bounded moment to load; those
		// still loading answer unavailable until they do.
		t := time.NewTimer(listWait)
		select {
		case <-ready:
		case <-t.C:
		case <-ctx.Done():
		}
		t.Stop()
	}
	baseURL := descriptorURL
	if vo.BaseURL != nil {
		baseURL = func(id string) string { return strings.TrimSuffix(vo.BaseURL(id), "/") }
	}
	assetsWait := startAssetRefresh(rctx, o.assetsEvery, baseURL, func(id string) *upstream.Client {
		if c := proxied[id]; c != nil {
			return c
		}
		return hc
	}, vo.Getenv, o.log)
	s := &stack{http: hc, registry: reg, stop: cancel, wait: func() { wait(); assetsWait() }, closers: closers}
	for _, c := range proxied {
		s.closers = append(s.closers, c.Close)
	}
	var evs []aggregate.Venue
	for _, v := range reg.Venues() {
		ev := aggregate.Venue{ID: v.ID, Kind: v.Kind, KYC: v.KYC, Log: v.Ratings().Log, Timeout: v.Timeout, Quoter: v.Quoter, Custody: v.Info(v.Configured).Custody}
		ev.Swapper, _ = reg.Swapper(v.ID) // before wrapVenue hides it behind the metrics
		if o.wrapVenue != nil {
			ev = o.wrapVenue(ev)
		}
		evs = append(evs, ev)
	}
	eo := aggregate.Options{Logger: o.log, TokenWait: o.tokenWait}
	if o.deriveAge > 0 {
		eo.Derive = &aggregate.DeriveOptions{MaxAge: o.deriveAge}
	}
	s.service = &aggregate.Service{Engine: aggregate.New(evs, eo)}
	deps := httpapi.Deps{
		Quotes: s.service, Venues: reg.Infos, TTL: o.ttl, Logger: o.log, CacheWindow: o.window,
		Store: inmem.New(inmem.Options{}), Cache: inmem.New(inmem.Options{}), Composite: true, MaxFanOuts: o.maxFanOuts,
		Health: func(context.Context) map[string]string { return map[string]string{"store": "memory"} },
	}
	if o.tune != nil {
		o.tune(&deps)
	}
	if err := o.keys.apply(&deps); err != nil {
		s.Close()
		return nil, err
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
		// Identical fan-outs are made once across the instances: the
		// first claims the request, the others wait for its answer.
		claims, err := redis.New(redis.Options{URL: o.redis, Prefix: "swapscout:f:", Logger: slog.New(slog.DiscardHandler), LocalCacheTTL: -1})
		if err != nil {
			quotes.Close()
			cache.Close()
			s.Close()
			return nil, err
		}
		s.closers = append(s.closers, quotes.Close, cache.Close, claims.Close)
		deps.Store, deps.Cache, deps.Degraded, deps.Claim = quotes, cache, quotes.Degraded, claims.Claim
		deps.Health = func(context.Context) map[string]string {
			return map[string]string{"store": quotes.Status(), "cache": cache.Status()}
		}
	}
	if err := s.wireSwaps(ctx, o.db, &deps, o.log); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.wireTracking(ctx, o.db, o.track, &deps, o.log); err != nil {
		s.Close()
		return nil, err
	}
	if deps.Book == nil {
		deps.Book = quotes.New(deps.QuoteConfig()) // one quote service for the API and the MCP server
	}
	s.book = deps.Book
	s.store = deps.Store
	s.handler = httpapi.NewHandler(deps)
	return s, nil
}

// Close stops background refreshers and the venue calls still running past
// their requests, and closes the stores and the upstream client.
func (s *stack) Close() {
	s.stop()
	s.wait()
	if s.service != nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		_ = s.service.Engine.Close(ctx)
		cancel()
	}
	for _, c := range s.closers {
		_ = c()
	}
	s.http.Close()
}

// kvOutcomes is --swap-outcome: VENUE=OUTCOME pairs (sim.ParseOutcome),
// repeatable or comma-separated.
type kvOutcomes map[string]sim.Outcome

func (m kvOutcomes) String() string { return joinKV(m) }
func (m kvOutcomes) Set(s string) error {
	for _, kv := range strings.Split(s, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
		if !ok || k == "" {
			return fmt.Errorf("want VENUE=short[:FRACTION], VENUE=hold or VENUE=refund, got %q", kv)
		}
		o, err := sim.ParseOutcome(v)
		if err != nil {
			return err
		}
		m[strings.ToLower(k)] = o
	}
	return nil
}

// proxyClients builds, per venue whose calls go through a SOCKS5 proxy
// (venue.ProxyFor), its own upstream client dialing through it; the other
// venues share the direct one.
func proxyClients(o stackOptions, getenv func(string) string) (map[string]*upstream.Client, error) {
	out := map[string]*upstream.Client{}
	for _, d := range all.Descriptors {
		p := venue.ProxyFor(d, o.venueProxy, getenv)
		if p.URL == "" {
			if p.Why != "" && o.log != nil {
				o.log.Info("venue calls go direct", "venue", d.ID, "why", p.Why)
			}
			continue
		}
		dial, err := upstream.SOCKS5Dial(p.URL)
		if err != nil {
			closeClients(out)
			return nil, fmt.Errorf("venue %s: %w", d.ID, err)
		}
		out[d.ID] = upstream.New(upstream.Options{Dial: dial})
		if o.log != nil {
			o.log.Info("venue calls go through a SOCKS5 proxy", "venue", d.ID, "from", p.Why)
		}
	}
	return out, nil
}

func closeClients(m map[string]*upstream.Client) {
	for _, c := range m {
		c.Close()
	}
}
