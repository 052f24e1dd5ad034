package sim

import (
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
)

// Venue is one venue's simulated API, provided by the venue's package.
type Venue struct {
	Profile Profile
	// Handler serves the venue's wire format; requests arrive with the
	// "/<id>" mount prefix stripped. It is called once, by New.
	Handler func(x *Exchange) http.Handler
	// Fault writes the venue's own answer for an injected fault (its real
	// error/rate-limit shape and status). When nil, a plain-text 500 or 429
	// is written.
	Fault func(w http.ResponseWriter, r *http.Request, f Fault)
	// Lists are the ServeMux patterns ("GET /api/v3/exchangeInfo") of the
	// venue's list endpoints: markets, currencies, pairs, which a client
	// loads at start and refreshes now and then. Config.ErrorRate and
	// RateLimitRate (and their per-venue overrides) apply to every other
	// endpoint, the quote calls; Config.ListErrorRate applies to these.
	Lists []string
}

// Profile describes how a venue prices and how fast it answers.
type Profile struct {
	Kind    swapscout.VenueKind // InstantSwap or OrderBook
	Latency time.Duration       // realistic median latency (unless Config.Latency/VenueLatency override)
	// Spread is, for an instant swap, the fraction below mid; for an order
	// book, the half-spread at the top of the book.
	Spread     float64
	FixedExtra float64 // instant swap: extra spread for fixed-rate quotes
	Fee        float64 // order book taker fee fraction (informational; the adapter applies its own fee table)
	// MinUSD and MaxUSD are an instant swap's limits in USD (MaxUSD 0 = none).
	MinUSD, MaxUSD float64
	NetworkFeeUSD  float64           // instant swap: withdrawal fee in USD deducted from the output
	Assets         []swapscout.Asset // instant swap: assets served (nil = the whole swapscout.Assets catalogue)
	// Markets are an order book's markets as "BASE/QUOTE" tickers, uppercase,
	// e.g. "BTC/USDT", "ETH/BTC", "BTC/USD" (USD allowed as quote).
	Markets  []string
	Depth    int           // order book levels per side available (default 100)
	LevelUSD float64       // order book liquidity per level in USD (default 20000)
	RateTTL  time.Duration // lifetime of fixed rate ids (default 10m)
	// Holds says the venue has its own word for an order held for
	// verification (StageHeld), so that Config.Outcomes may hold its
	// orders; its handler must name that stage.
	Holds bool
}

// Profile defaults.
const (
	DefaultDepth    = 100
	DefaultLevelUSD = 20000
	DefaultRateTTL  = 10 * time.Minute
)

// Fault is a failure the simulator injects instead of the venue's answer.
type Fault int

const (
	FaultError     Fault = iota + 1 // the venue fails (5xx or its error shape)
	FaultRateLimit                  // the venue rate-limits the caller
)

func (f Fault) String() string {
	switch f {
	case FaultError:
		return "error"
	case FaultRateLimit:
		return "rate_limit"
	}
	return "Fault(" + strconv.Itoa(int(f)) + ")"
}

// Market is an order-book market, as uppercase tickers.
type Market struct{ Base, Quote string }

func (m Market) String() string { return m.Base + "/" + m.Quote }

// Exchange is one venue's view of the shared market: its prices (the market's
// walk plus the venue's own small offsets), its quotes, books and ids. It is
// safe for concurrent use.
type Exchange struct {
	id      string
	profile Profile
	secret  string
	m       *market
	idBase  uint64
	ids     atomic.Uint64

	offsets  map[string]float64 // ticker → venue offset
	assets   map[swapscout.Asset]swapscout.AssetInfo
	markets  []Market
	marketOK map[Market]bool

	// moved is a move of this venue's rates that a test makes (MoveRate):
	// a fraction, as float64 bits, every later quote gives less.
	moved atomic.Uint64

	orders     *orderBook // swap orders (orders.go)
	ordersOnce sync.Once
	quoted     sync.Map    // pair → the amount last quoted (expect.go)
	memos      DepositMemo // how the venue reads deposits' memos (memo.go); nil: as they are
}

func newExchange(id string, p Profile, secret string, m *market) (*Exchange, error) {
	if err := p.validate(); err != nil {
		return nil, err
	}
	if p.Depth == 0 {
		p.Depth = DefaultDepth
	}
	if p.LevelUSD == 0 {
		p.LevelUSD = DefaultLevelUSD
	}
	if p.RateTTL == 0 {
		p.RateTTL = DefaultRateTTL
	}
	x := &Exchange{
		id: id, secret: secret, m: m,
		idBase:   hashString(m.seed, "id", id),
		offsets:  make(map[string]float64, len(refPrices)),
		assets:   make(map[swapscout.Asset]swapscout.AssetInfo),
		marketOK: make(map[Market]bool),
	}
	for t := range refPrices {
		x.offsets[t] = venueOffset(m.seed, id, t)
	}
	if p.Assets == nil {
		for _, a := range swapscout.Assets {
			x.assets[a.Asset] = a
		}
	} else {
		for _, a := range p.Assets {
			info, ok := swapscout.LookupAsset(a)
			if !ok {
				return nil, fmt.Errorf("asset %s is not in the swapscout catalogue", a)
			}
			if _, ok := lookupRef(a.Ticker); !ok {
				return nil, fmt.Errorf("asset %s has no reference price", a)
			}
			x.assets[a] = info
		}
		p.Assets = slices.Clone(p.Assets)
	}
	for _, s := range p.Markets {
		mk, err := parseMarket(s)
		if err != nil {
			return nil, err
		}
		if x.marketOK[mk] {
			return nil, fmt.Errorf("market %s listed twice", s)
		}
		x.marketOK[mk] = true
		x.markets = append(x.markets, mk)
	}
	p.Markets = slices.Clone(p.Markets)
	x.profile = p
	return x, nil
}

