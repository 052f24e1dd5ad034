package sim

import "github.com/swapscout/swapscout"

// Some venues take any deposit: a variable-rate shift (SideShift), a
// deposit channel (Chainflip). Their orders carry no amount, yet the user
// was told one: the amount of the quote just shown, which the venue was
// asked for the pair an instant before the order was made. A simulated
// order of such a venue expects that amount (OrderSpec.AnyAmount), so that
// auto-pay deposits what the user was told to send and the payout is what
// the venue's model says for it.

type pair struct{ from, to swapscout.Asset }

// RememberQuote notes the amount a client asked the venue to quote for a
// pair, by what it sends; a handler calls it for the quotes of a venue
// whose orders take any deposit.
func (x *Exchange) RememberQuote(spec QuoteSpec) {
	if spec.Direction == swapscout.Receive || !spec.Amount.Valid() || spec.Amount.Sign() <= 0 {
		return
	}
	x.quoted.Store(pair{spec.From, spec.To}, spec.Amount)
}

// quotedAmount is the amount last remembered for spec's pair.
func (x *Exchange) quotedAmount(spec QuoteSpec) (swapscout.Amount, bool) {
	v, ok := x.quoted.Load(pair{spec.From, spec.To})
	if !ok {
		return swapscout.Amount{}, false
	}
	return v.(swapscout.Amount), true
}
