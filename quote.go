package swapscout

import (
	"strconv"
	"strings"
	"time"
)

// Direction says which side of the swap the request's amount names.
type Direction uint8

const (
	// Send: the amount is what the user sends; offers rank by most received.
	Send Direction = iota
	// Receive: the amount is what the user wants to receive; offers rank by least sent.
	Receive
)

func (d Direction) String() string {
	if d == Receive {
		return "receive"
	}
	return "send"
}

// ParseDirection parses "send" (also "from", the default when empty) or
// "receive" (also "to").
func ParseDirection(s string) (Direction, error) {
	switch s {
	case "", "send", "from":
		return Send, nil
	case "receive", "to":
		return Receive, nil
	}
	return Send, Errorf(EINVALID, "direction must be send or receive")
}

// RateType says whether the venue may move the rate until the deposit arrives
// (floating) or locks it for a while (fixed).
type RateType uint8

const (
	Float RateType = iota
	Fixed
)

func (t RateType) String() string {
	if t == Fixed {
		return "fixed"
	}
	return "float"
}

// ParseRateType parses "float" (also "floating", the default when empty) or "fixed".
func ParseRateType(s string) (RateType, error) {
	switch s {
	case "", "float", "floating":
		return Float, nil
	case "fixed":
		return Fixed, nil
	}
	return Float, Errorf(EINVALID, "rate must be float or fixed")
}

// QuoteRequest is what the user asks: swap Amount of From into To (Direction
// Send), or receive Amount of To (Direction Receive), at a floating or fixed rate.
type QuoteRequest struct {
	From, To  Asset
	Amount    Amount
	Direction Direction
	RateType  RateType
}

// Fee is a cost the venue reports apart from the rate. Offers' AmountOut is
// always net of every fee listed; Fees only explain it.
type Fee struct {
	Kind   string // "network", "deposit", "withdrawal", "trading"
	Amount Amount
	Asset  Asset
}

// KYCRating is a venue's know-your-customer risk, as aggregators rate it:
// A never asks, B rarely, C may hold funds until verified, D requires it.
type KYCRating byte

func (k KYCRating) String() string { return letterString(byte(k), 'D') }

// ParseKYCRating parses "a".."d" (either case).
func ParseKYCRating(s string) (KYCRating, error) {
	return parseRating[KYCRating](s, 'D', "kyc rating must be one of A, B, C, D")
}

// Offer is one venue's answer: what the user sends and receives if they swap there.
type Offer struct {
	Venue    string // venue id, e.g. "changenow"
	Provider string // for aggregator venues: the exchange that would execute
	Route    string // for order books: the markets walked, e.g. "XMR/BTC > BTC/USDT"

	AmountIn  Amount // in From units, what the user sends
	AmountOut Amount // in To units, net of all fees, what the user receives
	Rate      Amount // AmountOut per unit of AmountIn
	Min, Max  Amount // limits on AmountIn, in From units; zero when the venue gives none
	// MinOut, MaxOut: limits on AmountOut, in To units, when the venue
	// states them that way (reverse quotes, payout minimums); else zero.
	MinOut, MaxOut Amount

	RateType  RateType
	RateID    string    // venue's id to lock a fixed rate at create time
	ExpiresAt time.Time // when RateID stops being honoured; zero when none

	Fees   []Fee
	ETAMin time.Duration // venue's estimate of the swap's duration; zero when unknown
	ETAMax time.Duration
	KYC    KYCRating
	// LogPolicy is the log-policy rating of whoever executes the offer:
	// the venue's, or for an aggregator the provider's when it says.
	LogPolicy LogRating

	// Custody is the venue's; Deposit what the deposit must be (empty:
	// DepositTransfer).
	Custody Custody
	Deposit DepositKind

	// CanSwap says whether this server can turn the offer into a swap here
	// and now (POST /v1/swaps); NoSwap says why not, in words, when it
	// cannot. The engine sets both for every venue by one rule (SwapRefusal),
	// never the adapter.
	CanSwap bool
	NoSwap  string

	Took time.Duration // how long the venue took to answer

	// Legs, for a two-leg route (two venues, one after the other: From to
	// a bridge asset at the first, the bridge asset to To at the second),
	// are the two venues' own offers, each as its venue gave it; the
	// route's amounts, fees, times and ratings are theirs combined (the
	// worst KYC and custody of the two). Parts, for a split (one amount
	// spread over several venues, each swapping its part), are each
	// part's offer, re-quoted at the part's amount. Both are empty for
	// a direct offer; an offer is never both.
	Legs  []Offer
	Parts []Offer
	// Derived, when set, says the offer was not asked of the venue for
	// this request: our own rate limit had no call to spare in time, and
	// the venue's recent answers for nearby amounts of the same pair gave
	// it (see package aggregate, derive.go). A swap never starts from it:
	// taking an offer asks the venue afresh.
	Derived *Derivation
	// Outcome is the venue's line of this instance's outcome board (what
	// its swaps made here came to, on chain where it was checked), set by
	// the engine from a snapshot; nil without a swap database or before
	// the venue's first swap. It is shared between offers: never modify it.
	Outcome *OfferOutcome
}

