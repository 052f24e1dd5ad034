package easybit

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps EasyBit's order statuses. No stored source lists them
// (research A9 names the status field only); these are the words of
// EasyBit's API docs as remembered [MEM]. "Volatility Protection" and
// "Action Request" stop the order until the user acts: action_required.
var StatusWords = venue.StatusTable{
	"Awaiting Deposit":      swapscout.StatusWaiting,
	"Confirming Deposit":    swapscout.StatusConfirming,
	"Exchanging":            swapscout.StatusExchanging,
	"Sending":               swapscout.StatusSending,
	"Complete":              swapscout.StatusFinished,
	"Refund":                swapscout.StatusRefunded,
	"Failed":                swapscout.StatusFailed,
	"Volatility Protection": swapscout.StatusActionRequired,
	"Action Request":        swapscout.StatusActionRequired,
	"Request Overdue":       swapscout.StatusExpired,
}

// OrderRequest is POST /order ([CODE], Edge and crypto-power).
// The amount goes as a decimal string; the simulator reads the same type.
type OrderRequest struct {
	Send           string           `json:"send"`
	Receive        string           `json:"receive"`
	SendNetwork    string           `json:"sendNetwork"`
	ReceiveNetwork string           `json:"receiveNetwork"`
	Amount         swapscout.Amount `json:"amount"`
	ReceiveAddress string           `json:"receiveAddress"`
	ReceiveTag     string           `json:"receiveTag,omitempty"`
	RefundAddress  string           `json:"refundAddress,omitempty"`
	RefundTag      string           `json:"refundTag,omitempty"`
}

// order is data of POST /order and an item of GET /orders ([CODE]).
type order struct {
	ID            string            `json:"id"`
	SendAmount    *swapscout.Amount `json:"sendAmount"`
	ReceiveAmount *swapscout.Amount `json:"receiveAmount"`
	SendAddress   string            `json:"sendAddress"`
	SendTag       *string           `json:"sendTag"`
	Status        string            `json:"status"`
	HashIn        *string           `json:"hashIn"`
	HashOut       *string           `json:"hashOut"`
}

// CreateSwap places an order. EasyBit quotes floating rates only, by the
// amount sent; it credits the partner by the API key.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req.Request)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	if req.Offer.RateType == swapscout.Fixed {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "EasyBit has floating rates only")
	}
	b, _ := json.Marshal(OrderRequest{Send: from.Currency, Receive: to.Currency, SendNetwork: from.Network, ReceiveNetwork: to.Network,
		Amount: req.Offer.AmountIn, ReceiveAddress: req.PayoutAddress, ReceiveTag: req.PayoutMemo,
		RefundAddress: req.RefundAddress, RefundTag: req.RefundMemo})
	var o order
	if err := c.orderCall(ctx, venue.Request{Method: "POST", URL: c.cfg.BaseURL + OrderPath}.JSON(b), "", &o); err != nil {
		return swapscout.SwapOrder{}, err
	}
	return venue.Created(Descriptor.Name, swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: o.ID}, DepositAddress: o.SendAddress, DepositMemo: venue.Deref(o.SendTag),
		AmountIn: venue.Deref(o.SendAmount), AmountOut: venue.Deref(o.ReceiveAmount), VenueStatus: o.Status})
}

// SwapStatus reads GET /orders?id=: an empty list is an unknown order.
// EasyBit reports no amount paid out beside receiveAmount, the estimate, so
// AmountReceived stays unknown.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	var list []order
	if err := c.orderCall(ctx, venue.Request{URL: c.cfg.BaseURL + OrdersPath + "?" + url.Values{"id": {ref.ID}}.Encode()}, ref.ID, &list); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	if len(list) == 0 {
		return swapscout.SwapUpdate{}, venue.OrderNotFound(Descriptor.Name, ref.ID)
	}
	return StatusWords.Settled(Descriptor.Name, list[0].Status, list[0].HashIn, list[0].HashOut, nil)
}

// orderCall makes a create or status call: a refusal naming an address or
// tag is a bad request, an unknown order order_not_found; the rest are
// read as quotes' refusals are.
func (c *Client) orderCall(ctx context.Context, r venue.Request, orderID string, v any) error {
	r.Header = []venue.Field{{Key: "API-KEY", Value: c.cfg.APIKey}}
	return venue.Fetch(ctx, &c.cfg, r, func(status int, body []byte) error {
		var env envelope
		if json.Unmarshal(body, &env) == nil && env.Success.Set && !env.Success.OK {
			return venue.SwapRefusal(Descriptor.Name, status, orderID, env.ErrorMessage, decode(status, body, v), "address", "tag")
		}
		return decode(status, body, v)
	})
}

var _ swapscout.Swapper = (*Client)(nil)
