// Package exolix is the adapter for Exolix's instant-swap API v2. One call,
// GET /api/v2/rate, gives the estimate and the pair's limits together, by the
// amount to send (amount=) or to receive (withdrawalAmount=), at a floating or
// fixed rate.
//
// Exolix's quirks are handled here (research exchange-apis.md, A3): a refusal
// below the minimum comes back in the rate shape with a message, on HTTP 200
// (Cake's recording, and Edge for receive-side quotes) or 422 (Edge for
// send-side quotes); small numbers are written with an exponent (1e-8); and any
// other 422 means the pair is not served (Edge). Limits are also checked the
// way Edge does, against the side the amount names: minAmount and maxAmount
// bound the deposit, withdrawMin the payout.
package exolix

import (
	"context"
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers Exolix. The rate endpoint needs no key; a configured
// key (SWAPSCOUT_EXOLIX_API_KEY) is sent as the partner's Authorization header.
var Descriptor = venue.Facts(venue.Descriptor{ID: "exolix", Kind: swapscout.InstantSwap,
	NeedsKey: false, FixedRate: true, Reverse: true, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Client quotes Exolix.
type Client struct{ cfg venue.Config }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// Quote asks GET /api/v2/rate for the pair, amount, direction and rate type.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	q := url.Values{
		"coinFrom": {from.Coin}, "networkFrom": {from.Network},
		"coinTo": {to.Coin}, "networkTo": {to.Network},
		"rateType": {"float"},
	}
	if req.RateType == swapscout.Fixed {
		q.Set("rateType", "fixed")
	}
	if req.Direction == swapscout.Receive {
		q.Set("withdrawalAmount", req.Amount.String())
	} else {
		q.Set("amount", req.Amount.String())
	}
	// The key goes in a header (Edge), not in the apiToken query parameter
	// (Cake): a URL ends up in logs and error messages.
	hdr := []venue.Field{{Key: "Accept", Value: "application/json"}}
	if c.cfg.APIKey != "" {
		hdr = append(hdr, venue.Field{Key: "Authorization", Value: c.cfg.APIKey})
	}
	return venue.FetchValue(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + RatePath + "?" + q.Encode(), Header: hdr},
		func(status int, body []byte) (swapscout.Offer, error) { return decodeRate(req, status, body) })
}

// decodeRate turns a rate answer into an offer or a typed refusal.
func decodeRate(req swapscout.QuoteRequest, status int, body []byte) (swapscout.Offer, error) {
	if err := venue.ReadStatus("Exolix", status, body, 200, 400, 422); err != nil {
		return swapscout.Offer{}, err
	}
	var r rateResponse
	err := json.Unmarshal(body, &r)
	text := venue.Deref(r.Error)
	if text == "" {
		text = venue.Deref(r.Message)
	}
	switch {
	case err == nil && r.isRate():
		return rateOffer(req, status, &r)
	case err == nil && len(r.Errors) > 0:
		return swapscout.Offer{}, validationError(r.Errors)
	case err == nil && text != "":
		return swapscout.Offer{}, refusal(text, swapscout.Amount{}, swapscout.Amount{})
	case status == 422:
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Exolix does not swap %s to %s (HTTP 422)", req.From, req.To)
	case status == 400:
		return swapscout.Offer{}, venue.StatusError(status)
	case err != nil:
		return swapscout.Offer{}, venue.BadResponse(err)
	}
	return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "Exolix answered without a rate")
}

