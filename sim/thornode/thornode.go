// Package thornode is the simulated node of the THORNode-shaped networks,
// THORChain and Maya (their adapters are venue/thorchain and venue/maya, on
// the client venue/thornode): quotes, swap statuses and, under the same
// root, the network's indexer (Midgard, midgard.go), in the node's format
// and with its quirks. Each network adds its depth, fees, block time and
// streaming to the one node.
package thornode

import (
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/maya"
	"github.com/swapscout/swapscout/venue/thorchain"
	adapter "github.com/swapscout/swapscout/venue/thornode"
)

// Profile tunes a network's simulated node.
type Profile struct {
	Latency time.Duration
	// Spread is the share of a swap the pools keep (liquidity fee and
	// slippage) at the simulated depth.
	Spread        float64
	MinUSD        float64 // the recommended minimum, in USD
	NetworkFeeUSD float64 // the outbound fee, in USD
	BlockSeconds  int64   // the network's block time
	// OutboundDelayBlocks is the delay of every outbound, in blocks.
	OutboundDelayBlocks int64
	// StreamUSD is the value of one sub-swap of a streaming swap: an
	// amount worth n times it streams in n sub-swaps (at most 100).
	StreamUSD float64
}

// THORChain is THORChain's simulated node: 6-second blocks, 0.2 % taken by
// the pools at the simulated depth, a streaming sub-swap per 2,500 USD.
func THORChain() sim.Venue {
	return Venue(&thorchain.Network, Profile{Latency: 250 * time.Millisecond, Spread: 0.002, MinUSD: 3, NetworkFeeUSD: 1.5,
		BlockSeconds: 6, OutboundDelayBlocks: 2, StreamUSD: 2500})
}

// Maya is Maya's simulated node: shallower pools than THORChain's (0.35 %
// taken at the simulated depth, a streaming sub-swap per 1,500 USD) and a
// longer outbound delay.
func Maya() sim.Venue {
	return Venue(&maya.Network, Profile{Latency: 350 * time.Millisecond, Spread: 0.0035, MinUSD: 5, NetworkFeeUSD: 2,
		BlockSeconds: 6, OutboundDelayBlocks: 10, StreamUSD: 1500})
}

// quoteExpiry is how long a simulated quote stays valid: THORNode's quotes
// are good for about a quarter of an hour.
const quoteExpiry = 15 * time.Minute

// Recorded words (see the READMEs of venue/thorchain/testdata and
// venue/maya/testdata).
const (
	warningText = "Do not cache this response. Do not send funds after the expiry."
	utxoNotes   = "First output should be to inbound_address, second output should be change back to self, third output should be OP_RETURN, limited to 80 bytes. Do not send below the dust threshold. Do not use exotic spend scripts, locks or address formats (P2WSH with Bech32 address format preferred)."
	noPoolText  = "failed to calculate min swap amount: fail to convert dest fee to src asset pool does not exist"
)

// confirmSeconds is a chain's inbound confirmation wait for a small swap.
var confirmSeconds = map[string]int64{"BTC": 600, "LTC": 150, "BCH": 600, "DOGE": 60, "DASH": 150, "ZEC": 150}

// Venue is network n's simulated node, tuned by p: GET {path}/quote/swap and
// {path}/tx/status/{hash} in the node's format, with its quirks: amounts in
// 1e8 units as strings, the memo and inbound address only when a destination
// is given, an expiry a quarter of an hour out, streaming estimates, refusals
// as {"code":…,"message":…,"details":[]} on 400 (code 3) or 500 (code 2).
// A quote with a destination records a simulated order waiting for a deposit
// to the inbound address with the memo; its deposit (/_sim/pay) is then
// followed by its transaction id, the only key the network has.
func Venue(n *adapter.Network, p Profile) sim.Venue {
	nd := &node{net: n, p: p}
	// A proxy's error body may come on 200: read by its words.
	return swapsim.Venue(n.Symbols.Assets(), sim.Profile{Latency: p.Latency, Spread: p.Spread,
		MinUSD: p.MinUSD, NetworkFeeUSD: p.NetworkFeeUSD}, nd.handler,
		swapsim.Fault(writeJSON, "", map[string]any{"code": 8, "message": "rate limit exceeded", "details": []any{}},
			map[string]any{"code": 2, "message": "internal error: node unavailable", "details": []any{}}))
}

