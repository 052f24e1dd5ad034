package swapscout

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"fmt"
	"io"
	"log/slog"
	"strconv"
	"strings"
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
	StatusUnknown    SwapStatus = "unknown"    // the venue said a word we cannot map
)

// The statuses of a swap the venue has stopped on its way: each venue's own
// words for them are listed with its status table (docs/venues.md).
const (
	// StatusHeld: the venue holds the swap for verification (KYC or AML
	// checks, a human review); it goes on, or is refunded, once they end.
	StatusHeld SwapStatus = "held"
	// StatusActionRequired: the venue waits for the user, for something
	// other than verification (a choice between continuing and a refund,
	// the rest of a short deposit, a word with its support).
	StatusActionRequired SwapStatus = "action_required"
	// StatusRefunding: the venue is sending the deposit back (queued or
	// under way); refunded follows.
	StatusRefunding SwapStatus = "refunding"
)

// SwapStatuses lists every SwapStatus in the order a swap moves through them,
// the terminal ones last, for documentation and tests.
var SwapStatuses = []SwapStatus{
	StatusWaiting, StatusConfirming, StatusExchanging, StatusSending,
	StatusHeld, StatusActionRequired, StatusRefunding, StatusUnknown,
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
	Provider       string   // for aggregator venues: the exchange that executes
	VenueOrder     OrderRef // zero while the swap is being created

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
	// RefundTx and AmountRefunded are the refund's transaction and what it
	// sent back (From units), where the venue reports them.
	RefundTx       string
	AmountRefunded Amount
	// MaxSlippage is the worst change the user allowed, as a fraction
	// (0.005 is 0.5 %): the re-quote guard's bound when the swap was made,
	// and how far short of its promise a finished swap may pay before it
	// is shown short (Shortfall). Zero reads as DefaultMaxSlippage.
	MaxSlippage Amount
	// LateAt is when the swap was marked late: past its venue's usual time
	// from deposit to payout, UsualTime then, which came from UsualBasis of
	// the venue's finished swaps (0: DefaultUsualTime, too few seen). Zero
	// while the swap is not late.
	LateAt     time.Time
	UsualTime  time.Duration
	UsualBasis int

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
	// Chain is what the chain showed of the swap's deposit, payout and
	// refund (swapchain.go): one fact per side checked, in ChainSides
	// order; empty while nothing was checked.
	Chain []ChainFact
	// PreCheck is the venue's AML pre-check of the refund address, when the
	// user asked for one at creation (CreateRequest.PreCheck); it is shown
	// with the creation's answer and not stored.
	PreCheck *AddressRisk

	// A composed swap (a two-leg route, a split) is several venue orders
	// under the one swap the user holds. The swap the user holds is the
	// first of them (Leg 1); the others name it as their Parent and carry
	// their Leg (a route's 2; a split's parts 2, 3). Compose says which
	// kind, Composite the offer taken (the route's or the split's name);
	// both are set on every member. A direct swap has none of these.
	Compose   Composition
	Composite string
	Parent    string
	Leg       int
	// Legs are the members of a composed swap, Leg order, the one the
	// user holds first, as the swap service reads them (never stored as
	// such); nil for a direct swap and for a member read on its own.
	Legs []*Swap
	// RateCheckedAt, on a route's second leg at a floating rate, is when
	// its rate was asked again as the first leg paid out; RateMoved then
	// says, when it had moved past the swap's MaxSlippage, by how much, in
	// words for the user. Both zero until checked.
	RateCheckedAt time.Time
	RateMoved     string
	// PartsPlanned, on the swap the user holds for a split, is how many
	// parts the split offer had; PartsNote says, when fewer were created
	// (a later part's venue refused after the first part existed), which
	// part was not and why, for the user: the parts that exist are the
	// swap, and only their deposits are to be sent.
	PartsPlanned int
	PartsNote    string
}

// Composition is the kind of a composed swap.
type Composition string

const (
	// ComposeRoute: two venues one after the other; the first pays out to
	// the second's deposit address, so the funds never wait with us.
	ComposeRoute Composition = "route"
	// ComposeSplit: one amount spread over several venues, each swapping
	// its part, with one deposit instruction per part.
	ComposeSplit Composition = "split"
)

// Composed reports whether s is a member of a route or a split.
func (s *Swap) Composed() bool { return s.Compose != "" }

