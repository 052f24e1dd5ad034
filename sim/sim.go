// Package sim is swapscout's exchange simulator: one HTTP server that serves
// every supported venue's real API format on loopback, so that adapters,
// the engine and the command-line tools can run end to end on machines with
// no internet.
//
// The package is the simulator's core. Venue packages describe their venue
// with a Venue: a Profile (kind, latency, spread, limits, assets or markets)
// and a Handler that speaks the venue's wire format, built over an *Exchange
// that prices quotes and order books. Every Exchange of one Server shares a
// market: reference USD prices (see prices.go) that take a deterministic,
// mean-reverting random walk, one step per Config.WalkInterval, plus a small
// fixed offset per venue so that venues rank differently. Everything derives
// from Config.Seed: servers with the same seed, at the same walk step, give
// the same quotes, books and ids.
//
// Server mounts each venue at "/<id>". Before a venue sees a request, the
// server counts it, waits a log-normally distributed latency (ending early if
// the client goes away) and may inject a fault (Venue.Fault writes the venue's
// own error or rate-limit answer); responses are gzip-compressed when the
// client accepts it. "/_sim/stats" and "/_sim/healthz" serve counters and a
// liveness check.
//
// sim imports no venue package: venue packages import sim.
package sim

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"regexp"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"golang.org/x/time/rate"
)

// Config configures a Server.
type Config struct {
	Seed int64
	// Latency is the median latency of every venue (0 = each venue's
	// Profile.Latency).
	Latency time.Duration
	// Sigma is the log-normal tail shape (0 = 0.35): a request waits
	// median × exp(Sigma×Z), Z ~ N(0,1) clamped to [-2, +4], so never less
	// than about half the median.
	Sigma float64
	// Jitter adds a uniform [0, Jitter) to every wait.
	Jitter time.Duration
	// ErrorRate and RateLimitRate are the probabilities (0..1) that a quote
	// call (any request but a venue's Lists) gets an injected FaultError or
	// FaultRateLimit instead of an answer.
	ErrorRate, RateLimitRate float64
	// ListErrorRate is the probability (0..1) that a request for one of a
	// venue's Lists gets an injected FaultError.
	ListErrorRate float64
	// Per venue id overrides of Latency, ErrorRate and RateLimitRate. A venue
	// present in VenueLatency uses that median, even 0.
	VenueLatency                       map[string]time.Duration
	VenueErrorRate, VenueRateLimitRate map[string]float64
	// WalkInterval: prices take one random-walk step per interval since the
	// server was created (0 = frozen at the reference table).
	WalkInterval time.Duration
	// Secrets maps venue id → the API secret the venue checks signatures with.
	Secrets map[string]string
	// Now is the clock (time.Now if nil).
	Now func() time.Time

	// Simulated swap orders (see orders.go). AutoPay pays every order that
	// long after its creation (0 = only POST /_sim/pay pays). SwapStage is
	// the typical duration of each stage after payment (0 =
	// DefaultSwapStage). SwapFailRate, SwapRefundRate and SwapExpireRate are
	// the fractions of orders that end failed, refunded or expired unpaid.
	// PayoutSpread is the fraction a floating-rate order pays out below its
	// promise. OrderExpiry overrides every venue's wait for the deposit.
	AutoPay, SwapStage, OrderExpiry              time.Duration
	SwapFailRate, SwapRefundRate, SwapExpireRate float64
	PayoutSpread                                 float64
	// Outcomes, by venue id, make every paid order of the venue end one
	// way: paid short, held for verification, or refunded (outcome.go).
	Outcomes map[string]Outcome
	// Chain, when set, is the simulated chain the orders' deposits,
	// payouts and refunds land on (orders.go, onChain), served under
	// /_chain/ in the public formats: sim/chain's Chain.
	Chain Ledger
	// Limits, by venue id, are the rate limits the venues state: a request
	// beyond its venue's gets the venue's rate-limit answer (429, Binance's
	// 418…) at once, counted apart (VenueStats.OverLimit). Venues missing
	// here take any rate.
	Limits map[string]Limit
}

// Ledger is a simulated chain as the order engine uses it (sim/chain's
// Chain is one; this package cannot import it, as sim/chain reads chains
// through the adapters' kit).
type Ledger interface {
	// Land records a transfer, idempotently by txid; a network or asset
	// the chain does not simulate is ignored.
	Land(network, to string, asset swapscout.Asset, amount swapscout.Amount, at time.Time, txid string)
	// Handler serves the chain's public formats.
	Handler() http.Handler
}

// Limit is a venue's stated rate limit: Rate requests per second, Burst at
// once (the requests its window allows).
type Limit struct {
	Rate  float64
	Burst int
}

