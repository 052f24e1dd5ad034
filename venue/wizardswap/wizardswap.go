// Package wizardswap is the adapter for WizardSwap's public API: floating-rate
// estimates by the amount sent, for mainnet coins only. It copes with the
// venue's quirks (research A11): every body starts with a TAB before the
// JSON, and refusals come back with HTTP 200 as `false` or an English
// sentence inside the same estimated_amount field that carries an amount.
package wizardswap

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers WizardSwap. It needs no key: an API key is an optional
// affiliate field, sent when one is configured.
var Descriptor = venue.Facts(venue.Descriptor{ID: "wizardswap", Kind: swapscout.InstantSwap,
	NeedsKey: false, FixedRate: false, Reverse: false, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Client quotes WizardSwap.
type Client struct{ cfg venue.Config }

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// The two refusals WizardSwap writes as prose in estimated_amount.
const (
	MsgTooLow      = "Value too low."
	MsgNoLiquidity = "Insufficient liquidity."
)

// Quote asks POST /estimate for the amount sent.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	if req.RateType == swapscout.Fixed {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "WizardSwap quotes floating rates only")
	}
	if req.Direction == swapscout.Receive {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "WizardSwap quotes by the amount sent only")
	}
	body, err := json.Marshal(estimateRequest{
		CurrencyFrom: from, CurrencyTo: to, AmountFrom: req.Amount.String(), APIKey: c.cfg.APIKey,
	})
	if err != nil {
		return swapscout.Offer{}, err
	}
	out, err := venue.FetchValue(ctx, &c.cfg, venue.Request{Method: "POST", URL: c.cfg.BaseURL + EstimatePath}.JSON(body), parseEstimate)
	if err != nil {
		return swapscout.Offer{}, err
	}
	return swapscout.Offer{AmountIn: req.Amount, AmountOut: out, RateType: swapscout.Float}, nil
}

// parseEstimate reads an estimate answer: the amount to receive, or the
// typed refusal hidden in estimated_amount.
func parseEstimate(status int, body []byte) (swapscout.Amount, error) {
	if status < 200 || status > 299 {
		// A sentence in estimated_amount says more than the status.
		var e estimateResponse
		var s string
		if json.Unmarshal(body, &e) == nil && json.Unmarshal(e.EstimatedAmount, &s) == nil && strings.TrimSpace(s) != "" {
			if _, err := swapscout.ParseWireAmount([]byte(strings.TrimSpace(s))); err != nil {
				return swapscout.Amount{}, prose(strings.TrimSpace(s))
			}
		}
		return swapscout.Amount{}, venue.StatusError(status)
	}
	var e estimateResponse
	if err := json.Unmarshal(body, &e); err != nil { // encoding/json skips the leading TAB
		return swapscout.Amount{}, venue.BadResponse(err)
	}
	raw := bytes.TrimSpace(e.EstimatedAmount)
	switch {
	case len(raw) == 0 || string(raw) == "null":
		return swapscout.Amount{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "WizardSwap answered no estimated_amount")
	case string(raw) == "false":
		// WizardSwap's other way to say "below the minimum"; it names no minimum.
		return swapscout.Amount{}, swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "WizardSwap: amount below its minimum")
	case raw[0] == '"':
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return swapscout.Amount{}, venue.BadResponse(err)
		}
		s = strings.TrimSpace(s)
		if a, err := swapscout.ParseWireAmount([]byte(s)); err == nil {
			return a, nil
		}
		return swapscout.Amount{}, prose(s)
	case raw[0] == '-' || (raw[0] >= '0' && raw[0] <= '9'):
		var a swapscout.Amount
		if err := a.UnmarshalJSON(raw); err != nil {
			return swapscout.Amount{}, venue.BadResponse(err)
		}
		// Zero or negative is the venue's mistake, not a limit: it goes on
		// as answered, and the engine's check of every offer makes it a
		// bad_response.
		return a, nil
	}
	return swapscout.Amount{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "WizardSwap answered an estimated_amount of the wrong type")
}

// prose maps the sentences WizardSwap sends instead of an amount.
func prose(s string) error {
	switch {
	case strings.EqualFold(s, MsgTooLow):
		return swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "WizardSwap: %s", MsgTooLow)
	case strings.EqualFold(s, MsgNoLiquidity):
		// The venue's catch-all: an unrouted pair, an amount beyond its
		// reserve, or a throttled caller. It names no maximum, so it is not
		// reported as amount_too_large.
		return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "WizardSwap: %s (pair not routed, amount beyond its reserve, or caller throttled)", MsgNoLiquidity)
	}
	if code, ok := venue.TextCode(s); ok {
		return venue.WithBound(swapscout.NewVenueError(code, "WizardSwap: %s", venue.Clip(s)), s)
	}
	return swapscout.NewVenueError(swapscout.CodeBadResponse, "WizardSwap: unexpected estimate %q", venue.Clip(s))
}

var _ swapscout.Quoter = (*Client)(nil)
