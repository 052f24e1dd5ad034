package trocador

import (
	"context"
	"encoding/json"
	"net/url"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps Trocador's trade statuses. "waiting" is recorded (cake
// trocador/new_trade.json and trade.json); the rest are the TradeStatus
// enum of a Rust client of the same API ([CODE]): new, confirming, sending,
// paid_partially, finished, failed, expired, halted, refunded. Trocador's
// API documentation (Status) says "halted: some issue happened with the
// swap, please contact support" and "paid partially: user deposited less
// than the required amount": both wait for the user, action_required.
var StatusWords = venue.StatusNames("waiting confirming sending finished failed expired refunded", venue.StatusTable{
	"new": swapscout.StatusWaiting, "paid_partially": swapscout.StatusActionRequired, "halted": swapscout.StatusActionRequired,
})

// trade is GET /new_trade and an item of GET /trade's list (cake's
// recordings, [REC]).
type trade struct {
	TradeID             string            `json:"trade_id"`
	Status              string            `json:"status"`
	AmountFrom          *swapscout.Amount `json:"amount_from"`
	AmountTo            *swapscout.Amount `json:"amount_to"`
	Provider            string            `json:"provider"`
	AddressProvider     string            `json:"address_provider"`
	AddressProviderMemo string            `json:"address_provider_memo"`
	Hashout             *string           `json:"hashout"`
	Quotes              *struct {
		ExpiresAt string `json:"expiresAt"`
	} `json:"quotes"`
	Error   string `json:"error"`
	Message string `json:"message"`
}

// CreateSwap turns the offer's rate (its RateID is new_rate's trade_id and
// its Provider the partner quoted) into a trade with new_trade: Trocador's
// own trade API, no account needed beyond the API key that quotes.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req.Request)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	if c.cfg.APIKey == "" {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(swapscout.CodeNotConfigured, "Trocador needs an API key (set %sAPI_KEY)", Descriptor.EnvPrefix())
	}
	if req.Offer.RateID == "" || req.Offer.Provider == "" {
		return swapscout.SwapOrder{}, venue.Refusal(Descriptor.Name, 400, "", "the offer carries no trade_id or provider to trade on")
	}
	fixed := req.Offer.RateType == swapscout.Fixed || req.Request.Direction == swapscout.Receive
	q := url.Values{
		"id": {req.Offer.RateID}, "ticker_from": {from.Ticker}, "network_from": {from.Network},
		"ticker_to": {to.Ticker}, "network_to": {to.Network}, "provider": {req.Offer.Provider},
		"address": {req.PayoutAddress}, "address_memo": {memoOrZero(req.PayoutMemo)},
		"refund": {req.RefundAddress}, "refund_memo": {memoOrZero(req.RefundMemo)},
		"fixed": {pyBoolString(fixed)}, "payment": {pyBoolString(req.Request.Direction == swapscout.Receive)},
	}
	if req.Request.Direction == swapscout.Receive {
		q.Set("amount_to", req.Offer.AmountOut.String())
	} else {
		q.Set("amount_from", req.Offer.AmountIn.String())
	}
	var t trade
	if err := c.tradeCall(ctx, NewTradePath+"?"+q.Encode(), "", &t); err != nil {
		return swapscout.SwapOrder{}, err
	}
	o := swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: t.TradeID}, DepositAddress: t.AddressProvider, DepositMemo: t.AddressProviderMemo,
		AmountIn: venue.Deref(t.AmountFrom), AmountOut: venue.Deref(t.AmountTo), VenueStatus: t.Status}
	if t.Quotes != nil {
		o.ExpiresAt = venue.SwapTime(t.Quotes.ExpiresAt)
	}
	return venue.Created(Descriptor.Name, o)
}

// SwapStatus reads GET /trade?id=, a list of one trade (an empty list is an
// unknown id). Trocador shows the payout hash (hashout) but no amount paid
// out beside amount_to, the promise, so AmountReceived stays unknown.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	var list []trade
	if err := c.tradeCall(ctx, TradePath+"?"+url.Values{"id": {ref.ID}}.Encode(), ref.ID, &list); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	if len(list) == 0 {
		return swapscout.SwapUpdate{}, venue.OrderNotFound(Descriptor.Name, ref.ID)
	}
	u, err := StatusWords.Update(Descriptor.Name, list[0].Status)
	if err != nil {
		return u, err
	}
	u.PayoutTx = venue.Deref(list[0].Hashout)
	return u, nil
}

// tradeCall GETs path with the key. {"error":…} is read as quotes' are, a
// refusal the quote codes leave unclassified (an address, a memo) being a
// bad request; on a status call, "not found" is an unknown order.
func (c *Client) tradeCall(ctx context.Context, path, orderID string, v any) error {
	return venue.Fetch(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + path,
		Header: []venue.Field{{Key: "API-Key", Value: c.cfg.APIKey}, {Key: "Accept", Value: "application/json"}}},
		func(status int, body []byte) error {
			var er errorResponse
			if json.Unmarshal(body, &er) == nil && er.Error != "" {
				words := er.Error
				if er.Message != "" {
					words += ": " + er.Message
				}
				return venue.SwapRefusal(Descriptor.Name, status, orderID, words, refusal(status, words), "address", "memo")
			}
			if status < 200 || status > 299 {
				return venue.Refusal(Descriptor.Name, status, orderID, "no error text")
			}
			if err := json.Unmarshal(body, v); err != nil {
				return venue.BadResponse(err)
			}
			return nil
		})
}

// memoOrZero is a memo as new_trade takes it: "0" for none (Trocador's
// docs and a client of it send "0").
func memoOrZero(memo string) string {
	if memo == "" {
		return "0"
	}
	return memo
}

func pyBoolString(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

var _ swapscout.Swapper = (*Client)(nil)
