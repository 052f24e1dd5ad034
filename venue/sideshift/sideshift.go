// Package sideshift is the adapter for SideShift.ai's API v2, a custodial
// instant-swap service that asks no account of its users.
//
// A floating ("variable") quote is one call, GET /v2/pair/{from}/{to}?amount=,
// which gives the deposit limits and the rate for that deposit, network fees
// included (the rate is what the user gets per unit sent); by the amount to
// receive it is two, the rate without an amount giving the deposit to ask
// the rate for. A fixed quote is
// POST /v2/quotes, which needs the account's secret (the x-sideshift-secret
// header, SWAPSCOUT_SIDESHIFT_API_KEY) and answers a quote id valid 15
// minutes; the pair call runs beside it for the limits, which the quote's
// refusals ("Amount too low") do not carry. The partner account
// (SWAPSCOUT_SIDESHIFT_AFFILIATE_ID) goes in every request as affiliateId.
//
// Refusals come as {"error":{"message":…}} with HTTP 400 (or 200, 401, 403,
// 404, 500) and are read by their words: "Invalid coin" and "Invalid network"
// (recorded) are pairs SideShift does not serve, "Amount too low"/"Amount too
// high" limits, "country-blocked" and a refused secret our configuration.
package sideshift

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers SideShift. Floating quotes need no key; fixed quotes
// and shifts need the account secret.
var Descriptor = venue.Facts(venue.Descriptor{ID: "sideshift", Kind: swapscout.InstantSwap,
	NeedsKey: false, FixedRate: true, Reverse: true, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Client quotes SideShift.
type Client struct{ cfg venue.Config }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// Quote asks the pair endpoint for a floating quote, or the quotes endpoint
// (with the pair's limits beside it) for a fixed one.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	fromInfo, _ := swapscout.LookupAsset(req.From) // TestSymbols: every mapped asset is in the catalogue
	toInfo, _ := swapscout.LookupAsset(req.To)
	if req.RateType == swapscout.Fixed {
		if c.cfg.APIKey == "" {
			return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeNotConfigured,
				"SideShift fixed rates need the account secret (set %sAPI_KEY)", Descriptor.EnvPrefix())
		}
		return c.fixed(ctx, req, from, to)
	}
	var p pairResponse
	if req.Direction == swapscout.Send {
		if err := c.pair(ctx, from, to, req.Amount.String(), &p); err != nil {
			return swapscout.Offer{}, err
		}
		return floatOffer(req, &p, fromInfo.Decimals, toInfo.Decimals)
	}
	// By the amount to receive: the rate without an amount (SideShift then
	// prices about 500 USD) gives the deposit roughly; the rate for that
	// deposit, whose network fees weigh differently, gives it exactly.
	if err := c.pair(ctx, from, to, "", &p); err != nil {
		return swapscout.Offer{}, err
	}
	first, err := floatOffer(req, &p, fromInfo.Decimals, toInfo.Decimals)
	switch {
	case err != nil:
		return swapscout.Offer{}, err // outside the limits at 500 USD is outside them at the deposit's rate too
	case first.AmountIn.Sign() <= 0 || !first.AmountIn.Valid():
		return first, nil // the engine's check says what is wrong
	}
	if err := c.pair(ctx, from, to, first.AmountIn.String(), &p); err != nil {
		return swapscout.Offer{}, err
	}
	return floatOffer(req, &p, fromInfo.Decimals, toInfo.Decimals)
}

// pair calls GET /v2/pair/{from}/{to} and checks the answer's shape.
func (c *Client) pair(ctx context.Context, from, to Code, amount string, p *pairResponse) error {
	q := url.Values{}
	if amount != "" {
		q.Set("amount", amount)
	}
	if c.cfg.Affiliate != "" {
		q.Set("affiliateId", c.cfg.Affiliate)
	}
	u := c.cfg.BaseURL + PairPath + url.PathEscape(from.Path()) + "/" + url.PathEscape(to.Path())
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	// The pair is public: the secret stays home.
	return venue.Fetch(ctx, &c.cfg, venue.Request{URL: u, Header: []venue.Field{{Key: "Accept", Value: "application/json"}}},
		func(status int, body []byte) error {
			return decodePair(status, body, p)
		})
}

