// Package thornode is the client both THORChain and Maya adapters are built
// on: the two networks serve one node API (Mayanode is a fork of THORNode),
// under /thorchain and /mayachain. A Network says which one, with its asset
// names; venue/thorchain and venue/maya each export a Descriptor over it.
//
// A quote is one call, GET {path}/quote/swap, by the amount sent in 1e8 base
// units whatever the asset's own decimals. The answer's expected_amount_out is
// net of every fee (liquidity, outbound, affiliate), which it breaks down; it
// expires fast ("Do not send funds after the expiry"), and a swap is a
// deposit to the network's inbound address carrying the memo the quote gives,
// so offers are non-custodial with a memo deposit. The networks keep no order:
// a swap is followed by its deposit's transaction id (swap.go), which the
// user gives or the network's indexer, Midgard, finds (midgard.go).
package thornode

import (
	"context"
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Network is one THORNode-shaped network.
type Network struct {
	ID   string // venue id, e.g. "thorchain"
	Name string // display name, e.g. "THORChain"
	// Path is the API's prefix: "/thorchain" or "/mayachain".
	Path string
	// Symbols maps our assets to the network's CHAIN.SYMBOL names, in the
	// case the network writes them (contracts upper case).
	Symbols venue.Symbols[string]
}

// WithListings adds to s, network id's hand table, every pool asset the
// catalogue says the network lists (its pool list's CHAIN.SYMBOL[-CONTRACT]
// name, written upper case as the node writes it) on a network the table
// already swaps: the chain's inbound address, gas and address rules are
// known there. Chains only the pool list names (THORChain's GAIA, Maya's
// KUJI, XRD and its own CACAO) stay out until the table swaps them.
func WithListings(id string, s venue.Symbols[string]) venue.Symbols[string] {
	nets := map[string]bool{}
	held := map[string]bool{}
	for a, name := range s {
		nets[a.Network] = true
		held[strings.ToUpper(name)] = true
	}
	for _, l := range swapscout.ListingsOf(id) {
		name := strings.ToUpper(l.Code)
		if _, ok := s[l.Asset]; ok || !nets[l.Asset.Network] || held[name] {
			continue
		}
		held[name] = true
		s[l.Asset] = name
	}
	return s
}

// Descriptor is the network's descriptor: its facts (names, URLs, timeout,
// custody, evidence: venue/<id>/venue.json, as every venue's), with what
// every THORNode-shaped network shares: a liquidity network without a key
// that quotes floating rates by the amount sent, its networks, and the
// client over n.
func (n *Network) Descriptor() venue.Descriptor {
	return venue.Facts(venue.Descriptor{ID: n.ID, Kind: swapscout.LiquidityNetwork, Networks: n.Symbols.Networks(),
		New: func(c venue.Config) (swapscout.Quoter, error) { return New(c, n), nil }})
}

// units is the network's fixed scale: every amount is an integer count of
// 1e-8.
var units = swapscout.AmountFromInt(100_000_000)

// ToUnits writes a as the network's integer of 1e-8 units, rounded down
// (digits beyond the 8th decimal cannot be expressed and are not counted).
func ToUnits(a swapscout.Amount) string {
	return a.Round(8, swapscout.RoundDown).Mul(units).Round(0, swapscout.RoundDown).String()
}

// FromUnits reads an amount in 1e8 units as asset a's amount, rounded down
// (Floor) to a's decimals: an amount paid out, a fee or a maximum is never
// shown above what the network gives or takes.
func FromUnits(u swapscout.Amount, a swapscout.Asset) swapscout.Amount {
	return u.Quo(units, 8, swapscout.RoundDown).Floor(decimalsOf(a))
}

// MinFromUnits reads a minimum in 1e8 units as asset a's amount, rounded up
// (Ceil) to a's decimals: the node's 3355663041 TRX units are 33.556631 TRX,
// which it takes, not 33.55663, which it refuses again.
func MinFromUnits(u swapscout.Amount, a swapscout.Asset) swapscout.Amount {
	return u.Quo(units, 8, swapscout.RoundUp).Ceil(decimalsOf(a))
}

// MinToUnits writes a minimum as the network's integer of 1e-8 units,
// rounded up: an amount of that many units is never below a.
func MinToUnits(a swapscout.Amount) string {
	return a.Mul(units).Ceil(0).String()
}

// decimalsOf is the digits a's amounts are shown with: its own decimals, at
// most the network's 8 (8 when a is not in the catalogue).
func decimalsOf(a swapscout.Asset) int {
	if info, ok := swapscout.LookupAsset(a); ok && info.Decimals < 8 {
		return info.Decimals
	}
	return 8
}

// ChainOf is the chain part of a CHAIN.SYMBOL name.
func ChainOf(name string) string {
	c, _, _ := strings.Cut(name, ".")
	return c
}

// UTXOChain reports whether chain is Bitcoin-like: its deposits carry the
// memo in an OP_RETURN output of at most MaxUTXOMemo bytes.
func UTXOChain(chain string) bool { return utxoChains[chain] }

// RouterChain reports whether chain's deposits go through the network's
// router contract (EVM chains; the node's quote names the router).
func RouterChain(chain string) bool { return evmChains[chain] }

var (
	utxoChains = map[string]bool{"BTC": true, "LTC": true, "BCH": true, "DOGE": true, "DASH": true, "ZEC": true}
	evmChains  = map[string]bool{"ETH": true, "BSC": true, "AVAX": true, "BASE": true, "ARB": true}
)

// Client quotes one network and creates and follows its swaps.
type Client struct {
	cfg venue.Config
	net *Network
	rev map[string]swapscout.Asset // upper-case name → asset
}

// New returns a Client for n; it does no I/O.
func New(cfg venue.Config, n *Network) *Client {
	rev := make(map[string]swapscout.Asset, len(n.Symbols))
	for a, s := range n.Symbols {
		rev[strings.ToUpper(s)] = a
	}
	return &Client{cfg: cfg, net: n, rev: rev}
}

// quoteParams are the query of a quote: the comparison quote has no
// destination; CreateSwap's names the payout and refund addresses.
func (c *Client) quoteParams(req swapscout.QuoteRequest, from, to, destination, refund string) url.Values {
	q := url.Values{
		"from_asset": {from}, "to_asset": {to}, "amount": {ToUnits(req.Amount)},
		// Streaming every block, in as many sub-swaps as the network finds
		// best: what the networks' own interfaces ask, and the best price
		// for large amounts; the wait is in total_swap_seconds.
		"streaming_interval": {"1"}, "streaming_quantity": {"0"},
	}
	if destination != "" {
		q.Set("destination", destination)
	}
	if refund != "" {
		q.Set("refund_address", refund)
	}
	if c.cfg.Affiliate != "" {
		// The affiliate name tags the volume we bring; at 0 bps it costs
		// the user nothing.
		q.Set("affiliate", c.cfg.Affiliate)
		q.Set("affiliate_bps", "0")
	}
	return q
}

// names returns the node's names of req's assets; unsupported when it
// swaps either not, or both are one asset.
func (c *Client) names(req swapscout.QuoteRequest) (from, to string, err error) {
	from, ok1 := c.net.Symbols[req.From]
	to, ok2 := c.net.Symbols[req.To]
	if !ok1 || !ok2 || req.From == req.To {
		return "", "", venue.Unsupported(c.net.Name, req)
	}
	return from, to, nil
}

// Quote asks {path}/quote/swap for the amount sent.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := c.names(req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	if req.RateType == swapscout.Fixed {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "%s quotes floating rates only", c.net.Name)
	}
	if req.Direction == swapscout.Receive {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "%s quotes by the amount sent only", c.net.Name)
	}
	if ToUnits(req.Amount) == "0" {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "%s counts amounts in 1e-8 units: %s %s is none", c.net.Name, req.Amount, req.From)
	}
	var o swapscout.Offer
	err = c.fetchQuote(ctx, req, c.quoteParams(req, from, to, "", ""), func(r *quoteResponse) error {
		var err error
		o, err = c.offer(req, r)
		return err
	})
	return o, err
}

