package quotes_test

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/quotes"
)

// market is a fake engine over venues that each quote some pairs at a fixed
// rate: what every venue answers for a request, ranked, like the engine.
type market struct {
	mu    sync.Mutex
	rates map[string]map[string]string // venue → "from>to" tickers → rate
	kyc   map[string]swapscout.KYCRating
	max   map[string]string // venue → max amount sent, any pair
	memo  map[string]bool   // venue → its deposits carry a memo in the transaction
	calls []swapscout.QuoteRequest
	// onCall, when set, runs before the answer (to hold a fan-out).
	onCall func(ctx context.Context, req swapscout.QuoteRequest)
}

func (m *market) Quote(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error) {
	m.mu.Lock()
	m.calls = append(m.calls, req)
	m.mu.Unlock()
	q := &swapscout.Quote{Request: req, CreatedAt: now}
	pair := req.From.Ticker + ">" + req.To.Ticker
	for _, v := range []string{"alpha", "bravo", "charlie"} {
		r, ok := m.rates[v][pair]
		if !ok || !sel.Selects(v, m.kyc[v], swapscout.LogRating(0), swapscout.Custodial, true, false) {
			continue
		}
		if mx, ok := m.max[v]; ok && req.Amount.Cmp(swapscout.MustAmount(mx)) > 0 {
			q.Failures = append(q.Failures, swapscout.Failure{Venue: v, Code: swapscout.CodeAmountTooLarge, Max: swapscout.MustAmount(mx)})
			continue
		}
		rate := swapscout.MustAmount(r)
		o := swapscout.Offer{Venue: v, AmountIn: req.Amount, AmountOut: req.Amount.Mul(rate), Rate: rate, KYC: m.kyc[v],
			Custody: swapscout.Custodial, Deposit: swapscout.DepositTransfer, CanSwap: true, Took: 50 * time.Millisecond,
			ETAMin: time.Minute, ETAMax: 10 * time.Minute}
		if req.Direction == swapscout.Receive {
			o.AmountOut = req.Amount
			o.AmountIn = req.Amount.Quo(rate, 12, swapscout.RoundUp)
		}
		if mx, ok := m.max[v]; ok {
			o.Max = swapscout.MustAmount(mx)
		}
		if m.memo[v] {
			o.Deposit = swapscout.DepositMemo
		}
		q.Offers = append(q.Offers, o)
		if emit != nil {
			emit(swapscout.Result{Offer: &o})
		}
	}
	if m.onCall != nil {
		m.onCall(ctx, req)
	}
	aggregate.Rank(req.Direction, q.Offers)
	return q, nil
}

func (m *market) requests() []swapscout.QuoteRequest {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]swapscout.QuoteRequest(nil), m.calls...)
}

var (
	firo = swapscout.Asset{Ticker: "firo", Network: "firo"}
	ton  = swapscout.Asset{Ticker: "ton", Network: "ton"}
)

