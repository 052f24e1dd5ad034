// Package nearintents is the adapter for NEAR Intents through its 1Click
// API (https://1click.chaindefuser.com). 1Click is non-custodial: solvers
// fill the swap on NEAR Intents and the payout goes from the protocol to the
// recipient; the user only sends a plain transfer to a deposit address.
//
// One endpoint, POST /v0/quote, both prices and creates: with dry=true it
// answers a price without a deposit address (what the comparison asks),
// with dry=false it answers the same quote plus a fresh deposit address and
// its deadline (what CreateSwap asks). The deposit address is the order:
// GET /v0/status?depositAddress=… follows the swap. Amounts on the wire are
// integers in each token's base units, whose decimals come from GET
// /v0/tokens (refreshed in the background; the recorded decimals of the
// symbol table stand in until it first loads): they are converted exactly,
// in both directions, with no float on the way.
//
// A key (a JWT, SWAPSCOUT_NEARINTENTS_API_KEY) is optional: without it
// 1Click still quotes, with a 0.2% fee taken from the amount received
// (docs.near-intents.org, Fees); with it the swap is fee-free. It is sent
// as a Bearer token and nowhere else: never in a URL, a message or a log.
package nearintents

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers NEAR Intents. It needs no key and quotes floating
// amounts only (the swap runs at the market when the deposit lands, within
// the slippage tolerance), by the amount sent or received. Its timeout
// (venue.json) is 5 s: solvers compete for each quote, and 1Click takes one
// to three seconds.
var Descriptor = venue.Facts(venue.Descriptor{ID: "nearintents", Kind: swapscout.Protocol,
	NeedsKey: false, FixedRate: false, Reverse: true, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Paths, relative to Descriptor.BaseURL.
const (
	TokensPath = "/v0/tokens"
	QuotePath  = "/v0/quote"
	StatusPath = "/v0/status"
	SubmitPath = "/v0/deposit/submit"
)

// Request constants. slippageBps is the tolerance asked (1%, what Cake
// asks): the payout may be that much below amountOut, and no lower
// (minAmountOut). deadlineAfter is how long after a quote the swap must be
// done or is refunded: the deposit must be confirmed well before, and
// bitcoin-like chains take long to confirm, hence an hour.
const (
	slippageBps   = 100
	deadlineAfter = time.Hour
)

// Client quotes and swaps through 1Click.
type Client struct {
	cfg      venue.Config
	decimals atomic.Pointer[map[swapscout.Asset]int] // nil until the first refresh
}

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// RefreshInterval is how often the tokens list is read again.
func (c *Client) RefreshInterval() time.Duration { return 10 * time.Minute }

// Refresh loads GET /v0/tokens: which of our assets 1Click lists now, and
// their decimals; once loaded, an asset the list lacks is unsupported. A
// list that lists none of them, or gives one absurd decimals, is refused
// (venue.ListCheck) and the last good one kept.
func (c *Client) Refresh(ctx context.Context) error {
	var toks []token
	err := venue.Fetch(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + TokensPath, Header: c.header(), MaxBody: 8 << 20},
		func(status int, body []byte) error {
			if status == 401 || status == 403 {
				return venue.KeyRejected(Descriptor.Name, status, body)
			}
			if status != 200 {
				return venue.StatusError(status)
			}
			if err := json.Unmarshal(body, &toks); err != nil {
				return venue.BadResponse(err)
			}
			return nil
		})
	if err != nil {
		return err
	}
	m, err := checkTokens(toks)
	if err != nil {
		return err
	}
	c.decimals.Store(&m)
	return nil
}

// byID is the asset each mapped 1Click asset id stands for.
var byID = func() map[string]swapscout.Asset {
	m := make(map[string]swapscout.Asset, len(Symbols))
	for a, s := range Symbols {
		m[s.ID] = a
	}
	return m
}()

// checkTokens keeps the decimals of the listed tokens we map.
func checkTokens(toks []token) (map[swapscout.Asset]int, error) {
	lc := venue.ListCheck{What: "NEAR Intents tokens list"}
	m := make(map[swapscout.Asset]int, len(Symbols))
	for _, t := range toks {
		a, ours := byID[t.AssetID]
		if !ours {
			continue
		}
		if t.Decimals == nil {
			lc.Problem(t.AssetID, "no decimals")
			continue
		}
		lc.Decimals(t.AssetID, *t.Decimals)
		m[a] = *t.Decimals
	}
	if err := lc.Err(len(m)); err != nil {
		return nil, err
	}
	return m, nil
}

// header carries the key, when configured, as 1Click's Bearer JWT.
func (c *Client) header() []venue.Field {
	h := []venue.Field{{Key: "Accept", Value: "application/json"}}
	if c.cfg.APIKey != "" {
		h = append(h, venue.Field{Key: "Authorization", Value: "Bearer " + c.cfg.APIKey})
	}
	return h
}

// pair is a request resolved against the tokens list.
type pair struct {
	from, to       Token
	fromDec, toDec int
}

// resolve maps req's assets and reads their decimals; the error is
// unsupported_pair, without a call.
func (c *Client) resolve(req swapscout.QuoteRequest) (pair, error) {
	from, ok1 := Symbols[req.From]
	to, ok2 := Symbols[req.To]
	if !ok1 || !ok2 || req.From == req.To {
		return pair{}, venue.Unsupported(Descriptor.Name, req)
	}
	fd, okf := c.decimalsOf(req.From)
	td, okt := c.decimalsOf(req.To)
	if !okf || !okt {
		return pair{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "%s does not list %s or %s now", Descriptor.Name, req.From, req.To)
	}
	return pair{from: from, to: to, fromDec: fd, toDec: td}, nil
}

// decimalsOf is a's decimals in the live tokens list, and whether the list
// carries it. Until the list first loads, the recorded decimals of the
// symbol table stand in: they are the venue's own, and a token's decimals
// do not change, so quotes need not wait for the list.
func (c *Client) decimalsOf(a swapscout.Asset) (int, bool) {
	if list := c.decimals.Load(); list != nil {
		d, ok := (*list)[a]
		return d, ok
	}
	s, ok := Symbols[a]
	return s.Decimals, ok
}

// request builds the quote body for req: the amount in base units of the
// side it names, rounded down to that token's unit (zero is too small).
func (c *Client) request(req swapscout.QuoteRequest, p pair, dry bool, recipient, refundTo string) (quoteRequest, error) {
	dec, swapType := p.fromDec, "EXACT_INPUT"
	if req.Direction == swapscout.Receive {
		dec, swapType = p.toDec, "EXACT_OUTPUT"
	}
	amount, ok := ToBase(req.Amount, dec)
	if !ok || amount == "0" {
		return quoteRequest{}, swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "%s: %s is less than one base unit", Descriptor.Name, req.Amount)
	}
	return quoteRequest{
		Dry: dry, SwapType: swapType, SlippageTolerance: slippageBps,
		OriginAsset: p.from.ID, DepositType: "ORIGIN_CHAIN",
		DestinationAsset: p.to.ID, Amount: amount,
		RefundTo: refundTo, RefundType: "ORIGIN_CHAIN",
		Recipient: recipient, RecipientType: "DESTINATION_CHAIN",
		Deadline: c.cfg.NowTime().Add(deadlineAfter).UTC().Format("2006-01-02T15:04:05.000Z"),
		Referral: strings.ToLower(c.cfg.Affiliate),
	}, nil
}