// fetchQuote makes one quote call and hands a well-formed answer to use.
func (c *Client) fetchQuote(ctx context.Context, req swapscout.QuoteRequest, q url.Values, use func(*quoteResponse) error) error {
	u := c.cfg.BaseURL + c.net.Path + "/quote/swap?" + q.Encode()
	return venue.Fetch(ctx, &c.cfg, venue.Request{URL: u, Header: []venue.Field{{Key: "Accept", Value: "application/json"}}},
		func(status int, body []byte) error {
			r, err := c.decodeQuote(req, status, body)
			if err != nil {
				return err
			}
			return use(r)
		})
}

// decodeQuote reads a quote answer: the quote, or the node's refusal
// classified by its words.
func (c *Client) decodeQuote(req swapscout.QuoteRequest, status int, body []byte) (*quoteResponse, error) {
	var r quoteResponse
	err := json.Unmarshal(body, &r)
	words := r.words()
	switch {
	case err != nil && status >= 500:
		return nil, venue.StatusError(status)
	case err != nil:
		return nil, venue.BadResponse(err)
	case words != "" && r.ExpectedAmountOut == nil:
		return nil, c.refusal(req, status, words)
	case status != 200:
		return nil, venue.StatusError(status)
	case r.ExpectedAmountOut == nil:
		return nil, swapscout.NewVenueError(swapscout.CodeBadResponse, "%s answered without expected_amount_out", c.net.Name)
	}
	return &r, nil
}

// minIn finds the minimum a refusal names, "recommended_min_amount_in: N"
// (1e8 units of the asset sent), as THORNode words it.
var minIn = regexp.MustCompile(`recommended_min_amount_in:?\s*([0-9]+)`)

