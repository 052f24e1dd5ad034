// Package changehero is the adapter for ChangeHero's JSON-RPC 2.0 API
// (research A7): floating estimates by the amount sent with getExchangeAmount
// and getMinAmount, and fixed rates in both directions from getFixRate, whose
// rate id and limits (minFrom/maxFrom, minTo/maxTo) come in one array item.
// Errors arrive as HTTP 200 with a JSON-RPC error object; -32602 or
// "Invalid currency:" means the pair is not offered.
package changehero

import (
	"context"
	"encoding/json"
	"errors"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers ChangeHero.
var Descriptor = venue.Facts(venue.Descriptor{ID: "changehero", Kind: swapscout.InstantSwap,
	NeedsKey: true, FixedRate: true, Reverse: true, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Client quotes ChangeHero.
type Client struct{ cfg venue.Config }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// Quote asks for a floating estimate (with the pair's minimum) or a fixed rate.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	pair := pairParams{From: from.Ticker, To: to.Ticker, ChainFrom: from.Chain, ChainTo: to.Chain}
	if req.RateType == swapscout.Fixed {
		return c.fixed(ctx, req, pair)
	}
	if req.Direction == swapscout.Receive {
		// getExchangeAmount takes the amount sent only; getFixRate has minTo/maxTo.
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "ChangeHero quotes by amount to receive at fixed rates only")
	}
	var out, minimum swapscout.Amount
	var minErr error
	err = venue.Parallel(ctx,
		func(ctx context.Context) error {
			return c.call(ctx, "getExchangeAmount", amountParams{From: pair.From, To: pair.To,
				ChainFrom: pair.ChainFrom, ChainTo: pair.ChainTo, Amount: req.Amount.String()}, &out)
		},
		func(ctx context.Context) error {
			// The minimum is a bonus: an estimate stands without it.
			minErr = c.call(ctx, "getMinAmount", pair, &minimum)
			return nil
		})
	if minErr != nil || minimum.Sign() < 0 {
		minimum = swapscout.Amount{}
	}
	below := !minimum.IsZero() && req.Amount.Cmp(minimum) < 0
	if err != nil {
		var ve *swapscout.VenueError
		if errors.As(err, &ve) && (ve.Code == swapscout.CodeAmountTooSmall || (below && refusal(ve.Code))) {
			min := minimum
			if min.IsZero() {
				min = ve.Min // the bound the refusal's words named
			}
			return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Msg: ve.Msg, Min: min}
		}
		return swapscout.Offer{}, err
	}
	switch {
	case below: // the deposit would be refused even though the venue priced it
		return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Msg: "ChangeHero: below the minimum of " + minimum.String(), Min: minimum}
	}
	// A zero or negative estimate goes on as answered: the venue's mistake,
	// which the engine's check of every offer makes a bad_response.
	return swapscout.Offer{AmountIn: req.Amount, AmountOut: out, Min: minimum, RateType: swapscout.Float}, nil
}

// fixed quotes a locked rate: getFixRate gives the rate, its id and the
// limits on both sides; the amounts follow from the rate.
func (c *Client) fixed(ctx context.Context, req swapscout.QuoteRequest, pair pairParams) (swapscout.Offer, error) {
	var rates []fixRate
	if err := c.call(ctx, "getFixRate", pair, &rates); err != nil {
		return swapscout.Offer{}, err
	}
	if len(rates) == 0 {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "ChangeHero offers no fixed rate for %s to %s", req.From, req.To)
	}
	r := rates[0]
	if r.Result == nil || r.Result.Sign() <= 0 || r.ID == "" {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "ChangeHero fixed rate has no rate or id")
	}
	rate := *r.Result
	minFrom, maxFrom := venue.Positive(r.MinFrom), venue.Positive(r.MaxFrom)
	o := swapscout.Offer{Min: minFrom, Max: maxFrom, RateType: swapscout.Fixed, RateID: r.ID}
	fromInfo, _ := swapscout.LookupAsset(req.From)
	toInfo, _ := swapscout.LookupAsset(req.To)
	// The limits of the side the amount names decide, as ChangeHero checks them.
	lo, hi, side := minFrom, maxFrom, req.From
	if req.Direction == swapscout.Receive {
		lo, hi, side = venue.Positive(r.MinTo), venue.Positive(r.MaxTo), req.To
	}
	switch {
	case !lo.IsZero() && req.Amount.Cmp(lo) < 0:
		return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Min: minFrom, Max: maxFrom,
			Msg: "ChangeHero: below the minimum of " + lo.String() + " " + side.String()}
	case !hi.IsZero() && req.Amount.Cmp(hi) > 0:
		return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeAmountTooLarge, Min: minFrom, Max: maxFrom,
			Msg: "ChangeHero: above the maximum of " + hi.String() + " " + side.String()}
	}
	if req.Direction == swapscout.Receive {
		o.AmountOut = req.Amount
		o.AmountIn = req.Amount.Quo(rate, fromInfo.Decimals, swapscout.RoundUp)
	} else {
		o.AmountIn = req.Amount
		o.AmountOut = req.Amount.Mul(rate).Round(toInfo.Decimals, swapscout.RoundDown)
	}
	if !o.AmountIn.Valid() || !o.AmountOut.Valid() {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "ChangeHero fixed rate %s is out of range", rate)
	}
	if o.AmountIn.Sign() <= 0 || o.AmountOut.Sign() <= 0 {
		return swapscout.Offer{}, &swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Msg: "ChangeHero: the amount prices to nothing", Min: minFrom}
	}
	return o, nil
}