// ShownETA is the estimate of o's duration to show: the median time from
// deposit to payout of its venue's swaps here (Outcome's TypicalTime, min
// and max both), with basis the number of swaps it is the median of, when
// the board has enough of them; else the venue's own estimate (ETAMin,
// ETAMax) and basis 0. What happened here says more than what a venue
// says of itself.
func (o *Offer) ShownETA() (min, max time.Duration, basis int) {
	if o.Outcome != nil {
		if med, n, ok := o.Outcome.TypicalTime(); ok {
			return med, med, n
		}
	}
	return o.ETAMin, o.ETAMax, 0
}

// Derivation is how a derived offer was made: from the venue's answers for
// the amounts From (the request's amount each answered, one or two, in the
// request's direction's units), the oldest of which was Age old.
type Derivation struct {
	Age  time.Duration
	From []Amount
}

// Composite reports whether o is a route or a split rather than one venue's
// own offer.
func (o *Offer) Composite() bool { return len(o.Legs) > 0 || len(o.Parts) > 0 }

// RouteLegs reads a two-leg route's name ("first>ticker@network>second", as
// the quote service names routes): its venues and its bridge asset; false
// for any other name.
func RouteLegs(name string) (first string, bridge Asset, second string, ok bool) {
	first, rest, ok1 := strings.Cut(name, ">")
	mid, second, ok2 := strings.Cut(rest, ">")
	ticker, network, ok3 := strings.Cut(mid, "@")
	if !ok1 || !ok2 || !ok3 || first == "" || second == "" || ticker == "" || network == "" || strings.Contains(second, ">") {
		return "", Asset{}, "", false
	}
	return first, Asset{Ticker: ticker, Network: network}, second, true
}

// FailureCode is the typed reason a venue gave no offer.
type FailureCode string

const (
	CodeUnsupportedPair FailureCode = "unsupported_pair"
	CodeAmountTooSmall  FailureCode = "amount_too_small"
	CodeAmountTooLarge  FailureCode = "amount_too_large"
	CodeTimeout         FailureCode = "timeout"
	CodeRateLimited     FailureCode = "rate_limited"
	CodeUnavailable     FailureCode = "unavailable"
	CodeBadResponse     FailureCode = "bad_response"
	CodeNotConfigured   FailureCode = "not_configured"
)

// FailureCodes lists every FailureCode, for documentation and tests.
var FailureCodes = []FailureCode{
	CodeUnsupportedPair, CodeAmountTooSmall, CodeAmountTooLarge, CodeTimeout,
	CodeRateLimited, CodeUnavailable, CodeBadResponse, CodeNotConfigured,
}

