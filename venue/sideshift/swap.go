package sideshift

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps the shift statuses docs.sideshift.ai lists under
// "Deposit status" ([DOC], api-intro/deposits). SideShift has no word for a
// failed shift: a deposit it cannot process goes to "review" ("Under human
// review ... After human review it can be settled or refunded"), held, or
// to the refund words. "refund" is "Queued for refund" (it waits for a
// refund address when none was given) and "refunding" is "Refund in
// progress": both are refunding, with the word kept beside the status.
// "multiple" means several deposits came to one shift, each handled on its
// own (the deposits array says how): it needs the user's look, so
// action_required.
var StatusWords = venue.StatusTable{
	"waiting":    swapscout.StatusWaiting,
	"pending":    swapscout.StatusConfirming,
	"processing": swapscout.StatusExchanging,
	"review":     swapscout.StatusHeld,
	"settling":   swapscout.StatusSending,
	"settled":    swapscout.StatusFinished,
	"refund":     swapscout.StatusRefunding,
	"refunding":  swapscout.StatusRefunding,
	"refunded":   swapscout.StatusRefunded,
	"expired":    swapscout.StatusExpired,
	"multiple":   swapscout.StatusActionRequired,
}

// fixedShiftRequest is POST /v2/shifts/fixed: the quote's id and where to
// pay out and refund ([DOC], Edge).
type fixedShiftRequest struct {
	QuoteID       string  `json:"quoteId"`
	SettleAddress string  `json:"settleAddress"`
	SettleMemo    *string `json:"settleMemo,omitempty"`
	RefundAddress string  `json:"refundAddress,omitempty"`
	RefundMemo    *string `json:"refundMemo,omitempty"`
	AffiliateID   string  `json:"affiliateId,omitempty"`
}

// variableShiftRequest is POST /v2/shifts/variable: the pair, no amount
// (the rate is set when the deposit arrives, within depositMin..depositMax).
type variableShiftRequest struct {
	SettleAddress  string  `json:"settleAddress"`
	SettleMemo     *string `json:"settleMemo,omitempty"`
	RefundAddress  string  `json:"refundAddress,omitempty"`
	RefundMemo     *string `json:"refundMemo,omitempty"`
	DepositCoin    string  `json:"depositCoin"`
	DepositNetwork string  `json:"depositNetwork"`
	SettleCoin     string  `json:"settleCoin"`
	SettleNetwork  string  `json:"settleNetwork"`
	AffiliateID    string  `json:"affiliateId,omitempty"`
}

// shift is the create answer and GET /v2/shifts/{id} ([DOC] examples).
// depositAmount and settleAmount are a fixed shift's promise; a variable
// shift has them once settled (what was received and paid out).
type shift struct {
	ID             string            `json:"id"`
	Type           string            `json:"type"`
	DepositAddress string            `json:"depositAddress"`
	DepositMemo    *string           `json:"depositMemo"`
	DepositAmount  *swapscout.Amount `json:"depositAmount"`
	SettleAmount   *swapscout.Amount `json:"settleAmount"`
	ExpiresAt      string            `json:"expiresAt"`
	Status         string            `json:"status"`
	DepositHash    *string           `json:"depositHash"`
	SettleHash     *string           `json:"settleHash"`
	Error          *apiError         `json:"error"`
}

