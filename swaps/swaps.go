// Package swaps turns a chosen offer into an order at its venue, safely:
//
//  1. the request is checked (addresses and memos locally, before any venue
//     is called; the offer must be in a fresh quote);
//  2. the Idempotency-Key is reserved in the store, so concurrent requests
//     with one key make one order, and a retry answers the same swap;
//  3. the venue is asked again (the re-quote guard): a new offer worse than
//     the one shown by more than the allowed slippage creates nothing and
//     answers rate_changed with both amounts and a fresh quote id;
//  4. the order is created at the venue with the fresh offer (its rate id
//     for fixed rates), under a deadline of its own (CreateTimeout) that the
//     client leaving does not cut;
//  5. the venue's answer is checked (CheckOrder: amounts against the offer
//     and the slippage, the deposit address and memo as the user's own, the
//     expiry) and recorded before the caller acknowledges it. A refused
//     answer is kept for the operator, never shown as payable, and answered
//     venue_bad_answer; an answer lost after the request left keeps the key
//     (outcome_unknown: the venue may hold an order, so the key never makes
//     a second one); a call that certainly made nothing frees it.
//
// Once made, a swap is followed to its end by the same service
// (lifecycle.go): Create and RecordDeposit hand it to a Tracker, which runs
// Poll on the swap's schedule; Poll asks the venue, checks its word, applies
// the expiry rule, finds memo deposits, marks late swaps and tells the
// Listeners (event streams, webhooks) of each change, as one
// swapscout.SwapChange.
//
// The service knows nothing of HTTP nor of the job engine: the API, the page
// and the CLI call Create and Get alike, and the tracker calls Poll.
package swaps

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/address"
	"github.com/swapscout/swapscout/internal/opt"
)

// DefaultSlippage is the worst change, as a fraction of the amount shown,
// that a swap is created at without asking the user again: 0.5 %.
var DefaultSlippage = swapscout.MustAmount("0.005")

// SlippageLimit bounds what a client may allow (a fraction): beyond 10 % the
// user would not recognise the offer they chose. Create refuses more; a
// client may refuse it early, before it quotes.
var SlippageLimit = swapscout.MustAmount("0.1")

// Quotes finds the structured quote an offer was shown in
// (*quotes.Service satisfies it).
type Quotes interface {
	// QuoteByID returns the quote with id, or an ENOTFOUND error when it
	// is unknown or expired.
	QuoteByID(ctx context.Context, id string) (*swapscout.Quote, error)
	// Requote asks venue again for req, through the same checks as any
	// quote, and stores the answer as a new quote (its id goes back to the
	// client when the rate changed).
	Requote(ctx context.Context, req swapscout.QuoteRequest, venue string) (*swapscout.Quote, error)
}

// Service creates, reads and follows swaps.
type Service struct {
	Quotes Quotes
	Store  swapscout.SwapStore
	// Swapper returns the venue's swap capability; false when the venue
	// cannot create swaps (order books need an account).
	Swapper func(venue string) (swapscout.Swapper, bool)
	// CheckAddress checks an address and its memo for a network, locally;
	// address.Check when nil.
	CheckAddress func(network, addr, memo string) error
	// CheckCallback checks a callback URL (scheme, target); when nil, a
	// request with a callback URL is refused: webhooks are not configured.
	CheckCallback func(url string) error
	// CreateTimeout is the deadline of a creation's venue calls at a venue
	// (the re-quote and the create call together); DefaultCreateTimeout
	// when nil or not positive.
	CreateTimeout func(venue string) time.Duration
	// LimitWait bounds how long a creation waits for our own outbound rate
	// limit on the venue's calls before answering 429 rate_limited;
	// DefaultLimitWait when zero.
	LimitWait time.Duration
	Now       func() time.Time // time.Now when nil
	Logger    *slog.Logger     // slog.Default() when nil

	// What follows a created swap (lifecycle.go).
	//
	// Tracker runs the polls; nil, swaps are created and read but not
	// followed.
	Tracker Tracker
	// Listeners hear of every change recorded.
	Listeners []Listener
	// Callbacks keeps the swaps' callback URLs when webhooks are on (with
	// CheckCallback); nil, none is kept.
	Callbacks Subscriber
	// Schedule says when a swap is polled again (DefaultSchedule when nil).
	Schedule Schedule
	// ExpireAfter is how long past its expiry an unpaid swap is kept
	// waiting before it is expired, for venues that never say so
	// themselves (DefaultExpireAfter when zero).
	ExpireAfter time.Duration
	// Accuracy gives each venue's usual time from deposit to payout; nil,
	// no swap is marked late. OnLate, when set, hears of each swap marked
	// late (a metric).
	Accuracy *Accuracy
	OnLate   func(venue string)
	// OnPoll, when set, hears of each status call a poll asks of a venue:
	// how long the venue took and its error (nil: it answered), for
	// metrics. A poll that asks no venue (a deposit-tracked swap whose
	// deposit is not known yet) makes no call. It runs on the polling
	// goroutine: it must return at once.
	OnPoll func(venue string, took time.Duration, err error)
	// Retention is how long a swap is kept whole once it is over; Forget
	// then anonymises it. Zero keeps every swap whole (DefaultRetention is
	// what the server's flag defaults to).
	Retention time.Duration

	// Watching the chain (chain.go). Chain checks the sides of a swap its
	// venue claims (chainwatch.Watcher; nil: nothing is checked, the
	// venue's word stands); ChainTracker runs the checks. OnUnverified,
	// when set, hears of each side flagged overdue (a metric).
	Chain        swapscout.ChainChecker
	ChainTracker ChainTracker
	OnUnverified func(venue, side string)

	cancels sync.WaitGroup // cancel calls of refused orders under way
}