// A pair no venue serves is offered as a route through a bridge: leg 1 at
// one venue, leg 2 at another priced for exactly what leg 1 pays out,
// with the worse KYC rating of the two.
func TestRouteForPairNoVenueServes(t *testing.T) {
	m := &market{
		rates: map[string]map[string]string{
			"alpha": {"firo>xmr": "0.01"},
			"bravo": {"xmr>ton": "55.5"},
		},
		kyc: map[string]swapscout.KYCRating{"alpha": 'A', "bravo": 'C'},
	}
	s := quotes.New(quotes.Config{Engine: m, Composite: true})
	req := swapscout.QuoteRequest{From: firo, To: ton, Amount: swapscout.MustAmount("100")}
	a, err := s.Quote(context.Background(), quotes.Request{QuoteRequest: req, Deadline: 2 * time.Second, Routes: quotes.RoutesAuto})
	if err != nil {
		t.Fatal(err)
	}
	q, _ := a.Quote()
	if len(q.Offers) != 1 {
		t.Fatalf("offers = %+v, want one route", q.Offers)
	}
	o := q.Offers[0]
	if o.Venue != "alpha>xmr@xmr>bravo" || len(o.Legs) != 2 {
		t.Fatalf("offer = %s with %d legs, want alpha>xmr@xmr>bravo with 2", o.Venue, len(o.Legs))
	}
	if got, want := o.Legs[1].AmountIn, o.Legs[0].AmountOut; !got.Equal(want) {
		t.Errorf("leg 2 priced for %s, want leg 1's output %s", got, want)
	}
	if want := swapscout.MustAmount("55.5"); !o.AmountIn.Equal(req.Amount) || !o.AmountOut.Equal(want) {
		t.Errorf("route %s → %s, want %s → %s", o.AmountIn, o.AmountOut, req.Amount, want)
	}
	if o.KYC != 'C' || o.Custody != swapscout.Custodial || o.ETAMax != 20*time.Minute {
		t.Errorf("route KYC %s custody %s eta %s, want C custodial 20m", o.KYC, o.Custody, o.ETAMax)
	}
	// A route is created as one swap: it can be when both its legs can.
	if want := o.Legs[0].CanSwap && o.Legs[1].CanSwap; o.CanSwap != want || !want && o.NoSwap == "" || want && o.NoSwap != "" {
		t.Errorf("route can_swap=%v (%q), legs %v %v: want the legs' together", o.CanSwap, o.NoSwap, o.Legs[0].CanSwap, o.Legs[1].CanSwap)
	}
	// Bounded calls: one direct fan-out, and per bridge one first leg and
	// at most two second legs.
	if n, max := len(m.requests()), 1+3*len(quotes.Bridges); n > max {
		t.Errorf("%d fan-outs, want at most %d", n, max)
	}
}

// A receive request prices the second leg first, for the amount to
// receive, and the first leg for what the second takes in.
func TestRouteReceive(t *testing.T) {
	m := &market{rates: map[string]map[string]string{
		"alpha": {"firo>btc": "0.0001"},
		"bravo": {"btc>ton": "20000"},
	}}
	s := quotes.New(quotes.Config{Engine: m, Composite: true})
	req := swapscout.QuoteRequest{From: firo, To: ton, Amount: swapscout.MustAmount("10"), Direction: swapscout.Receive}
	a, err := s.Quote(context.Background(), quotes.Request{QuoteRequest: req, Deadline: 2 * time.Second, Routes: quotes.RoutesOn})
	if err != nil {
		t.Fatal(err)
	}
	q, _ := a.Quote()
	if len(q.Offers) != 1 || len(q.Offers[0].Legs) != 2 {
		t.Fatalf("offers = %+v, want one route", q.Offers)
	}
	o := q.Offers[0]
	if o.Legs[0].Venue != "alpha" || o.Legs[1].Venue != "bravo" || !o.AmountOut.Equal(req.Amount) {
		t.Errorf("route %s: %s → %s", o.Venue, o.AmountIn, o.AmountOut)
	}
	if o.Legs[0].AmountOut.Cmp(o.Legs[1].AmountIn) < 0 {
		t.Errorf("leg 1 pays out %s, less than leg 2 takes in (%s)", o.Legs[0].AmountOut, o.Legs[1].AmountIn)
	}
}

// The second leg starts as soon as a first leg's answer is in, while the
// first leg's fan-out still waits for other venues.
func TestRoutePipelines(t *testing.T) {
	secondStarted := make(chan struct{})
	var once sync.Once
	m := &market{rates: map[string]map[string]string{
		"alpha": {"firo>xmr": "0.01"},
		"bravo": {"xmr>ton": "55.5"},
	}}
	m.onCall = func(ctx context.Context, req swapscout.QuoteRequest) {
		switch {
		case req.From == firo && req.To.Ticker == "xmr":
			// The first leg's fan-out holds until a second leg has
			// started (or the deadline passes: then the test fails).
			select {
			case <-secondStarted:
			case <-ctx.Done():
			}
		case req.From.Ticker == "xmr" && req.To == ton:
			once.Do(func() { close(secondStarted) })
		}
	}
	s := quotes.New(quotes.Config{Engine: m, Composite: true})
	req := swapscout.QuoteRequest{From: firo, To: ton, Amount: swapscout.MustAmount("100")}
	a, err := s.Quote(context.Background(), quotes.Request{QuoteRequest: req, Deadline: 10 * time.Second, Routes: quotes.RoutesOn})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-secondStarted:
	default:
		t.Fatal("no second leg started")
	}
	q, _ := a.Quote()
	if len(q.Offers) != 1 || len(q.Offers[0].Legs) != 2 {
		t.Fatalf("offers = %+v, want one route", q.Offers)
	}
}

