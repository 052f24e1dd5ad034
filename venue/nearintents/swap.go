package nearintents

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps every status of GetExecutionStatusResponse in 1Click's
// OpenAPI description (the generated clients' enum): PENDING_DEPOSIT is
// recorded (testdata/status.json). INCOMPLETE_DEPOSIT is a deposit below
// what the quote needs: the swap waits for the rest, and is refunded at the
// deadline otherwise, so the user has something to do (action_required). 1Click has no
// word of its own for sending or for an expired address.
var StatusWords = venue.StatusTable{
	"PENDING_DEPOSIT":    swapscout.StatusWaiting,
	"KNOWN_DEPOSIT_TX":   swapscout.StatusConfirming,
	"INCOMPLETE_DEPOSIT": swapscout.StatusActionRequired,
	"PROCESSING":         swapscout.StatusExchanging,
	"SUCCESS":            swapscout.StatusFinished,
	"REFUNDED":           swapscout.StatusRefunded,
	"FAILED":             swapscout.StatusFailed,
}

// memoSep joins a deposit address and its memo in an order id, for the
// chains whose deposits 1Click tells apart by memo (status needs both). No
// address contains it.
const memoSep = "#"

// CreateSwap asks POST /v0/quote with dry=false and the user's addresses:
// the answer is the same quote plus a fresh deposit address, which is the
// order (1Click has no other id). The order expires at the deadline the
// quote was asked with, or at the deposit address's own deadline when that
// comes first. The payout goes to PayoutAddress on the destination chain,
// a refund to RefundAddress on the origin chain: 1Click requires both.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	p, err := c.resolve(req.Request)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	return c.create(ctx, req, p)
}

// create makes the order for the resolved pair p.
func (c *Client) create(ctx context.Context, req swapscout.CreateSwapRequest, p pair) (swapscout.SwapOrder, error) {
	switch {
	case req.Offer.RateType == swapscout.Fixed:
		return swapscout.SwapOrder{}, swapscout.NewVenueError(venue.CodeBadRequest, "%s swaps at floating rates only", Descriptor.Name)
	case req.RefundAddress == "":
		return swapscout.SwapOrder{}, swapscout.NewVenueError(venue.CodeBadRequest, "%s needs a refund address on %s", Descriptor.Name, req.Request.From.Network)
	case req.PayoutMemo != "" || req.RefundMemo != "":
		return swapscout.SwapOrder{}, swapscout.NewVenueError(venue.CodeBadRequest, "%s takes no payout or refund memo", Descriptor.Name)
	}
	// The order is made for the offer's amount on the side the request
	// names, so the promise matches what was shown.
	qr := req.Request
	if qr.Direction == swapscout.Receive && req.Offer.AmountOut.Sign() > 0 {
		qr.Amount = req.Offer.AmountOut
	} else if qr.Direction == swapscout.Send && req.Offer.AmountIn.Sign() > 0 {
		qr.Amount = req.Offer.AmountIn
	}
	body, err := c.request(qr, p, false, req.PayoutAddress, req.RefundAddress)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	r, err := c.post(ctx, qr, p, body)
	if err != nil {
		return swapscout.SwapOrder{}, asCreateError(err)
	}
	now := c.cfg.NowTime()
	o, err := offerOf(qr, p, r, now)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	q := r.Quote
	if !plainText(q.DepositAddress) || strings.Contains(q.DepositAddress, memoSep) || (q.DepositMemo != "" && !plainText(q.DepositMemo)) {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "%s created no usable depositAddress", Descriptor.Name)
	}
	exp := o.ExpiresAt
	if t := venue.SwapTime(q.Deadline); t.After(now) && (exp.IsZero() || t.Before(exp)) {
		exp = t
	}
	if exp.IsZero() {
		exp = venue.SwapTime(body.Deadline)
	}
	id := q.DepositAddress
	if q.DepositMemo != "" {
		id += memoSep + q.DepositMemo
	}
	return swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: id}, DepositAddress: q.DepositAddress, DepositMemo: q.DepositMemo,
		AmountIn: o.AmountIn, AmountOut: o.AmountOut, ExpiresAt: exp}, nil
}

// plainText reports whether s can be shown as an address or memo: not
// empty, short, printable, without spaces.
func plainText(s string) bool {
	if s == "" || len(s) > 128 {
		return false
	}
	for _, r := range s {
		if r <= ' ' || r == 0x7f || r > '~' {
			return false
		}
	}
	return true
}

// asCreateError turns a quote refusal that is about what we asked into
// the create vocabulary: an address 1Click says is not valid is the user's,
// bad_request with its field ("payout_address" for the recipient); another
// request it refused (a validation message) is bad_request too.
func asCreateError(err error) error {
	ve, ok := err.(*swapscout.VenueError)
	switch {
	case !ok || ve.Code != swapscout.CodeBadResponse:
		return err
	case ve.Field != "":
		_, words, _ := strings.Cut(ve.Msg, ": ")
		out := swapscout.NewVenueError(venue.CodeBadRequest, "%s refused this address: %s", Descriptor.Name, words)
		out.Field = ve.Field
		return out
	case strings.Contains(ve.Msg, "refused the request"):
		return swapscout.NewVenueError(venue.CodeBadRequest, "%s", ve.Msg)
	}
	return err
}