// Holder is the id of the swap the user holds for s: its Parent, or its
// own id.
func (s *Swap) Holder() string {
	if s.Parent != "" {
		return s.Parent
	}
	return s.ID
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

// DefaultMaxSlippage is the slippage a swap recorded without one is held
// to (the swap service's default, swaps.DefaultSlippage): 0.5 %.
var DefaultMaxSlippage = MustAmount("0.005")

// SwapShortfall is how far a finished swap's payout fell short of its
// promise.
type SwapShortfall struct {
	Missing Amount // promised less received, in To units (negative: more arrived)
	Percent Amount // Missing as a percentage of the promise, to ShortfallScale decimals
	// Short is set when Percent exceeds the swap's MaxSlippage: the swap
	// finished, but not as promised.
	Short bool
}

// Shortfall compares what a finished swap received with what its venue
// promised when the order was made (the amount shown when it did not say).
// ok is false while there is nothing to compare: the swap is not finished,
// or the venue did not say what it paid out.
func (s *Swap) Shortfall() (sf SwapShortfall, ok bool) {
	if s.Status != StatusFinished || !s.AmountReceived.Valid() || s.AmountReceived.Sign() <= 0 {
		return SwapShortfall{}, false
	}
	promised := s.PromisedOut
	if !promised.Valid() || promised.Sign() <= 0 {
		promised = s.AmountOut
	}
	pct, ok := Shortfall(promised, s.AmountReceived)
	if !ok {
		return SwapShortfall{}, false
	}
	slip := s.MaxSlippage
	if !slip.Valid() || slip.Sign() <= 0 {
		slip = DefaultMaxSlippage
	}
	return SwapShortfall{Missing: promised.Sub(s.AmountReceived), Percent: pct, Short: pct.Cmp(slip.Mul(hundred)) > 0}, true
}

// Late reports whether the swap was marked late (LateAt).
func (s *Swap) Late() bool { return !s.LateAt.IsZero() }

// DepositSeenAt is when a swap's deposit was first seen in its history: its
// first status on the way to the payout (DepositSeen). false when none is
// there (a swap that went from waiting straight to its end has no time of
// its own for the deposit).
func DepositSeenAt(history []SwapEvent) (time.Time, bool) {
	for _, ev := range history {
		if ev.Status.DepositSeen() {
			return ev.At, true
		}
	}
	return time.Time{}, false
}

// DepositSeen reports whether a swap in status s has had its deposit seen
// and is not over yet: confirming, exchanging, sending, held,
// action_required or refunding.
func (s SwapStatus) DepositSeen() bool {
	switch s {
	case StatusConfirming, StatusExchanging, StatusSending, StatusHeld, StatusActionRequired, StatusRefunding:
		return true
	}
	return false
}

// Created reports whether the venue has acknowledged the swap (a reserved
// swap whose creation is still under way, or ended without an order anyone
// may pay, has no venue order id).
func (s *Swap) Created() bool { return s.VenueOrder.ID != "" }

// OrderRef is how a venue knows an order: its ID, which may be shown (a
// user quotes it to the venue's support), and, for some venues, a Secret
// kept beside it that authorizes reading the order (FixedFloat's order
// token, Quickex's payout address). The secret never leaves the server:
// String, every fmt verb, slog and text encodings give the ID alone, and the
// swap store keeps the secret sealed.
type OrderRef struct {
	ID     string
	Secret string
}

// String returns the order's public id, never its secret.
func (r OrderRef) String() string { return r.ID }

// Format writes the public id for every verb (%q quotes it), so a reference
// printed with %v, %+v or %#v shows no secret.
func (r OrderRef) Format(f fmt.State, verb rune) {
	if verb == 'q' {
		io.WriteString(f, strconv.Quote(r.ID))
		return
	}
	io.WriteString(f, r.ID)
}

// LogValue logs the public id alone.
func (r OrderRef) LogValue() slog.Value { return slog.StringValue(r.ID) }

// MarshalText encodes the public id alone (JSON, text logs): a reference
// encoded by mistake carries no secret. Nothing decodes it back.
func (r OrderRef) MarshalText() ([]byte, error) { return []byte(r.ID), nil }

// IsZero reports whether r names no order.
func (r OrderRef) IsZero() bool { return r.ID == "" && r.Secret == "" }

// SwapEvent is one change of a swap's status, as it was seen.
type SwapEvent struct {
	At          time.Time
	Status      SwapStatus
	VenueStatus string
	// Late marks the event that recorded the swap running late (the status
	// and word are the swap's, unchanged).
	Late bool
	// Chain, when set, marks the event that recorded a change of what the
	// chain shows ("payout confirmed", "payout overdue"); the status and
	// word are the swap's, unchanged.
	Chain string
	// Leg, in a composed swap's history, is the member whose change this
	// was (its VenueStatus is that venue's word; Status the composed
	// swap's as it then stood); zero in a direct swap's.
	Leg int
	// Note, when set, marks an event that records no status change of
	// its own: "rate_moved" (a route's second leg asked again when the
	// first paid out, its rate past the swap's MaxSlippage).
	Note string
}

// SwapChange is one change of a swap as the swap service records it, the
// one event that flows to whoever follows the swap: event streams, other
// instances, webhooks. Seq is how many status changes the swap's history
// holds with it (the event stream's event id, the webhook delivery's
// number; zero when a listener does not know it), Status where the swap
// stands. It carries no secret: a listener that needs the swap reads it,
// unless the change carries it as shown.
type SwapChange struct {
	SwapID string
	Seq    int
	Status SwapStatus
	// Shown and History, when set, are the swap as it may be shown (its
	// order's secret never opened) and its history as the change left
	// them, read together by the swap service as it told the change: a
	// watcher in the same process may show them without reading the swap
	// again. Shared by every listener: read only. Nil in a change heard
	// from another instance, or when the two reads could not be known to
	// agree (a watcher reads the swap then).
	Shown   *Swap
	History []SwapEvent
}

// Name names the change as webhook deliveries do: "<swap id>.<seq>".
func (c SwapChange) Name() string { return c.SwapID + "." + strconv.Itoa(c.Seq) }

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

	RefundTx       string
	AmountRefunded Amount // From units
}

