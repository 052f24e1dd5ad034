package swapscout

import (
	"cmp"
	"slices"
	"sort"
	"strings"
	"time"
)

// The outcome board: per venue, what its swaps recorded here came to, with
// what the chain showed beside the venue's word. It is computed from stored
// swaps (so it survives restarts and is the same on every instance sharing
// a database) and holds counts and ratios only: no address, amount or
// transaction of any person.

// BoardSwap is one swap as the board counts it.
type BoardSwap struct {
	Venue       string
	Status      SwapStatus
	Held, Late  bool      // held for verification at some point; marked late
	DepositAt   time.Time // first seen on the way to the payout; zero when never
	PaidAt      time.Time // finished; zero when not
	MaxSlippage Amount    // zero reads as DefaultMaxSlippage
	// Payout is what the chain showed of the payout; State empty when
	// nothing was checked.
	Payout ChainFact
	// From, To and Bracket place the swap in its pair and size class
	// (BracketOf); its amounts themselves are never kept on the board.
	From, To Asset
	Bracket  Bracket
}

// VenueBoard is one venue's line of the board.
type VenueBoard struct {
	Venue string
	// Swaps is the swaps made at the venue in the window; Finished,
	// Refunded, Failed, Expired how many ended so; Open those not over;
	// Held those it held for verification at some point (finished or
	// not); Late those marked late.
	Swaps, Finished, Refunded, Failed, Expired, Open, Held, Late int
	// Timed is the finished swaps whose deposit was seen: MedianTime and
	// P90Time are their time from deposit to payout.
	Timed               int
	MedianTime, P90Time time.Duration
	// OnChain is the finished swaps whose payout the chain showed;
	// MedianDelivered and P10Delivered what it showed delivered against
	// what was promised (1 is all of it; P10: one swap in ten got this or
	// less); ShortOnChain those short by more than their slippage.
	OnChain                       int
	MedianDelivered, P10Delivered Amount
	ShortOnChain                  int
	// Unverified is the swaps whose payout (or refund) the venue calls
	// made and the chain, past its grace, does not show; VenueWord the
	// finished swaps whose payout could not be checked (no endpoint for
	// the network, or a network that hides transfers: Monero).
	Unverified, VenueWord int
}

// Board is the outcome board of one instance.
type Board struct {
	// Instance names who computed it (its operator's choice; empty for
	// this one); At is when, Window how far back it looks.
	Instance string
	At       time.Time
	Window   time.Duration
	Venues   []VenueBoard // by venue id
	// Groups are the venues' lines per pair and bracket, where a group has
	// at least BoardGroupMin swaps (ComputeBoardGroups).
	Groups []BoardGroup
}

// Venue returns the line of venue id.
func (b *Board) Venue(id string) (VenueBoard, bool) {
	for _, v := range b.Venues {
		if v.Venue == id {
			return v, true
		}
	}
	return VenueBoard{}, false
}

// ComputeBoard sums up swaps per venue.
func ComputeBoard(swaps []BoardSwap) []VenueBoard {
	type acc struct {
		VenueBoard
		times     []time.Duration
		delivered []Amount
	}
	by := map[string]*acc{}
	for _, s := range swaps {
		a := by[s.Venue]
		if a == nil {
			a = &acc{VenueBoard: VenueBoard{Venue: s.Venue}}
			by[s.Venue] = a
		}
		a.Swaps++
		switch s.Status {
		case StatusFinished:
			a.Finished++
		case StatusRefunded:
			a.Refunded++
		case StatusFailed:
			a.Failed++
		case StatusExpired:
			a.Expired++
		default:
			a.Open++
		}
		if s.Held {
			a.Held++
		}
		if s.Late {
			a.Late++
		}
		if s.Payout.Overdue {
			a.Unverified++
		}
		if s.Status != StatusFinished {
			continue
		}
		if !s.DepositAt.IsZero() && !s.PaidAt.IsZero() && !s.PaidAt.Before(s.DepositAt) {
			a.times = append(a.times, s.PaidAt.Sub(s.DepositAt))
		}
		switch {
		case s.Payout.OnChain():
			if r, ok := s.Payout.Ratio(); ok {
				a.OnChain++
				a.delivered = append(a.delivered, r)
				slip := s.MaxSlippage
				if !slip.Valid() || slip.Sign() <= 0 {
					slip = DefaultMaxSlippage
				}
				if AmountFromInt(1).Sub(r).Cmp(slip) > 0 {
					a.ShortOnChain++
				}
			}
		case s.Payout.State == ChainNotWatched || s.Payout.State == ChainNotVerifiable || s.Payout.State == "":
			a.VenueWord++
		}
	}
	out := make([]VenueBoard, 0, len(by))
	for _, a := range by {
		if n := len(a.times); n > 0 {
			slices.Sort(a.times)
			a.MedianTime = a.times[n/2]
			if n%2 == 0 {
				a.MedianTime = (a.times[n/2-1] + a.times[n/2]) / 2
			}
			a.P90Time = a.times[(n*9+9)/10-1]
			a.Timed = n
		}
		if n := len(a.delivered); n > 0 {
			slices.SortFunc(a.delivered, func(x, y Amount) int { return x.Cmp(y) })
			a.MedianDelivered = a.delivered[n/2]
			if n%2 == 0 {
				a.MedianDelivered = a.delivered[n/2-1].Add(a.delivered[n/2]).Quo(MustAmount("2"), 4, RoundHalfEven)
			}
			a.P10Delivered = a.delivered[(n+9)/10-1] // nearest rank: the ⌈0.1 n⌉-th
		}
		out = append(out, a.VenueBoard)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Venue < out[j].Venue })
	return out
}

