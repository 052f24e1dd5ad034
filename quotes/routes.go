package quotes

import (
	"context"
	"math"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

// Two-leg routes: for a request From→To the service also prices
// From→X at every selected venue and X→To at every selected venue for a
// few bridge assets X, and ranks the best such routes beside the direct
// offers. The legs are asked within the request's deadline, pipelined per
// bridge: the second leg is priced for the first leg's output (exactly
// what the user would bridge), and its fan-out starts as soon as a first
// leg's answer is in, not when the slowest venue of the first leg has
// answered.
//
// routes=auto asks a bridge's second leg only when a route through it could
// beat the best direct offer (routeCouldWin), and never for a quote whose
// routes would be left out anyway (swappable=true); once a search finds
// that no route could win for a pair, the pair's routes are not searched
// again for RouteRecheck at amounts of the same binary order (routeMemo).
// routes=1 always asks.
//
// Venue calls per request are bounded: a bridge costs one fan-out for its
// first leg and at most two for its second (routes=1: one for the first
// answer that arrived, one more for the best once all are in, when they
// differ; routes=auto: at most one, for the best, when it could win),
// so a request with routes makes at most (1 + 3·len(Bridges)) fan-outs,
// each asking at most every selected venue once: with the 6 bridges and V
// venues that can create swaps, at most V + 18·V venue calls. Routes only
// go through venues that can create swaps (a route nobody can make is
// noise), identical calls in flight are shared by the engine, and the legs'
// calls are extra (swapscout.WithExtra): they leave each venue's last token
// to the direct calls and never wait for one, so routes never slow or starve
// the direct quotes, while a flooding client's calls leave them a reserve.

// Bridges are the assets two-leg routes go through, each on its cheapest
// widely served network: Monero, Bitcoin, USDT on Tron, USDC on Solana,
// Litecoin and Ether on Ethereum.
var Bridges = []swapscout.Asset{
	{Ticker: "xmr", Network: "xmr"},
	{Ticker: "btc", Network: "btc"},
	{Ticker: "usdt", Network: "trx"},
	{Ticker: "usdc", Network: "sol"},
	{Ticker: "ltc", Network: "ltc"},
	{Ticker: "eth", Network: "eth"},
}

// RouteMode says whether a quote searches two-leg routes.
type RouteMode uint8

const (
	// RoutesOff: direct offers only (the zero value: re-quotes and other
	// internal requests).
	RoutesOff RouteMode = iota
	// RoutesAuto: routes are searched when the request leaves them room:
	// its deadline is at least MinRouteDeadline (two venue round trips
	// one after the other) and its client is not flooding (Bulk)
	// (routes=auto); and a bridge's second leg only when a route through
	// it could win (routeCouldWin). The API's default: a route is created
	// as one swap (swaps: its second leg first, its first paying out to
	// it).
	RoutesAuto
	// RoutesOn: routes are searched whatever the deadline (routes=1).
	RoutesOn
)

// MinRouteDeadline is the shortest deadline RoutesAuto searches routes
// under: a second leg cannot start before a first has answered, and a
// request that gives less than this rarely sees both.
const MinRouteDeadline = time.Second

// MaxRoutes is how many routes a quote shows at most, the best first.
const MaxRoutes = 3

// routeNoSwap says why a route offer cannot be made into a swap from this
// server when both its legs can: none, since the swap service creates a
// route as one swap (its legs' own can_swap still decide).
var routeNoSwap = ""

// wantsRoutes reports whether r's quote searches routes. A swappable-only
// quote never does: it leaves routes out (Service.make), since a route also
// asks for a refund address on its bridge asset.
func wantsRoutes(ctx context.Context, r *Request) bool {
	if r.Selection.Swappable {
		return false
	}
	switch r.Routes {
	case RoutesOn:
		return true
	case RoutesAuto:
		return r.Deadline >= MinRouteDeadline && !swapscout.Bulk(ctx)
	}
	return false
}

// bridgesFor returns the bridges a route for req may go through: every
// bridge that is neither side of the request.
func bridgesFor(req swapscout.QuoteRequest) []swapscout.Asset {
	out := make([]swapscout.Asset, 0, len(Bridges))
	for _, b := range Bridges {
		if b != req.From && b != req.To {
			out = append(out, b)
		}
	}
	return out
}

// directQuote is the direct fan-out's quote, once it is in (done closed;
// q nil when the fan-out failed): routes=auto judges second legs by it.
type directQuote struct {
	done chan struct{}
	q    *swapscout.Quote
}

func newDirectQuote() *directQuote { return &directQuote{done: make(chan struct{})} }

// set records q (nil on failure) and lets the waiters read it; q must not
// be modified until they are done (Service.make waits for the routes).
func (d *directQuote) set(q *swapscout.Quote) {
	d.q = q
	close(d.done)
}

// offers waits for the direct quote and returns its offers; ok is false
// when ctx ended first.
func (d *directQuote) offers(ctx context.Context) ([]swapscout.Offer, bool) {
	select {
	case <-d.done:
	case <-ctx.Done():
		return nil, false
	}
	if d.q == nil {
		return nil, true
	}
	return d.q.Offers, true
}

// routeCouldWin reports whether a route could beat the best of the direct
// offers, given the offers first of the leg asked first through one bridge
// X (From→X for a send, X→To for a receive). Rates are AmountOut/AmountIn
// in both directions, so a route's rate is the product of its legs'.
//
// The other leg's rate is not known without asking it; it is estimated from
// the venues that answered both the direct pair and the first leg: venue
// v's direct rate over its first-leg rate is the rate the other leg would
// need at v to give v's direct answer (for a send, X→To; for a receive,
// From→X), and the best of these stands for the other leg. A route is then
// worth asking for when the best first leg at that rate would pay more than
// the best direct offer. Where a venue charges the same on every pair, that
// estimate is the market rate of the other leg before any venue's spread,
// more than a second venue pays, so a route is skipped only when its first
// leg alone already costs more than the best direct offer: a route pays
// two venues' spreads and fees, a direct offer one. Where venues charge
// less on the bridge's pairs than on the direct one (a pair they serve by
// bridging themselves), the estimate is lower and the route judged on it;
// a second venue that pays more than every venue's own implied rate is
// missed: routes=1 asks regardless. With no direct offer, or no venue that
// answered both, nothing bounds a route and it is asked for. Floats only
// rank here; every amount shown stays exact.
func routeCouldWin(direct, first []swapscout.Offer) bool {
	bestDirect := 0.0
	for i := range direct {
		bestDirect = max(bestDirect, offerRate(&direct[i]))
	}
	if bestDirect == 0 {
		return true // no direct offer: a route is the only way
	}
	bestFirst, other := 0.0, 0.0
	for i := range first {
		f := offerRate(&first[i])
		if f == 0 {
			continue
		}
		bestFirst = max(bestFirst, f)
		for j := range direct {
			if direct[j].Venue == first[i].Venue {
				other = max(other, offerRate(&direct[j])/f)
			}
		}
	}
	if other == 0 {
		return true // no venue answered both: nothing to estimate with
	}
	// A tie is no win (a route is slower); the margin only absorbs the
	// floats' rounding of an exact tie.
	return bestFirst*other > bestDirect*(1+1e-9)
}

// offerRate is o's AmountOut/AmountIn as a float, 0 when it has none.
func offerRate(o *swapscout.Offer) float64 {
	in, out := o.AmountIn.Float64(), o.AmountOut.Float64()
	if in <= 0 || out <= 0 || math.IsInf(out/in, 0) || math.IsNaN(out/in) {
		return 0
	}
	return out / in
}

// RouteRecheck is how long routes=auto leaves a pair's routes unsearched
// after a search found that none beat the direct offers (every bridge
// judged unable to by routeCouldWin, without a first leg, or priced and
// beaten by the best direct offer), for requests of
// the same pair, direction, rate type and selection whose amount is of the
// same binary order (between the same two powers of two). A bridge whose
// first leg only failed for other reasons than an unsupported pair (a
// timeout, an outage) keeps the pair open. Spreads between
// venues move slowly; a route that starts to win meanwhile is found at the
// next search after it, and routes=1 always searches.
const RouteRecheck = 30 * time.Second

// maxRouteMemo bounds how many pairs routeMemo remembers.
const maxRouteMemo = 10_000

// routeMemo remembers, per routeMemoKey, until when routes=auto need not
// search routes.
type routeMemo struct {
	mu    sync.Mutex
	until map[string]time.Time
}

// routeMemoKey is r's key for routeMemo: its cache key without its deadline,
// with the amount replaced by its binary order (Amount.BinaryOrder), so that
// amounts between the same two powers of two share a key.
func routeMemoKey(r *Request) string {
	k := *r
	k.Deadline, k.Routes, k.Split = 0, RoutesOff, 0
	k.Amount = swapscout.Amount{}
	key := AppendKey(nil, &k)
	if e, ok := r.Amount.BinaryOrder(); ok {
		key = strconv.AppendInt(append(key, "|2^"...), int64(e), 10)
	} else {
		key = r.Amount.Append(append(key, '|'))
	}
	return string(key)
}

// hopeless reports whether routes=auto need not search key's routes at now.
func (m *routeMemo) hopeless(key string, now time.Time) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	t, ok := m.until[key]
	return ok && now.Before(t)
}

