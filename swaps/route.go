package swaps

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
)

// Two-leg routes: From→X at one venue, then X→To at another (issue 27). A
// route is one swap the user holds, made of two venue orders:
//
//   - leg 2 is created first, at the second venue: it pays out to the
//     user's payout address and refunds to BridgeRefundAddress (an address
//     of the user's on X's network: a refund of leg 2 is in X);
//   - leg 1 is created then, at the first venue, paying out to leg 2's
//     deposit address and refunding to the user's refund address. The user
//     pays leg 1's deposit address; the funds go venue to venue and never
//     wait with us.
//
// Both legs are re-quoted (the re-quote guard: leg 1 against its shown
// offer, the route's result against the route shown) and both venues'
// answers go through CheckOrder, as a direct swap's do. The swap the user
// holds is leg 1's record (Leg 1); leg 2's names it as Parent. Poll walks
// both (composed.go).

// assetDecimals is what a of an asset can carry on chain (8 when unknown).
func assetDecimals(a swapscout.Asset) int {
	if info, ok := swapscout.LookupAsset(a); ok {
		return info.Decimals
	}
	return 8
}

// routeLeg is one leg being made: its venue, request, the offer shown and
// the fresh one, its swapper and its record.
type routeLeg struct {
	venue   string
	req     swapscout.QuoteRequest
	shown   *swapscout.Offer
	fresh   *swapscout.Offer
	swapper swapscout.Swapper
	sw      *swapscout.Swap
}

