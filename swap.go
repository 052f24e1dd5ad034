package swapscout

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"time"
)

// SwapStatus is where a swap stands, in one vocabulary for every venue.
// Adapters map their venue's own words onto it and keep the word beside it
// (Swap.VenueStatus); a word they do not know is StatusUnknown, never a guess.
type SwapStatus string

const (
	StatusWaiting    SwapStatus = "waiting"    // waiting for the user's deposit
	StatusConfirming SwapStatus = "confirming" // deposit seen, waiting for confirmations
	StatusExchanging SwapStatus = "exchanging" // the venue is swapping
	StatusSending    SwapStatus = "sending"    // the payout is on its way
	StatusFinished   SwapStatus = "finished"   // paid out
	StatusFailed     SwapStatus = "failed"     // the venue gave up; support may be needed
	StatusRefunded   SwapStatus = "refunded"   // the deposit went back to the refund address
	StatusExpired    SwapStatus = "expired"    // nobody paid in time
	StatusHold       SwapStatus = "hold"       // the venue asks for KYC or another action
	StatusUnknown    SwapStatus = "unknown"    // the venue said a word we cannot map
)

// SwapStatuses lists every SwapStatus in the order a swap moves through them,
// the terminal ones last, for documentation and tests.
var SwapStatuses = []SwapStatus{
	StatusWaiting, StatusConfirming, StatusExchanging, StatusSending, StatusHold, StatusUnknown,
	StatusFinished, StatusFailed, StatusRefunded, StatusExpired,
}

// Terminal reports whether a swap in status s is over: nothing will change
// it any more, so it is no longer followed.
func (s SwapStatus) Terminal() bool {
	switch s {
	case StatusFinished, StatusFailed, StatusRefunded, StatusExpired:
		return true
	}
	return false
}

// Valid reports whether s is one of SwapStatuses.
func (s SwapStatus) Valid() bool {
	for _, x := range SwapStatuses {
		if s == x {
			return true
		}
	}
	return false
}

// Swap is one swap made through a venue on the strength of an offer: what
// was shown, what the venue promised, where to deposit, and where it stands.
type Swap struct {
	ID             string // unguessable (NewSwapID); the only key a user needs
	IdempotencyKey string // the client's Idempotency-Key
	RequestHash    string // hash of the creating request, to tell a retry from a conflict
	QuoteID        string
	Venue          string
	Provider       string // for aggregator venues: the exchange that executes
	VenueOrderID   string // empty while the swap is being created

	From, To  Asset
	Direction Direction
	RateType  RateType
	RateID    string

	// AmountIn and AmountOut are the amounts shown to the user in the quote;
	// PromisedIn and PromisedOut what the venue confirmed when it created
	// the order (the re-quote guard keeps them within the user's slippage).
	AmountIn, AmountOut     Amount
	PromisedIn, PromisedOut Amount

	DepositAddress, DepositMemo string
	// Deposit is what the deposit must be, from the offer taken: a plain
	// transfer, or one carrying DepositMemo inside the transaction
	// (DepositMemo kind: THORChain, Maya). Empty reads as DepositTransfer.
	Deposit                   DepositKind
	PayoutAddress, PayoutMemo string
	RefundAddress, RefundMemo string
	CallbackURL               string // where changes are POSTed (webhooks); empty for none

	Status         SwapStatus
	VenueStatus    string // the venue's own word for Status
	DepositTx      string
	PayoutTx       string
	AmountReceived Amount // what the venue says it paid out, in To units; zero until known

	CreatedAt time.Time
	UpdatedAt time.Time
	ExpiresAt time.Time // when the venue stops waiting for the deposit; zero when it did not say

	// While a swap has no venue order, Creation says where its creation
	// stands: CreatePending until CreateDeadline (the venue is being
	// asked), then CreateUnknown or CreateRefused when it ended without an
	// order anyone may pay. CreateNote says why, for the operator;
	// RefusedOrder is the public id of the order the venue made whose
	// answer was refused.
	Creation       Creation
	CreateDeadline time.Time
	CreateNote     string
	RefusedOrder   string
	// ReceivedDoubt, when set, says why AmountReceived is not believed
	// (implausible against the promise): it is the venue's claim, kept and
	// shown as such, and left out of the venue's accuracy.
	ReceivedDoubt string
}

// Creation is where the creation of a swap without a venue order stands.
type Creation string