// SwapStatus reads GET /v0/status?depositAddress=… (with depositMemo when
// the order has one). The amount received is swapDetails.amountOut, in
// base units of the destination asset the status echoes.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	addr, memo, _ := strings.Cut(ref.ID, memoSep)
	if addr == "" {
		return swapscout.SwapUpdate{}, venue.OrderNotFound(Descriptor.Name, ref.ID)
	}
	q := url.Values{"depositAddress": {addr}}
	if memo != "" {
		q.Set("depositMemo", memo)
	}
	return c.status(ctx, venue.Request{URL: c.cfg.BaseURL + StatusPath + "?" + q.Encode(), Header: c.header()}, ref.ID)
}

// submitRequest is the body of POST /v0/deposit/submit.
type submitRequest struct {
	TxHash         string `json:"txHash"`
	DepositAddress string `json:"depositAddress"`
	Memo           string `json:"memo,omitempty"`
}

// SubmitDeposit tells 1Click the transaction that paid an order (POST
// /v0/deposit/submit), which the documentation says speeds the swap up: it
// need not wait to notice the deposit. Optional; the answer is the swap's
// status, as SwapStatus reads it. A transaction id that is not short
// printable text is refused before any call.
func (c *Client) SubmitDeposit(ctx context.Context, orderID, txHash string) (swapscout.SwapUpdate, error) {
	addr, memo, _ := strings.Cut(orderID, memoSep)
	switch {
	case addr == "":
		return swapscout.SwapUpdate{}, venue.OrderNotFound(Descriptor.Name, orderID)
	case !plainText(txHash):
		return swapscout.SwapUpdate{}, swapscout.NewVenueError(venue.CodeBadRequest, "%s: the deposit's transaction id is not a hash", Descriptor.Name)
	}
	b, err := json.Marshal(submitRequest{TxHash: txHash, DepositAddress: addr, Memo: memo})
	if err != nil {
		return swapscout.SwapUpdate{}, err
	}
	return c.status(ctx, venue.Request{Method: "POST", URL: c.cfg.BaseURL + SubmitPath, Header: c.header(),
		Body: b, ContentType: "application/json"}, orderID)
}

// status makes a call that answers GetExecutionStatusResponse and reads it.
func (c *Client) status(ctx context.Context, req venue.Request, orderID string) (swapscout.SwapUpdate, error) {
	var r statusResponse
	err := venue.Fetch(ctx, &c.cfg, req, func(status int, body []byte) error {
		r = statusResponse{}
		jerr := json.Unmarshal(body, &r)
		words := messageText(r.Message)
		switch {
		case jerr == nil && status >= 200 && status < 300 && r.Status != nil && words == "":
			return nil
		case status == 404 || (jerr == nil && strings.Contains(strings.ToLower(words), "not found")):
			return venue.OrderNotFound(Descriptor.Name, orderID)
		case jerr != nil && status >= 200 && status < 300:
			return venue.BadResponse(jerr)
		case words == "" && jerr == nil && status >= 200 && status < 300:
			return swapscout.NewVenueError(swapscout.CodeBadResponse, "%s status without a status", Descriptor.Name)
		}
		if words == "" {
			words = venue.Deref(r.Error)
		}
		if status < 300 {
			status = 400 // an error body sent with a success status
		}
		if code, ok := venue.TextCode(words); ok && code == swapscout.CodeUnavailable && status < 500 {
			status = 503 // an outage in its words, whatever the status
		}
		return venue.Refusal(Descriptor.Name, status, orderID, words)
	})
	if err != nil {
		return swapscout.SwapUpdate{}, err
	}
	u := swapscout.SwapUpdate{Status: StatusWords.Status(*r.Status), VenueStatus: venue.Clip(*r.Status)}
	if d := r.SwapDetails; d != nil {
		u.DepositTx = firstHash(d.OriginChainTxHashes)
		u.PayoutTx = firstHash(d.DestinationChainTxHashes)
		if d.AmountOut != nil && u.Status == swapscout.StatusFinished {
			u.AmountReceived = c.received(*d.AmountOut, &r, false)
		}
		// A refund goes back on the origin chain: its amount is
		// refundedAmount; 1Click names no transaction of its own for it.
		if d.RefundedAmount != nil && u.Status == swapscout.StatusRefunded {
			u.AmountRefunded = c.received(*d.RefundedAmount, &r, true)
		}
	}
	return u, nil
}

// received converts an amount in base units of the destination asset (the
// origin's when origin), when that asset is one we map and the tokens list
// gives its decimals; zero otherwise.
func (c *Client) received(base string, r *statusResponse, origin bool) swapscout.Amount {
	if r.QuoteResponse == nil || r.QuoteResponse.QuoteRequest == nil {
		return swapscout.Amount{}
	}
	id := r.QuoteResponse.QuoteRequest.DestinationAsset
	if origin {
		id = r.QuoteResponse.QuoteRequest.OriginAsset
	}
	a, ok := byID[id]
	if !ok {
		return swapscout.Amount{}
	}
	dec, ok := c.decimalsOf(a)
	if !ok {
		return swapscout.Amount{}
	}
	amt, err := FromBase(base, dec)
	if err != nil || amt.Sign() <= 0 {
		return swapscout.Amount{}
	}
	return amt
}

func firstHash(h []txHash) string {
	for _, x := range h {
		if x.Hash != "" {
			return venue.Clip(x.Hash)
		}
	}
	return ""
}

var _ swapscout.Swapper = (*Client)(nil)
