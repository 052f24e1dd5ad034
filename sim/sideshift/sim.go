// Package sideshift is SideShift's simulated API v2, served by `swapscout
// sim`, built on the adapter's symbols, paths and status words (package
// venue/sideshift).
package sideshift

import (
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/sideshift"
)

// Sim is SideShift's simulated API v2: the coin list (coins.go), the pair endpoint (limits and a rate
// with the network fee already in it, for the amount or for 500 USD), fixed
// quotes that need the account secret and expire after 15 minutes, and the
// shift endpoints (simswap.go). Refusals are {"error":{"message":…}} with
// HTTP 400: "Invalid coin" (code BAD_USER_INPUT, as recorded) or "Invalid
// network" for what it does not list, "Amount too low"/"Amount too high"
// for quotes outside the limits. The pair endpoint never refuses an amount:
// it answers the limits, and the caller compares.
func Sim() sim.Venue {
	return swapsim.Venue(sideshift.Symbols.Assets(), sim.ProfileOf("sideshift"), handler,
		swapsim.Fault(writeJSON, "", errBody("Too many requests", ""), errBody("Internal server error", "")),
		"GET "+coinsPath)
}

// errBody is SideShift's refusal.
func errBody(msg, code string) map[string]any {
	e := map[string]string{"message": msg}
	if code != "" {
		e["code"] = code
	}
	return map[string]any{"error": e}
}

// writeJSON writes v as the venue does.
var writeJSON = swapsim.JSON{ContentType: "application/json; charset=utf-8",
	EncodeError: []byte(`{"error":{"message":"Internal server error"}}`)}.Write

// simAPI is the simulated venue's state: the quotes it gave, for fixed shifts.
type simAPI struct {
	x        *sim.Exchange
	codes    map[sideshift.Code]swapscout.Asset
	coinList []coinJSON // GET /v2/coins

	mu     sync.Mutex
	quotes map[string]simQuote
	order  []string
}

type simQuote struct {
	spec    sim.QuoteSpec
	expires time.Time
	res     sim.QuoteResult
}

const maxSimQuotes = 10000

func handler(x *sim.Exchange) http.Handler {
	api := &simAPI{x: x, codes: sideshift.Symbols.Reverse(), quotes: map[string]simQuote{}, coinList: coins()}
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+coinsPath, api.coins)
	mux.HandleFunc("GET "+sideshift.PairPath+"{from}/{to}", api.pair)
	mux.HandleFunc("POST "+sideshift.QuotePath, api.quote)
	api.swapRoutes(mux)
	return mux
}

// asset resolves "coin-network" (or "coin", the coin's main network); the
// error message is SideShift's.
func (s *simAPI) asset(v string) (swapscout.Asset, string) {
	coin, network, ok := strings.Cut(strings.ToLower(v), "-")
	if !ok {
		info, err := swapscout.ResolveAsset(coin, "")
		if err != nil {
			return swapscout.Asset{}, "Invalid coin"
		}
		if _, ok := sideshift.Symbols[info.Asset]; ok {
			return info.Asset, ""
		}
		return swapscout.Asset{}, "Invalid coin"
	}
	return s.coinNetwork(coin, network)
}

// coinNetwork resolves a coin and a network id, in any case.
func (s *simAPI) coinNetwork(coin, network string) (swapscout.Asset, string) {
	known := false
	for c, a := range s.codes {
		if strings.EqualFold(c.Coin, coin) {
			known = true
			if strings.EqualFold(c.Network, network) {
				return a, ""
			}
		}
	}
	if !known {
		return swapscout.Asset{}, "Invalid coin"
	}
	return swapscout.Asset{}, "Invalid network"
}

// pairJSON is pairResponse as SideShift writes it.
type pairJSON struct {
	Min            string `json:"min"`
	Max            string `json:"max"`
	Rate           string `json:"rate"`
	DepositCoin    string `json:"depositCoin"`
	SettleCoin     string `json:"settleCoin"`
	DepositNetwork string `json:"depositNetwork"`
	SettleNetwork  string `json:"settleNetwork"`
}

func (s *simAPI) pair(w http.ResponseWriter, r *http.Request) {
	from, msg := s.asset(r.PathValue("from"))
	if msg != "" {
		writeJSON(w, 400, errBody(msg, "BAD_USER_INPUT"))
		return
	}
	to, msg := s.asset(r.PathValue("to"))
	if msg != "" {
		writeJSON(w, 400, errBody(msg, "BAD_USER_INPUT"))
		return
	}
	if from == to {
		writeJSON(w, 400, errBody("Duplicate coin", "BAD_USER_INPUT"))
		return
	}
	min, max, ok := s.limits(from, to)
	if !ok {
		writeJSON(w, 500, errBody("Rate unavailable", ""))
		return
	}
	amount := min.Mul(swapscout.AmountFromInt(50)) // about 500 USD, as SideShift assumes without an amount
	if v := r.URL.Query().Get("amount"); v != "" {
		a, err := swapscout.ParseAmount(v)
		if err != nil || a.Sign() <= 0 {
			writeJSON(w, 400, errBody("Invalid amount", "BAD_USER_INPUT"))
			return
		}
		amount = a
		// A variable shift made next expects this deposit: the user was
		// told to send it.
		s.x.RememberQuote(sim.QuoteSpec{From: from, To: to, Amount: a})
	}
	// Outside the limits the rate is the one at the nearest limit.
	switch {
	case amount.Cmp(min) < 0:
		amount = min
	case max.Sign() > 0 && amount.Cmp(max) > 0:
		amount = max
	}
	res, err := s.x.Quote(sim.QuoteSpec{From: from, To: to, Amount: amount})
	if err != nil {
		writeJSON(w, 500, errBody("Rate unavailable", ""))
		return
	}
	fc, tc := sideshift.Symbols[from], sideshift.Symbols[to]
	writeJSON(w, 200, pairJSON{Min: min.String(), Max: max.String(),
		Rate:        res.AmountOut.Quo(res.AmountIn, 12, swapscout.RoundDown).String(),
		DepositCoin: fc.Coin, SettleCoin: tc.Coin, DepositNetwork: fc.Network, SettleNetwork: tc.Network})
}