// CreateRequest is what a client asks to create.
type CreateRequest struct {
	IdempotencyKey string
	QuoteID        string
	Venue          string
	PayoutAddress  string
	PayoutMemo     string
	RefundAddress  string
	RefundMemo     string
	// MaxSlippage is the worst change allowed, as a fraction (0.005 is
	// 0.5 %); zero takes DefaultSlippage.
	MaxSlippage swapscout.Amount
	// CallbackURL, when set, receives every change of the swap (webhooks).
	CallbackURL string
	// PreCheck: the user asks the venue's AML pre-check of the refund
	// address before the order is made (swapscout.AddressChecker). Never a
	// default: it sends the address to the venue first.
	PreCheck bool
	// BridgeRefundAddress and BridgeRefundMemo, for a two-leg route only:
	// where the second venue refunds if it cannot finish its leg. It
	// receives the bridge asset (what the first leg paid out), not what
	// the user sent, so the refund address (on the network sent from)
	// cannot serve; an address of the user's own on the bridge's network
	// is required.
	BridgeRefundAddress string
	BridgeRefundMemo    string
}

// hash identifies a request's content, to tell a retry (same key, same
// body) from a conflict (same key, another body).
func (r *CreateRequest) hash() string {
	h := sha256.New()
	fields := []string{r.QuoteID, r.Venue, r.PayoutAddress, r.PayoutMemo, r.RefundAddress, r.RefundMemo, r.MaxSlippage.String(), r.CallbackURL}
	if r.BridgeRefundAddress != "" || r.BridgeRefundMemo != "" {
		// Only a route's request carries them: a direct one hashes as it
		// always did, so its retries still match their records.
		fields = append(fields, r.BridgeRefundAddress, r.BridgeRefundMemo)
	}
	for _, f := range fields {
		fmt.Fprintf(h, "%d:%s;", len(f), f)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Error codes of the swap flow (declared with the others in the root
// package, mapped to statuses in httpapi).
const (
	EINVALIDADDRESS = swapscout.EADDRESS         // 400
	ERATECHANGED    = swapscout.ERATECHANGED     // 409
	EUNSUPPORTED    = swapscout.ESWAPUNSUPPORTED // 422
	EINPROGRESS     = swapscout.EINPROGRESS      // 409
	EVENUE          = swapscout.EVENUE           // 502
)

// AddressError is a wrong address or memo: Field names it
// ("payout_address", "refund_memo", …).
type AddressError struct {
	Field  string
	Reason string
}

func (e *AddressError) Error() string { return e.Field + ": " + e.Reason }

// Unwrap gives the application error, so ErrorCode finds invalid_address.
func (e *AddressError) Unwrap() error {
	return swapscout.Errorf(EINVALIDADDRESS, "%s: %s", e.Field, e.Reason)
}

// RateChangedError says the venue's new offer is worse than the shown one
// by more than the slippage allowed; QuoteID is the fresh quote, to show
// the user before they try again.
type RateChangedError struct {
	Direction swapscout.Direction
	Shown     swapscout.Amount // what was shown: received (send) or to send (receive)
	Now       swapscout.Amount // the same, now
	QuoteID   string
}

func (e *RateChangedError) Error() string {
	if e.Direction == swapscout.Receive {
		return fmt.Sprintf("the venue now asks %s instead of %s", e.Now, e.Shown)
	}
	return fmt.Sprintf("the venue now gives %s instead of %s", e.Now, e.Shown)
}

// Unwrap gives the application error, so ErrorCode finds rate_changed.
func (e *RateChangedError) Unwrap() error {
	return swapscout.Errorf(ERATECHANGED, "%s; see quote %s", e.Error(), e.QuoteID)
}

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now()
	}
	return time.Now()
}

func (s *Service) log() *slog.Logger {
	if s.Logger != nil {
		return s.Logger
	}
	return slog.Default()
}

// Webhooks reports whether a request may carry a callback URL: webhooks
// are configured (CheckCallback).
func (s *Service) Webhooks() bool { return s.CheckCallback != nil }

// Create makes the swap r asks for, or answers the one its key already
// made. created is false when the swap existed (a retry).
//
// Its venue calls (the re-quote and the create call) run to their own
// deadline (CreateTimeout), detached from ctx: a client that leaves does not
// cut a create call midway, which would leave an order nobody was shown.
// Create returns within that deadline and the store's own time.
//
// A swap it answers is followed from then on (Tracker), with r's callback
// URL subscribed to its changes when it made the swap.
func (s *Service) Create(ctx context.Context, r CreateRequest) (sw *swapscout.Swap, created bool, err error) {
	sw, created, err = s.create(ctx, r)
	if err == nil && sw != nil && sw.Created() {
		callback := ""
		if created {
			callback = r.CallbackURL // the record read back does not carry it
		}
		s.follow(ctx, sw, callback)
	}
	return sw, created, err
}

func (s *Service) create(ctx context.Context, r CreateRequest) (sw *swapscout.Swap, created bool, err error) {
	if err := r.validate(); err != nil {
		return nil, false, err
	}
	// A retry is answered from the store before anything else: its quote
	// may have expired since (a client retrying after a crash or a lost
	// answer), and the swap exists all the same.
	if kf, ok := s.Store.(KeyFinder); ok {
		old, err := kf.SwapByKey(ctx, r.IdempotencyKey)
		switch {
		case err == nil:
			return s.retried(ctx, old, &r)
		case swapscout.ErrorCode(err) != swapscout.ENOTFOUND:
			return nil, false, err
		}
	}
	q, err := s.Quotes.QuoteByID(ctx, r.QuoteID)
	if err != nil {
		return nil, false, err
	}
	offer := findOffer(q, r.Venue)
	if offer == nil {
		return nil, false, swapscout.Errorf(swapscout.EINVALID, "venue %q has no offer in quote %s", clip(r.Venue), q.ID)
	}
	if len(offer.Legs) == 2 {
		return s.createRoute(ctx, &r, q, offer)
	}
	if len(offer.Parts) >= 2 {
		return s.createSplit(ctx, &r, q, offer)
	}
	if offer.Composite() {
		// Neither a two-leg route nor a split of two parts or more: no
		// offer of ours is made so.
		return nil, false, swapscout.Errorf(EUNSUPPORTED, "%s cannot be made into one swap here: it is neither a two-leg route nor a split", clip(r.Venue))
	}
	req := q.Request
	if err := s.checkAddresses(&r, req); err != nil {
		return nil, false, err
	}
	if r.CallbackURL != "" {
		if s.CheckCallback == nil {
			return nil, false, swapscout.Errorf(swapscout.EINVALID, "callback_url: webhooks are not configured on this server")
		}
		if err := s.CheckCallback(r.CallbackURL); err != nil {
			return nil, false, swapscout.Errorf(swapscout.EINVALID, "callback_url: %v", err)
		}
	}
	swapper, ok := s.Swapper(r.Venue)
	if !ok {
		return nil, false, swapscout.Errorf(EUNSUPPORTED, "%s cannot create swaps through its API", r.Venue)
	}
	if why := swapscout.SwapRefusal(swapper, req, offer); why != "" {
		return nil, false, swapscout.Errorf(EUNSUPPORTED, "%s cannot make this swap: %s", r.Venue, why)
	}
	var risk *swapscout.AddressRisk
	if r.PreCheck {
		if risk, err = s.preCheck(ctx, swapper, r.Venue, req.From.Network, r.RefundAddress); err != nil {
			return nil, false, err
		}
	}
	budget := s.createTimeout(r.Venue)
	sw = &swapscout.Swap{
		ID: swapscout.NewSwapID(), IdempotencyKey: r.IdempotencyKey, RequestHash: r.hash(),
		QuoteID: q.ID, Venue: r.Venue, Provider: offer.Provider,
		From: req.From, To: req.To, Direction: req.Direction, RateType: offer.RateType, RateID: offer.RateID,
		AmountIn: offer.AmountIn, AmountOut: offer.AmountOut,
		PayoutAddress: r.PayoutAddress, PayoutMemo: r.PayoutMemo, RefundAddress: r.RefundAddress, RefundMemo: r.RefundMemo,
		CallbackURL: r.CallbackURL, Deposit: offer.Deposit, CreateDeadline: s.now().Add(budget), MaxSlippage: r.slippage(),
	}
	if sw.Deposit == "" {
		sw.Deposit = swapscout.DepositTransfer
	}
	defer func() {
		if sw != nil && risk != nil {
			sw.PreCheck = risk // what the answer shows before the deposit address
		}
	}()
	old, err := s.Store.ReserveSwap(ctx, sw)
	if err != nil {
		return nil, false, err
	}
	if old != nil {
		return s.retried(ctx, old, &r)
	}
	// From here the key is ours. The venue phase runs to its own deadline
	// whatever the client does; every path that certainly made nothing at
	// the venue releases the key, so the client can retry.
	vctx, cancel := context.WithTimeout(s.venueContext(ctx), budget)
	defer cancel()
	fresh, err := s.requote(vctx, r.Venue, r.slippage(), req, offer)
	if err != nil {
		s.release(ctx, sw.ID)
		return nil, false, err
	}
	creq := swapscout.CreateSwapRequest{
		Request: req, Offer: *fresh,
		PayoutAddress: r.PayoutAddress, PayoutMemo: r.PayoutMemo, RefundAddress: r.RefundAddress, RefundMemo: r.RefundMemo,
		MaxSlippage: r.slippage(),
	}
	order, err := swapper.CreateSwap(vctx, creq)
	if err != nil {
		if createdNothing(swapper, err) {
			s.release(ctx, sw.ID)
			return nil, false, createError(r.Venue, err)
		}
		// The request left and no answer can be read: the venue may hold
		// an order. The key stays reserved; look the order up where the
		// venue lets us.
		why := lostWhy(err)
		s.log().Warn("swap creation outcome unknown", "swap", sw.ID, "venue", sw.Venue, "why", why, "err", err)
		// Looked up within what is left of the deadline, so the answer is
		// not late; a retry with the key looks again.
		found := false
		if dl, _ := vctx.Deadline(); time.Until(dl) > time.Second {
			order, found = s.lookup(vctx, swapper, creq, sw)
		}
		if !found {
			return nil, false, s.unknown(ctx, sw, swapper, why)
		}
	}
	return s.record(ctx, sw, swapper, recordArgs{req: req, shown: offer, fresh: fresh, slip: r.slippage(), rateID: fresh.RateID, expires: fresh.ExpiresAt}, order)
}

// KeyFinder is a SwapStore that finds a swap by its Idempotency-Key
// (sqlstore.DB does), so a retry is answered before its quote is looked up.
type KeyFinder interface {
	// SwapByKey returns the swap with the key, or an ENOTFOUND error.
	SwapByKey(ctx context.Context, key string) (*swapscout.Swap, error)
}

// Deadlines of a creation.
const (
	// DefaultCreateTimeout is the deadline of a creation's venue calls
	// (the re-quote and the create call together) when the venue documents
	// none: no venue among ours documents a create timeout, and 30 s is
	// past any answer seen from them.
	DefaultCreateTimeout = 30 * time.Second
	// DefaultLimitWait is how long a creation waits for our own outbound
	// rate limit on the venue's calls before answering 429.
	DefaultLimitWait = 5 * time.Second
	// RecordSlack is how long past its deadline a creation may take to be
	// recorded: a reservation still without an outcome after CreateDeadline
	// + RecordSlack was cut short (the server stopped mid-call).
	RecordSlack = 15 * time.Second
	// LookupTimeout bounds a look-up of an order whose answer was lost.
	LookupTimeout = 10 * time.Second
	// cancelTimeout bounds the cancel call of a refused order.
	cancelTimeout = 10 * time.Second
)

// legacyInterrupted is how long a reservation recorded without a deadline
// (before deadlines were kept) may have waited: far past any of its calls.
const legacyInterrupted = 2 * time.Minute

func (s *Service) createTimeout(venue string) time.Duration {
	if s.CreateTimeout != nil {
		if d := s.CreateTimeout(venue); d > 0 {
			return d
		}
	}
	return DefaultCreateTimeout
}

// venueContext is ctx for venue calls that must not be cut by the client
// leaving: its values, not its cancellation, with the bound on waiting for
// our own rate limit.
func (s *Service) venueContext(ctx context.Context) context.Context {
	return swapscout.WithLimitWait(context.WithoutCancel(ctx), opt.Or(s.LimitWait, DefaultLimitWait))
}

// release frees the key of a reservation that certainly made nothing.
func (s *Service) release(ctx context.Context, id string) {
	if err := s.Store.ReleaseSwap(context.WithoutCancel(ctx), id); err != nil {
		s.log().Error("swap reservation not released", "swap", id, "err", err)
	}
}

// createDeadline is when old's venue calls end at the latest.
func createDeadline(old *swapscout.Swap) time.Time {
	if old.CreateDeadline.IsZero() {
		return old.CreatedAt.Add(legacyInterrupted)
	}
	return old.CreateDeadline
}

// retried answers a request whose key already made (or is making) old.
func (s *Service) retried(ctx context.Context, old *swapscout.Swap, r *CreateRequest) (*swapscout.Swap, bool, error) {
	switch {
	case old.RequestHash != r.hash():
		return nil, false, swapscout.Errorf(swapscout.ECONFLICT, "this Idempotency-Key was used for a different request")
	case old.Created():
		if v, err := s.composed(ctx, old); err == nil {
			return v, false, nil
		}
		return old, false, nil
	case old.Creation == swapscout.CreateRefused:
		// The same answer as the first time: the order is never shown.
		return nil, false, &BadAnswerError{Venue: old.Venue, Order: old.RefusedOrder, What: old.CreateNote}
	case old.Creation == swapscout.CreatePending:
		if left := createDeadline(old).Add(RecordSlack).Sub(s.now()); left > 0 {
			return nil, false, &swapscout.Error{Code: EINPROGRESS, RetryAfter: retrySeconds(left),
				Message: fmt.Sprintf("a request with this Idempotency-Key is still being made: %s may be creating the order. Do not pay anything you were not shown; ask again with the same key in %s",
					old.Venue, seconds(left))}
		}
	}
	// Unknown, or pending past its deadline: the server that made the call
	// stopped before recording its outcome. Look the order up again.
	swapper, ok := s.Swapper(old.Venue)
	if !ok {
		return nil, false, s.unknownError(old, nil, "the venue cannot be asked any more")
	}
	why := old.CreateNote
	if old.Creation == swapscout.CreatePending {
		why = "the server stopped before the venue's answer was recorded"
	}
	req := swapscout.QuoteRequest{From: old.From, To: old.To, Direction: old.Direction, RateType: old.RateType, Amount: old.AmountIn}
	if old.Direction == swapscout.Receive {
		req.Amount = old.AmountOut
	}
	shown := &swapscout.Offer{Venue: old.Venue, AmountIn: old.AmountIn, AmountOut: old.AmountOut, RateType: old.RateType, RateID: old.RateID, Deposit: old.Deposit}
	creq := swapscout.CreateSwapRequest{Request: req, Offer: *shown,
		PayoutAddress: old.PayoutAddress, PayoutMemo: old.PayoutMemo, RefundAddress: old.RefundAddress, RefundMemo: old.RefundMemo,
		MaxSlippage: old.MaxSlippage}
	order, found := s.lookup(s.venueContext(ctx), swapper, creq, old)
	if !found {
		return nil, false, s.unknown(ctx, old, swapper, why)
	}
	sw, _, err := s.record(ctx, old, swapper, recordArgs{req: req, shown: shown, fresh: shown, slip: r.slippage(), rateID: old.RateID}, order)
	return sw, false, err
}

// lookup asks a venue that can find its orders (swapscout.SwapFinder) for
// the order creq made for sw, within ctx (a venue context: detached from the
// client) and LookupTimeout.
func (s *Service) lookup(ctx context.Context, swapper swapscout.Swapper, creq swapscout.CreateSwapRequest, sw *swapscout.Swap) (swapscout.SwapOrder, bool) {
	f, ok := swapper.(swapscout.SwapFinder)
	if !ok {
		return swapscout.SwapOrder{}, false
	}
	lctx, cancel := context.WithTimeout(ctx, LookupTimeout)
	defer cancel()
	order, found, err := f.FindSwap(lctx, creq, sw.CreatedAt.Add(-time.Minute))
	if err != nil {
		s.log().Warn("swap look-up failed", "swap", sw.ID, "venue", sw.Venue, "err", err)
		return swapscout.SwapOrder{}, false
	}
	if found {
		s.log().Info("swap found at the venue after its answer was lost", "swap", sw.ID, "venue", sw.Venue, "order", order.Ref)
	}
	return order, found
}

// unknown records that sw's creation ended without a readable answer and
// returns what the client is told.
func (s *Service) unknown(ctx context.Context, sw *swapscout.Swap, swapper swapscout.Swapper, why string) error {
	if sw.Creation != swapscout.CreateUnknown || sw.CreateNote != why {
		if err := s.Store.MarkSwapUnknown(context.WithoutCancel(ctx), sw.ID, why); err != nil && swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
			s.log().Error("unknown swap creation not recorded", "swap", sw.ID, "venue", sw.Venue, "err", err)
		}
	}
	return s.unknownError(sw, swapper, why)
}