// headers are those of the calls that need the account: the secret.
func (c *Client) headers() []venue.Field {
	hdr := []venue.Field{{Key: "Accept", Value: "application/json"}}
	if c.cfg.APIKey != "" {
		hdr = append(hdr, venue.Field{Key: "x-sideshift-secret", Value: c.cfg.APIKey})
	}
	return hdr
}

// decodePair reads a pair answer into p, or the refusal it is.
func decodePair(status int, body []byte, p *pairResponse) error {
	*p = pairResponse{}
	if err := decodeAnswer(status, body, p, &p.Error, status == 200); err != nil {
		return err
	}
	if p.Rate == nil || p.Min == nil || p.Max == nil {
		return swapscout.NewVenueError(swapscout.CodeBadResponse, "SideShift answered a pair without rate or limits")
	}
	return nil
}

// decodeAnswer reads an answer into v, whose error member is *e: a refusal
// in SideShift's words, else an outage (5xx), a rejected key (401/403), a
// status that carries no answer (good false) or a body that is not v's JSON.
func decodeAnswer(status int, body []byte, v any, e **apiError, good bool) error {
	err := json.Unmarshal(body, v)
	switch {
	case err == nil && *e != nil:
		return refusal(status, (*e).Message)
	case status >= 500:
		return venue.StatusError(status)
	case status == 401 || status == 403:
		return venue.KeyRejected(Descriptor.Name, status, body)
	case !good:
		return venue.StatusError(status)
	case err != nil:
		return venue.BadResponse(err)
	}
	return nil
}

// floatOffer prices req at the pair's rate, within its limits.
func floatOffer(req swapscout.QuoteRequest, p *pairResponse, fromDec, toDec int) (swapscout.Offer, error) {
	rate, min, max := *p.Rate, venue.Positive(p.Min), venue.Positive(p.Max)
	if !rate.Valid() || rate.Sign() <= 0 {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "SideShift answered rate %s", rate)
	}
	o := swapscout.Offer{Min: min, Max: max, RateType: swapscout.Float, Rate: rate}
	if req.Direction == swapscout.Receive {
		o.AmountOut = req.Amount
		o.AmountIn = req.Amount.Quo(rate, fromDec, swapscout.RoundUp)
	} else {
		o.AmountIn = req.Amount
		o.AmountOut = req.Amount.Mul(rate).Round(toDec, swapscout.RoundDown)
	}
	if err := limits(o.AmountIn, min, max, req.From); err != nil {
		return swapscout.Offer{}, err
	}
	// An amount that prices to nothing is passed on: the engine judges
	// every offer's amounts alike.
	o.Rate = swapscout.Amount{} // the engine writes out/in
	return o, nil
}

// limits refuses a deposit outside [min, max] (zero: no such limit).
func limits(in, min, max swapscout.Amount, from swapscout.Asset) error {
	switch {
	case min.Sign() > 0 && in.Cmp(min) < 0:
		ve := swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "SideShift takes at least %s %s", min, strings.ToUpper(from.Ticker))
		ve.Min, ve.Max = min, max
		return ve
	case max.Sign() > 0 && in.Cmp(max) > 0:
		ve := swapscout.NewVenueError(swapscout.CodeAmountTooLarge, "SideShift takes at most %s %s", max, strings.ToUpper(from.Ticker))
		ve.Min, ve.Max = min, max
		return ve
	}
	return nil
}