// remember records that key's routes need not be searched until until.
func (m *routeMemo) remember(key string, now, until time.Time) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.until == nil {
		m.until = map[string]time.Time{}
	}
	if len(m.until) >= maxRouteMemo {
		for k, t := range m.until {
			if !now.Before(t) {
				delete(m.until, k)
			}
		}
		if len(m.until) >= maxRouteMemo {
			return // full of live entries: the next search decides again
		}
	}
	m.until[key] = until
}

// searchRoutes prices the two-leg routes of r under ctx (whose deadline is
// the request's) and hands the best of them to done, best first, at most
// MaxRoutes, at most one per pair of venues. direct is the direct fan-out,
// running beside it. With routes=auto, a search in which no bridge could
// win is remembered (routeMemo).
//
// Each bridge is searched in a goroutine of its own, and the last to finish
// ranks the routes and calls done: the answer waits for no other
// goroutine's wake-up than its caller's once the last second leg is in.
func (s *Service) searchRoutes(ctx context.Context, r *Request, direct *directQuote, done func([]swapscout.Offer)) {
	bridges := bridgesFor(r.QuoteRequest)
	if len(bridges) == 0 {
		done(nil)
		return
	}
	// The legs are extra calls on top of the direct fan-out: they never
	// take a venue's last token (the direct quotes') nor wait for one.
	rs := &routeSearch{s: s, r: r, direct: direct, ctx: swapscout.WithExtra(ctx), fp: getFound(len(bridges))}
	rs.left.Store(int32(len(bridges)))
	for i := range bridges {
		go func() {
			if v := s.bridge(rs.ctx, r, bridges[i], direct, &(*rs.fp)[i]); v == bridgeOpen {
				rs.open.Add(1)
			}
			if rs.left.Add(-1) == 0 {
				done(rs.finish())
			}
		}()
	}
}