// UnknownError says a venue may have made an order whose answer was lost.
// Lookup says the venue can look orders up: asking again with the same key
// after RetryAfter looks again.
type UnknownError struct {
	Venue      string
	Why        string
	Lookup     bool
	RetryAfter time.Duration
}

func (e *UnknownError) Error() string { return e.Venue + ": outcome unknown: " + e.Why }

// Unwrap gives the application error, so ErrorCode finds outcome_unknown.
func (e *UnknownError) Unwrap() error {
	if e.Lookup {
		return &swapscout.Error{Code: swapscout.EUNKNOWN, RetryAfter: e.RetryAfter, Message: fmt.Sprintf(
			"%s may have made an order, but its answer was lost (%s). Do not pay anything you were not shown. Ask again with the same Idempotency-Key in %s: the order is looked up at the venue, and this key never makes a second one",
			e.Venue, e.Why, seconds(e.RetryAfter))}
	}
	return &swapscout.Error{Code: swapscout.EUNKNOWN, Message: fmt.Sprintf(
		"%s may have made an order, but its answer was lost (%s) and %s cannot look it up. No deposit address was shown for it: do not pay anything you were not shown. This Idempotency-Key will not make another order: use a new one for a new swap",
		e.Venue, e.Why, e.Venue)}
}

