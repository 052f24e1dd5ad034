// Package xgram is the adapter for Xgram's partner API v1. It quotes with the
// side-effect-free GET /retrieve-rate-value (fromCcy, toCcy, ccyAmount), which
// Xgram documents at https://xgram.io/api/documentation: a floating rate for
// the amount sent, the pair's minFrom/maxFrom, and an approximate withdrawal
// fee that the rate leaves out, so the adapter deducts it. It never creates an
// order to price one, as Edge's partner-specific integration does (research
// exchange-apis.md A13). Fixed rates and amounts to receive are priced only by
// order creation, so the adapter refuses them without a call. Refusals take
// the documented shapes: {"errors":[{"code":"BELOW_LIMIT"|…}]},
// {"error":"ccyAmount must be > 0.001"} and result:false.
package xgram

import (
	"context"
	"encoding/json"
	"net/url"
	"regexp"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers Xgram. KYC C is Trocador's rating of Xgram (recorded
// exchanges list; one recorded Trocador quote shows B); CypherGoat flags it as
// wanting the user's IP.
var Descriptor = venue.Facts(venue.Descriptor{ID: "xgram", Kind: swapscout.InstantSwap,
	NeedsKey: true, FixedRate: false, Reverse: false, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Client quotes Xgram.
type Client struct{ cfg venue.Config }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// Quote asks for the floating rate of the amount sent.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req)
	switch {
	case err != nil:
		return swapscout.Offer{}, err
	case req.RateType == swapscout.Fixed:
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair,
			"Xgram's rate endpoint quotes floating rates only (a fixed rate is priced only by creating an order)")
	case req.Direction == swapscout.Receive:
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair,
			"Xgram's rate endpoint quotes by the amount sent only (an amount to receive is priced only by creating an order)")
	case c.cfg.APIKey == "":
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeNotConfigured, "Xgram needs an API key (set %sAPI_KEY)", Descriptor.EnvPrefix())
	}
	q := url.Values{"fromCcy": {from}, "toCcy": {to}, "ccyAmount": {req.Amount.String()}}
	r, err := venue.FetchValue(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + RatePath + "?" + q.Encode(),
		Header: []venue.Field{{Key: "x-api-key", Value: c.cfg.APIKey}, {Key: "Accept", Value: "application/json"}}}, parseRate)
	if err != nil {
		return swapscout.Offer{}, err
	}
	return offer(req, to, &r)
}

// offer turns a rate into the amount received: amount × rate, less the
// withdrawal fee, rounded down to the To asset's precision.
func offer(req swapscout.QuoteRequest, to string, r *rateResponse) (swapscout.Offer, error) {
	if r.Rate == nil || r.Rate.Sign() <= 0 {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "Xgram answered no positive rate")
	}
	o := swapscout.Offer{AmountIn: req.Amount, RateType: swapscout.Float, Min: venue.Positive(r.MinFrom), Max: venue.Positive(r.MaxFrom)}
	switch {
	case !o.Min.IsZero() && req.Amount.Cmp(o.Min) < 0:
		return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Msg: "Xgram: below its minimum of " + o.Min.String(), Min: o.Min, Max: o.Max}
	case !o.Max.IsZero() && req.Amount.Cmp(o.Max) > 0:
		return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeAmountTooLarge, Msg: "Xgram: above its maximum of " + o.Max.String(), Min: o.Min, Max: o.Max}
	}
	fee, err := withdrawalFee(r.WithdrawalFee, req.To.Ticker, to)
	if err != nil {
		return swapscout.Offer{}, err
	}
	decimals := swapscout.MaxScale
	if info, ok := swapscout.LookupAsset(req.To); ok {
		decimals = info.Decimals
	}
	o.AmountOut = req.Amount.Mul(*r.Rate).Sub(fee).Round(decimals, swapscout.RoundDown)
	if !o.AmountOut.Valid() {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "Xgram answered a rate out of range")
	}
	if o.AmountOut.Sign() <= 0 {
		return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Msg: "Xgram: the amount does not cover the withdrawal fee", Min: o.Min, Max: o.Max}
	}
	if fee.Sign() > 0 {
		o.Fees = []swapscout.Fee{{Kind: "withdrawal", Amount: fee, Asset: req.To}}
	}
	return o, nil
}

