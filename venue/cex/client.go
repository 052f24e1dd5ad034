package cex

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
)

// Client quotes one CEX from its spec. It is safe for concurrent use.
type Client struct {
	spec   *Spec
	cfg    venue.Config
	header []venue.Field

	assetOf    map[string]string // venue ticker → swapscout ticker
	served     map[string]bool   // swapscout tickers the venue maps on some network
	bridges    []string          // venue tickers, in the spec's order
	depths     []int             // the spec's, or one default depth
	markets    atomic.Pointer[marketIndex]
	loadFailed atomic.Pointer[string]           // why the last market-list load failed, until one succeeds
	networks   atomic.Pointer[map[Code]Network] // the live currency list, when the spec has one
	books      bookCache
	now        func() time.Time // monotonic clock for TTLs
}

// New returns a Client for spec; it does no I/O. The spec must pass
// Validate (each CEX package tests that its spec does).
func New(cfg venue.Config, spec *Spec) *Client {
	c := &Client{
		spec:   spec,
		cfg:    cfg,
		header: append([]venue.Field{{Key: "Accept", Value: "application/json"}}, spec.Header...),
		served: make(map[string]bool),
		books:  bookCache{m: make(map[string]*bookEntry)},
		now:    time.Now,
	}
	c.assetOf, _ = spec.assetTickers()
	if c.assetOf == nil { // an invalid spec: keep what is consistent
		c.assetOf = make(map[string]string)
		for a, code := range spec.Symbols {
			c.assetOf[code.Ticker] = a.Ticker
		}
	}
	for a := range spec.Symbols {
		c.served[a.Ticker] = true
	}
	for _, b := range spec.Bridges {
		c.bridges = append(c.bridges, b.Ticker)
	}
	c.depths = spec.Depths
	if len(c.depths) == 0 {
		c.depths = []int{100}
	}
	return c
}

// marketIndex is a loaded market list: the markets between tickers the
// venue's Symbols or Bridges name, by base and quote.
type marketIndex struct {
	byPair map[[2]string]*Market
}

func (x *marketIndex) lookup(base, quote string) (book.Market, bool) {
	m, ok := x.byPair[[2]string{base, quote}]
	if !ok {
		return book.Market{}, false
	}
	return m.Market, true
}

// RefreshInterval is how often the registry calls Refresh.
func (c *Client) RefreshInterval() time.Duration {
	if c.spec.RefreshInterval > 0 {
		return c.spec.RefreshInterval
	}
	return DefaultRefreshInterval
}

// Refresh fetches the market list (and the currency list, when the spec
// has one). A list that fails to load or fails the checks of sanity.go is
// an error and leaves the last good list in place.
func (c *Client) Refresh(ctx context.Context) error {
	defer c.sweep()
	var ms []Market
	err := venue.Fetch(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + c.spec.MarketsPath, Header: c.header, MaxBody: c.spec.marketsMaxBody()},
		func(status int, body []byte) (err error) {
			ms, err = c.spec.ReadMarkets(status, body)
			return err
		})
	if err != nil {
		c.noteLoadFailed(err)
		return fmt.Errorf("%s market list: %w", c.spec.Name, err)
	}
	idx := &marketIndex{byPair: make(map[[2]string]*Market)}
	for i := range ms {
		m := &ms[i]
		_, okB := c.assetOf[m.Base]
		_, okQ := c.assetOf[m.Quote]
		k := [2]string{m.Base, m.Quote}
		if _, dup := idx.byPair[k]; okB && okQ && !dup && m.Symbol != "" && m.Base != m.Quote {
			idx.byPair[k] = m
		}
	}
	if err := c.spec.checkMarkets(len(ms), idx); err != nil {
		c.noteLoadFailed(err)
		return err // the last good list stays (see sanity.go)
	}
	c.markets.Store(idx)
	c.loadFailed.Store(nil)
	return c.refreshNetworks(ctx)
}

// noteLoadFailed remembers why a market-list load failed, for quotes asked
// before any load has succeeded.
func (c *Client) noteLoadFailed(err error) {
	// The venue error's public words only: the cause may name local
	// socket addresses, which a client must not see.
	msg := "venue unreachable"
	var ve *swapscout.VenueError
	if errors.As(err, &ve) {
		msg = ve.Msg
		if msg == "" {
			msg = string(ve.Code)
		}
	}
	c.loadFailed.Store(&msg)
}

