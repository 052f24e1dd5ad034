// Package trocador is the adapter for Trocador, an instant-swap aggregator:
// one GET /new_rate asks every partner exchange at once and answers a rate id
// (trade_id) with all partners' quotes, best first. The adapter picks the best
// quote of the requested rate type and reports it as Trocador's offer, naming
// the partner that would execute it (Offer.Provider) and that partner's KYC
// rating. Amounts to receive are Trocador's fixed-rate "payments". All calls
// are GET with an API-Key header; booleans go as Python's True/False
// (research aggregators.md, appendix; docs https://trocador.app/en/docs/).
package trocador

import (
	"context"
	"encoding/json"
	"net/url"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers Trocador. Its own KYC rating is C: it asks partners
// rated A to C only (min_kycrating=C), and each offer carries the rating of the
// partner that would execute it.
var Descriptor = venue.Facts(venue.Descriptor{ID: "trocador", Kind: swapscout.InstantSwap,
	NeedsKey: true, FixedRate: true, Reverse: true, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// minKYCRating keeps out partners rated D ("may hold user's funds
// indefinitely until verification"), as Cake Wallet does.
const minKYCRating = "C"

// Client quotes Trocador.
type Client struct{ cfg venue.Config }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// Quote asks new_rate for every partner's quote and keeps the best one of the
// requested kind.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	q := url.Values{
		"ticker_from": {from.Ticker}, "network_from": {from.Network},
		"ticker_to": {to.Ticker}, "network_to": {to.Network},
		"min_kycrating": {minKYCRating}, "best_only": {"False"},
	}
	switch {
	case req.Direction == swapscout.Receive && req.RateType != swapscout.Fixed:
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair,
			"Trocador quotes by the amount to receive as fixed-rate payments only")
	case req.Direction == swapscout.Receive:
		q.Set("amount_to", req.Amount.String())
		q.Set("payment", "True")
	default:
		q.Set("amount_from", req.Amount.String())
		q.Set("payment", "False")
	}
	if c.cfg.APIKey == "" {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeNotConfigured, "Trocador needs an API key (set %sAPI_KEY)", Descriptor.EnvPrefix())
	}
	r, err := venue.FetchValue(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + NewRatePath + "?" + q.Encode(),
		Header: []venue.Field{{Key: "API-Key", Value: c.cfg.APIKey}, {Key: "Accept", Value: "application/json"}}}, parseNewRate)
	if err != nil {
		return swapscout.Offer{}, err
	}
	return offer(req, &r)
}

// offer picks the best quote of the requested kind: the most received for an
// amount sent; the least sent for a payment. A payment quote that names no
// amount_from (the recorded shape has none) stands for Trocador's own best,
// whose amount_from is the answer's.
func offer(req swapscout.QuoteRequest, r *newRateResponse) (swapscout.Offer, error) {
	fixed := req.RateType == swapscout.Fixed || req.Direction == swapscout.Receive
	o := swapscout.Offer{RateType: swapscout.Float, RateID: r.TradeID}
	if fixed {
		o.RateType = swapscout.Fixed
	}
	var quotes []quote
	if b := r.Quotes; b != nil {
		quotes = b.Quotes
		o.Min, _ = amount(b.MinDeposit)
		o.Max, _ = amount(b.MaxDeposit)
	}
	// What the venue says is sent: its echo of the amount (the engine checks
	// it against the request), the request's when it echoes none.
	sent := req.Amount
	if r.AmountFrom != nil && r.AmountFrom.Sign() > 0 && req.Direction == swapscout.Send {
		sent = *r.AmountFrom
	}
	var best *quote
	// nothing is a partner's quote of the requested kind priced at zero or
	// less, and its amount_to.
	var nothing *quote
	var nothingOut swapscout.Amount
	for i := range quotes {
		q := &quotes[i]
		out, ok := amount(q.AmountTo)
		if bool(q.Fixed) != fixed || q.Provider == "" || !ok {
			if a, ok := notPositive(q.AmountTo); ok && bool(q.Fixed) == fixed && q.Provider != "" {
				nothing, nothingOut = q, a
			}
			continue
		}
		if req.Direction == swapscout.Receive {
			in, ok := amount(q.AmountFrom)
			if !ok {
				continue
			}
			if best == nil || in.Cmp(o.AmountIn) < 0 {
				best, o.AmountIn, o.AmountOut = q, in, out
			}
		} else if best == nil || out.Cmp(o.AmountOut) > 0 {
			best, o.AmountIn, o.AmountOut = q, sent, out
		}
	}
	bestFixed := bool(r.Fixed) || (req.Direction == swapscout.Receive && bool(r.Payment)) // payments are fixed-rate
	if best == nil && r.Provider != "" && bestFixed == fixed && r.AmountTo != nil && r.AmountTo.Sign() > 0 {
		// Trocador's own best: take its amounts, and its partner's quote for the rest.
		best = &quote{Provider: r.Provider}
		for i := range quotes {
			if quotes[i].Provider == r.Provider && bool(quotes[i].Fixed) == fixed {
				best = &quotes[i]
				break
			}
		}
		o.AmountIn, o.AmountOut = sent, *r.AmountTo
		if req.Direction == swapscout.Receive {
			if r.AmountFrom == nil || r.AmountFrom.Sign() <= 0 {
				return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "Trocador answered a payment without amount_from")
			}
			o.AmountIn = *r.AmountFrom
		}
	}
	if best == nil && r.Provider != "" && bestFixed == fixed && r.AmountTo != nil && r.AmountTo.Sign() <= 0 {
		nothing, nothingOut = &quote{Provider: r.Provider}, *r.AmountTo
	}
	switch {
	case best == nil && nothing != nil:
		// A partner named and priced at nothing or less: the venue's
		// mistake, not an unserved pair (with none named, amount_to 0 is
		// how Trocador says it has no quote). It goes on as answered, and
		// the engine's check of every offer makes it a bad_response.
		o.Provider = venue.ClipOr(nothing.Provider, "")
		o.AmountIn, o.AmountOut = sent, nothingOut
		if req.Direction == swapscout.Receive {
			o.AmountIn = venue.Deref(r.AmountFrom)
		}
		return o, nil
	case best == nil:
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "no Trocador partner offers a %s rate for this pair and amount", o.RateType)
	}
	o.Provider = venue.ClipOr(best.Provider, "")
	if k, err := swapscout.ParseKYCRating(best.KYCRating); err == nil {
		o.KYC = k
	}
	// The partner's own log policy, which logpolicy= filters on; a value
	// out of A-C leaves the venue's (the engine fills it).
	if l, err := swapscout.ParseLogRating(best.LogPolicy); err == nil {
		o.LogPolicy = l
	}
	if eta, ok := amount(best.ETA); ok && eta.Float64() < 7*24*60 {
		if d, ok := venue.DurationOf(eta, time.Minute); ok {
			o.ETAMin, o.ETAMax = d, d
		}
	}
	return o, nil
}

