// Package evmrpc watches Ethereum and the EVM networks swapscout lists (BNB
// Smart Chain, Polygon, Arbitrum, Base, Optimism, Avalanche C-Chain)
// through the standard Ethereum JSON-RPC API, which every node and RPC
// provider serves: one endpoint per network.
//
// Calls (JSON-RPC 2.0, POST to the configured URL):
//
//	eth_blockNumber                      the tip (cached for half a block)
//	eth_getLogs                          ERC-20 Transfer(address,address,uint256) events of the
//	                                     token's contract with the address as recipient (topic 2)
//	eth_getBlockByNumber(n, false)       a block's time (cached: it never changes)
//	eth_getBlockByNumber(n, true)        whole blocks, for native transfers without a txid
//	eth_getTransactionByHash             one transaction, when its id is known
//	eth_getTransactionReceipt            its status and its Transfer events
//
// Tokens: every Transfer event to the address in the blocks since the
// query's Since (estimated from the network's block time, with a margin,
// and bounded by Options.MaxLogRange × Options.MaxLogCalls blocks) is
// found, whoever sent it; events of a reverted transaction do not exist,
// and events a reorganization removed ("removed": true) are left out.
//
// Native coins (ETH, BNB, POL, AVAX): the JSON-RPC API has no index of the
// value sent to an address. With the transaction id (a venue's payout
// transaction, a user's deposit), the transaction and its receipt answer
// exactly. Without it, a scanner shared by every query on the endpoint
// reads each new block once (Options.ScanWindow blocks are kept) and finds
// the transactions whose "to" is the address and whose receipt succeeded.
// Not seen that way: value moved by a contract (an "internal" transfer from
// a multisig, a smart-contract wallet or a batch payout), which only a
// tracing API (debug_traceBlock, trace_block) shows, and transfers older
// than the window when the scanner started; both are said in docs/chain.md.
// Unconfirmed transactions are seen only by id (the mempool is not read).
package evmrpc

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain"
)

// TransferTopic is keccak256("Transfer(address,address,uint256)"), the
// first topic of every ERC-20 Transfer event.
const TransferTopic = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef"

// BlockTimes are the networks' nominal block times: they size the tip
// cache, the log window and the scanner. BNB Smart Chain has produced a
// block every 0.75 s since its 2025 Maxwell upgrade; Arbitrum's sequencer
// closes one every 0.25 s.
var BlockTimes = map[string]time.Duration{
	"eth": 12 * time.Second, "bsc": 750 * time.Millisecond, "matic": 2 * time.Second,
	"arbitrum": 250 * time.Millisecond, "base": 2 * time.Second, "op": 2 * time.Second,
	"avaxc": 2 * time.Second,
}

// Options tune a Watcher; zero fields take the defaults.
type Options struct {
	// BlockTime overrides the network's nominal block time (BlockTimes),
	// for a test chain or the simulator, whose blocks come faster.
	BlockTime time.Duration
	// MaxLogRange is the most blocks one eth_getLogs call spans (providers
	// cap it differently; 10,000 is the common ceiling). Default 10,000.
	MaxLogRange uint64
	// MaxLogCalls bounds the eth_getLogs calls of one query (the window
	// is split from the newest block back). Default 3.
	MaxLogCalls int
	// DefaultLookback is how far back a query without Since looks.
	// Default 1 hour.
	DefaultLookback time.Duration
	// NoScan turns the block scanner off: native transfers are then found
	// by transaction id only. The scanner reads every block once while
	// native transfers are watched: 5 calls a minute on Ethereum, 80 on
	// BNB Smart Chain, 240 on Arbitrum.
	NoScan bool
	// ScanWindow is how many recent blocks the scanner keeps, and so how
	// far back it can look (default 2 hours' worth, at most 7,200 blocks:
	// 30 minutes on Arbitrum, 90 on BNB Smart Chain).
	ScanWindow uint64
	// ScanBatch bounds the blocks one query makes the scanner fetch
	// (default one minute's worth, at least 4).
	ScanBatch int
}

// Watcher reads one EVM network from one JSON-RPC endpoint.
type Watcher struct {
	cfg chain.Config
	chain.Endpoint
	opt       Options
	blockTime time.Duration
	native    swapscout.AssetInfo

	tip    chain.Tip
	times  chain.Memo[uint64, int64] // block number → Unix time
	status chain.Memo[string, bool]  // transaction hash → receipt succeeded (mined only)
	scan   *scanner
}

var _ swapscout.ChainWatcher = (*Watcher)(nil)

