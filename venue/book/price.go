package book

import (
	"errors"
	"slices"
	"strings"

	"github.com/swapscout/swapscout"
)

// Leg is one market of a route, with its book.
type Leg struct {
	Base, Quote string // the market's assets, as the venue names them
	// Sell: we sell Base for Quote (hitting the bids); otherwise we buy Base
	// with Quote (lifting the asks).
	Sell bool
	Book *Book
	// TakerFee, when set, is this leg's own market's taker fee (a venue
	// whose markets charge differently); nil means Pricing.TakerFee.
	TakerFee *swapscout.Amount
}

// Pricing is what a venue charges and how the result is rounded.
type Pricing struct {
	// TakerFee is the fraction of each leg's proceeds the venue keeps, e.g.
	// 0.001 for 0.1%, for legs that carry no fee of their own; every fee
	// must be at least zero and below one.
	TakerFee swapscout.Amount
	// WithdrawFee is deducted from the final amount, in the To asset; zero
	// if none.
	WithdrawFee swapscout.Amount
	// OutScale and InScale are the decimals of the To and From assets.
	OutScale, InScale int
}

// Fill is the priced swap.
type Fill struct {
	In, Out swapscout.Amount // what the user sends (From) and receives (To)
	// TradingFees holds each leg's taker fee, in that leg's proceeds asset
	// (Quote when selling, Base when buying).
	TradingFees []swapscout.Amount
	// LegIn and LegOut hold what each leg spent and what it yielded before
	// its fee, at WorkScale: what a venue's minimum order is checked against.
	LegIn, LegOut []swapscout.Amount
	Route         string // the markets walked, e.g. "XMR/BTC > BTC/USDT"
}

// Price prices a swap along legs, which lead from the From asset to the To
// asset (the first leg spends From, the last yields To). It is the one
// implementation of route pricing: the CEX engine prices each candidate
// route with it and keeps the best.
//
// For swapscout.Send, amount is what the user deposits: each leg's proceeds
// are walked forward and lose TakerFee, the WithdrawFee is deducted, and Out
// is rounded down to OutScale. For swapscout.Receive, amount is what the user
// must receive: WithdrawFee is added, each leg is walked backward grossing
// its proceeds up for the fee, and In is rounded up to InScale.
//
// When the books are too thin the error wraps swapscout.ErrAmountTooLarge and
// its Max is the most In the books can take (in From, rounded down to
// InScale). When fees leave nothing, or amount is not above zero, the error
// wraps swapscout.ErrAmountTooSmall, with Min, when it can be known, the
// least In that yields one unit of To.
func Price(dir swapscout.Direction, amount swapscout.Amount, legs []Leg, p Pricing) (Fill, error) {
	if err := p.check(legs); err != nil {
		return Fill{}, err
	}
	if err := checkAmount(amount); err != nil {
		return Fill{}, err
	}
	n := len(legs)
	all := make([]swapscout.Amount, 3*n) // one allocation for the three per-leg slices
	f := Fill{TradingFees: all[:n:n], LegIn: all[n : 2*n : 2*n], LegOut: all[2*n:], Route: route(legs)}
	if dir == swapscout.Receive {
		y := amount.Add(p.WithdrawFee)
		for i := n - 1; i >= 0; i-- {
			gross := y.Quo(p.keep(&legs[i]), WorkScale, swapscout.RoundUp)
			f.TradingFees[i] = gross.Sub(y)
			in, err := legs[i].Cost(gross)
			if err != nil {
				return Fill{}, p.tooLarge(err, legs, i)
			}
			y = in.Round(WorkScale, swapscout.RoundUp)
			f.LegIn[i], f.LegOut[i] = y, gross
		}
		f.In, f.Out = y.Round(p.InScale, swapscout.RoundUp), amount
	} else {
		x := amount
		for i := range legs {
			out, err := legs[i].fill(x)
			if errors.Is(err, swapscout.ErrAmountTooSmall) { // an earlier leg yielded nothing
				return Fill{}, p.tooSmall(legs)
			} else if err != nil {
				return Fill{}, p.tooLarge(err, legs, i)
			}
			out = out.Round(WorkScale, swapscout.RoundDown)
			f.LegIn[i], f.LegOut[i] = x, out
			x = out.Mul(p.keep(&legs[i])).Round(WorkScale, swapscout.RoundDown)
			f.TradingFees[i] = out.Sub(x)
		}
		f.In, f.Out = amount, x.Sub(p.WithdrawFee).Round(p.OutScale, swapscout.RoundDown)
		if f.Out.Sign() <= 0 && f.Out.Valid() {
			return Fill{}, p.tooSmall(legs)
		}
	}
	if !f.In.Valid() || !f.Out.Valid() {
		return Fill{}, swapscout.NewVenueError(swapscout.CodeAmountTooLarge, "amount out of range")
	}
	return f, nil
}

// keep is the share of l's proceeds left after its taker fee.
func (p *Pricing) keep(l *Leg) swapscout.Amount {
	if l.TakerFee != nil {
		return one.Sub(*l.TakerFee)
	}
	return one.Sub(p.TakerFee)
}

var one = swapscout.AmountFromInt(1)

func feeOK(f swapscout.Amount) bool { return f.Valid() && f.Sign() >= 0 && f.Cmp(one) < 0 }

