package simpleswap

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps SimpleSwap's exchange statuses. No stored source lists
// the v3 words (research A4 has none); these are SimpleSwap's documented
// lifecycle as remembered [MEM]: waiting, confirming, exchanging, sending,
// finished, failed, refunded, verifying (a KYC check: held) and expired.
var StatusWords = venue.ExchangeStatuses(venue.StatusTable{"expired": swapscout.StatusExpired})

// CreateRequest is POST /v3/exchanges (Edge simpleswap.ts, [CODE]).
// The amount goes as a decimal string; the simulator reads the same type.
type CreateRequest struct {
	TickerFrom        string           `json:"tickerFrom"`
	NetworkFrom       string           `json:"networkFrom"`
	TickerTo          string           `json:"tickerTo"`
	NetworkTo         string           `json:"networkTo"`
	Amount            swapscout.Amount `json:"amount"`
	Fixed             bool             `json:"fixed"`
	Reverse           bool             `json:"reverse"`
	AddressTo         string           `json:"addressTo"`
	ExtraIDTo         string           `json:"extraIdTo,omitempty"`
	UserRefundAddress string           `json:"userRefundAddress,omitempty"`
	UserRefundExtraID string           `json:"userRefundExtraId,omitempty"`
	RateID            string           `json:"rateId,omitempty"`
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
	from, to, err := Symbols.Pair(Descriptor.Name, req.Request)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	body := CreateRequest{TickerFrom: from.Ticker, NetworkFrom: from.Network, TickerTo: to.Ticker, NetworkTo: to.Network,
		Amount: req.Offer.AmountIn, AddressTo: req.PayoutAddress, ExtraIDTo: req.PayoutMemo,
		UserRefundAddress: req.RefundAddress, UserRefundExtraID: req.RefundMemo}
	if req.Offer.RateType == swapscout.Fixed {
		body.Fixed, body.RateID = true, req.Offer.RateID
	}
	if req.Request.Direction == swapscout.Receive {
		body.Reverse, body.Amount = true, req.Offer.AmountOut
	}
	b, _ := json.Marshal(body)
	var r exchangeReply
	if err := c.exchangeCall(ctx, "POST", c.cfg.BaseURL+ExchangesPath, b, "", &r); err != nil {
		return swapscout.SwapOrder{}, err
	}
	x := venue.Deref(r.Result)
	return venue.Created(Descriptor.Name, swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: x.ID}, DepositAddress: x.AddressFrom, DepositMemo: venue.Deref(x.ExtraIDFrom),
		AmountIn: venue.Deref(x.AmountFrom), AmountOut: venue.Deref(x.AmountTo), VenueStatus: x.Status})
}

// SwapStatus reads GET /v3/exchanges/{id}; SimpleSwap reports no amount
// paid out beside the estimate, so AmountReceived stays unknown.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	var r exchangeReply
	if err := c.exchangeCall(ctx, "GET", c.cfg.BaseURL+ExchangesPath+"/"+url.PathEscape(ref.ID), nil, ref.ID, &r); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	x := venue.Deref(r.Result)
	return StatusWords.Settled(Descriptor.Name, x.Status, x.TxFrom, x.TxTo, nil)
}

// exchangeCall makes a create or status call. SimpleSwap's meanings are in
// the status ([CODE]): 422 is an amount out of range; 400, 404 on create and
// other 4xx a refusal in its words; 404 on a status call an unknown order.
func (c *Client) exchangeCall(ctx context.Context, method, u string, body []byte, orderID string, v *exchangeReply) error {
	r := venue.Request{Method: method, URL: u, Header: []venue.Field{{Key: "x-api-key", Value: c.cfg.APIKey}}}.JSON(body)
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
