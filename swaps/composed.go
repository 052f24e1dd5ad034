package swaps

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
)

// Composed swaps as the user sees them, and followed: one swap (the one the
// user holds, its id theirs) made of its members' records. Its status is
// the route's or the split's as a whole, its history every member's changes
// in time order, each marked with its leg, so event streams and webhooks
// speak of the one swap.

// NoteRateMoved marks the event of a route's second leg whose rate, asked
// again when the first leg paid out, had moved past the swap's slippage.
const NoteRateMoved = "rate_moved"

// members returns sw's composed swap's records, the one the user holds
// first; [sw] for a direct swap. read reads a record by id.
func (s *Service) members(ctx context.Context, sw *swapscout.Swap, read func(context.Context, string) (*swapscout.Swap, error)) ([]*swapscout.Swap, error) {
	ms, ok := s.Store.(swapscout.MemberStore)
	if !sw.Composed() || !ok {
		return []*swapscout.Swap{sw}, nil
	}
	held := sw
	if sw.Parent != "" {
		var err error
		if held, err = read(ctx, sw.Parent); err != nil {
			return nil, err
		}
	}
	others, err := ms.SwapMembers(ctx, held.ID)
	if err != nil {
		return nil, err
	}
	return append([]*swapscout.Swap{held}, others...), nil
}

// composed returns the swap the user holds for sw, as shown (View).
func (s *Service) composed(ctx context.Context, sw *swapscout.Swap) (*swapscout.Swap, error) {
	legs, err := s.members(ctx, sw, s.Store.Swap)
	if err != nil {
		return nil, err
	}
	return View(legs), nil
}

// made is the composed swap held, just made, as its creator is answered:
// the whole (composed), or held alone when the members cannot be read back
// (the swap exists: its creation is not failed for that), with the refund
// address's pre-check, when one was made, on either.
func (s *Service) made(ctx context.Context, held *swapscout.Swap, risk *swapscout.AddressRisk) *swapscout.Swap {
	if risk != nil {
		held.PreCheck = risk
	}
	view, err := s.composed(context.WithoutCancel(ctx), held)
	if err != nil {
		return held
	}
	view.PreCheck = risk
	return view
}

// View is a composed swap as one: its first member's record (the swap the
// user holds: its id, deposit, refund and expiry) with the whole's status
// and, for a route, the last leg's side (what arrives, where, its payout);
// Legs holds every member. One member is returned as it is.
func View(legs []*swapscout.Swap) *swapscout.Swap {
	if len(legs) < 2 && legs[0].Compose != swapscout.ComposeSplit {
		return legs[0]
	}
	v := *legs[0]
	v.Legs = legs
	v.Venue, v.Provider = v.Composite, ""
	for _, l := range legs[1:] {
		if l.UpdatedAt.After(v.UpdatedAt) {
			v.UpdatedAt = l.UpdatedAt
		}
		if l.RateType != swapscout.Fixed {
			v.RateType = swapscout.Float
		}
	}
	statuses := make([]swapscout.SwapStatus, len(legs))
	for i, l := range legs {
		statuses[i] = l.Status
	}
	v.Status = composedStatus(v.Compose, statuses)
	if v.Compose == swapscout.ComposeSplit {
		splitView(&v, legs)
	}
	if v.Compose == swapscout.ComposeRoute {
		last := legs[len(legs)-1]
		v.To, v.AmountOut, v.PromisedOut = last.To, last.AmountOut, last.PromisedOut
		v.PayoutAddress, v.PayoutMemo, v.PayoutTx = last.PayoutAddress, last.PayoutMemo, last.PayoutTx
		v.AmountReceived, v.ReceivedDoubt = last.AmountReceived, last.ReceivedDoubt
		v.RateCheckedAt, v.RateMoved = last.RateCheckedAt, last.RateMoved
		if legs[0].Status == swapscout.StatusFinished {
			v.VenueStatus = "leg 2 (" + last.Venue + "): " + last.VenueStatus
		} else {
			v.VenueStatus = "leg 1 (" + legs[0].Venue + "): " + legs[0].VenueStatus
		}
	}
	return &v
}

