// Package godex is Godex's simulated API v1, served by `swapscout sim`,
// built on the adapter's symbols, paths and status words (package
// venue/godex).
package godex

import (
	"encoding/json"
	"errors"
	"net/http"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/godex"
)

// Sim is Godex's simulated API v1: POST /api/v1/info and /info-revert by coin
// (priced on the coin's first network in the catalogue, the answer listing
// every network the coin has), GET /api/v1/coins, 422 with
// {"success":false,"error":"…"} for a pair it does not serve, and amounts as
// numeric strings. Below the minimum or above the maximum it answers 200
// with the limits and a zero amount, leaving the check to the client.
func Sim() sim.Venue {
	return swapsim.Venue(godex.Symbols.Assets(), sim.ProfileOf("godex"), handler,
		swapsim.Fault(writeJSON, "1", errorBody{Error: "Too Many Attempts."}, errorBody{Error: "Server Error"}), "GET "+coinsPath)
}

// coinsPath lists the coins (the adapter does not read it).
const coinsPath = "/api/v1/coins"

// coin is an item of GET /coins.
type coin struct {
	Code     string        `json:"code"`
	Name     string        `json:"name"`
	Disabled int           `json:"disabled"`
	Icon     string        `json:"icon"`
	Networks []coinNetwork `json:"networks"`
}

type coinNetwork struct {
	Code            string  `json:"code"`
	Name            string  `json:"name"`
	IsActive        int     `json:"is_active"`
	HasExtra        int     `json:"has_extra"`
	ContractAddress *string `json:"contract_address"`
	ChainID         *string `json:"chain_id"`
}

type errorBody struct {
	Success bool   `json:"success"`
	Error   string `json:"error"`
}

type infoRequest struct {
	From   string           `json:"from"`
	To     string           `json:"to"`
	Amount swapscout.Amount `json:"amount"`
}

type network struct {
	Network string `json:"network"`
	HasTag  int    `json:"has_tag"`
}

type info struct {
	MinAmount    swapscout.Amount  `json:"min_amount"`
	MaxAmount    *swapscout.Amount `json:"max_amount"`
	Amount       swapscout.Amount  `json:"amount"`
	Fee          swapscout.Amount  `json:"fee"`
	Rate         swapscout.Amount  `json:"rate"`
	NetworksFrom []network         `json:"networks_from"`
	NetworksTo   []network         `json:"networks_to"`
}

func handler(x *sim.Exchange) http.Handler {
	// Each coin is priced on its first network; every network is listed.
	priced := map[string]swapscout.Asset{}
	networks := map[string][]network{}
	for _, a := range x.Assets() {
		c := godex.Symbols[a.Asset]
		if _, ok := priced[c.Coin]; !ok {
			priced[c.Coin] = a.Asset
		}
		tag := 0
		if a.Memo {
			tag = 1
		}
		networks[c.Coin] = append(networks[c.Coin], network{Network: c.Network, HasTag: tag})
	}
	mux := http.NewServeMux()
	quote := func(dir swapscout.Direction) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			body, err := swapsim.Body(r)
			var ir infoRequest
			if err != nil || json.Unmarshal(body, &ir) != nil || ir.Amount.Sign() <= 0 {
				writeJSON(w, 400, errorBody{Error: "The amount must be a number."})
				return
			}
			from, to, ok := swapsim.Pair(priced, ir.From, ir.To)
			if !ok {
				noPair(w)
				return
			}
			spec := sim.QuoteSpec{From: from, To: to, Amount: ir.Amount, Direction: dir}
			res, err := x.Quote(spec)
			var le *sim.LimitError
			switch {
			case errors.As(err, &le): // outside the limits it answers them, with a zero amount
				res = sim.QuoteResult{Min: le.Min, Max: le.Max}
			case err != nil:
				noPair(w)
				return
			}
			out := info{MinAmount: res.Min, Amount: res.AmountOut, Fee: swapscout.AmountFromInt(0), Rate: res.Rate,
				NetworksFrom: networks[ir.From], NetworksTo: networks[ir.To]}
			max := res.Max
			if dir == swapscout.Receive {
				out.Amount = res.AmountIn
				// /info-revert's limits are in the "to" coin.
				probe := sim.QuoteSpec{From: from, To: to}
				out.MinAmount, max = swapsim.Received(x, probe, res.Min), swapsim.Received(x, probe, res.Max)
			}
			if !max.IsZero() {
				out.MaxAmount = &max
			}
			writeJSON(w, 200, out)
		}
	}
	mux.HandleFunc("POST "+venue.TxInfoPath, quote(swapscout.Send))
	mux.HandleFunc("POST "+venue.TxInfoRevertPath, quote(swapscout.Receive))
	mux.HandleFunc("GET "+coinsPath, func(w http.ResponseWriter, r *http.Request) {
		var out []coin
		index := map[string]int{}
		for _, a := range x.Assets() {
			c := godex.Symbols[a.Asset]
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
	swapRoutes(mux, x)
	return mux
}

// noPair answers a pair Godex does not serve.
func noPair(w http.ResponseWriter) { writeJSON(w, 422, errorBody{Error: "Pair is not supported"}) }

// writeJSON writes v as the venue does.
var writeJSON = swapsim.JSON{ContentType: "application/json", EncodeError: []byte(`{"success":false,"error":"Server Error"}`)}.Write