// lookupRetry is when a client is told to ask again about an order the
// venue may find.
const lookupRetry = 10 * time.Second

func (s *Service) unknownError(sw *swapscout.Swap, swapper swapscout.Swapper, why string) error {
	_, finder := swapper.(swapscout.SwapFinder)
	e := &UnknownError{Venue: sw.Venue, Why: why, Lookup: finder}
	if finder {
		e.RetryAfter = lookupRetry
	}
	return e
}

// recordArgs is what an order is checked against and recorded with.
type recordArgs struct {
	req          swapscout.QuoteRequest
	shown, fresh *swapscout.Offer
	slip         swapscout.Amount
	rateID       string
	expires      time.Time // the fresh offer's expiry, used when the order gives none
}

// record checks the venue's order (CheckOrder) and records it: a refused
// one is kept for the operator and cancelled where the venue can; a good
// one completes sw.
func (s *Service) record(ctx context.Context, sw *swapscout.Swap, swapper swapscout.Swapper, a recordArgs, order swapscout.SwapOrder) (*swapscout.Swap, bool, error) {
	checked, err := CheckOrder(OrderCheck{Request: a.req, Shown: a.shown, Fresh: a.fresh, Slippage: a.slip,
		Deposit: sw.Deposit, Now: s.now(), CheckAddress: s.CheckAddress}, order)
	if err != nil {
		be, ok := err.(*BadAnswerError)
		if !ok {
			be = &BadAnswerError{What: err.Error()}
		}
		be.Venue = sw.Venue
		s.refuse(ctx, sw, swapper, order.Ref, be)
		return nil, false, be
	}
	sw.VenueOrder, sw.DepositAddress, sw.DepositMemo = checked.Ref, checked.DepositAddress, checked.DepositMemo
	sw.PromisedIn, sw.PromisedOut = checked.AmountIn, checked.AmountOut
	sw.RateID, sw.ExpiresAt = a.rateID, checked.ExpiresAt
	if sw.ExpiresAt.IsZero() && SaneExpiry(a.expires, s.now()) {
		sw.ExpiresAt = a.expires
	}
	sw.Status, sw.VenueStatus = swapscout.StatusWaiting, checked.VenueStatus
	sw.Creation = swapscout.CreatePending
	// The order exists at the venue now: record it even if the client has
	// gone, or the user's swap would exist nowhere but at the venue.
	if err := s.Store.CompleteSwap(context.WithoutCancel(ctx), sw); err != nil {
		s.log().Error("swap created at the venue but not recorded", "swap", sw.ID, "venue", sw.Venue, "order", sw.VenueOrder, "err", err)
		return nil, false, err
	}
	rec, err := s.Store.Swap(context.WithoutCancel(ctx), sw.ID)
	if err != nil {
		return sw, true, nil
	}
	return rec, true, nil
}