// call posts one JSON-RPC method and decodes its result into v.
func (c *Client) call(ctx context.Context, method string, params, v any) error {
	body, err := json.Marshal(rpcRequest{JSONRPC: "2.0", ID: "swapscout", Method: method, Params: params})
	if err != nil {
		return err
	}
	return venue.Fetch(ctx, &c.cfg, venue.Request{Method: "POST", URL: c.cfg.BaseURL + RPCPath, Body: body, ContentType: "application/json",
		Header: []venue.Field{{Key: "api-key", Value: c.cfg.APIKey}}},
		func(status int, body []byte) error { return decode(status, body, v) })
}

// decode reads a JSON-RPC answer into v, or maps its error object (sent with
// HTTP 200) to a code.
func decode(status int, body []byte, v any) error {
	var r rpcResponse
	if err := json.Unmarshal(body, &r); err != nil {
		if ferr := venue.HTTPFailure("ChangeHero", status, body); ferr != nil {
			return ferr
		}
		return venue.BadResponse(err)
	}
	if r.Error != nil {
		return rpcFailure(status, r.Error)
	}
	if err := venue.HTTPFailure("ChangeHero", status, body); err != nil {
		return err
	}
	if len(r.Result) == 0 || string(r.Result) == "null" {
		return swapscout.NewVenueError(swapscout.CodeBadResponse, "ChangeHero answered neither result nor error")
	}
	if err := json.Unmarshal(r.Result, v); err != nil {
		return venue.BadResponse(err)
	}
	return nil
}

// rpcFailure maps a JSON-RPC error object to a typed error.
func rpcFailure(status int, e *rpcError) error {
	msg := strings.ToLower(e.Message)
	// Beyond the documented -32602 and "Invalid currency:", the message's
	// words decide ([MEM]: no source shows ChangeHero's other errors).
	code, worded := venue.WordedRefusal(status, msg)
	switch {
	case strings.Contains(e.Message, "Invalid currency:"): // Edge: unsupported pair
		code = swapscout.CodeUnsupportedPair
	case worded:
	case e.Code == "-32602": // invalid params: Edge reads it as an unsupported pair
		code = swapscout.CodeUnsupportedPair
	case e.Code == "-32603" || strings.HasPrefix(string(e.Code), "-320") || status >= 500: // internal / server errors
		code = swapscout.CodeUnavailable
	default: // -32700 parse error, -32600 invalid request, -32601 no such method…
		code = swapscout.CodeBadResponse
	}
	text := e.Message
	if text == "" {
		text = "error " + venue.Clip(string(e.Code))
	}
	return venue.WithBound(swapscout.NewVenueError(code, "ChangeHero: %s", venue.Clip(text)), e.Message)
}

// refusal reports the codes of a venue saying no (rather than failing).
func refusal(c swapscout.FailureCode) bool {
	return c == swapscout.CodeUnsupportedPair || c == swapscout.CodeAmountTooSmall || c == swapscout.CodeAmountTooLarge
}

var _ swapscout.Quoter = (*Client)(nil)
