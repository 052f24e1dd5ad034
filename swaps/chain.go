package swaps

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
)

// Watching the chain: a venue's word that a deposit arrived, a payout was
// sent or a refund made is checked against the chain once the venue has
// said it, never before (a side the venue has not claimed has nothing to
// verify yet). CheckChain is one step of that, which a tracker runs on the
// schedule it returns (swaps/track runs it as a job of its own, beside the
// polls). What the chain shows is recorded with the swap
// (swapscout.ChainFact); a change of it that a person should hear of (seen,
// confirmed, overdue) is an event of the swap's history, so event streams
// and webhooks carry it.
//
// A transaction id the venue names is asked first and never believed
// alone: a transaction that does not pay the address is said so, and the
// address is searched as well (chainwatch.Watcher.Check). A payout or
// refund the venue calls made that the chain does not show settled past its
// network's grace is flagged Overdue: "unverified", the venue's word alone.

// ChainRecorder is a SwapStore that keeps what the chain showed
// (sqlstore.DB does); without it nothing is watched.
type ChainRecorder interface {
	RecordChain(ctx context.Context, id string, f swapscout.ChainFact, event string, at time.Time) error
}

// ChainFinisher is a ChainRecorder that can end a swap on the chain's word
// (sqlstore.DB can): FinishOnChain records f and moves swap id to
// finished, its event marked with source, if and only if its status is
// still one of from (false, nothing changed, otherwise).
type ChainFinisher interface {
	FinishOnChain(ctx context.Context, id string, f swapscout.ChainFact, from []swapscout.SwapStatus, source string, at time.Time) (finished bool, err error)
}

// ChainTracker runs the chain checks of the swaps it is given (swaps/track
// does it on River), each on the schedule CheckChain returns.
type ChainTracker interface {
	WatchChain(ctx context.Context, ids ...string) (added int, err error)
}

// claim is one side of a swap the venue has said happened, and what the
// chain must show for it.
type claim struct {
	expect swapscout.ChainExpect
	at     time.Time // when the venue said so
	// early: the venue has not said so yet (a payout looked for while the
	// venue still says exchanging or sending): only a transfer the chain
	// shows is worth recording, and nothing can be overdue.
	early bool
}

// claims lists the sides of sw the venue has claimed, from its record and
// history.
func claims(sw *swapscout.Swap, hist []swapscout.SwapEvent) []claim {
	// An event the chain marked is no word of the venue's (a swap the
	// chain finished says finished before the venue does).
	first := func(ok func(swapscout.SwapStatus) bool) (time.Time, bool) {
		for _, ev := range hist {
			if ev.Chain == "" && ok(ev.Status) {
				return ev.At, true
			}
		}
		return time.Time{}, false
	}
	is := func(want ...swapscout.SwapStatus) func(swapscout.SwapStatus) bool {
		return func(st swapscout.SwapStatus) bool { return slices.Contains(want, st) }
	}
	var out []claim
	depAt, depOK := swapscout.DepositSeenAt(hist)
	if !depOK {
		depAt, depOK = first(is(swapscout.StatusFinished, swapscout.StatusRefunded, swapscout.StatusFailed))
	}
	if !depOK && sw.DepositTx != "" {
		depAt, depOK = sw.UpdatedAt, true
	}
	promisedIn := pick(sw.PromisedIn, sw.AmountIn)
	if depOK {
		out = append(out, claim{at: depAt, expect: swapscout.ChainExpect{Side: swapscout.ChainDeposit, Network: sw.From.Network,
			Address: sw.DepositAddress, Asset: sw.From, Amount: promisedIn, After: sw.CreatedAt, TxID: sw.DepositTx,
			// A memo deposit goes to an address many swaps share.
			Own: sw.Deposit != swapscout.DepositMemo && sw.DepositMemo == ""}})
	} else {
		depAt = sw.CreatedAt
	}
	payout := swapscout.ChainExpect{Side: swapscout.ChainPayout, Network: sw.To.Network,
		Address: sw.PayoutAddress, Asset: sw.To, Amount: pick(sw.PromisedOut, sw.AmountOut), After: depAt, TxID: sw.PayoutTx}
	if at, ok := first(is(swapscout.StatusFinished)); ok || sw.Status == swapscout.StatusSending && sw.PayoutTx != "" {
		if !ok {
			at, _ = first(is(swapscout.StatusSending))
		}
		out = append(out, claim{at: at, expect: payout})
	} else if depOK && (sw.Status == swapscout.StatusExchanging || sw.Status == swapscout.StatusSending) {
		// The deposit is in and the venue is at work: the payout may be on
		// chain before the venue says so (venues poll their own wallets
		// late), and a person waiting wants to know.
		out = append(out, claim{early: true, expect: payout})
	}
	if at, ok := first(is(swapscout.StatusRefunded)); ok {
		out = append(out, claim{at: at, expect: swapscout.ChainExpect{Side: swapscout.ChainRefund, Network: sw.From.Network,
			Address: sw.RefundAddress, Asset: sw.From, Amount: pick(sw.AmountRefunded, promisedIn), After: depAt, TxID: sw.RefundTx}})
	}
	return out
}