// parseNewRate reads a new_rate answer, or maps a refusal: {"error": "..."},
// usually with HTTP 400 or 404, checked whatever the status.
func parseNewRate(status int, body []byte) (newRateResponse, error) {
	var r newRateResponse
	var er errorResponse
	if json.Unmarshal(body, &er) == nil && er.Error != "" {
		return r, refusal(status, venue.ClipOr(er.Error, "")+sep(er.Message))
	}
	if status < 200 || status > 299 {
		return r, refusal(status, "")
	}
	if err := json.Unmarshal(body, &r); err != nil {
		return r, venue.BadResponse(err)
	}
	return r, nil
}

// refusal maps Trocador's error text. The one recorded is 404 "trade could not
// be generated, some unknown error happened": no partner would quote this pair
// at this amount (Trocador's staff: no exchange for the pair, or the amount is
// outside every partner's limits). The other wordings are [MEM].
func refusal(status int, text string) error {
	lower := strings.ToLower(text)
	code := swapscout.CodeBadResponse
	switch {
	case status == 401 || status == 403 || venue.ContainsAny(lower, "api key", "api-key", "apikey", "unauthorized", "invalid key", "permission"):
		code = swapscout.CodeNotConfigured
	case venue.ContainsAny(lower, "minimum", "too low", "too small", "below"):
		code = swapscout.CodeAmountTooSmall
	case venue.ContainsAny(lower, "maximum", "too high", "too large", "above"):
		code = swapscout.CodeAmountTooLarge
	case venue.ContainsAny(lower, "could not be generated", "no quote", "no rate", "not supported", "unsupported", "not found", "invalid coin", "invalid ticker", "network"):
		code = swapscout.CodeUnsupportedPair
	case status >= 500:
		code = swapscout.CodeUnavailable
	case status == 404:
		code = swapscout.CodeUnsupportedPair
	default:
		if c, ok := venue.TextCode(text); ok { // an outage or rate limit in words, with HTTP 200
			code = c
		}
	}
	if text == "" {
		return swapscout.NewVenueError(code, "Trocador refused the request (HTTP %d)", status)
	}
	if code == swapscout.CodeUnsupportedPair && strings.Contains(lower, "could not be generated") {
		return swapscout.NewVenueError(code, "no Trocador partner quoted this pair at this amount (%s)", text)
	}
	return venue.WithBound(swapscout.NewVenueError(code, "Trocador: %s", text), text)
}

func sep(message string) string {
	if message == "" {
		return ""
	}
	return ": " + venue.ClipOr(message, "")
}

var _ swapscout.Quoter = (*Client)(nil)
