package httpapi

import (
	"context"
	"log/slog"
	"net/netip"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/quotes"
)

// Deps are the handlers' dependencies.
type Deps struct {
	// Quotes, Store, Cache, CacheWindow, TTL and DefaultDeadline make the
	// quote service (quotes.Config) unless Book is set: the engine that
	// fans out (aggregate.Service), where quotes are kept by id, and the
	// identical-request cache.
	Quotes quotes.Engine
	Store  swapscout.QuoteStore
	// Cache, when set, answers identical requests within CacheWindow from
	// the quote they produced (its age in the answer); it can be the shared
	// Redis store so several instances share hits.
	Cache       swapscout.QuoteStore
	CacheWindow time.Duration
	// Claim collapses identical fan-outs across instances (quotes.Config).
	Claim  func(ctx context.Context, key string, ttl time.Duration) bool
	Venues func() []swapscout.VenueInfo
	// Health reports dependencies' state for /healthz (e.g. "store": "memory");
	// a "status" entry ("degraded") stands for the whole instead of "ok".
	Health func(ctx context.Context) map[string]string
	// Degraded, when set and true, makes every quote answer carry
	// X-Swapscout-Store: the shared store is down and quotes live in memory.
	Degraded func() bool

	TTL             time.Duration // how long a quote id stays readable (default 2m)
	DefaultDeadline time.Duration // fan-out deadline when the request names none (default 3s)
	MaxDeadline     time.Duration // the longest deadline a request may ask for (default 30s)
	Now             func() time.Time
	Logger          *slog.Logger

	// FanOutRate is how many uncached fan-outs (GET /v1/quotes misses and
	// streams) one client may start per second, with bursts of FanOutBurst;
	// past it the answer is 429 with Retry-After. 0 means DefaultFanOutRate
	// and DefaultFanOutBurst; negative, no limit. The client is the peer's
	// address, or the X-Forwarded-For client when the peer is in
	// TrustedProxies.
	FanOutRate     float64
	FanOutBurst    int
	TrustedProxies []netip.Prefix
	// MaxStreams caps the open SSE streams (0: DefaultMaxStreams; negative:
	// no cap); past it a stream request gets 503 with Retry-After.
	MaxStreams int
	// MaxClientStreams caps the SSE streams one client (as FanOutRate
	// tells clients apart) may hold open (0: DefaultMaxClientStreams;
	// negative: no cap); past it a stream request gets 429 with
	// Retry-After.
	MaxClientStreams int

	// Hooks for metrics, each optional: OnCache(hit) for every identical-
	// request cache lookup that answers or misses; OnStream(+1/-1) as
	// streams start and end.
	OnCache  func(hit bool)
	OnStream func(delta int)
	// Metrics, when set, renders the metrics exposition for GET /metrics
	// (body, content type); unset, /metrics is 404.
	Metrics func() ([]byte, string, error)

	// Swaps creates and reads swaps; nil, the swap routes and pages answer
	// 503 (no database configured).
	Swaps SwapService
	// SwapFeed pushes swap changes to event streams and tracker pages; nil,
	// they poll the SwapService.
	SwapFeed SwapFeed
	// Book, when set, is the quote service the API shares with the swap
	// flow (quotes.New(d.QuoteConfig()) from the same Deps); nil,
	// NewHandler makes its own.
	Book *quotes.Service
	// Composite makes the quote service search two-leg routes and splits
	// across venues (routes=, split=; quotes.Config.Composite); off,
	// every quote is direct offers only, whatever it asks.
	Composite bool
	// MaxFanOuts bounds the uncached quotes made at once
	// (quotes.Config.MaxFanOuts).
	MaxFanOuts int
	// Accuracy, when set, gives each venue's figures over its finished swaps
	// in the last AccuracyWindow, shown by GET /v1/venues.
	Accuracy       func(ctx context.Context) (map[string]swapscout.VenueAccuracy, error)
	AccuracyWindow time.Duration

	// APIKeys are the native API's keys (optional): a request carrying
	// one is limited by the key's own rate instead of its address's
	// fan-out limit; an unknown key is refused (401). RequireKeyForSwaps
	// makes POST /v1/swaps answer 401 without a key.
	APIKeys            *Keys
	RequireKeyForSwaps bool
	// TrocadorKeys, when set, serves the Trocador-compatible API under
	// /trocador/ to clients with one of them (API-Key header); nil, those
	// routes answer 404 as Trocador's would for a missing API.
	TrocadorKeys *Keys
	// Board, when set, computes this instance's outcome board from its
	// stored swaps (GET /v1/board, the /board page); ImportedBoards gives
	// the signed boards of other instances its operator imported, verified.
	Board          func(ctx context.Context) (*swapscout.Board, error)
	ImportedBoards func() []api.ImportedBoard
	// Retention is how long a swap is kept whole once over (0: forever),
	// as the privacy page states it.
	Retention time.Duration
	// OnionURL, when set (http://….onion, no trailing slash), is this
	// service's onion address: every page answers with an Onion-Location
	// header naming the same page there, so Tor Browser offers it.
	OnionURL string
}

