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
//     for fixed rates) and recorded before the caller acknowledges it.
//
// The service knows nothing of HTTP: the API, the page and the CLI call Create
// and Get alike.
package swaps

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/address"
)

// DefaultSlippage is the worst change, as a fraction of the amount shown,
// that a swap is created at without asking the user again: 0.5 %.
var DefaultSlippage = swapscout.MustAmount("0.005")

// maxSlippage bounds what a client may allow: beyond 10 % the user would not
// recognise the offer they chose.
var maxSlippage = swapscout.MustAmount("0.1")

// Quotes finds the structured quote an offer was shown in.
type Quotes interface {
	// Quote returns the quote with id, or an ENOTFOUND error when it is
	// unknown or expired.
	Quote(ctx context.Context, id string) (*swapscout.Quote, error)
	// Requote asks venue again for req, through the same checks as any
	// quote, and stores the answer as a new quote (its id goes back to the
	// client when the rate changed).
	Requote(ctx context.Context, req swapscout.QuoteRequest, venue string) (*swapscout.Quote, error)
}

// Service creates and reads swaps.
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
	Now           func() time.Time // time.Now when nil
	Logger        *slog.Logger     // slog.Default() when nil
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
}

// hash identifies a request's content, to tell a retry (same key, same
// body) from a conflict (same key, another body).
func (r *CreateRequest) hash() string {
	h := sha256.New()
	for _, f := range []string{r.QuoteID, r.Venue, r.PayoutAddress, r.PayoutMemo, r.RefundAddress, r.RefundMemo, r.MaxSlippage.String(), r.CallbackURL} {
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

// Create makes the swap r asks for, or answers the one its key already
// made. created is false when the swap existed (a retry).
func (s *Service) Create(ctx context.Context, r CreateRequest) (sw *swapscout.Swap, created bool, err error) {
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
			return s.retried(old, &r)
		case swapscout.ErrorCode(err) != swapscout.ENOTFOUND:
			return nil, false, err
		}
	}
	q, err := s.Quotes.Quote(ctx, r.QuoteID)
	if err != nil {
		return nil, false, err
	}
	offer := findOffer(q, r.Venue)
	if offer == nil {
		return nil, false, swapscout.Errorf(swapscout.EINVALID, "venue %q has no offer in quote %s", clip(r.Venue), q.ID)
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
	sw = &swapscout.Swap{
		ID: swapscout.NewSwapID(), IdempotencyKey: r.IdempotencyKey, RequestHash: r.hash(),
		QuoteID: q.ID, Venue: r.Venue, Provider: offer.Provider,
		From: req.From, To: req.To, Direction: req.Direction, RateType: offer.RateType, RateID: offer.RateID,
		AmountIn: offer.AmountIn, AmountOut: offer.AmountOut,
		PayoutAddress: r.PayoutAddress, PayoutMemo: r.PayoutMemo, RefundAddress: r.RefundAddress, RefundMemo: r.RefundMemo,
		CallbackURL: r.CallbackURL, Deposit: offer.Deposit,
	}
	if sw.Deposit == "" {
		sw.Deposit = swapscout.DepositTransfer
	}
	old, err := s.Store.ReserveSwap(ctx, sw)
	if err != nil {
		return nil, false, err
	}
	if old != nil {
		return s.retried(old, &r)
	}
	// From here the key is ours: release it on every path that creates
	// nothing at the venue, so the client can retry.
	order, fresh, err := s.createAtVenue(ctx, swapper, r, req, offer)
	if err != nil {
		if rerr := s.Store.ReleaseSwap(context.WithoutCancel(ctx), sw.ID); rerr != nil {
			s.log().Error("swap reservation not released", "swap", sw.ID, "err", rerr)
		}
		return nil, false, err
	}
	sw.VenueOrderID, sw.DepositAddress, sw.DepositMemo = order.OrderID, order.DepositAddress, order.DepositMemo
	sw.PromisedIn, sw.PromisedOut = order.AmountIn, order.AmountOut
	if sw.PromisedIn.IsZero() {
		sw.PromisedIn = fresh.AmountIn
	}
	if sw.PromisedOut.IsZero() {
		sw.PromisedOut = fresh.AmountOut
	}
	sw.RateID, sw.ExpiresAt = fresh.RateID, order.ExpiresAt
	if sw.ExpiresAt.IsZero() {
		sw.ExpiresAt = fresh.ExpiresAt
	}
	sw.Status, sw.VenueStatus = swapscout.StatusWaiting, order.VenueStatus
	// The order exists at the venue now: record it even if the client has
	// gone, or the user's swap would exist nowhere but at the venue.
	if err := s.Store.CompleteSwap(context.WithoutCancel(ctx), sw); err != nil {
		s.log().Error("swap created at the venue but not recorded", "swap", sw.ID, "venue", sw.Venue, "order", publicOrderID(sw.VenueOrderID), "err", err)
		return nil, false, err
	}
	rec, err := s.Store.Swap(context.WithoutCancel(ctx), sw.ID)
	if err != nil {
		return sw, true, nil
	}
	return rec, true, nil
}

// KeyFinder is a SwapStore that finds a swap by its Idempotency-Key
// (sqldb.DB does), so a retry is answered before its quote is looked up.
type KeyFinder interface {
	// SwapByKey returns the swap with the key, or an ENOTFOUND error.
	SwapByKey(ctx context.Context, key string) (*swapscout.Swap, error)
}

// Interrupted is how long a reservation may wait for its venue's answer
// before it is taken for one whose creation was cut short (the server
// stopped between reserving and recording): far past any venue's create
// timeout.
var Interrupted = 2 * time.Minute

// retried answers a request whose key already made (or is making) old.
func (s *Service) retried(old *swapscout.Swap, r *CreateRequest) (*swapscout.Swap, bool, error) {
	switch {
	case old.RequestHash != r.hash():
		return nil, false, swapscout.Errorf(swapscout.ECONFLICT, "this Idempotency-Key was used for a different request")
	case !old.Created() && s.now().Sub(old.CreatedAt) > Interrupted:
		// The venue may hold an order nobody was told of: it waits for a
		// deposit that never comes, and expires. A new key makes a new swap.
		return nil, false, swapscout.Errorf(EINPROGRESS, "the creation of this swap was interrupted and its outcome is unknown; no deposit address was given, so nothing is owed: use a new Idempotency-Key to make a new swap")
	case !old.Created():
		return nil, false, swapscout.Errorf(EINPROGRESS, "a request with this Idempotency-Key is still being made; retry in a moment")
	}
	return old, false, nil
}

// createAtVenue re-quotes, checks the new offer against the shown one, and
// creates the order with the new offer.
func (s *Service) createAtVenue(ctx context.Context, swapper swapscout.Swapper, r CreateRequest, req swapscout.QuoteRequest, shown *swapscout.Offer) (swapscout.SwapOrder, *swapscout.Offer, error) {
	fq, err := s.Quotes.Requote(ctx, req, r.Venue)
	if err != nil {
		return swapscout.SwapOrder{}, nil, err
	}
	fresh := findOffer(fq, r.Venue)
	if fresh == nil {
		msg := "the venue gave no offer when asked again"
		for _, f := range fq.Failures {
			if f.Venue == r.Venue {
				msg = fmt.Sprintf("the venue gave no offer when asked again (%s: %s)", f.Code, f.Message)
			}
		}
		return swapscout.SwapOrder{}, nil, swapscout.Errorf(EVENUE, "%s; see quote %s", msg, fq.ID)
	}
	slip := r.MaxSlippage
	if slip.IsZero() {
		slip = DefaultSlippage
	}
	if err := guard(req.Direction, shown, fresh, slip, fq.ID); err != nil {
		return swapscout.SwapOrder{}, nil, err
	}
	order, err := swapper.CreateSwap(ctx, swapscout.CreateSwapRequest{
		Request: req, Offer: *fresh,
		PayoutAddress: r.PayoutAddress, PayoutMemo: r.PayoutMemo, RefundAddress: r.RefundAddress, RefundMemo: r.RefundMemo,
		MaxSlippage: slip,
	})
	if err != nil {
		var ve *swapscout.VenueError
		msg := "the venue did not create the swap"
		if errors.As(err, &ve) {
			msg = fmt.Sprintf("%s (%s: %s)", msg, ve.Code, clip(ve.Msg))
		}
		return swapscout.SwapOrder{}, nil, &swapscout.Error{Code: EVENUE, Message: msg, Err: err}
	}
	if order.OrderID == "" || order.DepositAddress == "" {
		return swapscout.SwapOrder{}, nil, &swapscout.Error{Code: EVENUE, Message: "the venue answered without an order id or deposit address"}
	}
	return order, fresh, nil
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
// without opening its venue order's secret (sqldb.DB does): Get never needs
// the secret, so a record whose secret cannot be opened (another key sealed
// it) is still served.
type PublicReader interface {
	// PublicSwap returns the swap with id, its VenueOrderID cut to the
	// public part, or an ENOTFOUND error.
	PublicSwap(ctx context.Context, id string) (*swapscout.Swap, error)
}

// Get returns the swap with id and its history. Its VenueOrderID is the
// public part only when the store is a PublicReader: what is shown.
func (s *Service) Get(ctx context.Context, id string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	read := s.Store.Swap
	if pr, ok := s.Store.(PublicReader); ok {
		read = pr.PublicSwap
	}
	sw, err := read(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	if !sw.Created() {
		return nil, nil, swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")
	}
	evs, err := s.Store.SwapEvents(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	return sw, evs, nil
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
	case !r.MaxSlippage.Valid() || r.MaxSlippage.Sign() < 0 || r.MaxSlippage.Cmp(maxSlippage) > 0:
		return swapscout.Errorf(swapscout.EINVALID, "max_slippage must be between 0 and %s (a fraction: 0.005 is 0.5 %%)", maxSlippage)
	}
	return nil
}

// checkAddresses checks the payout address on the network received and
// the refund address on the network sent from.
func (s *Service) checkAddresses(r *CreateRequest, req swapscout.QuoteRequest) error {
	check := s.CheckAddress
	if check == nil {
		check = address.Check
	}
	for _, c := range []struct {
		field, memoField string
		network          string
		addr, memo       string
	}{
		{"payout_address", "payout_memo", networkOf(req.To), r.PayoutAddress, r.PayoutMemo},
		{"refund_address", "refund_memo", networkOf(req.From), r.RefundAddress, r.RefundMemo},
	} {
		if err := check(c.network, c.addr, c.memo); err != nil {
			field, why := c.field, err.Error()
			var ae *address.Error
			if errors.As(err, &ae) {
				why = ae.Error()
				if ae.Field == "memo" {
					field = c.memoField
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

// publicOrderID is the part of a venue's order id that may be logged: some
// adapters keep a secret after a ':' (see httpapi.PublicOrderID).
func publicOrderID(id string) string {
	id, _, _ = strings.Cut(id, ":")
	return id
}

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