// createRoute makes the route offer (two legs) of quote q that r takes.
func (s *Service) createRoute(ctx context.Context, r *CreateRequest, q *swapscout.Quote, offer *swapscout.Offer) (*swapscout.Swap, bool, error) {
	ms, ok := s.Store.(swapscout.MemberStore)
	if !ok {
		return nil, false, swapscout.Errorf(EUNSUPPORTED, "this server's swap store cannot keep two-leg routes")
	}
	if !offer.CanSwap && offer.NoSwap != "" {
		// The quote judged a leg unswappable: its reason stands.
		return nil, false, swapscout.Errorf(EUNSUPPORTED, "%s cannot be made into one swap here: %s", clip(offer.Venue), offer.NoSwap)
	}
	_, x, _, ok := swapscout.RouteLegs(offer.Venue)
	if !ok {
		return nil, false, swapscout.Errorf(swapscout.EINVALID, "venue %q does not name a two-leg route", clip(offer.Venue))
	}
	req := q.Request
	legs := [2]*routeLeg{
		{venue: offer.Legs[0].Venue, shown: &offer.Legs[0], req: swapscout.QuoteRequest{From: req.From, To: x, Direction: req.Direction, RateType: offer.Legs[0].RateType}},
		{venue: offer.Legs[1].Venue, shown: &offer.Legs[1], req: swapscout.QuoteRequest{From: x, To: req.To, Direction: req.Direction, RateType: offer.Legs[1].RateType}},
	}
	legs[0].req.Amount, legs[1].req.Amount = offer.Legs[0].AmountIn, offer.Legs[1].AmountIn
	if req.Direction == swapscout.Receive {
		legs[0].req.Amount, legs[1].req.Amount = offer.Legs[0].AmountOut, offer.Legs[1].AmountOut
	}
	if err := s.checkAddresses(r, req); err != nil {
		return nil, false, err
	}
	if err := s.checkBridgeRefund(r, x, legs[1].venue); err != nil {
		return nil, false, err
	}
	if r.CallbackURL != "" {
		if err := s.checkCallback(r.CallbackURL); err != nil {
			return nil, false, err
		}
	}
	for i, l := range legs {
		sw, ok := s.Swapper(l.venue)
		if !ok {
			return nil, false, swapscout.Errorf(EUNSUPPORTED, "leg %d (%s) cannot create swaps through its API", i+1, l.venue)
		}
		if why := swapscout.SwapRefusal(sw, l.req, l.shown); why != "" {
			return nil, false, swapscout.Errorf(EUNSUPPORTED, "leg %d (%s) cannot make this swap: %s", i+1, l.venue, why)
		}
		l.swapper = sw
	}
	if legs[1].shown.Deposit == swapscout.DepositMemo {
		// The first venue pays out a plain transfer (with a memo field at
		// most): it cannot send a transaction that carries a memo.
		return nil, false, swapscout.Errorf(EUNSUPPORTED, "leg 2 (%s) takes its deposit as a transaction carrying a memo, which leg 1 (%s) cannot send", legs[1].venue, legs[0].venue)
	}
	var risk *swapscout.AddressRisk
	if r.PreCheck {
		var err error
		if risk, err = s.preCheck(ctx, legs[0].swapper, legs[0].venue, req.From.Network, r.RefundAddress); err != nil {
			return nil, false, err
		}
	}
	budget := s.createTimeout(legs[0].venue) + s.createTimeout(legs[1].venue)
	slip := r.slippage()
	held := &swapscout.Swap{
		ID: swapscout.NewSwapID(), IdempotencyKey: r.IdempotencyKey, RequestHash: r.hash(),
		QuoteID: q.ID, Venue: legs[0].venue, Provider: legs[0].shown.Provider,
		From: req.From, To: x, Direction: req.Direction, RateType: legs[0].shown.RateType, RateID: legs[0].shown.RateID,
		AmountIn: legs[0].shown.AmountIn, AmountOut: legs[0].shown.AmountOut,
		RefundAddress: r.RefundAddress, RefundMemo: r.RefundMemo, CallbackURL: r.CallbackURL,
		Deposit: legs[0].shown.Deposit, CreateDeadline: s.now().Add(budget), MaxSlippage: slip,
		Compose: swapscout.ComposeRoute, Composite: offer.Venue, Leg: 1,
	}
	if held.Deposit == "" {
		held.Deposit = swapscout.DepositTransfer
	}
	old, err := s.Store.ReserveSwap(ctx, held)
	if err != nil {
		return nil, false, err
	}
	if old != nil {
		return s.retried(ctx, old, r)
	}
	legs[0].sw = held
	vctx, cancel := context.WithTimeout(s.venueContext(ctx), budget)
	defer cancel()
	if err := s.requoteRoute(vctx, legs, offer, slip); err != nil {
		s.release(ctx, held.ID)
		return nil, false, err
	}
	second := &swapscout.Swap{
		ID: swapscout.NewSwapID(), IdempotencyKey: r.IdempotencyKey + "\x1froute leg 2 of " + held.ID, RequestHash: held.RequestHash,
		QuoteID: q.ID, Venue: legs[1].venue, Provider: legs[1].fresh.Provider,
		From: x, To: req.To, Direction: req.Direction, RateType: legs[1].fresh.RateType, RateID: legs[1].fresh.RateID,
		AmountIn: legs[1].fresh.AmountIn, AmountOut: legs[1].fresh.AmountOut,
		PayoutAddress: r.PayoutAddress, PayoutMemo: r.PayoutMemo, RefundAddress: r.BridgeRefundAddress, RefundMemo: r.BridgeRefundMemo,
		Deposit: swapscout.DepositTransfer, CreateDeadline: held.CreateDeadline, MaxSlippage: slip,
		Compose: swapscout.ComposeRoute, Composite: offer.Venue, Parent: held.ID, Leg: 2,
	}
	if old, err := s.Store.ReserveSwap(ctx, second); err != nil || old != nil {
		s.release(ctx, held.ID)
		if err == nil {
			err = swapscout.Errorf(swapscout.EINTERNAL, "route leg 2 reserved twice")
		}
		return nil, false, err
	}
	legs[1].sw = second
	// Leg 2 first: its deposit address is where leg 1 pays out.
	rec2, err := s.makeLeg(ctx, vctx, legs[1], swapscout.CreateSwapRequest{
		Request: legs[1].req, Offer: *legs[1].fresh,
		PayoutAddress: r.PayoutAddress, PayoutMemo: r.PayoutMemo, RefundAddress: r.BridgeRefundAddress, RefundMemo: r.BridgeRefundMemo,
		MaxSlippage: slip,
	}, slip)
	if err != nil {
		// Nothing anyone may pay exists: leg 2's order (if any) gets no
		// deposit, since nobody was shown a way to send it one.
		s.release(ctx, held.ID)
		return nil, false, legError(2, legs[1].venue, err)
	}
	if err := ms.SetPayout(context.WithoutCancel(ctx), held.ID, rec2.DepositAddress, rec2.DepositMemo); err != nil {
		s.abandon(ctx, legs[1], rec2, "the first leg could not be recorded")
		s.release(ctx, held.ID)
		return nil, false, err
	}
	held.PayoutAddress, held.PayoutMemo = rec2.DepositAddress, rec2.DepositMemo
	rec1, err := s.makeLeg(ctx, vctx, legs[0], swapscout.CreateSwapRequest{
		Request: legs[0].req, Offer: *legs[0].fresh,
		PayoutAddress: rec2.DepositAddress, PayoutMemo: rec2.DepositMemo, RefundAddress: r.RefundAddress, RefundMemo: r.RefundMemo,
		MaxSlippage: slip,
	}, slip)
	if err != nil {
		if _, lost := err.(*UnknownError); !lost {
			// Leg 1 certainly made nothing payable: leg 2 will never be
			// paid; say so in its record and cancel it where the venue can.
			s.abandon(ctx, legs[1], rec2, "the first leg was not created")
		}
		return nil, false, legError(1, legs[0].venue, err)
	}
	return s.made(ctx, rec1, risk), true, nil
}