// refuse records that the venue's order failed the checks, and cancels it
// in the background where the venue has a cancel call.
func (s *Service) refuse(ctx context.Context, sw *swapscout.Swap, swapper swapscout.Swapper, order swapscout.OrderRef, be *BadAnswerError) {
	if len(order.ID)+len(order.Secret) > maxOrderID || !printable(order.ID) || !printable(order.Secret) {
		order = swapscout.OrderRef{} // no id to keep or cancel by
	}
	public := order.ID
	be.Order = public
	s.log().Warn("venue order refused", "swap", sw.ID, "venue", sw.Venue, "order", public, "why", be.What)
	if err := s.Store.RefuseSwap(context.WithoutCancel(ctx), sw.ID, public, be.What); err != nil {
		s.log().Error("refused venue order not recorded", "swap", sw.ID, "venue", sw.Venue, "order", public, "err", err)
	}
	c, ok := swapper.(swapscout.SwapCanceller)
	if !ok || order.ID == "" {
		return
	}
	s.cancel(context.WithoutCancel(ctx), c, sw, order)
}

// maxCancelWait bounds how long a cancel the venue refused for now (it
// cancels only orders of some age: SideShift's 5 minutes) is asked again
// after; one later than that is left to expire unpaid.
const maxCancelWait = 10 * time.Minute

