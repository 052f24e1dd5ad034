package sim

import (
	"math"
	"math/rand/v2"
	"strings"

	"github.com/swapscout/swapscout"
)

// Level is one price level of an order book.
type Level struct{ Price, Qty swapscout.Amount }

// Book shape.
const (
	priceDigits = 7      // significant digits of the mid: sets the market's tick
	qtyDigits   = 6      // significant digits of a level's quantity
	qtyDecimals = 8      // and at most this many decimals
	gapMin      = 0.0002 // relative gap between adjacent levels: [gapMin, gapMin+gapRange)
	gapRange    = 0.0003
	qtyMin      = 0.3 // a level holds LevelUSD × [qtyMin, qtyMin+qtyRange) worth of base
	qtyRange    = 1.7
)

// Book returns the venue's order book for base/quote (tickers as in
// Profile.Markets; case does not matter), depth levels per side (at most
// Profile.Depth; depth ≤ 0 means Profile.Depth). Bids are best first
// (descending), asks best first (ascending); the best bid is below
// mid×(1−Spread) and the best ask above mid×(1+Spread), and adjacent levels
// are 0.02–0.05% apart. Prices sit on the market's tick (7 significant digits
// of the mid); quantities have at most 8 decimals.
//
// The book is a deterministic function of (seed, venue, market, walk step),
// and a shallower book is a prefix of a deeper one. ok is false when the
// market is not listed.
func (x *Exchange) Book(base, quote string, depth int) (bids, asks []Level, ok bool) {
	mk := Market{strings.ToUpper(base), strings.ToUpper(quote)}
	if !x.marketOK[mk] {
		return nil, nil, false
	}
	n := x.profile.Depth
	if depth > 0 && depth < n {
		n = depth
	}
	step := x.m.step()
	bt, qt := strings.ToLower(mk.Base), strings.ToLower(mk.Quote)
	pb, pq := x.usdAt(bt, step), x.usdAt(qt, step)
	mid := pb / pq
	pd := sigDecimals(mid, priceDigits)
	for pd > 0 && mid*math.Pow10(pd) >= 1e15 {
		pd--
	}
	h := hashString(x.m.seed, "book", x.id, mk.Base, mk.Quote)
	qtyBase := x.profile.LevelUSD / pb
	spread := x.profile.Spread

	side := func(sign float64, stream uint64) []Level {
		rng := rand.New(rand.NewPCG(mix(h^mix(uint64(step))), mix(h+stream)))
		levels := make([]Level, 0, n)
		p := mid * (1 + sign*spread)
		var prev int64
		for i := range n {
			if i > 0 {
				p *= 1 + sign*(gapMin+gapRange*rng.Float64())
			}
			qty := qtyBase * (qtyMin + qtyRange*rng.Float64())
			var pn int64
			if sign < 0 {
				pn = scaled(p, pd, swapscout.RoundDown)
				if i > 0 && pn >= prev {
					pn = prev - 1
				}
				if pn <= 0 {
					break
				}
			} else {
				pn = scaled(p, pd, swapscout.RoundUp)
				if i > 0 && pn <= prev {
					pn = prev + 1
				}
			}
			prev = pn
			qd := min(sigDecimals(qty, qtyDigits), qtyDecimals)
			levels = append(levels, Level{
				Price: swapscout.NewAmount(pn, pd),
				Qty:   floatAmount(qty, qd, swapscout.RoundHalfEven),
			})
			if levels[i].Qty.IsZero() {
				levels[i].Qty = swapscout.NewAmount(1, qtyDecimals)
			}
		}
		return levels
	}
	bids = side(-1, 1)
	asks = side(+1, 2)
	// With no spread both sides may round onto the same tick: keep the book uncrossed.
	if len(bids) > 0 && len(asks) > 0 && asks[0].Price.Cmp(bids[0].Price) <= 0 {
		bump := swapscout.NewAmount(1, pd)
		for i := range asks {
			asks[i].Price = asks[i].Price.Add(bump)
		}
	}
	return bids, asks, true
}