// node is one network's simulated node.
type node struct {
	net *adapter.Network
	p   Profile
}

// writeJSON writes v as the node does.
var writeJSON = swapsim.JSON{ContentType: "application/json", EncodeError: []byte(`{"code":2,"message":"internal error","details":[]}`)}.Write

func nodeError(w http.ResponseWriter, code int, msg string) {
	st := http.StatusBadRequest
	if code != 3 {
		st = http.StatusInternalServerError
	}
	writeJSON(w, st, map[string]any{"code": code, "message": msg, "details": []any{}})
}

// address is a deterministic address of the network's vault or router
// on a chain, well formed for the chain (the swap service checks deposit
// addresses) and of a hash nobody holds the key to (sim.Address).
func (n *node) address(kind, chain string) string {
	net, ok := chainNetworks[chain]
	if !ok {
		net = strings.ToLower(chain)
	}
	return sim.Address(net, n.net.ID, kind, chain)
}

// chainNetworks names the chains whose swapscout network code is not their
// name in lower case.
var chainNetworks = map[string]string{"AVAX": "avaxc", "ARB": "arbitrum", "TRON": "trx"}

func (n *node) handler(x *sim.Exchange) http.Handler {
	rev := map[string]swapscout.Asset{}
	for a, s := range n.net.Symbols {
		rev[strings.ToUpper(s)] = a
	}
	x.ReadDepositMemos(func(memo string) (string, swapscout.Amount) { return n.readMemo(memo, rev) })
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+n.net.Path+"/quote/swap", func(w http.ResponseWriter, r *http.Request) {
		n.quote(w, r, x, rev)
	})
	mux.HandleFunc("GET "+n.net.Path+"/tx/status/{hash}", func(w http.ResponseWriter, r *http.Request) {
		n.status(w, r, x)
	})
	// The network's indexer (Midgard) under the same root: the simulator
	// serves one root per venue.
	mux.HandleFunc("GET /v2/actions", func(w http.ResponseWriter, r *http.Request) {
		n.actions(w, r, x)
	})
	return mux
}

