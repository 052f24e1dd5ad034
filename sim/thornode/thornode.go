package thornode

import (
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
)

// SimProfile tunes a network's simulated node.
type SimProfile struct {
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

// QuoteExpiry is how long a simulated quote stays valid: THORNode's quotes
// are good for about a quarter of an hour.
const QuoteExpiry = 15 * time.Minute

// Recorded words (see the testdata READMEs).
const (
	warningText = "Do not cache this response. Do not send funds after the expiry."
	utxoNotes   = "First output should be to inbound_address, second output should be change back to self, third output should be OP_RETURN, limited to 80 bytes. Do not send below the dust threshold. Do not use exotic spend scripts, locks or address formats (P2WSH with Bech32 address format preferred)."
	noPoolText  = "failed to calculate min swap amount: fail to convert dest fee to src asset pool does not exist"
)

// confirmSeconds is a chain's inbound confirmation wait for a small swap.
var confirmSeconds = map[string]int64{"BTC": 600, "LTC": 150, "BCH": 600, "DOGE": 60, "DASH": 150, "ZEC": 150}

// SimVenue is the network's simulated node: GET {path}/quote/swap and
// {path}/tx/status/{hash} in the node's format, with its quirks: amounts in
// 1e8 units as strings, the memo and inbound address only when a destination
// is given, an expiry a quarter of an hour out, streaming estimates, refusals
// as {"code":…,"message":…,"details":[]} on 400 (code 3) or 500 (code 2).
// A quote with a destination records a simulated order waiting for a deposit
// to the inbound address with the memo; its deposit (/_sim/pay) is then
// followed by its transaction id, the only key the network has.
func (n *Network) SimVenue() sim.Venue {
	var faults atomic.Uint64
	p := n.Sim
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap, Latency: p.Latency, Spread: p.Spread,
			MinUSD: p.MinUSD, NetworkFeeUSD: p.NetworkFeeUSD, Assets: n.Symbols.Assets()},
		Handler: n.simHandler,
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				writeJSON(w, 429, map[string]any{"code": 8, "message": "rate limit exceeded", "details": []any{}})
				return
			}
			st := http.StatusInternalServerError
			if faults.Add(1)%2 == 0 {
				st = http.StatusOK // a proxy's error body on 200: read by its words
			}
			writeJSON(w, st, map[string]any{"code": 2, "message": "internal error: node unavailable", "details": []any{}})
		},
	}
}

// writeJSON writes v as the node does.
var writeJSON = venue.JSONWriter{ContentType: "application/json", EncodeError: []byte(`{"code":2,"message":"internal error","details":[]}`)}.Write

func nodeError(w http.ResponseWriter, code int, msg string) {
	st := http.StatusBadRequest
	if code != 3 {
		st = http.StatusInternalServerError
	}
	writeJSON(w, st, map[string]any{"code": code, "message": msg, "details": []any{}})
}

// simAddress is a deterministic address of the network's vault or router
// on a chain, well formed for the chain (the swap service checks deposit
// addresses) and of a hash nobody holds the key to (sim.Address).
func (n *Network) simAddress(kind, chain string) string {
	net, ok := chainNetworks[chain]
	if !ok {
		net = strings.ToLower(chain)
	}
	return sim.Address(net, n.ID, kind, chain)
}

// chainNetworks names the chains whose swapscout network code is not their
// name in lower case.
var chainNetworks = map[string]string{"AVAX": "avaxc", "ARB": "arbitrum", "TRON": "trx"}

func (n *Network) simHandler(x *sim.Exchange) http.Handler {
	rev := map[string]swapscout.Asset{}
	for a, s := range n.Symbols {
		rev[strings.ToUpper(s)] = a
	}
	x.ReadDepositMemos(func(memo string) (string, swapscout.Amount) { return n.readMemo(memo, rev) })
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+n.Path+"/quote/swap", func(w http.ResponseWriter, r *http.Request) {
		n.simQuote(w, r, x, rev)
	})
	mux.HandleFunc("GET "+n.Path+"/tx/status/{hash}", func(w http.ResponseWriter, r *http.Request) {
		n.simStatus(w, r, x)
	})
	// The network's indexer (Midgard) under the same root: the simulator
	// serves one root per venue.
	mux.HandleFunc("GET /v2/actions", func(w http.ResponseWriter, r *http.Request) {
		n.simActions(w, r, x)
	})
	return mux
}

