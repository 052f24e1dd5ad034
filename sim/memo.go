package sim

import (
	"github.com/swapscout/swapscout"
)

// Memo deposits: a network that keeps no order (THORChain, Maya) knows a
// swap by the memo its deposit carries, and the memo may set the least the
// swap must pay out (a price limit), below which the network refunds the
// deposit instead. The simulated venue records an order for the memo its
// quote gave; a deposit whose memo asks the same swap, whatever limit it
// sets, pays that order, and the order honours the deposit's limit.

// DepositMemo reads a deposit's memo as a venue's network does: intent is
// the swap the memo asks without what the depositor sets (its limit), and
// minOut the least the deposit accepts to receive, in the To asset (zero:
// no limit). A memo the network cannot read is its own intent.
type DepositMemo func(memo string) (intent string, minOut swapscout.Amount)

// ReadDepositMemos makes x read deposits' memos with f: orders are found
// by their memo's intent (OrderByDeposit, PayDeposit), and a deposit's limit
// is honoured. A venue's Handler calls it, before any order is made.
func (x *Exchange) ReadDepositMemos(f DepositMemo) { x.memos = f }

// depositKey is what an order waiting for a deposit to address with memo
// is found by.
func (x *Exchange) depositKey(address, memo string) string {
	if x.memos != nil {
		memo, _ = x.memos(memo)
	}
	return address + "\x00" + memo
}

// PayDeposit pays the latest order waiting for a deposit to address whose
// memo asks memo's swap, with the amount promised, as the deposit carrying
// memo: the order records that memo, and refunds rather than pay out less
// than the memo's limit. Its errors are OrderByDeposit's and PayOrder's.
func (x *Exchange) PayDeposit(address, memo string) (Order, error) {
	o, err := x.OrderByDeposit(address, memo)
	if err != nil {
		return o, err
	}
	if o, err = x.PayOrder(o.ID, swapscout.Amount{}); err != nil {
		return o, err
	}
	var minOut swapscout.Amount
	if x.memos != nil {
		_, minOut = x.memos(memo)
	}
	b := x.book()
	b.mu.Lock()
	if rec, ok := b.orders[o.ID]; ok {
		rec.o.DepositMemo, rec.minOut = memo, minOut
	}
	b.mu.Unlock()
	return x.Order(o.ID)
}

// belowLimit reports whether rec's payout, for what was paid in (o), is
// under the least its deposit accepts.
func (b *orderBook) belowLimit(x *Exchange, rec *orderRec, o *Order) bool {
	return rec.minOut.Sign() > 0 && b.payout(x, o, rec.short).Cmp(rec.minOut) < 0
}
