package stealthex

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps StealthEX's exchange statuses (research A5: "waiting" is
// recorded in cake's create_exchange.json; confirming, exchanging, sending,
// finished, failed, refunded and verifying are from memory [MEM]).
// "verifying" is an AML/KYC check: held.
var StatusWords = venue.ExchangeStatuses(nil)

// createRequest is POST /v4/exchanges (cake's recorded request): the rate
// request plus the addresses, and rate_id for a fixed rate.
type createRequest struct {
	rateRequest
	Address       string `json:"address"`
	ExtraID       string `json:"extra_id,omitempty"`
	RefundAddress string `json:"refund_address,omitempty"`
	RefundExtraID string `json:"refund_extra_id,omitempty"`
	RateID        string `json:"rate_id,omitempty"`
}

// exchange is the create answer (HTTP 201) and GET /v4/exchanges/{id}
// (cake create_exchange.json, [REC]). deposit.extra_id may be a number
// (Edge, XRP tags).
type exchange struct {
	ID         string   `json:"id"`
	Status     string   `json:"status"`
	Deposit    *leg     `json:"deposit"`
	Withdrawal *leg     `json:"withdrawal"`
	ExpiresAt  *string  `json:"expires_at"`
	Err        *errBody `json:"err"`
}

type leg struct {
	Amount         *swapscout.Amount `json:"amount"`
	ExpectedAmount *swapscout.Amount `json:"expected_amount"`
	Address        string            `json:"address"`
	ExtraID        json.RawMessage   `json:"extra_id"`
	TxHash         *string           `json:"tx_hash"`
}

type errBody struct {
	Kind    string `json:"kind"`
	Details string `json:"details"`
}

// CreateSwap creates an exchange on the offer's rate; a fixed one passes the
// offer's rate id, a receive-side one is "reversed". StealthEX credits the
// partner by the API key.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req.Request)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	var body createRequest
	body.Route.From, body.Route.To = from, to
	body.Estimation, body.Rate = "direct", "floating"
	amt := number(req.Offer.AmountIn)
	if req.Offer.RateType == swapscout.Fixed {
		body.Rate, body.RateID = "fixed", req.Offer.RateID
	}
	if req.Request.Direction == swapscout.Receive {
		body.Estimation, amt = "reversed", number(req.Offer.AmountOut)
	}
	body.Amount = &amt
	body.Address, body.ExtraID, body.RefundAddress, body.RefundExtraID = req.PayoutAddress, req.PayoutMemo, req.RefundAddress, req.RefundMemo
	b, err := json.Marshal(body)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	var x exchange
	if err := c.exchangeCall(ctx, "POST", c.cfg.BaseURL+ExchangesPath, b, "", &x); err != nil {
		return swapscout.SwapOrder{}, err
	}
	if x.ID == "" || x.Deposit == nil || x.Deposit.Address == "" || x.Withdrawal == nil {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "StealthEX created an exchange without id or deposit address")
	}
	o := swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: x.ID}, DepositAddress: x.Deposit.Address, DepositMemo: venue.RawText(x.Deposit.ExtraID),
		AmountIn: expected(x.Deposit), AmountOut: expected(x.Withdrawal), VenueStatus: x.Status}
	if x.ExpiresAt != nil {
		o.ExpiresAt = venue.SwapTime(*x.ExpiresAt)
	}
	return o, nil
}

// SwapStatus reads GET /v4/exchanges/{id}: withdrawal.amount beside its
// expected_amount is what was paid out once the payout has a hash.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	var x exchange
	if err := c.exchangeCall(ctx, "GET", c.cfg.BaseURL+ExchangesPath+"/"+url.PathEscape(ref.ID), nil, ref.ID, &x); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	var in, out *string
	var paid *swapscout.Amount
	if x.Deposit != nil {
		in = x.Deposit.TxHash
	}
	if x.Withdrawal != nil {
		out, paid = x.Withdrawal.TxHash, x.Withdrawal.Amount
	}
	return StatusWords.Settled(Descriptor.Name, x.Status, in, out, paid)
}

func (c *Client) exchangeCall(ctx context.Context, method, u string, body []byte, orderID string, x *exchange) error {
	hdr := []venue.Field{{Key: "Accept", Value: "application/json"}}
	if c.cfg.APIKey != "" {
		hdr = append(hdr, venue.Field{Key: "Authorization", Value: "Bearer " + c.cfg.APIKey})
	}
	return venue.Fetch(ctx, &c.cfg, venue.Request{Method: method, URL: u, Header: hdr}.JSON(body), func(status int, b []byte) error {
		if err := venue.DecodeOrder(Descriptor.Name, status, b, orderID, x); err != nil {
			return err
		}
		if x.Err == nil || x.Err.Kind == "" {
			if status >= 200 && status < 300 {
				return nil
			}
			return venue.HTTPRefusal(Descriptor.Name, status, orderID)
		}
		kind, words := x.Err.Kind, x.Err.Kind+": "+x.Err.Details
		switch code := errorKinds[kind]; {
		case kind == "NotFound" && orderID != "":
			return venue.OrderNotFound(Descriptor.Name, orderID)
		case kind == "InvalidAmount":
			if c := limitCode(x.Err.Details); c != "" {
				code = c
			}
			return swapscout.NewVenueError(code, "StealthEX: %s", words)
		case code == swapscout.CodeUnsupportedPair || code == swapscout.CodeNotConfigured:
			return swapscout.NewVenueError(code, "StealthEX: %s", words)
		}
		if status < 400 {
			status = 400
		}
		return venue.Refusal(Descriptor.Name, status, orderID, words)
	})
}

// expected is a leg's expected amount, else its amount.
func expected(l *leg) swapscout.Amount {
	if l.ExpectedAmount != nil {
		return *l.ExpectedAmount
	}
	return venue.Deref(l.Amount)
}

var _ swapscout.Swapper = (*Client)(nil)
