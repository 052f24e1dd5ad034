package venue

import (
	"time"

	"golang.org/x/time/rate"
)

// Limit is how fast swapscout lets itself call one venue, and how long it
// holds off after a rate-limit answer that says nothing about when to come
// back.
type Limit struct {
	Rate  rate.Limit // calls per second, sustained; 0: no limit
	Burst int        // calls that may go at once after a quiet spell
	// Backoff is the first hold-off after a rate-limit answer without
	// Retry-After; it doubles with each such answer in a row, up to
	// MaxBackoff. DefaultBackoff when zero.
	Backoff time.Duration
	// Documented says the figures come from the venue's own documentation
	// (or its recorded answers); otherwise they follow what maintained
	// client libraries enforce.
	Documented bool
}

// DefaultBackoff is the first hold-off after a bare rate-limit answer.
const DefaultBackoff = time.Second

// DefaultLimit is for venues that document no limit: conservative, since
// an unknown limit can be a low one, yet enough for a quote's two or three
// calls to go at once.
var DefaultLimit = Limit{Rate: 5, Burst: 10}

// Limits are the outbound limits of the venues whose documentation states
// one, by venue id. Each is set at or below the venue's figure, as a share
// of an IP budget that swapscout's other calls (market lists) also use.
// Book depth costs weight at some venues; the figures assume the depths
// the adapters ask for. Venues missing here get DefaultLimit.
var Limits = map[string]Limit{
	// Binance spot API docs, "Limits" (and the rateLimits of exchangeInfo):
	// 6000 request weight per minute per IP; /api/v3/depth weighs 5 up to
	// 100 levels and 50 up to 1000. 2 calls/s of weight 50 is 6000/min.
	"binance": {Rate: 2, Burst: 10, Documented: true},
	// Bitfinex v2 docs, "Books" page: 240 requests per minute; going over
	// blocks the IP for 10 to 60 seconds.
	"bitfinex": {Rate: 2, Burst: 5, Backoff: time.Minute, Documented: true},
	// Bitget v2 docs, spot "Get OrderBook Depth": 20 requests per second
	// per IP.
	"bitget": {Rate: 10, Burst: 20, Documented: true},
	// Bitstamp: its API page is recalled as 400 requests per second and
	// 10,000 per 10 minutes (unverified); client libraries keep to 8000 per
	// 10 minutes. 10/s is 6000 per 10 minutes.
	"bitstamp": {Rate: 10, Burst: 20},
	// Bybit v5 docs, "Rate Limit": 600 requests per 5 seconds per IP over
	// all of api.bybit.com; going over blocks the IP.
	"bybit": {Rate: 20, Burst: 40, Documented: true},
	// Coinbase Exchange: client libraries enforce 10 requests per second
	// per IP on public endpoints (the docs are recalled to allow bursts to
	// 15, unverified).
	"coinbase": {Rate: 8, Burst: 12},
	// FixedFloat API docs: 250 weight units per minute, 1 per call other
	// than creating an order.
	"fixedfloat": {Rate: 3, Burst: 10, Documented: true},
	// Gate v4 docs and its 2024-01-22 announcement: 200 requests per 10
	// seconds per endpoint per IP on public endpoints.
	"gate": {Rate: 10, Burst: 20, Backoff: 2 * time.Second, Documented: true},
	// Gemini: client libraries use 120 requests per minute without a key;
	// the docs are recalled to ask for at most 1 per second (unverified).
	"gemini": {Rate: 1, Burst: 5, Backoff: 2 * time.Second},
	// HTX docs give no figure we could verify; client libraries keep market
	// data to 7 to 10 requests per second. Taken lower.
	"htx": {Rate: 5, Burst: 10, Backoff: 2 * time.Second},
	// Kraken: public endpoints take about 1 request per second per IP and
	// endpoint, as client libraries enforce it; a guideline, not a
	// published figure.
	"kraken": {Rate: 1, Burst: 3, Backoff: 2 * time.Second},
	// KuCoin docs, "Rate Limit" (resource pools): 2000 weight per 30
	// seconds per IP in the public pool; level2_100 weighs 4.
	"kucoin": {Rate: 8, Burst: 20, Backoff: 5 * time.Second, Documented: true},
	// MEXC spot v3 docs, "General Info": 500 requests per 10 seconds per
	// endpoint per IP.
	"mexc": {Rate: 20, Burst: 40, Documented: true},
	// OKX v5 docs, "Get order book": 40 requests per 2 seconds per IP.
	"okx": {Rate: 10, Burst: 20, Backoff: 2 * time.Second, Documented: true},
}

// LimitOf returns the limit for venue id: its row in Limits, else
// DefaultLimit.
func LimitOf(id string) Limit {
	if l, ok := Limits[id]; ok {
		return l
	}
	return DefaultLimit
}