const (
	// CreatePending: the venue is being asked, until CreateDeadline.
	CreatePending Creation = ""
	// CreateUnknown: the call ended (or its server stopped) without a
	// readable answer: the venue may hold an order nobody was shown. The
	// key never makes another one.
	CreateUnknown Creation = "unknown"
	// CreateRefused: the venue made an order whose answer failed the
	// checks (amounts, deposit address, expiry); it is never shown as
	// payable.
	CreateRefused Creation = "refused"
)

// Created reports whether the venue has acknowledged the swap (a reserved
// swap whose creation is still under way, or ended without an order anyone
// may pay, has no venue order id).
func (s *Swap) Created() bool { return s.VenueOrderID != "" }

// SwapEvent is one change of a swap's status, as it was seen.
type SwapEvent struct {
	At          time.Time
	Status      SwapStatus
	VenueStatus string
}

// SwapUpdate is what a venue says of an order when asked for its status.
// Zero fields are unknown and leave the record as it is.
type SwapUpdate struct {
	Status         SwapStatus
	VenueStatus    string
	DepositTx      string
	PayoutTx       string
	AmountReceived Amount
	// ReceivedDoubt is set by the service that checks the update (never by
	// an adapter) when AmountReceived is implausible: it is recorded as
	// the venue's claim, with the doubt (see Swap.ReceivedDoubt).
	ReceivedDoubt string
}

// SwapOrder is what a venue answers when it creates an order: its id, where
// the user deposits, and the amounts it commits to.
type SwapOrder struct {
	OrderID        string
	DepositAddress string
	DepositMemo    string
	AmountIn       Amount // what the user must send
	AmountOut      Amount // what the venue says it will pay out
	ExpiresAt      time.Time
	VenueStatus    string
}

// CreateSwapRequest is what a Swapper is asked to create: the offer being
// taken, for the request it answered, paid out and refunded to the given
// addresses (checked before any venue is called).
type CreateSwapRequest struct {
	Request                   QuoteRequest
	Offer                     Offer
	PayoutAddress, PayoutMemo string
	RefundAddress, RefundMemo string
}

// Swapper is an optional capability of a venue adapter, detected like
// Refresher: the venue can turn an offer into an order and report its status.
// Errors are *VenueError values, as for Quote.
type Swapper interface {
	CreateSwap(ctx context.Context, req CreateSwapRequest) (SwapOrder, error)
	SwapStatus(ctx context.Context, orderID string) (SwapUpdate, error)
}

// SwapCanceller is an optional capability of a Swapper, detected like
// Swapper itself, for venues that document a call to cancel an order
// before it is paid (SideShift's cancel-order). The swap service cancels an
// order whose answer it refused, so nothing payable is left at the venue.
type SwapCanceller interface {
	CancelSwap(ctx context.Context, orderID string) error
}

// SwapFinder is an optional capability of a Swapper for venues that let a
// caller look its own orders up (by a reference it chose, the payout
// address, or a list of recent orders): it finds the order a create call
// for req made since since, when that call's answer was lost. found is
// false when the venue holds none; err is a failure to ask.
type SwapFinder interface {
	FindSwap(ctx context.Context, req CreateSwapRequest, since time.Time) (order SwapOrder, found bool, err error)
}

// limitWaitKey marks a context with how long its venue calls may wait for
// our own outbound rate limit (WithLimitWait).
type limitWaitKey struct{}

// WithLimitWait bounds how long venue calls made with the returned context
// wait for a token of the venue's outbound rate limit: past d they fail
// rate_limited at once (with ErrNotSent and the wait in RetryAfter) instead
// of eating the call's own deadline.
func WithLimitWait(ctx context.Context, d time.Duration) context.Context {
	return context.WithValue(ctx, limitWaitKey{}, d)
}

// LimitWait returns the bound WithLimitWait set on ctx.
func LimitWait(ctx context.Context) (time.Duration, bool) {
	d, ok := ctx.Value(limitWaitKey{}).(time.Duration)
	return d, ok
}

// DepositTracked is an optional capability of a Swapper, detected like
// Swapper itself, for venues that keep no order: a swap there is a deposit
// to the network's inbound address carrying the swap's memo (THORChain,
// Maya), and the venue knows it only by that deposit's transaction. Its
// SwapStatus is asked with the deposit's transaction id (Swap.DepositTx,
// which the user gives once they have paid, or a DepositFinder finds),
// never with the order id, which only records what the deposit must carry.
type DepositTracked interface {
	Swapper
	// DepositTxID checks a deposit transaction id as a user gives it and
	// returns it as the venue names it; false when it cannot be one of
	// the venue's transactions (a malformed id is refused before it is
	// recorded).
	DepositTxID(id string) (string, bool)
}