// Routes rank beside direct offers; without routes, or with a deadline
// too short for two legs, the quote is one fan-out of direct offers.
func TestRoutesBesideDirect(t *testing.T) {
	rates := map[string]map[string]string{
		"alpha":   {"btc>eth": "20", "btc>xmr": "100"},
		"bravo":   {"xmr>eth": "0.21"},
		"charlie": {"btc>eth": "19"},
	}
	req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"}, Amount: swapscout.MustAmount("1")}
	for _, tc := range []struct {
		name   string
		mode   quotes.RouteMode
		dl     time.Duration
		venues []string
	}{
		{"on", quotes.RoutesOn, 2 * time.Second, []string{"alpha>xmr@xmr>bravo", "alpha", "charlie"}},
		// auto: bravo pays more for XMR→ETH than alpha's own rates imply
		// (20/100), which auto's estimate cannot know: routes=1 finds it
		// (TestRoutesAutoAsksOnlyWhenARouteCouldWin has the rule).
		{"auto", quotes.RoutesAuto, 2 * time.Second, []string{"alpha", "charlie"}},
		{"off", quotes.RoutesOff, 2 * time.Second, []string{"alpha", "charlie"}},
		{"auto-short-deadline", quotes.RoutesAuto, 500 * time.Millisecond, []string{"alpha", "charlie"}},
		{"on-short-deadline", quotes.RoutesOn, 500 * time.Millisecond, []string{"alpha>xmr@xmr>bravo", "alpha", "charlie"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := &market{rates: rates}
			s := quotes.New(quotes.Config{Engine: m, Composite: true})
			a, err := s.Quote(context.Background(), quotes.Request{QuoteRequest: req, Deadline: tc.dl, Routes: tc.mode})
			if err != nil {
				t.Fatal(err)
			}
			q, _ := a.Quote()
			var got []string
			for _, o := range q.Offers {
				got = append(got, o.Venue)
			}
			if strings.Join(got, " ") != strings.Join(tc.venues, " ") {
				t.Errorf("offers %v, want %v", got, tc.venues)
			}
		})
	}
}

// A swappable-only quote shows what a click creates from a payout and a
// refund address alone: no route (it also asks a bridge refund address),
// and never an offer that cannot become a swap. Without swappable=true the
// route is offered, swappable.
func TestRoutesSwappable(t *testing.T) {
	m := &market{rates: map[string]map[string]string{
		"alpha": {"firo>xmr": "0.01"},
		"bravo": {"xmr>ton": "55.5"},
	}}
	s := quotes.New(quotes.Config{Engine: m, Composite: true})
	req := swapscout.QuoteRequest{From: firo, To: ton, Amount: swapscout.MustAmount("100")}
	a, err := s.Quote(context.Background(), quotes.Request{QuoteRequest: req, Deadline: 2 * time.Second, Routes: quotes.RoutesOn,
		Selection: aggregate.Selection{Swappable: true}})
	if err != nil {
		t.Fatal(err)
	}
	q, _ := a.Quote()
	for _, o := range q.Offers {
		if !o.CanSwap || len(o.Legs) > 0 {
			t.Errorf("swappable quote shows %s (can_swap %v, %d legs)", o.Venue, o.CanSwap, len(o.Legs))
		}
	}
	a, err = s.Quote(context.Background(), quotes.Request{QuoteRequest: req, Deadline: 2 * time.Second, Routes: quotes.RoutesOn})
	if err != nil {
		t.Fatal(err)
	}
	q, _ = a.Quote()
	if i := slices.IndexFunc(q.Offers, func(o swapscout.Offer) bool { return len(o.Legs) == 2 }); i < 0 || !q.Offers[i].CanSwap {
		t.Errorf("offers %+v; want the route, swappable", q.Offers)
	}
}

