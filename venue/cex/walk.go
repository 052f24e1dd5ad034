package cex

import (
	"errors"
	"strings"

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

// fill is a priced route, with what each leg traded.
type fill struct {
	in, out swapscout.Amount
	fees    []swapscout.Amount // each leg's taker fee, in its proceeds asset
	// legIn is what each leg spent; legOut what it yielded before its fee.
	legIn, legOut []swapscout.Amount
	route         string
}

var one = swapscout.AmountFromInt(1)

// walk prices a route with book.Price one leg at a time, so that every leg
// has its own market's fee (book.Pricing has one fee for all legs) and the
// amounts each leg trades are known for the minimum-order check. It hands
// amounts between legs and rounds exactly as book.Price does for a whole
// route — WorkScale between legs, against the user, then the final amount to
// the asset's decimals — so with equal fees the two agree to the last digit
// (TestWalkMatchesPrice), errors and their Min and Max included.
func walk(dir swapscout.Direction, amount swapscout.Amount, legs []pleg, withdraw swapscout.Amount, inScale, outScale int) (fill, error) {
	n := len(legs)
	f := fill{
		fees:  make([]swapscout.Amount, n),
		legIn: make([]swapscout.Amount, n), legOut: make([]swapscout.Amount, n),
		route: routeName(legs),
	}
	buf := make([]book.Leg, 1)
	if dir == swapscout.Receive {
		if !amount.Valid() || amount.Sign() <= 0 {
			_, err := book.Price(dir, amount, legs[n-1].slice(buf), legs[n-1].pricing())
			return fill{}, err
		}
		y := amount.Add(withdraw)
		for i := n - 1; i >= 0; i-- {
			r, err := book.Price(dir, y, legs[i].slice(buf), legs[i].pricing())
			if err != nil {
				return fill{}, routeError(err, dir, legs, i, withdraw, inScale, outScale)
			}
			f.fees[i], f.legOut[i], f.legIn[i] = r.TradingFees[0], y.Add(r.TradingFees[0]), r.In
			y = r.In
		}
		f.in, f.out = y.Round(inScale, swapscout.RoundUp), amount
	} else {
		x := amount
		for i := range legs {
			r, err := book.Price(dir, x, legs[i].slice(buf), legs[i].pricing())
			if err != nil {
				if i == 0 && (!x.Valid() || x.Sign() <= 0) {
					return fill{}, err
				}
				return fill{}, routeError(err, dir, legs, i, withdraw, inScale, outScale)
			}
			f.fees[i], f.legIn[i], f.legOut[i] = r.TradingFees[0], x, r.Out.Add(r.TradingFees[0])
			x = r.Out
		}
		f.in, f.out = amount, x.Sub(withdraw).Round(outScale, swapscout.RoundDown)
		if f.out.Sign() <= 0 && f.out.Valid() {
			return fill{}, tooSmall(legs, withdraw, inScale, outScale)
		}
	}
	if !f.in.Valid() || !f.out.Valid() {
		return fill{}, swapscout.NewVenueError(swapscout.CodeAmountTooLarge, "amount out of range")
	}
	return f, nil
}

func (l *pleg) slice(buf []book.Leg) []book.Leg {
	buf[0] = l.Leg
	return buf
}

// pricing prices one leg alone: its fee, no withdrawal, amounts kept at
// WorkScale (the hand-off precision of a whole-route book.Price).
func (l *pleg) pricing() book.Pricing {
	return book.Pricing{TakerFee: l.fee, OutScale: book.WorkScale, InScale: book.WorkScale}
}

// routeError turns a one-leg error into the route's: too thin → Max over the
// whole route in From units; fees leave nothing → Min of the route.
func routeError(err error, dir swapscout.Direction, legs []pleg, i int, withdraw swapscout.Amount, inScale, outScale int) error {
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) {
		return err
	}
	switch ve.Code {
	case swapscout.CodeAmountTooLarge:
		inner := err
		if ve.Err != nil { // book.Price wraps the walk's own error: keep that
			inner = ve.Err
		}
		exact := maxIn(legs)
		max := exact.Round(inScale, swapscout.RoundDown)
		name := legs[i].Base + "/" + legs[i].Quote
		msg := "order book " + name + " too thin: send at most " + max.String()
		if exact.Sign() <= 0 {
			msg = "order book " + name + " has no depth"
		}
		return &swapscout.VenueError{Code: swapscout.CodeAmountTooLarge, Msg: msg, Max: max, Err: inner}
	case swapscout.CodeAmountTooSmall:
		if dir == swapscout.Send {
			return tooSmall(legs, withdraw, inScale, outScale)
		}
	}
	return err
}

// tooSmall is the error of a Send whose fees leave nothing, with Min the
// least In that yields one unit of To, when the books can tell.
func tooSmall(legs []pleg, withdraw swapscout.Amount, inScale, outScale int) error {
	err := &swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Msg: "amount too small to cover the fees"}
	if min, merr := walk(swapscout.Receive, swapscout.NewAmount(1, outScale), legs, withdraw, inScale, outScale); merr == nil {
		err.Min = min.in
		err.Msg += ": send at least " + min.in.String()
	}
	return err
}

// maxIn returns the most of the first leg's input the route can take: each
// leg takes at most its book's side, and no more than the next leg can take
// of its proceeds after its fee.
func maxIn(legs []pleg) swapscout.Amount {
	var limit swapscout.Amount
	for i := len(legs) - 1; i >= 0; i-- {
		in := legs[i].depth()
		if i < len(legs)-1 {
			gross := limit.Quo(one.Sub(legs[i].fee), book.WorkScale, swapscout.RoundDown)
			if need, err := legs[i].cost(gross); err == nil && need.Cmp(in) < 0 {
				in = need.Round(book.WorkScale, swapscout.RoundDown)
			}
		}
		limit = in
	}
	return limit
}

// depth is the most the leg can take in: its whole side of the book.
func (l *pleg) depth() swapscout.Amount {
	var t swapscout.Amount
	if l.Sell {
		for _, lv := range l.Book.Bids {
			t = t.Add(lv.Qty)
		}
		return t
	}
	for _, lv := range l.Book.Asks {
		t = t.Add(lv.Qty.Mul(lv.Price))
	}
	return t
}

// cost is what yielding out (before the fee) costs the leg.
func (l *pleg) cost(out swapscout.Amount) (swapscout.Amount, error) {
	if l.Sell {
		return l.Book.SellFor(out)
	}
	return l.Book.BuyExact(out)
}

// belowMinimum reports the first leg whose order is smaller than its market
// allows, with the least route In that satisfies every leg (zero when the
// books cannot tell).
func belowMinimum(f *fill, legs []pleg, inScale int) (leg int, min swapscout.Amount, below bool) {
	leg = -1
	for i := range legs {
		base, quote := f.legIn[i], f.legOut[i]
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
			c, err := l.cost(minOut)
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
			need = r.in
		}
		min = swapscout.MaxAmount(min, need)
	}
	return leg, min.Round(inScale, swapscout.RoundUp), true
}

func routeName(legs []pleg) string {
	var b strings.Builder
	for i, l := range legs {
		if i > 0 {
			b.WriteString(" > ")
		}
		b.WriteString(l.Base)
		b.WriteByte('/')
		b.WriteString(l.Quote)
	}
	return b.String()
}