// checkBridgeRefund checks the address a route's second leg refunds to: it
// is required (leg 2's refund is in the bridge asset, on its network, where
// the user's refund address cannot receive it), and must be valid there.
func (s *Service) checkBridgeRefund(r *CreateRequest, x swapscout.Asset, venue2 string) error {
	words := x.Words()
	if r.BridgeRefundAddress == "" {
		return &AddressError{Field: "bridge_refund_address", Reason: fmt.Sprintf(
			"is required for a two-leg route: if %s cannot finish the second leg, it refunds in %s, not in what you sent; give an address of yours that can receive %s",
			venue2, words, words)}
	}
	bridgeReq := swapscout.QuoteRequest{From: x, To: x}
	if err := CheckAddresses(s.CheckAddress, bridgeReq, r.BridgeRefundAddress, r.BridgeRefundMemo, r.BridgeRefundAddress, r.BridgeRefundMemo); err != nil {
		if ae, ok := err.(*AddressError); ok {
			field := "bridge_refund_address"
			if strings.HasSuffix(ae.Field, "_memo") {
				field = "bridge_refund_memo"
			}
			return &AddressError{Field: field, Reason: ae.Reason + " (the second leg's refund is sent in " + words + ")"}
		}
		return err
	}
	return nil
}

// checkCallback checks a callback URL as Create does.
func (s *Service) checkCallback(url string) error {
	if s.CheckCallback == nil {
		return swapscout.Errorf(swapscout.EINVALID, "callback_url: webhooks are not configured on this server")
	}
	if err := s.CheckCallback(url); err != nil {
		return swapscout.Errorf(swapscout.EINVALID, "callback_url: %v", err)
	}
	return nil
}

