// Package chainflip is Chainflip's simulated Broker-as-a-Service API (its
// adapter is venue/chainflip): the asset list, quotes in native units,
// deposit channels and their status, in the recorded shapes.
package chainflip

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	adapter "github.com/swapscout/swapscout/venue/chainflip"
)

// Venue is Chainflip's simulated Broker-as-a-Service API: GET /assets, GET
// /quotes-native (amounts in native units, each number written twice, as a
// float and as a native string, fees listed and already deducted, a boost
// quote beside the regular one for Bitcoin deposits), GET /swap (a deposit
// channel) and GET /status-by-deposit-channel (swap.go). Every call but
// /assets needs apiKey. Refusals are ProblemDetails: below the minimum as
// recorded ("Amount below minimum. Min: <native>", the minimum again in
// errors), an unknown asset, or more than the pools hold. It is slower
// than a custodial service: the broker asks the State Chain.
func Venue() sim.Venue {
	return swapsim.Venue(adapter.Symbols.Assets(), sim.ProfileOf("chainflip"), handler,
		swapsim.Faults(func(w http.ResponseWriter) { writeProblem(w, 429, "Too Many Requests", "Too many requests", nil) },
			func(w http.ResponseWriter, status int) {
				// On 200 the body still says 500: read the body, not the status.
				writeProblem(w, status, "Internal Server Error", "An internal server error occurred", nil)
			}), adapter.AssetsPath)
}

var writeJSON = swapsim.JSON{ContentType: "application/json; charset=utf-8",
	EncodeError: []byte(`{"title":"Internal Server Error","status":500}`)}.Write

// writeProblem writes an ASP.NET ProblemDetails body.
func writeProblem(w http.ResponseWriter, status int, title, detail string, errs map[string][]string) {
	p := map[string]any{"type": "https://tools.ietf.org/html/rfc9110#section-15.5.1", "title": title, "status": status, "detail": detail,
		"traceId": "00-" + strconv.FormatInt(int64(len(detail))*7919, 16) + "-00"}
	if status == 200 {
		p["status"] = 500
	}
	if errs != nil {
		p["errors"] = errs
	}
	writeJSON(w, status, p)
}

// num writes an amount as a JSON number, the service's float twin of a
// native string.
func num(a swapscout.Amount) json.Number { return json.Number(a.String()) }

// api is the simulated service.
type api struct {
	x   *sim.Exchange
	rev map[string]swapscout.Asset // by Chainflip id
}

func handler(x *sim.Exchange) http.Handler {
	s := &api{x: x, rev: map[string]swapscout.Asset{}}
	for a, c := range adapter.Symbols {
		s.rev[c.ID] = a
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+adapter.AssetsPath, s.assets)
	mux.HandleFunc("GET "+adapter.QuotePath, s.keyed(s.quotes))
	mux.HandleFunc("GET "+adapter.SwapPath, s.keyed(s.swap))
	mux.HandleFunc("GET "+adapter.StatusPath, s.keyed(s.status))
	return mux
}

// keyed refuses a call without apiKey.
func (s *api) keyed(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("apiKey") == "" {
			writeProblem(w, 401, "Unauthorized", "A valid apiKey is required", nil)
			return
		}
		h(w, r)
	}
}

// minimum is the pair's least deposit.
func (s *api) minimum(from, to swapscout.Asset) (swapscout.Amount, bool) {
	_, err := s.x.Quote(sim.QuoteSpec{From: from, To: to, Amount: swapscout.AmountFromInt(0)})
	var le *sim.LimitError
	if errors.As(err, &le) {
		return le.Min, true
	}
	return swapscout.Amount{}, false
}

func (s *api) assets(w http.ResponseWriter, r *http.Request) {
	usdc := swapscout.Asset{Ticker: "usdc", Network: "eth"}
	var out []map[string]any
	for _, info := range swapscout.Assets {
		c, ok := adapter.Symbols[info.Asset]
		if !ok {
			continue
		}
		other := usdc
		if info.Asset == usdc {
			other = swapscout.Asset{Ticker: "btc", Network: "btc"}
		}
		min, _ := s.minimum(info.Asset, other)
		ticker, _, _ := strings.Cut(c.ID, ".")
		out = append(out, map[string]any{"enabled": true, "id": c.ID, "direction": "both", "ticker": strings.ToUpper(ticker),
			"name": info.Name, "network": c.Chain, "decimals": info.Decimals,
			"minimalAmount": num(min), "minimalAmountNative": adapter.ToNative(min, info.Decimals).String(),
			"usdPrice": s.x.USD(info.Ticker), "platforms": []string{"chainflip"}})
	}
	writeJSON(w, 200, map[string]any{"assets": out})
}