// DepositFinder is an optional capability of a DepositTracked venue whose
// network can be asked which deposits reached it (THORChain and Maya
// through their indexer, Midgard): it finds the transaction that paid swap
// s without the user giving it. found is false while no deposit matches, or
// while several do (the finder never guesses between them); err is a
// failure to ask, after which the caller simply asks again later.
type DepositFinder interface {
	FindDeposit(ctx context.Context, s *Swap) (txID string, found bool, err error)
}

// StatusKey returns the id to ask sw's SwapStatus with for swap s: the
// deposit's transaction id for a DepositTracked venue, the venue's order id
// otherwise. ok is false while there is nothing to ask: a deposit-tracked
// swap whose deposit transaction is not known yet is waiting for it.
func StatusKey(sw Swapper, s *Swap) (key string, ok bool) {
	if _, byDeposit := sw.(DepositTracked); byDeposit {
		return s.DepositTx, s.DepositTx != ""
	}
	return s.VenueOrderID, s.VenueOrderID != ""
}

// SwapStore keeps swap records. Implementations make each write durable
// before returning, so a swap acknowledged to a user survives a crash.
//
// Creation is two steps around the venue call, so that two requests with one
// Idempotency-Key make one order at the venue: ReserveSwap claims the key,
// the caller creates the order, then CompleteSwap records it (or
// ReleaseSwap frees the key when the venue certainly created nothing;
// MarkSwapUnknown keeps it when the venue may have; RefuseSwap keeps it
// when the venue's answer failed the checks).
type SwapStore interface {
	// ReserveSwap records s (ID, IdempotencyKey, RequestHash and the
	// request's fields, no venue order yet) unless its key is taken. It
	// returns (nil, nil) when s was reserved; the existing swap when the key
	// was used with the same RequestHash (it may still be being created:
	// !Created()); an ECONFLICT error when the key was used with another
	// request.
	ReserveSwap(ctx context.Context, s *Swap) (*Swap, error)
	// CompleteSwap records the venue's order for a reserved swap: the venue
	// fields, the promised amounts, the deposit address and memo, the
	// expiry, and the first status (its first event). ENOTFOUND when no
	// swap with s.ID is reserved.
	CompleteSwap(ctx context.Context, s *Swap) error
	// ReleaseSwap deletes a reservation whose order was never created, so
	// the key can be used again. Completed swaps are never deleted, nor
	// unknown or refused ones.
	ReleaseSwap(ctx context.Context, id string) error
	// MarkSwapUnknown records that a reservation's venue call ended
	// without a readable answer (note says how, for the operator): the
	// reservation stays, CreateUnknown, until CompleteSwap finds its order.
	// ENOTFOUND when no reservation without an order has id.
	MarkSwapUnknown(ctx context.Context, id, note string) error
	// RefuseSwap records that the venue made order (its public id) but its
	// answer failed the checks (note says which): the reservation stays,
	// CreateRefused, and is never completed. ENOTFOUND when no reservation
	// without an order has id.
	RefuseSwap(ctx context.Context, id, order, note string) error
	// Swap returns the swap with id, or an ENOTFOUND error.
	Swap(ctx context.Context, id string) (*Swap, error)
	// UpdateSwap applies a venue's update seen at time at; it records an
	// event when the status or the venue's word changed and reports whether
	// anything changed. A terminal swap is never changed again.
	UpdateSwap(ctx context.Context, id string, u SwapUpdate, at time.Time) (changed bool, err error)
	// SwapEvents returns a swap's status changes, oldest first.
	SwapEvents(ctx context.Context, id string) ([]SwapEvent, error)
}

// swapIDEncoding writes ids in lowercase base32 without padding: 26
// characters for 128 random bits, safe in a URL path.
var swapIDEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// NewSwapID returns a new unguessable swap id (128 random bits).
func NewSwapID() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand, Go 1.24+)
	return swapIDEncoding.EncodeToString(b[:])
}

// ValidSwapID reports whether id has the form NewSwapID gives, so a store can
// answer a malformed id as unknown without asking its database.
func ValidSwapID(id string) bool {
	if len(id) != 26 {
		return false
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; !(c >= 'a' && c <= 'z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}
