// Package chain is the simulator's chain: the transfers the simulated swaps
// make (deposits paid, payouts sent, refunds) land in simulated blocks,
// served on loopback in the same four public formats swapscout's chain
// watchers read (Esplora REST, Ethereum JSON-RPC, TronGrid, Solana
// JSON-RPC), so the demo and the tests watch a chain end to end.
//
// Blocks come from the clock: each network produces one block every
// BlockTime since Genesis, so the tip, a transfer's block and its
// confirmations are a function of the clock and nothing runs in the
// background. A transfer recorded for time At is in the mempool from At
// (invisible before: a payout recorded ahead of time appears when due) and
// in the first block produced after At. Ids, hashes and addresses the chain
// makes up derive from Config.Seed.
//
// The swap simulator records transfers with Record (idempotent by TxID, so
// an order whose state is computed lazily may record its transfers each
// time it is read); see Record for how the order engine is meant to call
// it. Handler serves every network under one prefix each:
//
//	/esplora/{btc,ltc,bch,doge}   Esplora REST
//	/evm/{eth,bsc,matic,avaxc,arbitrum,base,op}   Ethereum JSON-RPC (POST)
//	/trongrid                     TronGrid v1 and wallet API
//	/solana                       Solana JSON-RPC (POST)
//
// What it does not model: fees paid by the payer beyond a fixed figure,
// reorganizations, failed transactions, or any transfer the simulator did
// not record.
package chain

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/btcsuite/btcd/btcutil/base58"

	"github.com/swapscout/swapscout"
)

// DefaultBlockTimes are the simulated networks' block times: the real
// ones compressed (Bitcoin's 10 minutes become 20 s) so a demo sees
// confirmations within minutes; ratios between networks are kept roughly.
var DefaultBlockTimes = map[string]time.Duration{
	"btc": 20 * time.Second, "bch": 20 * time.Second, "ltc": 10 * time.Second, "doge": 5 * time.Second,
	"eth": 4 * time.Second, "bsc": time.Second, "matic": 2 * time.Second, "avaxc": 2 * time.Second,
	"arbitrum": time.Second, "base": 2 * time.Second, "op": 2 * time.Second,
	"trx": 3 * time.Second, "sol": time.Second,
}

// baseHeights make the simulated heights look like their networks' (the
// block at Genesis).
var baseHeights = map[string]int64{
	"btc": 870_000, "bch": 880_000, "ltc": 2_800_000, "doge": 5_400_000,
	"eth": 21_000_000, "bsc": 45_000_000, "matic": 65_000_000, "avaxc": 55_000_000,
	"arbitrum": 290_000_000, "base": 23_000_000, "op": 129_000_000,
	"trx": 68_000_000, "sol": 310_000_000,
}

// MaxTransfers bounds the transfers kept per network (the oldest go first).
const MaxTransfers = 100_000

// Config configures a Chain.
type Config struct {
	Seed int64
	// Genesis is when the simulated chains start (their base height);
	// Now() at New, to the second, when zero.
	Genesis time.Time
	Now     func() time.Time // time.Now when nil
	// BlockTimes override DefaultBlockTimes per network.
	BlockTimes map[string]time.Duration
}

// Transfer is what the swap simulator records.
type Transfer struct {
	Network string
	From    string // the sender; the chain makes one up when empty
	To      string
	Asset   swapscout.Asset
	Amount  swapscout.Amount // rounded down to the asset's decimals
	At      time.Time        // broadcast; a future time hides it until then
	// TxID, when set, is the transaction's id (the order engine's own,
	// deterministic ids), written in the network's form (0x for EVM
	// networks; a derived base58 signature on Solana, or for an id that is
	// not 64 hex digits); when empty the chain makes one from the seed.
	// Recording the same TxID again changes nothing, and the given id
	// finds the transfer as well as the network's form of it.
	TxID string
}

// Recorded is a transfer as the chain holds it.
type Recorded struct {
	Transfer
	Height int64     // the block it goes in
	Block  time.Time // that block's time
	seq    int       // recording order, breaks ties in At
}

// Chain is the simulated chain of every network.
type Chain struct {
	cfg     Config
	genesis time.Time
	mu      sync.Mutex
	nets    map[string]*ledger
}

type ledger struct {
	network string
	bt      time.Duration
	base    int64
	all     []*Recorded // by At, then seq
	byTx    map[string]*Recorded
	seq     int
}