// refreshNetworks fetches the currency list, when the spec has one. On
// error the last good list stays (or the static fee table serves).
func (c *Client) refreshNetworks(ctx context.Context) error {
	if c.spec.NetworksPath == "" {
		return nil
	}
	var nets map[Code]Network
	err := venue.Fetch(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + c.spec.NetworksPath, Header: c.header, MaxBody: c.spec.networksMaxBody()},
		func(status int, body []byte) (err error) {
			nets, err = c.spec.ReadNetworks(status, body)
			return err
		})
	if err != nil {
		return fmt.Errorf("%s currency list: %w", c.spec.Name, err)
	}
	kept := make(map[Code]Network)
	for _, code := range c.spec.Symbols {
		if n, ok := nets[code]; ok {
			kept[code] = n
		}
	}
	if err := c.spec.checkNetworks(len(nets), kept); err != nil {
		return err // the last good list (or the static table) stays
	}
	c.networks.Store(&kept)
	return nil
}

// transfer returns the terms of moving the deposit in and the payout out:
// the withdrawal fee for paying out to (a venue Code for asset a), the live
// list's when it has one, else the spec's table; and the least deposit of
// from the live list knows (zero when none). It refuses a network the live
// list says is closed for deposits of from or withdrawals of to.
func (c *Client) transfer(a swapscout.Asset, from, to Code) (fee, depositMin swapscout.Amount, err error) {
	fee = c.spec.WithdrawFees[a]
	p := c.networks.Load()
	if p == nil {
		if c.spec.FeeFromListOnly[a] {
			return fee, depositMin, c.feeUnknown(to)
		}
		return fee, depositMin, nil
	}
	if n, ok := (*p)[from]; ok {
		if !n.Deposit {
			return fee, depositMin, swapscout.NewVenueError(swapscout.CodeUnavailable, "%s has suspended deposits of %s on %s",
				c.spec.Name, c.name(from.Ticker), from.Network)
		}
		depositMin = n.DepositMin
	}
	n, ok := (*p)[to]
	switch {
	case ok && !n.Withdraw:
		return fee, depositMin, swapscout.NewVenueError(swapscout.CodeUnavailable, "%s has suspended withdrawals of %s on %s",
			c.spec.Name, c.name(to.Ticker), to.Network)
	case ok && n.HasFee:
		fee = n.WithdrawFee
	case c.spec.FeeFromListOnly[a]:
		return fee, depositMin, c.feeUnknown(to)
	}
	return fee, depositMin, nil
}

// feeUnknown refuses to pay out to, whose withdrawal fee only the live
// currency list could give, and does not.
func (c *Client) feeUnknown(to Code) error {
	return swapscout.NewVenueError(swapscout.CodeUnavailable,
		"%s's withdrawal fee for %s on %s is unknown: its currency list names none", c.spec.Name, c.name(to.Ticker), to.Network)
}

// Quote prices req on the venue's order books.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, err := c.code(req, req.From, "take deposits of")
	if err != nil {
		return swapscout.Offer{}, err
	}
	to, err := c.code(req, req.To, "pay out")
	if err != nil {
		return swapscout.Offer{}, err
	}
	if req.RateType == swapscout.Fixed {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair,
			"%s quotes floating rates only: an exchange fills at its order book when the deposit arrives, it locks no rate", c.spec.Name)
	}
	if from.Ticker == to.Ticker {
		if req.From == req.To {
			return swapscout.Offer{}, venue.Unsupported(c.spec.Name, req)
		}
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair,
			"%s would only move %s between networks: there is no market to price", c.spec.Name, strings.ToUpper(req.From.Ticker))
	}
	idx := c.markets.Load()
	if idx == nil {
		if why := c.loadFailed.Load(); why != nil {
			return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnavailable,
				"%s market list not loaded yet: the last attempt failed (%s); it is retried within seconds", c.spec.Name, *why)
		}
		return swapscout.Offer{}, venue.ListLoading(c.spec.Name)
	}
	routes := book.Routes(from.Ticker, to.Ticker, idx.lookup, c.bridges)
	if len(routes) == 0 {
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair,
			"%s lists no market from %s to %s, directly or through %s", c.spec.Name,
			c.name(from.Ticker), c.name(to.Ticker), c.bridgeNames())
	}
	inInfo, _ := swapscout.LookupAsset(req.From)
	outInfo, _ := swapscout.LookupAsset(req.To)
	withdraw, depositMin, err := c.transfer(req.To, from, to)
	if err != nil {
		return swapscout.Offer{}, err
	}

	// Price every candidate route on its books (cached, so a burst of
	// quotes costs one fetch per market and TTL) and keep the best.
	cands := make([]candidate, len(routes))
	price := func(i int) {
		rctx := ctx
		if i > 0 {
			// The first route (direct, else the first bridge) may wait for
			// the venue's rate limit; the others are priced only with
			// calls to spare, so a venue allowing one call a second still
			// answers with its first route.
			rctx = venue.WithOptional(ctx)
		}
		// The books work to at most book.WorkScale decimals: NEAR's 24 are
		// walked to 18 (no exchange moves yoctoNEAR), its rounding still
		// in the user's disfavour.
		cands[i] = c.priceRoute(rctx, idx, routes[i], req, withdraw, min(inInfo.Decimals, book.WorkScale), min(outInfo.Decimals, book.WorkScale))
	}
	if len(routes) == 1 {
		price(0)
	} else {
		var wg sync.WaitGroup
		for i := range routes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				price(i)
			}()
		}
		wg.Wait()
	}
	best, err := pick(req.Direction, cands)
	if err != nil {
		return swapscout.Offer{}, err
	}
	f, legs, markets := cands[best].f, cands[best].legs, cands[best].markets
	if depositMin.Sign() > 0 && f.In.Cmp(depositMin) < 0 {
		ve := swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "below %s's minimum deposit of %s %s on %s",
			c.spec.Name, depositMin, c.name(from.Ticker), from.Network)
		ve.Min = depositMin
		return swapscout.Offer{}, ve
	}
	o := swapscout.Offer{AmountIn: f.In, AmountOut: f.Out, Route: f.Route, RateType: swapscout.Float,
		Fees: make([]swapscout.Fee, 0, len(legs)+1)}
	for i, l := range legs {
		proceeds := markets[i].Quote
		if !l.Sell {
			proceeds = markets[i].Base
		}
		asset := req.To
		if proceeds != to.Ticker {
			asset = swapscout.Asset{Ticker: c.assetOf[proceeds]} // held on the exchange: no network
		}
		if fee := roundFee(f.TradingFees[i], asset); fee.Sign() > 0 {
			o.Fees = append(o.Fees, swapscout.Fee{Kind: "trading", Amount: fee, Asset: asset})
		}
	}
	if withdraw.Sign() > 0 {
		o.Fees = append(o.Fees, swapscout.Fee{Kind: "withdrawal", Amount: withdraw, Asset: req.To})
	}
	return o, nil
}