func pick(a, b swapscout.Amount) swapscout.Amount {
	if a.Valid() && a.Sign() > 0 {
		return a
	}
	return b
}

// settled reports whether a recorded fact needs no more checks: settled on
// chain, or a network no endpoint (or no chain) can show.
func settled(f swapscout.ChainFact) bool {
	switch f.State {
	case swapscout.ChainConfirmed, swapscout.ChainNotWatched, swapscout.ChainNotVerifiable:
		return true
	}
	return false
}

// CheckChain checks swap id's claimed sides against the chain once, records
// what changed, and says when to check again (Step.Wait is always set: the
// delay is to be taken as is). It is done when the swap is over and every
// side it claimed is settled, cannot be shown, or is past the watching
// horizon. Without a Chain watcher or a ChainRecorder store it is done at
// once.
func (s *Service) CheckChain(ctx context.Context, id string) (Step, error) {
	rec, ok := s.Store.(ChainRecorder)
	if s.Chain == nil || !ok {
		return Step{Done: true}, nil
	}
	sw, err := s.Store.Swap(ctx, id)
	if swapscout.ErrorCode(err) == swapscout.ENOTFOUND {
		return Step{}, fmt.Errorf("%w: swap %s is gone", ErrNotFollowed, id)
	} else if err != nil {
		return Step{Next: s.schedule(0), Wait: true}, nil
	}
	if !sw.Created() {
		return Step{Done: true}, nil
	}
	hist, err := s.Store.SwapEvents(ctx, id)
	if err != nil {
		return Step{Next: s.schedule(0), Wait: true}, nil
	}
	next, watching := s.watch(ctx, rec, sw, hist)
	if !watching {
		return Step{Done: true}, nil
	}
	return Step{Next: next, Wait: true}, nil
}

// watch checks the sides of sw (with its history hist) the venue has
// claimed, records what changed, and says when to check again; watching
// is false when nothing is left to watch.
func (s *Service) watch(ctx context.Context, rec ChainRecorder, sw *swapscout.Swap, hist []swapscout.SwapEvent) (next time.Duration, watching bool) {
	wait := func(d time.Duration) {
		if !watching || d < next {
			next = d
		}
		watching = true
	}
	if !sw.Status.Terminal() {
		wait(s.schedule(s.now().Sub(sw.CreatedAt))) // a side may be claimed by then
	}
	for _, c := range claims(sw, hist) {
		old, had := sw.ChainFact(string(c.expect.Side))
		// A payout seen early is checked again once the venue claims it, so
		// its record says when the venue did.
		if had && settled(old) && (c.early || !seenEarly(old)) {
			continue
		}
		f, d, more := s.Chain.CheckTransfer(ctx, c.expect)
		if more {
			wait(max(d, time.Second))
		}
		if c.early && !f.OnChain() {
			continue // nothing to tell before the venue says it paid
		}
		f = s.judge(f, c)
		if c.early && s.finishOnChain(ctx, sw, f) {
			continue
		}
		if had && f.State == swapscout.ChainUnknown && old.ChainWord() {
			continue // the endpoint failed this time: what it showed before stands
		}
		if had && sameFact(old, f) {
			continue
		}
		event := chainEvent(old, had, f)
		if err := rec.RecordChain(ctx, sw.ID, f, event, s.now()); err != nil {
			s.log().Warn("chain fact not recorded; the next check tries again", "swap", sw.ID, "side", f.Side, "err", err)
			wait(s.schedule(0))
			continue
		}
		if event != "" {
			s.log().Info("swap chain", "swap", sw.ID, "venue", sw.Venue, "event", event, "note", f.Note)
			if f.Overdue && s.OnUnverified != nil {
				s.OnUnverified(sw.Venue, f.Side)
			}
			s.announce(ctx, sw.ID)
		}
	}
	return next, watching
}

