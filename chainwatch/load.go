package chainwatch

import "time"

// Cost is what watching transfers costs one endpoint: PerCheck calls for
// every Check of a transfer on its network, plus Shared calls a minute that
// do not grow with the number of transfers (the cached tip's refreshes, the
// EVM block scanner's reads).
type Cost struct {
	PerCheck float64
	Shared   float64 // per minute
}

// Costs are the formats' costs as their packages make their calls (see
// docs/chain.md), for the cheapest common case of each: one page of
// history, transfers found earlier already cached. Shared calls are their
// upper bound (the tip is refreshed only when a transfer is confirmed).
var Costs = map[string]Cost{
	// GET /address/:a/txs; the tip every 30 s (btc).
	"esplora btc": {PerCheck: 1, Shared: 2},
	// eth_getLogs; eth_blockNumber every 6 s.
	"evmrpc eth token": {PerCheck: 1, Shared: 10},
	// the block scanner reads 5 blocks a minute, the tip every 6 s; a
	// check reads nothing new within a block (receipts once per match).
	"evmrpc eth native": {PerCheck: 0, Shared: 5 + 10},
	// 240 blocks a minute at 0.25 s; the tip every second.
	"evmrpc arbitrum native": {PerCheck: 0, Shared: 240 + 60},
	// the v1 TRC-20 list; gettransactioninfobyid once per transfer; the
	// tip every 3 s.
	"trongrid usdt": {PerCheck: 1, Shared: 20},
	// getSignaturesForAddress on the wallet and on its token account
	// (getTokenAccountsByOwner until the account exists); getSlot every 2 s.
	"solanarpc usdc": {PerCheck: 2, Shared: 30},
	"solanarpc sol":  {PerCheck: 1, Shared: 30},
}

// CallsPerMinute is the calls a minute an endpoint with cost c takes for n
// open transfers on its network whose ages are spread evenly over span,
// checked on schedule s.
func (c Cost) CallsPerMinute(s Schedule, n int, span time.Duration) float64 {
	return c.PerCheck*s.ChecksPerMinute(n, span) + c.Shared
}
