// Package letsexchange is LetsExchange's simulated API v1, served by
// `swapscout sim`, built on the adapter's symbols, paths and status words
// (package venue/letsexchange).
package letsexchange

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/letsexchange"
)

// Sim is LetsExchange's simulated API v1: POST info and info-revert with the
// recorded shape (amounts as strings with the venue's padding, rate_id "" and
// rate_id_expired_at the number 0 on the floating flow, a rate id and a
// string of milliseconds on the fixed one), the limits answered with 200 when
// the amount is outside them, the recorded validation envelope on 422, and
// 401 without an Authorization header (with or without "Bearer").
func Sim() sim.Venue {
	// Laravel's throttle and error answers ([MEM]).
	return swapsim.Venue(letsexchange.Symbols.Assets(), sim.ProfileOf("letsexchange"), handler,
		swapsim.Fault(writeJSON, "60", map[string]string{"message": "Too Many Attempts."}, map[string]string{"message": "Server Error"}))
}

var (
	codes = letsexchange.Symbols.Reverse()
	// keyed refuses a request without an Authorization header (with or
	// without "Bearer").
	keyed = swapsim.Keyed("Authorization", "", func(w http.ResponseWriter) {
		writeJSON(w, 401, map[string]string{"message": "Unauthenticated."})
	})
)

// pair resolves two coins and networks, in any case; a network left out (as
// in the recorded request) is the coin's own code.
func pair(coinFrom, networkFrom, coinTo, networkTo string) (from, to swapscout.Asset, okFrom, okTo bool) {
	up := strings.ToUpper
	from, okFrom = codes[letsexchange.Code{Coin: up(coinFrom), Network: up(or(networkFrom, coinFrom))}]
	to, okTo = codes[letsexchange.Code{Coin: up(coinTo), Network: up(or(networkTo, coinTo))}]
	return from, to, okFrom, okTo
}

// info is the adapter's infoResponse as LetsExchange writes it, in the
// recorded key order.
type info struct {
	DepositMinAmount   string `json:"deposit_min_amount"`
	DepositMaxAmount   string `json:"deposit_max_amount"`
	MinAmount          string `json:"min_amount"`
	MaxAmount          string `json:"max_amount"`
	Amount             string `json:"amount"`
	Fee                string `json:"fee"`
	Rate               string `json:"rate"`
	Profit             string `json:"profit"`
	WithdrawalFee      string `json:"withdrawal_fee"`
	ExtraFeeAmount     string `json:"extra_fee_amount"`
	RateID             string `json:"rate_id"`
	RateIDExpiredAt    any    `json:"rate_id_expired_at"` // 0, or a string of milliseconds
	AppliedPromoCodeID *int   `json:"applied_promo_code_id"`
	NetworksFrom       []any  `json:"networks_from"`
	NetworksTo         []any  `json:"networks_to"`
	DepositAmountUSDT  string `json:"deposit_amount_usdt"`
	ExpiredAt          string `json:"expired_at"`
	BaseAmount         string `json:"base_amount"`
}

func handler(x *sim.Exchange) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST "+venue.TxInfoPath, keyed(func(w http.ResponseWriter, r *http.Request) { quote(x, w, r, false) }))
	mux.HandleFunc("POST "+venue.TxInfoRevertPath, keyed(func(w http.ResponseWriter, r *http.Request) { quote(x, w, r, true) }))
	swapRoutes(mux, x)
	return mux
}

