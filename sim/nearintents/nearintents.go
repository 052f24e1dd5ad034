// Package nearintents is NEAR Intents' simulated 1Click API (its adapter is
// venue/nearintents): the tokens list, dry and live quotes, a live quote's
// status and the deposit's submission, in the recorded shapes.
package nearintents

import (
	"cmp"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	adapter "github.com/swapscout/swapscout/venue/nearintents"
)

// Messages 1Click sends. The first is recorded by several integrators (with
// the minimum in base units of the origin asset); the second is the answer
// when no solver quotes; the rest are modelled ([MODEL] in docs/venues.md).
const (
	simTooLow      = "Amount is too low for bridge, try at least "
	simNoQuote     = "Failed to get quote"
	simUnknownID   = "Token not supported: "
	simNotFound    = "Deposit address not found"
	simInternal    = "Internal server error"
	simThrottled   = "ThrottlerException: Too Many Requests"
	simBadJWT      = "Unauthorized - JWT token is invalid"
	simNoKeyFeeBps = 20 // the fee 1Click takes from a quote asked without a key (its fees page: 0.2%)
)

// simTimeEstimate is the quote's timeEstimate in seconds (the recording
// says 25 for an Arbitrum deposit).
const simTimeEstimate = 25

// simInactiveAfter is how long after the request's deadline the deposit
// address stays usable: the recorded live quote's deadline is three days
// after the one asked.
const simInactiveAfter = 72 * time.Hour

// Venue is the simulated 1Click API: GET /v0/tokens, POST /v0/quote (dry or
// not), GET /v0/status and POST /v0/deposit/submit, in the recorded shapes. Its quirks: every amount an
// integer string in the token's base units; a quote answers HTTP 201;
// errors are NestJS bodies on 400 whose message lists every invalid field
// or says the amount is too low "try at least N" (N in base units); a quote
// asked without a key pays out 0.2% less; a live quote's deposit address
// doubles as the order id, with a deadline and no memo. A key is not
// checked (the simulator cannot verify a JWT) unless it is not a Bearer.
func Venue() sim.Venue {
	return swapsim.Venue(adapter.Symbols.Assets(), sim.ProfileOf("nearintents"), handler,
		swapsim.Faults(func(w http.ResponseWriter) { simError(w, 429, simThrottled, "Too Many Requests") },
			func(w http.ResponseWriter, status int) {
				if status == http.StatusOK {
					// An error body sent with 200: the adapter must read the body.
					writeJSON(w, 200, map[string]any{"message": simInternal})
					return
				}
				simError(w, status, simInternal, "Internal Server Error")
			}), "GET "+adapter.TokensPath)
}

// simQuoteReq is quoteRequest as 1Click reads it: every field optional so
// a missing one can be named.
type simQuoteReq struct {
	Dry               *bool            `json:"dry"`
	SwapType          *string          `json:"swapType"`
	SlippageTolerance *json.Number     `json:"slippageTolerance"`
	OriginAsset       *string          `json:"originAsset"`
	DepositType       *string          `json:"depositType"`
	DestinationAsset  *string          `json:"destinationAsset"`
	Amount            *string          `json:"amount"`
	RefundTo          *string          `json:"refundTo"`
	RefundType        *string          `json:"refundType"`
	Recipient         *string          `json:"recipient"`
	RecipientType     *string          `json:"recipientType"`
	Deadline          *string          `json:"deadline"`
	Referral          *string          `json:"referral,omitempty"`
	AppFees           *json.RawMessage `json:"appFees,omitempty"`
}

// simOrder is what the simulator keeps of a live quote, to answer status.
type simOrder struct {
	id    string
	req   map[string]any
	quote map[string]any
	from  adapter.Token
	to    adapter.Token
}

// simAddrs maps deposit addresses to simulator order ids, for the tests
// that pay an order through /_sim/pay (see simOrderID). Bounded like the
// simulator's own order book.
var simAddrs = struct {
	sync.Mutex
	m    map[string]string
	fifo []string
}{m: map[string]string{}}

func rememberAddr(addr, id string) {
	simAddrs.Lock()
	defer simAddrs.Unlock()
	if _, ok := simAddrs.m[addr]; !ok {
		simAddrs.fifo = append(simAddrs.fifo, addr)
	}
	simAddrs.m[addr] = id
	for len(simAddrs.fifo) > max(sim.MaxOrders, 1) {
		delete(simAddrs.m, simAddrs.fifo[0])
		simAddrs.fifo = simAddrs.fifo[1:]
	}
}

