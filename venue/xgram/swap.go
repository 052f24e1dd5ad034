package xgram

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps Xgram's x-status values, the list Edge's reports server
// decodes for its Xgram partner plugin ([CODE], edge-reports-server
// src/partners/xgram.ts): x-new, x-awaiting_funds, x-funds_received,
// x-processing_exchange, x-transferring, x-completed, x-timeout, x-error,
// x-transfer_error, x-returned.
var StatusWords = venue.StatusTable{
	"x-new":                 swapscout.StatusWaiting,
	"x-awaiting_funds":      swapscout.StatusWaiting,
	"x-funds_received":      swapscout.StatusConfirming,
	"x-processing_exchange": swapscout.StatusExchanging,
	"x-transferring":        swapscout.StatusSending,
	"x-completed":           swapscout.StatusFinished,
	"x-timeout":             swapscout.StatusExpired,
	"x-error":               swapscout.StatusFailed,
	"x-transfer_error":      swapscout.StatusFailed,
	"x-returned":            swapscout.StatusRefunded,
}

// createReply is launch-new-exchange's answer (research A13's shape of the
// Edge endpoint, which returns the same fields) or a refusal.
type createReply struct {
	rateResponse
	ID                  string            `json:"id"`
	DepositAddress      string            `json:"depositAddress"`
	DepositTag          string            `json:"depositTag"`
	CcyAmountFrom       *swapscout.Amount `json:"ccyAmountFrom"`
	CcyAmountToExpected *swapscout.Amount `json:"ccyAmountToExpected"`
	ExpiresAt           string            `json:"expiresAt"`
}

// statusReply is fetch-status-info ([CODE]: Edge's reports server cleaner
// asXgramTx and the MCP client): x-ccyAmountTo is what was paid out, txId the
// payout hash.
type statusReply struct {
	rateResponse
	ID          string            `json:"id"`
	Status      string            `json:"x-status"`
	DepositHash *string           `json:"x-ccyDepositHash"`
	AmountTo    *swapscout.Amount `json:"x-ccyAmountTo"`
	TxID        *string           `json:"txId"`
}

// CreateSwap launches a floating-rate exchange by the amount sent (the only
// offers this adapter quotes). Xgram credits the partner by the API key.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req.Request)
	switch {
	case err != nil:
		return swapscout.SwapOrder{}, err
	case req.Offer.RateType == swapscout.Fixed || req.Request.Direction == swapscout.Receive:
		return swapscout.SwapOrder{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Xgram swaps are made here at floating rates by the amount sent only")
	case c.cfg.APIKey == "":
		return swapscout.SwapOrder{}, swapscout.NewVenueError(swapscout.CodeNotConfigured, "Xgram needs an API key (set %sAPI_KEY)", Descriptor.EnvPrefix())
	}
	q := url.Values{"fromCcy": {from}, "toCcy": {to}, "ccyAmount": {req.Offer.AmountIn.String()}, "type": {"float"},
		"toAddress": {req.PayoutAddress}}
	if req.PayoutMemo != "" {
		q.Set("toAddressTag", req.PayoutMemo)
	}
	if req.RefundAddress != "" {
		q.Set("refundAddress", req.RefundAddress)
	}
	if req.RefundMemo != "" {
		q.Set("refundTag", req.RefundMemo)
	}
	var r createReply
	if err := c.orderCall(ctx, CreatePath+"?"+q.Encode(), "", &r); err != nil {
		return swapscout.SwapOrder{}, err
	}
	return venue.Created(Descriptor.Name, swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: r.ID}, DepositAddress: r.DepositAddress, DepositMemo: r.DepositTag,
		AmountIn: venue.Deref(r.CcyAmountFrom), AmountOut: venue.Deref(r.CcyAmountToExpected),
		ExpiresAt: venue.SwapTime(r.ExpiresAt), VenueStatus: "x-new"})
}

// SwapStatus reads fetch-status-info?id=.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	var r statusReply
	if err := c.orderCall(ctx, StatusPath+"?"+url.Values{"id": {ref.ID}}.Encode(), ref.ID, &r); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	return StatusWords.Settled(Descriptor.Name, r.Status, r.DepositHash, r.TxID, r.AmountTo)
}

// orderCall GETs path with the key into v, reading refusals as quotes' are
// (parseRate's shapes), except that one naming an address or tag, or one
// the quote codes leave unclassified, is a bad request, and "not found" on a
// status call an unknown order.
func (c *Client) orderCall(ctx context.Context, path, orderID string, v any) error {
	return venue.Fetch(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + path,
		Header: []venue.Field{{Key: "x-api-key", Value: c.cfg.APIKey}, {Key: "Accept", Value: "application/json"}}},
		func(status int, body []byte) error {
			_, err := parseRate(status, body)
			if err == nil {
				if err := json.Unmarshal(body, v); err != nil {
					return venue.BadResponse(err)
				}
				return nil
			}
			var r rateResponse
			_ = json.Unmarshal(body, &r)
			words := r.Error + " " + r.Message
			for _, e := range r.Errors {
				words += " " + e.Code + " " + e.Error + " " + e.Message
			}
			return venue.SwapRefusal(Descriptor.Name, status, orderID, strings.TrimSpace(words), err, "address", "tag")
		})
}

var _ swapscout.Swapper = (*Client)(nil)