// CreateSwap creates a fixed shift on the offer's quote id, or a variable
// shift for the pair. Both need the account secret. A variable shift takes
// no amount, so the order's amounts are the offer's, an estimate.
//
// SideShift asks integrations that call from a server to send the end
// user's IP (x-user-ip) and blocks some countries; a refusal for either is
// not_configured, in SideShift's words.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req.Request)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	if c.cfg.APIKey == "" {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(swapscout.CodeNotConfigured,
			"SideShift shifts need the account secret (set %sAPI_KEY)", Descriptor.EnvPrefix())
	}
	var (
		path string
		body any
	)
	if req.Offer.RateType == swapscout.Fixed {
		if req.Offer.RateID == "" {
			return swapscout.SwapOrder{}, swapscout.NewVenueError(venue.CodeBadRequest, "SideShift: a fixed shift needs the quote's id")
		}
		path, body = FixedShiftPath, fixedShiftRequest{QuoteID: req.Offer.RateID, SettleAddress: req.PayoutAddress,
			SettleMemo: venue.Memo(req.PayoutMemo), RefundAddress: req.RefundAddress, RefundMemo: venue.Memo(req.RefundMemo),
			AffiliateID: c.cfg.Affiliate}
	} else {
		path, body = VariableShiftPath, variableShiftRequest{SettleAddress: req.PayoutAddress, SettleMemo: venue.Memo(req.PayoutMemo),
			RefundAddress: req.RefundAddress, RefundMemo: venue.Memo(req.RefundMemo),
			DepositCoin: from.Coin, DepositNetwork: from.Network, SettleCoin: to.Coin, SettleNetwork: to.Network,
			AffiliateID: c.cfg.Affiliate}
	}
	b, err := json.Marshal(body)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	var s shift
	if err := c.shiftCall(ctx, "POST", c.cfg.BaseURL+path, b, "", &s); err != nil {
		return swapscout.SwapOrder{}, err
	}
	in, out := venue.Positive(s.DepositAmount), venue.Positive(s.SettleAmount)
	if in.IsZero() || out.IsZero() {
		in, out = req.Offer.AmountIn, req.Offer.AmountOut
	}
	return venue.Created(Descriptor.Name, swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: s.ID}, DepositAddress: s.DepositAddress, DepositMemo: venue.Deref(s.DepositMemo),
		AmountIn: in, AmountOut: out, ExpiresAt: venue.SwapTime(s.ExpiresAt), VenueStatus: s.Status})
}

// SwapStatus reads GET /v2/shifts/{id}. What was paid out is settleAmount
// once the shift is settled.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	var s shift
	if err := c.shiftCall(ctx, "GET", c.cfg.BaseURL+ShiftPath+"/"+url.PathEscape(ref.ID), nil, ref.ID, &s); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	u, err := StatusWords.Update(Descriptor.Name, s.Status)
	if err != nil {
		return u, err
	}
	u.DepositTx, u.PayoutTx = venue.Deref(s.DepositHash), venue.Deref(s.SettleHash)
	if u.Status == swapscout.StatusFinished {
		u.AmountReceived = venue.Positive(s.SettleAmount)
	}
	return u, nil
}

// shiftCall makes a shift call and reads its answer or refusal.
func (c *Client) shiftCall(ctx context.Context, method, u string, body []byte, orderID string, s *shift) error {
	return venue.Fetch(ctx, &c.cfg, venue.Request{Method: method, URL: u, Header: c.headers()}.JSON(body), func(status int, b []byte) error {
		*s = shift{}
		if err := venue.DecodeOrder(Descriptor.Name, status, b, orderID, s); err != nil {
			return err
		}
		if s.Error == nil {
			if status/100 == 2 {
				return nil
			}
			return venue.HTTPRefusal(Descriptor.Name, status, orderID)
		}
		msg := s.Error.Message
		t := strings.ToLower(msg)
		switch {
		case orderID != "" && (status == 404 || strings.Contains(t, "not found")):
			return venue.OrderNotFound(Descriptor.Name, orderID)
		case strings.Contains(t, "amount too low"):
			return swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "SideShift: %s", venue.Clip(msg))
		case strings.Contains(t, "amount too high"):
			return swapscout.NewVenueError(swapscout.CodeAmountTooLarge, "SideShift: %s", venue.Clip(msg))
		case venue.ContainsAny(t, "country-blocked", "secret", "affiliateid", "access denied"):
			return swapscout.NewVenueError(swapscout.CodeNotConfigured, "SideShift refused: %s", venue.Clip(msg))
		}
		if status/100 == 2 {
			status = 400 // a refusal sent with 200
		}
		return venue.Refusal(Descriptor.Name, status, orderID, msg)
	})
}

var _ swapscout.Swapper = (*Client)(nil)