// Quote asks POST /v0/quote with dry=true: a price, no deposit address.
// The recipient and refund addresses are placeholders (see placeholder).
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	p, err := c.resolve(req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	return c.quote(ctx, req, p)
}

// quote prices req for the resolved pair p.
func (c *Client) quote(ctx context.Context, req swapscout.QuoteRequest, p pair) (swapscout.Offer, error) {
	if req.RateType == swapscout.Fixed {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "%s quotes floating rates only", Descriptor.Name)
	}
	body, err := c.request(req, p, true, placeholder[req.To.Network], placeholder[req.From.Network])
	if err != nil {
		return swapscout.Offer{}, err
	}
	r, err := c.post(ctx, req, p, body)
	if err != nil {
		return swapscout.Offer{}, err
	}
	return offerOf(req, p, r, c.cfg.NowTime())
}

// post sends a quote body and returns the parsed answer or a typed refusal.
func (c *Client) post(ctx context.Context, req swapscout.QuoteRequest, p pair, body quoteRequest) (*quoteResponse, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return nil, err
	}
	var r quoteResponse
	err = venue.Fetch(ctx, &c.cfg, venue.Request{Method: "POST", URL: c.cfg.BaseURL + QuotePath, Header: c.header(),
		Body: b, ContentType: "application/json"},
		func(status int, body []byte) error {
			r = quoteResponse{}
			return decodeQuote(req, p, status, body, &r)
		})
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// decodeQuote reads a quote answer into r, or classifies its refusal: by
// the body's words first, since 1Click's errors are a message (with 400,
// 401, or even a success status), then by status.
func decodeQuote(req swapscout.QuoteRequest, p pair, status int, body []byte, r *quoteResponse) error {
	err := json.Unmarshal(body, r)
	text := messageText(r.Message)
	if text == "" && (status < 200 || status >= 300) {
		text = venue.Deref(r.Error) // {"error":"Bad Request"} without a message
	}
	switch {
	case err == nil && status >= 200 && status < 300 && r.Quote != nil && text == "":
		return nil
	case err == nil && text != "":
		return refusal(req, p, status, text)
	case status == 401 || status == 403:
		return venue.KeyRejected(Descriptor.Name, status, body)
	case status >= 500:
		return venue.StatusError(status)
	case err != nil && status >= 200 && status < 300:
		return venue.BadResponse(err)
	case err != nil || status >= 300:
		return venue.StatusError(status)
	}
	return swapscout.NewVenueError(swapscout.CodeBadResponse, "%s answered without a quote", Descriptor.Name)
}

