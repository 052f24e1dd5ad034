package swaps

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/address"
)

// The guard on venues' answers that move money. An adapter translates a
// venue's answer; this file decides, once for every venue, whether it can be
// true: a created order against the fresh offer it was made from and the
// user's slippage (CheckOrder), a status update's amount received against
// the promise (CheckUpdate), and any expiry a venue gives (SaneExpiry).

// Bounds of the checks.
const (
	// orderFactor bounds how far a created order's amounts may stray from
	// the venue's own offer of a moment before on the side the slippage
	// does not guard: an order promising twice what its offer said (or
	// asking half) is a unit mistake, never a better deal.
	orderFactor = 2
	// receivedFactor bounds an amount received against the promise, either
	// way: slippage and fees move it by percents; a tenth or ten times the
	// promise is a misread unit (the 1000× amountTo that once published a
	// −99,700 % shortfall), not a swap anyone made.
	receivedFactor = 10
	// ExpirySkew is how far in the past an expiry may lie (clocks differ);
	// MaxExpiry how far ahead (the longest deposit window any venue keeps
	// is SideShift's week for a variable shift).
	ExpirySkew = time.Minute
	MaxExpiry  = 30 * 24 * time.Hour
	// maxOrderID and maxMemo bound what a venue may name an order and a
	// deposit memo (a THORChain swap memo fits an OP_RETURN's 80 bytes;
	// chains with longer memos stay well under this).
	maxOrderID = 512
	maxMemo    = 256
)

// BadAnswerError is a venue's answer the guard refused: What says what was
// wrong, in words for the client. Order is the public id of the order the
// venue made, when it said one.
type BadAnswerError struct {
	Venue string
	Order string
	What  string
}

func (e *BadAnswerError) Error() string {
	return fmt.Sprintf("%s's answer was refused: %s", e.Venue, e.What)
}

// Unwrap gives the application error, so ErrorCode finds venue_bad_answer.
func (e *BadAnswerError) Unwrap() error {
	ref := ""
	if e.Order != "" {
		ref = " (venue order " + clip(e.Order) + ")"
	}
	return swapscout.Errorf(swapscout.EBADANSWER, "%s's answer to the order was refused: %s. The order it made%s is not shown and must not be paid. Try again with a new Idempotency-Key, or another venue",
		e.Venue, e.What, ref)
}

// OrderCheck is what CheckOrder judges an order against.
type OrderCheck struct {
	Request  swapscout.QuoteRequest
	Shown    *swapscout.Offer // the offer the user took
	Fresh    *swapscout.Offer // the venue's offer of a moment before, the order was made from
	Slippage swapscout.Amount // the most the user allowed (a fraction)
	Deposit  swapscout.DepositKind
	Now      time.Time
	// CheckAddress checks an address and memo locally (address.Check).
	CheckAddress func(network, addr, memo string) error
}

