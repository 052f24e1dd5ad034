package trocador

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Wire types of Trocador's API (https://trocador.app/en/docs/; research
// aggregators.md, appendix). The shapes mirror the recorded new_rate answer
// (cake-tech/cake_wallet test/exchange/fixtures/trocador/new_rate.json):
// top-level amounts are JSON numbers, a quote's amounts strings, and booleans
// come both as JSON booleans and as Python's "True"/"False".

// API paths, relative to Descriptor.BaseURL: a rate (every partner's), a
// trade on one of them, and trades by id.
const (
	NewRatePath  = "/new_rate"
	NewTradePath = "/new_trade"
	TradePath    = "/trade"
)

// pyBool is a boolean written either way.
type pyBool bool

func (b *pyBool) UnmarshalJSON(data []byte) error {
	switch s := strings.ToLower(string(bytes.Trim(bytes.TrimSpace(data), `"`))); s {
	case "true", "1":
		*b = true
	case "false", "0", "", "null", "none":
		*b = false
	default:
		return fmt.Errorf("trocador: %q is not a boolean", venue.ClipOr(s, ""))
	}
	return nil
}

// newRateResponse is GET /new_rate. trade_id is the rate id new_trade takes;
// provider, amount_to and fixed describe the best rate; quotes.quotes lists
// every partner's, best first, floating and fixed mixed.
type newRateResponse struct {
	TradeID     string            `json:"trade_id"`
	Date        string            `json:"date"`
	TickerFrom  string            `json:"ticker_from"`
	TickerTo    string            `json:"ticker_to"`
	CoinFrom    string            `json:"coin_from"`
	CoinTo      string            `json:"coin_to"`
	NetworkFrom string            `json:"network_from"`
	NetworkTo   string            `json:"network_to"`
	AmountFrom  *swapscout.Amount `json:"amount_from"`
	AmountTo    *swapscout.Amount `json:"amount_to"`
	Provider    string            `json:"provider"`
	Fixed       pyBool            `json:"fixed"`
	Payment     pyBool            `json:"payment"`
	Status      string            `json:"status"`
	Quotes      *quotesBlock      `json:"quotes"`
}

// quotesBlock holds the partners' quotes and the deposit limits (From units).
type quotesBlock struct {
	Markup        pyBool          `json:"markup"`
	Quotes        []quote         `json:"quotes"`
	KYCList       []string        `json:"kyc_list"`
	BestOnly      pyBool          `json:"best_only"`
	MaxDeposit    json.RawMessage `json:"max_deposit"`
	MinDeposit    json.RawMessage `json:"min_deposit"`
	LogPolicyList []string        `json:"logpolicy_list"`
}

// quote is one partner's rate: amount_to net of its fees, kycrating A-D, eta
// in minutes, waste (spread vs market) in percent. The numbers are kept raw
// and read one by one, so that one partner's odd value drops that partner's
// quote, not the answer.
type quote struct {
	ETA                    json.RawMessage `json:"eta"`
	AdID                   string          `json:"ad_id,omitempty"`
	Fixed                  pyBool          `json:"fixed"`
	Waste                  json.RawMessage `json:"waste"`
	Provider               string          `json:"provider"`
	AmountFrom             json.RawMessage `json:"amount_from,omitempty"` // not in the recorded swap answer; read when a payment answer has it
	AmountTo               json.RawMessage `json:"amount_to"`
	Insurance              json.RawMessage `json:"insurance"`
	KYCRating              string          `json:"kycrating"`
	LogPolicy              string          `json:"logpolicy"`
	AmountToUSD            json.RawMessage `json:"amount_to_USD"`
	ProviderLogo           string          `json:"provider_logo"`
	AmountFromUSD          json.RawMessage `json:"amount_from_USD"`
	UnadjustedAmountTo     json.RawMessage `json:"unadjusted_amount_to,omitempty"`
	USDTotalCostPercentage json.RawMessage `json:"USD_total_cost_percentage"`
}

// errorResponse is a refusal: {"error": "..."} with HTTP 400 or 404, and a
// "message" beside it on new_trade (Cake Wallet, trocador-bridge).
type errorResponse struct {
	Error   string `json:"error"`
	Message string `json:"message,omitempty"`
}

// notPositive reads a raw JSON number or string that is zero or negative;
// ok is false when it is absent, null, unreadable or positive.
func notPositive(raw json.RawMessage) (swapscout.Amount, bool) {
	var a swapscout.Amount
	if len(raw) == 0 || a.UnmarshalJSON(raw) != nil || !a.Valid() || a.Sign() > 0 {
		return swapscout.Amount{}, false
	}
	return a, true
}

// amount reads a raw JSON number or string; ok is false when it is absent,
// null, unreadable or not positive.
func amount(raw json.RawMessage) (swapscout.Amount, bool) {
	var a swapscout.Amount
	if len(raw) == 0 || a.UnmarshalJSON(raw) != nil || !a.Valid() || a.Sign() <= 0 {
		return swapscout.Amount{}, false
	}
	return a, true
}
