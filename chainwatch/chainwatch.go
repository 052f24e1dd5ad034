// Package chainwatch turns what the chain shows into facts about one side
// of a swap: its deposit, its payout or its refund. Given what is expected
// (network, address, asset, amount, the time after which it can happen,
// and the transaction id when one is known), a Watcher asks the chain
// watcher configured for the network and answers a Fact: seen or not,
// confirmed or not, how much arrived, and the source of each word, "on
// chain, 3 confirmations" or "the venue's word" where no endpoint is
// configured or the chain cannot tell (Monero).
//
// A Watcher holds no state between checks: the tracker's job calls Check
// on its own schedule (Schedule says how often, by the swap's age) and
// stores the Fact with the swap. Each call costs one query of the network's
// chain watcher (see docs/chain.md for what that is per format); the
// per-endpoint rate limit and circuit breaker are the chain watcher's own
// (chain.NewGuard), so a Check over the limit comes back as a Fact in state
// Unknown with RetryAfter, never as a wait.
//
// Matching. A deposit address the venue made for this swap is the swap's
// own (Expect.Own): every incoming transfer of the asset after Expect.After
// counts, and the Fact's amount is their sum (a user who paid in two goes
// is seen as such). A payout goes to the user's own wallet, which may
// receive other transfers: the transfer that counts is the earliest one
// after Expect.After whose amount is within Band of the expected amount
// (±50 % by default, so a payout 10 % short is found and shown short, while
// an unrelated transfer of a different size is not taken for it). With a
// transaction id, that transaction answers first; one that does not pay the
// address is said so, and the address is searched as well.
package chainwatch

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain"
)

// Side is which transfer of a swap a Fact is about.
type Side string

// Sides of a swap.
const (
	Deposit Side = "deposit" // the user to the venue
	Payout  Side = "payout"  // the venue to the user
	Refund  Side = "refund"  // the venue back to the user's refund address
)

// State is what the chain said.
type State string

// States of a Fact. Seen and Confirmed are the chain's word; NotSeen is the
// chain's word too (nothing matching yet); the others leave the venue's
// word standing, and say why.
const (
	NotWatched    State = "not_watched"    // no chain endpoint configured for the network
	NotVerifiable State = "not_verifiable" // the network hides transfers (Monero)
	Unknown       State = "unknown"        // the endpoint failed this time; see Fact.Err
	NotSeen       State = "not_seen"       // no matching transfer on chain
	Seen          State = "seen"           // on chain, short of the confirmations its network needs
	Confirmed     State = "confirmed"      // on chain and settled
)

// Source is whose word a fact is.
type Source string

// Sources.
const (
	FromChain Source = "chain"
	FromVenue Source = "venue"
)

// Expect describes one transfer a swap is waiting for.
type Expect struct {
	Side    Side
	Network string
	Address string
	Asset   swapscout.Asset
	// Amount is what should arrive: the deposit the user was told to send,
	// the payout promised (or the venue's stated amount).
	Amount swapscout.Amount
	// After is the earliest time the transfer can have happened: the
	// swap's creation for a deposit, the deposit for a payout or refund.
	After time.Time
	// TxID is the transaction named for it, when one was (a venue's payout
	// transaction, the user's deposit).
	TxID string
	// Own says the address belongs to this swap alone (a deposit address
	// the venue made for it): every incoming transfer counts, summed.
	Own bool
}

// Fact is what the chain said about an Expect at CheckedAt.
type Fact struct {
	Side     Side
	State    State
	Source   Source
	Endpoint string // the chain endpoint asked ("esplora btc (blockstream.info)"); empty when none
	// Amount is what arrived (the sum of the matched transfers); zero when
	// nothing matched.
	Amount   swapscout.Amount
	Expected swapscout.Amount
	TxIDs    []string // the matched transfers' transactions, oldest first
	// Confirmations is the fewest of the matched transfers' (0 while one
	// waits in the mempool); Required is what the network needs.
	Confirmations, Required int64
	// SeenAt is the block time of the first matched transfer; zero when it
	// is not in a block yet, or nothing matched.
	SeenAt    time.Time
	CheckedAt time.Time
	// Others counts transfers of the asset to the address after After that
	// did not match (outside Band of the expected amount).
	Others int
	// Note is the fact in words for a person: "on chain, 3 confirmations",
	// "not on chain yet", "the venue's word: …".
	Note string
	// Err is the endpoint's failure (state Unknown), and RetryAfter when
	// it says when to ask again.
	Err        error
	RetryAfter time.Duration
}

