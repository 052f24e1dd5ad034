// Package majesticbank is the adapter for Majestic Bank's API v1: a no-account,
// no-key swap service for a handful of mainnet coins. GET /calculate prices an
// amount either way (from_amount, or receive_amount for its fixed-rate "pay"
// orders) and GET /rates carries every coin's limits, which the adapter applies
// because /calculate does not. Refusals come as {"error":…,"extra":"<reason>"}
// (research exchange-apis.md A12; Stack Wallet's client).
package majesticbank

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers Majestic Bank. KYC A: it takes no account, no key and
// no e-mail and serves Tor ([MEM]; CypherGoat lists it without a level,
// Trocador does not list it).
var Descriptor = venue.Facts(venue.Descriptor{ID: "majesticbank", Kind: swapscout.InstantSwap,
	NeedsKey: false, FixedRate: true, Reverse: true, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Client quotes Majestic Bank.
type Client struct{ cfg venue.Config }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// Quote asks /calculate for the amounts and /rates for the limits at once.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	q := url.Values{"from_currency": {from}, "receive_currency": {to}}
	if req.Direction == swapscout.Receive {
		if req.RateType != swapscout.Fixed {
			// Floating orders (/exchange) take from_amount only; /pay fixes the rate.
			return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair,
				"Majestic Bank quotes by the amount to receive at fixed rates only")
		}
		q.Set("receive_amount", req.Amount.String())
	} else {
		q.Set("from_amount", req.Amount.String())
	}
	var calc calculateResponse
	var rates ratesResponse
	var ratesErr error
	err = venue.Parallel(ctx,
		func(ctx context.Context) (err error) {
			calc, err = venue.FetchValue(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + CalculatePath + "?" + q.Encode()}, parseCalculate)
			return err
		},
		func(ctx context.Context) error {
			// Limits are a bonus: an offer stands without them.
			rates, ratesErr = venue.FetchValue(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + RatesPath}, parseRates)
			return nil
		})
	var lim *limit
	if l, ok := rates.Limits[from]; ok && ratesErr == nil {
		lim = &l
	}
	if err != nil {
		return swapscout.Offer{}, withLimits(err, lim)
	}
	return offer(req, from, to, &calc, lim)
}

// offer checks a calculation against the request and the from-currency's limits.
func offer(req swapscout.QuoteRequest, from, to string, calc *calculateResponse, lim *limit) (swapscout.Offer, error) {
	if (calc.FromCurrency != "" && !strings.EqualFold(calc.FromCurrency, from)) ||
		(calc.ReceiveCurrency != "" && !strings.EqualFold(calc.ReceiveCurrency, to)) {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "Majestic Bank calculated another pair (%s to %s)",
			venue.ClipOr(calc.FromCurrency, "?"), venue.ClipOr(calc.ReceiveCurrency, "?"))
	}
	if calc.FromAmount == nil || calc.ReceiveAmount == nil {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "Majestic Bank answered no amounts")
	}
	o := swapscout.Offer{AmountIn: *calc.FromAmount, AmountOut: *calc.ReceiveAmount, RateType: req.RateType}
	if lim != nil {
		o.Min, o.Max = venue.Positive(lim.Min), venue.Positive(lim.Max)
	}
	// A zero or negative amount is the venue's mistake, not a limit: it goes
	// on as answered, and the engine's check of every offer makes it a
	// bad_response.
	switch {
	case o.AmountIn.Sign() <= 0 || o.AmountOut.Sign() <= 0:
	case !o.Min.IsZero() && o.AmountIn.Cmp(o.Min) < 0:
		return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Min: o.Min, Max: o.Max,
			Msg: "Majestic Bank: " + o.AmountIn.String() + " " + from + " is below its minimum"}
	case !o.Max.IsZero() && o.AmountIn.Cmp(o.Max) > 0:
		return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeAmountTooLarge, Min: o.Min, Max: o.Max,
			Msg: "Majestic Bank: " + o.AmountIn.String() + " " + from + " is above its maximum"}
	}
	return o, nil
}

// withLimits adds the from-currency's limits to a limit refusal where it names none.
func withLimits(err error, lim *limit) error {
	ve, ok := err.(*swapscout.VenueError)
	if !ok || lim == nil || (ve.Code != swapscout.CodeAmountTooSmall && ve.Code != swapscout.CodeAmountTooLarge) {
		return err
	}
	if ve.Min.IsZero() {
		ve.Min = venue.Positive(lim.Min)
	}
	if ve.Max.IsZero() {
		ve.Max = venue.Positive(lim.Max)
	}
	return ve
}

// parseCalculate reads a /calculate answer: its amounts, or the refusal it
// carries (checked first, whatever the status).
func parseCalculate(status int, body []byte) (calculateResponse, error) {
	var calc calculateResponse
	err := json.Unmarshal(body, &calc)
	if err == nil && refused(calc.Error) {
		return calc, refusal(status, calc)
	}
	switch {
	case status >= 500:
		return calc, venue.StatusError(status)
	case status < 200 || status > 299:
		return calc, swapscout.NewVenueError(swapscout.CodeBadResponse, "Majestic Bank: unexpected answer (HTTP %d)", status)
	case err != nil:
		return calc, venue.BadResponse(err)
	}
	return calc, nil
}

// parseRates reads /rates; only its limits matter.
func parseRates(status int, body []byte) (ratesResponse, error) {
	var r ratesResponse
	if status < 200 || status > 299 {
		return r, venue.StatusError(status)
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return r, venue.BadResponse(err)
	}
	return r, nil
}

// refused reports whether an "error" member is set (not absent, null, false or empty).
func refused(raw json.RawMessage) bool {
	raw = bytes.TrimSpace(raw)
	switch string(raw) {
	case "", "null", "false", `""`, "0":
		return false
	}
	return true
}

// refusal maps the reason in "extra". The only one clients test for is "Bad
// <field> currency symbol" (an unknown coin, Stack Wallet); limit wording is [MEM].
func refusal(status int, calc calculateResponse) error {
	text := calc.Extra
	if text == "" {
		var s string
		if json.Unmarshal(calc.Error, &s) == nil {
			text = s
		} else {
			text = string(calc.Error)
		}
	}
	text = venue.ClipOr(text, "refused")
	lower := strings.ToLower(text)
	switch {
	case strings.HasPrefix(lower, "bad") && strings.HasSuffix(lower, "currency symbol"):
		return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Majestic Bank: %s", text)
	case venue.ContainsAny(lower, "minimum", "too low", "too small", "below"):
		return venue.WithBound(swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "Majestic Bank: %s", text), text)
	case venue.ContainsAny(lower, "maximum", "too high", "too large", "above", "exceed"):
		return venue.WithBound(swapscout.NewVenueError(swapscout.CodeAmountTooLarge, "Majestic Bank: %s", text), text)
	case venue.ContainsAny(lower, "currency", "pair", "symbol", "not supported", "unsupported"):
		return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Majestic Bank: %s", text)
	case status >= 500, venue.ContainsAny(lower, "maintenance", "temporarily", "unavailable", "disabled"):
		return swapscout.NewVenueError(swapscout.CodeUnavailable, "Majestic Bank: %s", text)
	}
	if code, ok := venue.TextCode(text); ok { // an outage or rate limit in words, with HTTP 200
		return swapscout.NewVenueError(code, "Majestic Bank: %s", text)
	}
	return swapscout.NewVenueError(swapscout.CodeBadResponse, "Majestic Bank: unexpected refusal: %s", text)
}

var _ swapscout.Quoter = (*Client)(nil)