// cancel cancels a refused order in the background, bounded by
// cancelTimeout; when the venue says to ask again later (RetryAfter within
// maxCancelWait), it asks once more then. Best effort: the order was never
// shown, so nobody pays it either way; a server that stops meanwhile leaves
// it to expire.
func (s *Service) cancel(ctx context.Context, c swapscout.SwapCanceller, sw *swapscout.Swap, order swapscout.OrderRef) {
	s.cancels.Add(1)
	go func() {
		defer s.cancels.Done()
		s.cancelOnce(ctx, c, sw, order, true)
	}()
}

// cancelOnce makes one cancel call; again allows one more, later, when the
// venue says when (on a timer: Wait does not wait for it).
func (s *Service) cancelOnce(ctx context.Context, c swapscout.SwapCanceller, sw *swapscout.Swap, order swapscout.OrderRef, again bool) {
	public := order.ID
	cctx, cancel := context.WithTimeout(s.venueContext(ctx), cancelTimeout)
	defer cancel()
	err := c.CancelSwap(cctx, order)
	if err == nil {
		s.log().Info("refused venue order cancelled", "swap", sw.ID, "venue", sw.Venue, "order", public)
		return
	}
	var ve *swapscout.VenueError
	if again && errors.As(err, &ve) && ve.RetryAfter > 0 && ve.RetryAfter <= maxCancelWait {
		s.log().Info("refused venue order cannot be cancelled yet; asking again later", "swap", sw.ID, "venue", sw.Venue, "order", public, "after", ve.RetryAfter)
		time.AfterFunc(ve.RetryAfter, func() { s.cancelOnce(ctx, c, sw, order, false) })
		return
	}
	s.log().Warn("refused venue order not cancelled; it expires unpaid", "swap", sw.ID, "venue", sw.Venue, "order", public, "err", err)
}