// withdrawalFee reads "0.006 ETH": an amount, then the ticker of the coin
// received (its swapscout ticker or Xgram code). Absent or empty is no fee.
func withdrawalFee(s *string, ticker, code string) (swapscout.Amount, error) {
	if s == nil {
		return swapscout.Amount{}, nil
	}
	f := strings.Fields(*s)
	if len(f) == 0 {
		return swapscout.Amount{}, nil
	}
	fee, err := swapscout.ParseWireAmount([]byte(f[0]))
	if err != nil || fee.Sign() < 0 || len(f) > 2 {
		return swapscout.Amount{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "Xgram answered an unreadable withdrawalFee %q", venue.ClipOr(*s, ""))
	}
	if len(f) == 2 && !strings.EqualFold(f[1], ticker) && !strings.EqualFold(f[1], code) {
		return swapscout.Amount{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "Xgram answered a withdrawalFee in %s, not in the coin received", venue.ClipOr(f[1], ""))
	}
	return fee, nil
}

// parseRate reads a rate answer or maps any of Xgram's refusal shapes.
func parseRate(status int, body []byte) (rateResponse, error) {
	var r rateResponse
	err := json.Unmarshal(body, &r)
	if err == nil {
		switch {
		case len(r.Errors) > 0:
			return r, fromErrors(status, r.Errors)
		case r.Error != "":
			return r, fromText(status, r.Error)
		case r.Result != nil && !*r.Result:
			return r, fromText(status, r.Message)
		}
	}
	switch {
	case status == 401 || status == 403:
		return r, venue.KeyRejected("Xgram", status, body)
	case status < 200 || status > 299:
		return r, venue.StatusError(status)
	case err != nil:
		return r, venue.BadResponse(err)
	}
	return r, nil
}

// fromErrors maps {"errors":[…]}; a region refusal wins, since it applies to
// every quote this server asks for.
func fromErrors(status int, errs []errorItem) error {
	var first error
	for _, e := range errs {
		var ve error
		switch e.Code {
		case "REGION_UNSUPPORTED":
			return swapscout.NewVenueError(swapscout.CodeUnavailable, "Xgram does not serve this server's region: %s", venue.ClipOr(e.Message, e.Error))
		case "CURRENCY_UNSUPPORTED":
			ve = swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Xgram: %s", venue.ClipOr(e.Error, "currency unsupported"))
		case "BELOW_LIMIT":
			ve = &swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Msg: "Xgram: " + venue.ClipOr(e.Error, "below the limit"), Min: venue.Positive(e.SourceAmountLimit)}
		case "ABOVE_LIMIT":
			ve = &swapscout.VenueError{Code: swapscout.CodeAmountTooLarge, Msg: "Xgram: " + venue.ClipOr(e.Error, "above the limit"), Max: venue.Positive(e.SourceAmountLimit)}
		default:
			ve = fromText(status, venue.ClipOr(e.Error, e.Message))
		}
		if first == nil {
			first = ve
		}
	}
	return first
}

var ccyAmountLimit = regexp.MustCompile(`ccyAmount must be ([<>])\s*([0-9.eE+-]+)`)

// fromText maps an error sentence: Edge parses "ccyAmount must be > 0.001";
// the other wordings are [MEM].
func fromText(status int, text string) error {
	if m := ccyAmountLimit.FindStringSubmatch(text); m != nil {
		bound, _ := swapscout.ParseWireAmount([]byte(strings.TrimRight(m[2], ".")))
		if m[1] == ">" {
			return &swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Msg: "Xgram: " + venue.ClipOr(text, ""), Min: venue.Positive(&bound)}
		}
		return &swapscout.VenueError{Code: swapscout.CodeAmountTooLarge, Msg: "Xgram: " + venue.ClipOr(text, ""), Max: venue.Positive(&bound)}
	}
	lower := strings.ToLower(text)
	code := swapscout.CodeBadResponse
	switch {
	case venue.ContainsAny(lower, "api key", "api-key", "apikey", "unauthorized", "not authorized"):
		code = swapscout.CodeNotConfigured
	case venue.ContainsAny(lower, "region", "country"):
		code = swapscout.CodeUnavailable
	case venue.ContainsAny(lower, "minimum", "too small", "too low", "below"):
		code = swapscout.CodeAmountTooSmall
	case venue.ContainsAny(lower, "maximum", "too large", "too high", "above"):
		code = swapscout.CodeAmountTooLarge
	case venue.ContainsAny(lower, "not supported", "unsupported", "not available", "unavailable", "disabled", "pair", "currency"):
		code = swapscout.CodeUnsupportedPair
	case status == 401 || status == 403:
		code = swapscout.CodeNotConfigured
	case status >= 500:
		code = swapscout.CodeUnavailable
	default:
		if c, ok := venue.TextCode(text); ok { // an outage or rate limit in words, with HTTP 200
			code = c
		}
	}
	return swapscout.NewVenueError(code, "Xgram: %s", venue.ClipOr(text, "refused (result false)"))
}

var _ swapscout.Quoter = (*Client)(nil)
