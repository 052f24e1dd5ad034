package wizardswap

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps WizardSwap's exchange statuses, the list Edge's plugin
// and crypto-power's driver know (research A11, [CODE]). "verifying" is an
// AML check: held.
var StatusWords = venue.ExchangeStatuses(nil)

// ExchangeRequest is POST /exchange ([CODE]); api_key is the optional
// affiliate field.
// The amount goes as a decimal string; the simulator reads the same type.
type ExchangeRequest struct {
	CurrencyFrom  string           `json:"currency_from"`
	CurrencyTo    string           `json:"currency_to"`
	AmountFrom    swapscout.Amount `json:"amount_from"`
	AddressTo     string           `json:"address_to"`
	RefundAddress string           `json:"refund_address"`
	ExtraIDTo     string           `json:"extra_id_to,omitempty"`
	RefundExtraID string           `json:"refund_extra_id,omitempty"`
	APIKey        string           `json:"api_key,omitempty"`
}

// exchange is the answer of POST /exchange and GET /exchange/{id}
// ([CODE]). Beware: expected_amount is the deposit, amount_to the payout
// (Edge checked it live).
type exchange struct {
	ID             string            `json:"id"`
	Status         string            `json:"status"`
	ExpectedAmount *swapscout.Amount `json:"expected_amount"`
	AmountTo       *swapscout.Amount `json:"amount_to"`
	AddressFrom    *string           `json:"address_from"`
	ExtraIDFrom    *string           `json:"extra_id_from"`
	TxFrom         *string           `json:"tx_from"`
	TxTo           *string           `json:"tx_to"`
}

// CreateSwap creates a floating exchange by the amount sent (WizardSwap has
// nothing else). A payout address it refuses comes back as HTTP 200 with
// status "failed" and no deposit address: a bad request.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req.Request)
	switch {
	case err != nil:
		return swapscout.SwapOrder{}, err
	case req.Offer.RateType == swapscout.Fixed || req.Request.Direction == swapscout.Receive:
		return swapscout.SwapOrder{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "WizardSwap swaps at floating rates by the amount sent only")
	}
	affiliate := c.cfg.Affiliate
	if affiliate == "" {
		affiliate = c.cfg.APIKey // what quotes send as api_key
	}
	body, _ := json.Marshal(ExchangeRequest{CurrencyFrom: from, CurrencyTo: to, AmountFrom: req.Offer.AmountIn,
		AddressTo: req.PayoutAddress, RefundAddress: req.RefundAddress, ExtraIDTo: req.PayoutMemo, RefundExtraID: req.RefundMemo,
		APIKey: affiliate})
	var x exchange
	if err := c.exchangeCall(ctx, venue.Request{Method: "POST", URL: c.cfg.BaseURL + ExchangePath}.JSON(body), "", &x); err != nil {
		return swapscout.SwapOrder{}, err
	}
	if x.Status == "failed" && venue.Deref(x.AddressFrom) == "" {
		return swapscout.SwapOrder{}, venue.Refusal(Descriptor.Name, 400, "", "exchange failed at creation without a deposit address (WizardSwap's answer to a payout address it refuses)")
	}
	return venue.Created(Descriptor.Name, swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: x.ID}, DepositAddress: venue.Deref(x.AddressFrom), DepositMemo: venue.Deref(x.ExtraIDFrom),
		AmountIn: venue.Deref(x.ExpectedAmount), AmountOut: venue.Deref(x.AmountTo), VenueStatus: x.Status})
}

// SwapStatus reads GET /exchange/{id}. WizardSwap shows no amount paid out
// beside amount_to, the estimate, so AmountReceived stays unknown.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	var x exchange
	if err := c.exchangeCall(ctx, venue.Request{URL: c.cfg.BaseURL + ExchangePath + "/" + url.PathEscape(ref.ID)}, ref.ID, &x); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	return StatusWords.Settled(Descriptor.Name, x.Status, x.TxFrom, x.TxTo, nil)
}

// exchangeCall reads a tab-prefixed answer. A bare false (crypto-power saw
// "\tfalse" from create) is a refusal without words; on a status call it, a
// 404 or an empty object is an unknown order.
func (c *Client) exchangeCall(ctx context.Context, r venue.Request, orderID string, x *exchange) error {
	return venue.Fetch(ctx, &c.cfg, r, func(status int, body []byte) error {
		b := bytes.TrimSpace(body)
		switch {
		case orderID != "" && (status == 404 || string(b) == "false" || string(b) == "{}" || string(b) == "null"):
			return venue.OrderNotFound(Descriptor.Name, orderID)
		case string(b) == "false":
			return venue.Refusal(Descriptor.Name, 400, "", "false (WizardSwap refused the exchange without a reason)")
		case status < 200 || status > 299:
			var s string
			if json.Unmarshal(b, &s) != nil {
				s = "HTTP " + venue.Clip(string(b))
			}
			return venue.Refusal(Descriptor.Name, status, orderID, s)
		}
		if err := json.Unmarshal(b, x); err != nil {
			var s string
			if json.Unmarshal(b, &s) == nil { // a sentence instead of an object
				if err := prose(s); err != nil {
					if ve, ok := err.(*swapscout.VenueError); ok && ve.Code == swapscout.CodeBadResponse {
						return venue.Refusal(Descriptor.Name, 400, orderID, s)
					}
					return err
				}
			}
			return venue.BadResponse(err)
		}
		return nil
	})
}

var _ swapscout.Swapper = (*Client)(nil)