// rateOffer reads a body in the rate shape: an offer, or a refusal when the
// amount is outside the limits, a message is set, or the status is not 200.
func rateOffer(req swapscout.QuoteRequest, status int, r *rateResponse) (swapscout.Offer, error) {
	in, out := *r.FromAmount, *r.ToAmount
	min, max := *r.MinAmount, venue.Deref(r.MaxAmount)
	wmin := venue.Deref(r.WithdrawMin) // the payout's minimum, in To units
	tooSmall := func(format string, args ...any) error {
		ve := swapscout.NewVenueError(swapscout.CodeAmountTooSmall, format, args...)
		ve.Min, ve.Max, ve.MinOut = min, max, wmin
		return ve
	}
	tooLarge := func() error {
		ve := swapscout.NewVenueError(swapscout.CodeAmountTooLarge, "Exolix takes at most %s %s", max, req.From)
		ve.Min, ve.Max, ve.MinOut = min, max, wmin
		return ve
	}
	// The deposit is the request's amount when sending, the venue's answer
	// when receiving (zero in a refusal that does not say).
	deposit := req.Amount
	if req.Direction == swapscout.Receive {
		deposit = in
		if wmin.Sign() > 0 && req.Amount.Cmp(wmin) < 0 {
			return swapscout.Offer{}, tooSmall("Exolix pays out at least %s %s", wmin, req.To)
		}
	}
	switch {
	case deposit.Sign() > 0 && min.Sign() > 0 && deposit.Cmp(min) < 0:
		return swapscout.Offer{}, tooSmall("Exolix takes at least %s %s", min, req.From)
	case deposit.Sign() > 0 && max.Sign() > 0 && deposit.Cmp(max) > 0:
		return swapscout.Offer{}, tooLarge()
	}
	if msg := venue.Deref(r.Message); msg != "" || status != 200 {
		if msg == "" {
			msg = "no amount quoted"
		}
		return swapscout.Offer{}, refusal(msg, min, max)
	}
	// A zero or negative amount without a refusal's words is the venue's
	// mistake, not a refusal: it goes on as answered, and the engine's check
	// of every offer makes it a bad_response.
	return swapscout.Offer{AmountIn: in, AmountOut: out, Min: min, Max: max, MinOut: wmin, RateType: req.RateType}, nil
}

// refusal maps a refusal's text to its code: a limit when the text names one;
// a rejected key, rate limiting or an outage when its words say so (Exolix
// sends {"message":…} with 200 or 400 too); otherwise the pair is not served
// (the meaning Edge gives any 422).
func refusal(text string, min, max swapscout.Amount) error {
	code := limitCode(text)
	if code == "" {
		if c, ok := venue.TextCode(text); ok && (c == swapscout.CodeNotConfigured || c == swapscout.CodeRateLimited || c == swapscout.CodeUnavailable) {
			code = c
		} else {
			code = swapscout.CodeUnsupportedPair
		}
	}
	ve := swapscout.NewVenueError(code, "Exolix: %s", venue.Clip(text))
	if code != swapscout.CodeUnsupportedPair {
		ve.Min, ve.Max = min, max
	}
	return ve
}

// limitCode recognises Exolix's limit messages, e.g. "Amount to exchange is
// below the possible min amount to exchange"; "" when the text names none.
func limitCode(text string) swapscout.FailureCode {
	t := strings.ToLower(text)
	switch {
	case strings.Contains(t, "below") || strings.Contains(t, "min amount") || strings.Contains(t, "minimum") || strings.Contains(t, "too small"):
		return swapscout.CodeAmountTooSmall
	case strings.Contains(t, "above") || strings.Contains(t, "higher") || strings.Contains(t, "max amount") ||
		strings.Contains(t, "maximum") || strings.Contains(t, "exceed") || strings.Contains(t, "too large"):
		return swapscout.CodeAmountTooLarge
	}
	return ""
}

// validationError maps a 400 {"errors":{"<field>":"<message>"}} body: a coin
// or network field means the asset is not served, an amount field names a
// limit or is our mistake, and anything else is a request Exolix could not take.
func validationError(errs map[string]json.RawMessage) error {
	f := slices.Sorted(maps.Keys(errs))[0]
	text := venue.FieldText(errs[f])
	lf := strings.ToLower(f)
	code := swapscout.CodeBadResponse
	switch {
	case strings.Contains(lf, "coin") || strings.Contains(lf, "network"):
		code = swapscout.CodeUnsupportedPair
	case strings.Contains(lf, "amount"):
		if c := limitCode(text); c != "" {
			code = c
		}
	}
	return swapscout.NewVenueError(code, "Exolix: %s: %s", venue.Clip(f), venue.Clip(text))
}

var _ swapscout.Quoter = (*Client)(nil)