// Wait waits for the background cancel calls of refused orders under way
// (for tests and shutdown; one asked again later is not waited for).
func (s *Service) Wait() { s.cancels.Wait() }

// requote asks the venue again and checks the new offer against the shown
// one (the re-quote guard). Every error means nothing was created.
func (s *Service) requote(ctx context.Context, venue string, slip swapscout.Amount, req swapscout.QuoteRequest, shown *swapscout.Offer) (*swapscout.Offer, error) {
	fresh, fqID, err := s.asked(ctx, venue, req)
	if err != nil {
		return nil, err
	}
	if err := guard(req.Direction, shown, fresh, slip, fqID); err != nil {
		return nil, err
	}
	return fresh, nil
}

// asked asks venue again for req and returns its fresh offer and the
// quote it was stored in, or why there is none. Every error means nothing
// was created.
func (s *Service) asked(ctx context.Context, venue string, req swapscout.QuoteRequest) (*swapscout.Offer, string, error) {
	fq, err := s.Quotes.Requote(ctx, req, venue)
	if err != nil {
		return nil, "", err
	}
	fresh := findOffer(fq, venue)
	if fresh == nil {
		msg := "the venue gave no offer when asked again"
		for _, f := range fq.Failures {
			if f.Venue != venue {
				continue
			}
			if f.Code == swapscout.CodeRateLimited {
				// Our own limit held the call back, or the venue asked us
				// to slow down: not a refusal of this swap.
				return nil, "", rateLimited(venue, f.Message, f.RetryAfter)
			}
			msg = fmt.Sprintf("the venue gave no offer when asked again (%s: %s)", f.Code, f.Message)
		}
		return nil, "", swapscout.Errorf(EVENUE, "%s; see quote %s", msg, fq.ID)
	}
	if fresh.Derived != nil {
		// The engine never derives a re-quote; an offer that says it was
		// derived is not the venue's word for this swap.
		return nil, "", swapscout.Errorf(EVENUE, "the venue's offer was not asked afresh; see quote %s", fq.ID)
	}
	return fresh, fq.ID, nil
}

// slippage is the worst change r allows: its MaxSlippage, or
// DefaultSlippage when it names none. The swap records it: a finished swap
// that paid short of its promise by more is shown short
// (swapscout.Swap.Shortfall).
func (r *CreateRequest) slippage() swapscout.Amount {
	if r.MaxSlippage.IsZero() {
		return DefaultSlippage
	}
	return r.MaxSlippage
}

// guard refuses a fresh offer worse than the shown one by more than slip:
// for a send, less received than shown×(1−slip); for a receive, more to
// send than shown×(1+slip).
func guard(d swapscout.Direction, shown, fresh *swapscout.Offer, slip swapscout.Amount, quoteID string) error {
	one := swapscout.AmountFromInt(1)
	if d == swapscout.Receive {
		limit := shown.AmountIn.Mul(one.Add(slip))
		if fresh.AmountIn.Cmp(limit) > 0 {
			return &RateChangedError{Direction: d, Shown: shown.AmountIn, Now: fresh.AmountIn, QuoteID: quoteID}
		}
		return nil
	}
	limit := shown.AmountOut.Mul(one.Sub(slip))
	if fresh.AmountOut.Cmp(limit) < 0 {
		return &RateChangedError{Direction: d, Shown: shown.AmountOut, Now: fresh.AmountOut, QuoteID: quoteID}
	}
	return nil
}

// PublicReader is a SwapStore that reads a swap as it may be shown,
// without opening its venue order's secret (sqlstore.DB does): Get never needs
// the secret, so a record whose secret cannot be opened (another key sealed
// it) is still served.
type PublicReader interface {
	// PublicSwap returns the swap with id, its VenueOrder without its
	// secret, or an ENOTFOUND error.
	PublicSwap(ctx context.Context, id string) (*swapscout.Swap, error)
}

// Get returns the swap with id and its history. Its VenueOrder carries no
// secret when the store is a PublicReader: what is shown.
func (s *Service) Get(ctx context.Context, id string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	read := s.Store.Swap
	if pr, ok := s.Store.(PublicReader); ok {
		read = pr.PublicSwap
	}
	// The record and its history are separate reads: a change committed
	// between them would show the old status beside the new history (a
	// stream would send it as a change). So the record is read again after
	// the history, and all of it again if it moved meanwhile.
	for try := 1; ; try++ {
		view, evs, head, err := s.get(ctx, id, read)
		if err != nil || try == 3 {
			return view, evs, err
		}
		again, err := read(ctx, id)
		if err != nil {
			return nil, nil, err
		}
		if again.UpdatedAt.Equal(head.UpdatedAt) && again.Status == head.Status {
			return view, evs, nil
		}
	}
}

