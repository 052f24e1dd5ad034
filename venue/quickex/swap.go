package quickex

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps the kinds of a Quickex order's events, the only status
// its public-info answer carries, as two third-party clients read them
// ([CODE]: a Node adapter's EVENT_STATUS_MAP and a C# order parser):
// CREATION_END, INCOMING_FUNDS_DETECTED, DEPOSIT_REGISTERED,
// FUNDS_WITHDRAWAL_START, WITHDRAWAL_COMPLETED. "completed" (the order's
// completed flag) and "failedToCreate" are the two flags they read. No
// source shows the events of a refund or an expiry: those kinds are
// StatusUnknown with the kind kept.
var StatusWords = venue.StatusTable{
	"CREATION_END":            swapscout.StatusWaiting,
	"INCOMING_FUNDS_DETECTED": swapscout.StatusConfirming,
	"DEPOSIT_REGISTERED":      swapscout.StatusExchanging,
	"FUNDS_WITHDRAWAL_START":  swapscout.StatusSending,
	"WITHDRAWAL_COMPLETED":    swapscout.StatusFinished,
	"completed":               swapscout.StatusFinished,
	"failedToCreate":          swapscout.StatusFailed,
}

// InstrumentRef is an instrument as the create request names it.
type InstrumentRef struct {
	CurrencyTitle string `json:"currencyTitle"`
	NetworkTitle  string `json:"networkTitle"`
}

// CreateRequest is POST /v2/orders/public/create ([CODE]: the research's
// field list and the Node client's body); the amount goes as a decimal
// string. The simulator reads the same type.
type CreateRequest struct {
	InstrumentFrom         InstrumentRef    `json:"instrumentFrom"`
	InstrumentTo           InstrumentRef    `json:"instrumentTo"`
	DestinationAddress     string           `json:"destinationAddress"`
	DestinationAddressMemo string           `json:"destinationAddressMemo,omitempty"`
	RefundAddress          string           `json:"refundAddress,omitempty"`
	RefundAddressMemo      string           `json:"refundAddressMemo,omitempty"`
	ClaimedDepositAmount   swapscout.Amount `json:"claimedDepositAmount"`
	RateMode               string           `json:"rateMode"`
	ReferrerID             string           `json:"referrerId,omitempty"`
}

// orderReply is the create answer and GET /v2/orders/public-info ([CODE]):
// orderId a number or a string, depositAddress a string or an object, the
// progress in orderEvents and the flags, the legs in deposits/withdrawals.
type orderReply struct {
	OrderID              json.RawMessage   `json:"orderId"`
	DepositAddress       json.RawMessage   `json:"depositAddress"`
	DepositAddressMemo   *string           `json:"depositAddressMemo"`
	ClaimedDepositAmount *swapscout.Amount `json:"claimedDepositAmount"`
	AmountToGet          *swapscout.Amount `json:"amountToGet"`
	Completed            bool              `json:"completed"`
	FailedToCreate       bool              `json:"failedToCreate"`
	OrderEvents          []struct {
		Kind      string `json:"kind"`
		CreatedAt string `json:"createdAt"`
	} `json:"orderEvents"`
	Deposits    []orderLeg `json:"deposits"`
	Withdrawals []orderLeg `json:"withdrawals"`
}

type orderLeg struct {
	Amount *swapscout.Amount `json:"amount"`
	TxID   *string           `json:"txId"`
}

// CreateSwap creates an order at the rate mode of the offer; Quickex takes
// no rate id. The key, when configured with its secret, signs the request;
// the affiliate id is sent as referrerId.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req.Request)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	if req.Request.Direction == swapscout.Receive {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Quickex creates orders by the amount sent only")
	}
	body, _ := json.Marshal(CreateRequest{
		InstrumentFrom: InstrumentRef{from.Currency, from.Network}, InstrumentTo: InstrumentRef{to.Currency, to.Network},
		DestinationAddress: req.PayoutAddress, DestinationAddressMemo: req.PayoutMemo,
		RefundAddress: req.RefundAddress, RefundAddressMemo: req.RefundMemo,
		ClaimedDepositAmount: req.Offer.AmountIn, RateMode: rateMode(req.Offer.RateType), ReferrerID: c.cfg.Affiliate,
	})
	var r orderReply
	err = c.orderCall(ctx, venue.Request{Method: "POST", URL: c.cfg.BaseURL + CreatePath}.JSON(body), string(body), "", req.Offer.AmountIn, &r)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	id := strings.Trim(string(r.OrderID), `"`)
	addr, memo := depositOf(r.DepositAddress)
	if memo == "" {
		memo = venue.Deref(r.DepositAddressMemo)
	}
	if id == "" || id == "null" || addr == "" {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "Quickex created an order without orderId or depositAddress")
	}
	return swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: id, Secret: req.PayoutAddress}, DepositAddress: addr, DepositMemo: memo,
		AmountIn: venue.Deref(r.ClaimedDepositAmount), AmountOut: venue.Deref(r.AmountToGet), VenueStatus: "CREATION_END"}, nil
}

