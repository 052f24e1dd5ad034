// Package quickex is the adapter for Quickex's public rate API v2: one GET
// per quote, by the amount sent, at a floating or fixed rate, with the pair's
// limits and the withdrawal fee in the same answer. Quotes need no key (the
// key-signed v2 endpoints create and list orders). Refusals come as 4xx JSON:
// 422 with the violated bound at data.details.expected for an amount out of
// range, 422 without it for an unsupported pair, 406 for an amount too low
// (research exchange-apis.md A10; docs quickex.io/docs/rates-api-v2).
package quickex

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers Quickex. KYC C is Trocador's rating of Quickex
// (recorded exchanges list); CypherGoat rates it 1 of 0-2.
var Descriptor = venue.Facts(venue.Descriptor{ID: "quickex", Kind: swapscout.InstantSwap,
	NeedsKey: false, FixedRate: true, Reverse: false, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Client quotes Quickex.
type Client struct{ cfg venue.Config }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// Quote asks for the rate of the amount sent.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	if req.Direction == swapscout.Receive {
		// The rate takes claimedDepositAmount only; nothing prices a receive amount.
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Quickex quotes by the amount sent only")
	}
	q := url.Values{
		"instrumentFromCurrencyTitle": {from.Currency}, "instrumentFromNetworkTitle": {from.Network},
		"instrumentToCurrencyTitle": {to.Currency}, "instrumentToNetworkTitle": {to.Network},
		"claimedDepositAmount": {req.Amount.String()}, "claimedDepositAmountCurrency": {from.Currency},
		"rateMode": {rateMode(req.RateType)}, "exchangeType": {"crypto"},
	}
	var r rateResponse
	err = venue.Fetch(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + RatePath + "?" + q.Encode(),
		Header: []venue.Field{{Key: "Accept", Value: "application/json"}}},
		func(status int, body []byte) error {
			var err error
			r, err = parseRate(status, body, req.Amount)
			return err
		})
	if err != nil {
		return swapscout.Offer{}, err
	}
	return offer(req, from, to, &r)
}

func rateMode(t swapscout.RateType) string {
	if t == swapscout.Fixed {
		return "FIXED"
	}
	return "FLOATING"
}

// offer checks a 200 answer against the request and normalizes it.
func offer(req swapscout.QuoteRequest, from, to Code, r *rateResponse) (swapscout.Offer, error) {
	if !sameInstrument(r.InstrumentFrom, from) || !sameInstrument(r.InstrumentTo, to) {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "Quickex quoted a different pair (%s/%s to %s/%s)",
			venue.ClipOr(r.InstrumentFrom.CurrencyTitle, "?"), venue.ClipOr(r.InstrumentFrom.NetworkTitle, "?"), venue.ClipOr(r.InstrumentTo.CurrencyTitle, "?"), venue.ClipOr(r.InstrumentTo.NetworkTitle, "?"))
	}
	if r.RateMode != "" && !strings.EqualFold(r.RateMode, rateMode(req.RateType)) {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Quickex offers no %s rate for this pair", req.RateType)
	}
	o := swapscout.Offer{AmountIn: req.Amount, AmountOut: *r.AmountToGet, RateType: req.RateType}
	o.Min, o.Max = venue.Positive(r.GeneralMinAmount), venue.Positive(r.GeneralMaxAmount)
	if d := r.DepositRules; d != nil {
		if o.Min.IsZero() {
			o.Min = venue.Positive(d.MinAmount)
		}
		if o.Max.IsZero() {
			o.Max = venue.Positive(d.MaxAmount)
		}
	}
	if f := r.FinalNetworkFeeAmount; f != nil && f.Sign() > 0 {
		o.Fees = []swapscout.Fee{{Kind: "network", Amount: *f, Asset: req.To}}
	}
	return o, nil
}

// sameInstrument accepts an echo that is absent or names the requested instrument.
func sameInstrument(got instrument, want Code) bool {
	return (got.CurrencyTitle == "" || strings.EqualFold(got.CurrencyTitle, want.Currency)) &&
		(got.NetworkTitle == "" || strings.EqualFold(got.NetworkTitle, want.Network))
}

// parseRate reads a rate answer, or maps a refusal for amount to its code.
func parseRate(status int, body []byte, amount swapscout.Amount) (rateResponse, error) {
	var r rateResponse
	if status < 200 || status > 299 {
		return r, refusal(status, body, amount)
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return r, venue.BadResponse(err)
	}
	if r.AmountToGet == nil {
		// A refusal sent with HTTP 200: its statusCode, when it has one, is
		// the status meant.
		var er errorResponse
		if json.Unmarshal(body, &er) == nil && er.Message != "" {
			if er.StatusCode >= 400 && er.StatusCode <= 599 {
				status = er.StatusCode
			}
			return r, refusal(status, body, amount)
		}
		return r, swapscout.NewVenueError(swapscout.CodeBadResponse, "Quickex answered no amountToGet")
	}
	return r, nil
}

// refusal maps a non-2xx answer. A limit refusal names its bound at
// data.details.expected; its message says which side ("Amount Too Small",
// "Amount Too Big"), and when it does not, the bound's side of the amount does.
func refusal(status int, body []byte, amount swapscout.Amount) error {
	var er errorResponse
	_ = json.Unmarshal(body, &er) // a body of another shape keeps the status's meaning
	bound := expected(er.Data)
	msg := strings.ToLower(er.Message)
	small := venue.ContainsAny(msg, "too small", "too low", "minimum", "min amount", "below")
	big := venue.ContainsAny(msg, "too big", "too large", "too high", "maximum", "max amount", "above")
	if !bound.IsZero() && !small && !big {
		small, big = amount.Cmp(bound) < 0, amount.Cmp(bound) > 0
	}
	text := venue.ClipOr(er.Message, "HTTP "+strconv.Itoa(status))
	switch {
	case small || status == 406:
		return &swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Msg: "Quickex: " + text, Min: bound}
	case big:
		return &swapscout.VenueError{Code: swapscout.CodeAmountTooLarge, Msg: "Quickex: " + text, Max: bound}
	case status == 422:
		return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Quickex does not serve this pair (%s)", text)
	case status == 401 || status == 403:
		// Quotes are public: this is Quickex's firewall, which refuses some clients.
		return swapscout.NewVenueError(swapscout.CodeUnavailable, "Quickex refused the request (HTTP %d)", status)
	case status >= 500:
		return swapscout.NewVenueError(swapscout.CodeUnavailable, "Quickex error (HTTP %d): %s", status, text)
	case venue.ContainsAny(msg, "pair", "instrument", "currency", "network", "route"):
		return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Quickex: %s", text)
	}
	if code, ok := venue.TextCode(msg); ok {
		return swapscout.NewVenueError(code, "Quickex: %s (HTTP %d)", text, status)
	}
	return swapscout.NewVenueError(swapscout.CodeBadResponse, "Quickex: unexpected refusal (HTTP %d): %s", status, text)
}

// expected digs the bound out of data.details; zero when there is none.
func expected(data json.RawMessage) swapscout.Amount {
	var d errorDetails
	if len(data) == 0 || json.Unmarshal(data, &d) != nil || d.Details == nil {
		return swapscout.Amount{}
	}
	if e := venue.Positive(d.Details.Expected); !e.IsZero() {
		return e
	}
	return venue.Positive(d.Details.ExpectedGeneral)
}

var _ swapscout.Quoter = (*Client)(nil)
