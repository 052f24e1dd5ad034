package changenow

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps ChangeNOW's exchange statuses (research A1: "waiting" is
// recorded in cake's by_id.json; new, confirming, exchanging, sending,
// finished, failed, refunded, verifying and expired are from memory of the
// v2 docs, unconfirmed).
var StatusWords = venue.ExchangeStatuses(venue.StatusTable{"new": swapscout.StatusWaiting, "expired": swapscout.StatusExpired})

// createRequest is POST /v2/exchange (cake create_exchange.json; optional
// fields per the v2 docs).
type createRequest struct {
	FromCurrency  string `json:"fromCurrency"`
	ToCurrency    string `json:"toCurrency"`
	FromNetwork   string `json:"fromNetwork"`
	ToNetwork     string `json:"toNetwork"`
	FromAmount    string `json:"fromAmount,omitempty"`
	ToAmount      string `json:"toAmount,omitempty"`
	Address       string `json:"address"`
	ExtraID       string `json:"extraId,omitempty"`
	RefundAddress string `json:"refundAddress,omitempty"`
	RefundExtraID string `json:"refundExtraId,omitempty"`
	Flow          string `json:"flow"`
	Type          string `json:"type"`
	RateID        string `json:"rateId,omitempty"`
}

// createResponse is its answer (amounts as JSON numbers).
type createResponse struct {
	ID            string            `json:"id"`
	PayinAddress  string            `json:"payinAddress"`
	PayinExtraID  *string           `json:"payinExtraId"`
	FromAmount    *swapscout.Amount `json:"fromAmount"`
	ToAmount      *swapscout.Amount `json:"toAmount"`
	ValidUntil    *string           `json:"validUntil"`
	PayoutAddress string            `json:"payoutAddress"`
}

// statusResponse is GET /v2/exchange/by-id (cake by_id.json).
type statusResponse struct {
	ID                 string            `json:"id"`
	Status             string            `json:"status"`
	ExpectedAmountFrom *swapscout.Amount `json:"expectedAmountFrom"`
	ExpectedAmountTo   *swapscout.Amount `json:"expectedAmountTo"`
	AmountFrom         *swapscout.Amount `json:"amountFrom"`
	AmountTo           *swapscout.Amount `json:"amountTo"`
	PayinHash          *string           `json:"payinHash"`
	PayoutHash         *string           `json:"payoutHash"`
	RefundHash         *string           `json:"refundHash"`
	RefundAmount       *swapscout.Amount `json:"refundAmount"`
	ValidUntil         *string           `json:"validUntil"`
}

// CreateSwap creates an exchange on the offer's flow; a fixed-rate offer
// passes its rateId, a reverse one asks by toAmount. ChangeNOW credits the
// partner by its API key, so no affiliate field is sent.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req.Request)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	body := createRequest{
		FromCurrency: from.Ticker, FromNetwork: from.Network, ToCurrency: to.Ticker, ToNetwork: to.Network,
		Address: req.PayoutAddress, ExtraID: req.PayoutMemo, RefundAddress: req.RefundAddress, RefundExtraID: req.RefundMemo,
		Flow: "standard", Type: "direct",
	}
	if req.Offer.RateType == swapscout.Fixed {
		body.Flow, body.RateID = "fixed-rate", req.Offer.RateID
	}
	if req.Request.Direction == swapscout.Receive {
		body.Type, body.ToAmount = "reverse", req.Offer.AmountOut.String()
	} else {
		body.FromAmount = req.Offer.AmountIn.String()
	}
	b, _ := json.Marshal(body)
	var r createResponse
	err = venue.Fetch(ctx, &c.cfg, venue.Request{Method: "POST", URL: c.cfg.BaseURL + ExchangePath, Body: b,
		ContentType: "application/json", Header: []venue.Field{{Key: "x-changenow-api-key", Value: c.cfg.APIKey}}},
		func(status int, body []byte) error { return swapDecode(status, body, "", &r) })
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	return venue.Created(Descriptor.Name, swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: r.ID}, DepositAddress: r.PayinAddress, DepositMemo: venue.Deref(r.PayinExtraID),
		AmountIn: venue.Deref(r.FromAmount), AmountOut: venue.Deref(r.ToAmount), VenueStatus: "new", ExpiresAt: venue.SwapTime(venue.Deref(r.ValidUntil))})
}

// SwapStatus reads GET /v2/exchange/by-id: the status, the deposit's and
// payout's transactions, what was paid out, and a refund's transaction and
// amount.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	var r statusResponse
	err := venue.Fetch(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + ByIDPath + "?id=" + url.QueryEscape(ref.ID),
		Header: []venue.Field{{Key: "x-changenow-api-key", Value: c.cfg.APIKey}}},
		func(status int, body []byte) error { return swapDecode(status, body, ref.ID, &r) })
	if err != nil {
		return swapscout.SwapUpdate{}, err
	}
	u, err := StatusWords.Update(Descriptor.Name, r.Status)
	if err != nil {
		return u, err
	}
	u.DepositTx, u.PayoutTx = venue.Deref(r.PayinHash), venue.Deref(r.PayoutHash)
	if r.AmountTo != nil && u.PayoutTx != "" {
		u.AmountReceived = *r.AmountTo
	}
	// A refund's transaction and amount (refundHash, refundAmount: null
	// until there is one, cake's by_id.json).
	u.RefundTx, u.AmountRefunded = venue.Deref(r.RefundHash), venue.Positive(r.RefundAmount)
	return u, nil
}

// swapDecode reads a create or status answer: a 2xx body without an error
// name into v; otherwise the error name's code when it is a quote code
// (limits, pair, key), else a refusal in ChangeNOW's words.
func swapDecode(status int, body []byte, orderID string, v any) error {
	var er errorResponse
	if json.Unmarshal(body, &er) == nil && er.Error != "" {
		if code, ok := errorCodes[er.Error]; ok && code != swapscout.CodeUnsupportedPair {
			return swapscout.NewVenueError(code, "ChangeNOW: %s (%s)", er.Message, er.Error)
		}
		if status < 300 {
			status = 400
		}
		return venue.Refusal(Descriptor.Name, status, orderID, er.Error+": "+er.Message)
	}
	if status < 200 || status >= 300 {
		return venue.HTTPRefusal(Descriptor.Name, status, orderID)
	}
	if err := json.Unmarshal(body, v); err != nil {
		return venue.BadResponse(err)
	}
	return nil
}

var _ swapscout.Swapper = (*Client)(nil)