// splitView sets v, a split's view, to its parts as a whole: the amounts
// their sums (of the parts that exist), no deposit address of its own
// (each part has its own: one deposit instruction per part, in Legs), the
// earliest expiry, and each part's venue status in words.
func splitView(v *swapscout.Swap, parts []*swapscout.Swap) {
	v.AmountIn, v.AmountOut, v.PromisedIn, v.PromisedOut = swapscout.Amount{}, swapscout.Amount{}, swapscout.Amount{}, swapscout.Amount{}
	v.AmountReceived, v.AmountRefunded = swapscout.Amount{}, swapscout.Amount{}
	v.DepositAddress, v.DepositMemo, v.DepositTx, v.PayoutTx, v.RefundTx, v.ReceivedDoubt = "", "", "", "", "", ""
	words := make([]string, len(parts))
	for i, p := range parts {
		v.AmountIn, v.AmountOut = v.AmountIn.Add(p.AmountIn), v.AmountOut.Add(p.AmountOut)
		v.PromisedIn, v.PromisedOut = v.PromisedIn.Add(valid(p.PromisedIn)), v.PromisedOut.Add(valid(p.PromisedOut))
		v.AmountReceived, v.AmountRefunded = v.AmountReceived.Add(valid(p.AmountReceived)), v.AmountRefunded.Add(valid(p.AmountRefunded))
		if p.ReceivedDoubt != "" && v.ReceivedDoubt == "" {
			v.ReceivedDoubt = "part " + strconv.Itoa(i+1) + ": " + p.ReceivedDoubt
		}
		if !p.ExpiresAt.IsZero() && (v.ExpiresAt.IsZero() || p.ExpiresAt.Before(v.ExpiresAt)) {
			v.ExpiresAt = p.ExpiresAt
		}
		words[i] = partName(i+1, p.Venue) + ": " + p.VenueStatus
	}
	v.VenueStatus = strings.Join(words, "; ")
}

// valid is a, or zero when a is not a valid amount (unknown).
func valid(a swapscout.Amount) swapscout.Amount {
	if !a.Valid() {
		return swapscout.Amount{}
	}
	return a
}

// composedStatus is where a composed swap stands from its members'
// statuses (an empty one: not created yet, read as waiting).
//
// A route stands where its first leg stands until that leg has finished,
// then where its second does: the first leg's payout on its way is still
// the route exchanging, as is the second leg waiting for it or confirming
// it; a first leg that ended otherwise (failed, refunded, expired) ends the
// route so.
//
// A split is waiting while any part is, and over when every part is:
// finished when every part finished, else the first part's end that is not
// finished (refunded, failed, expired), so the user sees what to look at;
// in between, the least advanced part's status.
func composedStatus(kind swapscout.Composition, st []swapscout.SwapStatus) swapscout.SwapStatus {
	for i := range st {
		if st[i] == "" {
			st[i] = swapscout.StatusWaiting
		}
	}
	if kind == swapscout.ComposeRoute {
		first, second := st[0], st[len(st)-1]
		switch {
		case first == swapscout.StatusSending:
			return swapscout.StatusExchanging
		case first != swapscout.StatusFinished:
			return first
		case second == swapscout.StatusWaiting || second == swapscout.StatusConfirming:
			return swapscout.StatusExchanging
		}
		return second
	}
	over := true
	for _, x := range st {
		over = over && x.Terminal()
	}
	if over {
		for _, x := range st {
			if x != swapscout.StatusFinished {
				return x
			}
		}
		return swapscout.StatusFinished
	}
	order := map[swapscout.SwapStatus]int{}
	for i, x := range swapscout.SwapStatuses {
		order[x] = i
	}
	least := swapscout.SwapStatus("")
	for _, x := range st {
		if x.Terminal() {
			continue
		}
		if least == "" || order[x] < order[least] {
			least = x
		}
	}
	return least
}

