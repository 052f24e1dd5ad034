// Package chainflip is the adapter for Chainflip, a non-custodial
// cross-chain swap protocol, through its Broker-as-a-Service API
// (chainflip-broker.io). Nobody holds the user's coins: a swap is a deposit
// channel, a plain address on the source chain that the protocol watches,
// opened for one pair and one payout address; whatever arrives there is
// swapped on the State Chain and sent out.
//
// GET /assets, refreshed in the background (assets.go), says which assets
// are enabled, their decimals and least deposits. A quote is GET
// /quotes-native for an amount in the source asset's native
// units (satoshis, wei); it answers what arrives, in native units too, with
// every fee already taken from it (ingress, network, broker, egress,
// liquidity), which the offer lists. Chainflip quotes by the amount sent
// only and never fixes a rate: the price is the pools' when the deposit is
// swapped. Our broker account is the API key (apiKey, a query parameter, as
// the service takes it); it needs one.
//
// Refusals are ASP.NET ProblemDetails bodies: "Amount below minimum. Min:
// 40000" (recorded, with the minimum in errors.minimalAmount) is
// amount_too_small with that minimum.
package chainflip

import (
	"context"
	"encoding/json"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers Chainflip.
var Descriptor = venue.Facts(venue.Descriptor{ID: "chainflip", Kind: swapscout.Protocol,
	NeedsKey: true, FixedRate: false, Reverse: false, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Endpoints, relative to Descriptor.BaseURL.
const (
	QuotePath  = "/quotes-native"
	SwapPath   = "/swap"
	StatusPath = "/status-by-deposit-channel"
)

// Client quotes Chainflip.
type Client struct {
	cfg    venue.Config
	assets assetsState // the last good asset list; nil until one loads
}

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// Quote asks GET /quotes-native for the amount sent.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, ok1 := Symbols[req.From]
	to, ok2 := Symbols[req.To]
	fromInfo, ok3 := swapscout.LookupAsset(req.From)
	if !ok1 || !ok2 || !ok3 || req.From == req.To {
		return swapscout.Offer{}, venue.Unsupported(Descriptor.Name, req)
	}
	if req.RateType == swapscout.Fixed {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Chainflip does not fix rates: the pools price the deposit when it arrives")
	}
	if req.Direction == swapscout.Receive {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Chainflip quotes by the amount sent only")
	}
	min, err := c.checkListed(req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	native := ToNative(req.Amount, fromInfo.Decimals)
	if native.Sign() <= 0 || !FromNative(native, fromInfo.Decimals).Equal(req.Amount) {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "Chainflip takes whole %s units", strings.ToUpper(req.From.Ticker))
	}
	q := url.Values{"apiKey": {c.cfg.APIKey}, "sourceAsset": {from.ID}, "destinationAsset": {to.ID}, "amount": {native.String()}}
	var o swapscout.Offer
	err = venue.Fetch(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + QuotePath + "?" + q.Encode(),
		Header: []venue.Field{{Key: "Accept", Value: "application/json"}}},
		func(status int, body []byte) (err error) {
			o, err = decodeQuotes(req, native, status, body)
			return err
		})
	var ve *swapscout.VenueError
	switch {
	case err == nil:
		o.Min = min // the list's; the quote gives none
	case errors.As(err, &ve) && ve.Code == swapscout.CodeAmountTooSmall && ve.Min.IsZero():
		ve.Min = min
	}
	return o, err
}

// decodeQuotes reads the quotes answer: the regular quote as an offer, or
// the refusal the body says.
func decodeQuotes(req swapscout.QuoteRequest, native swapscout.Amount, status int, body []byte) (swapscout.Offer, error) {
	if status != 200 {
		return swapscout.Offer{}, problemError(req, status, body)
	}
	var qs []quote
	if err := json.Unmarshal(body, &qs); err != nil {
		var p problem
		if json.Unmarshal(body, &p) == nil && (p.Detail != "" || p.Title != "") {
			return swapscout.Offer{}, problemError(req, 400, body) // a refusal sent with 200
		}
		return swapscout.Offer{}, venue.BadResponse(err)
	}
	var q *quote
	for i := range qs {
		if qs[i].Type == "regular" || qs[i].Type == "" {
			q = &qs[i]
			break
		}
	}
	if q == nil {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Chainflip gave no quote for %s to %s", req.From, req.To)
	}
	fromInfo, _ := swapscout.LookupAsset(req.From)
	toInfo, _ := swapscout.LookupAsset(req.To)
	in, out := venue.Positive(q.IngressAmountNative), venue.Positive(q.EgressAmountNative)
	switch {
	case in.IsZero() || out.IsZero() || !in.Equal(in.Round(0, swapscout.RoundDown)) || !out.Equal(out.Round(0, swapscout.RoundDown)):
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "Chainflip quoted %v native units for %v", q.EgressAmountNative, q.IngressAmountNative)
	case q.IngressAsset != Symbols[req.From].ID || q.EgressAsset != Symbols[req.To].ID:
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "Chainflip quoted %s to %s, not the pair asked", venue.Clip(q.IngressAsset), venue.Clip(q.EgressAsset))
	}
	o := swapscout.Offer{AmountIn: FromNative(in, fromInfo.Decimals), AmountOut: FromNative(out, toInfo.Decimals), RateType: swapscout.Float}
	for _, f := range q.IncludedFees {
		info, ok := byID[f.Asset]
		amt := venue.Positive(f.AmountNative)
		if !ok || amt.IsZero() {
			continue // an asset we do not list (an intermediate) or nothing
		}
		o.Fees = append(o.Fees, swapscout.Fee{Kind: feeKind(f.Type), Amount: FromNative(amt, info.Decimals), Asset: info.Asset})
	}
	if d, ok := seconds(q.EstimatedDurationSeconds); ok {
		o.ETAMin, o.ETAMax = d, d
	}
	return o, nil
}