// routeSearch is one route search, finished by its last bridge.
type routeSearch struct {
	s      *Service
	r      *Request
	direct *directQuote
	ctx    context.Context
	fp     *[]bridgeRoutes // what each bridge found
	left   atomic.Int32    // bridges still searched
	open   atomic.Int32    // bridges whose routes are unknown (not judged, an outage)
}

// finish ranks the routes every bridge found and returns the best.
func (rs *routeSearch) finish() []swapscout.Offer {
	s, r, ctx, direct := rs.s, rs.r, rs.ctx, rs.direct
	open := &rs.open
	// Every bridge's routes keep their legs in the legs' quotes until the
	// best are chosen, and only those are copied into routes of their own
	// (withLegs); the quotes then go back to the engine (releaser), and
	// found to foundPool.
	fp := rs.fp
	found := *fp
	defer func() {
		if rel, ok := s.c.Engine.(releaser); ok {
			for i := range found {
				for _, q := range found[i].quotes {
					if q != nil {
						rel.Release(q)
					}
				}
			}
		}
		clear(found)
		foundPool.Put(fp)
	}()
	if r.Routes == RoutesAuto && open.Load() == 0 && ctx.Err() == nil {
		// Every bridge was judged hopeless or priced: remember the pair
		// when no route beat the best direct offer.
		d, _ := direct.offers(ctx)
		bestDirect, bestRoute := 0.0, 0.0
		for i := range d {
			bestDirect = max(bestDirect, offerRate(&d[i]))
		}
		for i := range found {
			for k := range found[i].n {
				bestRoute = max(bestRoute, offerRate(&found[i].routes[k].o))
			}
		}
		if bestDirect > 0 && bestRoute <= bestDirect {
			now := s.c.Now()
			s.noRoutes.remember(routeMemoKey(r), now, now.Add(RouteRecheck))
		}
	}
	all := make([]*pricedRoute, 0, 2*len(found))
	for i := range found {
		for k := range found[i].n {
			all = append(all, &found[i].routes[k])
		}
	}
	n := len(all)
	slices.SortFunc(all, func(a, b *pricedRoute) int { return aggregate.Compare(r.Direction, &a.o, &b.o) })
	var out []swapscout.Offer
	for _, p := range all {
		if slices.ContainsFunc(out, func(o swapscout.Offer) bool {
			return o.Legs[0].Venue == p.leg1.Venue && o.Legs[1].Venue == p.leg2.Venue
		}) {
			continue // one route per pair of venues: the best
		}
		if out == nil {
			out = make([]swapscout.Offer, 0, min(n, MaxRoutes))
		}
		o := p.o
		withLegs(&o, p.leg1, p.leg2)
		out = append(out, o)
		if len(out) == MaxRoutes {
			break
		}
	}
	return out
}

