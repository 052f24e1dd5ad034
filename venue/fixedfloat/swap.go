package fixedfloat

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps FixedFloat's order statuses. The list NEW, PENDING,
// EXCHANGE, WITHDRAW, DONE, EXPIRED, EMERGENCY is from memory of the API v2
// docs (research A2, [MEM]). EMERGENCY means the venue waits for the user's
// choice (refund or continue): action_required; a DONE order whose "back" leg has a
// transaction was refunded (see SwapStatus).
var StatusWords = venue.StatusTable{
	"NEW":       swapscout.StatusWaiting,
	"PENDING":   swapscout.StatusConfirming,
	"EXCHANGE":  swapscout.StatusExchanging,
	"WITHDRAW":  swapscout.StatusSending,
	"DONE":      swapscout.StatusFinished,
	"EXPIRED":   swapscout.StatusExpired,
	"EMERGENCY": swapscout.StatusActionRequired,
}

// createRequest is the body of `create` (crypto-power, [CODE]); refcode
// credits our affiliate account when configured.
type createRequest struct {
	Type      string      `json:"type"`
	FromCcy   string      `json:"fromCcy"`
	ToCcy     string      `json:"toCcy"`
	Direction string      `json:"direction"`
	Amount    json.Number `json:"amount"`
	ToAddress string      `json:"toAddress"`
	Tag       *string     `json:"tag"`
	Refcode   string      `json:"refcode,omitempty"`
}

// orderRequest is the body of `order`: the id and its token.
type orderRequest struct {
	ID    string `json:"id"`
	Token string `json:"token"`
}

// orderData is data of `create` and `order` (crypto-power OrderResponse).
type orderData struct {
	ID     string `json:"id"`
	Token  string `json:"token"`
	Status string `json:"status"`
	Time   *struct {
		Expiration *int64 `json:"expiration"`
	} `json:"time"`
	From *orderLeg `json:"from"`
	To   *orderLeg `json:"to"`
	Back *orderLeg `json:"back"`
}

type orderLeg struct {
	Amount  *swapscout.Amount `json:"amount"`
	Address *string           `json:"address"`
	Tag     json.RawMessage   `json:"tag"`
	Tx      *struct {
		ID     *string           `json:"id"`
		Amount *swapscout.Amount `json:"amount"`
	} `json:"tx"`
}

func (l *orderLeg) txID() string {
	if l == nil || l.Tx == nil {
		return ""
	}
	return venue.Deref(l.Tx.ID)
}

// CreateSwap creates an order; FixedFloat has no rate id, the type (fixed or
// float) and direction say what is locked. The order returned carries its
// token as its secret: `order` needs both, and the token is only given at
// creation.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req.Request)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	list := c.ccies.Load()
	if list == nil {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(swapscout.CodeUnavailable, "FixedFloat currency list not loaded yet")
	}
	f, okf := (*list)[from]
	t, okt := (*list)[to]
	if !okf || !okt {
		return swapscout.SwapOrder{}, venue.Unsupported(Descriptor.Name, req.Request)
	}
	body := createRequest{Type: "float", FromCcy: f.Code, ToCcy: t.Code, Direction: "from",
		Amount: json.Number(req.Offer.AmountIn.String()), ToAddress: req.PayoutAddress, Tag: venue.Memo(req.PayoutMemo), Refcode: c.cfg.Affiliate}
	if req.Offer.RateType == swapscout.Fixed {
		body.Type = "fixed"
	}
	if req.Request.Direction == swapscout.Receive {
		body.Direction, body.Amount = "to", json.Number(req.Offer.AmountOut.String())
	}
	b, err := json.Marshal(body)
	if err != nil {
		return swapscout.SwapOrder{}, venue.BadResponse(err)
	}
	var d orderData
	if err := c.orderCall(ctx, "create", b, "", &d); err != nil {
		return swapscout.SwapOrder{}, err
	}
	if d.ID == "" || d.Token == "" || d.From == nil || venue.Deref(d.From.Address) == "" || d.To == nil {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "FixedFloat created an order without id, token or deposit address")
	}
	o := swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: d.ID, Secret: d.Token}, DepositAddress: *d.From.Address, DepositMemo: venue.RawText(d.From.Tag),
		AmountIn: venue.Deref(d.From.Amount), AmountOut: venue.Deref(d.To.Amount), VenueStatus: d.Status}
	if d.Time != nil && d.Time.Expiration != nil && *d.Time.Expiration > 0 {
		o.ExpiresAt, _ = venue.UnixTime(*d.Time.Expiration, time.Second)
	}
	return o, nil
}

// SwapStatus asks `order` for the order's id and token (its secret). A DONE order whose back leg
// has a transaction went back to the user: refunded; that transaction and
// its amount are the refund's.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	id, token := ref.ID, ref.Secret
	if id == "" || token == "" {
		return swapscout.SwapUpdate{}, venue.OrderNotFound(Descriptor.Name, ref.ID)
	}
	b, _ := json.Marshal(orderRequest{ID: id, Token: token})
	var d orderData
	if err := c.orderCall(ctx, "order", b, ref.ID, &d); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	u, err := StatusWords.Update(Descriptor.Name, d.Status)
	if err != nil {
		return u, err
	}
	u.DepositTx, u.PayoutTx = d.From.txID(), d.To.txID()
	if u.Status == swapscout.StatusFinished && d.Back.txID() != "" && u.PayoutTx == "" {
		u.Status = swapscout.StatusRefunded
	}
	if u.PayoutTx != "" && d.To.Tx.Amount != nil {
		u.AmountReceived = *d.To.Tx.Amount
	}
	if u.RefundTx = d.Back.txID(); u.RefundTx != "" && d.Back.Tx != nil {
		u.AmountRefunded = venue.Positive(d.Back.Tx.Amount) // the refund, in the deposit's coin
	}
	return u, nil
}

// orderCall is call for create and order: a refusal that names an address
// or tag, or one the quote codes do not classify, is a bad request in
// FixedFloat's words; an unknown order is order_not_found.
func (c *Client) orderCall(ctx context.Context, method string, body []byte, orderID string, v *orderData) error {
	err := c.call(ctx, method, body, v)
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || !strings.Contains(ve.Msg, "(code ") {
		return err // not an envelope refusal
	}
	m := strings.ToLower(ve.Msg)
	switch {
	case orderID != "" && (strings.Contains(m, "not found") || strings.Contains(m, "token")):
		return venue.OrderNotFound(Descriptor.Name, orderID)
	case strings.Contains(m, "address") || strings.Contains(m, "tag") || strings.Contains(m, "memo") ||
		ve.Code == swapscout.CodeBadResponse:
		return venue.Refusal(Descriptor.Name, 400, orderID, ve.Msg)
	}
	return err
}

var _ swapscout.Swapper = (*Client)(nil)
