package letsexchange

import (
	"context"
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps LetsExchange's transaction statuses. Only "wait" is
// recorded (cake create_transaction.json, research A6); the rest are the
// lifecycle of the same API family as Godex's, whose words crypto-power's
// client lists [CODE for Godex, MEM for LetsExchange]: confirmation,
// confirmed, exchanging, sending, sending_confirmation, success, overdue,
// error, refund (being returned: refunding) and refunded.
var StatusWords = venue.TxStatuses(venue.StatusTable{
	"sending_confirmation": swapscout.StatusSending,
	"refund":               swapscout.StatusRefunding,
})

// createRequest is POST /api/v1/transaction, or /transaction-revert with
// withdrawal_amount for a fixed rate by the amount to receive (cake's
// recorded request; rate_id for a fixed rate, [REC] field list).
type createRequest struct {
	venue.TxRequest
	NetworkFrom       string `json:"network_from"`
	NetworkTo         string `json:"network_to"`
	WithdrawalExtraID string `json:"withdrawal_extra_id"`
	AffiliateID       string `json:"affiliate_id,omitempty"`
	RateID            string `json:"rate_id,omitempty"`
	Float             bool   `json:"float"`
}

// transaction is the create answer and GET /api/v1/transaction/{id} (cake
// create_transaction.json and transaction.json); amounts are strings.
type transaction struct {
	venue.TxAnswer
	ExpiredAt    json.RawMessage   `json:"expired_at"` // Unix seconds
	ReturnAmount *swapscout.Amount `json:"return_amount"`

	Success *bool           `json:"success"`
	Error   json.RawMessage `json:"error"`
	Message *string         `json:"message"`
}

// CreateSwap creates a transaction; a fixed offer passes its rate_id, one by
// the amount to receive goes to transaction-revert. The affiliate id, when
// configured, credits the swap.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req.Request)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	tr, revert := venue.NewTxRequest(from.Coin, to.Coin, req)
	body := createRequest{TxRequest: tr, NetworkFrom: from.Network, NetworkTo: to.Network,
		WithdrawalExtraID: req.PayoutMemo, AffiliateID: c.cfg.Affiliate, Float: true}
	if req.Offer.RateType == swapscout.Fixed {
		body.Float, body.RateID = false, req.Offer.RateID
	}
	_, path := venue.TxPaths(revert)
	b, _ := json.Marshal(body)
	var tx transaction
	if err := c.txCall(ctx, "POST", c.cfg.BaseURL+path, b, "", &tx); err != nil {
		return swapscout.SwapOrder{}, err
	}
	o := tx.Order()
	if s, err := strconv.ParseInt(strings.Trim(string(tx.ExpiredAt), `" `), 10, 64); err == nil && s > 0 {
		o.ExpiresAt, _ = venue.UnixTime(s, time.Second)
	}
	return venue.Created(Descriptor.Name, o)
}

// SwapStatus reads GET /api/v1/transaction/{id}: real_withdrawal_amount is
// what was paid out once hash_out is known.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	var tx transaction
	if err := c.txCall(ctx, "GET", c.cfg.BaseURL+venue.TxCreatePath+"/"+url.PathEscape(ref.ID), nil, ref.ID, &tx); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	u, err := tx.Update(Descriptor.Name, StatusWords)
	if err != nil {
		return u, err
	}
	// return_amount is what went back to the refund address (its
	// transaction is not in the answer, research A6).
	u.AmountRefunded = venue.Positive(tx.ReturnAmount)
	return u, nil
}

func (c *Client) txCall(ctx context.Context, method, u string, body []byte, orderID string, tx *transaction) error {
	hdr := []venue.Field{{Key: "Accept", Value: "application/json"}}
	if c.cfg.APIKey != "" {
		hdr = append(hdr, venue.Field{Key: "Authorization", Value: bearer(c.cfg.APIKey)})
	}
	return venue.Fetch(ctx, &c.cfg, venue.Request{Method: method, URL: u, Header: hdr}.JSON(body), func(status int, b []byte) error {
		if err := venue.DecodeOrder(Descriptor.Name, status, b, orderID, tx); err != nil {
			return err
		}
		failed := tx.Success != nil && !*tx.Success || hasError(tx.Error)
		if status >= 200 && status < 300 && !failed {
			return nil
		}
		field, text := envelopeText(tx.Error)
		if text == "" {
			text = venue.Deref(tx.Message)
		}
		if code := limitCode(text); code != "" && (field == "" || strings.Contains(field, "amount")) {
			return swapscout.NewVenueError(code, "LetsExchange: %s", text)
		}
		if status < 400 {
			status = 400
		}
		if field == "coin_from" || field == "coin_to" || strings.HasPrefix(field, "network") {
			return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "LetsExchange: %s", text)
		}
		return venue.Refusal(Descriptor.Name, status, orderID, text)
	})
}

// envelopeText reads the "error" member: a string, or validation messages
// (the first field's in name order, with that field's name).
func envelopeText(raw json.RawMessage) (field, text string) {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return "", s
	}
	var eb errorBody
	if json.Unmarshal(raw, &eb) != nil {
		return "", ""
	}
	if len(eb.Validation) == 0 {
		return "", eb.Message
	}
	f := slices.Sorted(maps.Keys(eb.Validation))[0]
	return f, f + ": " + venue.FieldText(eb.Validation[f])
}

var _ swapscout.Swapper = (*Client)(nil)
