package swaps

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/swapscout/swapscout"
)

// The lifecycle of a swap once its venue made the order: the service follows
// it to its end. Create and RecordDeposit hand it to the Tracker, which calls
// Poll on the swap's schedule; each Poll asks the venue, checks its word
// (CheckUpdate), applies the expiry rule, finds a memo swap's deposit, marks
// the swap late, records what changed and tells the Listeners. Sweep hands
// the Tracker every open swap when a server starts. The Tracker knows how to
// run polls (swaps/track does it on River); what a poll does is decided here.

// Tracker runs the polls of the swaps it is given, each on its schedule
// (Service.Poll says when next), until the swap is over.
type Tracker interface {
	// Track makes sure each of ids is followed: a swap followed already
	// keeps its schedule. It returns how many it had to add.
	Track(ctx context.Context, ids ...string) (added int, err error)
}

// Listener hears of every change of a swap the service records (event
// streams through swaps/feed, webhooks through swaps/track).
type Listener interface {
	SwapChanged(ctx context.Context, c swapscout.SwapChange)
}

// Subscriber keeps webhook subscriptions (sqlstore.DB does).
type Subscriber interface {
	// SetCallback subscribes url to swap id's changes after its
	// delivered-th.
	SetCallback(ctx context.Context, id, url string, delivered int) error
}

// OpenLister is a SwapStore that lists the swaps still open (created, not
// over), for Sweep (sqlstore.DB does).
type OpenLister interface {
	OpenSwaps(ctx context.Context) ([]string, error)
}

// LateMarker is a SwapStore that records a swap running late, once
// (sqlstore.DB does); without it nothing is marked.
type LateMarker interface {
	MarkLate(ctx context.Context, id string, at time.Time, usual time.Duration, basis int) (marked bool, err error)
}

// Schedule says how long to wait before polling a swap of the given age
// again.
type Schedule func(age time.Duration) time.Duration

// DefaultSchedule polls every 10 s in a swap's first 15 minutes (when the
// deposit usually arrives), every 30 s until its first hour is out, every
// 2 minutes for a day, then every 10 minutes.
func DefaultSchedule(age time.Duration) time.Duration {
	switch {
	case age < 15*time.Minute:
		return 10 * time.Second
	case age < time.Hour:
		return 30 * time.Second
	case age < 24*time.Hour:
		return 2 * time.Minute
	}
	return 10 * time.Minute
}

// ScaledSchedule is DefaultSchedule with every interval scaled so that the
// first is first (DefaultSchedule's is 10 s): ScaledSchedule(time.Second)
// polls every second, then every 3 s, 12 s and a minute as swaps age.
func ScaledSchedule(first time.Duration) Schedule {
	return func(age time.Duration) time.Duration {
		return time.Duration(float64(DefaultSchedule(age)) * float64(first) / float64(10*time.Second))
	}
}

// DefaultExpireAfter is how long past its ExpiresAt an unpaid swap is kept
// waiting before it is marked expired, when Service.ExpireAfter is zero:
// deposits seen late are still honoured by most venues.
const DefaultExpireAfter = time.Hour

// Step is what one Poll did, for the tracker that runs it.
type Step struct {
	// Done: the swap needs no more polls (it is over, or there is nothing
	// to follow).
	Done bool
	// Next is when to poll again: the schedule's interval for the swap's
	// age, which a tracker counts from when this poll was due so that a
	// swap is polled once per interval; or, when Wait is set, a delay to
	// wait as it is (the store did not answer; the venue asked to slow
	// down; a memo swap waits for its deposit).
	Next time.Duration
	Wait bool
}

func (s *Service) schedule(age time.Duration) time.Duration {
	if s.Schedule != nil {
		return s.Schedule(age)
	}
	return DefaultSchedule(age)
}

func (s *Service) expireAfter() time.Duration {
	if s.ExpireAfter > 0 {
		return s.ExpireAfter
	}
	return DefaultExpireAfter
}

// follow starts following a swap just created or answered to a retry: its
// callbackURL, when given and webhooks are on (Callbacks), is subscribed to
// its changes from now on, and the Tracker follows it. A failure is logged:
// the swap exists whatever happens here, and the next start's Sweep follows
// it.
func (s *Service) follow(ctx context.Context, sw *swapscout.Swap, callbackURL string) {
	ctx = context.WithoutCancel(ctx)
	if callbackURL != "" && s.Callbacks != nil {
		if err := s.Callbacks.SetCallback(ctx, sw.ID, callbackURL, 1); err != nil {
			s.log().Error("webhook subscription not recorded", "swap", sw.ID, "err", err)
		}
	}
	s.track(ctx, sw.ID, "could not follow a new swap")
}

