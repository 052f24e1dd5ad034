package swaps

import "github.com/swapscout/swapscout"

// slippage is the worst change r allows: its MaxSlippage, or DefaultSlippage
// when it names none. The swap records it: a finished swap that paid short
// of its promise by more is shown short (swapscout.Swap.Shortfall).
func (r *CreateRequest) slippage() swapscout.Amount {
	if r.MaxSlippage.IsZero() {
		return DefaultSlippage
	}
	return r.MaxSlippage
}