// foundPool holds route searches' found (a []bridgeRoutes, ~1 KB a
// bridge), reused once a search has copied its routes out.
var foundPool sync.Pool // of *[]bridgeRoutes

// getFound returns n empty bridgeRoutes.
func getFound(n int) *[]bridgeRoutes {
	if p, ok := foundPool.Get().(*[]bridgeRoutes); ok && cap(*p) >= n {
		*p = (*p)[:n]
		return p
	}
	f := make([]bridgeRoutes, n)
	return &f
}

// releaser is an Engine that takes back the quotes it returned
// (aggregate.Service): the legs' quotes are read once, then given back.
type releaser interface {
	Release(q *swapscout.Quote)
}

// bridgeRoutes is what a route search found through one bridge: at most
// two routes (its first answer's and its best's), whose legs point into
// quotes, the legs' (the first leg's and at most two second legs'), read
// until the search has copied the best routes out.
type bridgeRoutes struct {
	n      int
	routes [2]pricedRoute
	quotes [3]*swapscout.Quote
}

// pricedRoute is a route priced (routeOffer) without its legs, and its
// legs in the order they run.
type pricedRoute struct {
	o          swapscout.Offer
	leg1, leg2 *swapscout.Offer
}

// legRequests returns the request of the leg asked first and a function
// giving the request of the leg asked second from an answer to the first.
// A send request asks From→X first and X→To for what it pays out; a
// receive request asks X→To first (to receive the amount) and From→X for
// what it takes in.
func legRequests(req swapscout.QuoteRequest, x swapscout.Asset) (swapscout.QuoteRequest, func(*swapscout.Offer) (swapscout.QuoteRequest, bool)) {
	decimals := 8
	if info, ok := swapscout.LookupAsset(x); ok {
		decimals = info.Decimals
	}
	if req.Direction == swapscout.Receive {
		first := swapscout.QuoteRequest{From: x, To: req.To, Amount: req.Amount, Direction: swapscout.Receive, RateType: req.RateType}
		return first, func(o *swapscout.Offer) (swapscout.QuoteRequest, bool) {
			// What the second venue must pay out, rounded up to what the
			// bridge asset can carry.
			need := o.AmountIn.Ceil(decimals)
			return swapscout.QuoteRequest{From: req.From, To: x, Amount: need, Direction: swapscout.Receive, RateType: req.RateType}, need.Sign() > 0
		}
	}
	first := swapscout.QuoteRequest{From: req.From, To: x, Amount: req.Amount, Direction: swapscout.Send, RateType: req.RateType}
	return first, func(o *swapscout.Offer) (swapscout.QuoteRequest, bool) {
		// What the first venue pays out, rounded down to what the bridge
		// asset can carry: exactly what the user would bridge.
		got := o.AmountOut.Floor(decimals)
		return swapscout.QuoteRequest{From: x, To: req.To, Amount: got, Direction: swapscout.Send, RateType: req.RateType}, got.Sign() > 0
	}
}