// A second leg whose deposit must carry a memo in the transaction cannot
// follow a first leg (a venue pays out plain transfers; the swap service
// refuses such a route): the route goes through the best second leg that
// can, and Route says why one that cannot is not swappable.
func TestRouteSkipsMemoSecondLeg(t *testing.T) {
	m := &market{rates: map[string]map[string]string{
		"alpha":   {"firo>xmr": "0.01"},
		"bravo":   {"xmr>ton": "60"},
		"charlie": {"xmr>ton": "55.5"},
	}, memo: map[string]bool{"bravo": true}}
	s := quotes.New(quotes.Config{Engine: m, Composite: true})
	req := swapscout.QuoteRequest{From: firo, To: ton, Amount: swapscout.MustAmount("100")}
	a, err := s.Quote(context.Background(), quotes.Request{QuoteRequest: req, Deadline: 2 * time.Second, Routes: quotes.RoutesOn})
	if err != nil {
		t.Fatal(err)
	}
	q, _ := a.Quote()
	var routes []string
	for _, o := range q.Offers {
		if len(o.Legs) > 0 {
			routes = append(routes, o.Venue)
			if !o.CanSwap {
				t.Errorf("route %s offered but not swappable: %s", o.Venue, o.NoSwap)
			}
		}
	}
	if !slices.Contains(routes, "alpha>xmr@xmr>charlie") || slices.Contains(routes, "alpha>xmr@xmr>bravo") {
		t.Errorf("routes %v; want alpha>xmr@xmr>charlie and not the memo second leg", routes)
	}
	leg := func(v string, d swapscout.DepositKind) swapscout.Offer {
		return swapscout.Offer{Venue: v, AmountIn: swapscout.MustAmount("1"), AmountOut: swapscout.MustAmount("1"), CanSwap: true, Deposit: d}
	}
	o := quotes.Route(req, swapscout.Asset{Ticker: "xmr", Network: "xmr"}, leg("alpha", swapscout.DepositTransfer), leg("bravo", swapscout.DepositMemo))
	if o.CanSwap || !strings.Contains(o.NoSwap, "memo") {
		t.Errorf("Route with a memo second leg: can_swap %v, %q", o.CanSwap, o.NoSwap)
	}
}

// A service without Composite answers direct offers only, whatever the
// request asks: one fan-out.
func TestCompositeOff(t *testing.T) {
	m := &market{rates: map[string]map[string]string{
		"alpha": {"firo>xmr": "0.01"},
		"bravo": {"xmr>ton": "55.5"},
	}, max: map[string]string{"alpha": "1"}}
	s := quotes.New(quotes.Config{Engine: m})
	req := swapscout.QuoteRequest{From: firo, To: ton, Amount: swapscout.MustAmount("100")}
	if _, err := s.Quote(context.Background(), quotes.Request{QuoteRequest: req, Deadline: 2 * time.Second, Routes: quotes.RoutesOn, Split: quotes.Split3}); err != nil {
		t.Fatal(err)
	}
	if n := len(m.requests()); n != 1 {
		t.Errorf("%d fan-outs, want 1", n)
	}
}

