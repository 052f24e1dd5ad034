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
}

// Created reports whether the venue has acknowledged the swap (a reserved
// swap whose creation is still under way has no venue order id yet).
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
	// MaxSlippage is the worst the user accepts, as a fraction of the
	// offer's amount received (0.005 is 0.5 %). A venue that can make the
	// order itself refuse a worse fill (THORChain's and Maya's memo limit)
	// sets its limit from it; zero when the caller gives none.
	MaxSlippage Amount
}

// Swapper is an optional capability of a venue adapter, detected like
// Refresher: the venue can turn an offer into an order and report its status.
// Errors are *VenueError values, as for Quote.
type Swapper interface {
	CreateSwap(ctx context.Context, req CreateSwapRequest) (SwapOrder, error)
	SwapStatus(ctx context.Context, orderID string) (SwapUpdate, error)
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
// ReleaseSwap frees the key when the venue created nothing).
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
	// the key can be used again. Completed swaps are never deleted.
	ReleaseSwap(ctx context.Context, id string) error
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