func quote(x *sim.Exchange, w http.ResponseWriter, r *http.Request, revert bool) {
	var in struct {
		From        string            `json:"from"`
		To          string            `json:"to"`
		NetworkFrom string            `json:"network_from"`
		NetworkTo   string            `json:"network_to"`
		Amount      *swapscout.Amount `json:"amount"`
		Float       *bool             `json:"float"`
	}
	_ = json.NewDecoder(r.Body).Decode(&in)
	var missing [][2]string
	for _, f := range [...]struct {
		name  string
		unset bool
	}{{"from", in.From == ""}, {"to", in.To == ""}, {"amount", in.Amount == nil}} {
		if f.unset {
			missing = append(missing, [2]string{f.name, "The " + f.name + " field is required."})
		}
	}
	if len(missing) > 0 {
		validation(w, missing...)
		return
	}
	from, to, ok1, ok2 := pair(in.From, in.NetworkFrom, in.To, in.NetworkTo)
	switch {
	case !ok1:
		validation(w, [2]string{"from", "The selected from is invalid."})
		return
	case !ok2 || from == to:
		validation(w, [2]string{"to", "The selected to is invalid."})
		return
	}
	spec := sim.QuoteSpec{From: from, To: to, Amount: *in.Amount, Fixed: revert || in.Float != nil && !*in.Float}
	if revert {
		spec.Direction = swapscout.Receive
	}
	res, err := x.Quote(spec)
	var le *sim.LimitError
	if errors.As(err, &le) {
		// Out of the limits, the venue still quotes, with the limits beside it.
		res, err = outOfLimits(x, spec, le)
	}
	if err != nil {
		validation(w, [2]string{"to", "The selected to is invalid."})
		return
	}
	ti, _ := swapscout.LookupAsset(to)
	out := info{
		DepositMinAmount: res.Min.String(), DepositMaxAmount: res.Max.String(),
		MinAmount: res.Min.String(), MaxAmount: res.Max.String(),
		Amount: res.AmountOut.String(), Fee: "0", Rate: padded(res.Rate, 15), Profit: "0",
		WithdrawalFee: padded(res.NetworkFee, 8), ExtraFeeAmount: "0", RateIDExpiredAt: 0,
		NetworksFrom: []any{}, NetworksTo: []any{},
		DepositAmountUSDT: padded(usd(x, from, res.AmountIn), 8),
		ExpiredAt:         strconv.FormatInt(x.Now().Add(10*time.Minute).UnixMilli(), 10),
	}
	if revert {
		// Amount is what to send; min/max_amount bound the payout.
		out.Amount = res.AmountIn.String()
		out.MinAmount = res.Min.Mul(res.Rate).Sub(res.NetworkFee).Round(ti.Decimals, swapscout.RoundUp).String()
		out.MaxAmount = res.Max.Mul(res.Rate).Sub(res.NetworkFee).Round(ti.Decimals, swapscout.RoundDown).String()
	}
	if res.RateID != "" {
		out.RateID = uuid(res.RateID + x.NewID(""))
		out.RateIDExpiredAt = strconv.FormatInt(res.ValidUntil.UnixMilli(), 10)
	}
	out.BaseAmount = out.Amount
	writeJSON(w, 200, out)
}

// outOfLimits prices an amount outside the limits at the rate of the least
// deposit, as the venue does before it refuses to create the order.
func outOfLimits(x *sim.Exchange, spec sim.QuoteSpec, le *sim.LimitError) (sim.QuoteResult, error) {
	ref, err := x.Quote(sim.QuoteSpec{From: spec.From, To: spec.To, Amount: le.Min, Fixed: spec.Fixed})
	if err != nil {
		return ref, err
	}
	fi, _ := swapscout.LookupAsset(spec.From)
	ti, _ := swapscout.LookupAsset(spec.To)
	res := ref
	if spec.Direction == swapscout.Receive {
		res.AmountOut = spec.Amount
		res.AmountIn = spec.Amount.Add(ref.NetworkFee).Quo(ref.Rate, fi.Decimals, swapscout.RoundUp)
	} else {
		res.AmountIn = spec.Amount
		res.AmountOut = swapscout.MaxAmount(spec.Amount.Mul(ref.Rate).Sub(ref.NetworkFee).Round(ti.Decimals, swapscout.RoundDown), swapscout.AmountFromInt(0))
	}
	return res, nil
}

// validation writes the recorded error envelope with HTTP 422, fields in the
// order given (the recorded body lists from, to, amount).
func validation(w http.ResponseWriter, fields ...[2]string) {
	b := []byte(`{"success":false,"error":{"validation":{`)
	for i, f := range fields {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(f[0])
		v, _ := json.Marshal([]string{f[1]})
		b = append(append(append(b, k...), ':'), v...)
	}
	b = append(b, "}}}"...)
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(422)
	_, _ = w.Write(b)
}

// padded writes a with exactly d decimals, as the venue pads fees ("0.00200000").
func padded(a swapscout.Amount, d int) string {
	s := a.Round(d, swapscout.RoundHalfEven).String()
	i := strings.IndexByte(s, '.')
	if i < 0 {
		s, i = s+".", len(s)
	}
	return s + strings.Repeat("0", d-(len(s)-i-1))
}

// usd values amount of asset a in US dollars.
func usd(x *sim.Exchange, a swapscout.Asset, amount swapscout.Amount) swapscout.Amount {
	p, err := swapscout.AmountFromFloat(x.USD(a.Ticker))
	if err != nil {
		return swapscout.AmountFromInt(0)
	}
	return amount.Mul(p)
}

// uuid shapes 32 hex digits like the venue's rate ids.
func uuid(h string) string {
	h = (h + strings.Repeat("0", 32))[:32]
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// writeJSON writes v as the venue does.
var writeJSON = swapsim.JSON{ContentType: "application/json", EncodeError: []byte(`{"message":"Server Error"}`)}.Write