// get is one reading of Get: the swap's view, its history, and the
// record read under id.
func (s *Service) get(ctx context.Context, id string, read func(context.Context, string) (*swapscout.Swap, error)) (view *swapscout.Swap, evs []swapscout.SwapEvent, head *swapscout.Swap, err error) {
	sw, err := read(ctx, id)
	if err != nil {
		return nil, nil, nil, err
	}
	if !sw.Created() {
		return nil, nil, nil, swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")
	}
	// A composed swap is shown whole, from any of its members' ids.
	legs, err := s.members(ctx, sw, read)
	if err != nil {
		return nil, nil, nil, err
	}
	if !legs[0].Created() {
		return nil, nil, nil, swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")
	}
	evs, err = s.history(ctx, legs)
	if err != nil {
		return nil, nil, nil, err
	}
	return View(legs), evs, sw, nil
}

func (r *CreateRequest) validate() error {
	switch {
	case r.IdempotencyKey == "":
		return swapscout.Errorf(swapscout.EINVALID, "the Idempotency-Key header is required")
	case len(r.IdempotencyKey) > 255:
		return swapscout.Errorf(swapscout.EINVALID, "the Idempotency-Key header is longer than 255 bytes")
	case r.QuoteID == "":
		return swapscout.Errorf(swapscout.EINVALID, "quote_id is required")
	case r.Venue == "":
		return swapscout.Errorf(swapscout.EINVALID, "venue is required")
	case r.PayoutAddress == "":
		return &AddressError{Field: "payout_address", Reason: "is required"}
	case r.RefundAddress == "":
		return &AddressError{Field: "refund_address", Reason: "is required"}
	case !r.MaxSlippage.Valid() || r.MaxSlippage.Sign() < 0 || r.MaxSlippage.Cmp(SlippageLimit) > 0:
		return swapscout.Errorf(swapscout.EINVALID, "max_slippage must be between 0 and %s (a fraction: 0.005 is 0.5 %%)", SlippageLimit)
	}
	return nil
}

// checkAddresses checks the payout address on the network received and
// the refund address on the network sent from.
func (s *Service) checkAddresses(r *CreateRequest, req swapscout.QuoteRequest) error {
	return CheckAddresses(s.CheckAddress, req, r.PayoutAddress, r.PayoutMemo, r.RefundAddress, r.RefundMemo)
}

// CheckAddresses checks, without I/O, a payout address (and memo) on the
// network req receives on and a refund address on the network it sends
// from, with check (address.Check when nil). A refusal is an
// *AddressError naming the field; an address of another network says
// which one it is and where the coins go: "this is an Ethereum address;
// the refund goes back in BTC on Bitcoin". The CLI runs it before it asks
// any venue, the service before it creates a swap.
func CheckAddresses(check func(network, addr, memo string) error, req swapscout.QuoteRequest, payout, payoutMemo, refund, refundMemo string) error {
	if check == nil {
		check = address.Check
	}
	for _, c := range []struct {
		field, memoField string
		asset            swapscout.Asset
		addr, memo       string
		goes             string
	}{
		{"payout_address", "payout_memo", req.To, payout, payoutMemo, "the payout is sent in "},
		{"refund_address", "refund_memo", req.From, refund, refundMemo, "the refund goes back in "},
	} {
		if err := check(networkOf(c.asset), c.addr, c.memo); err != nil {
			field, why := c.field, err.Error()
			var ae *address.Error
			if errors.As(err, &ae) {
				why = ae.Error()
				if ae.Field == "memo" {
					field = c.memoField
				}
				if ae.LooksLike != "" {
					name := swapscout.NetworkName(ae.LooksLike)
					why = "this is " + address.Article(name) + " " + name + " address; " + c.goes + c.asset.Words()
				}
			}
			return &AddressError{Field: field, Reason: why}
		}
	}
	return nil
}

// networkOf is the network an asset's addresses belong to: its own network,
// or its ticker for a native coin without one.
func networkOf(a swapscout.Asset) string {
	if a.Network != "" {
		return a.Network
	}
	return a.Ticker
}

func findOffer(q *swapscout.Quote, venue string) *swapscout.Offer {
	for i := range q.Offers {
		if q.Offers[i].Venue == venue {
			return &q.Offers[i]
		}
	}
	return nil
}

// addressFields are the request fields a venue may say it refused.
var addressFields = map[string]bool{"payout_address": true, "payout_memo": true, "refund_address": true, "refund_memo": true}

func clip(s string) string {
	if len(s) <= 64 {
		return s
	}
	for i := 64; i > 0; i-- {
		if s[i]&0xC0 != 0x80 {
			return s[:i] + "…"
		}
	}
	return ""
}