// New returns the watcher of network at cfg.URL.
func New(network string, cfg chain.Config, opt Options) (*Watcher, error) {
	bt, ok := BlockTimes[network]
	if !ok {
		return nil, errors.New("evmrpc: unknown EVM network " + strconv.Quote(network))
	}
	if opt.BlockTime > 0 {
		bt = opt.BlockTime
	}
	if err := cfg.Check("evmrpc"); err != nil {
		return nil, err
	}
	if opt.MaxLogRange == 0 {
		opt.MaxLogRange = 10_000
	}
	if opt.MaxLogCalls <= 0 {
		opt.MaxLogCalls = 3
	}
	if opt.DefaultLookback <= 0 {
		opt.DefaultLookback = time.Hour
	}
	if opt.ScanWindow == 0 {
		opt.ScanWindow = min(uint64(2*time.Hour/bt), 7_200)
	}
	if opt.ScanBatch <= 0 {
		opt.ScanBatch = max(int(time.Minute/bt), 4)
	}
	var native swapscout.AssetInfo
	for _, a := range swapscout.Assets {
		if a.Network == network && swapscout.ChainNative(a.Asset) {
			native = a
			break
		}
	}
	w := &Watcher{cfg: cfg, Endpoint: chain.NewEndpoint(network, "evmrpc "+network+" ("+cfg.Host()+")"), opt: opt,
		blockTime: bt, native: native, tip: chain.Tip{TTL: max(bt/2, time.Second), Now: cfg.Now}}
	w.times.Max, w.status.Max = 8192, 8192
	w.scan = &scanner{w: w}
	return w, nil
}

// FindTransfers implements swapscout.ChainWatcher.
func (w *Watcher) FindTransfers(ctx context.Context, q swapscout.TransferQuery) ([]swapscout.Transfer, error) {
	info, err := chain.CheckQuery(w.Networks(), q)
	if err != nil {
		return nil, err
	}
	if !isHexAddress(q.Address) {
		return nil, chain.Invalid("an %s address is 0x and 40 hex digits", w.Network())
	}
	if q.TxID != "" {
		all, err := w.Transaction(ctx, w.Network(), q.TxID)
		if err != nil {
			return nil, err
		}
		var out []swapscout.Transfer
		for _, t := range all {
			if t.Asset == info.Asset && chain.SameAddress(w.Network(), t.To, q.Address) {
				out = append(out, t)
			}
		}
		return out, nil
	}
	tip, err := w.tipHeight(ctx)
	if err != nil {
		return nil, err
	}
	if contract, ok := swapscout.ChainToken(info.Asset); ok {
		return w.tokenTransfers(ctx, info, contract, strings.ToLower(q.Address), q.Since, tip)
	}
	if w.opt.NoScan {
		return nil, chain.Invalid("%s: native %s transfers are found by transaction id only on this endpoint (block scanning is off)", w.Name(), info.Ticker)
	}
	return w.scan.find(ctx, info, strings.ToLower(q.Address), q.Since, tip)
}

// fromBlock is the first block a query since since must read: the blocks
// produced since then at the nominal block time, half again as many, and
// 20 more, bounded by limit blocks.
func (w *Watcher) fromBlock(tip uint64, since time.Time, limit uint64) uint64 {
	back := w.opt.DefaultLookback
	if !since.IsZero() {
		back = max(w.cfg.NowTime().Sub(since), 0)
	}
	n := uint64(math.Ceil(float64(back)/float64(w.blockTime)*1.5)) + 20
	n = min(n, limit)
	if n > tip {
		return 0
	}
	return tip - n + 1
}

func (w *Watcher) tokenTransfers(ctx context.Context, info swapscout.AssetInfo, contract, to string, since time.Time, tip int64) ([]swapscout.Transfer, error) {
	end := uint64(tip)
	start := w.fromBlock(end, since, w.opt.MaxLogRange*uint64(w.opt.MaxLogCalls))
	var logs []logJSON
	for hi := end; ; {
		lo := start
		if hi-start+1 > w.opt.MaxLogRange {
			lo = hi - w.opt.MaxLogRange + 1
		}
		var part []logJSON
		filter := map[string]any{
			"fromBlock": hexQ(lo), "toBlock": hexQ(hi), "address": contract,
			"topics": []any{TransferTopic, nil, "0x000000000000000000000000" + strings.TrimPrefix(to, "0x")},
		}
		if _, err := chain.Call(ctx, &w.cfg, w.Name(), "eth_getLogs", []any{filter}, &part); err != nil {
			return nil, err
		}
		logs = append(logs, part...)
		if lo == start {
			break
		}
		hi = lo - 1
	}
	out, err := parseLogs(w.Network(), logs, to)
	if err != nil {
		return nil, chain.BadAnswer(w.Name(), err)
	}
	return w.finish(ctx, out, tip)
}