// track hands swap id to the Tracker, and to the ChainTracker when the
// chain is watched, logging a failure with what.
func (s *Service) track(ctx context.Context, id, what string) {
	if s.ChainTracker != nil && s.Chain != nil {
		if _, err := s.ChainTracker.WatchChain(ctx, id); err != nil {
			s.log().Error("chain watch: "+what, "swap", id, "err", err)
		}
	}
	if s.Tracker == nil {
		return
	}
	if _, err := s.Tracker.Track(ctx, id); err != nil {
		s.log().Error("tracker: "+what, "swap", id, "err", err)
	}
}

// Sweep makes sure every open swap is followed: one created just before a
// crash, before the Tracker heard of it, is picked up here. A server runs it
// once at start; it logs what it did. It needs an OpenLister store and a
// Tracker (without them it does nothing).
func (s *Service) Sweep(ctx context.Context) (added int, err error) {
	ol, ok := s.Store.(OpenLister)
	if !ok || s.Tracker == nil {
		return 0, nil
	}
	ids, err := ol.OpenSwaps(ctx)
	if err == nil && s.ChainTracker != nil && s.Chain != nil {
		if _, cerr := s.ChainTracker.WatchChain(ctx, ids...); cerr != nil {
			s.log().Warn("chain watch: sweep of open swaps failed", "err", cerr)
		}
	}
	if err == nil {
		added, err = s.Tracker.Track(ctx, ids...)
	}
	if added > 0 {
		s.log().Info("tracker: following open swaps that had no job", "count", added)
	}
	if err != nil && ctx.Err() == nil {
		s.log().Warn("tracker: sweep of open swaps failed", "err", err)
	}
	return added, err
}

// announce tells the Listeners that swap id changed, as its history now
// stands. The change carries the swap as Get shows it (Shown, History) when
// its two reads agree, so that a watcher in this process need not read it
// again: with many swaps changing at once those re-reads queued behind the
// writers and delayed the streams.
func (s *Service) announce(ctx context.Context, id string) {
	if len(s.Listeners) == 0 {
		return
	}
	read := s.Store.Swap
	if pr, ok := s.Store.(PublicReader); ok {
		read = pr.PublicSwap
	}
	view, hist, head, err := s.get(ctx, id, read)
	if err != nil || len(hist) == 0 {
		s.log().Warn("swap change not told: its history cannot be read", "swap", id, "err", err)
		return
	}
	last := hist[len(hist)-1]
	c := swapscout.SwapChange{SwapID: id, Seq: len(hist), Status: last.Status}
	if agree(view, head, last) {
		c.Shown, c.History = view, hist
	}
	for _, l := range s.Listeners {
		l.SwapChanged(ctx, c)
	}
}

// agree says whether a swap's record, read before its history, can be
// shown beside that history: a change committed between the two reads
// would have added an event the record does not have (another status, or
// a time past the record's last update). A composed swap, read as several
// records, is not judged: its watchers read it again.
func agree(view, head *swapscout.Swap, last swapscout.SwapEvent) bool {
	return view == head && !head.Composed() && head.Status == last.Status && !last.At.After(head.UpdatedAt)
}

// ErrNotFollowed is the error Poll returns for a swap that cannot be
// followed at all (gone from the store; its venue cannot report swaps): a
// tracker stops polling it.
var ErrNotFollowed = errors.New("swap cannot be followed")

// Poll follows swap id one step, as a tracker calls it on the swap's
// schedule:
//
//   - a swap that is over is told to the Listeners again (a poll rescued
//     after its server died between recording the end and telling it;
//     deliveries are unique by change, so none is sent twice) and is done;
//   - a swap the chain finished before its venue said so (finishOnChain)
//     is still asked until the venue's last word, which moves nothing
//     back: finished dates the payout, another end is a conflict recorded,
//     not applied (venueAfterChain);
//   - a memo swap (swapscout.DepositTracked) whose deposit nobody gave is
//     looked for at the network (swapscout.DepositFinder), and waits until
//     it is known;
//   - the venue is asked (OnPoll hears of the call); its word is checked
//     once, for every venue (CheckUpdate: an implausible amount received
//     is kept as its claim, with the doubt);
//   - the expiry rule: a swap nobody paid, past its expiry and ExpireAfter,
//     is expired whatever the venue keeps saying (an expiry no venue can
//     mean is no expiry);
//   - what changed is recorded and told to the Listeners, then the chain
//     is asked at once about a side the change newly claims (watchClaim);
//   - a swap past its venue's usual time from deposit to payout is marked
//     late, once (Accuracy).
//
// A venue that fails, or the store, makes the step wait and try again; an
// error wrapping ErrNotFollowed says the swap cannot be followed at all.
func (s *Service) Poll(ctx context.Context, id string) (Step, error) {
	sw, err := s.Store.Swap(ctx, id)
	if swapscout.ErrorCode(err) == swapscout.ENOTFOUND {
		return Step{}, fmt.Errorf("%w: swap %s is gone", ErrNotFollowed, id)
	} else if err != nil {
		return Step{Next: s.schedule(0), Wait: true}, nil // the database hiccuped: try again soon
	}
	if _, ok := s.Store.(swapscout.MemberStore); ok && sw.Composed() {
		if sw.Parent != "" {
			// A member is followed through the swap the user holds,
			// whose polls walk every member (a sweep gives that one).
			return Step{Done: true}, nil
		}
		return s.pollComposed(ctx, sw)
	}
	return s.pollSwap(ctx, sw)
}

