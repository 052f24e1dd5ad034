// Package simpleswap is the adapter for SimpleSwap's API v3: estimates by the
// amount to send or (reverse) to receive, floating and fixed rates with a rate
// id, limits from /v3/ranges, and the HTTP statuses SimpleSwap answers errors
// with (401/403 key or permission, 404 unknown pair, 422 amount out of range)
// mapped to their codes.
package simpleswap

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers SimpleSwap.
var Descriptor = venue.Facts(venue.Descriptor{ID: "simpleswap", Kind: swapscout.InstantSwap,
	NeedsKey: true, FixedRate: true, Reverse: true, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Client quotes SimpleSwap.
type Client struct{ cfg venue.Config }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// errOutOfRange marks a 422 answer: the amount is outside the pair's range.
// Quote refines it to too small or too large with the range it fetched.
var errOutOfRange = errors.New("amount out of range")

// Quote asks for an estimate and the pair's range at once.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	reverse := req.Direction == swapscout.Receive
	pair := url.Values{
		"tickerFrom": {from.Ticker}, "networkFrom": {from.Network},
		"tickerTo": {to.Ticker}, "networkTo": {to.Network},
		"fixed": {strconv.FormatBool(req.RateType == swapscout.Fixed)}, "reverse": {strconv.FormatBool(reverse)},
	}
	var e estimateReply
	var rng rangeReply
	// The range is a bonus for an offer, and the way to tell a 422 below the
	// minimum from one above the maximum.
	err, rangeErr := venue.PairQuery{Pair: pair, Price: url.Values{"amount": {req.Amount.String()}}, PricePath: EstimatesPath,
		LimitsPath: RangesPath, Header: []venue.Field{{Key: "x-api-key", Value: c.cfg.APIKey}}}.Get(ctx, &c.cfg, decode, &e, &rng)
	var r *rangeResult
	if rangeErr == nil {
		r = rng.Result
	}
	if errors.Is(err, errOutOfRange) {
		if r == nil {
			return swapscout.Offer{}, err // no range to compare with: the venue's words decided
		}
		return swapscout.Offer{}, rangeError(req, r)
	} else if err != nil {
		return swapscout.Offer{}, err
	}
	if e.Result == nil || e.Result.EstimatedAmount == nil || e.Result.EstimatedAmount.Sign() <= 0 {
		return swapscout.Offer{}, venue.BadResponse(errors.New("estimate without a positive estimatedAmount"))
	}
	o := swapscout.Offer{AmountIn: req.Amount, AmountOut: *e.Result.EstimatedAmount, RateType: req.RateType}
	min, max := r.limits()
	if reverse {
		// A reverse range is on the amount received, in To units.
		o.AmountIn, o.AmountOut = *e.Result.EstimatedAmount, req.Amount
		o.MinOut, o.MaxOut = min, max
	} else {
		o.Min, o.Max = min, max
	}
	o.RateID, o.ExpiresAt = venue.Deref(e.Result.RateID), venue.SwapTime(venue.Deref(e.Result.ValidUntil))
	return o, nil
}

// limits returns the range's bounds; zero for a bound (or a range) not given.
func (r *rangeResult) limits() (min, max swapscout.Amount) {
	if r == nil {
		return min, max
	}
	if r.Min != nil {
		min = *r.Min
	}
	if r.Max != nil {
		max = *r.Max
	}
	return min, max
}

// rangeError turns a 422 into too small or too large, comparing the amount
// with the range when SimpleSwap gave one. A forward range is on the amount
// sent (Min, Max), a reverse one on the amount received (MinOut, MaxOut).
func rangeError(req swapscout.QuoteRequest, r *rangeResult) error {
	unit := req.From
	if req.Direction == swapscout.Receive {
		unit = req.To
	}
	ve := swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "SimpleSwap: amount out of range")
	if r == nil {
		return ve
	}
	switch {
	case r.Max != nil && req.Amount.Cmp(*r.Max) > 0:
		ve = swapscout.NewVenueError(swapscout.CodeAmountTooLarge, "SimpleSwap: amount above the maximum %s %s", r.Max, unit)
	case r.Min != nil:
		ve.Msg = fmt.Sprintf("SimpleSwap: amount below the minimum %s %s", r.Min, unit)
	}
	if req.Direction == swapscout.Send {
		ve.Min, ve.Max = r.limits()
	} else {
		ve.MinOut, ve.MaxOut = r.limits()
	}
	return ve
}

// decode reads a 2xx body into v or maps an error status to its code.
// SimpleSwap's error meanings are in the status (Edge, [CODE]); the body lends
// its text, and decides where the status does not: an error body sent with
// HTTP 200 (its "code" stands for the status), a 400, or a 422 whose words
// name the maximum.
func decode(status int, body []byte, v any) error {
	if status >= 200 && status < 300 {
		st, failed := errorInBody(body)
		if !failed {
			if err := json.Unmarshal(body, v); err != nil {
				return venue.BadResponse(err)
			}
			return nil
		}
		status = st
	}
	msg := errorText(body)
	byText, known := venue.TextCode(msg)
	switch {
	case status == 401 || status == 403:
		return swapscout.NewVenueError(swapscout.CodeNotConfigured, "SimpleSwap refused the API key or its permissions (HTTP %d): %s", status, msg)
	case status == 404:
		return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "SimpleSwap: pair not found: %s", msg)
	case status == 422:
		code := swapscout.CodeAmountTooSmall
		if byText == swapscout.CodeAmountTooLarge {
			code = byText
		}
		return &swapscout.VenueError{Code: code, Msg: "SimpleSwap: " + msg, Err: errOutOfRange}
	case status >= 500:
		return swapscout.NewVenueError(swapscout.CodeUnavailable, "SimpleSwap error (HTTP %d): %s", status, msg)
	case known:
		return swapscout.NewVenueError(byText, "SimpleSwap: %s (HTTP %d)", msg, status)
	}
	return swapscout.NewVenueError(swapscout.CodeBadResponse, "SimpleSwap: unexpected answer (HTTP %d): %s", status, msg)
}

// errorInBody reports whether a 2xx body is an error rather than a result:
// no "result" but an error text; its "code" (when 400-599) is the status meant.
func errorInBody(body []byte) (status int, failed bool) {
	var b struct {
		Result json.RawMessage `json:"result"`
		Code   json.RawMessage `json:"code"`
	}
	if json.Unmarshal(body, &b) != nil || (len(b.Result) > 0 && string(b.Result) != "null") || errorText(body) == noMessage {
		return 0, false
	}
	if c, err := strconv.Atoi(strings.Trim(string(b.Code), `"`)); err == nil && c >= 400 && c <= 599 {
		return c, true
	}
	return 400, true
}

// errorText is the message of an error body, clipped, or a placeholder.
func errorText(body []byte) string {
	var er errorReply
	if json.Unmarshal(body, &er) == nil {
		var s string
		switch {
		case er.Message != "":
			return venue.Clip(er.Message)
		case er.Description != "":
			return venue.Clip(er.Description)
		case json.Unmarshal(er.Error, &s) == nil && s != "":
			return venue.Clip(s)
		}
	}
	return noMessage
}

const noMessage = "no message"

var _ swapscout.Quoter = (*Client)(nil)