func (p *Pricing) check(legs []Leg) error {
	switch {
	case len(legs) == 0:
		return errors.New("book: no legs to price")
	case !feeOK(p.TakerFee):
		return errors.New("book: taker fee must be at least 0 and below 1")
	case !p.WithdrawFee.Valid() || p.WithdrawFee.Sign() < 0:
		return errors.New("book: withdrawal fee must not be negative")
	case p.OutScale < 0 || p.OutScale > WorkScale || p.InScale < 0 || p.InScale > WorkScale:
		return errors.New("book: asset decimals must be between 0 and 18")
	}
	for _, l := range legs {
		if l.Book == nil {
			return errors.New("book: leg " + l.Base + "/" + l.Quote + " has no book")
		}
		if l.TakerFee != nil && !feeOK(*l.TakerFee) {
			return errors.New("book: taker fee of " + l.Base + "/" + l.Quote + " must be at least 0 and below 1")
		}
	}
	return nil
}

// fill walks the leg forward: what spending in yields.
func (l *Leg) fill(in swapscout.Amount) (swapscout.Amount, error) {
	if l.Sell {
		return l.Book.Sell(in)
	}
	return l.Book.Buy(in)
}

// Cost walks the leg backward: what yielding out (before any fee) costs.
func (l *Leg) Cost(out swapscout.Amount) (swapscout.Amount, error) {
	if l.Sell {
		return l.Book.SellFor(out)
	}
	return l.Book.BuyExact(out)
}

// depth returns the most the leg can take in: all of its book's side.
func (l *Leg) depth() swapscout.Amount {
	if l.Sell {
		return sumQty(l.Book.Bids)
	}
	return sumQuote(l.Book.Asks)
}

// tooSmall is the error of a Send that yields nothing, with Min the In that
// yields one unit of To, when the books can tell.
func (p *Pricing) tooSmall(legs []Leg) error {
	err := &swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Msg: "amount too small to cover the fees"}
	if min, merr := Price(swapscout.Receive, swapscout.NewAmount(1, p.OutScale), legs, *p); merr == nil {
		err.Min = min.In
		err.Msg += ": send at least " + min.In.String()
	}
	return err
}

// tooLarge turns a walk's too-thin error on leg i into the route's, with Max
// the most In the whole route can take. Other errors pass through.
func (p *Pricing) tooLarge(err error, legs []Leg, i int) error {
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeAmountTooLarge {
		return err
	}
	exact := p.maxIn(legs)
	max := exact.Floor(p.InScale) // a maximum rounds down (swapscout.Amount.Floor)
	msg := "order book " + legs[i].Base + "/" + legs[i].Quote + " too thin: send at most " + max.String()
	if exact.Sign() <= 0 {
		msg = "order book " + legs[i].Base + "/" + legs[i].Quote + " has no depth"
	}
	return &swapscout.VenueError{Code: swapscout.CodeAmountTooLarge, Msg: msg, Max: max}
}

// maxIn returns the most of the first leg's input the route can take: each
// leg takes at most its book's depth, and no more than the next leg can take
// of its proceeds after its fee.
func (p *Pricing) maxIn(legs []Leg) swapscout.Amount {
	var limit swapscout.Amount
	for i := len(legs) - 1; i >= 0; i-- {
		in := legs[i].depth()
		if i < len(legs)-1 {
			gross := limit.Quo(p.keep(&legs[i]), WorkScale, swapscout.RoundDown)
			if need, err := legs[i].Cost(gross); err == nil && need.Cmp(in) < 0 {
				in = need.Round(WorkScale, swapscout.RoundDown)
			}
		}
		limit = in
	}
	return limit
}

func route(legs []Leg) string {
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

// Market is a venue's market: its base and quote assets and the symbol to
// fetch its book by.
type Market struct {
	Base, Quote, Symbol string
}

// RouteLeg is one market of a route listed by Routes, and which way to
// trade it.
type RouteLeg struct {
	Market Market
	Sell   bool // sell Market.Base for Market.Quote; otherwise buy Base with Quote
}

// Leg pairs the route leg with its fetched book, for Price.
func (r RouteLeg) Leg(b *Book) Leg {
	return Leg{Base: r.Market.Base, Quote: r.Market.Quote, Sell: r.Sell, Book: b}
}

// Routes lists the candidate routes from one asset to another, in a fixed
// order: the direct market first, in either orientation (from/to is sold
// into, to/from is bought from), then one route through each bridge in
// bridges' order that has a market from→bridge and one bridge→to, each in
// either orientation. Which is best depends on the books and the amount:
// the caller prices each with Price and keeps the best, the earliest on a
// tie. lookup reports the market with the given base and quote, if the
// venue lists one.
func Routes(from, to string, lookup func(base, quote string) (Market, bool), bridges []string) [][]RouteLeg {
	if from == to {
		return nil
	}
	var out [][]RouteLeg
	if l, ok := direct(from, to, lookup); ok {
		out = append(out, []RouteLeg{l})
	}
	for i, b := range bridges {
		if b == from || b == to || slices.Contains(bridges[:i], b) {
			continue
		}
		if l1, ok := direct(from, b, lookup); ok {
			if l2, ok := direct(b, to, lookup); ok {
				out = append(out, []RouteLeg{l1, l2})
			}
		}
	}
	return out
}

func direct(from, to string, lookup func(base, quote string) (Market, bool)) (RouteLeg, bool) {
	if m, ok := lookup(from, to); ok {
		return RouteLeg{Market: m, Sell: true}, true
	}
	if m, ok := lookup(to, from); ok {
		return RouteLeg{Market: m, Sell: false}, true
	}
	return RouteLeg{}, false
}