// bridge prices the routes of r through x: the first leg's fan-out, and
// for its best (and, with routes=1, its first answer when another), a
// second leg's. With routes=auto, the best's second leg is asked only when
// a route could beat the direct offers (routeCouldWin), judged once the
// direct fan-out and the first leg are both in: both run at once over the
// same venues, so the wait costs the route little. The verdict says what
// is known of the routes through x.
//
// The routes found go into found, pointing into the legs' quotes, which
// found also holds: the caller gives them back once it is done with them.
func (s *Service) bridge(ctx context.Context, r *Request, x swapscout.Asset, direct *directQuote, found *bridgeRoutes) bridgeVerdict {
	sel := r.Selection
	sel.Swappable = true // a route is only worth showing when both legs can be made
	firstReq, secondReq := legRequests(r.QuoteRequest, x)

	// At most two second legs: with routes=1, the first answer's, priced
	// while the first leg's fan-out runs (a goroutine of its own), and the
	// best's, priced here once the first leg is judged.
	type second struct {
		first legKey
		quote *swapscout.Quote
	}
	var (
		seconds [2]second
		early   bool             // the first answer's second leg was started
		earlyO  legKey           // its first leg
		earlyQ  *swapscout.Quote // its quote, set by its goroutine
		wg      sync.WaitGroup
	)
	ask := func(req swapscout.QuoteRequest) *swapscout.Quote {
		q, err := s.c.Engine.Quote(ctx, req, sel, nil)
		if err != nil {
			return nil
		}
		return q
	}
	auto := r.Routes != RoutesOn
	var emit func(swapscout.Result)
	if !auto {
		emit = func(res swapscout.Result) {
			if res.Offer == nil || early || ctx.Err() != nil {
				return
			}
			req, ok := secondReq(res.Offer)
			if !ok {
				return
			}
			// pipeline: the first answer in starts a second leg now
			early = true
			earlyO = keyOf(res.Offer)
			wg.Add(1)
			go func() {
				defer wg.Done()
				earlyQ = ask(req)
			}()
		}
	}
	q, err := s.c.Engine.Quote(ctx, firstReq, sel, emit)
	found.quotes[2] = q
	if err != nil || q == nil || len(q.Offers) == 0 {
		wg.Wait()
		found.quotes[0] = earlyQ
		// No first leg: no route through x, for good only when no venue
		// serves the pair (a timeout or an outage passes).
		if err == nil && ctx.Err() == nil && !slices.ContainsFunc(q.Failures, func(f swapscout.Failure) bool {
			return f.Code != swapscout.CodeUnsupportedPair
		}) {
			return bridgeNone
		}
		return bridgeOpen
	}
	if auto {
		d, ok := direct.offers(ctx)
		if !ok {
			return bridgeOpen // out of time: not judged
		}
		if !routeCouldWin(d, q.Offers) {
			return bridgeNone // a route through x cannot beat the direct offers
		}
	}
	// The best, once every first leg is judged, unless its venue's answer
	// already has its second leg.
	if best := &q.Offers[0]; (!early || earlyO.venue != best.Venue) && ctx.Err() == nil {
		if req, ok := secondReq(best); ok {
			seconds[1] = second{keyOf(best), ask(req)}
		}
	}
	wg.Wait()
	seconds[0] = second{earlyO, earlyQ}

	for k, sc := range seconds {
		if sc.quote == nil {
			continue
		}
		found.quotes[k] = sc.quote
		// The first leg's offer must be the one the final judgement kept.
		var first *swapscout.Offer
		for i := range q.Offers {
			if o := &q.Offers[i]; sc.first.is(o) {
				first = o
			}
		}
		if first == nil {
			continue
		}
		for i := range sc.quote.Offers {
			leg1, leg2 := first, &sc.quote.Offers[i]
			if leg2.Venue == leg1.Venue {
				continue // the same venue twice is its own business, not a route
			}
			if r.Direction == swapscout.Receive {
				leg1, leg2 = leg2, leg1
			}
			o := routeOffer(r.QuoteRequest, x, leg1, leg2)
			if !o.CanSwap {
				continue // legs that cannot be chained (a memo deposit): the next best
			}
			found.routes[found.n] = pricedRoute{o, leg1, leg2}
			found.n++
			break // the second leg's offers are ranked: the best that chains is enough
		}
	}
	if ctx.Err() != nil {
		return bridgeOpen // the second leg may have been cut short
	}
	return bridgePriced
}