func (p *Profile) validate() error {
	bad := func(f float64) bool { return math.IsNaN(f) || math.IsInf(f, 0) || f < 0 }
	switch {
	case p.Kind != swapscout.InstantSwap && p.Kind != swapscout.OrderBook:
		return fmt.Errorf("unknown kind %q", p.Kind)
	case p.Latency < 0:
		return fmt.Errorf("negative latency")
	case bad(p.Spread) || bad(p.FixedExtra) || p.Spread+p.FixedExtra >= 1:
		return fmt.Errorf("spread %v + fixed extra %v must be in [0, 1)", p.Spread, p.FixedExtra)
	case bad(p.Fee) || p.Fee >= 1:
		return fmt.Errorf("fee %v must be in [0, 1)", p.Fee)
	case bad(p.MinUSD) || bad(p.MaxUSD) || bad(p.NetworkFeeUSD) || bad(p.LevelUSD):
		return fmt.Errorf("USD amounts must be finite and non-negative")
	case p.MaxUSD != 0 && p.MaxUSD < p.MinUSD:
		return fmt.Errorf("MaxUSD %v is below MinUSD %v", p.MaxUSD, p.MinUSD)
	case p.Depth < 0:
		return fmt.Errorf("negative depth")
	case p.RateTTL < 0:
		return fmt.Errorf("negative rate TTL")
	}
	return nil
}

// parseMarket parses "BASE/QUOTE" (uppercase tickers with reference prices).
func parseMarket(s string) (Market, error) {
	b, q, ok := strings.Cut(s, "/")
	if !ok || b == "" || q == "" || strings.ToUpper(s) != s {
		return Market{}, fmt.Errorf("market %q: want uppercase BASE/QUOTE", s)
	}
	if b == q {
		return Market{}, fmt.Errorf("market %q: base and quote are the same", s)
	}
	for _, t := range []string{b, q} {
		if _, ok := lookupRef(strings.ToLower(t)); !ok {
			return Market{}, fmt.Errorf("market %q: no reference price for %s", s, t)
		}
	}
	return Market{b, q}, nil
}

// ID returns the venue id the exchange is mounted under.
func (x *Exchange) ID() string { return x.id }

// Now returns the simulator's clock.
func (x *Exchange) Now() time.Time { return x.m.now() }

// Profile returns the venue's profile with defaults filled in.
func (x *Exchange) Profile() Profile {
	p := x.profile
	p.Assets = slices.Clone(p.Assets)
	p.Markets = slices.Clone(p.Markets)
	return p
}

// Secret returns the API secret this venue was configured with (for venues
// that check HMAC signatures), or "" if none.
func (x *Exchange) Secret() string { return x.secret }

// Markets returns the venue's order-book markets, parsed from Profile.Markets.
func (x *Exchange) Markets() []Market { return slices.Clone(x.markets) }

// Assets returns the catalogue entries of the assets the venue serves for
// instant swaps (Profile.Assets, or the whole catalogue), in catalogue order.
func (x *Exchange) Assets() []swapscout.AssetInfo {
	out := make([]swapscout.AssetInfo, 0, len(x.assets))
	for _, a := range swapscout.Assets {
		if _, ok := x.assets[a.Asset]; ok {
			out = append(out, a)
		}
	}
	return out
}

// NewID returns prefix followed by 16 hex digits, deterministic from the
// seed, the venue id and a per-venue counter: the same sequence of calls on a
// server with the same seed yields the same ids.
func (x *Exchange) NewID(prefix string) string {
	n := x.ids.Add(1)
	return fmt.Sprintf("%s%016x", prefix, mix(x.idBase^mix(n)))
}

// USD returns the venue's current price in USD of a swapscout ticker ("usd"
// is always 1), or 0 for a ticker with no reference price. Prices follow the
// shared market walk, plus a small fixed per-venue offset so that venues rank
// differently.
func (x *Exchange) USD(ticker string) float64 {
	return x.usdAt(lowerTicker(ticker), x.m.step())
}

func (x *Exchange) usdAt(ticker string, step int64) float64 {
	p, ok := x.m.usd(ticker, step)
	if !ok {
		return 0
	}
	return p * (1 + x.offsets[ticker])
}

// MoveRate makes every later quote of x give fraction less than its model
// (0.03: 3 % less; 0: as the model says): a market move at one venue on
// demand, for a test of what happens when a rate moves mid-swap.
func (x *Exchange) MoveRate(fraction float64) { x.moved.Store(math.Float64bits(fraction)) }
