package aggregate

import "github.com/swapscout/swapscout"

// Which offers can become a swap here and now is decided once, in the
// engine, for every venue alike: from the venue's swap capability (its
// adapter as a swapscout.Swapper, and as a swapscout.SwapChecker when it
// can create swaps for some offers only), never from a flag an adapter
// sets, by swapscout.SwapRefusal.

// swapper is v's swap capability: Swapper when set, else its Quoter's own;
// nil when it has none.
func (v *Venue) swapper() swapscout.Swapper {
	if v.Swapper != nil {
		return v.Swapper
	}
	sw, _ := v.Quoter.(swapscout.Swapper)
	return sw
}

// markSwap sets o.CanSwap and o.NoSwap for an offer v gave for req.
func (v *Venue) markSwap(req swapscout.QuoteRequest, o *swapscout.Offer) {
	sw := v.swapper()
	why := swapscout.SwapRefusal(sw, req, o)
	if sw == nil && v.Kind == swapscout.OrderBook {
		why = "an exchange's price, for comparison: trading there needs an account"
	}
	o.CanSwap, o.NoSwap = why == "", why
}

// swappableEmit passes on to emit (when set) every failure and the offers
// that can become a swap: what a swappable=true stream shows.
func swappableEmit(emit func(swapscout.Result)) func(swapscout.Result) {
	if emit == nil {
		return nil
	}
	return func(r swapscout.Result) {
		if r.Offer != nil && !r.Offer.CanSwap {
			return
		}
		emit(r)
	}
}

// swappableOnly keeps q's offers that can become a swap, in their order.
func swappableOnly(q *swapscout.Quote) *swapscout.Quote {
	kept := q.Offers[:0]
	for _, o := range q.Offers {
		if o.CanSwap {
			kept = append(kept, o)
		}
	}
	clear(q.Offers[len(kept):])
	q.Offers = kept
	return q
}