// refusal classifies a 1Click error message, keeping its words:
//
//   - "Amount is too low for bridge, try at least N": below the minimum, N
//     in base units of the origin asset (several integrators read it so);
//   - a rejected or invalid JWT: not_configured;
//   - a request 1Click found malformed (its validator's "should not be
//     empty", "must be …" sentences): our mistake, bad_response;
//   - a recipient or refund address it says is not valid: bad_response
//     too (a quote's addresses are our placeholders), with the field
//     named for CreateSwap, which sends the user's;
//   - an asset it does not know, or no route ("Failed to get quote"):
//     unsupported_pair;
//   - otherwise by its words (venue.TextCode), then by status.
func refusal(req swapscout.QuoteRequest, p pair, status int, text string) error {
	t := strings.ToLower(text)
	words := venue.Clip(text)
	switch {
	case strings.Contains(t, "too low") || strings.Contains(t, "too small"):
		ve := swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "%s: %s", Descriptor.Name, words)
		if min, ok := minimumIn(text, p.fromDec); ok && req.Direction == swapscout.Send {
			ve.Min = min
		}
		return ve
	case status == 401 || status == 403 || strings.Contains(t, "jwt") || strings.Contains(t, "unauthorized"):
		return swapscout.NewVenueError(swapscout.CodeNotConfigured, "%s rejected the API key: %s", Descriptor.Name, words)
	case strings.Contains(t, "should not be empty") || strings.Contains(t, "must be one of") || strings.Contains(t, "must be a"):
		return swapscout.NewVenueError(swapscout.CodeBadResponse, "%s refused the request: %s", Descriptor.Name, words)
	case addressField(t) != "":
		// An address it will not pay to or refund to. A quote carries our
		// placeholders (placeholder): 1Click refusing one is an answer we
		// cannot use, bad_response. CreateSwap carries the user's addresses
		// and turns this into their refused field (asCreateError).
		ve := swapscout.NewVenueError(swapscout.CodeBadResponse, "%s refused the placeholder address it was quoted with: %s", Descriptor.Name, words)
		ve.Field = addressField(t)
		return ve
	case strings.Contains(t, "failed to get quote") || strings.Contains(t, "no quote") || strings.Contains(t, "asset") ||
		strings.Contains(t, "token"):
		return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "%s: %s", Descriptor.Name, words)
	}
	if code, ok := venue.TextCode(text); ok {
		// No bound is read from such a sentence: 1Click's numbers are in
		// base units, which venue.WithBound would take for whole coins.
		return swapscout.NewVenueError(code, "%s: %s", Descriptor.Name, words)
	}
	if status >= 500 || (status >= 200 && status < 300) {
		return swapscout.NewVenueError(swapscout.CodeUnavailable, "%s: %s", Descriptor.Name, words)
	}
	return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "%s: %s", Descriptor.Name, words)
}