// OfferOutcome is a venue's line of this instance's outcome board as a
// quote shows it beside each of the venue's offers: what its swaps here came
// to over Window (a snapshot the quote path reads, never computes).
type OfferOutcome struct {
	Window time.Duration
	VenueBoard
}

// ChainShortfall is the shortfall, in percent of the promise, that the
// ranking takes off this venue's offers from what the chain showed of its
// payouts: 100 × (1 − MedianDelivered) when at least RankMinSwaps payouts
// were seen on chain and their median fell short; false otherwise (a venue
// that delivers what it promises, or more, is ranked on its promise, never
// raised; too few payouts seen say nothing).
func (v VenueBoard) ChainShortfall() (Amount, bool) {
	if v.OnChain < RankMinSwaps || !v.MedianDelivered.Valid() {
		return Amount{}, false
	}
	s := AmountFromInt(1).Sub(v.MedianDelivered).Mul(hundred).Round(ShortfallScale, RoundHalfEven)
	if s.Sign() <= 0 {
		return Amount{}, false
	}
	return s, true
}

// ChainShortfallOf is o's ChainShortfall; false when o is nil.
func (o *OfferOutcome) ChainShortfallOf() (Amount, bool) {
	if o == nil {
		return Amount{}, false
	}
	return o.ChainShortfall()
}

// TypicalTime is the time from deposit to payout the venue's swaps here
// took: their median (MedianTime) and how many it is of (Timed), when at
// least RankMinSwaps were timed, the sample the ranking asks of the
// chain's figures; false otherwise (a few swaps say nothing of the next).
func (v VenueBoard) TypicalTime() (median time.Duration, swaps int, ok bool) {
	if v.Timed < RankMinSwaps || v.MedianTime <= 0 {
		return 0, 0, false
	}
	return v.MedianTime, v.Timed, true
}

// Bracket is a swap's size class on the board, by its value in US dollars:
// under 100, 100 to 1,000, 1,000 to 10,000, over 10,000; empty when the
// value cannot be told.
type Bracket string

// The brackets, smallest first.
const (
	BracketUnder100 Bracket = "<100"
	Bracket100      Bracket = "100-1k"
	Bracket1k       Bracket = "1k-10k"
	Bracket10k      Bracket = ">10k"
)

// Brackets lists the brackets, smallest first.
var Brackets = []Bracket{BracketUnder100, Bracket100, Bracket1k, Bracket10k}

var stableUSD = map[string]bool{"usdt": true, "usdc": true, "dai": true}

// BracketOf is the bracket of a swap of amountIn of from for amountOut of
// to: by its dollar side when one is a dollar stablecoin (exactly), else by
// the rough figure of what was sent (RoughUSD: within a few times of the
// market, so a swap near a boundary may count in the bracket beside; the
// brackets are a tenfold apart for that reason). Empty when neither side
// has a figure.
func BracketOf(from Asset, amountIn Amount, to Asset, amountOut Amount) Bracket {
	var usd float64
	switch {
	case stableUSD[strings.ToLower(to.Ticker)] && amountOut.Sign() > 0:
		usd = amountOut.Float64()
	case stableUSD[strings.ToLower(from.Ticker)] && amountIn.Sign() > 0:
		usd = amountIn.Float64()
	default:
		if p, ok := RoughUSD(strings.ToLower(from.Ticker)); ok && amountIn.Sign() > 0 {
			usd = p * amountIn.Float64()
		} else if p, ok := RoughUSD(strings.ToLower(to.Ticker)); ok && amountOut.Sign() > 0 {
			usd = p * amountOut.Float64()
		} else {
			return ""
		}
	}
	switch {
	case usd < 100:
		return BracketUnder100
	case usd < 1000:
		return Bracket100
	case usd < 10000:
		return Bracket1k
	}
	return Bracket10k
}

// BoardGroupMin is how many swaps a venue × pair × bracket group needs to
// get its own line: fewer say little, and a line of one or two swaps would
// come close to telling of a person's swap.
const BoardGroupMin = 5

// BoardGroup is the line of one venue for one pair and bracket.
type BoardGroup struct {
	From, To Asset
	Bracket  Bracket
	VenueBoard
}

// ComputeBoardGroups sums up swaps per venue, pair and bracket, keeping the
// groups of at least min swaps (BoardGroupMin when min is 0); ordered by
// venue, pair, then bracket from the smallest.
func ComputeBoardGroups(swaps []BoardSwap, min int) []BoardGroup {
	if min <= 0 {
		min = BoardGroupMin
	}
	type key struct {
		venue    string
		from, to Asset
		bracket  Bracket
	}
	by := map[key][]BoardSwap{}
	for _, s := range swaps {
		if s.Bracket == "" || s.From.Ticker == "" || s.To.Ticker == "" {
			continue
		}
		k := key{s.Venue, s.From, s.To, s.Bracket}
		by[k] = append(by[k], s)
	}
	var out []BoardGroup
	for k, ss := range by {
		if len(ss) < min {
			continue
		}
		out = append(out, BoardGroup{From: k.from, To: k.to, Bracket: k.bracket, VenueBoard: ComputeBoard(ss)[0]})
	}
	rank := func(b Bracket) int { return slices.Index(Brackets, b) }
	slices.SortFunc(out, func(a, b BoardGroup) int {
		return cmp.Or(strings.Compare(a.Venue, b.Venue), strings.Compare(a.From.String(), b.From.String()),
			strings.Compare(a.To.String(), b.To.String()), rank(a.Bracket)-rank(b.Bracket))
	})
	return out
}
