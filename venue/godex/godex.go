// Package godex is the adapter for Godex's API v1: POST /info (by the amount
// to send) and /info-revert (by the amount to receive), which take coins
// without networks and list the networks available in the answer; limits are
// checked against min_amount and max_amount, 422 means the pair is not
// supported, and {"success":false,"error":"…"} bodies are mapped by their text.
//
// Godex quotes one rate, which it locks when the order is created (Edge
// treats its orders as not estimates), so every offer is reported as fixed,
// whatever rate type was asked for.
package godex

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers Godex.
var Descriptor = venue.Facts(venue.Descriptor{ID: "godex", Kind: swapscout.InstantSwap,
	NeedsKey: false, FixedRate: true, Reverse: true, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Client quotes Godex.
type Client struct{ cfg venue.Config }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// Quote asks /info or /info-revert, then checks the networks and limits the
// answer lists.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	reverse := req.Direction == swapscout.Receive
	path, _ := venue.TxPaths(reverse)
	body, err := json.Marshal(infoRequest{From: from.Coin, To: to.Coin, Amount: req.Amount.String()})
	if err != nil {
		return swapscout.Offer{}, venue.BadResponse(err)
	}
	var in info
	err = venue.Fetch(ctx, &c.cfg, venue.Request{Method: "POST", URL: c.cfg.BaseURL + path, Body: body, ContentType: "application/json"},
		func(status int, b []byte) error { return decode(status, b, &in) })
	if err != nil {
		return swapscout.Offer{}, err
	}
	// The quote names no network: the answer must list ours.
	if !listed(in.NetworksFrom, from.Network) {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Godex does not take %s on %s now", from.Coin, from.Network)
	}
	if !listed(in.NetworksTo, to.Network) {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Godex does not pay out %s on %s now", to.Coin, to.Network)
	}
	if err := limitError(req, &in); err != nil {
		return swapscout.Offer{}, err
	}
	o := swapscout.Offer{AmountIn: req.Amount, AmountOut: *in.Amount, RateType: swapscout.Fixed}
	min, max := limits(&in)
	if reverse {
		// /info-revert's limits are on the amount received, in To units.
		o.AmountIn, o.AmountOut = *in.Amount, req.Amount
		o.MinOut, o.MaxOut = min, max
	} else {
		o.Min, o.Max = min, max
	}
	return o, nil
}

// limits returns min_amount and max_amount (a zero max is none).
func limits(in *info) (min, max swapscout.Amount) {
	if in.MaxAmount != nil {
		max = *in.MaxAmount
	}
	return *in.MinAmount, max
}

// limitError compares the amount with min_amount and max_amount. Godex
// answers 200 below the minimum, so the check is ours (Edge does the same).
// /info's limits are on the amount sent (Min, Max); /info-revert's on the
// amount received (MinOut, MaxOut).
func limitError(req swapscout.QuoteRequest, in *info) error {
	unit := req.From
	if req.Direction == swapscout.Receive {
		unit = req.To
	}
	_, max := limits(in)
	var ve *swapscout.VenueError
	switch {
	case req.Amount.Cmp(*in.MinAmount) < 0:
		ve = swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "Godex: amount below the minimum %s %s", in.MinAmount, unit)
	case max.Sign() > 0 && req.Amount.Cmp(max) > 0:
		ve = swapscout.NewVenueError(swapscout.CodeAmountTooLarge, "Godex: amount above the maximum %s %s", max, unit)
	default:
		return nil
	}
	if req.Direction == swapscout.Send {
		ve.Min, ve.Max = *in.MinAmount, max
	} else {
		ve.MinOut, ve.MaxOut = *in.MinAmount, max
	}
	return ve
}

// listed reports whether the answer lists the network.
func listed(ns []network, code string) bool {
	for _, n := range ns {
		if strings.EqualFold(n.Network, code) {
			return true
		}
	}
	return false
}

// decode reads an /info answer into v or maps an error to its code: 422 is
// an unsupported pair (Edge), {"success":false,"error":"…"} is mapped by its
// text whatever the status.
func decode(status int, body []byte, v *info) error {
	var er errorReply
	failed := json.Unmarshal(body, &er) == nil && (string(er.Success) == "false" || string(er.Success) == "0")
	switch {
	case status == 422:
		return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Godex does not support this pair: %s", venue.ClipOr(er.Error, "no message"))
	case failed:
		return textError(status, er.Error)
	}
	if err := venue.HTTPFailure("Godex", status, body); err != nil {
		return err
	}
	if err := json.Unmarshal(body, v); err != nil {
		return venue.BadResponse(err)
	}
	if v.Amount == nil || v.MinAmount == nil {
		return venue.BadResponse(errors.New("info without amount or min_amount"))
	}
	return nil
}

// textError maps an error sentence: Godex documents no error codes.
func textError(status int, msg string) error {
	m := strings.ToLower(msg)
	var fc swapscout.FailureCode
	switch {
	case status == 401 || status == 403 || venue.ContainsAny(m, "api key", "public-key", "public key", "unauthori", "forbidden"):
		fc = swapscout.CodeNotConfigured
	case status == 429 || venue.ContainsAny(m, "too many", "rate limit"):
		fc = swapscout.CodeRateLimited
	case venue.ContainsAny(m, "minimum", "min amount", "less than", "too small", "too low"):
		fc = swapscout.CodeAmountTooSmall
	case venue.ContainsAny(m, "maximum", "max amount", "more than", "too large", "too high", "exceed"):
		fc = swapscout.CodeAmountTooLarge
	case venue.ContainsAny(m, "not support", "unsupported", "not found", "disabled", "pair", "coin", "currency"):
		fc = swapscout.CodeUnsupportedPair
	case status >= 500 || venue.ContainsAny(m, "maintenance", "unavailable", "server error"):
		fc = swapscout.CodeUnavailable
	default:
		fc = swapscout.CodeBadResponse
	}
	ve := venue.WithBound(swapscout.NewVenueError(fc, "Godex: %s", venue.ClipOr(msg, "no message")), msg)
	if status != 200 {
		ve.Msg += fmt.Sprintf(" (HTTP %d)", status)
	}
	return ve
}

var _ swapscout.Quoter = (*Client)(nil)
