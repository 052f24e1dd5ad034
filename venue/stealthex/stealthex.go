// Package stealthex is the adapter for StealthEX's API v4: POST
// /v4/rates/estimated-amount for the estimate and POST /v4/rates/range for the
// pair's limits, asked at once, by the amount to send (estimation "direct",
// floating or fixed) or to receive ("reversed", fixed routes only).
//
// Quirks handled here (research exchange-apis.md, A5): the amount must be a
// JSON number, native coins sit on the network "mainnet", and every failure
// is {"err":{"kind",…}} whose kind, not the status, says what went wrong: the
// route kinds (NoPair, NoExchangeRoute, RouteIsDisabled, MarketUnavailable)
// mean the pair is not served, NotAllowed that the key may not do this (Edge).
package stealthex

import (
	"context"
	"encoding/json"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers StealthEX; quotes need a partner API key
// (SWAPSCOUT_STEALTHEX_API_KEY), sent as a Bearer token.
var Descriptor = venue.Facts(venue.Descriptor{ID: "stealthex", Kind: swapscout.InstantSwap,
	NeedsKey: true, FixedRate: true, Reverse: true, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Client quotes StealthEX.
type Client struct{ cfg venue.Config }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// Quote asks for the estimate and the range of the route at once.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	var rr rateRequest
	rr.Route.From, rr.Route.To = from, to
	rr.Estimation, rr.Rate = "direct", "floating"
	if req.RateType == swapscout.Fixed {
		rr.Rate = "fixed"
	}
	if req.Direction == swapscout.Receive {
		if req.RateType != swapscout.Fixed {
			return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "StealthEX quotes by amount to receive at fixed rates only")
		}
		rr.Estimation = "reversed"
	}
	rangeBody, err := json.Marshal(rr)
	if err != nil {
		return swapscout.Offer{}, err
	}
	amt := number(req.Amount)
	rr.Amount = &amt
	estimateBody, err := json.Marshal(rr)
	if err != nil {
		return swapscout.Offer{}, err
	}
	hdr := []venue.Field{{Key: "Accept", Value: "application/json"}}
	if c.cfg.APIKey != "" {
		hdr = append(hdr, venue.Field{Key: "Authorization", Value: "Bearer " + c.cfg.APIKey})
	}
	var est estimateResponse
	var rng rangeResponse
	estErr, rangeErr := venue.PriceAndLimits(ctx, &c.cfg, decode,
		venue.Request{Method: "POST", URL: c.cfg.BaseURL + EstimatePath, Header: hdr}.JSON(estimateBody), &est,
		venue.Request{Method: "POST", URL: c.cfg.BaseURL + RangePath, Header: hdr}.JSON(rangeBody), &rng)
	return offer(req, &est, estErr, &rng, rangeErr)
}

// offer combines the two answers. Limits come first: an amount outside the
// range is refused as such whatever the estimate said (StealthEX refuses the
// estimate too, without saying which limit). Then the estimate's error, then
// the offer; the range is a bonus when it fails alone.
func offer(req swapscout.QuoteRequest, est *estimateResponse, estErr error, rng *rangeResponse, rangeErr error) (swapscout.Offer, error) {
	o := swapscout.Offer{RateType: req.RateType}
	if rangeErr == nil {
		min, max := venue.Deref(rng.MinAmount), venue.Deref(rng.MaxAmount)
		// The range is in the asset the amount names: the deposit's limits
		// when sending (Min, Max), the payout's when receiving (MinOut, MaxOut).
		side := req.From
		if req.Direction == swapscout.Receive {
			side = req.To
			o.MinOut, o.MaxOut = min, max
		} else {
			o.Min, o.Max = min, max
		}
		limit := func(code swapscout.FailureCode, format string, a swapscout.Amount) error {
			ve := swapscout.NewVenueError(code, format, a, side)
			ve.Min, ve.Max, ve.MinOut, ve.MaxOut = o.Min, o.Max, o.MinOut, o.MaxOut
			return ve
		}
		switch {
		case min.Sign() > 0 && req.Amount.Cmp(min) < 0:
			return swapscout.Offer{}, limit(swapscout.CodeAmountTooSmall, "StealthEX minimum is %s %s", min)
		case max.Sign() > 0 && req.Amount.Cmp(max) > 0:
			return swapscout.Offer{}, limit(swapscout.CodeAmountTooLarge, "StealthEX maximum is %s %s", max)
		}
	}
	if estErr != nil {
		return swapscout.Offer{}, estErr
	}
	amount := venue.Deref(est.EstimatedAmount)
	if amount.Sign() <= 0 {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "StealthEX estimated no amount")
	}
	if req.Direction == swapscout.Receive {
		o.AmountIn, o.AmountOut = amount, req.Amount
	} else {
		o.AmountIn, o.AmountOut = req.Amount, amount
	}
	if req.RateType == swapscout.Fixed {
		// Edge: a fixed estimate without a rate to lock is no fixed route.
		if est.Rate == nil || est.Rate.ID == "" {
			return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "StealthEX has no fixed rate for %s to %s", req.From, req.To)
		}
		o.RateID = est.Rate.ID
		if vu := venue.Deref(est.Rate.ValidUntil); vu != "" {
			if t, err := time.Parse(time.RFC3339, vu); err == nil {
				o.ExpiresAt = t
			}
		}
	}
	return o, nil
}

