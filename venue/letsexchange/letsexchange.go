// Package letsexchange is the adapter for LetsExchange's API v1: POST
// /api/v1/info quotes by the amount to send, floating or fixed, and POST
// /api/v1/info-revert by the amount to receive, on the fixed-rate flow.
//
// Quirks handled here (research exchange-apis.md, A6): amounts are strings,
// rate_id_expired_at is the number 0 on one endpoint and a string of
// milliseconds on the other, the limits of info-revert are in the asset to
// receive, errors come in a {"success":false,"error":{"validation":…}}
// envelope, and any 422 means the pair is not served (Edge). A quote outside
// the limits answers 200 with the limits, and is refused here (as Edge does).
package letsexchange

import (
	"bytes"
	"context"
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers LetsExchange; quotes need the partner's API token
// (SWAPSCOUT_LETSEXCHANGE_API_KEY).
var Descriptor = venue.Facts(venue.Descriptor{ID: "letsexchange", Kind: swapscout.InstantSwap,
	NeedsKey: true, FixedRate: true, Reverse: true, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Client quotes LetsExchange.
type Client struct{ cfg venue.Config }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// Quote asks info (by the amount to send) or info-revert (to receive).
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	if req.Direction == swapscout.Receive && req.RateType != swapscout.Fixed {
		// info-revert has no float flag: it prices the fixed-rate flow only.
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "LetsExchange quotes by amount to receive at fixed rates only")
	}
	path, _ := venue.TxPaths(req.Direction == swapscout.Receive)
	body, err := json.Marshal(infoRequest{
		From: from.Coin, NetworkFrom: from.Network, To: to.Coin, NetworkTo: to.Network,
		Amount: req.Amount.String(), Float: req.RateType != swapscout.Fixed, AffiliateID: c.cfg.Affiliate,
	})
	if err != nil {
		return swapscout.Offer{}, err
	}
	hdr := []venue.Field{{Key: "Accept", Value: "application/json"}}
	if c.cfg.APIKey != "" {
		hdr = append(hdr, venue.Field{Key: "Authorization", Value: bearer(c.cfg.APIKey)})
	}
	return venue.FetchValue(ctx, &c.cfg, venue.Request{Method: "POST", URL: c.cfg.BaseURL + path, Header: hdr, Body: body, ContentType: "application/json"},
		func(status int, body []byte) (swapscout.Offer, error) { return decodeInfo(req, status, body) })
}

// bearer returns the Authorization value: the docs and Edge send "Bearer
// <token>"; Cake keeps the prefix in its secret, so a key that has it is sent
// as is.
func bearer(key string) string {
	if len(key) > 7 && strings.EqualFold(key[:7], "bearer ") {
		return key
	}
	return "Bearer " + key
}

// decodeInfo turns an answer of info or info-revert into an offer or a typed
// refusal.
func decodeInfo(req swapscout.QuoteRequest, status int, body []byte) (swapscout.Offer, error) {
	if err := venue.ReadStatus("LetsExchange", status, body, 200, 400, 422); err != nil {
		return swapscout.Offer{}, err
	}
	var r infoResponse
	err := json.Unmarshal(body, &r)
	switch {
	case err == nil && (r.Success != nil && !*r.Success || hasError(r.Error)):
		return swapscout.Offer{}, envelopeError(status, r.Error)
	case err == nil && status == 200 && r.isInfo():
		return infoOffer(req, &r)
	case status == 422:
		// Edge: any 422 is a pair LetsExchange does not serve.
		msg := "LetsExchange does not swap " + req.From.String() + " to " + req.To.String() + " (HTTP 422)"
		if err == nil && r.Message != nil && *r.Message != "" {
			msg = "LetsExchange: " + venue.Clip(*r.Message)
		}
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "%s", msg)
	case err == nil && r.Message != nil && *r.Message != "":
		// Laravel's {"message":…}, sent with 200 or 400 as well: its words decide.
		return swapscout.Offer{}, messageError(status, *r.Message)
	case status == 400:
		return swapscout.Offer{}, venue.StatusError(status)
	case err != nil:
		return swapscout.Offer{}, venue.BadResponse(err)
	}
	return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "LetsExchange answered without a quote")
}

// messageError maps a bare {"message":…} by its words, or bad_response.
func messageError(status int, text string) error {
	code, ok := venue.TextCode(text)
	if !ok {
		code = swapscout.CodeBadResponse
	}
	return swapscout.NewVenueError(code, "LetsExchange: %s (HTTP %d)", venue.Clip(text), status)
}

