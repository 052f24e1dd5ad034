package godex

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
)

// Sim is Godex's simulated API v1: POST /api/v1/info and /info-revert by coin
// (priced on the coin's first network in the catalogue, the answer listing
// every network the coin has), GET /api/v1/coins, 422 with
// {"success":false,"error":"…"} for a pair it does not serve, and amounts as
// numeric strings. Below the minimum or above the maximum it answers 200
// with the limits and a zero amount, leaving the check to the client.
func Sim() sim.Venue {
	var faults atomic.Uint64
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap, Latency: 420 * time.Millisecond, Spread: 0.012,
			MinUSD: 25, MaxUSD: 150000, NetworkFeeUSD: 1.8, Assets: symbols.Assets()},
		Handler: simHandler,
		Lists:   []string{"GET /api/v1/coins"},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) {
			if f == sim.FaultRateLimit {
				w.Header().Set("Retry-After", "1")
				writeJSON(w, 429, simError{Error: "Too Many Attempts."})
				return
			}
			writeJSON(w, faultStatus(&faults), simError{Error: "Server Error"})
		},
	}
}

type simError struct {
	Success bool   `json:"success"`
	Error   string `json:"error"`
}

type simInfoRequest struct {
	From   string           `json:"from"`
	To     string           `json:"to"`
	Amount swapscout.Amount `json:"amount"`
}

type simNetwork struct {
	Network string `json:"network"`
	HasTag  int    `json:"has_tag"`
}

type simInfo struct {
	MinAmount    swapscout.Amount  `json:"min_amount"`
	MaxAmount    *swapscout.Amount `json:"max_amount"`
	Amount       swapscout.Amount  `json:"amount"`
	Fee          swapscout.Amount  `json:"fee"`
	Rate         swapscout.Amount  `json:"rate"`
	NetworksFrom []simNetwork      `json:"networks_from"`
	NetworksTo   []simNetwork      `json:"networks_to"`
}

func simHandler(x *sim.Exchange) http.Handler {
	// Each coin is priced on its first network; every network is listed.
	priced := map[string]swapscout.Asset{}
	networks := map[string][]simNetwork{}
	for _, a := range x.Assets() {
		c := symbols[a.Asset]
		if _, ok := priced[c.Coin]; !ok {
			priced[c.Coin] = a.Asset
		}
		tag := 0
		if a.Memo {
			tag = 1
		}
		networks[c.Coin] = append(networks[c.Coin], simNetwork{Network: c.Network, HasTag: tag})
	}
	mux := http.NewServeMux()
	quote := func(dir swapscout.Direction) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			body, err := io.ReadAll(io.LimitReader(r.Body, 1<<16))
			var ir simInfoRequest
			if err != nil || json.Unmarshal(body, &ir) != nil || ir.Amount.Sign() <= 0 {
				writeJSON(w, 400, simError{Error: "The amount must be a number."})
				return
			}
			from, ok1 := priced[ir.From]
			to, ok2 := priced[ir.To]
			if !ok1 || !ok2 || from == to {
				writeJSON(w, 422, simError{Error: "Pair is not supported"})
				return
			}
			spec := sim.QuoteSpec{From: from, To: to, Amount: ir.Amount, Direction: dir}
			res, err := x.Quote(spec)
			var le *sim.LimitError
			switch {
			case errors.As(err, &le):
				res = sim.QuoteResult{Min: le.Min, Max: le.Max}
			case err != nil:
				writeJSON(w, 422, simError{Error: "Pair is not supported"})
				return
			}
			out := simInfo{MinAmount: res.Min, Amount: res.AmountOut, Fee: swapscout.AmountFromInt(0), Rate: res.Rate,
				NetworksFrom: networks[ir.From], NetworksTo: networks[ir.To]}
			max := res.Max
			if dir == swapscout.Receive {
				out.Amount = res.AmountIn
				// /info-revert's limits are in the "to" coin.
				probe := sim.QuoteSpec{From: from, To: to}
				out.MinAmount, max = received(x, probe, res.Min), received(x, probe, res.Max)
			}
			if !max.IsZero() {
				out.MaxAmount = &max
			}
			writeJSON(w, 200, out)
		}
	}
	mux.HandleFunc("POST /api/v1/info", quote(swapscout.Send))
	mux.HandleFunc("POST /api/v1/info-revert", quote(swapscout.Receive))
	mux.HandleFunc("GET /api/v1/coins", func(w http.ResponseWriter, r *http.Request) {
		var out []coin
		index := map[string]int{}
		for _, a := range x.Assets() {
			c := symbols[a.Asset]
			i, ok := index[c.Coin]
			if !ok {
				i = len(out)
				index[c.Coin] = i
				out = append(out, coin{Code: c.Coin, Name: a.Name, Icon: "https://godex.io/images/coins/" + c.Coin + ".svg"})
			}
			extra := 0
			if a.Memo {
				extra = 1
			}
			out[i].Networks = append(out[i].Networks, coinNetwork{Code: c.Network, Name: a.Name, IsActive: 1, HasExtra: extra})
		}
		writeJSON(w, 200, out)
	})
	simSwapRoutes(mux, x)
	return mux
}

// received is what sending amount of s.From gives, or zero.
func received(x *sim.Exchange, s sim.QuoteSpec, amount swapscout.Amount) swapscout.Amount {
	if amount.IsZero() {
		return amount
	}
	s.Amount, s.Direction = amount, swapscout.Send
	res, err := x.Quote(s)
	if err != nil {
		return swapscout.Amount{}
	}
	return res.AmountOut
}

// writeJSON writes v as the venue does.
var writeJSON = venue.JSONWriter{ContentType: "application/json", EncodeError: []byte(`{"success":false,"error":"Server Error"}`)}.Write

// faultStatus is the status of an injected error: every other one is sent
// with HTTP 200, as this venue may send its error bodies, so adapters are
// exercised on reading the body rather than the status.
func faultStatus(n *atomic.Uint64) int {
	if n.Add(1)%2 == 0 {
		return http.StatusOK
	}
	return http.StatusInternalServerError
}