// deps is Deps plus the handlers' shared state.
type deps struct {
	Deps
	quotes  *quotes.Service // makes, collapses, caches and stores quotes
	clients clientIDs       // who a request comes from
	limiter *clientLimiter  // nil: no per-client fan-out limit
	streams streamSlots
}

// NewHandler returns the API with every route. This is the one list of routes;
// openapi.json documents exactly these (TestOpenAPIMatchesRoutes).
func NewHandler(d Deps) *Handler {
	d.defaults()
	h := &Handler{log: d.Logger, onion: d.OnionURL}
	dp := &deps{Deps: d, quotes: d.Book, clients: clientIDs{trusted: d.TrustedProxies}, limiter: newClientLimiter(d.FanOutRate, d.FanOutBurst)}
	if dp.quotes == nil {
		dp.quotes = quotes.New(d.QuoteConfig())
	}
	if d.MaxStreams == 0 {
		d.MaxStreams = DefaultMaxStreams
	}
	dp.streams.max = int64(d.MaxStreams)
	if d.MaxClientStreams == 0 {
		d.MaxClientStreams = DefaultMaxClientStreams
	}
	dp.streams.perClient = d.MaxClientStreams
	h.handle("GET", "/v1/quotes", handleQuoteCreate(dp))
	h.handle("GET", "/v1/quotes/stream", limitStream(dp, handleQuoteStream(dp)))
	h.handle("GET", "/v1/quotes/{id}", handleQuoteGet(dp))
	h.handle("POST", "/v1/swaps", handleSwapCreate(dp))
	h.handle("GET", "/v1/swaps/{id}", handleSwapGet(dp))
	h.handle("POST", "/v1/swaps/{id}/deposit", handleSwapDeposit(dp))
	h.handle("GET", "/v1/swaps/{id}/events", handleSwapEvents(dp))
	h.handle("GET", "/v1/venues", handleVenues(dp))
	h.handle("GET", "/v1/assets", handleAssets())
	h.handle("GET", "/v1/board", handleBoard(dp))
	h.handle("GET", "/v1/openapi.json", handleOpenAPI())
	h.handle("GET", "/healthz", handleHealth(dp))
	h.handle("GET", "/metrics", handleMetrics(dp))
	// The Trocador-compatible API (trocador.go): a wallet speaking
	// Trocador's API moves here by changing its base URL.
	h.handle("GET", "/trocador/new_rate", trocador(dp, handleTrocadorRate))
	h.handle("GET", "/trocador/new_trade", trocador(dp, handleTrocadorTrade))
	h.handle("GET", "/trocador/trade", trocador(dp, handleTrocadorGetTrade))
	h.handle("GET", "/trocador/coins", trocador(dp, handleTrocadorCoins))
	h.handle("GET", "/trocador/exchanges", trocador(dp, handleTrocadorExchanges))
	h.handle("GET", "/trocador/validateaddress", trocador(dp, handleTrocadorValidate))
	registerPages(h, dp) // the web page (pages.go); not API, not in openapi.json
	return h
}

// QuoteConfig is the quote service's configuration d describes, with
// NewHandler's defaults.
func (d Deps) QuoteConfig() quotes.Config {
	d.defaults()
	return quotes.Config{Engine: d.Quotes, Store: d.Store, Cache: d.Cache, CacheWindow: d.CacheWindow, Claim: d.Claim,
		Venues: d.Venues, TTL: d.TTL, DefaultDeadline: d.DefaultDeadline, Now: d.Now, Logger: d.Logger,
		Composite: d.Composite, MaxFanOuts: d.MaxFanOuts}
}

// defaults fills in the defaults of unset fields.
func (d *Deps) defaults() {
	if d.TTL <= 0 {
		d.TTL = quotes.DefaultTTL
	}
	if d.DefaultDeadline <= 0 {
		d.DefaultDeadline = quotes.DefaultDeadline
	}
	if d.MaxDeadline <= 0 {
		d.MaxDeadline = 30 * time.Second
	}
	if d.Now == nil {
		d.Now = time.Now
	}
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	if d.Venues == nil {
		d.Venues = func() []swapscout.VenueInfo { return nil }
	}
}
