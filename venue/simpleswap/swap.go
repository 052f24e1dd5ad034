package simpleswap

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// statusWords maps SimpleSwap's exchange statuses. No stored source lists
// the v3 words (research A4 has none); these are SimpleSwap's documented
// lifecycle as remembered [MEM]: waiting, confirming, exchanging, sending,
// finished, failed, refunded, verifying (a KYC check: held) and expired.
var statusWords = venue.StatusTable{
	"waiting":    swapscout.StatusWaiting,
	"confirming": swapscout.StatusConfirming,
	"exchanging": swapscout.StatusExchanging,
	"sending":    swapscout.StatusSending,
	"finished":   swapscout.StatusFinished,
	"failed":     swapscout.StatusFailed,
	"refunded":   swapscout.StatusRefunded,
	"verifying":  swapscout.StatusHeld,
	"expired":    swapscout.StatusExpired,
}

// createRequest is POST /v3/exchanges (Edge simpleswap.ts, [CODE]).
type createRequest struct {
	TickerFrom        string `json:"tickerFrom"`
	NetworkFrom       string `json:"networkFrom"`
	TickerTo          string `json:"tickerTo"`
	NetworkTo         string `json:"networkTo"`
	Amount            string `json:"amount"`
	Fixed             bool   `json:"fixed"`
	Reverse           bool   `json:"reverse"`
	AddressTo         string `json:"addressTo"`
	ExtraIDTo         string `json:"extraIdTo,omitempty"`
	UserRefundAddress string `json:"userRefundAddress,omitempty"`
	UserRefundExtraID string `json:"userRefundExtraId,omitempty"`
	RateID            string `json:"rateId,omitempty"`
}

// exchangeReply is the create answer ([CODE], Edge's required fields) and
// GET /v3/exchanges/{id} ([MEM]: status, txFrom and txTo as in v1's
// get_exchange, camel-cased as v3 names everything).
type exchangeReply struct {
	Result *struct {
		ID          string            `json:"id"`
		Status      string            `json:"status"`
		AddressFrom string            `json:"addressFrom"`
		ExtraIDFrom *string           `json:"extraIdFrom"`
		AmountFrom  *swapscout.Amount `json:"amountFrom"`
		AmountTo    *swapscout.Amount `json:"amountTo"`
		TxFrom      *string           `json:"txFrom"`
		TxTo        *string           `json:"txTo"`
	} `json:"result"`
}

// CreateSwap creates an exchange: the amount is the send amount, or the
// receive amount with reverse=true; a fixed-rate offer passes its rateId.
// SimpleSwap credits the partner by the API key.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, ok1 := symbols[req.Request.From]
	to, ok2 := symbols[req.Request.To]
	if !ok1 || !ok2 {
		return swapscout.SwapOrder{}, venue.Unsupported(Descriptor.Name, req.Request)
	}
	body := createRequest{TickerFrom: from.Ticker, NetworkFrom: from.Network, TickerTo: to.Ticker, NetworkTo: to.Network,
		Amount: req.Offer.AmountIn.String(), AddressTo: req.PayoutAddress, ExtraIDTo: req.PayoutMemo,
		UserRefundAddress: req.RefundAddress, UserRefundExtraID: req.RefundMemo}
	if req.Offer.RateType == swapscout.Fixed {
		body.Fixed, body.RateID = true, req.Offer.RateID
	}
	if req.Request.Direction == swapscout.Receive {
		body.Reverse, body.Amount = true, req.Offer.AmountOut.String()
	}
	b, _ := json.Marshal(body)
	var r exchangeReply
	if err := c.exchangeCall(ctx, "POST", c.cfg.BaseURL+"/v3/exchanges", b, "", &r); err != nil {
		return swapscout.SwapOrder{}, err
	}
	x := r.Result
	if x == nil || x.ID == "" || x.AddressFrom == "" {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "SimpleSwap created an exchange without id or addressFrom")
	}
	return swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: x.ID}, DepositAddress: x.AddressFrom, DepositMemo: venue.StringOf(x.ExtraIDFrom),
		AmountIn: venue.AmountOf(x.AmountFrom), AmountOut: venue.AmountOf(x.AmountTo), VenueStatus: x.Status}, nil
}

// SwapStatus reads GET /v3/exchanges/{id}; SimpleSwap reports no amount
// paid out beside the estimate, so AmountReceived stays unknown.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	var r exchangeReply
	if err := c.exchangeCall(ctx, "GET", c.cfg.BaseURL+"/v3/exchanges/"+url.PathEscape(ref.ID), nil, ref.ID, &r); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	if r.Result == nil || r.Result.Status == "" {
		return swapscout.SwapUpdate{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "SimpleSwap exchange without a status")
	}
	x := r.Result
	return swapscout.SwapUpdate{Status: statusWords.Status(x.Status), VenueStatus: x.Status,
		DepositTx: venue.StringOf(x.TxFrom), PayoutTx: venue.StringOf(x.TxTo)}, nil
}

// exchangeCall makes a create or status call. SimpleSwap's meanings are in
// the status ([CODE]): 422 is an amount out of range; 400, 404 on create and
// other 4xx a refusal in its words; 404 on a status call an unknown order.
func (c *Client) exchangeCall(ctx context.Context, method, u string, body []byte, orderID string, v *exchangeReply) error {
	r := venue.Request{Method: method, URL: u, Header: []venue.Field{{Key: "x-api-key", Value: c.cfg.APIKey}}}
	if body != nil {
		r.Body, r.ContentType = body, "application/json"
	}
	return venue.Fetch(ctx, &c.cfg, r, func(status int, b []byte) error {
		if status >= 200 && status < 300 {
			if err := json.Unmarshal(b, v); err != nil {
				return venue.BadResponse(err)
			}
			if v.Result == nil {
				return venue.Refusal(Descriptor.Name, 400, orderID, errorText(b))
			}
			return nil
		}
		if status == 422 {
			return swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "SimpleSwap: %s", errorText(b))
		}
		return venue.Refusal(Descriptor.Name, status, orderID, errorText(b))
	})
}

var _ swapscout.Swapper = (*Client)(nil)
