package cex

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
)

// pleg is one leg of a route to price: its book and side, its market's taker
// fee and minimum order.
type pleg struct {
	book.Leg
	fee               swapscout.Amount
	minBase, minQuote swapscout.Amount
}

// walk prices a route with book.Price, the one implementation of route
// pricing: each leg carries its own market's taker fee (book.Leg.TakerFee),
// the withdrawal fee is deducted from (or, receiving, added to) the final
// amount, and the fill says what each leg traded for the minimum-order
// check. Errors are book.Price's, Min and Max included.
func walk(dir swapscout.Direction, amount swapscout.Amount, legs []pleg, withdraw swapscout.Amount, inScale, outScale int) (book.Fill, error) {
	bl := make([]book.Leg, len(legs))
	for i := range legs {
		bl[i] = legs[i].Leg
		bl[i].TakerFee = &legs[i].fee
	}
	return book.Price(dir, amount, bl, book.Pricing{WithdrawFee: withdraw, OutScale: outScale, InScale: inScale})
}

// belowMinimum reports the first leg whose order is smaller than its market
// allows, with the least route In that satisfies every leg (zero when the
// books cannot tell).
func belowMinimum(f *book.Fill, legs []pleg, inScale int) (leg int, min swapscout.Amount, below bool) {
	leg = -1
	for i := range legs {
		base, quote := f.LegIn[i], f.LegOut[i]
		if !legs[i].Sell {
			base, quote = quote, base
		}
		if base.Cmp(legs[i].minBase) < 0 || quote.Cmp(legs[i].minQuote) < 0 {
			leg = i
			break
		}
	}
	if leg < 0 {
		return -1, swapscout.Amount{}, false
	}
	// The least input of each leg that meets its minimums, carried back to
	// the route's In through the legs before it.
	for k := range legs {
		l := &legs[k]
		need, minOut := l.minQuote, l.minBase // buying: spend quote, get base
		if l.Sell {
			need, minOut = l.minBase, l.minQuote // selling: spend base, get quote
		}
		if minOut.Sign() > 0 {
			c, err := l.Cost(minOut)
			if err != nil {
				return leg, swapscout.Amount{}, true
			}
			need = swapscout.MaxAmount(need, c)
		}
		if need.Sign() <= 0 {
			continue
		}
		if k > 0 {
			r, err := walk(swapscout.Receive, need, legs[:k], swapscout.Amount{}, book.WorkScale, book.WorkScale)
			if err != nil {
				return leg, swapscout.Amount{}, true
			}
			need = r.In
		}
		min = swapscout.MaxAmount(min, need)
	}
	return leg, min.Ceil(inScale), true // a minimum rounds up (swapscout.Amount.Ceil)
}
