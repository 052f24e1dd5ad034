package letsexchange

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/swapscout/swapscout"
)

// Wire types of LetsExchange API v1 (research exchange-apis.md, section A6),
// mirroring Cake Wallet's verbatim recordings test/exchange/fixtures/
// letsexchange/ (info.json, info_revert.json, info_bad_request.json; see
// testdata/README.md) and the docs at https://api-doc.letsexchange.io.

// The API paths are the transaction family's (venue.TxPaths).

// infoRequest is the body of POST /api/v1/info and /api/v1/info-revert. The
// docs type amount as a number; Cake's recorded request and Edge send a
// string, which keeps the decimal exact.
type infoRequest struct {
	From        string `json:"from"`
	To          string `json:"to"`
	NetworkFrom string `json:"network_from"`
	NetworkTo   string `json:"network_to"`
	Amount      string `json:"amount"`
	Float       bool   `json:"float"` // true floating, false fixed (rate_id)
	// AffiliateID credits the swap to our partner account; recorded
	// requests carry it, and it is left out when not configured.
	AffiliateID string `json:"affiliate_id,omitempty"`
}

// infoResponse is the answer of both endpoints; every amount is a string.
// In /info, amount is what the user receives and min/max_amount bound the
// deposit. In /info-revert, amount is what the user must send, and judging by
// the recorded values min/max_amount bound the payout (Edge compares the
// amount to receive with them) while deposit_min/max_amount bound the deposit.
// rate_id_expired_at drifts between the number 0 and a string of milliseconds.
type infoResponse struct {
	DepositMinAmount   *swapscout.Amount `json:"deposit_min_amount"`
	DepositMaxAmount   *swapscout.Amount `json:"deposit_max_amount"`
	MinAmount          *swapscout.Amount `json:"min_amount"`
	MaxAmount          *swapscout.Amount `json:"max_amount"`
	Amount             *swapscout.Amount `json:"amount"`
	Fee                json.RawMessage   `json:"fee"` // service fee, deprecated: "0"
	Rate               json.RawMessage   `json:"rate"`
	Profit             json.RawMessage   `json:"profit"`
	WithdrawalFee      *swapscout.Amount `json:"withdrawal_fee"` // in the To asset, already deducted
	ExtraFeeAmount     json.RawMessage   `json:"extra_fee_amount"`
	RateID             *string           `json:"rate_id"` // "" on the floating flow
	RateIDExpiredAt    msTime            `json:"rate_id_expired_at"`
	AppliedPromoCodeID json.RawMessage   `json:"applied_promo_code_id"`
	NetworksFrom       json.RawMessage   `json:"networks_from"`
	NetworksTo         json.RawMessage   `json:"networks_to"`
	DepositAmountUSDT  json.RawMessage   `json:"deposit_amount_usdt"`
	ExpiredAt          json.RawMessage   `json:"expired_at"` // a string of milliseconds
	BaseAmount         json.RawMessage   `json:"base_amount"`

	// The error envelope, {"success":false,"error":{"validation":{"<field>":
	// ["<message>"]}}} (recorded), or Laravel's {"message":"…"} ([MEM]).
	Success *bool           `json:"success"`
	Error   json.RawMessage `json:"error"`
	Message *string         `json:"message"`
}

// isInfo reports whether the body is a quote (the fields Edge requires).
func (r *infoResponse) isInfo() bool {
	return r.Amount != nil && r.MinAmount != nil && r.MaxAmount != nil
}

// errorBody is the "error" member of the envelope: an object with field
// messages (a list or a single string each), or a plain string.
type errorBody struct {
	Validation map[string]json.RawMessage `json:"validation"`
	Message    string                     `json:"message"`
}

// msTime is a Unix time in milliseconds sent as a JSON number or string: 0,
// "" and null mean none. A value too small to be milliseconds (before 1973)
// is read as seconds, the unit LetsExchange uses for orders' expired_at.
type msTime struct{ time.Time }

func (t *msTime) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if string(b) == "null" || string(b) == `""` {
		return nil
	}
	var a swapscout.Amount
	if err := a.UnmarshalJSON(b); err != nil {
		return fmt.Errorf("timestamp %.40q: %w", b, err)
	}
	n, err := strconv.ParseInt(a.Round(0, swapscout.RoundDown).String(), 10, 64)
	switch {
	case err != nil || n < 0 || n > 1e15:
		return fmt.Errorf("timestamp %.40q out of range", b)
	case n == 0:
		t.Time = time.Time{}
	case n < 1e11:
		t.Time = time.Unix(n, 0).UTC()
	default:
		t.Time = time.UnixMilli(n).UTC()
	}
	return nil
}