// requoteRoute asks both legs' venues again, in the order the route is
// priced (send: leg 1, then leg 2 for what leg 1 pays out; receive: leg 2
// for the amount, then leg 1 for what leg 2 takes in), and guards the
// result: the leg asked first against its own shown offer, the route's
// result against the route shown.
func (s *Service) requoteRoute(ctx context.Context, legs [2]*routeLeg, route *swapscout.Offer, slip swapscout.Amount) error {
	first, then := legs[0], legs[1]
	if first.req.Direction == swapscout.Receive {
		first, then = legs[1], legs[0]
	}
	fresh, err := s.requote(ctx, first.venue, slip, first.req, first.shown)
	if err != nil {
		return err
	}
	first.fresh = fresh
	dec := assetDecimals(legs[0].req.To)
	if first.req.Direction == swapscout.Receive {
		then.req.Amount = fresh.AmountIn.Ceil(dec) // what leg 2 takes in, leg 1 must pay out
	} else {
		then.req.Amount = fresh.AmountOut.Floor(dec) // what leg 1 pays out, leg 2 takes in
	}
	if then.req.Amount.Sign() <= 0 {
		return swapscout.Errorf(EVENUE, "the route's first leg now gives nothing to bridge")
	}
	fresh2, fqID, err := s.asked(ctx, then.venue, then.req)
	if err != nil {
		return err
	}
	then.fresh = fresh2
	// The route as it stands now: what the user sends and receives.
	now := &swapscout.Offer{AmountIn: legs[0].fresh.AmountIn, AmountOut: legs[1].fresh.AmountOut}
	return guard(first.req.Direction, route, now, slip, fqID)
}

// makeLeg creates one leg's order at its venue (within vctx) and records
// it through the checks a direct swap's order goes through (record).
// An answer lost is recorded as unknown (*UnknownError); a call that
// certainly made nothing releases the leg's reservation.
func (s *Service) makeLeg(ctx, vctx context.Context, l *routeLeg, creq swapscout.CreateSwapRequest, slip swapscout.Amount) (*swapscout.Swap, error) {
	order, err := l.swapper.CreateSwap(vctx, creq)
	if err != nil {
		if createdNothing(l.swapper, err) {
			s.release(ctx, l.sw.ID)
			return nil, createError(l.venue, err)
		}
		why := lostWhy(err)
		s.log().Warn("route leg creation outcome unknown", "swap", l.sw.Holder(), "leg", l.sw.Leg, "venue", l.venue, "why", why, "err", err)
		found := false
		if dl, _ := vctx.Deadline(); time.Until(dl) > time.Second {
			order, found = s.lookup(vctx, l.swapper, creq, l.sw)
		}
		if !found {
			return nil, s.unknown(ctx, l.sw, l.swapper, why)
		}
	}
	rec, _, err := s.record(ctx, l.sw, l.swapper, recordArgs{req: l.req, shown: l.fresh, fresh: l.fresh, slip: slip, rateID: l.fresh.RateID, expires: l.fresh.ExpiresAt}, order)
	return rec, err
}

// abandon closes a route's second leg whose first leg will never pay it:
// expired in its record (with why), cancelled at its venue where it can.
func (s *Service) abandon(ctx context.Context, l *routeLeg, rec *swapscout.Swap, why string) {
	ctx = context.WithoutCancel(ctx)
	if _, err := s.Store.UpdateSwap(ctx, rec.ID, swapscout.SwapUpdate{Status: swapscout.StatusExpired, VenueStatus: "not used: " + why}, s.now()); err != nil {
		s.log().Error("route leg 2 not closed", "swap", rec.ID, "err", err)
	}
	if c, ok := l.swapper.(swapscout.SwapCanceller); ok && rec.VenueOrder.ID != "" {
		s.cancel(ctx, c, rec, rec.VenueOrder)
	}
}

// legError says which leg of a route an error came from, keeping its code.
func legError(n int, venue string, err error) error {
	return memberError(fmt.Sprintf("route leg %d", n), venue, err)
}

// memberError says which member of a composed swap (what: "route leg 2",
// "split part 3") at venue an error came from, keeping its code.
func memberError(what, venue string, err error) error {
	switch e := err.(type) {
	case *AddressError:
		return e
	case *BadAnswerError:
		e.What = what + ": " + e.What
		return e
	case *UnknownError:
		e.Why = what + ": " + e.Why
		return e
	case *swapscout.Error:
		c := *e
		c.Message = fmt.Sprintf("%s (%s): %s", what, venue, e.Message)
		return &c
	}
	return err
}