// CheckOrder judges a venue's created order and returns it as it may be
// recorded, or what is wrong with it. Amounts the venue left out (zero) are
// the fresh offer's; an amount out with more decimals than the asset has is
// rounded down to them (no more can arrive).
//
// The rules: an order id and a deposit address are given; both amounts are
// valid and not negative; amount_in fits the From asset's precision; with
// direction=send amount_in is exactly the amount asked and amount_out is no
// worse than the shown offer less the slippage allowed, nor more than
// orderFactor times the fresh offer; with direction=receive, mirrored:
// amount_out at least the amount asked and at most orderFactor times the
// fresh offer, amount_in no more than the shown offer plus the slippage, nor
// less than the fresh offer over orderFactor; the deposit address (and
// memo) pass the local checks of the From asset's network, as the user's own
// addresses do; an expiry, when given, is SaneExpiry.
func CheckOrder(c OrderCheck, o swapscout.SwapOrder) (swapscout.SwapOrder, error) {
	bad := func(format string, args ...any) (swapscout.SwapOrder, error) {
		return swapscout.SwapOrder{}, &BadAnswerError{What: fmt.Sprintf(format, args...)}
	}
	req := c.Request
	from, to := strings.ToUpper(req.From.Ticker), strings.ToUpper(req.To.Ticker)
	switch {
	case o.Ref.ID == "":
		return bad("it gave no order id")
	case len(o.Ref.ID)+len(o.Ref.Secret) > maxOrderID || !printable(o.Ref.ID) || !printable(o.Ref.Secret):
		return bad("its order id is not a printable id of at most %d characters", maxOrderID)
	case o.DepositAddress == "":
		return bad("it gave no deposit address")
	}
	if !o.AmountIn.Valid() || !o.AmountOut.Valid() || o.AmountIn.Sign() < 0 || o.AmountOut.Sign() < 0 {
		return bad("it asks %s %s for %s %s; amounts must be positive", o.AmountIn, from, o.AmountOut, to)
	}
	if o.AmountIn.IsZero() {
		o.AmountIn = c.Fresh.AmountIn
	}
	if o.AmountOut.IsZero() {
		o.AmountOut = c.Fresh.AmountOut
	}
	if info, ok := swapscout.LookupAsset(req.From); ok && !fits(o.AmountIn, info.Decimals) {
		return bad("it asks %s %s, more decimals than %s has (%d)", o.AmountIn, from, from, info.Decimals)
	}
	if info, ok := swapscout.LookupAsset(req.To); ok {
		o.AmountOut = o.AmountOut.Round(info.Decimals, swapscout.RoundDown)
	}
	one := swapscout.AmountFromInt(1)
	factor := swapscout.AmountFromInt(orderFactor)
	switch req.Direction {
	case swapscout.Receive:
		most := c.Shown.AmountIn.Mul(one.Add(c.Slippage))
		switch {
		case o.AmountOut.Cmp(req.Amount) < 0:
			return bad("it promises %s %s, less than the %s %s asked", o.AmountOut, to, req.Amount, to)
		case o.AmountOut.Cmp(c.Fresh.AmountOut.Mul(factor)) > 0:
			return bad("it promises %s %s, implausibly more than the %s %s it offered", o.AmountOut, to, c.Fresh.AmountOut, to)
		case o.AmountIn.Cmp(most) > 0:
			return bad("it asks %s %s, more than the %s %s shown allows with the slippage of %s", o.AmountIn, from, c.Shown.AmountIn, from, c.Slippage)
		case o.AmountIn.Mul(factor).Cmp(c.Fresh.AmountIn) < 0:
			return bad("it asks %s %s, implausibly less than the %s %s it offered", o.AmountIn, from, c.Fresh.AmountIn, from)
		}
	default:
		least := c.Shown.AmountOut.Mul(one.Sub(c.Slippage))
		// What the user sends is the amount quoted. A venue that fixes the
		// amount received instead (Majestic Bank's /pay) works out what to
		// send itself and may round it a little down, never up: less, by no
		// more than the slippage, is what the page then asks for.
		asked := req.Amount
		if known(req.From) {
			asked = asked.Round(decimals(req.From), swapscout.RoundDown)
		}
		switch {
		case o.AmountIn.Cmp(req.Amount) > 0, o.AmountIn.Cmp(asked.Mul(one.Sub(c.Slippage))) < 0:
			return bad("it asks %s %s, not the %s %s quoted", o.AmountIn, from, req.Amount, from)
		case o.AmountOut.Cmp(least) < 0:
			return bad("it promises %s %s, less than the %s %s shown allows with the slippage of %s", o.AmountOut, to, c.Shown.AmountOut, to, c.Slippage)
		case o.AmountOut.Cmp(c.Fresh.AmountOut.Mul(factor)) > 0:
			return bad("it promises %s %s, implausibly more than the %s %s it offered", o.AmountOut, to, c.Fresh.AmountOut, to)
		}
	}
	if err := checkDeposit(c, o.DepositAddress, o.DepositMemo); err != nil {
		return bad("its deposit address fails the checks of %s: %s", networkName(networkOf(req.From)), err)
	}
	if !o.ExpiresAt.IsZero() && !SaneExpiry(o.ExpiresAt, c.Now) {
		return bad("its deposit window ends %s, which cannot be", o.ExpiresAt.UTC().Format(time.RFC3339))
	}
	o.VenueStatus = clip(o.VenueStatus)
	return o, nil
}

