package swaps

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
)

// Splits: one amount spread over two or three venues (issue 27). A split
// is one swap the user holds, made of one venue order per part, each a
// direct swap at its venue for its part of the amount, with its own
// deposit address: the user sends each part to its own address, and the
// funds never wait with us.
//
// Every part goes through a direct swap's checks: SwapRefusal at its
// venue, the re-quote guard against the part's shown offer, CheckOrder on
// the venue's answer. The parts are made one after the other, in the
// offer's order; the swap the user holds is part 1's record, the others
// name it as Parent. When a later part cannot be made after an earlier
// one exists, the swap is what was made: the answer shows the parts that
// exist (each with its deposit) and says which part is missing and why
// (PartsNote); nothing is sent to a part that does not exist.

// partName names part n of a split in the user's words.
func partName(n int, venue string) string { return fmt.Sprintf("part %d (%s)", n, venue) }

// createSplit makes the split offer of quote q that r takes.
func (s *Service) createSplit(ctx context.Context, r *CreateRequest, q *swapscout.Quote, offer *swapscout.Offer) (*swapscout.Swap, bool, error) {
	ms, ok := s.Store.(swapscout.MemberStore)
	if !ok {
		return nil, false, swapscout.Errorf(EUNSUPPORTED, "this server's swap store cannot keep splits")
	}
	if !offer.CanSwap && offer.NoSwap != "" {
		return nil, false, swapscout.Errorf(EUNSUPPORTED, "%s cannot be made into one swap here: %s", clip(offer.Venue), offer.NoSwap)
	}
	req := q.Request
	if req.Direction != swapscout.Send {
		return nil, false, swapscout.Errorf(swapscout.EINVALID, "a split is made for an amount sent only")
	}
	if err := s.checkAddresses(r, req); err != nil {
		return nil, false, err
	}
	if r.CallbackURL != "" {
		if err := s.checkCallback(r.CallbackURL); err != nil {
			return nil, false, err
		}
	}
	parts := make([]*routeLeg, len(offer.Parts))
	var budget time.Duration
	for i := range offer.Parts {
		p := &offer.Parts[i]
		l := &routeLeg{venue: p.Venue, shown: p, req: swapscout.QuoteRequest{From: req.From, To: req.To, Amount: p.AmountIn, Direction: swapscout.Send, RateType: p.RateType}}
		sw, ok := s.Swapper(l.venue)
		if !ok {
			return nil, false, swapscout.Errorf(EUNSUPPORTED, "%s cannot create swaps through its API", partName(i+1, l.venue))
		}
		if why := swapscout.SwapRefusal(sw, l.req, l.shown); why != "" {
			return nil, false, swapscout.Errorf(EUNSUPPORTED, "%s cannot make this swap: %s", partName(i+1, l.venue), why)
		}
		l.swapper = sw
		parts[i] = l
		budget += s.createTimeout(l.venue)
	}
	var risk *swapscout.AddressRisk
	if r.PreCheck {
		// The refund address goes to every part's venue: each checks it.
		for _, l := range parts {
			got, err := s.preCheck(ctx, l.swapper, l.venue, req.From.Network, r.RefundAddress)
			if err != nil {
				return nil, false, err
			}
			if risk == nil {
				risk = got
			}
		}
	}
	slip := r.slippage()
	deadline := s.now().Add(budget)
	var held *swapscout.Swap
	for i, l := range parts {
		sw := &swapscout.Swap{
			ID: swapscout.NewSwapID(), IdempotencyKey: r.IdempotencyKey, RequestHash: r.hash(),
			QuoteID: q.ID, Venue: l.venue, Provider: l.shown.Provider,
			From: req.From, To: req.To, Direction: swapscout.Send, RateType: l.shown.RateType, RateID: l.shown.RateID,
			AmountIn: l.shown.AmountIn, AmountOut: l.shown.AmountOut,
			PayoutAddress: r.PayoutAddress, PayoutMemo: r.PayoutMemo, RefundAddress: r.RefundAddress, RefundMemo: r.RefundMemo,
			Deposit: l.shown.Deposit, CreateDeadline: deadline, MaxSlippage: slip,
			Compose: swapscout.ComposeSplit, Composite: offer.Venue, Leg: i + 1,
		}
		if sw.Deposit == "" {
			sw.Deposit = swapscout.DepositTransfer
		}
		if held == nil {
			sw.CallbackURL, sw.PartsPlanned = r.CallbackURL, len(parts)
		} else {
			sw.IdempotencyKey = fmt.Sprintf("%s\x1fsplit part %d of %s", r.IdempotencyKey, i+1, held.ID)
			sw.Parent = held.ID
		}
		old, err := s.Store.ReserveSwap(ctx, sw)
		if held == nil && err == nil && old != nil {
			return s.retried(ctx, old, r)
		}
		if err == nil && old != nil {
			err = swapscout.Errorf(swapscout.EINTERNAL, "split part %d reserved twice", i+1)
		}
		if err != nil {
			for _, p := range parts[:i] {
				s.release(ctx, p.sw.ID)
			}
			return nil, false, err
		}
		l.sw = sw
		if held == nil {
			held = sw
		}
	}
	for i, l := range parts {
		rec, err := s.makePart(ctx, l, r, slip)
		if err == nil {
			if i == 0 {
				held = rec
			}
			continue
		}
		// Part i+1 was not made: the later ones are not asked (a split
		// the user did not choose is no better offer), and their
		// reservations are released.
		for _, p := range parts[i+1:] {
			s.release(ctx, p.sw.ID)
		}
		if i == 0 {
			return nil, false, partError(1, l.venue, err)
		}
		note := s.missingParts(parts, i, err)
		if nerr := ms.NoteParts(context.WithoutCancel(ctx), held.ID, note); nerr != nil {
			s.log().Error("split's missing parts not recorded", "swap", held.ID, "err", nerr)
		}
		held.PartsNote = note
		s.log().Warn("split made in part", "swap", held.ID, "made", i, "of", len(parts), "venue", l.venue, "err", err)
		break
	}
	return s.made(ctx, held, risk), true, nil
}