// infoOffer reads a quote, refusing it when the amount is outside the limits
// the venue sent with it.
func infoOffer(req swapscout.QuoteRequest, r *infoResponse) (swapscout.Offer, error) {
	amount, min, max := *r.Amount, *r.MinAmount, *r.MaxAmount
	o := swapscout.Offer{RateType: req.RateType}
	limit := func(code swapscout.FailureCode, format string, args ...any) error {
		ve := swapscout.NewVenueError(code, format, args...)
		ve.Min, ve.Max, ve.MinOut, ve.MaxOut = o.Min, o.Max, o.MinOut, o.MaxOut
		return ve
	}
	// side is the asset the request's amount and min/max_amount are in.
	side := req.From
	if req.Direction == swapscout.Receive {
		side = req.To
		o.AmountIn, o.AmountOut = amount, req.Amount
		o.Min, o.Max = venue.Deref(r.DepositMinAmount), venue.Deref(r.DepositMaxAmount)
		o.MinOut, o.MaxOut = min, max
	} else {
		o.AmountIn, o.AmountOut = req.Amount, amount
		o.Min, o.Max = min, max
	}
	switch {
	case min.Sign() > 0 && req.Amount.Cmp(min) < 0:
		return swapscout.Offer{}, limit(swapscout.CodeAmountTooSmall, "LetsExchange minimum is %s %s", min, side)
	case max.Sign() > 0 && req.Amount.Cmp(max) > 0:
		return swapscout.Offer{}, limit(swapscout.CodeAmountTooLarge, "LetsExchange maximum is %s %s", max, side)
	case req.Direction == swapscout.Receive && o.Min.Sign() > 0 && amount.Sign() > 0 && amount.Cmp(o.Min) < 0:
		return swapscout.Offer{}, limit(swapscout.CodeAmountTooSmall, "LetsExchange takes at least %s %s", o.Min, req.From)
	case req.Direction == swapscout.Receive && o.Max.Sign() > 0 && amount.Cmp(o.Max) > 0:
		return swapscout.Offer{}, limit(swapscout.CodeAmountTooLarge, "LetsExchange takes at most %s %s", o.Max, req.From)
	}
	// A zero or negative amount goes on as answered: the venue's mistake,
	// which the engine's check of every offer makes a bad_response.
	if req.RateType == swapscout.Fixed {
		o.RateID = venue.Deref(r.RateID)
		if o.RateID != "" {
			o.ExpiresAt = r.RateIDExpiredAt.Time
		}
	}
	if fee := venue.Deref(r.WithdrawalFee); fee.Sign() > 0 {
		o.Fees = []swapscout.Fee{{Kind: "withdrawal", Amount: fee, Asset: req.To}}
	}
	return o, nil
}

// envelopeError maps {"success":false,"error":…}: validation of the amount
// may name a limit; of the coins or networks, or any 422, means the pair is
// not served; the rest is a request LetsExchange could not take.
func envelopeError(status int, raw json.RawMessage) error {
	var field, text string
	var eb errorBody
	var s string
	switch {
	case json.Unmarshal(raw, &s) == nil:
		text = s
	case json.Unmarshal(raw, &eb) == nil && len(eb.Validation) > 0:
		fields := slices.Sorted(maps.Keys(eb.Validation))
		field = fields[0]
		for _, f := range fields {
			if f == "amount" {
				field = f
			}
		}
		text = venue.FieldText(eb.Validation[field])
	case eb.Message != "":
		text = eb.Message
	}
	if text == "" {
		text = "request refused"
	}
	code := swapscout.CodeBadResponse
	lf := strings.ToLower(field)
	switch {
	case (lf == "amount" || lf == "") && limitCode(text) != "":
		code = limitCode(text)
	case lf == "from" || lf == "to" || strings.HasPrefix(lf, "network") || status == 422:
		code = swapscout.CodeUnsupportedPair
	case lf == "":
		// A sentence rather than a field: its words decide (a rejected key, …).
		if c, ok := venue.TextCode(text); ok {
			code = c
		}
	}
	ve := swapscout.NewVenueError(code, "LetsExchange: %s", venue.Clip(text))
	// A limit message names its bound: "The amount must be at least 0.001."
	return venue.WithBound(ve, text)
}

// hasError reports whether an "error" member carries one.
func hasError(raw json.RawMessage) bool {
	switch string(bytes.TrimSpace(raw)) {
	case "", "null", `""`, "false", "{}", "[]":
		return false
	}
	return true
}

// limitCode recognises a message about the amount's limits ("" when none).
func limitCode(text string) swapscout.FailureCode {
	t := strings.ToLower(text)
	switch {
	case strings.Contains(t, "at least") || strings.Contains(t, "minimum") || strings.Contains(t, "min amount") ||
		strings.Contains(t, "less than") || strings.Contains(t, "too small") || strings.Contains(t, "below"):
		return swapscout.CodeAmountTooSmall
	case strings.Contains(t, "greater than") || strings.Contains(t, "maximum") || strings.Contains(t, "max amount") ||
		strings.Contains(t, "more than") || strings.Contains(t, "too large") || strings.Contains(t, "exceed"):
		return swapscout.CodeAmountTooLarge
	}
	return ""
}

var _ swapscout.Quoter = (*Client)(nil)