// simOrderID is the simulator's order id behind the adapter's order id: the
// deposit address (with no memo: the simulator gives none).
func simOrderID(addr string) string {
	simAddrs.Lock()
	defer simAddrs.Unlock()
	return simAddrs.m[addr]
}

func handler(x *sim.Exchange) http.Handler {
	rev := make(map[string]swapscout.Asset, len(adapter.Symbols))
	for a, s := range adapter.Symbols {
		rev[s.ID] = a
	}
	var mu sync.Mutex
	orders := map[string]*simOrder{} // by deposit address
	var fifo []string

	mux := http.NewServeMux()
	mux.HandleFunc("GET "+adapter.TokensPath, func(w http.ResponseWriter, r *http.Request) {
		now := x.Now().UTC().Format(simTime)
		out := make([]map[string]any, 0, len(adapter.Symbols))
		for _, a := range adapter.Symbols.Assets() {
			s := adapter.Symbols[a]
			// A token's contract, as 1-Click lists it: the catalogue maps a
			// token by it, and one listed without would go unmapped.
			e, _ := swapscout.LookupCatalogue(a)
			t := map[string]any{"assetId": s.ID, "decimals": s.Decimals, "blockchain": s.Blockchain,
				"symbol": cmp.Or(e.Symbol, strings.ToUpper(a.Ticker)), "price": x.USD(a.Ticker), "priceUpdatedAt": now}
			if e.Contract != "" {
				t["contractAddress"] = e.Contract
			}
			out = append(out, t)
		}
		writeJSON(w, 200, out)
	})
	mux.HandleFunc("POST "+adapter.QuotePath, func(w http.ResponseWriter, r *http.Request) {
		if a := r.Header.Get("Authorization"); a != "" && !strings.HasPrefix(a, "Bearer ") {
			simError(w, 401, simBadJWT, "Unauthorized")
			return
		}
		var q simQuoteReq
		dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<16))
		dec.UseNumber()
		if err := dec.Decode(&q); err != nil {
			simError(w, 400, "Unexpected token in JSON body", "Bad Request")
			return
		}
		if msgs := q.invalid(); len(msgs) > 0 {
			simError(w, 400, strings.Join(msgs, ","), "Bad Request")
			return
		}
		from, ok1 := rev[*q.OriginAsset]
		to, ok2 := rev[*q.DestinationAsset]
		switch {
		case !ok1:
			simError(w, 400, simUnknownID+*q.OriginAsset, "Bad Request")
			return
		case !ok2:
			simError(w, 400, simUnknownID+*q.DestinationAsset, "Bad Request")
			return
		}
		fs, ts := adapter.Symbols[from], adapter.Symbols[to]
		spec := sim.QuoteSpec{From: from, To: to}
		dec0 := fs.Decimals
		if *q.SwapType == "EXACT_OUTPUT" {
			spec.Direction, dec0 = swapscout.Receive, ts.Decimals
		}
		amt, _ := adapter.FromBase(*q.Amount, dec0)
		spec.Amount = amt
		res, err := x.Quote(spec)
		var le *sim.LimitError
		switch {
		case errors.As(err, &le) && le.Below:
			min, _ := adapter.ToBase(le.Min.Round(fs.Decimals, swapscout.RoundUp), fs.Decimals)
			simError(w, 400, simTooLow+min, "Bad Request")
			return
		case err != nil:
			simError(w, 400, simNoQuote, "Bad Request")
			return
		}
		out := res.AmountOut
		if r.Header.Get("Authorization") == "" {
			out = out.Sub(out.Mul(swapscout.NewAmount(simNoKeyFeeBps, 4))).Round(ts.Decimals, swapscout.RoundDown)
		}
		slip, _ := q.SlippageTolerance.Int64()
		minOut := out.Sub(out.Mul(swapscout.NewAmount(slip, 4))).Round(ts.Decimals, swapscout.RoundDown)
		inB, _ := adapter.ToBase(res.AmountIn, fs.Decimals)
		outB, _ := adapter.ToBase(out, ts.Decimals)
		minOutB, _ := adapter.ToBase(minOut, ts.Decimals)
		quote := map[string]any{
			"amountIn": inB, "amountInFormatted": res.AmountIn.String(), "amountInUsd": usd(x, from, res.AmountIn),
			"minAmountIn": inB,
			"amountOut":   outB, "amountOutFormatted": out.String(), "amountOutUsd": usd(x, to, out),
			"minAmountOut": minOutB, "timeEstimate": simTimeEstimate, "refundFee": "0", "withdrawFee": "0",
		}
		echo := q.echo()
		if !*q.Dry {
			deadline, _ := time.Parse(time.RFC3339, *q.Deadline)
			wait := min(max(deadline.Sub(x.Now()), time.Minute), 24*time.Hour)
			o, err := x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: *q.Recipient, RefundAddress: *q.RefundTo, Expiry: wait})
			if err != nil {
				simError(w, 400, simNoQuote, "Bad Request")
				return
			}
			inactive := deadline.Add(simInactiveAfter).UTC().Format(simTime)
			quote["depositAddress"], quote["deadline"], quote["timeWhenInactive"] = o.DepositAddress, inactive, inactive
			rememberAddr(o.DepositAddress, o.ID)
			mu.Lock()
			if _, ok := orders[o.DepositAddress]; !ok {
				fifo = append(fifo, o.DepositAddress)
			}
			orders[o.DepositAddress] = &simOrder{id: o.ID, req: echo, quote: quote, from: fs, to: ts}
			for len(fifo) > max(sim.MaxOrders, 1) {
				delete(orders, fifo[0])
				fifo = fifo[1:]
			}
			mu.Unlock()
		}
		now := x.Now().UTC().Format(simTime)
		writeJSON(w, 201, map[string]any{"quote": quote, "quoteRequest": echo,
			"signature": "ed25519:" + x.NewID("sim"), "timestamp": now, "correlationId": x.NewID("")})
	})
	mux.HandleFunc("GET "+adapter.StatusPath, func(w http.ResponseWriter, r *http.Request) {
		addr := r.URL.Query().Get("depositAddress")
		mu.Lock()
		so := orders[addr]
		mu.Unlock()
		if so == nil {
			simError(w, 404, simNotFound, "Not Found")
			return
		}
		o, err := x.Order(so.id)
		if err != nil {
			simError(w, 404, simNotFound, "Not Found")
			return
		}
		writeJSON(w, 200, simStatus(x, so, o))
	})
	mux.HandleFunc("POST "+adapter.SubmitPath, func(w http.ResponseWriter, r *http.Request) {
		var q struct {
			TxHash         *string `json:"txHash"`
			DepositAddress *string `json:"depositAddress"`
		}
		if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<14)).Decode(&q); err != nil {
			simError(w, 400, "Unexpected token in JSON body", "Bad Request")
			return
		}
		if q.TxHash == nil || *q.TxHash == "" || q.DepositAddress == nil || *q.DepositAddress == "" {
			simError(w, 400, "txHash should not be empty,depositAddress should not be empty", "Bad Request")
			return
		}
		mu.Lock()
		so := orders[*q.DepositAddress]
		mu.Unlock()
		o, err := sim.Order{}, sim.ErrNoOrder
		if so != nil {
			o, err = x.Order(so.id)
		}
		if err != nil {
			simError(w, 404, simNotFound, "Not Found")
			return
		}
		// The simulator learns of deposits through /_sim/pay; a submitted
		// hash only answers the status.
		writeJSON(w, 200, simStatus(x, so, o))
	})
	return mux
}