// limits are the pair's deposit limits.
func (s *simAPI) limits(from, to swapscout.Asset) (min, max swapscout.Amount, ok bool) {
	min, max, err := swapsim.Limits(s.x, sim.QuoteSpec{From: from, To: to})
	return min, max, err == nil
}

// quoteJSON is quoteResponse as SideShift writes it.
type quoteJSON struct {
	ID             string `json:"id"`
	CreatedAt      string `json:"createdAt"`
	DepositCoin    string `json:"depositCoin"`
	SettleCoin     string `json:"settleCoin"`
	DepositNetwork string `json:"depositNetwork"`
	SettleNetwork  string `json:"settleNetwork"`
	ExpiresAt      string `json:"expiresAt"`
	DepositAmount  string `json:"depositAmount"`
	SettleAmount   string `json:"settleAmount"`
	Rate           string `json:"rate"`
	AffiliateID    string `json:"affiliateId,omitempty"`
}

const simTime = "2006-01-02T15:04:05.000Z"

func (s *simAPI) quote(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("x-sideshift-secret") == "" {
		writeJSON(w, 401, errBody("Account not found", ""))
		return
	}
	var q struct {
		DepositCoin, DepositNetwork, SettleCoin, SettleNetwork string
		DepositAmount, SettleAmount                            *swapscout.Amount
		AffiliateID                                            string `json:"affiliateId"`
	}
	if err := swapsim.Decode(w, r, &q); err != nil {
		writeJSON(w, 400, errBody("Bad request", ""))
		return
	}
	from, msg := s.coinNetwork(q.DepositCoin, q.DepositNetwork)
	if msg == "" {
		var to swapscout.Asset
		to, msg = s.coinNetwork(q.SettleCoin, q.SettleNetwork)
		if msg == "" && from == to {
			msg = "Duplicate coin"
		}
		if msg == "" {
			s.fixedQuote(w, from, to, q.DepositAmount, q.SettleAmount, q.AffiliateID)
			return
		}
	}
	writeJSON(w, 400, errBody(msg, "BAD_USER_INPUT"))
}

func (s *simAPI) fixedQuote(w http.ResponseWriter, from, to swapscout.Asset, dep, settle *swapscout.Amount, aff string) {
	spec := sim.QuoteSpec{From: from, To: to, Fixed: true}
	switch {
	case dep != nil && settle == nil && dep.Sign() > 0:
		spec.Amount = *dep
	case settle != nil && dep == nil && settle.Sign() > 0:
		spec.Amount, spec.Direction = *settle, swapscout.Receive
	default:
		writeJSON(w, 400, errBody("Bad request: Invalid parameters: depositAmount", "BAD_USER_INPUT"))
		return
	}
	res, err := s.x.Quote(spec)
	if (swapsim.Refusal{
		Below: func(w http.ResponseWriter, _ *sim.LimitError) { writeJSON(w, 400, errBody("Amount too low", "")) },
		Above: func(w http.ResponseWriter, _ *sim.LimitError) { writeJSON(w, 400, errBody("Amount too high", "")) },
		Pair:  func(w http.ResponseWriter) { writeJSON(w, 500, errBody("Rate unavailable", "")) },
	}).Write(w, err) {
		return
	}
	now := s.x.Now()
	id := res.RateID
	s.mu.Lock()
	s.quotes[id] = simQuote{spec: spec, expires: res.ValidUntil, res: res}
	s.order = append(s.order, id)
	for len(s.order) > maxSimQuotes {
		delete(s.quotes, s.order[0])
		s.order = s.order[1:]
	}
	s.mu.Unlock()
	fc, tc := sideshift.Symbols[from], sideshift.Symbols[to]
	writeJSON(w, 201, quoteJSON{ID: id, CreatedAt: now.UTC().Format(simTime), DepositCoin: fc.Coin, SettleCoin: tc.Coin,
		DepositNetwork: fc.Network, SettleNetwork: tc.Network, ExpiresAt: res.ValidUntil.UTC().Format(simTime),
		DepositAmount: res.AmountIn.String(), SettleAmount: res.AmountOut.String(),
		Rate: res.AmountOut.Quo(res.AmountIn, 12, swapscout.RoundDown).String(), AffiliateID: aff})
}