// legKey names a first leg's offer: its venue and amounts, what a second
// leg was priced for.
type legKey struct {
	venue   string
	in, out swapscout.Amount
}

func keyOf(o *swapscout.Offer) legKey { return legKey{o.Venue, o.AmountIn, o.AmountOut} }

// is reports whether o is the offer k names.
func (k legKey) is(o *swapscout.Offer) bool {
	return o.Venue == k.venue && o.AmountIn.Equal(k.in) && o.AmountOut.Equal(k.out)
}

// bridgeVerdict is what a route search knows of one bridge's routes.
type bridgeVerdict uint8

const (
	bridgeOpen   bridgeVerdict = iota // unknown: out of time, or its venues failed
	bridgeNone                        // no route through it could win
	bridgePriced                      // its routes were priced (its best returned)
)

// Route returns the two-leg route of req through bridge x: leg1 (From→x)
// at one venue, then leg2 (x→To) at another, with leg 2 priced for what
// leg 1 pays out. Its amounts are the user's (what leg 1 takes in, what
// leg 2 pays out), its limits leg 1's on the way in and leg 2's on the way
// out, its fees both legs', its time both legs' one after the other, its
// KYC rating and custody the worse of the two; it is fixed only when both
// legs are, and it can become a swap only when both legs can.
func Route(req swapscout.QuoteRequest, x swapscout.Asset, leg1, leg2 swapscout.Offer) swapscout.Offer {
	o := routeOffer(req, x, &leg1, &leg2)
	withLegs(&o, &leg1, &leg2)
	return o
}

// withLegs gives route o its legs and their fees, copies of its own: a
// route search prices and ranks its routes without them (routeOffer) and
// copies them out only for the routes it shows.
func withLegs(o *swapscout.Offer, leg1, leg2 *swapscout.Offer) {
	o.Legs = []swapscout.Offer{*leg1, *leg2}
	if n := len(leg1.Fees) + len(leg2.Fees); n > 0 {
		o.Fees = append(append(make([]swapscout.Fee, 0, n), leg1.Fees...), leg2.Fees...)
	}
}

