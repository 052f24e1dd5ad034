// Package easybit is the adapter for EasyBit's instant-swap API: floating-rate
// quotes from GET /rate in both directions (amountType=receive for the amount
// to receive), limits and the network fee from GET /pairInfo, and the
// {"success":1|0,…} envelope checked on every answer, since EasyBit reports
// errors with HTTP 200 (research A9).
package easybit

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers EasyBit.
var Descriptor = venue.Facts(venue.Descriptor{ID: "easybit", Kind: swapscout.InstantSwap,
	NeedsKey: true, FixedRate: false, Reverse: true, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Client quotes EasyBit.
type Client struct{ cfg venue.Config }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// Quote asks for the rate and the pair's limits at once.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	if req.RateType == swapscout.Fixed {
		// EasyBit has no rate id: every quote floats (research A9).
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "EasyBit quotes floating rates only")
	}
	pair := url.Values{
		"send": {from.Currency}, "receive": {to.Currency},
		"sendNetwork": {from.Network}, "receiveNetwork": {to.Network},
	}
	rq := url.Values{"amount": {req.Amount.String()}}
	if req.Direction == swapscout.Receive {
		rq.Set("amountType", "receive")
	}
	var rate rateData
	var info pairInfoData
	// Limits on the amount sent (no amountType), since Offer.Min and Max are
	// in From units.
	err, infoErr := venue.PairQuery{Pair: pair, Price: rq, PricePath: RatePath, LimitsPath: PairInfoPath,
		Header: []venue.Field{{Key: "API-KEY", Value: c.cfg.APIKey}}}.Get(ctx, &c.cfg, decode, &rate, &info)
	if infoErr != nil {
		info = pairInfoData{}
	}
	if err != nil {
		var ve *swapscout.VenueError
		if errors.As(err, &ve) && refusal(ve.Code) {
			if req.Direction == swapscout.Send {
				if le := checkLimits(req.Amount, info); le != nil {
					return swapscout.Offer{}, le // the rate refused an amount outside the pair's limits
				}
			}
			if ve.Code == swapscout.CodeAmountTooSmall || ve.Code == swapscout.CodeAmountTooLarge {
				if lo := venue.Positive(info.MinimumAmount); !lo.IsZero() {
					ve.Min = lo
				}
				if hi := venue.Positive(info.MaximumAmount); !hi.IsZero() {
					ve.Max = hi
				}
			}
		}
		return swapscout.Offer{}, err
	}

	o := swapscout.Offer{RateType: swapscout.Float, Min: venue.Positive(info.MinimumAmount), Max: venue.Positive(info.MaximumAmount)}
	switch {
	case rate.ReceiveAmount == nil:
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "EasyBit rate has no receiveAmount")
	case rate.SendAmount != nil:
		o.AmountIn = *rate.SendAmount
	case req.Direction == swapscout.Send:
		o.AmountIn = req.Amount
	default:
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "EasyBit reverse rate has no sendAmount")
	}
	o.AmountOut = *rate.ReceiveAmount
	// A zero or negative amount is the venue's mistake, not a limit: it
	// goes on as answered, and the engine's check of every offer makes it
	// a bad_response.
	if o.AmountIn.Sign() > 0 {
		if le := checkLimits(o.AmountIn, info); le != nil {
			return swapscout.Offer{}, le
		}
	}
	fee := rate.NetworkFee
	if fee == nil {
		fee = info.NetworkFee
	}
	if fee != nil && fee.Sign() > 0 {
		// receiveAmount is already net of it (research §0.5).
		o.Fees = append(o.Fees, swapscout.Fee{Kind: "network", Amount: *fee, Asset: req.To})
	}
	eta := rate.ProcessingTime
	if eta == "" {
		eta = info.ProcessingTime
	}
	o.ETAMin, o.ETAMax = venue.MinuteRange(string(eta), processingWeek)
	return o, nil
}

// refusal reports the codes of a venue saying no (rather than failing).
func refusal(c swapscout.FailureCode) bool {
	return c == swapscout.CodeUnsupportedPair || c == swapscout.CodeAmountTooSmall || c == swapscout.CodeAmountTooLarge
}

// checkLimits returns the limit error for an amount sent outside the pair's
// limits, or nil (also when the limits are unknown).
func checkLimits(in swapscout.Amount, info pairInfoData) error {
	lo, hi := venue.Positive(info.MinimumAmount), venue.Positive(info.MaximumAmount)
	switch {
	case !lo.IsZero() && in.Cmp(lo) < 0:
		return &swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Msg: "EasyBit: below the minimum of " + lo.String(), Min: lo, Max: hi}
	case !hi.IsZero() && in.Cmp(hi) > 0:
		return &swapscout.VenueError{Code: swapscout.CodeAmountTooLarge, Msg: "EasyBit: above the maximum of " + hi.String(), Min: lo, Max: hi}
	}
	return nil
}

// decode reads an envelope into v, or maps its refusal to a code. EasyBit
// says success:0 with HTTP 200, so the flag decides before the status.
func decode(status int, body []byte, v any) error {
	var env envelope
	if err := json.Unmarshal(body, &env); err != nil || !env.Success.Set {
		if ferr := venue.HTTPFailure("EasyBit", status, body); ferr != nil {
			return ferr
		}
		if err != nil {
			return venue.BadResponse(err)
		}
		return swapscout.NewVenueError(swapscout.CodeBadResponse, "EasyBit answer has no success flag")
	}
	if !env.Success.OK {
		return apiError(status, &env)
	}
	if status < 200 || status > 299 {
		return venue.StatusError(status)
	}
	if len(env.Data) == 0 || string(env.Data) == "null" {
		return swapscout.NewVenueError(swapscout.CodeBadResponse, "EasyBit answered success without data")
	}
	if err := json.Unmarshal(env.Data, v); err != nil {
		return venue.BadResponse(err)
	}
	return nil
}

// downWords are the words of an outage in EasyBit's errorMessage. No source
// lists its error codes or messages ([MEM]), so the text decides (with
// venue.WordedRefusal); anything else is treated as Edge treats a failed
// rate: the pair is not offered.
var downWords = []string{"maintenance", "temporar", "internal", "unavailable", "try again", "try later"}

// apiError maps a success:0 envelope to a typed error.
func apiError(status int, env *envelope) error {
	msg := strings.ToLower(env.ErrorMessage)
	code, worded := venue.WordedRefusal(status, msg)
	switch {
	case worded:
	case status >= 500 || venue.ContainsAny(msg, downWords...):
		code = swapscout.CodeUnavailable
	default:
		code = swapscout.CodeUnsupportedPair
	}
	text := env.ErrorMessage
	if text == "" {
		text = "error"
	}
	if ec := strings.TrimSpace(string(env.ErrorCode)); ec != "" && ec != "null" && ec != "0" {
		text += " (code " + venue.Clip(ec) + ")"
	}
	return venue.WithBound(swapscout.NewVenueError(code, "EasyBit: %s", venue.Clip(text)), env.ErrorMessage)
}

// processingWeek bounds EasyBit's processing time in minutes: a longer one
// is no estimate.
const processingWeek = 7 * 24 * time.Hour

var _ swapscout.Quoter = (*Client)(nil)