// finish sets confirmations and block times.
func (w *Watcher) finish(ctx context.Context, out []swapscout.Transfer, tip int64) ([]swapscout.Transfer, error) {
	for i := range out {
		if out[i].Height == 0 {
			continue
		}
		t, err := w.blockTime0(ctx, uint64(out[i].Height))
		if err != nil {
			return nil, err
		}
		out[i].Time = time.Unix(t, 0).UTC()
		out[i].Confirmations = chain.Confirmations(tip, out[i].Height)
	}
	return out, nil
}

// blockTime0 is block n's time, from the cache or eth_getBlockByNumber.
func (w *Watcher) blockTime0(ctx context.Context, n uint64) (int64, error) {
	if t, ok := w.times.Get(n); ok {
		return t, nil
	}
	var b blockJSON
	found, err := chain.Call(ctx, &w.cfg, w.Name(), "eth_getBlockByNumber", []any{hexQ(n), false}, &b)
	if err != nil {
		return 0, err
	}
	if !found {
		return 0, chain.Error(w.Name(), swapscout.CodeBadResponse, "block %d is unknown to the endpoint that named it", n)
	}
	t, err := chain.HexUint(b.Timestamp)
	if err != nil || t == 0 || t > 1<<40 {
		return 0, chain.BadAnswer(w.Name(), fmt.Errorf("block %d: timestamp %q", n, b.Timestamp))
	}
	w.times.Put(n, int64(t))
	return int64(t), nil
}

// tipHeight is the latest block number, cached.
func (w *Watcher) tipHeight(ctx context.Context) (int64, error) {
	return w.tip.Get(ctx, func(ctx context.Context) (int64, error) {
		var s string
		found, err := chain.Call(ctx, &w.cfg, w.Name(), "eth_blockNumber", []any{}, &s)
		if err != nil {
			return 0, err
		}
		n, perr := chain.HexUint(s)
		if !found || perr != nil || n == 0 || n > 1<<40 {
			return 0, chain.BadAnswer(w.Name(), fmt.Errorf("eth_blockNumber: %q", s))
		}
		return int64(n), nil
	})
}

// Transaction implements swapscout.ChainWatcher: the native value the
// transaction carried (when its receipt succeeded, or while it is
// pending) and the Transfer events of catalogue tokens in its receipt (for
// a pending transaction, a decoded transfer(address,uint256) call).
func (w *Watcher) Transaction(ctx context.Context, network, txid string) ([]swapscout.Transfer, error) {
	if network != w.Network() {
		return nil, chain.Invalid("this chain watcher does not read network %q", network)
	}
	if !isHash(txid) {
		return nil, chain.Invalid("an %s transaction id is 0x and 64 hex digits", w.Network())
	}
	txid = strings.ToLower(txid)
	var tx txJSON
	found, err := chain.Call(ctx, &w.cfg, w.Name(), "eth_getTransactionByHash", []any{txid}, &tx)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, swapscout.ErrTransactionNotFound
	}
	if tx.BlockNumber == nil {
		out, err := parsePending(w.Network(), w.native, tx)
		if err != nil {
			return nil, chain.BadAnswer(w.Name(), err)
		}
		return out, nil
	}
	var rc receiptJSON
	found, err = chain.Call(ctx, &w.cfg, w.Name(), "eth_getTransactionReceipt", []any{txid}, &rc)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, chain.Error(w.Name(), swapscout.CodeBadResponse, "mined transaction %s has no receipt", txid)
	}
	out, err := parseMined(w.Network(), w.native, tx, rc)
	if err != nil {
		return nil, chain.BadAnswer(w.Name(), err)
	}
	if len(out) == 0 {
		return nil, nil
	}
	tip, err := w.tipHeight(ctx)
	if err != nil {
		return nil, err
	}
	return w.finish(ctx, out, tip)
}

// succeeded reports whether the mined transaction hash's receipt says
// success, from the cache or eth_getTransactionReceipt.
func (w *Watcher) succeeded(ctx context.Context, hash string) (bool, error) {
	if ok, cached := w.status.Get(hash); cached {
		return ok, nil
	}
	var rc receiptJSON
	found, err := chain.Call(ctx, &w.cfg, w.Name(), "eth_getTransactionReceipt", []any{hash}, &rc)
	if err != nil {
		return false, err
	}
	if !found {
		return false, nil // not yet indexed by this backend: ask again next time
	}
	ok := rc.Status == "0x1"
	w.status.Put(hash, ok)
	return ok, nil
}

func hexQ(n uint64) string { return "0x" + strconv.FormatUint(n, 16) }

func isHexAddress(s string) bool {
	return len(s) == 42 && strings.HasPrefix(s, "0x") && chain.IsHex(s[2:])
}

func isHash(s string) bool { return len(s) == 66 && strings.HasPrefix(s, "0x") && chain.IsHexID(s[2:]) }