// simStages is the word 1Click shows for each simulated stage. 1Click has
// no word for sending (the payout is part of PROCESSING) nor for an address
// nobody paid: it keeps saying PENDING_DEPOSIT, and the order's deadline
// tells the tracker when to give up.
var simStages = map[sim.Stage]string{
	sim.StageWaiting: "PENDING_DEPOSIT", sim.StageConfirming: "KNOWN_DEPOSIT_TX", sim.StageExchanging: "PROCESSING",
	sim.StageSending: "PROCESSING", sim.StageFinished: "SUCCESS", sim.StageFailed: "FAILED",
	sim.StageRefunded: "REFUNDED", sim.StageExpired: "PENDING_DEPOSIT",
}

// simStatus is an order in GetExecutionStatusResponse's shape.
func simStatus(x *sim.Exchange, so *simOrder, o sim.Order) map[string]any {
	base := func(a swapscout.Amount, dec int) any {
		if a.IsZero() {
			return nil
		}
		s, _ := adapter.ToBase(a, dec)
		return s
	}
	hashes := func(h string) []map[string]any {
		if h == "" {
			return []map[string]any{}
		}
		return []map[string]any{{"hash": h, "explorerUrl": ""}}
	}
	refunded := "0"
	if !o.AmountRefunded.IsZero() {
		refunded, _ = adapter.ToBase(o.AmountRefunded, so.from.Decimals)
	}
	var out any
	if o.Stage == sim.StageFinished {
		out = base(o.AmountSent, so.to.Decimals)
	}
	details := map[string]any{
		"depositedAmount": base(o.AmountPaid, so.from.Decimals), "intentHashes": []string{}, "nearTxHashes": []string{},
		"amountIn": base(o.AmountPaid, so.from.Decimals), "amountOut": out, "slippage": nil,
		"refundedAmount": refunded, "refundReason": nil, "refundFee": "0", "withdrawFee": "0",
		"originChainTxHashes": hashes(o.DepositTx), "destinationChainTxHashes": hashes(o.PayoutTx),
	}
	if o.Stage == sim.StageRefunded {
		details["originChainTxHashes"] = hashes(o.DepositTx)
	}
	return map[string]any{
		"status": simStages[o.Stage], "updatedAt": o.UpdatedAt.UTC().Format(simTime), "correlationId": x.NewID(""),
		"swapDetails":   details,
		"quoteResponse": map[string]any{"quoteRequest": so.req, "quote": so.quote},
	}
}