// candidate is one route priced for a quote: its fill, or why it cannot
// fill the request.
type candidate struct {
	legs    []pleg
	markets []*Market
	f       book.Fill
	err     error
}

// priceRoute fetches route's books (deeper while the walk runs off a
// truncated one) and prices the request on them, minimum orders included.
func (c *Client) priceRoute(ctx context.Context, idx *marketIndex, route []book.RouteLeg, req swapscout.QuoteRequest,
	withdraw swapscout.Amount, inScale, outScale int) candidate {
	legs := make([]pleg, len(route))
	markets := make([]*Market, len(route))
	entries := make([]*bookEntry, len(route))
	for i, r := range route {
		m := idx.byPair[[2]string{r.Market.Base, r.Market.Quote}]
		markets[i] = m
		legs[i] = pleg{Leg: book.Leg{Base: c.name(m.Base), Quote: c.name(m.Quote), Sell: r.Sell},
			fee: c.spec.TakerFee, minBase: m.MinBase, minQuote: m.MinQuote}
		if m.TakerFee != nil {
			legs[i].fee = *m.TakerFee
		}
	}
	cd := candidate{legs: legs, markets: markets}
	for step := 0; ; step++ {
		depth := c.depths[step]
		fns := make([]func(context.Context) error, 0, len(legs))
		for i := range legs {
			if entries[i] != nil && !entries[i].truncated(legs[i].Sell) {
				continue // complete: a deeper fetch would add nothing
			}
			fns = append(fns, func(ctx context.Context) error {
				e, err := c.book(ctx, markets[i], depth)
				entries[i] = e
				return err
			})
		}
		if len(fns) > 0 {
			if err := venue.Parallel(ctx, fns...); err != nil {
				cd.err = err
				return cd
			}
		}
		for i := range legs {
			legs[i].Book = &entries[i].book
		}
		cd.f, cd.err = walk(req.Direction, req.Amount, legs, withdraw, inScale, outScale)
		if cd.err == nil || step == len(c.depths)-1 || !c.walkedOff(cd.err, legs, entries) {
			break
		}
	}
	if cd.err != nil {
		return cd
	}
	if i, min, below := belowMinimum(&cd.f, legs, inScale); below {
		ve := swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "below %s's minimum order on %s/%s",
			c.spec.Name, legs[i].Base, legs[i].Quote)
		if min.Sign() > 0 {
			ve.Min = min
			ve.Msg += ": send at least " + min.String()
		}
		cd.err = ve
	}
	return cd
}

