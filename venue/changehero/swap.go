package changehero

import (
	"context"
	"errors"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps ChangeHero's transaction statuses. No stored source
// lists them (research A7 names getStatus only); these are the words of
// ChangeHero's API docs as remembered [MEM]: new, waiting, confirming,
// exchanging, sending, finished, failed, refunded, overdue, hold, expired.
var StatusWords = venue.StatusNames("waiting confirming exchanging sending finished failed refunded expired", venue.StatusTable{
	"new": swapscout.StatusWaiting, "overdue": swapscout.StatusExpired, "hold": swapscout.StatusHeld,
})

// createParams are the params of createFixTransaction ([CODE], Edge) and
// createTransaction (the float method, [MEM]: the same without rateId).
type createParams struct {
	From          string `json:"from"`
	To            string `json:"to"`
	ChainFrom     string `json:"chainFrom"`
	ChainTo       string `json:"chainTo"`
	Amount        string `json:"amount,omitempty"`
	AmountTo      string `json:"amountTo,omitempty"`
	Address       string `json:"address"`
	ExtraID       string `json:"extraId,omitempty"`
	RefundAddress string `json:"refundAddress,omitempty"`
	RefundExtraID string `json:"refundExtraId,omitempty"`
	RateID        string `json:"rateId,omitempty"`
}

// transaction is the result of the create methods ([CODE]) and an item of
// getTransactions' array ([CODE] shape; payinHash, payoutHash and amountTo
// are [MEM]). Amounts come as strings or numbers.
type transaction struct {
	ID                 string            `json:"id"`
	Status             string            `json:"status"`
	AmountExpectedFrom *swapscout.Amount `json:"amountExpectedFrom"`
	AmountExpectedTo   *swapscout.Amount `json:"amountExpectedTo"`
	AmountTo           *swapscout.Amount `json:"amountTo"`
	PayinAddress       string            `json:"payinAddress"`
	PayinExtraID       *string           `json:"payinExtraId"`
	PayinHash          *string           `json:"payinHash"`
	PayoutHash         *string           `json:"payoutHash"`
}

type idParams struct {
	ID string `json:"id"`
}

// CreateSwap calls createFixTransaction with the offer's rateId (amountTo
// for a receive-side offer), or createTransaction for a floating one.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req.Request)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	p := createParams{From: from.Ticker, To: to.Ticker, ChainFrom: from.Chain, ChainTo: to.Chain,
		Amount: req.Offer.AmountIn.String(), Address: req.PayoutAddress, ExtraID: req.PayoutMemo,
		RefundAddress: req.RefundAddress, RefundExtraID: req.RefundMemo}
	method := "createTransaction"
	if req.Offer.RateType == swapscout.Fixed {
		method, p.RateID = "createFixTransaction", req.Offer.RateID
		if req.Request.Direction == swapscout.Receive {
			p.Amount, p.AmountTo = "", req.Offer.AmountOut.String()
		}
	}
	var tx transaction
	if err := c.swapCall(ctx, method, p, "", &tx); err != nil {
		return swapscout.SwapOrder{}, err
	}
	return venue.Created(Descriptor.Name, swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: tx.ID}, DepositAddress: tx.PayinAddress, DepositMemo: venue.Deref(tx.PayinExtraID),
		AmountIn: venue.Deref(tx.AmountExpectedFrom), AmountOut: venue.Deref(tx.AmountExpectedTo), VenueStatus: tx.Status})
}

// SwapStatus calls getTransactions for the id: an empty list is an unknown
// order; amountTo is what was paid out once the payout has a hash.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	var list []transaction
	if err := c.swapCall(ctx, "getTransactions", idParams{ref.ID}, ref.ID, &list); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	if len(list) == 0 {
		return swapscout.SwapUpdate{}, venue.OrderNotFound(Descriptor.Name, ref.ID)
	}
	tx := list[0]
	return StatusWords.Settled(Descriptor.Name, tx.Status, tx.PayinHash, tx.PayoutHash, tx.AmountTo)
}

// swapCall is call for the swap methods: an error naming an address or
// extra id, a transaction not found, or one the quote codes leave
// unclassified is a refusal in ChangeHero's words.
func (c *Client) swapCall(ctx context.Context, method string, params any, orderID string, v any) error {
	err := c.call(ctx, method, params, v)
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Err != nil || !strings.HasPrefix(ve.Msg, "ChangeHero: ") {
		return err
	}
	m := strings.ToLower(ve.Msg)
	switch {
	case orderID != "" && (strings.Contains(m, "not found") || ve.Code == swapscout.CodeUnsupportedPair):
		return venue.OrderNotFound(Descriptor.Name, orderID)
	case strings.Contains(m, "address") || strings.Contains(m, "extra") || strings.Contains(m, "rate id") ||
		strings.Contains(m, "rateid") || ve.Code == swapscout.CodeBadResponse:
		return venue.Refusal(Descriptor.Name, 400, orderID, strings.TrimPrefix(ve.Msg, "ChangeHero: "))
	}
	return err
}

var _ swapscout.Swapper = (*Client)(nil)