// pollSwap follows one venue order one step (Poll): a direct swap, or one
// member of a composed swap, whose changes are told as the held swap's.
func (s *Service) pollSwap(ctx context.Context, sw *swapscout.Swap) (Step, error) {
	// A swap the chain finished before its venue said so is still asked
	// until the venue says its last word (venueAfterChain).
	afterChain := finishedOnChain(sw)
	if sw.Status.Terminal() && !afterChain {
		s.announce(ctx, sw.Holder())
		return Step{Done: true}, nil
	}
	if !sw.Created() {
		return Step{Done: true}, nil
	}
	defer s.checkLate(ctx, sw)
	now := s.now()
	next := s.schedule(now.Sub(sw.CreatedAt))
	swapper, ok := s.Swapper(sw.Venue)
	if !ok {
		return Step{}, fmt.Errorf("%w: venue %s cannot report swaps", ErrNotFollowed, sw.Venue)
	}
	// An expiry no venue can mean (one recorded before expiries were
	// checked: a minute count that overflowed) is no expiry: it must not
	// end a swap the venue still waits for.
	if !sw.ExpiresAt.IsZero() && !SaneExpiry(sw.ExpiresAt, sw.CreatedAt) {
		sw.ExpiresAt = time.Time{}
	}
	// A route's second leg is paid by its first, which we follow: its
	// venue's word on its expiry stands, not ours.
	secondLeg := sw.Compose == swapscout.ComposeRoute && sw.Leg > 1
	expired := !secondLeg && !sw.ExpiresAt.IsZero() && now.After(sw.ExpiresAt.Add(s.expireAfter()))
	key, ready := swapscout.StatusKey(swapper, sw)
	if !ready {
		// A deposit-tracked swap whose deposit nobody gave: look for it
		// at the network, on the swap's own schedule.
		var found bool
		if sw, found = s.findDeposit(ctx, swapper, sw); found {
			key, ready = swapscout.StatusKey(swapper, sw)
		}
	}
	if !ready && !expired {
		return Step{Next: next, Wait: true}, nil // nothing to ask until its deposit is known
	}
	u, err := s.askStatus(ctx, swapper, sw, key, ready)
	if err != nil {
		var ve *swapscout.VenueError
		if errors.As(err, &ve) && ve.RetryAfter > next {
			next = ve.RetryAfter
		}
		s.log().Debug("swap status", "swap", sw.ID, "venue", sw.Venue, "err", err)
		return Step{Next: next, Wait: true}, nil
	}
	if !u.Status.Valid() {
		u.Status = swapscout.StatusUnknown
	}
	if afterChain {
		if s.venueAfterChain(ctx, sw, u) {
			return Step{Done: true}, nil
		}
		return Step{Next: next}, nil
	}
	u, doubt := CheckUpdate(sw, u)
	if doubt != "" && doubt != sw.ReceivedDoubt {
		s.log().Warn("venue's amount received not believed", "swap", sw.ID, "venue", sw.Venue, "why", doubt)
	}
	if u.Status == swapscout.StatusWaiting && expired {
		u.Status = swapscout.StatusExpired
	}
	// Most polls find nothing new: skip the write transaction then (on
	// SQLite every write takes the one write lock).
	if !same(sw, u) {
		// The change is seen when the venue's answer arrives, not when the
		// poll began: its time in the history says so.
		changed, err := s.Store.UpdateSwap(ctx, sw.ID, u, s.now())
		if err != nil {
			return Step{Next: s.schedule(0), Wait: true}, nil
		}
		if changed {
			s.announce(ctx, sw.Holder())
			// The chain is asked after the change is told, not before:
			// its answer (a network call, behind the endpoint's budget)
			// must not hold back the venue's word from its listeners.
			s.watchClaim(ctx, sw, u)
		}
	}
	if u.Status.Terminal() {
		return Step{Done: true}, nil
	}
	return Step{Next: next}, nil
}

// askStatus asks the venue for sw's status (statusOf) and tells OnPoll how
// the call went.
func (s *Service) askStatus(ctx context.Context, swapper swapscout.Swapper, sw *swapscout.Swap, key swapscout.OrderRef, ready bool) (swapscout.SwapUpdate, error) {
	if !ready || s.OnPoll == nil {
		return statusOf(ctx, swapper, sw, key, ready)
	}
	start := s.now()
	u, err := statusOf(ctx, swapper, sw, key, ready)
	s.OnPoll(sw.Venue, s.now().Sub(start), err)
	return u, err
}