// New returns the chain of every network with a block time.
func New(cfg Config) (*Chain, error) {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	g := cfg.Genesis
	if g.IsZero() {
		g = cfg.Now().Truncate(time.Second)
	}
	c := &Chain{cfg: cfg, genesis: g, nets: map[string]*ledger{}}
	for n, bt := range DefaultBlockTimes {
		if o, ok := cfg.BlockTimes[n]; ok {
			bt = o
		}
		if bt <= 0 {
			return nil, fmt.Errorf("sim/chain: block time of %s must be positive", n)
		}
		c.nets[n] = &ledger{network: n, bt: bt, base: baseHeights[n], byTx: map[string]*Recorded{}}
	}
	for n := range cfg.BlockTimes {
		if _, ok := DefaultBlockTimes[n]; !ok {
			return nil, fmt.Errorf("sim/chain: no simulated chain for network %q", n)
		}
	}
	return c, nil
}

// Networks lists the simulated networks, sorted.
func (c *Chain) Networks() []string {
	return slices.Sorted(maps.Keys(c.nets))
}

// Errors of Record.
var (
	ErrNetwork = errors.New("sim/chain: no simulated chain for that network")
	ErrAsset   = errors.New("sim/chain: the asset is not in the catalogue on that network")
	ErrAmount  = errors.New("sim/chain: the amount is not a positive amount of the asset")
)

