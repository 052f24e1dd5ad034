package majesticbank

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps Majestic Bank's trade statuses. The only two any source
// names are Cake Wallet's ([CODE], majesticbank_exchange_provider.dart
// _parseStatus): "Waiting for funds" and "Completed". Every other word is
// StatusUnknown with the word kept, until a source shows it.
var StatusWords = venue.StatusTable{
	"Waiting for funds": swapscout.StatusWaiting,
	"Completed":         swapscout.StatusFinished,
}

// order is the answer of /exchange and /pay and of /track ([CODE], research
// A12 and Cake): trx is the id, address the deposit address, expiration
// minutes; track adds status, received and confirmed.
type order struct {
	Trx           string            `json:"trx"`
	FromAmount    *swapscout.Amount `json:"from_amount"`
	ReceiveAmount *swapscout.Amount `json:"receive_amount"`
	Address       string            `json:"address"`
	Expiration    *swapscout.Amount `json:"expiration"`
	Status        string            `json:"status"`

	Error   json.RawMessage `json:"error"`
	Message string          `json:"message"`
	Extra   string          `json:"extra"`
}

// CreateSwap creates a floating trade with /exchange (from_amount) or, for a
// fixed offer, a payment with /pay (receive_amount); the affiliate id goes
// as referral_code.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req.Request)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	q := url.Values{"from_currency": {from}, "receive_currency": {to}, "receive_address": {req.PayoutAddress}}
	if c.cfg.Affiliate != "" {
		q.Set("referral_code", c.cfg.Affiliate)
	}
	path := ExchangePath
	if req.Offer.RateType == swapscout.Fixed || req.Request.Direction == swapscout.Receive {
		path = PayPath
		q.Set("receive_amount", req.Offer.AmountOut.String())
	} else {
		q.Set("from_amount", req.Offer.AmountIn.String())
	}
	var o order
	if err := c.orderCall(ctx, path+"?"+q.Encode(), "", &o); err != nil {
		return swapscout.SwapOrder{}, err
	}
	so := swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: o.Trx}, DepositAddress: o.Address, AmountIn: venue.Deref(o.FromAmount),
		AmountOut: venue.Deref(o.ReceiveAmount), VenueStatus: "Waiting for funds"}
	// Minutes, possibly fractional; an absurd count is no expiry at all
	// (it once overflowed to a time 292 billion years ago).
	if d, ok := venue.DurationOf(venue.Deref(o.Expiration), time.Minute); ok && d > 0 {
		so.ExpiresAt = c.cfg.NowTime().Add(d).UTC()
	}
	return venue.Created(Descriptor.Name, so)
}

// SwapStatus reads /track?trx=. Majestic Bank shows no transaction hashes
// and no amount paid out beside receive_amount, the promise.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	var o order
	if err := c.orderCall(ctx, TrackPath+"?"+url.Values{"trx": {ref.ID}}.Encode(), ref.ID, &o); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	return StatusWords.Update(Descriptor.Name, o.Status)
}

// orderCall GETs path into o. Refusals come as 400 {error, message} (Cake)
// or the {error, extra} of /calculate; 404 on /track is an unknown trade
// (Cake). A refusal naming an address is a bad request, one naming a limit
// or a currency is read as quotes' refusals are.
func (c *Client) orderCall(ctx context.Context, path, orderID string, o *order) error {
	return venue.Fetch(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + path}, func(status int, body []byte) error {
		err := json.Unmarshal(body, o)
		failed := err == nil && refused(o.Error)
		switch {
		case orderID != "" && status == 404:
			return venue.OrderNotFound(Descriptor.Name, orderID)
		case err != nil && status >= 200 && status < 300:
			return venue.BadResponse(err)
		case !failed && status >= 200 && status < 300:
			return nil
		}
		var e string
		_ = json.Unmarshal(o.Error, &e)
		words := strings.TrimSpace(strings.Join([]string{e, o.Message, o.Extra}, " "))
		return venue.SwapRefusal(Descriptor.Name, status, orderID, words, refusal(max(status, 400), calculateResponse{Extra: words}), "address")
	})
}

var _ swapscout.Swapper = (*Client)(nil)