// invalid lists 1Click's validation messages for q, in the recorded words.
func (q *simQuoteReq) invalid() []string {
	var m []string
	str := func(name string, p *string, oneOf ...string) {
		switch {
		case p == nil || *p == "":
			m = append(m, name+" should not be empty")
		case len(oneOf) > 0 && !slices.Contains(oneOf, *p):
			m = append(m, name+" must be one of the following values: "+strings.Join(oneOf, ", "))
		}
	}
	if q.Dry == nil {
		m = append(m, "dry should not be empty")
	}
	str("swapType", q.SwapType, "EXACT_INPUT", "EXACT_OUTPUT")
	if q.SlippageTolerance == nil {
		m = append(m, "slippageTolerance should not be empty")
	} else if n, err := q.SlippageTolerance.Int64(); err != nil || n < 0 || n > 10000 {
		m = append(m, "slippageTolerance must not be greater than 10000,slippageTolerance must not be less than 0")
	}
	str("originAsset", q.OriginAsset)
	str("depositType", q.DepositType, "ORIGIN_CHAIN")
	str("destinationAsset", q.DestinationAsset)
	if q.Amount == nil || *q.Amount == "" {
		m = append(m, "amount should not be empty")
	} else if a, err := adapter.FromBase(*q.Amount, 0); err != nil || a.Sign() <= 0 {
		m = append(m, "amount must be specified in base units (the smallest unit of your asset's chain)")
	}
	str("refundTo", q.RefundTo)
	str("refundType", q.RefundType, "ORIGIN_CHAIN")
	str("recipient", q.Recipient)
	str("recipientType", q.RecipientType, "DESTINATION_CHAIN")
	if q.Deadline == nil {
		m = append(m, "deadline must be a valid ISO 8601 date string")
	} else if _, err := time.Parse(time.RFC3339, *q.Deadline); err != nil {
		m = append(m, "deadline must be a valid ISO 8601 date string")
	}
	return m
}

// echo is the request as 1Click echoes it in a quote.
func (q *simQuoteReq) echo() map[string]any {
	slip, _ := q.SlippageTolerance.Int64()
	return map[string]any{"dry": *q.Dry, "depositMode": "SIMPLE", "swapType": *q.SwapType, "slippageTolerance": slip,
		"originAsset": *q.OriginAsset, "depositType": *q.DepositType, "destinationAsset": *q.DestinationAsset,
		"amount": *q.Amount, "refundTo": *q.RefundTo, "refundType": *q.RefundType, "recipient": *q.Recipient,
		"recipientType": *q.RecipientType, "deadline": *q.Deadline, "confidentiality": "public", "quoteWaitingTimeMs": 0,
		"insured": false}
}

// usd is an amount's worth as 1Click writes it: a string with 12 decimals.
func usd(x *sim.Exchange, a swapscout.Asset, amt swapscout.Amount) string {
	return strconv.FormatFloat(x.USD(a.Ticker)*amt.Float64(), 'f', 12, 64)
}

// simTime is 1Click's timestamp format.
const simTime = "2006-01-02T15:04:05.000Z"

// simError writes a NestJS error body.
func simError(w http.ResponseWriter, status int, msg, errWord string) {
	writeJSON(w, status, map[string]any{"message": msg, "error": errWord, "statusCode": status,
		"timestamp": time.Now().UTC().Format(simTime), "path": adapter.QuotePath})
}

// writeJSON writes v as 1Click does.
var writeJSON = swapsim.JSON{ContentType: "application/json; charset=utf-8",
	EncodeError: []byte(`{"message":"Internal server error","statusCode":500}`)}.Write