// fixed asks POST /v2/quotes, with the pair call beside it for the limits.
func (c *Client) fixed(ctx context.Context, req swapscout.QuoteRequest, from, to Code) (swapscout.Offer, error) {
	body := quoteRequest{DepositCoin: from.Coin, DepositNetwork: from.Network, SettleCoin: to.Coin, SettleNetwork: to.Network,
		AffiliateID: c.cfg.Affiliate}
	if req.Direction == swapscout.Receive {
		body.SettleAmount = req.Amount.String()
	} else {
		body.DepositAmount = req.Amount.String()
	}
	b, err := json.Marshal(body)
	if err != nil {
		return swapscout.Offer{}, err
	}
	var (
		p       pairResponse
		pairErr error
		qr      quoteResponse
	)
	err = venue.Parallel(ctx,
		func(ctx context.Context) error {
			return venue.Fetch(ctx, &c.cfg, venue.Request{Method: "POST", URL: c.cfg.BaseURL + QuotePath, Header: c.headers(),
				Body: b, ContentType: "application/json"}, func(status int, body []byte) error {
				return decodeQuote(status, body, &qr)
			})
		},
		func(ctx context.Context) error {
			// The limits only explain a refusal: the quote does not wait on them.
			pairErr = c.pair(ctx, from, to, "", &p)
			return nil
		})
	var min, max swapscout.Amount
	if pairErr == nil {
		min, max = venue.Positive(p.Min), venue.Positive(p.Max)
	}
	if err != nil {
		var ve *swapscout.VenueError
		if errors.As(err, &ve) && (ve.Code == swapscout.CodeAmountTooSmall || ve.Code == swapscout.CodeAmountTooLarge) && ve.Min.IsZero() && ve.Max.IsZero() {
			ve.Min, ve.Max = min, max
		}
		return swapscout.Offer{}, err
	}
	in, out := venue.Positive(qr.DepositAmount), venue.Positive(qr.SettleAmount)
	if in.Sign() <= 0 || out.Sign() <= 0 {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "SideShift quoted %s for %s", qr.SettleAmount, qr.DepositAmount)
	}
	if err := limits(in, min, max, req.From); err != nil {
		return swapscout.Offer{}, err
	}
	return swapscout.Offer{AmountIn: in, AmountOut: out, Min: min, Max: max, RateType: swapscout.Fixed,
		RateID: qr.ID, ExpiresAt: venue.SwapTime(qr.ExpiresAt)}, nil
}

// decodeQuote reads a quotes answer into q, or the refusal it is.
func decodeQuote(status int, body []byte, q *quoteResponse) error {
	*q = quoteResponse{}
	if err := decodeAnswer(status, body, q, &q.Error, status/100 == 2); err != nil {
		return err
	}
	if q.ID == "" {
		return swapscout.NewVenueError(swapscout.CodeBadResponse, "SideShift answered a quote without an id")
	}
	return nil
}

// refusal maps SideShift's error message to a failure code, whatever the
// HTTP status it came with (its 200s carry refusals too).
func refusal(status int, msg string) error {
	t := strings.ToLower(msg)
	var code swapscout.FailureCode
	switch {
	case strings.Contains(t, "amount too low") || strings.Contains(t, "below"):
		code = swapscout.CodeAmountTooSmall
	case strings.Contains(t, "amount too high") || strings.Contains(t, "above"):
		code = swapscout.CodeAmountTooLarge
	case venue.ContainsAny(t, "country-blocked", "country blocked", "affiliateid", "secret", "account not found", "access denied"):
		code = swapscout.CodeNotConfigured
	case venue.ContainsAny(t, "invalid coin", "invalid network", "duplicate coin", "not found", "disabled", "pair"):
		code = swapscout.CodeUnsupportedPair
	case strings.Contains(t, "rate unavailable"):
		code = swapscout.CodeUnavailable
	default:
		if c, ok := venue.TextCode(msg); ok {
			code = c
		} else if status >= 500 {
			code = swapscout.CodeUnavailable
		} else if status == 401 || status == 403 {
			code = swapscout.CodeNotConfigured
		} else {
			code = swapscout.CodeBadResponse
		}
	}
	return venue.WithBound(swapscout.NewVenueError(code, "SideShift: %s", venue.ClipOr(msg, "no reason given")), msg)
}

var _ swapscout.Quoter = (*Client)(nil)