// routes=auto asks a bridge's second leg only when a route through it could
// beat the best direct offer: the best first leg, carried on at the best
// rate the venues' own direct and first-leg answers imply for the other
// leg. routes=1 asks it anyway.
func TestRoutesAutoAsksOnlyWhenARouteCouldWin(t *testing.T) {
	btc, eth := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "eth", Network: "eth"}
	req := swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("1")}
	seconds := func(m *market) int { // the second legs asked: X→ETH
		n := 0
		for _, r := range m.requests() {
			if r.To == eth && r.From != btc {
				n++
			}
		}
		return n
	}
	for _, tc := range []struct {
		name    string
		rates   map[string]map[string]string
		mode    quotes.RouteMode
		seconds int
		route   string // the best route offered, "" for none
	}{
		// alpha charges the same on BTC→ETH and BTC→XMR (its rates imply
		// XMR→ETH at 0.2); charlie's first leg is worse: a route through
		// XMR would pay alpha's spread and then another venue's, never as
		// much as alpha's direct offer. No second leg is asked.
		{"direct-wins", map[string]map[string]string{
			"alpha":   {"btc>eth": "20", "btc>xmr": "100"},
			"bravo":   {"xmr>eth": "0.199"},
			"charlie": {"btc>eth": "19", "btc>xmr": "95"},
		}, quotes.RoutesAuto, 0, ""},
		{"direct-wins-routes-1", map[string]map[string]string{
			"alpha":   {"btc>eth": "20", "btc>xmr": "100"},
			"bravo":   {"xmr>eth": "0.199"},
			"charlie": {"btc>eth": "19", "btc>xmr": "95"},
		}, quotes.RoutesOn, 1, "alpha>xmr@xmr>bravo"},
		// charlie serves BTC→XMR far better than its BTC→ETH (alpha's
		// rates imply XMR→ETH at 0.2, so charlie's 110 XMR could be
		// worth 22 ETH): the second leg is asked, and the route wins.
		{"route-could-win", map[string]map[string]string{
			"alpha":   {"btc>eth": "20", "btc>xmr": "100"},
			"bravo":   {"xmr>eth": "0.199"},
			"charlie": {"btc>eth": "19", "btc>xmr": "110"},
		}, quotes.RoutesAuto, 1, "charlie>xmr@xmr>bravo"},
		// No venue answers both the direct pair and a first leg: nothing
		// bounds a route, so it is asked.
		{"nothing-to-bound", map[string]map[string]string{
			"alpha":   {"btc>eth": "20"},
			"bravo":   {"xmr>eth": "0.21"},
			"charlie": {"btc>xmr": "100"},
		}, quotes.RoutesAuto, 1, "charlie>xmr@xmr>bravo"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := &market{rates: tc.rates}
			s := quotes.New(quotes.Config{Engine: m, Composite: true})
			a, err := s.Quote(context.Background(), quotes.Request{QuoteRequest: req, Deadline: 2 * time.Second, Routes: tc.mode})
			if err != nil {
				t.Fatal(err)
			}
			if n := seconds(m); n != tc.seconds {
				t.Errorf("%d second legs asked, want %d", n, tc.seconds)
			}
			q, _ := a.Quote()
			route := ""
			if i := slices.IndexFunc(q.Offers, func(o swapscout.Offer) bool { return len(o.Legs) == 2 }); i >= 0 {
				route = q.Offers[i].Venue
			}
			if route != tc.route {
				t.Errorf("route %q, want %q", route, tc.route)
			}
			if tc.route != "" && q.Offers[0].Venue != tc.route && tc.mode == quotes.RoutesAuto {
				t.Errorf("best offer %s, want the route %s", q.Offers[0].Venue, tc.route)
			}
		})
	}
}

// A swappable-only quote leaves routes out, so it does not search them:
// one fan-out, whatever routes= says.
func TestRoutesNotSearchedForSwappable(t *testing.T) {
	for _, mode := range []quotes.RouteMode{quotes.RoutesAuto, quotes.RoutesOn} {
		m := &market{rates: map[string]map[string]string{
			"alpha": {"firo>xmr": "0.01"},
			"bravo": {"xmr>ton": "55.5"},
		}}
		s := quotes.New(quotes.Config{Engine: m, Composite: true})
		req := swapscout.QuoteRequest{From: firo, To: ton, Amount: swapscout.MustAmount("100")}
		if _, err := s.Quote(context.Background(), quotes.Request{QuoteRequest: req, Deadline: 2 * time.Second, Routes: mode,
			Selection: aggregate.Selection{Swappable: true}}); err != nil {
			t.Fatal(err)
		}
		if n := len(m.requests()); n != 1 {
			t.Errorf("routes mode %d: %d fan-outs for a swappable quote, want 1", mode, n)
		}
	}
}