// workingStatuses are where a swap may stand when the chain shows its
// payout before the venue says so: the venue at work.
var workingStatuses = []swapscout.SwapStatus{swapscout.StatusExchanging, swapscout.StatusSending}

// finishOnChain ends sw as finished when the chain shows its payout f,
// seen before the venue said it was made, settled (the watcher's
// confirmations) and in full: an amount CheckUpdate would believe from the
// venue, not short of the promise by more than the swap's slippage. The
// event says so with its source (f.Note: "on chain, N confirmations; the
// venue has not said so yet") and is told as any change. It reports
// whether sw was finished; false leaves f to be recorded as any fact (a
// short or unconfirmed payout, a store that cannot, a swap that moved on).
func (s *Service) finishOnChain(ctx context.Context, sw *swapscout.Swap, f swapscout.ChainFact) bool {
	fin, ok := s.Store.(ChainFinisher)
	if !ok || f.State != swapscout.ChainConfirmed || !slices.Contains(workingStatuses, sw.Status) || !fullPayout(sw, f.Amount) {
		return false
	}
	done, err := fin.FinishOnChain(ctx, sw.ID, f, workingStatuses, f.Note, s.now())
	if err != nil {
		s.log().Warn("swap not finished on the chain's word; the fact is recorded as it stands", "swap", sw.ID, "err", err)
		return false
	}
	if !done {
		return false
	}
	s.log().Info("swap finished on chain", "swap", sw.ID, "venue", sw.Venue, "note", f.Note)
	s.announce(ctx, sw.Holder())
	return true
}

// fullPayout reports whether amount, arrived on chain, is what sw's venue
// promised as far as a venue's own word would be believed: within
// CheckUpdate's bounds and not short (swapscout.Swap.Shortfall) of the
// promise by more than the swap's slippage.
func fullPayout(sw *swapscout.Swap, amount swapscout.Amount) bool {
	if !amount.Valid() || amount.Sign() <= 0 {
		return false
	}
	if _, doubt := CheckUpdate(sw, swapscout.SwapUpdate{AmountReceived: amount}); doubt != "" {
		return false
	}
	end := *sw
	end.Status, end.AmountReceived = swapscout.StatusFinished, amount
	sf, ok := end.Shortfall()
	return ok && !sf.Short
}

// finishedOnChain reports whether sw was finished on the chain's word and
// its venue has not said a last word since (see venueAfterChain).
func finishedOnChain(sw *swapscout.Swap) bool {
	f, ok := sw.ChainFact(swapscout.ChainPayout)
	return sw.Status == swapscout.StatusFinished && ok && seenEarly(f)
}

// venueAfterChain hears the venue's word u on sw, which the chain finished
// before the venue said so. A word still at work changes nothing (the swap
// stays finished). Finished: the payout's fact carries when the venue said
// so, without the remark. Any other end (failed, refunded, expired)
// contradicts the chain: it is recorded as a conflict, an event and the
// fact's note, and not applied. It reports whether the venue's word is
// final, so the poll is done.
func (s *Service) venueAfterChain(ctx context.Context, sw *swapscout.Swap, u swapscout.SwapUpdate) bool {
	rec, ok := s.Store.(ChainRecorder)
	if !ok || !u.Status.Terminal() {
		return !ok
	}
	f, _ := sw.ChainFact(swapscout.ChainPayout)
	f.Note = strings.TrimSuffix(f.Note, earlyNote)
	event := ""
	if u.Status == swapscout.StatusFinished {
		f.ClaimedAt = s.now()
	} else {
		conflict := fmt.Sprintf("the venue says %s (%q) after the chain showed the payout: not applied", u.Status, clip(u.VenueStatus))
		f.Note += "; " + conflict
		event = "conflict: " + conflict
	}
	if err := rec.RecordChain(ctx, sw.ID, f, event, s.now()); err != nil {
		s.log().Warn("venue's word after the chain not recorded; the next poll tries again", "swap", sw.ID, "err", err)
		return false
	}
	if event != "" {
		s.log().Warn("swap conflict", "swap", sw.ID, "venue", sw.Venue, "venue_says", u.Status, "chain", "payout confirmed")
		s.announce(ctx, sw.Holder())
	}
	return true
}