// SwapOrder is what a venue answers when it creates an order: how it knows
// it, where the user deposits, and the amounts it commits to.
type SwapOrder struct {
	Ref            OrderRef
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
	SwapStatus(ctx context.Context, ref OrderRef) (SwapUpdate, error)
}

// SwapCanceller is an optional capability of a Swapper, detected like
// Swapper itself, for venues that document a call to cancel an order
// before it is paid (SideShift's cancel-order). The swap service cancels an
// order whose answer it refused, so nothing payable is left at the venue.
type SwapCanceller interface {
	CancelSwap(ctx context.Context, ref OrderRef) error
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

// StatusKey returns the reference to ask sw's SwapStatus with for swap s:
// the deposit's transaction id (as its ID) for a DepositTracked venue, the
// venue's order otherwise. ok is false while there is nothing to ask: a
// deposit-tracked swap whose deposit transaction is not known yet is
// waiting for it.
func StatusKey(sw Swapper, s *Swap) (key OrderRef, ok bool) {
	if _, byDeposit := sw.(DepositTracked); byDeposit {
		return OrderRef{ID: s.DepositTx}, s.DepositTx != ""
	}
	return s.VenueOrder, s.VenueOrder.ID != ""
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

// MemberStore is a SwapStore that also keeps composed swaps (a route's
// legs, a split's parts), each member naming the swap the user holds as its
// Parent. The swap service creates routes and splits only on one.
type MemberStore interface {
	// SwapMembers returns the members naming parent as the swap the user
	// holds, in leg order.
	SwapMembers(ctx context.Context, parent string) ([]*Swap, error)
	// MarkRateChecked records, once, a route's second leg asked again.
	MarkRateChecked(ctx context.Context, id string, at time.Time, moved string) (bool, error)
	// SetPayout sets a reservation's payout address before its venue is
	// asked.
	SetPayout(ctx context.Context, id, addr, memo string) error
	// NoteParts records on a split's held swap why it has fewer parts
	// than its offer had (the user's words).
	NoteParts(ctx context.Context, id, note string) error
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

// SupportContact is where a venue's users reach its support, as the venue
// documents it: an address, a page, or both; Source is the public page
// that says so (or that was read and names none: then Email and URL are
// empty, and the venue's support cannot be named).
type SupportContact struct {
	Email  string
	URL    string
	Source string
}

// Documented reports whether the venue documents a support contact.
func (c SupportContact) Documented() bool { return c.Email != "" || c.URL != "" }

// RateHold is how long a venue documents that it holds a fixed rate once
// a swap is made, for the swaps it answers without a deadline of their own:
// For (and UpTo, when the venue states a range), counted From the event it
// names, and the Source that says so. For is zero when the venue does not
// state it; Source then names what was read ("undocumented" is an honest
// value). The zero RateHold is a venue with no fixed rates at all.
type RateHold struct {
	For, UpTo time.Duration
	// From is what the time runs from: HoldFromCreation (the swap's
	// creation) or HoldFromQuote (the venue's quote, made just before it).
	From   string
	Source string
}

// What a RateHold's time runs from.
const (
	HoldFromCreation = "creation"
	HoldFromQuote    = "quote"
)

// Documented reports whether the venue states how long it holds a fixed rate.
func (h RateHold) Documented() bool { return h.For > 0 }

// Words says it for people, of the venue named name: "ChangeNOW holds a
// fixed rate for 20 minutes from the swap's creation", or "ChangeHero does
// not state how long it holds a fixed rate".
func (h RateHold) Words(name string) string {
	if !h.Documented() {
		return name + " does not state how long it holds a fixed rate"
	}
	span := holdMinutes(h.For)
	if h.UpTo > h.For {
		span = strings.TrimSuffix(holdMinutes(h.For), " minutes") + "–" + holdMinutes(h.UpTo)
	}
	from := "the swap's creation"
	if h.From == HoldFromQuote {
		from = "its quote, made with the swap"
	}
	if h.UpTo > h.For {
		return name + " says it usually holds a fixed rate for " + span + " from " + from
	}
	return name + " holds a fixed rate for " + span + " from " + from
}

// Until is when the hold ends for a swap created at created (the shorter
// end of a range); zero when undocumented or created is unknown. A hold
// counted from the quote ends no later than this.
func (h RateHold) Until(created time.Time) time.Time {
	if !h.Documented() || created.IsZero() {
		return time.Time{}
	}
	return created.Add(h.For)
}

func holdMinutes(d time.Duration) string {
	if d%time.Minute != 0 || d < time.Minute {
		return d.String()
	}
	if d == time.Minute {
		return "1 minute"
	}
	return strconv.FormatInt(int64(d/time.Minute), 10) + " minutes"
}

// SupportWarning is what every support packet says first: the venue's
// support answers, it never writes first, and nobody needs your keys.
const SupportWarning = "Support never writes to you first and never asks for your private keys, seed words or a payment to release a swap: anyone who does is a scammer."

// PacketLine is one line of a support packet: what, and its value.
type PacketLine struct{ Label, Value string }

// SupportPacket is what a user sends a venue's support about swap s (with
// its history): the venue's order id (never the secret some venues keep
// beside it), the deposit address while the swap is
// open (once it is over it is shown nowhere), the deposit transaction, the
// amounts asked, promised, received and refunded, the payout and refund,
// the addresses and the times, in UTC. It leaves out this server's swap id,
// the key to the swap's page. venue is the venue's name.
func (s *Swap) SupportPacket(venue string, history []SwapEvent) []PacketLine {
	var out []PacketLine
	add := func(label, value string) { out = append(out, PacketLine{label, value}) }
	or := func(v, none string) string {
		if v == "" {
			return none
		}
		return v
	}
	amount := func(a Amount, a2 Amount, ticker string) string {
		if !a.Valid() || a.Sign() <= 0 {
			a = a2
		}
		if !a.Valid() || a.Sign() <= 0 {
			return ""
		}
		return a.String() + " " + strings.ToUpper(ticker)
	}
	at := func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05") + " UTC" }
	if s.Provider != "" {
		venue += " (via " + s.Provider + ")"
	}
	add("Venue", venue)
	add("Order id", s.VenueOrder.ID)
	if !s.Status.Terminal() { // once over, it is shown nowhere: nothing more must be sent there
		add("Deposit address", s.DepositAddress+memoSuffix(s.DepositMemo))
	}
	add("Deposit transaction", or(s.DepositTx, "not seen yet"))
	add("Asked to send", amount(s.PromisedIn, s.AmountIn, s.From.Ticker))
	add("Promised", amount(s.PromisedOut, s.AmountOut, s.To.Ticker)+" ("+s.RateType.String()+" rate)")
	received := amount(s.AmountReceived, Amount{}, s.To.Ticker)
	switch {
	case received != "":
	case s.Status == StatusFinished:
		received = "the venue did not say"
	default:
		received = "nothing yet"
	}
	add("Received", received)
	if sf, ok := s.Shortfall(); ok && sf.Short {
		add("Short by", sf.Missing.String()+" "+strings.ToUpper(s.To.Ticker)+" ("+sf.Percent.String()+" % of the promise)")
	}
	add("Payout transaction", or(s.PayoutTx, "none yet"))
	add("Payout address", s.PayoutAddress+memoSuffix(s.PayoutMemo))
	if s.RefundTx != "" || !s.AmountRefunded.IsZero() {
		add("Refund", strings.TrimSpace(amount(s.AmountRefunded, Amount{}, s.From.Ticker)+" "+or(s.RefundTx, "(transaction not given)")))
	}
	add("Refund address", s.RefundAddress+memoSuffix(s.RefundMemo))
	status := string(s.Status)
	if s.VenueStatus != "" {
		status += ` (the venue says "` + s.VenueStatus + `")`
	}
	add("Status", status)
	add("Created", at(s.CreatedAt))
	if dep, ok := DepositSeenAt(history); ok {
		add("Deposit seen", at(dep))
	}
	if s.Late() {
		add("Late since", at(s.LateAt))
	}
	add("Last change", at(s.UpdatedAt))
	return out
}

func memoSuffix(memo string) string {
	if memo == "" {
		return ""
	}
	return " (memo " + memo + ")"
}

// NoDeadline says what is known of a swap's deposit window when the venue
// gave no deadline, by its rate type: a fixed rate is the venue's quote,
// which instant-swap services honour for minutes (their documentation's
// quote lifetimes), a floating rate is set when the deposit arrives.
func NoDeadline(rt RateType) string {
	if rt == Fixed {
		return "the venue gave no deadline, but a fixed rate holds only as long as the venue's quote (minutes): send now, or the venue may re-price or refund the deposit"
	}
	return "the venue gave no deadline: a floating rate is set when the deposit arrives, so the amount received follows the market until then"
}

// HeldNoDeadline says what is known of a fixed-rate swap's deposit window
// when the venue (named name) gave no deadline, from what it documents of
// its fixed rates (h) and when the swap was made: the hold's end when it
// states one, that it states none otherwise.
func HeldNoDeadline(name string, h RateHold, created time.Time) string {
	const after = ": send now, or the venue may re-price or refund the deposit"
	if until := h.Until(created); !until.IsZero() {
		return "the venue gave no deadline, but " + h.Words(name) + ", so until about " + until.UTC().Format("15:04:05") + " UTC" + after
	}
	return "the venue gave no deadline, and " + h.Words(name) + after
}

// SwapForgetter is a SwapStore that forgets old swaps: ForgetSwaps
// anonymises every swap that is over (Terminal) and last changed before
// before, keeping only what the venues' accuracy and outcome figures need
// (venue, assets, amounts, statuses and their times) and erasing what could
// lead back to a person: the addresses and memos, the venue's order id, the
// transaction ids, the idempotency key, the request's hash, the quote and
// rate ids, the notes and the callback URL. It reports how many swaps it
// anonymised; a swap already anonymised is not counted again.
type SwapForgetter interface {
	ForgetSwaps(ctx context.Context, before time.Time) (int, error)
}

// ForgottenOrder is the venue order id a forgotten swap keeps: it marks the
// swap as anonymised.
const ForgottenOrder = "forgotten"

// AddressRisk is a venue's AML pre-check of an address: Completed says the
// check reached a verdict, Passed that the address raised no flag (never
// true unless Completed).
type AddressRisk struct {
	Venue             string
	Completed, Passed bool
}

// AddressChecker is a Swapper whose venue documents an AML pre-check of an
// address before an order (Quickex's address report). The swap service
// calls it only when the user asks, with the refund address: it sends the
// address to the venue.
type AddressChecker interface {
	CheckAddressRisk(ctx context.Context, network, address string) (AddressRisk, error)
}