// history returns the composed swap's history from its members' own, in
// time order (the first member's first at a tie), each event marked with its
// leg and carrying the whole's status after it; a route's second leg whose
// rate moved adds its note at the time it was checked.
func (s *Service) history(ctx context.Context, legs []*swapscout.Swap) ([]swapscout.SwapEvent, error) {
	if len(legs) < 2 {
		return s.Store.SwapEvents(ctx, legs[0].ID)
	}
	var all []swapscout.SwapEvent
	for i, l := range legs {
		evs, err := s.Store.SwapEvents(ctx, l.ID)
		if err != nil {
			return nil, err
		}
		for _, ev := range evs {
			ev.Leg = i + 1
			all = append(all, ev)
		}
		if l.RateMoved != "" && !l.RateCheckedAt.IsZero() {
			all = append(all, swapscout.SwapEvent{At: l.RateCheckedAt, Leg: i + 1, Note: NoteRateMoved})
		}
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].At.Before(all[b].At) })
	cur := make([]swapscout.SwapStatus, len(legs))
	words := make([]string, len(legs))
	for k := range all {
		ev := &all[k]
		if ev.Note == "" {
			cur[ev.Leg-1], words[ev.Leg-1] = ev.Status, ev.VenueStatus
		} else {
			ev.VenueStatus = words[ev.Leg-1]
		}
		ev.Status = composedStatus(legs[0].Compose, append([]swapscout.SwapStatus(nil), cur...))
	}
	return all, nil
}

// pollComposed follows a composed swap one step: every member that has
// something to follow, in order.
func (s *Service) pollComposed(ctx context.Context, held *swapscout.Swap) (Step, error) {
	ms := s.Store.(swapscout.MemberStore) // Poll checked
	others, err := ms.SwapMembers(ctx, held.ID)
	if err != nil {
		return Step{Next: s.schedule(0), Wait: true}, nil
	}
	if len(others) == 0 {
		return s.pollSwap(ctx, held)
	}
	if held.Compose == swapscout.ComposeRoute {
		return s.pollRoute(ctx, held, others[0])
	}
	step := Step{Done: true}
	for _, p := range append([]*swapscout.Swap{held}, others...) {
		if p.Status.Terminal() || !p.Created() {
			continue
		}
		st, err := s.pollSwap(ctx, p)
		if err != nil {
			return st, err
		}
		step = merge(step, st)
	}
	return step, nil
}

// merge is the step of two members polled together: done when both are,
// else the sooner poll.
func merge(a, b Step) Step {
	switch {
	case a.Done:
		return b
	case b.Done:
		return a
	case b.Next < a.Next:
		return b
	}
	return a
}

// pollRoute follows a route: its first leg until it is over; its second
// once the first has paid out (asking its rate again then, at a floating
// rate), or closed unused when the first ended without paying out.
func (s *Service) pollRoute(ctx context.Context, l1, l2 *swapscout.Swap) (Step, error) {
	step := Step{Done: true}
	if !l1.Status.Terminal() {
		st, err := s.pollSwap(ctx, l1)
		if err != nil {
			return st, err
		}
		step = st
		if l1, err = s.Store.Swap(ctx, l1.ID); err != nil {
			return Step{Next: s.schedule(0), Wait: true}, nil
		}
	}
	switch {
	case l2.Status.Terminal():
		return step, nil
	case l1.Status == swapscout.StatusFinished || l1.Status == swapscout.StatusSending:
		s.recheck(ctx, l1, l2)
		st, err := s.pollSwap(ctx, l2)
		if err != nil {
			return st, err
		}
		return merge(step, st), nil
	case l1.Status.Terminal():
		// The first leg failed, was refunded or expired: nothing will
		// reach the second.
		changed, err := s.Store.UpdateSwap(ctx, l2.ID, swapscout.SwapUpdate{Status: swapscout.StatusExpired,
			VenueStatus: "not used: the first leg ended " + string(l1.Status)}, s.now())
		if err != nil {
			return Step{Next: s.schedule(0), Wait: true}, nil
		}
		if changed {
			s.announce(ctx, l1.ID)
		}
		return Step{Done: true}, nil
	}
	if step.Done { // the first leg's venue gave no next poll: keep the route followed
		step = Step{Next: s.schedule(s.now().Sub(l1.CreatedAt))}
	}
	return step, nil
}

