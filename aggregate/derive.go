package aggregate

import (
	"errors"
	"slices"
	"sync"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/opt"
)

// Derived answers. A quote asks every venue, but a venue allows us only so
// many calls a second (its Limit, shared by every instance). When a call
// would have to wait for a token it only gets near its deadline, a recent
// answer of the same venue for the same pair, direction and rate type,
// at nearby amounts, says almost as much: the engine serves an offer
// derived from them, and says so (Offer.Derived: its age and the amounts it
// came from). It is honest only within bounds, so a derived offer needs:
//
//   - answers at most MaxAge old (the oldest one used counts);
//   - the asked amount answered exactly, or bracketed by two answers whose
//     amounts differ by at most MaxSpan (their ratio) and whose rates
//     differ by at most MaxRateGap (relative): on a rate curve that is
//     monotone between them (fees amortised, or slippage down a book) the
//     interpolated amount is then off by less than that gap;
//   - the asked amount within the limits the newer answer gave.
//
// It interpolates amounts, not rates, exactly (swapscout.Amount), and
// rounds in the user's disfavour: less received, more to send. Fixed-rate
// requests are never derived (a fixed rate is a venue's promise with an id
// of its own), nor those marked swapscout.WithFresh (the re-quote before a
// swap).

// DeriveOptions bound derived answers; zero fields take the defaults.
type DeriveOptions struct {
	MaxAge     time.Duration // DefaultDeriveAge
	MaxSpan    float64       // DefaultDeriveSpan
	MaxRateGap float64       // DefaultDeriveGap
	// Keep is how many recent answers are kept per venue and pair
	// (DefaultDeriveKeep).
	Keep int
}

// Defaults of DeriveOptions.
const (
	DefaultDeriveAge  = 10 * time.Second
	DefaultDeriveSpan = 2.0
	DefaultDeriveGap  = 0.005
	DefaultDeriveKeep = 16
)

// curves keeps each venue's recent answers, by venue, pair, direction and
// rate type.
type curves struct {
	o    DeriveOptions
	now  func() time.Time
	mu   sync.Mutex
	byID map[curveKey]*curve
	// served counts derived offers served (Derived).
	served int64
}

type curveKey struct {
	venue    string
	from, to swapscout.Asset
	dir      swapscout.Direction
}

// point is one answer: the asked amount x (AmountIn for a send, AmountOut
// for a receive) and the other side y, when it came, and the limits it gave.
type point struct {
	x, y  swapscout.Amount
	xf    float64
	at    time.Time
	offer swapscout.Offer // the answer, for its limits, fees and ETA
}

// curve is one key's answers, sorted by x.
type curve struct{ pts []point }

func newCurves(o DeriveOptions, now func() time.Time) *curves {
	o.MaxAge = opt.Or(o.MaxAge, DefaultDeriveAge)
	if o.MaxSpan <= 1 {
		o.MaxSpan = DefaultDeriveSpan
	}
	o.MaxRateGap = opt.Or(o.MaxRateGap, DefaultDeriveGap)
	if o.Keep < 2 {
		o.Keep = DefaultDeriveKeep
	}
	return &curves{o: o, now: now, byID: map[curveKey]*curve{}}
}

func derivable(req swapscout.QuoteRequest) bool { return req.RateType == swapscout.Float }

func xy(d swapscout.Direction, o *swapscout.Offer) (x, y swapscout.Amount) {
	if d == swapscout.Receive {
		return o.AmountOut, o.AmountIn
	}
	return o.AmountIn, o.AmountOut
}

// record keeps a checked answer of venue for req.
func (c *curves) record(venue string, req swapscout.QuoteRequest, o *swapscout.Offer) {
	if !derivable(req) || o.Derived != nil {
		return
	}
	// The asked amount is the request's: for a receive the venue may
	// answer a little more than asked, and the curve is of what was asked.
	x, y := req.Amount, swapscout.Amount{}
	if req.Direction == swapscout.Receive {
		y = o.AmountIn
	} else {
		_, y = xy(req.Direction, o)
	}
	p := point{x: x, y: y, xf: x.Float64(), at: c.now(), offer: *o}
	p.offer.Fees = slices.Clone(o.Fees)
	k := curveKey{venue, req.From, req.To, req.Direction}
	c.mu.Lock()
	defer c.mu.Unlock()
	cv := c.byID[k]
	if cv == nil {
		cv = &curve{}
		c.byID[k] = cv
	}
	cv.prune(p.at, c.o.MaxAge)
	i, found := slices.BinarySearchFunc(cv.pts, x, func(p point, x swapscout.Amount) int { return p.x.Cmp(x) })
	if found {
		cv.pts[i] = p
		return
	}
	if len(cv.pts) >= c.o.Keep {
		// Drop the oldest to make room.
		old := 0
		for j := range cv.pts {
			if cv.pts[j].at.Before(cv.pts[old].at) {
				old = j
			}
		}
		cv.pts = slices.Delete(cv.pts, old, old+1)
		if old < i {
			i--
		}
	}
	cv.pts = slices.Insert(cv.pts, i, p)
}