// makePart re-quotes one part at its venue (the re-quote guard against the
// part's shown offer) and creates its order (makeLeg: CheckOrder, an
// answer lost recorded as unknown), within the part's own venue deadline.
func (s *Service) makePart(ctx context.Context, l *routeLeg, r *CreateRequest, slip swapscout.Amount) (*swapscout.Swap, error) {
	vctx, cancel := context.WithTimeout(s.venueContext(ctx), s.createTimeout(l.venue))
	defer cancel()
	fresh, err := s.requote(vctx, l.venue, slip, l.req, l.shown)
	if err != nil {
		s.release(ctx, l.sw.ID)
		return nil, err
	}
	l.fresh = fresh
	return s.makeLeg(ctx, vctx, l, swapscout.CreateSwapRequest{
		Request: l.req, Offer: *fresh,
		PayoutAddress: r.PayoutAddress, PayoutMemo: r.PayoutMemo, RefundAddress: r.RefundAddress, RefundMemo: r.RefundMemo,
		MaxSlippage: slip,
	}, slip)
}

// missingParts says, for the user, which parts of a split were not made
// (parts[from:], the first of them failing with err) and what that means
// for what to send.
func (s *Service) missingParts(parts []*routeLeg, from int, err error) string {
	var made []string
	var sent swapscout.Amount
	for i, l := range parts[:from] {
		made = append(made, fmt.Sprintf("%d", i+1))
		sent = sent.Add(l.fresh.AmountIn)
	}
	var missing, left []string
	var rest swapscout.Amount
	for i, l := range parts[from:] {
		missing = append(missing, partName(from+i+1, l.venue))
		rest = rest.Add(l.shown.AmountIn)
	}
	left = append(left, missing[0]+" was not created: "+partWhy(err))
	if len(missing) > 1 {
		left = append(left, strings.Join(missing[1:], ", ")+" then not asked")
	}
	from0 := parts[0].req.From
	msg := strings.Join(left, "; ") + fmt.Sprintf(". This swap is the part%s made (%s): send %s %s only, each part to its own deposit address. The other %s %s is not part of any swap: do not send it here; ask a new quote for it.",
		plural(len(made)), strings.Join(made, ", "), sent, upper(from0), rest, upper(from0))
	if _, lost := err.(*UnknownError); lost {
		msg += " The missing part's venue may have made an order whose answer was lost: it is recorded, and no deposit address of it is shown; never send anything to an address you were not shown."
	}
	return msg
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// partWhy is an error's words for the user, without its code.
func partWhy(err error) string {
	if e, ok := err.(*swapscout.Error); ok {
		return e.Message
	}
	return err.Error()
}

// partError says which part of a split an error came from, keeping its
// code.
func partError(n int, venue string, err error) error {
	return memberError(fmt.Sprintf("split part %d", n), venue, err)
}