// recheck asks a route's second leg's venue again, once, when the first leg
// has paid out and the second is at a floating rate: for what the first leg
// paid (or promised, while it has not said), against what the second
// leg's order promised at its rate. Past the swap's slippage, the user is
// told (RateMoved, an event with NoteRateMoved); within it, the check is
// recorded all the same. A venue that does not answer is asked at the next
// poll.
func (s *Service) recheck(ctx context.Context, l1, l2 *swapscout.Swap) {
	ms := s.Store.(swapscout.MemberStore)
	if l2.RateType == swapscout.Fixed || !l2.RateCheckedAt.IsZero() {
		return
	}
	amount := l1.AmountReceived
	if !amount.Valid() || amount.Sign() <= 0 || l1.ReceivedDoubt != "" {
		amount = l1.PromisedOut
	}
	amount = amount.Floor(assetDecimals(l2.From))
	pin, pout := l2.PromisedIn, l2.PromisedOut
	if !pin.Valid() || pin.Sign() <= 0 || !pout.Valid() || pout.Sign() <= 0 {
		pin, pout = l2.AmountIn, l2.AmountOut
	}
	if amount.Sign() <= 0 || pin.Sign() <= 0 {
		return
	}
	rctx, cancel := context.WithTimeout(s.venueContext(ctx), s.createTimeout(l2.Venue))
	defer cancel()
	req := swapscout.QuoteRequest{From: l2.From, To: l2.To, Amount: amount, Direction: swapscout.Send, RateType: swapscout.Float}
	fresh, _, err := s.asked(rctx, l2.Venue, req)
	if err != nil {
		s.log().Debug("route leg 2 rate not asked again", "swap", l2.Parent, "venue", l2.Venue, "err", err)
		return
	}
	dec := assetDecimals(l2.To)
	expected := pout.Mul(amount).Quo(pin, dec, swapscout.RoundDown)
	slip := l2.MaxSlippage
	if !slip.Valid() || slip.Sign() <= 0 {
		slip = DefaultSlippage
	}
	moved := ""
	if fresh.AmountOut.Cmp(expected.Mul(swapscout.AmountFromInt(1).Sub(slip))) < 0 {
		pct, _ := swapscout.Shortfall(expected, fresh.AmountOut)
		moved = fmt.Sprintf("The second leg's rate moved when the first leg paid out: %s now gives %s %s for the %s %s bridged, not the %s %s its order promised at that rate (%s %% less, past your max slippage of %s %%). The order stands at a floating rate: %s pays what its rate gives when it swaps, or refunds %s to your bridge refund address",
			l2.Venue, fresh.AmountOut, upper(l2.To), amount, upper(l2.From), expected, upper(l2.To), pct, slip.Mul(swapscout.AmountFromInt(100)), l2.Venue, upper(l2.From))
	}
	marked, err := ms.MarkRateChecked(ctx, l2.ID, s.now(), moved)
	if err != nil {
		s.log().Warn("route leg 2 rate check not recorded", "swap", l2.Parent, "err", err)
		return
	}
	l2.RateCheckedAt, l2.RateMoved = s.now(), moved
	if marked && moved != "" {
		s.log().Info("route leg 2 rate moved", "swap", l2.Parent, "venue", l2.Venue, "now", fresh.AmountOut, "promised", expected)
		s.announce(ctx, l1.ID)
	}
}

func upper(a swapscout.Asset) string { return strings.ToUpper(a.Ticker) }