// statusOf asks the venue for the swap's status by key (StatusKey). A
// deposit-tracked swap (THORChain, Maya) whose deposit transaction nobody
// gave nor anyone found (!ready; see findDeposit) has nothing to ask: as far
// as anyone knows it is still waiting, and past its expiry and the grace the
// expiry rule ends it.
func statusOf(ctx context.Context, sw swapscout.Swapper, s *swapscout.Swap, key swapscout.OrderRef, ready bool) (swapscout.SwapUpdate, error) {
	if !ready {
		return swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: s.VenueStatus}, nil
	}
	return sw.SwapStatus(ctx, key)
}

// findDeposit asks a venue that can find deposits (swapscout.DepositFinder)
// for the transaction that paid sw, and records it through the store's
// update, as a deposit the user gives is recorded: the history and the
// listeners hear of it. It returns the swap as it now stands and whether a
// deposit is known. A deposit the user gave meanwhile wins: the found one
// is recorded only while none is.
func (s *Service) findDeposit(ctx context.Context, swapper swapscout.Swapper, sw *swapscout.Swap) (*swapscout.Swap, bool) {
	f, ok := swapper.(swapscout.DepositFinder)
	if !ok {
		return sw, false
	}
	tx, found, err := f.FindDeposit(ctx, sw)
	if err != nil {
		s.log().Debug("deposit discovery", "swap", sw.ID, "venue", sw.Venue, "err", err)
		return sw, false
	}
	if !found || tx == "" {
		return sw, false
	}
	cur, err := s.Store.Swap(ctx, sw.ID)
	if err != nil {
		return sw, false
	}
	if cur.DepositTx != "" || cur.Status.Terminal() {
		return cur, cur.DepositTx != ""
	}
	changed, err := s.Store.UpdateSwap(ctx, sw.ID, swapscout.SwapUpdate{DepositTx: tx}, s.now())
	if err != nil {
		return sw, false
	}
	rec, err := s.Store.Swap(ctx, sw.ID)
	if err != nil {
		return sw, false
	}
	if changed {
		s.log().Info("deposit found", "swap", sw.ID, "venue", sw.Venue, "tx", rec.DepositTx)
		s.announce(ctx, sw.Holder())
	}
	return rec, rec.DepositTx != ""
}

// checkLate marks sw late when it has run past its venue's usual time. It
// runs after each poll of a created swap; sw is the record the poll began
// with. Most polls stop at the first test, which needs no read: the deposit
// comes after the swap was made, so a swap younger than the usual time
// cannot be late.
func (s *Service) checkLate(ctx context.Context, sw *swapscout.Swap) {
	marker, ok := s.Store.(LateMarker)
	if s.Accuracy == nil || !ok || sw.Late() || sw.Status.Terminal() {
		return
	}
	now := s.now()
	usual, basis := s.Accuracy.Usual(ctx, sw.Venue)
	if usual <= 0 || now.Sub(sw.CreatedAt) <= usual {
		return
	}
	rec, err := s.Store.Swap(ctx, sw.ID)
	if err != nil || rec.Late() || !rec.Status.DepositSeen() {
		return
	}
	hist, err := s.Store.SwapEvents(ctx, sw.ID)
	if err != nil {
		return
	}
	if dep, seen := swapscout.DepositSeenAt(hist); !seen || now.Sub(dep) <= usual {
		return
	}
	marked, err := marker.MarkLate(ctx, sw.ID, now, usual, basis)
	if err != nil {
		s.log().Warn("swap late: not recorded; the next poll tries again", "swap", sw.ID, "err", err)
		return
	}
	if !marked {
		return
	}
	s.log().Info("swap late", "swap", sw.ID, "venue", sw.Venue, "usual", usual, "basis", basis)
	if s.OnLate != nil {
		s.OnLate(sw.Venue)
	}
	s.announce(ctx, sw.Holder())
}

// same reports whether u says nothing new of sw: the store would record no
// change.
func same(sw *swapscout.Swap, u swapscout.SwapUpdate) bool {
	return (u.Status == "" || u.Status == sw.Status && u.VenueStatus == sw.VenueStatus) &&
		(u.DepositTx == "" || u.DepositTx == sw.DepositTx) && (u.PayoutTx == "" || u.PayoutTx == sw.PayoutTx) &&
		(u.AmountReceived.IsZero() || !u.AmountReceived.Valid() || u.AmountReceived.Cmp(sw.AmountReceived) == 0 && u.ReceivedDoubt == sw.ReceivedDoubt)
}