func (n *Network) simQuote(w http.ResponseWriter, r *http.Request, x *sim.Exchange, rev map[string]swapscout.Asset) {
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
	amount := FromUnits(swapscout.NewAmount(int64(u), 0), from)
	spec := sim.QuoteSpec{From: from, To: to, Amount: amount}
	res, err := x.Quote(spec)
	var le *sim.LimitError
	switch {
	case errors.As(err, &le) && le.Below:
		nodeError(w, 3, "amount less than min swap amount (recommended_min_amount_in: "+MinToUnits(le.Min)+"): invalid request")
		return
	case errors.As(err, &le):
		nodeError(w, 3, "failed to simulate swap: swap amount exceeds the pool depth: invalid request")
		return
	case err != nil:
		nodeError(w, 2, noPoolText)
		return
	}
	p := n.Sim
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
	liqU, outU := ToUnitsAmount(liq), ToUnitsAmount(res.NetworkFee)
	total := liqU.Add(outU)
	totalBps := int64(0)
	if denom := ToUnitsAmount(gross.Add(liq)); denom.Sign() > 0 {
		totalBps = int64(total.Mul(swapscout.AmountFromInt(10000)).Quo(denom, 0, swapscout.RoundDown).Float64())
	}
	chain := chainOf(fromName)
	confirm := confirmSeconds[chain]
	delay := p.OutboundDelayBlocks * p.BlockSeconds
	now := x.Now()
	ans := map[string]any{
		"inbound_address":        n.simAddress("vault", chain),
		"outbound_delay_blocks":  p.OutboundDelayBlocks,
		"outbound_delay_seconds": delay,
		"fees": map[string]any{
			"asset": toName, "affiliate": "0", "outbound": outU.String(), "liquidity": liqU.String(),
			"total": total.String(), "slippage_bps": int64(math.Round(p.Spread * 10000)), "total_bps": totalBps,
		},
		"expiry":                    now.Add(QuoteExpiry).Unix(),
		"warning":                   warningText,
		"notes":                     "Transfer the inbound_address the asset with the memo. Do not use multi-in, multi-out transactions.",
		"recommended_min_amount_in": MinToUnits(res.Min),
		"expected_amount_out":       ToUnits(res.AmountOut),
		"max_streaming_quantity":    maxQ,
		"streaming_swap_blocks":     streamBlocks,
		"streaming_swap_seconds":    streamBlocks * p.BlockSeconds,
		"total_swap_seconds":        confirm + streamBlocks*p.BlockSeconds + delay,
	}
	switch {
	case utxoChains[chain]:
		ans["notes"], ans["dust_threshold"] = utxoNotes, "10000"
		ans["recommended_gas_rate"], ans["gas_rate_units"] = "10", "satsperbyte"
		ans["inbound_confirmation_blocks"], ans["inbound_confirmation_seconds"] = 1, confirm
	case evmChains[chain]:
		ans["router"] = n.simAddress("router", chain)
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
		if utxoChains[chain] && len(memo) > MaxUTXOMemo {
			memo = "=:" + shortAsset(toName) + tail
		}
		if utxoChains[chain] && len(memo) > MaxUTXOMemo {
			nodeError(w, 3, "generated memo too long for source chain: invalid request")
			return
		}
		ans["memo"] = memo
		if _, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: dest, RefundAddress: q.Get("refund_address"),
			Expiry: QuoteExpiry, DepositAddress: n.simAddress("vault", chain), DepositMemo: memo}); err != nil {
			nodeError(w, 2, "failed to simulate swap: "+err.Error())
			return
		}
	}
	writeJSON(w, 200, ans)
}

// readMemo reads a deposit's memo as the network does (sim.DepositMemo):
// the swap it asks, without its limit, and that limit as an amount of the
// asset received (zero: none).
func (n *Network) readMemo(memo string, rev map[string]swapscout.Asset) (string, swapscout.Amount) {
	names := make([]string, 0, len(rev))
	for name := range rev {
		names = append(names, name)
	}
	m, ok := parseSwapMemo(memo)
	intent := memoIntent(memo, names)
	if !ok || intent == "" {
		return memo, swapscout.Amount{}
	}
	lim, _ := limitUnits(m.limit)
	for _, name := range names {
		if sameAsset(m.asset, name) && lim.Sign() > 0 {
			return intent, FromUnits(lim, rev[name])
		}
	}
	return intent, swapscout.Amount{}
}

// floatAmount is f with 6 decimals, for the simulator's arithmetic.
func floatAmount(f float64) swapscout.Amount {
	return swapscout.NewAmount(int64(math.Round(f*1e6)), 6)
}