// checkDeposit checks where the user is to pay: the deposit address on the
// From asset's network with its memo, as the user's own addresses are
// checked; a memo carried inside the deposit transaction (THORChain, Maya)
// is no network memo, only printable text of at most maxMemo bytes.
func checkDeposit(c OrderCheck, addr, memo string) error {
	check := c.CheckAddress
	if check == nil {
		check = address.Check
	}
	if c.Deposit != swapscout.DepositMemo {
		return check(networkOf(c.Request.From), addr, memo)
	}
	if err := check(networkOf(c.Request.From), addr, ""); err != nil {
		return err
	}
	if memo == "" || len(memo) > maxMemo || !printable(memo) {
		return fmt.Errorf("the swap memo is not printable text of 1 to %d bytes", maxMemo)
	}
	return nil
}

// SaneExpiry reports whether t can be when a venue stops waiting for a
// deposit, seen at now: not in the past beyond ExpirySkew, not more than
// MaxExpiry ahead.
func SaneExpiry(t, now time.Time) bool {
	return !t.Before(now.Add(-ExpirySkew)) && !t.After(now.Add(MaxExpiry))
}

// CheckUpdate judges a venue's status update of sw and returns it as it may
// be recorded: an amount received that is not a valid positive amount
// within receivedFactor of the promise (PromisedOut, else AmountOut) either
// way is kept as the venue's claim with ReceivedDoubt saying why, so it is
// shown as doubtful and never counts in the venue's accuracy. Zero is
// "not said" and passes. doubt repeats ReceivedDoubt, for the caller's log.
func CheckUpdate(sw *swapscout.Swap, u swapscout.SwapUpdate) (_ swapscout.SwapUpdate, doubt string) {
	u.ReceivedDoubt = ""
	r := u.AmountReceived
	if r.IsZero() && r.Valid() {
		return u, ""
	}
	promised := sw.PromisedOut
	if promised.Sign() <= 0 {
		promised = sw.AmountOut
	}
	to := strings.ToUpper(sw.To.Ticker)
	factor := swapscout.AmountFromInt(receivedFactor)
	switch {
	case !r.Valid() || r.Sign() < 0:
		doubt = fmt.Sprintf("the venue says %s %s arrived; an amount cannot be negative", r, to)
	case promised.Sign() <= 0:
		return u, "" // nothing to compare with
	case r.Cmp(promised.Mul(factor)) > 0:
		doubt = fmt.Sprintf("the venue says %s %s arrived, implausibly more than the %s %s promised", r, to, promised, to)
	case r.Mul(factor).Cmp(promised) < 0:
		doubt = fmt.Sprintf("the venue says %s %s arrived, implausibly less than the %s %s promised", r, to, promised, to)
	default:
		if info, ok := swapscout.LookupAsset(sw.To); ok && !fits(r, info.Decimals) {
			doubt = fmt.Sprintf("the venue says %s %s arrived, more decimals than %s has (%d)", r, to, to, info.Decimals)
		}
	}
	if !r.Valid() {
		// An invalid amount cannot even be kept: the store ignores it.
		u.AmountReceived = swapscout.Amount{}
		return u, doubt
	}
	u.ReceivedDoubt = doubt
	return u, doubt
}

// known reports whether a is in the catalogue; decimals is its precision.
func known(a swapscout.Asset) bool {
	_, found := swapscout.LookupAsset(a)
	return found
}

func decimals(a swapscout.Asset) int {
	info, _ := swapscout.LookupAsset(a)
	return info.Decimals
}

// fits reports whether a has no more than dec decimals.
func fits(a swapscout.Amount, dec int) bool {
	return a.Round(dec, swapscout.RoundDown).Cmp(a) == 0
}

// printable reports whether s is valid UTF-8 without spaces or control
// characters.
func printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if unicode.IsSpace(r) || !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

func networkName(n string) string {
	if name, ok := swapscout.Networks[n]; ok {
		return name
	}
	return clip(n)
}