// depositSeconds is how long a chain takes to witness a deposit.
var depositSeconds = map[string]int64{"Bitcoin": 906, "Ethereum": 90, "Arbitrum": 24, "Solana": 24, "Tron": 60}

// pair resolves sourceAsset and destinationAsset, or answers that one is
// unknown (or both are one asset) and reports false.
func (s *api) pair(w http.ResponseWriter, q url.Values) (from, to swapscout.Asset, ok bool) {
	from, ok1 := s.rev[q.Get("sourceAsset")]
	to, ok2 := s.rev[q.Get("destinationAsset")]
	if !ok1 || !ok2 || from == to {
		invalid(w, "Unknown or disabled asset")
		return from, to, false
	}
	return from, to, true
}

// invalid answers a request the service refuses as invalid.
func invalid(w http.ResponseWriter, detail string) {
	writeProblem(w, 400, "One or more validation errors occurred.", detail, nil)
}

func (s *api) quotes(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	from, to, ok := s.pair(w, q)
	if !ok {
		return
	}
	fi, _ := swapscout.LookupAsset(from)
	ti, _ := swapscout.LookupAsset(to)
	native, err := swapscout.ParseAmount(q.Get("amount"))
	if err != nil || native.Sign() <= 0 || !native.Equal(native.Round(0, swapscout.RoundDown)) {
		invalid(w, "Amount must be a positive integer of native units")
		return
	}
	spec := sim.QuoteSpec{From: from, To: to, Amount: adapter.FromNative(native, fi.Decimals)}
	s.x.RememberQuote(spec) // a deposit channel opened next expects this deposit: the user was told to send it
	res, err := s.x.Quote(spec)
	var le *sim.LimitError
	switch {
	case errors.As(err, &le) && le.Below:
		minNative := adapter.ToNative(le.Min, fi.Decimals)
		writeProblem(w, 400, "One or more validation errors occurred.", "Amount below minimum. Min: "+minNative.String(),
			map[string][]string{"minimalAmount": {le.Min.String()}, "minimalAmountNative": {minNative.String()}})
		return
	case err != nil:
		invalid(w, "Amount exceeds the available liquidity")
		return
	}
	deposit := depositSeconds[adapter.Symbols[from].Chain]
	egress := depositSeconds[adapter.Symbols[to].Chain]
	regular := s.quoteJSON(from, to, res, fi, ti, deposit, egress)
	if from.Network == "btc" {
		// Boosting a Bitcoin deposit costs 5 bps of it and saves most of the wait.
		boost := res
		cut := res.AmountOut.Mul(swapscout.MustAmount("0.0005")).Round(ti.Decimals, swapscout.RoundUp)
		boost.AmountOut = res.AmountOut.Sub(cut)
		b := s.quoteJSON(from, to, boost, fi, ti, deposit/3, egress)
		b["estimatedBoostFeeBps"] = 5
		delete(b, "type")
		regular["boostQuote"] = b
	}
	writeJSON(w, 200, []any{regular})
}

func (s *api) quoteJSON(from, to swapscout.Asset, res sim.QuoteResult, fi, ti swapscout.AssetInfo, deposit, egress int64) map[string]any {
	fc, tc := adapter.Symbols[from], adapter.Symbols[to]
	fees := []map[string]any{
		{"type": "egress", "asset": tc.ID, "amount": num(res.NetworkFee), "amountNative": adapter.ToNative(res.NetworkFee, ti.Decimals).String()},
		{"type": "liquidity", "asset": fc.ID, "amount": 0, "amountNative": "0"},
	}
	return map[string]any{
		"type": "regular", "ingressAsset": fc.ID, "ingressAmount": num(res.AmountIn), "ingressAmountNative": adapter.ToNative(res.AmountIn, fi.Decimals).String(),
		"intermediateAsset": nil, "intermediateAmount": nil, "intermediateAmountNative": nil,
		"egressAsset": tc.ID, "egressAmount": num(res.AmountOut), "egressAmountNative": adapter.ToNative(res.AmountOut, ti.Decimals).String(),
		"includedFees": fees, "recommendedSlippageTolerancePercent": 2.5, "lowLiquidityWarning": false,
		"estimatedDurationSeconds":  deposit + 12 + egress,
		"estimatedDurationsSeconds": map[string]int64{"deposit": deposit, "swap": 12, "egress": egress},
		"estimatedPrice":            num(res.AmountOut.Quo(res.AmountIn, 18, swapscout.RoundDown)),
		"platform":                  "chainflip",
	}
}