// prune drops the answers older than maxAge.
func (cv *curve) prune(now time.Time, maxAge time.Duration) {
	cv.pts = slices.DeleteFunc(cv.pts, func(p point) bool { return now.Sub(p.at) > maxAge })
}

// has reports whether a derived answer of venue for req exists now.
func (c *curves) has(venue string, req swapscout.QuoteRequest) bool {
	_, ok := c.derive(venue, req, false)
	return ok
}

// derive returns the offer venue's recent answers give for req.
func (c *curves) derive(venue string, req swapscout.QuoteRequest, count bool) (swapscout.Offer, bool) {
	if !derivable(req) {
		return swapscout.Offer{}, false
	}
	now := c.now()
	c.mu.Lock()
	defer c.mu.Unlock()
	cv := c.byID[curveKey{venue, req.From, req.To, req.Direction}]
	if cv == nil {
		return swapscout.Offer{}, false
	}
	cv.prune(now, c.o.MaxAge)
	i, found := slices.BinarySearchFunc(cv.pts, req.Amount, func(p point, x swapscout.Amount) int { return p.x.Cmp(x) })
	var o swapscout.Offer
	switch {
	case found:
		p := &cv.pts[i]
		o = c.offer(req, p, p, p.y, now)
	case i > 0 && i < len(cv.pts):
		lo, hi := &cv.pts[i-1], &cv.pts[i]
		if lo.xf <= 0 || hi.xf/lo.xf > c.o.MaxSpan {
			return swapscout.Offer{}, false
		}
		rl, rh := lo.y.Float64()/lo.xf, hi.y.Float64()/hi.xf
		if rl <= 0 || rh <= 0 || max(rl, rh)/min(rl, rh)-1 > c.o.MaxRateGap {
			return swapscout.Offer{}, false
		}
		// y = ylo + (yhi - ylo) × (x - xlo) / (xhi - xlo), exactly.
		scale := max(lo.y.Scale(), hi.y.Scale())
		mode := swapscout.RoundDown // less received
		if req.Direction == swapscout.Receive {
			mode = swapscout.RoundUp // more to send
		}
		num := hi.y.Sub(lo.y).Mul(req.Amount.Sub(lo.x))
		y := lo.y.Add(num.Quo(hi.x.Sub(lo.x), scale, mode))
		newer := hi
		if lo.at.After(hi.at) {
			newer = lo
		}
		o = c.offer(req, newer, older(lo, hi), y, now)
		o.Derived.From = []swapscout.Amount{lo.x, hi.x}
	default:
		return swapscout.Offer{}, false
	}
	if !within(req, &o) {
		return swapscout.Offer{}, false
	}
	if count {
		c.served++
	}
	return o, true
}

func older(a, b *point) *point {
	if a.at.Before(b.at) {
		return a
	}
	return b
}

// offer builds the derived offer for req with other side y, from the
// newer answer's terms; its age is the older answer's.
func (c *curves) offer(req swapscout.QuoteRequest, newer, oldest *point, y swapscout.Amount, now time.Time) swapscout.Offer {
	o := newer.offer
	o.Fees = slices.Clone(o.Fees)
	if req.Direction == swapscout.Receive {
		o.AmountOut, o.AmountIn = req.Amount, y
	} else {
		o.AmountIn, o.AmountOut = req.Amount, y
	}
	o.Rate = o.AmountOut.Quo(o.AmountIn, 18, swapscout.RoundDown)
	o.RateID, o.ExpiresAt = "", time.Time{}
	o.Took = 0
	o.Derived = &swapscout.Derivation{Age: now.Sub(oldest.at), From: []swapscout.Amount{newer.x}}
	return o
}

// within reports whether o's amounts are inside the limits the venue gave.
func within(req swapscout.QuoteRequest, o *swapscout.Offer) bool {
	if !o.Min.IsZero() && o.AmountIn.Cmp(o.Min) < 0 || !o.Max.IsZero() && o.AmountIn.Cmp(o.Max) > 0 {
		return false
	}
	if !o.MinOut.IsZero() && o.AmountOut.Cmp(o.MinOut) < 0 || !o.MaxOut.IsZero() && o.AmountOut.Cmp(o.MaxOut) > 0 {
		return false
	}
	return o.AmountIn.Sign() > 0 && o.AmountOut.Sign() > 0
}

// heldByOurLimit reports whether err is our own rate limit holding a call
// back (not the venue's answer): the case a derived answer stands in for.
func heldByOurLimit(err error) bool {
	if !errors.Is(err, swapscout.ErrHeldBack) {
		return false
	}
	var ve *swapscout.VenueError
	return errors.As(err, &ve) && ve.Code == swapscout.CodeRateLimited
}

// DerivedServed is how many derived offers the engine has served.
func (e *Engine) DerivedServed() int64 {
	if e.curves == nil {
		return 0
	}
	e.curves.mu.Lock()
	defer e.curves.mu.Unlock()
	return e.curves.served
}
