package sideshift

import (
	"net/http"
	"strconv"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue/sideshift"
)

// words are the statuses SideShift shows, from the adapter's table. It has
// no word for a failed shift: a human reviews it.
var words = swapsim.WordsOf(sideshift.StatusWords).With(sim.StageFailed, "review")

// simShiftReq is both shift requests as the venue reads them.
type simShiftReq struct {
	QuoteID                                                string `json:"quoteId"`
	SettleAddress, SettleMemo, RefundAddress, RefundMemo   string
	DepositCoin, DepositNetwork, SettleCoin, SettleNetwork string
}

// swapRoutes adds POST /v2/shifts/fixed, POST /v2/shifts/variable and GET
// /v2/shifts/{id}. Fixed shifts wait 15 minutes for the deposit (the
// quote's life), variable ones 7 days.
func (s *simAPI) swapRoutes(mux *http.ServeMux) {
	create := func(w http.ResponseWriter, r *http.Request, fixed bool) {
		if r.Header.Get("x-sideshift-secret") == "" {
			writeJSON(w, 401, errBody("Account not found", ""))
			return
		}
		var q simShiftReq
		if err := swapsim.Decode(w, r, &q); err != nil {
			writeJSON(w, 400, errBody("Bad request", ""))
			return
		}
		if swapsim.BadAddress(q.SettleAddress) {
			writeJSON(w, 400, errBody("Invalid settleAddress", "BAD_USER_INPUT"))
			return
		}
		var spec sim.QuoteSpec
		expiry := 7 * 24 * time.Hour
		if fixed {
			s.mu.Lock()
			sq, ok := s.quotes[q.QuoteID]
			s.mu.Unlock()
			switch {
			case !ok:
				writeJSON(w, 404, errBody("Quote not found", ""))
				return
			case !s.x.Now().Before(sq.expires):
				writeJSON(w, 400, errBody("Quote expired", ""))
				return
			}
			spec, expiry = sq.spec, sq.expires.Sub(s.x.Now())
		} else {
			from, msg := s.coinNetwork(q.DepositCoin, q.DepositNetwork)
			to, msg2 := s.coinNetwork(q.SettleCoin, q.SettleNetwork)
			if msg == "" {
				msg = msg2
			}
			if msg != "" {
				writeJSON(w, 400, errBody(msg, "BAD_USER_INPUT"))
				return
			}
			min, _, ok := s.limits(from, to)
			if !ok {
				writeJSON(w, 500, errBody("Rate unavailable", ""))
				return
			}
			// A variable shift has no amount: the simulated order expects
			// the deposit of the pair's last quote (what the user was told
			// to send), about 500 USD without one, and pays out for what
			// is paid in.
			spec = sim.QuoteSpec{From: from, To: to, Amount: min.Mul(swapscout.AmountFromInt(50))}
		}
		o, err := s.x.CreateOrder(sim.OrderSpec{Quote: spec, PayoutAddress: q.SettleAddress, PayoutMemo: q.SettleMemo,
			RefundAddress: q.RefundAddress, RefundMemo: q.RefundMemo, Expiry: expiry, AnyAmount: !fixed})
		if err != nil {
			writeJSON(w, 400, errBody("Amount too low", ""))
			return
		}
		writeJSON(w, 201, s.shiftJSON(o, q.QuoteID))
	}
	mux.HandleFunc("POST "+sideshift.FixedShiftPath, func(w http.ResponseWriter, r *http.Request) { create(w, r, true) })
	mux.HandleFunc("POST "+sideshift.VariableShiftPath, func(w http.ResponseWriter, r *http.Request) { create(w, r, false) })
	s.cancelRoute(mux)
	mux.HandleFunc("GET "+sideshift.ShiftPath+"/{id}", func(w http.ResponseWriter, r *http.Request) {
		o, err := s.x.Order(r.PathValue("id"))
		if err != nil {
			writeJSON(w, 404, errBody("Shift not found", ""))
			return
		}
		writeJSON(w, 200, s.shiftJSON(o, ""))
	})
}

// shiftJSON is an order in SideShift's shift shape: a fixed shift shows its
// quote's amounts, a variable one what was received and paid out once settled.
func (s *simAPI) shiftJSON(o sim.Order, quoteID string) map[string]any {
	fc, tc := sideshift.Symbols[o.From], sideshift.Symbols[o.To]
	min, max, _ := s.limits(o.From, o.To)
	m := map[string]any{
		"id": o.ID, "createdAt": o.CreatedAt.UTC().Format(simTime),
		"depositCoin": fc.Coin, "settleCoin": tc.Coin, "depositNetwork": fc.Network, "settleNetwork": tc.Network,
		"depositAddress": o.DepositAddress, "settleAddress": o.PayoutAddress,
		"depositMin": min.String(), "depositMax": max.String(), "refundAddress": o.RefundAddress,
		"expiresAt": o.ExpiresAt.UTC().Format(simTime), "status": words[o.Stage],
		"averageShiftSeconds": strconv.Itoa(30 + len(o.ID)),
	}
	if o.DepositMemo != "" {
		m["depositMemo"] = o.DepositMemo
	}
	if o.PayoutMemo != "" {
		m["settleMemo"] = o.PayoutMemo
	}
	if o.Fixed {
		m["type"] = "fixed"
		if quoteID != "" {
			m["quoteId"] = quoteID
		}
		m["depositAmount"], m["settleAmount"] = o.AmountIn.String(), o.AmountOut.String()
		m["depositMin"], m["depositMax"] = o.AmountIn.String(), o.AmountIn.String()
		m["rate"] = o.AmountOut.Quo(o.AmountIn, 12, swapscout.RoundDown).String()
	} else {
		m["type"] = "variable"
	}
	if o.DepositTx != "" {
		m["depositHash"] = o.DepositTx
		m["depositAmount"] = o.AmountPaid.String()
	}
	if o.PayoutTx != "" {
		m["settleHash"] = o.PayoutTx
		m["settleAmount"] = o.AmountSent.String()
	}
	return m
}