// maxETA bounds a plausible swap duration: a week.
const maxETA = 7 * 24 * time.Hour

// seconds reads a duration in seconds that may be fractional: the SDK's
// estimate sums block times such as Solana's 0.4 s and 0.8 s (its own test
// expects 0.4 + 0.8 + 60 + 6 seconds for a deposit from Solana). Only a
// finite number strictly between zero and maxETA is a duration; anything
// else (absent, negative, NaN-like, huge) is no estimate, never an overflow.
// The check is made on the float before converting, so the product fits.
func seconds(n json.Number) (time.Duration, bool) {
	f, err := strconv.ParseFloat(string(n), 64)
	if err != nil || !(f > 0 && f < maxETA.Seconds()) {
		return 0, false
	}
	return venue.Duration(f, time.Second)
}

// feeKind maps Chainflip's fee types onto ours: what the source chain
// charges to receive the deposit (ingress, boost) is a deposit fee, what the
// destination chain charges to send it out (egress) a withdrawal fee, the
// protocol's own cut a network fee, and the broker's and the pools' a
// trading fee.
func feeKind(t string) string {
	switch t {
	case "ingress", "boost":
		return "deposit"
	case "egress":
		return "withdrawal"
	case "network":
		return "network"
	}
	return "trading"
}

// problemError classifies a ProblemDetails refusal (or any other body).
func problemError(req swapscout.QuoteRequest, status int, body []byte) error {
	switch {
	case status == 401 || status == 403:
		return venue.KeyRejected(Descriptor.Name, status, body)
	case status >= 500:
		return venue.StatusError(status)
	}
	var p problem
	if json.Unmarshal(body, &p) != nil {
		return venue.StatusError(status)
	}
	text := p.Detail
	if text == "" {
		text = p.Title
	}
	t := strings.ToLower(text)
	var code swapscout.FailureCode
	switch {
	case strings.Contains(t, "below minimum") || p.Errors["minimalAmount"] != nil:
		code = swapscout.CodeAmountTooSmall
	case strings.Contains(t, "above maximum") || strings.Contains(t, "exceeds"):
		code = swapscout.CodeAmountTooLarge
	case strings.Contains(t, "asset") || strings.Contains(t, "not supported"):
		code = swapscout.CodeUnsupportedPair
	default:
		if c, ok := venue.TextCode(text); ok {
			code = c
		} else {
			code = swapscout.CodeBadResponse
		}
	}
	ve := swapscout.NewVenueError(code, "Chainflip: %s", venue.ClipOr(text, "HTTP "+itoa(status)))
	if code == swapscout.CodeAmountTooSmall {
		ve.Min = minimum(&p, req)
	}
	return ve
}

// minimum is the least deposit a refusal names: errors.minimalAmount, else
// errors.minimalAmountNative in the source asset's units; zero when absent.
func minimum(p *problem, req swapscout.QuoteRequest) swapscout.Amount {
	first := func(field string) swapscout.Amount {
		var list []string
		if json.Unmarshal(p.Errors[field], &list) != nil || len(list) == 0 {
			return swapscout.Amount{}
		}
		a, err := swapscout.ParseAmount(strings.TrimSpace(list[0]))
		if err != nil || a.Sign() <= 0 {
			return swapscout.Amount{}
		}
		return a
	}
	if m := first("minimalAmount"); !m.IsZero() {
		return m
	}
	if m := first("minimalAmountNative"); !m.IsZero() && m.Scale() == 0 {
		if info, ok := swapscout.LookupAsset(req.From); ok {
			return FromNative(m, info.Decimals)
		}
	}
	return swapscout.Amount{}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

var _ swapscout.Quoter = (*Client)(nil)