// routeOffer is Route without its legs and fees (withLegs).
func routeOffer(req swapscout.QuoteRequest, x swapscout.Asset, leg1, leg2 *swapscout.Offer) swapscout.Offer {
	o := swapscout.Offer{
		Venue:     RouteVenue(leg1.Venue, x, leg2.Venue),
		AmountIn:  leg1.AmountIn,
		AmountOut: leg2.AmountOut,
		Min:       leg1.Min, Max: leg1.Max,
		MinOut: leg2.MinOut, MaxOut: leg2.MaxOut,
		RateType: swapscout.Float,
		ETAMin:   leg1.ETAMin + leg2.ETAMin,
		ETAMax:   leg1.ETAMax + leg2.ETAMax,
		KYC:      max(leg1.KYC, leg2.KYC),
		Custody:  swapscout.NonCustodial,
		Deposit:  leg1.Deposit,
		Took:     leg1.Took + leg2.Took,
	}
	if leg1.RateType == swapscout.Fixed && leg2.RateType == swapscout.Fixed {
		o.RateType = swapscout.Fixed
	}
	if leg1.Custody != swapscout.NonCustodial || leg2.Custody != swapscout.NonCustodial {
		o.Custody = swapscout.Custodial
	}
	o.Rate = o.AmountOut.Quo(o.AmountIn, 18, swapscout.RoundDown)
	o.ExpiresAt = earliest(leg1.ExpiresAt, leg2.ExpiresAt)
	o.CanSwap, o.NoSwap = composedSwap([]swapscout.Offer{*leg1, *leg2}, "leg", routeNoSwap)
	if o.CanSwap && leg2.Deposit == swapscout.DepositMemo {
		// The swap service refuses it (swaps.Service.createRoute): the
		// first venue pays out a plain transfer, never a transaction
		// carrying the memo the second venue's deposit needs.
		o.CanSwap, o.NoSwap = false, "leg 2 ("+leg2.Venue+") takes its deposit as a transaction carrying a memo, which leg 1 ("+leg1.Venue+") cannot send"
	}
	return o
}

// RouteVenue names a route by its venues and bridge, e.g.
// "changenow>usdt@trx>exolix": the name a swap request picks it by.
func RouteVenue(first string, x swapscout.Asset, second string) string {
	return first + ">" + x.String() + ">" + second
}

// composedSwap is whether an offer made of parts (a route's legs, a
// split's parts) can become a swap: only when every part can, and the
// service makes such swaps (blocked is "" then); otherwise why not.
func composedSwap(parts []swapscout.Offer, word, blocked string) (bool, string) {
	for i := range parts {
		if !parts[i].CanSwap {
			why := parts[i].NoSwap
			if why == "" {
				why = "it cannot be made into a swap here"
			}
			return false, word + " " + strconv.Itoa(i+1) + " (" + parts[i].Venue + "): " + why
		}
	}
	if blocked != "" {
		return false, blocked
	}
	return true, ""
}

func earliest(a, b time.Time) time.Time {
	switch {
	case a.IsZero():
		return b
	case b.IsZero() || a.Before(b):
		return a
	}
	return b
}

// mergeRanked inserts extra (ranked) among offers (ranked, perhaps by
// accuracy rather than by Better alone) without reordering offers: each
// extra offer goes before the first offer it beats.
func mergeRanked(d swapscout.Direction, offers, extra []swapscout.Offer) []swapscout.Offer {
	if len(extra) == 0 {
		return offers
	}
	out := make([]swapscout.Offer, 0, len(offers)+len(extra))
	j := 0
	for i := range offers {
		for j < len(extra) && swapscout.Better(d, &extra[j], &offers[i]) {
			out = append(out, extra[j])
			j++
		}
		out = append(out, offers[i])
	}
	return append(out, extra[j:]...)
}