// Ratio is Amount / Expected to 4 decimals (what was delivered against what
// was expected), when both are known and something arrived.
func (f Fact) Ratio() (swapscout.Amount, bool) {
	if f.Amount.Sign() <= 0 || f.Expected.Sign() <= 0 {
		return swapscout.Amount{}, false
	}
	return f.Amount.Quo(f.Expected, 4, swapscout.RoundDown), true
}

// DefaultBand is how far from the expected amount a payout may be and still
// be taken for it: ±50 %.
var DefaultBand = swapscout.MustAmount("0.5")

// Config configures a Watcher.
type Config struct {
	// Watchers are the chain watchers, at most one per network.
	Watchers []swapscout.ChainWatcher
	Now      func() time.Time  // time.Now when nil
	Band     swapscout.Amount  // DefaultBand when zero
	Schedule Schedule          // DefaultSchedule when zero
	Names    map[string]string // network → endpoint name for Facts (optional; see Named)
	// Grace, when set, replaces Grace per network for ChainGrace (a
	// simulated chain's compressed blocks); a zero answer keeps Grace.
	Grace func(network string) time.Duration
}

// Named is the optional interface of chain watchers that name their
// endpoint for messages (every implementation in chain/ does).
type Named interface{ Name() string }

// Watcher checks expected transfers against the chain.
type Watcher struct {
	by       map[string]swapscout.ChainWatcher
	names    map[string]string
	now      func() time.Time
	band     swapscout.Amount
	schedule Schedule
	grace    func(network string) time.Duration
}

// New returns a Watcher over cfg.Watchers.
func New(cfg Config) (*Watcher, error) {
	w := &Watcher{by: map[string]swapscout.ChainWatcher{}, names: map[string]string{}, now: cfg.Now, band: cfg.Band, schedule: cfg.Schedule, grace: cfg.Grace}
	if w.now == nil {
		w.now = time.Now
	}
	if w.band.IsZero() {
		w.band = DefaultBand
	}
	if !w.band.Valid() || w.band.Sign() < 0 || w.band.Cmp(swapscout.AmountFromInt(1)) >= 0 {
		return nil, fmt.Errorf("chainwatch: band %s must be in [0, 1)", w.band)
	}
	if len(w.schedule.Steps) == 0 {
		w.schedule = DefaultSchedule
	}
	if err := w.schedule.validate(); err != nil {
		return nil, err
	}
	for _, cw := range cfg.Watchers {
		for _, n := range cw.Networks() {
			if _, dup := w.by[n]; dup {
				return nil, fmt.Errorf("chainwatch: two chain watchers for network %q", n)
			}
			w.by[n] = cw
			if nm, ok := cw.(Named); ok {
				w.names[n] = nm.Name()
			}
		}
	}
	for n, name := range cfg.Names {
		w.names[n] = name
	}
	return w, nil
}

// Watching reports whether network has a chain endpoint.
func (w *Watcher) Watching(network string) bool {
	_, ok := w.by[network]
	return ok
}

