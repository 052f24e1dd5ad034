package swapscout

import (
	"context"
	"slices"
	"time"
)

// What the chain showed of a swap: a venue's word that a deposit arrived, a
// payout was sent or a refund made is checked against the chain (package
// chainwatch does the asking, the swap service decides when), and the
// answer is kept with the swap as one ChainFact per side.

// The sides of a swap a ChainFact can be about.
const (
	ChainDeposit = "deposit" // the user to the venue
	ChainPayout  = "payout"  // the venue to the user
	ChainRefund  = "refund"  // the venue back to the user's refund address
)

// The states of a ChainFact (chainwatch.State spells the same words).
// ChainSeen, ChainConfirmed and ChainNotSeen are the chain's word; the
// others leave the venue's word standing and say why.
const (
	ChainNotWatched    = "not_watched"    // no chain endpoint configured for the network
	ChainNotVerifiable = "not_verifiable" // the network hides transfers (Monero)
	ChainUnknown       = "unknown"        // the endpoint failed at the last check
	ChainNotSeen       = "not_seen"       // no matching transfer on chain
	ChainSeen          = "seen"           // on chain, short of the confirmations its network needs
	ChainConfirmed     = "confirmed"      // on chain and settled
)

// ChainFact is what the chain showed, at CheckedAt, of one transfer of a
// swap.
type ChainFact struct {
	Side   string // ChainDeposit, ChainPayout or ChainRefund
	State  string // ChainNotWatched … ChainConfirmed
	Source string // "chain" when the chain answered, "venue" when the venue's word stands
	// Endpoint names the chain endpoint asked ("esplora btc
	// (blockstream.info)"); empty when none was.
	Endpoint string
	// Amount is what arrived on chain (zero when nothing matched);
	// Expected what the venue said or promised.
	Amount, Expected Amount
	TxIDs            []string // the matched transactions, oldest first
	// Confirmations is the fewest of the matched transfers' (0 in the
	// mempool); Required is what the network needs to call it settled.
	Confirmations, Required int64
	SeenAt                  time.Time // the block time of the first matched transfer; zero when none
	CheckedAt               time.Time
	// ClaimedAt is when the venue said this transfer was made (the deposit
	// seen, the payout sent, the refund made).
	ClaimedAt time.Time
	// Overdue: the venue said the transfer was made, and past the time its
	// network needs (chainwatch.Grace) the chain still does not show it
	// settled. A payout overdue is "unverified": the venue's word alone.
	Overdue bool
	Note    string // the fact in words: "on chain, 3 confirmations", "the venue's word: …"
}

// OnChain reports whether the chain shows the transfer (seen or settled).
func (f ChainFact) OnChain() bool { return f.State == ChainSeen || f.State == ChainConfirmed }

// ChainWord reports whether the fact is the chain's word (seen, settled,
// or not seen), not the venue's standing for want of one.
func (f ChainFact) ChainWord() bool { return f.OnChain() || f.State == ChainNotSeen }

// Ratio is Amount / Expected to 4 decimals: what the chain shows delivered
// against what was expected; false when either is unknown.
func (f ChainFact) Ratio() (Amount, bool) {
	if !f.OnChain() || !f.Amount.Valid() || !f.Expected.Valid() || f.Amount.Sign() <= 0 || f.Expected.Sign() <= 0 {
		return Amount{}, false
	}
	return f.Amount.Quo(f.Expected, 4, RoundDown), true
}

// ChainSides lists the sides in the order a swap shows them.
var ChainSides = []string{ChainDeposit, ChainPayout, ChainRefund}

// ChainFact returns the swap's fact about side, if one was recorded.
func (s *Swap) ChainFact(side string) (ChainFact, bool) {
	for _, f := range s.Chain {
		if f.Side == side {
			return f, true
		}
	}
	return ChainFact{}, false
}

// SetChainFact records f in s.Chain, replacing the fact about its side,
// keeping the sides in ChainSides order.
func (s *Swap) SetChainFact(f ChainFact) {
	s.Chain = slices.DeleteFunc(s.Chain, func(g ChainFact) bool { return g.Side == f.Side })
	s.Chain = append(s.Chain, f)
	slices.SortStableFunc(s.Chain, func(a, b ChainFact) int {
		return slices.Index(ChainSides, a.Side) - slices.Index(ChainSides, b.Side)
	})
}

// Unverified reports whether the venue calls the swap's payout (or
// refund) made and the chain, past its grace, does not show it: the
// venue's word alone, contradicted by the chain's silence.
func (s *Swap) Unverified() bool {
	for _, f := range s.Chain {
		if f.Overdue && f.Side != ChainDeposit {
			return true
		}
	}
	return false
}

// ChainExpect describes one transfer of a swap the chain should show: the
// side, where it goes, what and how much, the earliest time it can have
// happened, the transaction named for it (if any), and whether the address
// belongs to this swap alone (a deposit address the venue made for it:
// every transfer to it counts, summed).
type ChainExpect struct {
	Side    string
	Network string
	Address string
	Asset   Asset
	Amount  Amount
	After   time.Time
	TxID    string
	Own     bool
}

// ChainChecker asks the chain about the transfers of swaps
// (chainwatch.Watcher is one): the swap service calls it, and decides
// what the answer means for the swap.
type ChainChecker interface {
	// CheckTransfer asks once about e: the fact (the venue's word, with
	// the reason, where no endpoint or no chain can tell), and when to ask
	// again; more is false when watching e is over (settled, nothing to
	// watch with, past the schedule's horizon).
	CheckTransfer(ctx context.Context, e ChainExpect) (f ChainFact, next time.Duration, more bool)
	// ChainGrace is how long after a venue says a transfer was made the
	// network may take to show it settled.
	ChainGrace(network string) time.Duration
}