func (n *node) quote(w http.ResponseWriter, r *http.Request, x *sim.Exchange, rev map[string]swapscout.Asset) {
	q := r.URL.Query()
	fromName, toName := strings.ToUpper(q.Get("from_asset")), strings.ToUpper(q.Get("to_asset"))
	from, ok1 := rev[fromName]
	to, ok2 := rev[toName]
	if !ok1 || !ok2 {
		nodeError(w, 2, noPoolText)
		return
	}
	if from == to {
		nodeError(w, 3, "failed to simulate swap: swap from and to the same asset: invalid request")
		return
	}
	u, err := strconv.ParseUint(q.Get("amount"), 10, 64)
	if err != nil || u == 0 {
		nodeError(w, 3, "bad amount: "+venue.Clip(q.Get("amount"))+": invalid request")
		return
	}
	interval, _ := strconv.ParseInt(q.Get("streaming_interval"), 10, 64)
	quantity, _ := strconv.ParseInt(q.Get("streaming_quantity"), 10, 64)
	if interval < 0 || quantity < 0 {
		nodeError(w, 3, "bad streaming parameters: invalid request")
		return
	}
	amount := adapter.FromUnits(swapscout.NewAmount(int64(u), 0), from)
	spec := sim.QuoteSpec{From: from, To: to, Amount: amount}
	res, err := x.Quote(spec)
	var le *sim.LimitError
	switch {
	case errors.As(err, &le) && le.Below:
		nodeError(w, 3, "amount less than min swap amount (recommended_min_amount_in: "+adapter.MinToUnits(le.Min)+"): invalid request")
		return
	case errors.As(err, &le):
		nodeError(w, 3, "failed to simulate swap: swap amount exceeds the pool depth: invalid request")
		return
	case err != nil:
		nodeError(w, 2, noPoolText)
		return
	}
	p := n.p
	// Streaming: one sub-swap per StreamUSD of value, 1..100.
	maxQ := int64(1)
	if usd := x.USD(from.Ticker) * amount.Float64(); p.StreamUSD > 0 && usd > p.StreamUSD {
		maxQ = min(100, int64(math.Ceil(usd/p.StreamUSD)))
	}
	if quantity == 0 || quantity > maxQ {
		quantity = maxQ
	}
	var streamBlocks int64
	if interval > 0 {
		streamBlocks = interval * quantity
	}
	gross := res.AmountOut.Add(res.NetworkFee)
	spread := floatAmount(p.Spread)
	liq := gross.Mul(spread).Quo(swapscout.AmountFromInt(1).Sub(spread), 8, swapscout.RoundDown)
	liqU, outU := adapter.ToUnitsAmount(liq), adapter.ToUnitsAmount(res.NetworkFee)
	total := liqU.Add(outU)
	totalBps := int64(0)
	if denom := adapter.ToUnitsAmount(gross.Add(liq)); denom.Sign() > 0 {
		totalBps = int64(total.Mul(swapscout.AmountFromInt(10000)).Quo(denom, 0, swapscout.RoundDown).Float64())
	}
	chain := adapter.ChainOf(fromName)
	confirm := confirmSeconds[chain]
	delay := p.OutboundDelayBlocks * p.BlockSeconds
	now := x.Now()
	ans := map[string]any{
		"inbound_address":        n.address("vault", chain),
		"outbound_delay_blocks":  p.OutboundDelayBlocks,
		"outbound_delay_seconds": delay,
		"fees": map[string]any{
			"asset": toName, "affiliate": "0", "outbound": outU.String(), "liquidity": liqU.String(),
			"total": total.String(), "slippage_bps": int64(math.Round(p.Spread * 10000)), "total_bps": totalBps,
		},
		"expiry":                    now.Add(quoteExpiry).Unix(),
		"warning":                   warningText,
		"notes":                     "Transfer the inbound_address the asset with the memo. Do not use multi-in, multi-out transactions.",
		"recommended_min_amount_in": adapter.MinToUnits(res.Min),
		"expected_amount_out":       adapter.ToUnits(res.AmountOut),
		"max_streaming_quantity":    maxQ,
		"streaming_swap_blocks":     streamBlocks,
		"streaming_swap_seconds":    streamBlocks * p.BlockSeconds,
		"total_swap_seconds":        confirm + streamBlocks*p.BlockSeconds + delay,
	}
	switch {
	case adapter.UTXOChain(chain):
		ans["notes"], ans["dust_threshold"] = utxoNotes, "10000"
		ans["recommended_gas_rate"], ans["gas_rate_units"] = "10", "satsperbyte"
		ans["inbound_confirmation_blocks"], ans["inbound_confirmation_seconds"] = 1, confirm
	case adapter.RouterChain(chain):
		ans["router"] = n.address("router", chain)
		ans["notes"] = "Base Asset: Send the inbound_address the asset with the memo encoded in hex in the data field. Tokens: First approve router to spend tokens from user: asset.approve(router, amount). Then call router.depositWithExpiry(inbound_address, asset, amount, memo, expiry). Asset is the token contract address. Amount should be in native asset decimals (eg 1e18 for most tokens). Do not swap to smart contract addresses."
		ans["recommended_gas_rate"], ans["gas_rate_units"] = "2", "gwei"
	}
	if dest := q.Get("destination"); dest != "" {
		target := dest
		if refund := q.Get("refund_address"); refund != "" {
			target += "/" + refund
		}
		tail := ":" + target + ":0/" + strconv.FormatInt(interval, 10) + "/" + strconv.FormatInt(quantity, 10)
		if aff := q.Get("affiliate"); aff != "" {
			tail += ":" + aff + ":" + q.Get("affiliate_bps")
		}
		// From a Bitcoin-like chain the node names the asset short when
		// the memo would not fit the OP_RETURN, and refuses what still
		// does not.
		memo := "=:" + toName + tail
		if adapter.UTXOChain(chain) && len(memo) > adapter.MaxUTXOMemo {
			memo = "=:" + adapter.ShortAsset(toName) + tail
		}
		if adapter.UTXOChain(chain) && len(memo) > adapter.MaxUTXOMemo {
			nodeError(w, 3, "generated memo too long for source chain: invalid request")
			return
		}
		ans["memo"] = memo
		if _, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: dest, RefundAddress: q.Get("refund_address"),
			Expiry: quoteExpiry, DepositAddress: n.address("vault", chain), DepositMemo: memo}); err != nil {
			nodeError(w, 2, "failed to simulate swap: "+err.Error())
			return
		}
	}
	writeJSON(w, 200, ans)
}