// Networks lists the networks with a chain endpoint, sorted.
func (w *Watcher) Networks() []string {
	out := make([]string, 0, len(w.by))
	for n := range w.by {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Check asks the chain about e once.
func (w *Watcher) Check(ctx context.Context, e Expect) Fact {
	f := Fact{Side: e.Side, Expected: e.Amount, CheckedAt: w.now(), Source: FromVenue, Required: required(e.Network)}
	if err := swapscout.ChainVerifiable(e.Network); err != nil {
		f.State, f.Note = NotVerifiable, "the venue's word: "+swapscout.ChainUnverifiable[e.Network]
		return f
	}
	cw, ok := w.by[e.Network]
	if !ok {
		f.State, f.Note = NotWatched, "the venue's word: no chain endpoint is configured for "+networkName(e.Network)
		return f
	}
	f.Endpoint = w.names[e.Network]
	q := swapscout.TransferQuery{Network: e.Network, Address: e.Address, Asset: e.Asset, Since: e.After.Add(-slack(e.Network))}
	var txNote string
	var found []swapscout.Transfer
	if e.TxID != "" {
		tq := q
		tq.TxID = e.TxID
		ts, err := cw.FindTransfers(ctx, tq)
		switch {
		case errors.Is(err, swapscout.ErrTransactionNotFound):
			txNote = "the named transaction " + short(e.TxID) + " is not on chain"
		case swapscout.ErrorCode(err) == swapscout.EINVALID:
			txNote = "the named transaction " + short(e.TxID) + " is not a transaction id of this network"
		case err != nil:
			return w.failed(f, err)
		case len(ts) == 0:
			txNote = "the named transaction " + short(e.TxID) + " does not pay this address"
		default:
			found = ts
		}
	}
	if found == nil {
		ts, err := cw.FindTransfers(ctx, q)
		if err != nil {
			return w.failed(f, err)
		}
		found = ts
	}
	matched, others := w.match(e, found)
	f.Source, f.Others = FromChain, others
	if len(matched) == 0 {
		f.State, f.Note = NotSeen, "not on chain yet"
		if txNote != "" {
			f.Note += "; " + txNote
		}
		return f
	}
	settled := true
	f.Confirmations = matched[0].Confirmations
	for i, t := range matched {
		if i == 0 {
			f.Amount = t.Amount
		} else {
			f.Amount = f.Amount.Add(t.Amount)
		}
		f.TxIDs = append(f.TxIDs, t.TxID)
		f.Confirmations = min(f.Confirmations, t.Confirmations)
		if !t.Time.IsZero() && (f.SeenAt.IsZero() || t.Time.Before(f.SeenAt)) {
			f.SeenAt = t.Time
		}
		settled = settled && swapscout.ChainSettled(t)
	}
	f.TxIDs = slices.Compact(f.TxIDs)
	switch {
	case settled:
		f.State = Confirmed
	default:
		f.State = Seen
	}
	f.Note = "on chain, " + confirmations(f, matched)
	if txNote != "" {
		f.Note += "; " + txNote
	}
	return f
}

// failed is the Fact of an endpoint failure: the venue's word stands.
func (w *Watcher) failed(f Fact, err error) Fact {
	f.State, f.Err, f.Source = Unknown, err, FromVenue
	var ve *swapscout.VenueError
	code := "failed"
	if errors.As(err, &ve) {
		code = string(ve.Code)
		f.RetryAfter = ve.RetryAfter
	} else if c := swapscout.ErrorCode(err); c == swapscout.EINVALID {
		code = "refused the query: " + swapscout.ErrorMessage(err)
	}
	f.Note = "the venue's word for now: the chain endpoint " + code
	return f
}

// match picks the transfers that are e's, and counts the others after
// e.After.
func (w *Watcher) match(e Expect, ts []swapscout.Transfer) (matched []swapscout.Transfer, others int) {
	from := e.After.Add(-slack(e.Network))
	var cands []swapscout.Transfer
	for _, t := range ts {
		if t.Asset != e.Asset || !chain.SameAddress(e.Network, t.To, e.Address) || !t.Amount.Valid() || t.Amount.Sign() <= 0 {
			continue
		}
		if !t.Time.IsZero() && t.Time.Before(from) && e.TxID == "" {
			continue // before the swap: not its transfer
		}
		cands = append(cands, t)
	}
	slices.SortStableFunc(cands, earliest)
	cands = slices.CompactFunc(cands, func(a, b swapscout.Transfer) bool { return a.TxID == b.TxID && a.Index == b.Index })
	if e.Own || e.TxID != "" && len(cands) > 0 && strings.EqualFold(cands[0].TxID, e.TxID) {
		return cands, 0
	}
	lo := e.Amount.Sub(e.Amount.Mul(w.band))
	hi := e.Amount.Add(e.Amount.Mul(w.band))
	for _, t := range cands {
		if matched == nil && t.Amount.Cmp(lo) >= 0 && t.Amount.Cmp(hi) <= 0 {
			matched = []swapscout.Transfer{t}
			continue
		}
		others++
	}
	return matched, others
}

// earliest orders confirmed transfers by block (then time), unconfirmed
// ones last.
func earliest(a, b swapscout.Transfer) int {
	switch {
	case a.Height == 0 && b.Height == 0:
		return 0
	case a.Height == 0:
		return 1
	case b.Height == 0:
		return -1
	case a.Height != b.Height:
		return int(a.Height - b.Height)
	}
	return a.Index - b.Index
}

func confirmations(f Fact, matched []swapscout.Transfer) string {
	final := true
	for _, t := range matched {
		final = final && t.Final
	}
	switch {
	case f.Confirmations == 0:
		return "in the mempool (unconfirmed)"
	case final:
		return "final"
	case f.Confirmations == 1:
		return "1 confirmation"
	}
	return fmt.Sprintf("%d confirmations", f.Confirmations)
}

func required(network string) int64 {
	if n, ok := swapscout.ChainConfirmations[network]; ok {
		return n
	}
	return 1
}

// slack is how much earlier than Expect.After a block's time may read and
// still be the swap's: UTXO chains allow block times up to two hours off.
func slack(network string) time.Duration {
	switch network {
	case "btc", "ltc", "bch", "doge":
		return 2 * time.Hour
	}
	return 10 * time.Minute
}

func short(txid string) string {
	if len(txid) > 16 {
		return txid[:10] + "…" + txid[len(txid)-4:]
	}
	return txid
}

func networkName(code string) string {
	if n, ok := swapscout.Networks[code]; ok {
		return n
	}
	return code
}