// errorKinds maps StealthEX's error kinds to failure codes. The route kinds
// and NotAllowed are Edge's; the rest are the kinds of the openapi spec
// (Cake's StealthExErrorKind).
var errorKinds = map[string]swapscout.FailureCode{
	"NoPair":            swapscout.CodeUnsupportedPair,
	"NoExchangeRoute":   swapscout.CodeUnsupportedPair,
	"RouteIsDisabled":   swapscout.CodeUnsupportedPair,
	"MarketUnavailable": swapscout.CodeUnsupportedPair,
	"NotFound":          swapscout.CodeUnsupportedPair,
	"NotAllowed":        swapscout.CodeNotConfigured, // the key may not do this; StealthEX does not say why
	"NoUserApiKey":      swapscout.CodeNotConfigured,
	"InvalidAmount":     swapscout.CodeAmountTooSmall, // refined by its details below
	"InvalidData":       swapscout.CodeBadResponse,
	"RoutesMismatch":    swapscout.CodeBadResponse,
	"RateId":            swapscout.CodeBadResponse,
	"ExtraId":           swapscout.CodeBadResponse,
}

// decode reads a 2xx body into v or maps an {"err":…} body to its code,
// whatever the status (an {"err":…} sent with HTTP 200 is an error too).
func decode(status int, body []byte, v any) error {
	var er errorResponse
	isErr := json.Unmarshal(body, &er) == nil && er.Err != nil && er.Err.Kind != ""
	if status >= 200 && status < 300 && !isErr {
		if err := json.Unmarshal(body, v); err != nil {
			return venue.BadResponse(err)
		}
		return nil
	}
	if !isErr {
		switch status {
		case 401, 403:
			return venue.KeyRejected("StealthEX", status, body)
		case 404:
			return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "StealthEX has no such route (HTTP 404)")
		}
		return venue.StatusError(status)
	}
	kind, details := er.Err.Kind, er.Err.Details
	code, ok := errorKinds[kind]
	switch {
	case kind == "InvalidAmount":
		if c := limitCode(details); c != "" {
			code = c
		}
	case ok:
	case textOK(details):
		// A kind we do not know: its details' words decide.
		code, _ = venue.TextCode(details)
	case status == 401 || status == 403:
		code = swapscout.CodeNotConfigured
	case status == 404:
		code = swapscout.CodeUnsupportedPair
	case status >= 500:
		code = swapscout.CodeUnavailable
	default:
		code = swapscout.CodeBadResponse
	}
	msg := venue.Clip(kind)
	if details != "" {
		msg += ": " + venue.Clip(details)
	}
	return swapscout.NewVenueError(code, "StealthEX %s", msg)
}

func textOK(s string) bool {
	_, ok := venue.TextCode(s)
	return ok
}

// limitCode recognises which limit a refusal's details name ("" when none).
func limitCode(text string) swapscout.FailureCode {
	t := strings.ToLower(text)
	switch {
	case strings.Contains(t, "max") || strings.Contains(t, "greater") || strings.Contains(t, "exceed") || strings.Contains(t, "too large") || strings.Contains(t, "above"):
		return swapscout.CodeAmountTooLarge
	case strings.Contains(t, "min") || strings.Contains(t, "less") || strings.Contains(t, "too small") || strings.Contains(t, "below"):
		return swapscout.CodeAmountTooSmall
	}
	return ""
}

var _ swapscout.Quoter = (*Client)(nil)