// Once routes=auto found that no route could beat a pair's direct offers,
// it leaves the pair's routes alone for RouteRecheck at amounts of the same
// binary order: one fan-out per quote. Another order of amount, routes=1,
// or the time passing search again.
func TestRoutesAutoRemembersHopelessPairs(t *testing.T) {
	btc, eth := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "eth", Network: "eth"}
	m := &market{rates: map[string]map[string]string{
		"alpha":   {"btc>eth": "20", "btc>xmr": "100"},
		"bravo":   {"xmr>eth": "0.199"},
		"charlie": {"btc>eth": "19", "btc>xmr": "95"},
	}}
	clock := now
	s := quotes.New(quotes.Config{Engine: m, Composite: true, Now: func() time.Time { return clock }})
	fanOuts := func(amount string, mode quotes.RouteMode) int {
		t.Helper()
		before := len(m.requests())
		req := swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount(amount)}
		if _, err := s.Quote(context.Background(), quotes.Request{QuoteRequest: req, Deadline: 2 * time.Second, Routes: mode}); err != nil {
			t.Fatal(err)
		}
		return len(m.requests()) - before
	}
	bridges := len(quotes.Bridges) - 2 // neither BTC nor ETH
	for _, step := range []struct {
		name    string
		amount  string
		mode    quotes.RouteMode
		advance time.Duration
		want    int
	}{
		{"first search", "1", quotes.RoutesAuto, 0, 1 + bridges},
		{"same order of amount", "1.5", quotes.RoutesAuto, 0, 1},
		{"routes=1", "1.5", quotes.RoutesOn, 0, 1 + bridges + 1},
		{"another order of amount", "2", quotes.RoutesAuto, 0, 1 + bridges},
		{"still remembered", "1.9", quotes.RoutesAuto, quotes.RouteRecheck - time.Second, 1},
		{"after RouteRecheck", "1.9", quotes.RoutesAuto, time.Second, 1 + bridges},
	} {
		clock = clock.Add(step.advance)
		if n := fanOuts(step.amount, step.mode); n != step.want {
			t.Errorf("%s: %d fan-outs, want %d", step.name, n, step.want)
		}
	}
}

// A pair whose routes were priced and lost to its direct offers is
// remembered like one whose routes could not win; a pair whose route won is
// searched every time.
func TestRoutesAutoRemembersRoutesThatLost(t *testing.T) {
	btc, eth := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "eth", Network: "eth"}
	bridges := len(quotes.Bridges) - 2
	for _, tc := range []struct {
		name  string
		leg2  string // bravo's XMR→ETH rate: charlie's 110 XMR make 18.7 or 21.89 ETH
		again int    // fan-outs of the second quote
	}{{"lost", "0.17", 1}, {"won", "0.199", 1 + bridges + 1}} {
		t.Run(tc.name, func(t *testing.T) {
			m := &market{rates: map[string]map[string]string{
				"alpha":   {"btc>eth": "20", "btc>xmr": "100"},
				"bravo":   {"xmr>eth": tc.leg2},
				"charlie": {"btc>eth": "19", "btc>xmr": "110"},
			}}
			s := quotes.New(quotes.Config{Engine: m, Composite: true, Now: func() time.Time { return now }})
			var got []int
			for _, amount := range []string{"1", "1.1"} {
				before := len(m.requests())
				req := swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount(amount)}
				if _, err := s.Quote(context.Background(), quotes.Request{QuoteRequest: req, Deadline: 2 * time.Second, Routes: quotes.RoutesAuto}); err != nil {
					t.Fatal(err)
				}
				got = append(got, len(m.requests())-before)
			}
			if want := []int{1 + bridges + 1, tc.again}; !slices.Equal(got, want) {
				t.Errorf("fan-outs per quote %v, want %v", got, want)
			}
		})
	}
}
