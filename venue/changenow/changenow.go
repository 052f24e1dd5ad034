// Package changenow is the adapter for ChangeNOW's instant-swap API v2:
// estimates for an amount in both directions, floating and fixed rates,
// min/max from /exchange/range, and every documented error mapped to its code.
package changenow

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers ChangeNOW.
var Descriptor = venue.Facts(venue.Descriptor{ID: "changenow", Kind: swapscout.InstantSwap,
	NeedsKey: true, FixedRate: true, Reverse: true, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Client quotes ChangeNOW.
type Client struct{ cfg venue.Config }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// Quote asks for an estimate and the pair's limits at once.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	flow := "standard"
	if req.RateType == swapscout.Fixed {
		flow = "fixed-rate"
	} else if req.Direction == swapscout.Receive {
		// v2 quotes by the amount to receive on the fixed-rate flow only.
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "ChangeNOW quotes by amount to receive at fixed rates only")
	}
	pair := url.Values{
		"fromCurrency": {from.Ticker}, "toCurrency": {to.Ticker},
		"fromNetwork": {from.Network}, "toNetwork": {to.Network}, "flow": {flow},
	}
	est := url.Values{"type": {"direct"}, "fromAmount": {req.Amount.String()}}
	if req.Direction == swapscout.Receive {
		est = url.Values{"type": {"reverse"}, "toAmount": {req.Amount.String()}}
	}
	if req.RateType == swapscout.Fixed {
		est.Set("useRateId", "true")
	}
	var e estimateResponse
	var rng rangeResponse
	err, rangeErr := venue.PairQuery{Pair: pair, Price: est, PricePath: EstimatePath, LimitsPath: RangePath,
		Header: []venue.Field{{Key: "x-changenow-api-key", Value: c.cfg.APIKey}}}.Get(ctx, &c.cfg, decode, &e, &rng)
	if err != nil {
		// A limit refusal without its payload takes the pair's range.
		var ve *swapscout.VenueError
		if errors.As(err, &ve) && (ve.Code == swapscout.CodeAmountTooSmall || ve.Code == swapscout.CodeAmountTooLarge) &&
			ve.Min.IsZero() && ve.Max.IsZero() && rangeErr == nil && req.Direction == swapscout.Send {
			ve.Min, ve.Max = venue.Deref(rng.MinAmount), venue.Deref(rng.MaxAmount)
		}
		return swapscout.Offer{}, err
	}
	if e.FromAmount.Sign() <= 0 || e.ToAmount.Sign() <= 0 {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "ChangeNOW estimate without positive fromAmount and toAmount")
	}
	o := swapscout.Offer{AmountIn: e.FromAmount, AmountOut: e.ToAmount, RateType: venue.StatedRateType(e.Flow, "fixed-rate", "standard", req.RateType)}
	if rangeErr == nil {
		if rng.MinAmount != nil {
			o.Min = *rng.MinAmount
		}
		if rng.MaxAmount != nil {
			o.Max = *rng.MaxAmount
		}
	}
	o.RateID, o.ExpiresAt = venue.Deref(e.RateID), venue.SwapTime(venue.Deref(e.ValidUntil))
	if e.DepositFee != nil && e.DepositFee.Sign() > 0 {
		o.Fees = append(o.Fees, swapscout.Fee{Kind: "deposit", Amount: *e.DepositFee, Asset: req.From})
	}
	if e.WithdrawalFee != nil && e.WithdrawalFee.Sign() > 0 {
		o.Fees = append(o.Fees, swapscout.Fee{Kind: "withdrawal", Amount: *e.WithdrawalFee, Asset: req.To})
	}
	if e.TransactionSpeedForecast != nil {
		o.ETAMin, o.ETAMax = venue.MinuteRange(*e.TransactionSpeedForecast, venue.MaxDuration)
	}
	return o, nil
}

// errorCodes maps ChangeNOW's error names to failure codes.
var errorCodes = map[string]swapscout.FailureCode{
	"deposit_too_small":      swapscout.CodeAmountTooSmall,
	"out_of_range":           swapscout.CodeAmountTooSmall,
	"deposit_too_large":      swapscout.CodeAmountTooLarge,
	"pair_is_inactive":       swapscout.CodeUnsupportedPair,
	"not_valid_params":       swapscout.CodeUnsupportedPair,
	"fixed_rate_not_enabled": swapscout.CodeUnsupportedPair,
	"unauthorized":           swapscout.CodeNotConfigured,
	"too_many_requests":      swapscout.CodeRateLimited,
}

// decode reads a 2xx body into v or maps an error body to its code. The body
// decides, whatever the status: an {"error":…} body sent with HTTP 200 is an
// error too.
func decode(status int, body []byte, v any) error {
	var er errorResponse
	isErr := json.Unmarshal(body, &er) == nil && er.Error != ""
	if status >= 200 && status < 300 && !isErr {
		if err := json.Unmarshal(body, v); err != nil {
			return venue.BadResponse(err)
		}
		return nil
	}
	if !isErr {
		if status == 401 || status == 403 {
			return venue.KeyRejected("ChangeNOW", status, body)
		}
		return venue.StatusError(status)
	}
	code, ok := errorCodes[er.Error]
	if !ok {
		// An error name we do not know: its words (and the message's) decide.
		code, ok = venue.TextCode(strings.ReplaceAll(er.Error, "_", " ") + " " + er.Message)
	}
	switch {
	case ok:
	case status == 401 || status == 403:
		code = swapscout.CodeNotConfigured
	case status >= 500:
		code = swapscout.CodeUnavailable
	default:
		code = swapscout.CodeBadResponse
	}
	ve := swapscout.NewVenueError(code, "ChangeNOW: %s", venue.ClipOr(er.Message, er.Error))
	if er.Payload != nil && er.Payload.Range != nil {
		if r := er.Payload.Range; r.MinAmount != nil {
			ve.Min = *r.MinAmount
		}
		if r := er.Payload.Range; r.MaxAmount != nil {
			ve.Max = *r.MaxAmount
		}
	}
	return ve
}

var _ swapscout.Quoter = (*Client)(nil)