func (n *Network) simStatus(w http.ResponseWriter, r *http.Request, x *sim.Exchange) {
	hash, ok := TxHash(r.PathValue("hash"))
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
	fromName, toName := n.Symbols[o.From], n.Symbols[o.To]
	chain := chainOf(fromName)
	done := func(b bool) map[string]any { return map[string]any{"completed": b} }
	st := o.Stage
	stages := map[string]any{
		"inbound_observed": map[string]any{"started": true, "pre_confirmation_count": 80, "final_count": 80, "completed": true},
	}
	if utxoChains[chain] {
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
			"coins": []any{map[string]any{"asset": fromName, "amount": ToUnits(o.AmountPaid)}}, "memo": o.DepositMemo},
		"stages": stages,
	}
	if st >= sim.StageExchanging {
		plan := map[string]any{"chain": chainOf(toName), "to_address": o.PayoutAddress,
			"coin": map[string]any{"asset": toName, "amount": ToUnits(o.AmountOut)}, "refund": false}
		if refund {
			plan = map[string]any{"chain": chain, "to_address": o.RefundAddress,
				"coin": map[string]any{"asset": fromName, "amount": ToUnits(o.AmountPaid)}, "refund": true}
		}
		ans["planned_out_txs"] = []any{plan}
	}
	if st == sim.StageFinished {
		ans["out_txs"] = []any{map[string]any{"id": strings.ToUpper(o.PayoutTx), "chain": chainOf(toName), "to_address": o.PayoutAddress,
			"coins": []any{map[string]any{"asset": toName, "amount": ToUnits(o.AmountSent)}}, "memo": "OUT:" + hash}}
	}
	writeJSON(w, 200, ans)
}

// simActions serves Midgard's GET /v2/actions for ?address=… (the payout
// address, one or several separated by commas) with type=swap: the
// orders paying out there that were paid, newest first, as swap actions:
// pending until the payout is sent, then success (or refund), with the
// deposit's transaction and memo, in Midgard's format (strings for every
// number, dates in nanoseconds).
func (n *Network) simActions(w http.ResponseWriter, r *http.Request, x *sim.Exchange) {
	q := r.URL.Query()
	limit := 50
	if v := q.Get("limit"); v != "" {
		l, err := strconv.Atoi(v)
		if err != nil || l < 1 || l > 50 {
			writeJSON(w, 400, map[string]any{"error": "limit must be between 1 and 50"})
			return
		}
		limit = l
	}
	if t := q.Get("type"); t != "" && t != "swap" {
		writeJSON(w, 200, map[string]any{"actions": []any{}, "count": "0", "meta": map[string]any{}})
		return
	}
	actions := []any{}
	seen := map[string]bool{}
	for _, addr := range strings.Split(q.Get("address"), ",") {
		if addr = strings.TrimSpace(addr); addr == "" {
			continue
		}
		for _, o := range x.OrdersByPayout(addr, limit) {
			if o.PaidAt.IsZero() || len(actions) >= limit || seen[o.ID] {
				continue
			}
			seen[o.ID] = true
			actions = append(actions, n.simAction(o))
		}
	}
	writeJSON(w, 200, map[string]any{"actions": actions, "count": strconv.Itoa(len(actions)),
		"meta": map[string]any{"nextPageToken": "", "prevPageToken": ""}})
}

// simAction is a paid order as a Midgard swap action.
func (n *Network) simAction(o sim.Order) map[string]any {
	fromName, toName := n.Symbols[o.From], n.Symbols[o.To]
	blk := max(n.Sim.BlockSeconds, 1)
	height := func(t time.Time) string { return strconv.FormatInt(t.Unix()/blk, 10) }
	status, out := "pending", []any{}
	switch o.Stage {
	case sim.StageFinished:
		status = "success"
		out = []any{map[string]any{"address": o.PayoutAddress, "height": height(o.UpdatedAt),
			"coins": []any{map[string]any{"amount": ToUnits(o.AmountSent), "asset": toName}}, "txID": strings.ToUpper(o.PayoutTx)}}
	case sim.StageRefunded, sim.StageFailed:
		status = "refund"
		out = []any{map[string]any{"address": o.RefundAddress, "height": height(o.UpdatedAt),
			"coins": []any{map[string]any{"amount": ToUnits(o.AmountPaid), "asset": fromName}}, "txID": strings.ToUpper(o.RefundTx)}}
	}
	return map[string]any{
		"date": strconv.FormatInt(o.PaidAt.UnixNano(), 10), "height": height(o.PaidAt),
		"in": []any{map[string]any{"address": o.RefundAddress, "txID": strings.ToUpper(o.DepositTx),
			"coins": []any{map[string]any{"amount": ToUnits(o.AmountPaid), "asset": fromName}}}},
		"metadata": map[string]any{"swap": map[string]any{
			"affiliateAddress": "", "affiliateFee": "0", "isStreamingSwap": false, "liquidityFee": "0",
			"memo": o.DepositMemo, "networkFees": []any{}, "swapSlip": strconv.Itoa(int(math.Round(n.Sim.Spread * 10000))),
			"swapTarget": "0", "txType": "swap"}},
		"out": out, "pools": []string{fromName, toName}, "status": status, "type": "swap",
	}
}
