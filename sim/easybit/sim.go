// Package easybit is EasyBit's simulated API, served by `swapscout sim`,
// built on the adapter's symbols, paths and status words (package
// venue/easybit).
package easybit

import (
	"net/http"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/easybit"
)

// Sim is EasyBit's simulated API: GET /rate (both directions), /pairInfo and
// /currencyList inside the {"success","errorCode","errorMessage","data"}
// envelope, amounts as strings, refusals as success:0 with HTTP 200, and a
// 401 envelope without an API-KEY header.
func Sim() sim.Venue {
	return swapsim.Venue(easybit.Symbols.Assets(), sim.ProfileOf("easybit"), handler,
		swapsim.Fault(writeJSON, "2", failure(simCodeRateLimit, "Too many requests"), failure(simCodeInternal, "Internal server error")), "GET "+currencyListPath)
}

// currencyListPath lists the currencies (the adapter does not read it).
const currencyListPath = "/currencyList"

// currency is an item of GET /currencyList.
type currency struct {
	Currency         string    `json:"currency"`
	Name             string    `json:"name"`
	SendStatusAll    bool      `json:"sendStatusAll"`
	ReceiveStatusAll bool      `json:"receiveStatusAll"`
	NetworkList      []network `json:"networkList"`
}

type network struct {
	Network              string  `json:"network"`
	Name                 string  `json:"name"`
	IsDefault            bool    `json:"isDefault"`
	SendStatus           bool    `json:"sendStatus"`
	ReceiveStatus        bool    `json:"receiveStatus"`
	HasTag               bool    `json:"hasTag"`
	TagName              *string `json:"tagName"`
	ReceiveDecimals      int     `json:"receiveDecimals"`
	ConfirmationsMinimum int     `json:"confirmationsMinimum"`
	ConfirmationsMaximum int     `json:"confirmationsMaximum"`
	Explorer             string  `json:"explorer"`
	ExplorerHash         string  `json:"explorerHash"`
	ExplorerAddress      string  `json:"explorerAddress"`
	ContractAddress      *string `json:"contractAddress"`
}

var (
	codes = easybit.Symbols.Reverse()
	// keyed refuses a request without the API key header.
	keyed = swapsim.Keyed("API-KEY", "", func(w http.ResponseWriter) {
		writeJSON(w, 401, failure(simCodeAuth, "Invalid API key"))
	})
	noPair = func(w http.ResponseWriter) { writeJSON(w, 200, failure(simCodePair, "Pair is not available")) }
)

// Error codes and messages of the simulator. EasyBit's real ones are not
// known ([MEM]): these only keep the envelope's shape.
const (
	simCodeAuth      = 401
	simCodeRateLimit = 429
	simCodeInternal  = 500
	simCodePair      = 1001
	simCodeMin       = 1002
	simCodeMax       = 1003
	simCodeParams    = 1004
)

// envelope is the adapter's envelope as the venue writes it.
type envelope struct {
	Success      int    `json:"success"`
	ErrorCode    int    `json:"errorCode"`
	ErrorMessage string `json:"errorMessage"`
	Data         any    `json:"data"`
}

// rate and pairInfo are the adapter's rateData and pairInfoData as the
// venue sends them: amounts as strings.
type rate struct {
	Rate           string `json:"rate"`
	SendAmount     string `json:"sendAmount"`
	ReceiveAmount  string `json:"receiveAmount"`
	NetworkFee     string `json:"networkFee"`
	Confirmations  int    `json:"confirmations"`
	ProcessingTime string `json:"processingTime"`
}

type pairInfo struct {
	MinimumAmount  string `json:"minimumAmount"`
	MaximumAmount  string `json:"maximumAmount"`
	NetworkFee     string `json:"networkFee"`
	Confirmations  int    `json:"confirmations"`
	ProcessingTime string `json:"processingTime"`
}

func failure(code int, msg string) envelope {
	return envelope{Success: 0, ErrorCode: code, ErrorMessage: msg}
}

func ok(data any) envelope { return envelope{Success: 1, Data: data} }

const (
	simConfirmations = 2
	simProcessing    = "5-30"
)