// readMemo reads a deposit's memo as the network does (sim.DepositMemo):
// the swap it asks, without its limit, and that limit as an amount of the
// asset received (zero: none).
func (n *node) readMemo(memo string, rev map[string]swapscout.Asset) (string, swapscout.Amount) {
	names := make([]string, 0, len(rev))
	for name := range rev {
		names = append(names, name)
	}
	m, ok := adapter.ParseSwapMemo(memo)
	intent := adapter.MemoIntent(memo, names)
	if !ok || intent == "" {
		return memo, swapscout.Amount{}
	}
	lim := m.LimitUnits()
	for _, name := range names {
		if adapter.SameAsset(m.Asset, name) && lim.Sign() > 0 {
			return intent, adapter.FromUnits(lim, rev[name])
		}
	}
	return intent, swapscout.Amount{}
}

// floatAmount is f with 6 decimals, for the simulator's arithmetic.
func floatAmount(f float64) swapscout.Amount {
	return swapscout.NewAmount(int64(math.Round(f*1e6)), 6)
}

func (n *node) status(w http.ResponseWriter, r *http.Request, x *sim.Exchange) {
	hash, ok := adapter.TxHash(r.PathValue("hash"))
	if !ok {
		nodeError(w, 3, "invalid tx id: encoding/hex: invalid byte: invalid request")
		return
	}
	o, err := x.OrderByDepositTx(hash)
	if err != nil || o.Stage == sim.StageWaiting || o.Stage == sim.StageExpired {
		// The network has not seen it: only the first stage, not started.
		writeJSON(w, 200, map[string]any{"stages": map[string]any{"inbound_observed": map[string]any{"completed": false}}})
		return
	}
	fromName, toName := n.net.Symbols[o.From], n.net.Symbols[o.To]
	chain := adapter.ChainOf(fromName)
	done := func(b bool) map[string]any { return map[string]any{"completed": b} }
	st := o.Stage
	stages := map[string]any{
		"inbound_observed": map[string]any{"started": true, "pre_confirmation_count": 80, "final_count": 80, "completed": true},
	}
	if adapter.UTXOChain(chain) {
		stages["inbound_confirmation_counted"] = map[string]any{"chain": chain, "remaining_confirmation_seconds": 0, "completed": st != sim.StageConfirming}
	}
	stages["inbound_finalised"] = done(st != sim.StageConfirming)
	refund := st == sim.StageRefunded || st == sim.StageFailed
	if st >= sim.StageExchanging {
		stages["swap_status"] = map[string]any{"pending": st == sim.StageExchanging,
			"streaming": map[string]any{"interval": 1, "quantity": 1, "count": 1}}
		stages["swap_finalised"] = done(st != sim.StageExchanging)
	}
	if st >= sim.StageSending {
		stages["outbound_delay"] = map[string]any{"remaining_delay_blocks": 0, "remaining_delay_seconds": 0, "completed": true}
		stages["outbound_signed"] = map[string]any{"scheduled_outbound_height": 1, "blocks_since_scheduled": 1, "completed": st != sim.StageSending}
	}
	ans := map[string]any{
		"tx": map[string]any{"id": hash, "chain": chain, "from_address": o.RefundAddress, "to_address": o.DepositAddress,
			"coins": []any{map[string]any{"asset": fromName, "amount": adapter.ToUnits(o.AmountPaid)}}, "memo": o.DepositMemo},
		"stages": stages,
	}
	if st >= sim.StageExchanging {
		plan := map[string]any{"chain": adapter.ChainOf(toName), "to_address": o.PayoutAddress,
			"coin": map[string]any{"asset": toName, "amount": adapter.ToUnits(o.AmountOut)}, "refund": false}
		if refund {
			plan = map[string]any{"chain": chain, "to_address": o.RefundAddress,
				"coin": map[string]any{"asset": fromName, "amount": adapter.ToUnits(o.AmountPaid)}, "refund": true}
		}
		ans["planned_out_txs"] = []any{plan}
	}
	if st == sim.StageFinished {
		ans["out_txs"] = []any{map[string]any{"id": strings.ToUpper(o.PayoutTx), "chain": adapter.ChainOf(toName), "to_address": o.PayoutAddress,
			"coins": []any{map[string]any{"asset": toName, "amount": adapter.ToUnits(o.AmountSent)}}, "memo": "OUT:" + hash}}
	}
	writeJSON(w, 200, ans)
}