// refusal classifies the node's error words, in this order: a halt is
// unavailable; an unknown pool or asset unsupported_pair (the node words it
// "failed to calculate min swap amount: … pool does not exist"); an amount
// under the minimum or the dust threshold amount_too_small, with the
// minimum when named.
func (c *Client) refusal(req swapscout.QuoteRequest, status int, words string) error {
	t := strings.ToLower(words)
	name := c.net.Name
	msg := name + ": " + venue.Clip(words)
	switch {
	case venue.ContainsAny(t, "halted", "trading paused", "is paused", "_trading_paused", "chain is paused"):
		return swapscout.NewVenueError(swapscout.CodeUnavailable, "%s", msg)
	case venue.ContainsAny(t, "pool does not exist", "doesn't exist", "does not exist", "unknown asset", "invalid asset", "bad from asset",
		"bad to asset", "not found", "unsupported", "no pool"):
		return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "%s", msg)
	case venue.ContainsAny(t, "min swap amount", "recommended_min_amount_in", "dust threshold", "not enough asset to pay for fees",
		"not enough fee", "less than", "too small", "amount too low"):
		ve := swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "%s", msg)
		if m := minIn.FindStringSubmatch(words); m != nil {
			if u, err := swapscout.ParseAmount(m[1]); err == nil && u.Sign() > 0 {
				ve.Min = MinFromUnits(u, req.From)
			}
		}
		return ve
	}
	if code, ok := venue.TextCode(words); ok {
		return swapscout.NewVenueError(code, "%s", msg)
	}
	if status >= 500 {
		return swapscout.NewVenueError(swapscout.CodeUnavailable, "%s", msg)
	}
	return swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "%s", msg)
}

// offer turns a quote into an offer, or a refusal when the amount is under
// the recommended minimum or nothing would be received.
func (c *Client) offer(req swapscout.QuoteRequest, r *quoteResponse) (swapscout.Offer, error) {
	if e := *r.ExpectedAmountOut; !e.Valid() || e.Sign() <= 0 {
		// The node refuses an amount it cannot swap; it never quotes nothing.
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "%s answered expected_amount_out %s", c.net.Name, venue.Clip(e.String()))
	}
	out := FromUnits(*r.ExpectedAmountOut, req.To)
	var min swapscout.Amount
	if m := venue.Positive(r.RecommendedMinAmountIn); m.Sign() > 0 {
		min = MinFromUnits(m, req.From)
	}
	if min.Sign() > 0 && req.Amount.Cmp(min) < 0 {
		ve := swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "%s recommends sending at least %s %s", c.net.Name, min, req.From)
		ve.Min = min
		return swapscout.Offer{}, ve
	}
	// The dust threshold is in the chain's own coin: it bounds deposits of
	// that coin, not of tokens on the chain.
	if dust := venue.Positive(r.DustThreshold); dust.Sign() > 0 && !strings.Contains(c.net.Symbols[req.From], "-") &&
		ToUnitsAmount(req.Amount).Cmp(dust) <= 0 {
		ve := swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "%s ignores deposits at or below its dust threshold of %s %s",
			c.net.Name, MinFromUnits(dust, req.From), req.From)
		ve.Min = min
		return swapscout.Offer{}, ve
	}
	if out.Sign() <= 0 {
		ve := swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "%s would pay out nothing for %s %s after its fees", c.net.Name, req.Amount, req.From)
		ve.Min = min
		return swapscout.Offer{}, ve
	}
	o := swapscout.Offer{
		AmountIn: req.Amount, AmountOut: out, Min: min, RateType: swapscout.Float,
		Custody: swapscout.NonCustodial, Deposit: swapscout.DepositMemo,
		Fees: c.fees(r.Fees),
	}
	if r.Expiry > 0 {
		o.ExpiresAt, _ = venue.UnixTime(r.Expiry, time.Second)
	}
	if d, ok := venue.Duration(r.TotalSwapSeconds, time.Second); ok && d > 0 {
		o.ETAMin, o.ETAMax = d, d
	}
	return o, nil
}

// ToUnitsAmount is ToUnits as an Amount.
func ToUnitsAmount(a swapscout.Amount) swapscout.Amount {
	return a.Round(8, swapscout.RoundDown).Mul(units).Round(0, swapscout.RoundDown)
}

// fees is the quote's breakdown in our assets: what the liquidity pools
// keep (trading), the outbound transaction's fee (withdrawal) and the
// affiliate's share, each already taken from expected_amount_out. A fee in
// an asset we do not list (the network's own coin) is left out.
func (c *Client) fees(f *quoteFees) []swapscout.Fee {
	if f == nil {
		return nil
	}
	a, ok := c.rev[strings.ToUpper(f.Asset)]
	if !ok {
		return nil
	}
	var out []swapscout.Fee
	for _, x := range []struct {
		kind string
		v    *swapscout.Amount
	}{{"trading", f.Liquidity}, {"withdrawal", f.Outbound}, {"affiliate", f.Affiliate}} {
		if v := venue.Positive(x.v); v.Sign() > 0 {
			out = append(out, swapscout.Fee{Kind: x.kind, Amount: FromUnits(v, a), Asset: a})
		}
	}
	return out
}

var _ swapscout.Quoter = (*Client)(nil)