// pick returns the best priced route for dir: the most received for a
// Send, the least to send for a Receive; on a tie the earliest in
// book.Routes' order (direct, then the bridges in the spec's order), so the
// choice never depends on which fetch finished first. When no route fills,
// the error is the most useful of theirs: amount_too_large with the largest
// Max (the most any route takes), else amount_too_small with the smallest
// positive Min, else a timeout (a slow venue is the cause: the routes
// refused by the rate limit while its calls hung only follow from it), else
// rate_limited with the longest RetryAfter, else the first route's error
// that is not an optional route skipped by the rate limit.
func pick(dir swapscout.Direction, cands []candidate) (int, error) {
	best := -1
	for i := range cands {
		if cands[i].err != nil {
			continue
		}
		if best < 0 || dir == swapscout.Receive && cands[i].f.In.Cmp(cands[best].f.In) < 0 ||
			dir != swapscout.Receive && cands[i].f.Out.Cmp(cands[best].f.Out) > 0 {
			best = i
		}
	}
	if best >= 0 {
		return best, nil
	}
	var large, small, limited *swapscout.VenueError
	var timedOut, other error
	for i := range cands {
		var ve *swapscout.VenueError
		if errors.Is(cands[i].err, venue.ErrSkipped) {
			continue // an optional route not priced says nothing of the venue
		}
		if timedOut == nil && (errors.Is(cands[i].err, context.DeadlineExceeded) || venueCode(cands[i].err) == swapscout.CodeTimeout) {
			timedOut = cands[i].err
		}
		if other == nil {
			other = cands[i].err
		}
		if !errors.As(cands[i].err, &ve) {
			continue
		}
		switch ve.Code {
		case swapscout.CodeRateLimited:
			if limited == nil || ve.RetryAfter > limited.RetryAfter {
				limited = ve
			}
		case swapscout.CodeAmountTooLarge:
			if large == nil || ve.Max.Cmp(large.Max) > 0 {
				large = ve
			}
		case swapscout.CodeAmountTooSmall:
			if small == nil || ve.Min.Sign() > 0 && (small.Min.Sign() <= 0 || ve.Min.Cmp(small.Min) < 0) {
				small = ve
			}
		}
	}
	switch {
	case large != nil:
		return -1, large
	case small != nil:
		return -1, small
	case timedOut != nil:
		return -1, timedOut
	case limited != nil:
		return -1, limited
	case other != nil:
		return -1, other
	}
	return -1, cands[0].err
}

// walkedOff reports whether err is a walk running off a book the venue
// truncated, so a deeper fetch may price it.
func (c *Client) walkedOff(err error, legs []pleg, entries []*bookEntry) bool {
	if venueCode(err) != swapscout.CodeAmountTooLarge {
		return false
	}
	for i := range legs {
		if entries[i].truncated(legs[i].Sell) {
			return true
		}
	}
	return false
}

// code maps an asset of req to the venue's code, or explains why not.
func (c *Client) code(req swapscout.QuoteRequest, a swapscout.Asset, verb string) (Code, error) {
	if code, ok := c.spec.Symbols[a]; ok {
		return code, nil
	}
	if c.served[a.Ticker] {
		net := a.Network
		if n, ok := swapscout.Networks[net]; ok {
			net = n
		}
		return Code{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "%s does not %s %s on %s",
			c.spec.Name, verb, strings.ToUpper(a.Ticker), net)
	}
	return Code{}, venue.Unsupported(c.spec.Name, req)
}

// name is how a venue ticker is shown in routes: swapscout's ticker in
// capitals (Kraken's XXBT shows as BTC), else the venue's own.
func (c *Client) name(ticker string) string {
	if a, ok := c.assetOf[ticker]; ok {
		return strings.ToUpper(a)
	}
	return ticker
}

func (c *Client) bridgeNames() string {
	names := make([]string, len(c.bridges))
	for i, b := range c.bridges {
		names[i] = c.name(b)
	}
	if len(names) == 0 {
		return "no bridge"
	}
	return strings.Join(names, ", ")
}

// roundFee rounds a trading fee to its asset's decimals (the catalogue's
// first entry for the ticker; 8 for assets it lacks, such as fiat): fees
// explain the amounts, AmountOut is exact.
func roundFee(a swapscout.Amount, asset swapscout.Asset) swapscout.Amount {
	dec := 8
	if info, ok := swapscout.LookupAsset(asset); ok {
		dec = info.Decimals
	} else if info, err := swapscout.ResolveAsset(asset.Ticker, ""); err == nil {
		dec = info.Decimals
	}
	return a.Round(dec, swapscout.RoundHalfEven)
}

func venueCode(err error) swapscout.FailureCode {
	var ve *swapscout.VenueError
	if errors.As(err, &ve) {
		return ve.Code
	}
	return ""
}

var (
	_ swapscout.Quoter    = (*Client)(nil)
	_ swapscout.Refresher = (*Client)(nil)
)
