package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/swaps"
)

// isRoute reports whether o is a two-leg route (its venue names both legs).
func isRoute(o *api.Offer) bool {
	_, _, _, ok := swapscout.RouteLegs(o.Venue)
	return ok && len(o.Legs) == 2
}

// offerName is an offer's venue as the swap table shows it: a route's
// "changenow → USDT → exolix", any other's venue (and provider).
func offerName(o *api.Offer) string {
	if first, x, second, ok := swapscout.RouteLegs(o.Venue); ok {
		return first + " → " + upper(x) + " → " + second
	}
	return venueName(o.Venue, o.Provider)
}

// routeWhy says why a route needs a refund address on its bridge asset, as
// the swap form's hint does.
func routeWhy(o *api.Offer, q *api.Quote) string {
	first, x, second, _ := swapscout.RouteLegs(o.Venue)
	return fmt.Sprintf("This route swaps in two legs: %s turns your %s into %s, then %s turns that into %s. If %s cannot finish, it refunds in %s, which your %s refund address cannot receive: it needs an address of yours that can receive %s.",
		first, upper(q.Request.From), upper(x), second, upper(q.Request.To), second, x.Words(), upper(q.Request.From), x.Words())
}

// bridgeRefundProblem is why the bridge refund address given (with its
// memo) cannot take route o's second-leg refund, checked here as the
// server checks it; "" when it can.
func (s *swapCommand) bridgeRefundProblem(o *api.Offer) string {
	_, x, _, _ := swapscout.RouteLegs(o.Venue)
	if s.bridge == "" {
		return "no bridge refund address was given"
	}
	return bridgeAddressProblem(x, s.bridge, s.bridgeMemo)
}

// bridgeAddressProblem is why addr (with memo) is not an address of x's
// network that can receive a refund in x; "" when it is.
func bridgeAddressProblem(x swapscout.Asset, addr, memo string) string {
	req := swapscout.QuoteRequest{From: x, To: x}
	err := swaps.CheckAddresses(nil, req, addr, memo, addr, memo)
	var ae *swaps.AddressError
	if errors.As(err, &ae) {
		return "not an address for a refund in " + x.Words() + ": " + ae.Reason
	}
	if err != nil {
		return err.Error()
	}
	return ""
}

// bridgeRefund makes sure route o has its refund address on the bridge
// asset: --bridge-refund-address when it is valid there; otherwise, on a
// terminal and without --yes, asked (saying why) until a valid one is
// typed; an empty answer creates nothing.
func (s *swapCommand) bridgeRefund(ctx context.Context, q *api.Quote, o *api.Offer) error {
	_, x, _, _ := swapscout.RouteLegs(o.Venue)
	problem := s.bridgeRefundProblem(o)
	if problem == "" {
		return nil
	}
	if s.yes || s.term == nil {
		if s.bridge == "" {
			return fmt.Errorf("%w: %s Pass it as --bridge-refund-address", errNoSwap, routeWhy(o, q))
		}
		return fmt.Errorf("%w: --bridge-refund-address %s is %s", errNoSwap, s.bridge, problem)
	}
	if s.bridge != "" {
		fmt.Fprintf(s.e.stderr, "--bridge-refund-address %s is %s\n", s.bridge, problem)
	}
	fmt.Fprintf(s.e.stdout, "\n%s\n", routeWhy(o, q))
	for tries := 0; ; tries++ {
		ans, err := s.term.ask(ctx, fmt.Sprintf("Your %s refund address on %s, for the second leg (Enter: no swap): ", upper(x), x.NetworkLabel()))
		if err != nil {
			return fmt.Errorf("%w: %v", errNoSwap, err)
		}
		ans = strings.TrimSpace(ans)
		if ans == "" {
			return errNoSwap
		}
		if p := bridgeAddressProblem(x, ans, s.bridgeMemo); p != "" {
			fmt.Fprintf(s.e.stderr, "%s is %s\n", ans, p)
			if tries >= 4 {
				return fmt.Errorf("%w: no valid %s refund address was given", errNoSwap, x.Words())
			}
			continue
		}
		s.bridge = ans
		s.valueOf["bridge_refund_address"] = ans
		return nil
	}
}

// printRouteSummary shows a route's two legs before it is made: each
// venue, what it takes and gives, and where its refund goes.
func (s *swapCommand) printRouteSummary(q *api.Quote, o *api.Offer) {
	first, x, second, _ := swapscout.RouteLegs(o.Venue)
	w := s.e.stdout
	l1, l2 := o.Legs[0], o.Legs[1]
	fmt.Fprintf(w, "  leg 1         at %s: %s %s → %s %s, paid out to leg 2's deposit address (venue to venue: swapscout never holds your coins)\n",
		first, l1.AmountIn, upper(q.Request.From), l1.AmountOut, x.Words())
	fmt.Fprintf(w, "  leg 2         at %s: %s %s → %s %s, paid out to you\n", second, l2.AmountIn, upper(x), l2.AmountOut, upper(q.Request.To))
	if s.bridge != "" && s.bridgeRefundProblem(o) == "" {
		fmt.Fprintf(w, "  leg 2 refunds %s%s (in %s, if %s cannot finish)\n", s.bridge, memoSuffix(s.bridgeMemo), x.Words(), second)
	} else {
		fmt.Fprintf(w, "  leg 2 refunds to an address of yours on %s, asked once you choose this route\n", x.Words())
	}
}

// printRouteLegs shows a route's legs as created: each venue's order, what
// it turns into what, and where its payout and refund go.
func (s *swapCommand) printRouteLegs(sw *api.Swap) {
	w := s.e.stdout
	for i, l := range sw.Legs {
		order := l.VenueOrder.ID
		if order == "" {
			order = "not given"
		}
		fmt.Fprintf(w, "\n  leg %d at %s, order %s (%s): %s → %s\n", i+1, venueName(l.Venue, l.Provider), order, l.Status, upper(l.From), upper(l.To))
		if i == 0 {
			fmt.Fprintf(w, "    pays out to  %s%s (leg 2's deposit address: send nothing there yourself)\n", l.PayoutAddress, memoSuffix(l.PayoutMemo))
		} else {
			fmt.Fprintf(w, "    pays out to  %s%s (you)\n", l.PayoutAddress, memoSuffix(l.PayoutMemo))
		}
		fmt.Fprintf(w, "    refunds to   %s%s (in %s)\n", l.RefundAddress, memoSuffix(l.RefundMemo), l.From.Words())
	}
}