// Failure is a venue that gave no offer, reported as data beside the offers.
type Failure struct {
	Venue   string
	Code    FailureCode
	Message string
	Took    time.Duration
	// The venue's limits when the code is about them: Min and Max on the
	// amount sent (From units), MinOut and MaxOut on the amount received
	// (To units); zero when the venue did not say.
	Min, Max       Amount
	MinOut, MaxOut Amount
	RetryAfter     time.Duration // when rate limited and the venue said
}

// Result is one venue's answer to a fan-out: exactly one of Offer and Failure is set.
type Result struct {
	Offer   *Offer
	Failure *Failure
}

// Quote is the aggregated answer to a QuoteRequest.
type Quote struct {
	ID        string
	Request   QuoteRequest
	Offers    []Offer   // ranked best first
	Failures  []Failure // in venue order
	CreatedAt time.Time
	ExpiresAt time.Time
	Took      time.Duration
}

// Better reports whether offer a ranks above offer b for a request in direction d:
// more received for Send, less sent for Receive; ties go to the faster venue,
// then to the venue id so the order is total.
func Better(d Direction, a, b *Offer) bool {
	var c int
	if d == Receive {
		c = b.AmountIn.Cmp(a.AmountIn)
	} else {
		c = a.AmountOut.Cmp(b.AmountOut)
	}
	if c != 0 {
		return c > 0
	}
	if a.Took != b.Took {
		return a.Took < b.Took
	}
	return a.Venue < b.Venue
}

// PriceReference is an optional capability of a Quoter: a market price it
// already holds, told without any I/O (an order-book venue answers from the
// books it has cached). The engine uses it to judge offers when too few
// venues answer to compare them with each other.
type PriceReference interface {
	// MidPrice returns the mid-market price of one unit of from in units of
	// to (the same units as an Offer's AmountOut/AmountIn), and false when it
	// has no fresh data for the pair at hand.
	MidPrice(from, to Asset) (Amount, bool)
}

// SwapChecker is an optional capability of a Swapper, detected like it: a
// venue that can create swaps for some of its offers only says, without
// I/O, which. CannotSwap returns "" when the venue can create a swap from
// offer o, given for req, and otherwise why not, in words a person reads
// ("deposits of USDT on Ethereum go through THORChain's router contract…").
// A Swapper without it can create a swap from every offer it gives.
type SwapChecker interface {
	CannotSwap(req QuoteRequest, o *Offer) string
}

// SwapRefusal is the one rule for whether offer o, given for req by a venue
// whose swap capability is sw (nil when it has none), can become a swap:
// "" when it can, else why not. The venue must create swaps through its
// API, the amounts must be within the offer's own limits (the venue would
// refuse the order), and the venue's SwapChecker, when it has one, must
// accept the offer. The engine marks every offer with it, and the swap
// service refuses by it before any venue is called.
func SwapRefusal(sw Swapper, req QuoteRequest, o *Offer) string {
	if sw == nil {
		return "this venue cannot create swaps through its API"
	}
	for _, l := range [...]struct {
		v, min, max Amount
		side        Asset
	}{{o.AmountIn, o.Min, o.Max, req.From}, {o.AmountOut, o.MinOut, o.MaxOut, req.To}} {
		switch {
		case l.min.Sign() > 0 && l.v.Cmp(l.min) < 0:
			return "the amount is below the venue's minimum of " + l.min.String() + " " + strings.ToUpper(l.side.Ticker)
		case l.max.Sign() > 0 && l.v.Cmp(l.max) > 0:
			return "the amount is above the venue's maximum of " + l.max.String() + " " + strings.ToUpper(l.side.Ticker)
		}
	}
	if c, ok := sw.(SwapChecker); ok {
		return c.CannotSwap(req, o)
	}
	return ""
}

// FormatDuration shows a duration the way people read one in a message:
// "245 ms" below a second, "1.0 s" and "12.3 s" above (not Go's "1.001s").
func FormatDuration(d time.Duration) string {
	if d < time.Second {
		return strconv.FormatInt(d.Round(time.Millisecond).Milliseconds(), 10) + " ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 1, 64) + " s"
}
