package sim

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"strings"
	"sync"
	"time"
)

// refPrice is one ticker's reference price in USD and how it moves.
type refPrice struct {
	usd    float64 // reference price at step 0
	vol    float64 // standard deviation of one walk step, in log terms
	offset float64 // per-venue mids differ by up to ±offset (fraction)
}

// Walk classes: majors move least among coins, stablecoins barely move, the
// dollar never does.
const (
	volMajor  = 0.0015
	volCoin   = 0.0025
	volStable = 0.0001

	offCoin   = 0.003
	offStable = 0.0005
)

// refPrices is the reference table, in USD, keyed by lowercase swapscout ticker.
var refPrices = map[string]refPrice{
	"btc":  {65000, volMajor, offCoin},
	"eth":  {3200, volMajor, offCoin},
	"xmr":  {160, volCoin, offCoin},
	"ltc":  {85, volCoin, offCoin},
	"bch":  {400, volCoin, offCoin},
	"doge": {0.15, volCoin, offCoin},
	"xrp":  {0.6, volCoin, offCoin},
	"ton":  {6, volCoin, offCoin},
	"sol":  {150, volCoin, offCoin},
	"trx":  {0.12, volCoin, offCoin},
	"bnb":  {580, volCoin, offCoin},
	"zec":  {35, volCoin, offCoin},
	"dash": {30, volCoin, offCoin},
	"ada":  {0.45, volCoin, offCoin},
	"dot":  {7, volCoin, offCoin},
	"avax": {35, volCoin, offCoin},
	"pol":  {0.5, volCoin, offCoin},
	"xlm":  {0.11, volCoin, offCoin},
	"firo": {1.5, volCoin, offCoin},
	"near": {1.6, volCoin, offCoin},
	"usdt": {1, volStable, offStable},
	"usdc": {1, volStable, offStable},
	"dai":  {1, volStable, offStable},
	"usd":  {1, 0, 0},
}

// maxUnits is, per ticker, the most of that asset one simulated instant swap
// takes as a deposit (Profile.MaxUSD when that is lower): a few million
// dollars for the majors and stablecoins, less for thinner coins, so that no
// swap service quotes 100,000 BTC. Order books need no such ceiling: a side
// holds Profile.Depth levels of about LevelUSD each, and an amount beyond it
// is refused by the adapter's walk.
var maxUnits = map[string]float64{
	"btc": 80, "eth": 1500, "xmr": 20000, "ltc": 25000, "bch": 5000, "doge": 20e6, "xrp": 5e6, "ton": 400000,
	"sol": 20000, "trx": 20e6, "bnb": 5000, "zec": 30000, "dash": 30000, "ada": 6e6, "dot": 300000,
	"avax": 60000, "pol": 4e6, "xlm": 20e6, "firo": 300000, "near": 1.5e6,
	"usdt": 5e6, "usdc": 5e6, "dai": 2e6, "usd": 5e6,
}

// The walk is a mean-reverting random walk of the log price,
//
//	x(n) = vol × Σ_{k=0}^{min(n,walkWindow)-1} walkDecay^k × Z(n-k),
//
// with Z(i) a standard normal drawn from a hash of (seed, ticker, i). Summing
// a fixed window (instead of stepping from the previous value) makes a price a
// pure function of (seed, ticker, step), whatever steps were asked before;
// walkDecay^walkWindow ≈ 2e-9, so the window loses nothing visible. The
// stationary spread of x is vol/sqrt(1-walkDecay²) ≈ 5×vol.
const (
	walkDecay  = 0.98
	walkWindow = 1000
)

// market is the price state every venue of one Server shares.
type market struct {
	seed  int64
	now   func() time.Time
	start time.Time
	walk  time.Duration

	mu    sync.Mutex
	cache map[string]walkPoint // ticker → last computed point
}

type walkPoint struct {
	step int64
	usd  float64
}

func newMarket(seed int64, now func() time.Time, walk time.Duration) *market {
	return &market{seed: seed, now: now, start: now(), walk: walk, cache: make(map[string]walkPoint)}
}

// step is the number of walk steps taken since the market started.
func (m *market) step() int64 {
	if m.walk <= 0 {
		return 0
	}
	el := m.now().Sub(m.start)
	if el <= 0 {
		return 0
	}
	return int64(el / m.walk)
}

// usd returns ticker's market price (before venue offsets) at step.
func (m *market) usd(ticker string, step int64) (float64, bool) {
	ref, ok := lookupRef(ticker)
	if !ok {
		return 0, false
	}
	if ref.vol == 0 || step <= 0 {
		return ref.usd, true
	}
	m.mu.Lock()
	p, hit := m.cache[ticker]
	m.mu.Unlock()
	if hit && p.step == step {
		return p.usd, true
	}
	v := ref.usd * math.Exp(ref.vol*walkSum(hashString(m.seed, "walk", ticker), step))
	m.mu.Lock()
	m.cache[ticker] = walkPoint{step, v}
	m.mu.Unlock()
	return v, true
}

// walkSum is the unscaled window sum of the walk at step n.
func walkSum(h uint64, n int64) float64 {
	var x float64
	w := 1.0
	for k := int64(0); k < walkWindow && k < n; k++ {
		x += w * normal(mix(h^mix(uint64(n-k))))
		w *= walkDecay
	}
	return x
}

// venueOffset is the fixed fraction by which venue's mid for ticker differs
// from the market's, in [-offset, +offset] of the ticker's class.
func venueOffset(seed int64, venue, ticker string) float64 {
	ref, _ := lookupRef(ticker)
	if ref.offset == 0 {
		return 0
	}
	return ref.offset * (2*unit(hashString(seed, "offset", venue, ticker)) - 1)
}

// hashString hashes seed and parts (FNV-1a, then a 64-bit finaliser).
func hashString(seed int64, parts ...string) uint64 {
	h := fnv.New64a()
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], uint64(seed))
	h.Write(b[:])
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return mix(h.Sum64())
}

// mix is the splitmix64 finaliser.
func mix(z uint64) uint64 {
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// unit maps h to [0, 1).
func unit(h uint64) float64 { return float64(h>>11) / (1 << 53) }

// normal maps h to a standard normal variate (Box–Muller).
func normal(h uint64) float64 {
	u1 := (float64(h>>11) + 1) / (1 << 53) // (0, 1]
	u2 := unit(mix(h))
	return math.Sqrt(-2*math.Log(u1)) * math.Cos(2*math.Pi*u2)
}

// lowerTicker lowercases t only when it needs it.
func lowerTicker(t string) string {
	for i := 0; i < len(t); i++ {
		if c := t[i]; c >= 'A' && c <= 'Z' {
			return strings.ToLower(t)
		}
	}
	return t
}