// DefaultSigma is the latency tail shape used when Config.Sigma is 0.
const DefaultSigma = 0.35

// Server serves simulated venues over HTTP.
type Server struct {
	cfg     Config
	m       *market
	venues  map[string]*mount
	ids     []string // sorted
	handler http.Handler
	chain   http.Handler // Config.Chain's, or nil

	closing  chan struct{} // closed by Close: pending latency waits end
	inflight atomic.Int64  // venue requests being handled

	mu        sync.Mutex
	closed    bool
	srv       *http.Server
	ln        net.Listener
	serveDone chan struct{}
}

// mount is one venue as the server runs it.
type mount struct {
	id       string
	venue    Venue
	x        *Exchange
	handler  http.Handler
	median   time.Duration
	errRate  float64
	rateRate float64
	listRate float64
	lists    *http.ServeMux // matches the venue's list endpoints; nil if none

	mu  sync.Mutex
	rng *rand.Rand // latency and fault draws

	limit *rate.Limiter // the venue's stated limit; nil: none

	requests, errors, rateLimits, overLimit atomic.Int64
}

var venueID = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

// New builds a server for venues, keyed by venue id (lowercase letters,
// digits, '-' and '_'). It validates the configuration (rates in [0,1],
// overrides naming known venues, profiles, assets and markets) and calls each
// venue's Handler once.
func New(cfg Config, venues map[string]Venue) (*Server, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Sigma == 0 {
		cfg.Sigma = DefaultSigma
	}
	if err := cfg.validate(venues); err != nil {
		return nil, err
	}
	s := &Server{
		cfg:     cfg,
		m:       newMarket(cfg.Seed, cfg.Now, cfg.WalkInterval),
		venues:  make(map[string]*mount, len(venues)),
		ids:     slices.Sorted(maps.Keys(venues)),
		closing: make(chan struct{}),
	}
	for _, id := range s.ids {
		v := venues[id]
		if v.Handler == nil {
			return nil, fmt.Errorf("sim: venue %s: Handler is nil", id)
		}
		x, err := newExchange(id, v.Profile, cfg.Secrets[id], s.m)
		if err != nil {
			return nil, fmt.Errorf("sim: venue %s: %w", id, err)
		}
		x.orders = newOrderBook(&s.cfg)
		mt := &mount{
			id: id, venue: v, x: x,
			median:   v.Profile.Latency,
			errRate:  cfg.ErrorRate,
			rateRate: cfg.RateLimitRate,
			listRate: cfg.ListErrorRate,
			rng:      rand.New(rand.NewPCG(hashString(cfg.Seed, "latency", id), hashString(cfg.Seed, "fault", id))),
		}
		if cfg.Latency > 0 {
			mt.median = cfg.Latency
		}
		if d, ok := cfg.VenueLatency[id]; ok {
			mt.median = d
		}
		if r, ok := cfg.VenueErrorRate[id]; ok {
			mt.errRate = r
		}
		if r, ok := cfg.VenueRateLimitRate[id]; ok {
			mt.rateRate = r
		}
		if l, ok := cfg.Limits[id]; ok && l.Rate > 0 {
			mt.limit = rate.NewLimiter(rate.Limit(l.Rate), max(l.Burst, 1))
		}
		if len(v.Lists) > 0 {
			mt.lists = http.NewServeMux()
			for _, p := range v.Lists {
				if err := registerList(mt.lists, p); err != nil {
					return nil, fmt.Errorf("sim: venue %s: list %q: %v", id, p, err)
				}
			}
		}
		mt.handler = v.Handler(x)
		if mt.handler == nil {
			return nil, fmt.Errorf("sim: venue %s: Handler returned nil", id)
		}
		s.venues[id] = mt
	}
	s.handler = http.HandlerFunc(s.serve)
	if cfg.Chain != nil {
		s.chain = cfg.Chain.Handler()
	}
	return s, nil
}