// addressField is the create request field a refusal's words (lower case)
// say is not a valid address: 1Click answers "recipient is not valid" (400,
// recorded) for a recipient it does not take on the destination chain, and
// names refundTo likewise. Empty when the words are about something else.
func addressField(t string) string {
	if !venue.ContainsAny(t, "not valid", "invalid", "not a valid") {
		return ""
	}
	switch {
	case strings.Contains(t, "refundto") || strings.Contains(t, "refund address"):
		return "refund_address"
	case strings.Contains(t, "recipient"):
		return "payout_address"
	}
	return ""
}

// minimumIn reads N from "… try at least N", N in base units.
func minimumIn(text string, dec int) (swapscout.Amount, bool) {
	i := strings.LastIndex(strings.ToLower(text), "at least ")
	if i < 0 {
		return swapscout.Amount{}, false
	}
	n := text[i+len("at least "):]
	if j := strings.IndexFunc(n, func(r rune) bool { return r < '0' || r > '9' }); j >= 0 {
		n = n[:j]
	}
	a, err := FromBase(n, dec)
	if err != nil || a.Sign() <= 0 {
		return swapscout.Amount{}, false
	}
	return a, true
}

// offerOf turns a quote into an offer: amounts converted from base units,
// the estimate of the swap's duration, and the deadline the quote was
// asked with as its expiry.
func offerOf(req swapscout.QuoteRequest, p pair, r *quoteResponse, now time.Time) (swapscout.Offer, error) {
	q := r.Quote
	if q.AmountIn == nil || q.AmountOut == nil {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "%s quoted without amountIn or amountOut", Descriptor.Name)
	}
	in, err1 := FromBase(*q.AmountIn, p.fromDec)
	out, err2 := FromBase(*q.AmountOut, p.toDec)
	if err1 != nil || err2 != nil {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "%s quoted an amount that is not an integer in base units", Descriptor.Name)
	}
	// The side the request names must come back as asked: an answer for
	// another amount is not an answer to this request.
	asked, side := req.Amount.Round(p.fromDec, swapscout.RoundDown), in
	if req.Direction == swapscout.Receive {
		asked, side = req.Amount.Round(p.toDec, swapscout.RoundDown), out
	}
	if !side.Equal(asked) {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "%s quoted for %s, not the %s asked", Descriptor.Name, side, asked)
	}
	o := swapscout.Offer{AmountIn: in, AmountOut: out, RateType: swapscout.Float,
		Custody: swapscout.NonCustodial, Deposit: swapscout.DepositTransfer}
	if q.TimeEstimate != nil && *q.TimeEstimate < 7*24*3600 {
		if d, ok := venue.Duration(*q.TimeEstimate, time.Second); ok && d > 0 {
			o.ETAMin, o.ETAMax = d, d
		}
	}
	if r.QuoteRequest != nil {
		if t := venue.SwapTime(r.QuoteRequest.Deadline); t.After(now) {
			o.ExpiresAt = t
		}
	}
	return o, nil
}

var (
	_ swapscout.Quoter    = (*Client)(nil)
	_ swapscout.Refresher = (*Client)(nil)
)