// Record puts t on its network's chain and returns it as held: its block
// and that block's time. The same TxID recorded again returns the first
// record unchanged.
//
// How the swap simulator (sim/orders.go) is meant to call it, with its own
// deterministic transaction ids (txID(seed, venue, order, "in"|"out"|
// "refund")): when an order is paid (PayOrder, or the AutoPay time computed
// at creation), record the deposit (From's network, to DepositAddress,
// AmountPaid, At = paidAt) and, since the order's whole story is then
// known, its payout (To's network, to PayoutAddress, AmountSent, At = the
// time it enters "sending") or its refund (to RefundAddress,
// AmountRefunded, At = the time it is refunded); a held order records no
// payout, and a venue that says "finished" without paying records none
// either — which is what the chain watcher then catches.
func (c *Chain) Record(t Transfer) (Recorded, error) {
	l, ok := c.nets[t.Network]
	if !ok {
		return Recorded{}, ErrNetwork
	}
	info, ok := swapscout.LookupAsset(t.Asset)
	if !ok || t.Asset.Network != t.Network {
		return Recorded{}, ErrAsset
	}
	if !t.Amount.Valid() {
		return Recorded{}, ErrAmount
	}
	t.Amount = t.Amount.Round(info.Decimals, swapscout.RoundDown)
	if t.Amount.Sign() <= 0 || strings.TrimSpace(t.To) == "" {
		return Recorded{}, ErrAmount
	}
	if t.At.IsZero() {
		t.At = c.cfg.Now()
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	given := t.TxID
	if given != "" {
		if r, dup := l.byTx[txKey(t.Network, given)]; dup {
			return *r, nil
		}
	}
	l.seq++
	switch {
	case given == "":
		t.TxID = c.makeID(t.Network, "tx", t.To, t.Amount.String(), t.At.Format(time.RFC3339Nano), fmt.Sprint(l.seq))
	default:
		t.TxID = c.networkID(t.Network, given)
	}
	if t.From == "" {
		t.From = c.makeAddress(t.Network, "sender", t.TxID)
	}
	h := c.heightAt(l, t.At) + 1
	r := &Recorded{Transfer: t, Height: h, Block: c.blockTime(l, h), seq: l.seq}
	i, _ := slices.BinarySearchFunc(l.all, r, func(a, b *Recorded) int {
		if c := a.At.Compare(b.At); c != 0 {
			return c
		}
		return a.seq - b.seq
	})
	l.all = slices.Insert(l.all, i, r)
	l.byTx[txKey(t.Network, t.TxID)] = r
	if given != "" {
		l.byTx[txKey(t.Network, given)] = r // the recorder's own id finds it too
	}
	if len(l.all) > MaxTransfers {
		old := l.all[0]
		for k, v := range l.byTx {
			if v == old {
				delete(l.byTx, k)
			}
		}
		l.all = l.all[1:]
	}
	return *r, nil
}

// Land records a transfer as the swap simulator's order engine makes one
// (sim.Ledger): Record, with any error (a network or asset not simulated,
// such as Monero) ignored.
func (c *Chain) Land(network, to string, asset swapscout.Asset, amount swapscout.Amount, at time.Time, txid string) {
	_, _ = c.Record(Transfer{Network: network, To: to, Asset: asset, Amount: amount, At: at, TxID: txid})
}

func txKey(network, txid string) string {
	if network == "sol" {
		return txid // base58 is case-sensitive
	}
	return strings.ToLower(strings.TrimPrefix(txid, "0x"))
}

// heightAt is the height of the last block produced at or before t.
func (c *Chain) heightAt(l *ledger, t time.Time) int64 {
	d := t.Sub(c.genesis)
	if d < 0 {
		return l.base
	}
	return l.base + int64(d/l.bt)
}

// blockTime is when block h is produced.
func (c *Chain) blockTime(l *ledger, h int64) time.Time {
	return c.genesis.Add(time.Duration(h-l.base) * l.bt)
}

// Tip is network's latest block height now.
func (c *Chain) Tip(network string) int64 {
	l, ok := c.nets[network]
	if !ok {
		return 0
	}
	return c.heightAt(l, c.cfg.Now())
}

// view is a recorded transfer as it stands at a tip.
type view struct {
	*Recorded
	confirmed bool
}

// visible returns the transfers of network broadcast by now, newest first,
// that match keep.
func (c *Chain) visible(network string, keep func(*Recorded) bool) (l *ledger, tip int64, out []view) {
	l = c.nets[network]
	now := c.cfg.Now()
	tip = c.heightAt(l, now)
	c.mu.Lock()
	defer c.mu.Unlock()
	for i := len(l.all) - 1; i >= 0; i-- {
		r := l.all[i]
		if r.At.After(now) || !keep(r) {
			continue
		}
		out = append(out, view{Recorded: r, confirmed: r.Height <= tip})
	}
	return l, tip, out
}

// lookup finds a visible transfer by id.
func (c *Chain) lookup(network, txid string) (*ledger, int64, *Recorded, bool) {
	l := c.nets[network]
	now := c.cfg.Now()
	c.mu.Lock()
	r, ok := l.byTx[txKey(network, txid)]
	c.mu.Unlock()
	if !ok || r.At.After(now) {
		return l, 0, nil, false
	}
	return l, c.heightAt(l, now), r, true
}

// networkID writes a recorder's transaction id in network's form: the
// order engine's ids are 64 hex digits, which EVM networks write with 0x
// and Solana cannot take (its ids are base58 signatures of 64 bytes: one
// is derived from the given id).
func (c *Chain) networkID(network, id string) string {
	h := strings.ToLower(strings.TrimPrefix(id, "0x"))
	switch {
	case network == "sol":
		if len(base58.Decode(id)) == 64 {
			return id
		}
		return c.makeID(network, "id", id)
	case len(h) != 64 || strings.Trim(h, "0123456789abcdef") != "":
		return c.makeID(network, "id", id)
	case evm[network]:
		return "0x" + h
	}
	return h
}

// makeID is a deterministic transaction id in network's form.
func (c *Chain) makeID(network string, parts ...string) string {
	h := c.hash(append([]string{network}, parts...)...)
	switch {
	case network == "sol":
		h2 := c.hash(append([]string{network, "2"}, parts...)...)
		return base58.Encode(append(h[:], h2[:]...))
	case evm[network]:
		return "0x" + hex.EncodeToString(h[:])
	}
	return hex.EncodeToString(h[:])
}

// makeAddress is a deterministic address nobody holds on network.
func (c *Chain) makeAddress(network string, parts ...string) string {
	h := c.hash(append([]string{network, "address"}, parts...)...)
	switch {
	case evm[network]:
		return "0x" + hex.EncodeToString(h[:20])
	case network == "trx":
		return base58.CheckEncode(h[:20], 0x41)
	case network == "sol":
		h[0] |= 0x80
		return base58.Encode(h[:])
	case network == "doge":
		return base58.CheckEncode(h[:20], 0x1e)
	case network == "ltc":
		return base58.CheckEncode(h[:20], 0x32) // M…
	}
	return base58.CheckEncode(h[:20], 0x05) // 3… (btc, bch legacy)
}

func (c *Chain) hash(parts ...string) [32]byte {
	var seed [8]byte
	binary.BigEndian.PutUint64(seed[:], uint64(c.cfg.Seed))
	return sha256.Sum256([]byte("swapscout-sim-chain\x00" + string(seed[:]) + "\x00" + strings.Join(parts, "\x00")))
}

var evm = map[string]bool{"eth": true, "bsc": true, "matic": true, "avaxc": true, "arbitrum": true, "base": true, "op": true}

// units is a's count of base units of its asset.
func units(a swapscout.Amount, asset swapscout.Asset) string {
	info, _ := swapscout.LookupAsset(asset)
	u, err := swapscout.AmountUnits(a, info.Decimals)
	if err != nil {
		return "0" // Record rounded it to the decimals: cannot happen
	}
	return u
}