func (c *Config) validate(venues map[string]Venue) error {
	rate := func(what string, r float64) error {
		if !(r >= 0 && r <= 1) {
			return fmt.Errorf("sim: %s %v must be in [0, 1]", what, r)
		}
		return nil
	}
	switch {
	case c.Latency < 0 || c.Jitter < 0 || c.WalkInterval < 0:
		return errors.New("sim: Latency, Jitter and WalkInterval must not be negative")
	case !(c.Sigma > 0) || math.IsInf(c.Sigma, 0):
		return fmt.Errorf("sim: Sigma %v must be positive", c.Sigma)
	}
	if err := c.validateOrders(); err != nil {
		return err
	}
	if err := rate("ErrorRate", c.ErrorRate); err != nil {
		return err
	}
	if err := rate("RateLimitRate", c.RateLimitRate); err != nil {
		return err
	}
	if err := rate("ListErrorRate", c.ListErrorRate); err != nil {
		return err
	}
	if err := c.validateOutcomes(venues); err != nil {
		return err
	}
	for id := range venues {
		if !venueID.MatchString(id) {
			return fmt.Errorf("sim: venue id %q must be lowercase letters, digits, '-' or '_'", id)
		}
	}
	known := func(what, id string) error {
		if _, ok := venues[id]; !ok {
			return fmt.Errorf("sim: %s names unknown venue %q", what, id)
		}
		return nil
	}
	for id, d := range c.VenueLatency {
		if err := known("VenueLatency", id); err != nil {
			return err
		}
		if d < 0 {
			return fmt.Errorf("sim: VenueLatency[%s] must not be negative", id)
		}
	}
	for id, r := range c.VenueErrorRate {
		if err := known("VenueErrorRate", id); err != nil {
			return err
		}
		if err := rate("VenueErrorRate["+id+"]", r); err != nil {
			return err
		}
	}
	for id, r := range c.VenueRateLimitRate {
		if err := known("VenueRateLimitRate", id); err != nil {
			return err
		}
		if err := rate("VenueRateLimitRate["+id+"]", r); err != nil {
			return err
		}
	}
	return nil
}

// registerList adds pattern to mux, turning ServeMux's panic on a bad or
// duplicate pattern into an error.
func registerList(mux *http.ServeMux, pattern string) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	mux.Handle(pattern, http.NotFoundHandler())
	return nil
}

// isList reports whether r (mount prefix stripped) asks for one of the
// venue's list endpoints.
func (mt *mount) isList(r *http.Request) bool {
	if mt.lists == nil {
		return false
	}
	_, pattern := mt.lists.Handler(r)
	return pattern != ""
}

// Exchange returns the exchange of venue id, or nil.
func (s *Server) Exchange(id string) *Exchange {
	if mt, ok := s.venues[id]; ok {
		return mt.x
	}
	return nil
}

// Handler returns the simulator's HTTP handler: "/<id>/..." goes to venue id
// with "/<id>" stripped (after latency and fault injection), "/_sim/stats"
// serves request counters per venue as JSON, "/_sim/healthz" answers "ok".
// Anything else is 404.
func (s *Server) Handler() http.Handler { return s.handler }

// Start listens on addr (e.g. "127.0.0.1:0") and serves Handler in the
// background until Close.
func (s *Server) Start(addr string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	ln, err := Listen("sim", s.closed, s.srv != nil, addr)
	if err != nil {
		return err
	}
	s.ln = ln
	s.srv = HTTPServer(s.handler)
	s.serveDone = make(chan struct{})
	go func(srv *http.Server, done chan struct{}) {
		defer close(done)
		_ = srv.Serve(ln) // returns http.ErrServerClosed on Close
	}(s.srv, s.serveDone)
	return nil
}

// URL returns "http://HOST:PORT" of the listener after Start ("" before).
// An unspecified listen address is reported as 127.0.0.1.
func (s *Server) URL() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ln == nil {
		return ""
	}
	return BaseURL(s.ln.Addr())
}

// VenueURL returns URL()+"/"+id: the base URL an adapter is given.
func (s *Server) VenueURL(id string) string { return s.URL() + "/" + id }

// Requests returns how many requests venue id received (counted on arrival,
// faulted and abandoned ones included) since start or the last ResetCounters.
func (s *Server) Requests(id string) int64 {
	if mt, ok := s.venues[id]; ok {
		return mt.requests.Load()
	}
	return 0
}

// ResetCounters sets every venue's counters to zero.
func (s *Server) ResetCounters() {
	for _, mt := range s.venues {
		mt.requests.Store(0)
		mt.errors.Store(0)
		mt.rateLimits.Store(0)
	}
}

// closeTimeout bounds how long Close waits for handlers before cutting
// connections.
const closeTimeout = 5 * time.Second

// Close stops listening, ends pending latency waits (those requests get a
// 503), waits for in-flight handlers and returns when the serving goroutine
// has exited. It is safe to call more than once, and without Start.
func (s *Server) Close() error {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil
	}
	s.closed = true
	close(s.closing)
	srv, done := s.srv, s.serveDone
	s.mu.Unlock()
	if srv == nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), closeTimeout)
	defer cancel()
	err := srv.Shutdown(ctx)
	if err != nil {
		err = errors.Join(err, srv.Close())
	}
	<-done
	return err
}