// SwapStatus reads public-info for the order's id and payout address (its
// secret: public-info needs both, the address authorizes the read): the word
// is "completed" or "failedToCreate" when those flags are set, else the kind
// of the latest event.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	id, addr := ref.ID, ref.Secret
	if id == "" || addr == "" {
		return swapscout.SwapUpdate{}, venue.OrderNotFound(Descriptor.Name, ref.ID)
	}
	q := url.Values{"orderId": {id}, "destinationAddress": {addr}}.Encode()
	var r orderReply
	if err := c.orderCall(ctx, venue.Request{URL: c.cfg.BaseURL + InfoPath + "?" + q}, q, ref.ID, swapscout.Amount{}, &r); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	word := ""
	switch {
	case r.Completed:
		word = "completed"
	case r.FailedToCreate:
		word = "failedToCreate"
	default:
		var latest time.Time
		for _, e := range r.OrderEvents {
			t := venue.SwapTime(e.CreatedAt)
			if word == "" || t.After(latest) {
				word, latest = e.Kind, t
			}
		}
	}
	u, err := StatusWords.Update(Descriptor.Name, word)
	if err != nil {
		return u, err
	}
	if len(r.Deposits) > 0 {
		u.DepositTx = venue.Deref(r.Deposits[0].TxID)
	}
	if len(r.Withdrawals) > 0 {
		if u.PayoutTx = venue.Deref(r.Withdrawals[0].TxID); u.PayoutTx != "" {
			u.AmountReceived = venue.Deref(r.Withdrawals[0].Amount)
		}
	}
	return u, nil
}

// orderCall signs (when a key and secret are configured) and makes a create
// or status call. Refusals are read as quotes' are, except that one naming
// an address or memo is a bad request and an unknown order (404)
// order_not_found. decode, when given, reads a 2xx body instead of v.
func (c *Client) orderCall(ctx context.Context, r venue.Request, signed, orderID string, amount swapscout.Amount, v *orderReply, decode ...func([]byte) error) error {
	r.Header = []venue.Field{{Key: "Accept", Value: "application/json"}}
	if c.cfg.APIKey != "" && c.cfg.APISecret != "" {
		ts := strconv.FormatInt(c.cfg.NowTime().UnixMilli(), 10)
		r.Header = append(r.Header, venue.Field{Key: "X-Api-Public-Key", Value: c.cfg.APIKey},
			venue.Field{Key: "X-Api-Timestamp", Value: ts}, venue.Field{Key: "X-Api-Signature", Value: SignOrder(c.cfg.APISecret, ts, signed, c.cfg.APIKey)})
	}
	return venue.Fetch(ctx, &c.cfg, r, func(status int, body []byte) error {
		if status >= 200 && status < 300 {
			if len(decode) > 0 {
				return decode[0](body)
			}
			if err := json.Unmarshal(body, v); err != nil {
				return venue.BadResponse(err)
			}
			return nil
		}
		var er errorResponse
		_ = json.Unmarshal(body, &er)
		words := strings.TrimSpace(er.Message + " " + string(er.Data))
		return venue.SwapRefusal(Descriptor.Name, status, orderID, words, refusal(status, body, amount), "address", "memo")
	})
}

// SignOrder is the signature the 2026 third-party client sends:
// base64(HMAC-SHA256(secret, timestamp + body-or-query + public key)).
func SignOrder(secret, ts, payload, key string) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write([]byte(ts + payload + key))
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// depositOf reads depositAddress: a string, or {depositAddress,
// depositAddressMemo}.
func depositOf(raw json.RawMessage) (addr, memo string) {
	if json.Unmarshal(raw, &addr) == nil {
		return addr, ""
	}
	var o struct {
		DepositAddress     string  `json:"depositAddress"`
		DepositAddressMemo *string `json:"depositAddressMemo"`
	}
	if json.Unmarshal(raw, &o) == nil {
		return o.DepositAddress, venue.Deref(o.DepositAddressMemo)
	}
	return "", ""
}

var _ swapscout.Swapper = (*Client)(nil)