// watchClaim checks the chain at once for the sides update u newly claims
// (the deposit seen, the payout or refund made), right after u was
// recorded and told: by the end of the poll that first says "finished",
// the record carries what the chain shows of its payout (a change of it
// told again). The chain job goes on from there.
func (s *Service) watchClaim(ctx context.Context, sw *swapscout.Swap, u swapscout.SwapUpdate) {
	rec, ok := s.Store.(ChainRecorder)
	if s.Chain == nil || !ok || u.Status == "" || u.Status == sw.Status {
		return
	}
	switch {
	case u.Status == swapscout.StatusFinished || u.Status == swapscout.StatusRefunded:
	case u.Status.DepositSeen() && !sw.Status.DepositSeen():
	default:
		return
	}
	cur, err := s.Store.Swap(ctx, sw.ID)
	if err != nil {
		return
	}
	hist, err := s.Store.SwapEvents(ctx, sw.ID)
	if err != nil {
		return
	}
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	s.watch(cctx, rec, cur, hist)
}

// earlyNote ends the note of a payout seen on chain before the venue said
// it was made.
const earlyNote = "; the venue has not said so yet"

// seenEarly reports whether f is a payout recorded before the venue said
// it was made.
func seenEarly(f swapscout.ChainFact) bool {
	return f.Side == swapscout.ChainPayout && f.ClaimedAt.IsZero() && strings.HasSuffix(f.Note, earlyNote)
}

// judge dates the chain's fact f about claim c and says whether it is
// overdue: claimed made, and past its network's grace not settled on chain.
func (s *Service) judge(f swapscout.ChainFact, c claim) swapscout.ChainFact {
	if c.early {
		f.Note += earlyNote
		return f
	}
	f.ClaimedAt = c.at
	grace := s.Chain.ChainGrace(c.expect.Network)
	if (f.State == swapscout.ChainNotSeen || f.State == swapscout.ChainSeen) && f.CheckedAt.Sub(c.at) > grace {
		f.Overdue = true
		what := "not on chain"
		if f.State == swapscout.ChainSeen {
			what = "not settled on chain"
		}
		f.Note += fmt.Sprintf("; the venue said it was made %s ago: %s past the %s its network needs (unverified)",
			f.CheckedAt.Sub(c.at).Round(time.Second), what, grace.Round(time.Second))
	}
	return f
}

// sameFact reports whether f says nothing new of old (its check time
// aside): recording it would change nothing a person sees.
func sameFact(old, f swapscout.ChainFact) bool {
	return old.State == f.State && old.Overdue == f.Overdue && old.Confirmations == f.Confirmations &&
		old.Amount.Cmp(f.Amount) == 0 && old.Expected.Cmp(f.Expected) == 0 && slices.Equal(old.TxIDs, f.TxIDs) &&
		old.Endpoint == f.Endpoint && old.ClaimedAt.Equal(f.ClaimedAt)
}

// chainEvent names the change from old to f that a person should hear of
// ("payout confirmed on chain"), or "" for none: the chain's word changed
// (seen, settled) or the venue's word became overdue.
func chainEvent(old swapscout.ChainFact, had bool, f swapscout.ChainFact) string {
	switch {
	case f.Overdue && (!had || !old.Overdue):
		return f.Side + " overdue: not on chain"
	case had && old.State == f.State:
		return ""
	case seenEarly(f) && (!had || !old.OnChain()):
		return "payout seen on chain before the venue said so"
	case f.State == swapscout.ChainSeen:
		return f.Side + " seen on chain"
	case f.State == swapscout.ChainConfirmed:
		return f.Side + " confirmed on chain"
	}
	return ""
}