func handler(x *sim.Exchange) http.Handler {
	mux := http.NewServeMux()
	// pair resolves the send/receive assets, or answers.
	pair := func(w http.ResponseWriter, r *http.Request) (from, to swapscout.Asset, good bool) {
		q := r.URL.Query()
		from, to, good = swapsim.Pair(codes, easybit.Code{Currency: q.Get("send"), Network: q.Get("sendNetwork")},
			easybit.Code{Currency: q.Get("receive"), Network: q.Get("receiveNetwork")})
		if !good {
			noPair(w)
		}
		return from, to, good
	}
	mux.HandleFunc("GET "+easybit.RatePath, keyed(func(w http.ResponseWriter, r *http.Request) {
		from, to, good := pair(w, r)
		if !good {
			return
		}
		q := r.URL.Query()
		amt, err := swapscout.ParseAmount(q.Get("amount"))
		if err != nil || amt.Sign() <= 0 {
			writeJSON(w, 200, failure(simCodeParams, "Invalid amount"))
			return
		}
		spec := sim.QuoteSpec{From: from, To: to, Amount: amt}
		if q.Get("amountType") == "receive" {
			spec.Direction = swapscout.Receive
		}
		res, err := x.Quote(spec)
		if (swapsim.Refusal{
			Below: func(w http.ResponseWriter, _ *sim.LimitError) {
				writeJSON(w, 200, failure(simCodeMin, "Amount is below the minimum amount"))
			},
			Above: func(w http.ResponseWriter, _ *sim.LimitError) {
				writeJSON(w, 200, failure(simCodeMax, "Amount exceeds the maximum amount"))
			},
			Pair: noPair,
		}).Write(w, err) {
			return
		}
		writeJSON(w, 200, ok(rate{Rate: res.Rate.String(), SendAmount: res.AmountIn.String(), ReceiveAmount: res.AmountOut.String(),
			NetworkFee: res.NetworkFee.String(), Confirmations: simConfirmations, ProcessingTime: simProcessing}))
	}))
	mux.HandleFunc("GET "+easybit.PairInfoPath, keyed(func(w http.ResponseWriter, r *http.Request) {
		from, to, good := pair(w, r)
		if !good {
			return
		}
		res, err := swapsim.AtMin(x, sim.QuoteSpec{From: from, To: to})
		if err != nil {
			noPair(w)
			return
		}
		lo, hi := res.Min, res.Max
		if r.URL.Query().Get("amountType") == "receive" {
			info, _ := swapscout.LookupAsset(to)
			lo = lo.Mul(res.Rate).Round(info.Decimals, swapscout.RoundUp)
			hi = hi.Mul(res.Rate).Round(info.Decimals, swapscout.RoundDown)
		}
		writeJSON(w, 200, ok(pairInfo{MinimumAmount: lo.String(), MaximumAmount: hi.String(), NetworkFee: res.NetworkFee.String(),
			Confirmations: simConfirmations, ProcessingTime: simProcessing}))
	}))
	mux.HandleFunc("GET "+currencyListPath, keyed(func(w http.ResponseWriter, r *http.Request) {
		var out []currency
		index := map[string]int{}
		for _, info := range x.Assets() {
			a, c := info.Asset, easybit.Symbols[info.Asset]
			i, seen := index[c.Currency]
			if !seen {
				i = len(out)
				index[c.Currency] = i
				out = append(out, currency{Currency: c.Currency, Name: info.Name, SendStatusAll: true, ReceiveStatusAll: true})
			}
			var tag *string
			if info.Memo {
				t := "Memo"
				tag = &t
			}
			out[i].NetworkList = append(out[i].NetworkList, network{Network: c.Network, Name: swapscout.Networks[a.Network],
				IsDefault: !seen, SendStatus: true, ReceiveStatus: true, HasTag: info.Memo, TagName: tag,
				ReceiveDecimals: info.Decimals, ConfirmationsMinimum: 1, ConfirmationsMaximum: 20})
		}
		writeJSON(w, 200, ok(out))
	}))
	swapRoutes(mux, x)
	return mux
}

// writeJSON writes v as the venue does.
var writeJSON = swapsim.JSON{ContentType: "application/json", EncodeError: []byte(`{"success":0,"errorCode":500,"errorMessage":"encode","data":null}`)}.Write
