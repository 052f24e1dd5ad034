package main

import (
	"fmt"
	"strconv"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

// A composed swap (a two-leg route, a split) is followed as the page shows
// it: each member's venue order, and what happens to each, by leg or part.

// memberKind is what a composed swap calls its members: "leg" (a route) or
// "part" (a split); "" for a direct swap.
func memberKind(sw *api.Swap) string {
	switch sw.Compose {
	case swapscout.ComposeRoute:
		return "leg"
	case swapscout.ComposeSplit:
		return "part"
	}
	return ""
}

// memberWord is a history entry's venue word, named by the member whose
// word it is: `leg 2 at exolix: "confirming"`; for a direct swap, the
// line's usual `venue: "confirming"`.
func memberWord(sw *api.Swap, n int, word string) string {
	kind := memberKind(sw)
	if kind == "" || n < 1 || n > len(sw.Legs) {
		if word == "" {
			return ""
		}
		return fmt.Sprintf("venue: %q", word)
	}
	who := kind + " " + strconv.Itoa(n) + " at " + sw.Legs[n-1].Venue
	if word == "" {
		return who
	}
	return fmt.Sprintf("%s: %q", who, word)
}

// composedName says what a composed swap is, for the line that starts
// following it: "a two-leg route, changenow → USDT → exolix".
func composedName(sw *api.Swap) string {
	switch memberKind(sw) {
	case "leg":
		if first, x, second, ok := swapscout.RouteLegs(sw.Venue); ok {
			return "a two-leg route, " + first + " → " + upper(x) + " → " + second
		}
		return "a two-leg route"
	case "part":
		return "a split over " + strconv.Itoa(len(sw.Legs)) + " venues"
	}
	return ""
}

// memberLines prints a composed swap's members once, when following
// starts: each one's venue and order id.
func (f *swapFollower) memberLines(sw *api.Swap) {
	kind := memberKind(sw)
	if kind == "" {
		return
	}
	for i, l := range sw.Legs {
		order := l.VenueOrder.ID
		if order == "" {
			order = "not given"
		}
		fmt.Fprintf(f.out, "%21s %s %d at %s, order %s: %s → %s\n", "", kind, i+1, venueName(l.Venue, l.Provider), order, upper(l.From), upper(l.To))
	}
}

// applyMembers prints what changed in each member since the last record:
// its status, and its deposit, payout and refund transactions.
func (f *swapFollower) applyMembers(sw *api.Swap) {
	kind := memberKind(sw)
	if kind == "" {
		return
	}
	for i, l := range sw.Legs {
		var was swapscout.Swap
		if i < len(f.last.Legs) {
			was = *f.last.Legs[i]
		}
		who := fmt.Sprintf("%21s %s %d (%s)", "", kind, i+1, l.Venue)
		if l.Status != was.Status {
			fmt.Fprintf(f.out, "%s %s\n", who, l.Status)
		}
		if l.DepositTx != "" && l.DepositTx != was.DepositTx {
			fmt.Fprintf(f.out, "%s deposit tx %s\n", who, l.DepositTx)
		}
		if l.PayoutTx != "" && l.PayoutTx != was.PayoutTx {
			to := "to " + l.PayoutAddress
			if kind == "leg" && i == 0 && len(sw.Legs) > 1 {
				to = "to leg 2's deposit address"
			}
			fmt.Fprintf(f.out, "%s payout tx %s, %s\n", who, l.PayoutTx, to)
		}
		if l.RefundTx != "" && l.RefundTx != was.RefundTx {
			back := ""
			if !l.AmountRefunded.IsZero() {
				back = " of " + l.AmountRefunded.String() + " " + upper(l.From)
			}
			fmt.Fprintf(f.out, "%s refund tx %s%s to %s\n", who, l.RefundTx, back, l.RefundAddress)
		}
	}
}

// refundedMember is the number of the member of a composed swap that was
// refunded (the last, for a route: its refund is what the user gets back);
// 0 when none, or for a direct swap.
func refundedMember(sw *api.Swap) int { return lastMember(sw, swapscout.StatusRefunded) }

// failedMember is the number of the member that failed; 0 when none.
func failedMember(sw *api.Swap) int { return lastMember(sw, swapscout.StatusFailed) }

func lastMember(sw *api.Swap, st swapscout.SwapStatus) int {
	if memberKind(sw) == "" {
		return 0
	}
	for i := len(sw.Legs) - 1; i >= 0; i-- {
		if sw.Legs[i].Status == st {
			return i + 1
		}
	}
	return 0
}
