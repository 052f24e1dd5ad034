package cexsim_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/cexsim"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/venuetest"
)

var amt = swapscout.MustAmount

// fakeSpec is a small exchange: markets as a JSON array of
// {"base","quote","symbol"}, books as {"bids":…,"asks":…} at the depth
// asked, its dollar named "UST".
func fakeSpec() cex.Spec {
	return cex.Spec{
		Name: "Fake",
		Symbols: venue.Symbols[cex.Code]{
			{Ticker: "btc", Network: "btc"}: {Ticker: "BTC", Network: "BTC"}, {Ticker: "eth", Network: "eth"}: {Ticker: "ETH", Network: "ETH"},
			{Ticker: "xmr", Network: "xmr"}: {Ticker: "XMR", Network: "XMR"}, {Ticker: "usdt", Network: "trx"}: {Ticker: "UST", Network: "TRC20"},
			{Ticker: "usdt", Network: "eth"}: {Ticker: "UST", Network: "ERC20"},
		},
		Bridges:        []cex.Bridge{{Ticker: "UST", Asset: "usdt"}, {Ticker: "BTC", Asset: "btc"}},
		TakerFee:       amt("0.001"),
		TakerFeeSource: "test",
		WithdrawFees: map[swapscout.Asset]swapscout.Amount{
			{Ticker: "btc", Network: "btc"}: amt("0.0001"), {Ticker: "eth", Network: "eth"}: amt("0.001"), {Ticker: "xmr", Network: "xmr"}: amt("0.0005"),
			{Ticker: "usdt", Network: "trx"}: amt("1"), {Ticker: "usdt", Network: "eth"}: amt("3"),
		},
		WithdrawFeeSource: "test",
		Depths:            []int{5, 20},
		MarketsPath:       "/markets",
		ParseMarkets: func(body []byte) ([]cex.Market, error) {
			var ms []struct{ Base, Quote, Symbol string }
			if err := json.Unmarshal(body, &ms); err != nil {
				return nil, venue.BadResponse(err)
			}
			out := make([]cex.Market, len(ms))
			for i, m := range ms {
				out[i] = cex.Market{Market: book.Market{Base: m.Base, Quote: m.Quote, Symbol: m.Symbol}}
			}
			return out, nil
		},
		BookPath: func(m cex.Market, depth int) string {
			return "/book?symbol=" + m.Symbol + "&depth=" + strconv.Itoa(depth)
		},
	}
}

// faultLog notes the faults the simulator answered.
type faultLog struct {
	mu sync.Mutex
	l  []string
}

func (f *faultLog) add(s string) { f.mu.Lock(); f.l = append(f.l, s); f.mu.Unlock() }

func (f *faultLog) String() string { f.mu.Lock(); defer f.mu.Unlock(); return strings.Join(f.l, ",") }

// fakeSim serves the fake's format.
func fakeSim(faults *faultLog) sim.Venue {
	return cexsim.Venue(cexsim.API{
		Spec:        fakeSpec(),
		Profile:     sim.Profile{Latency: time.Millisecond, Spread: 0.001, Markets: []string{"BTC/USDT", "XMR/BTC", "ETH/BTC"}, Depth: 20},
		Symbol:      func(m cexsim.Market) string { return m.Base + m.Quote },
		Aliases:     func(m cexsim.Market) []string { return []string{m.Base + "-" + m.Quote} },
		MarketsPath: "GET /markets",
		Markets: func(c *cexsim.Call, ms []cexsim.Market) {
			type market struct{ Base, Quote, Symbol string }
			out := make([]market, len(ms))
			for i, m := range ms {
				out[i] = market{m.Base, m.Quote, m.Symbol}
			}
			c.JSON(200, out)
		},
		BookPath: "GET /book",
		BookQuery: func(c *cexsim.Call) (string, int, bool) {
			d, ok := c.Int("depth", 5)
			if !ok {
				c.Write(400, []byte(`{"error":"bad depth"}`))
			}
			return c.Query("symbol"), d, ok
		},
		Book: func(c *cexsim.Call, b *cexsim.Book) {
			out := cexsim.AppendLevels([]byte(`{"bids":`), b.Bids, true, 8, nil)
			out = cexsim.AppendLevels(append(out, `,"asks":`...), b.Asks, false, 0, func(dst []byte, i int) []byte { return append(dst, ",1"...) })
			c.Write(200, append(out, '}'))
		},
		NoMarket:     func(c *cexsim.Call, symbol string) { c.Write(400, []byte(`{"error":"unknown symbol `+symbol+`"}`)) },
		NetworksPath: "GET /networks",
		Networks:     func(c *cexsim.Call, cs []cexsim.Currency) { c.JSON(200, cs) },
		RateLimited:  func(c *cexsim.Call) { faults.add("rate limited"); c.Write(429, []byte(`{}`)) },
		Failed:       func(c *cexsim.Call) { faults.add("failed"); c.Write(503, []byte(`{}`)) },
	})
}

// TestVenue quotes the fake adapter against its simulator: the venue's
// tickers (UST for usdt) name the markets, an alias finds a book, the
// depth asked is served, and a walk past the simulated levels is too large.
func TestVenue(t *testing.T) {
	var faults faultLog
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "fake", fakeSim(&faults))
	hc := upstream.New(upstream.Options{})
	defer hc.Close()
	spec := fakeSpec()
	c := cex.New(venue.Config{BaseURL: s.VenueURL("fake"), HTTP: hc}, &spec)
	ctx := context.Background()
	if err := c.Refresh(ctx); err != nil {
		t.Fatal(err)
	}
	o, err := c.Quote(ctx, cextest.Send("btc", "usdt@trx", "0.1"))
	if err != nil {
		t.Fatal(err)
	}
	usd := s.Exchange("fake").USD("btc") * 0.1
	if got := o.AmountOut.Float64(); got < usd*0.99 || got > usd {
		t.Errorf("0.1 BTC → %s USDT, want a little under %.2f", o.AmountOut, usd)
	}
	if o, err := c.Quote(ctx, cextest.Receive("xmr", "eth", "2")); err != nil || o.Route != "XMR/BTC > ETH/BTC" {
		t.Fatalf("xmr→eth through BTC: %+v, %v", o, err)
	}
	if _, err := c.Quote(ctx, cextest.Send("btc", "usdt@trx", "1000")); venuetest.Code(err) != swapscout.CodeAmountTooLarge {
		t.Errorf("1000 BTC: %v, want amount_too_large", err)
	}
	bodies := cextest.CheckAnswers(t, s.VenueURL("fake"), []cextest.Answer{
		{Path: "/markets", Prefix: `[{"Base":"BTC","Quote":"UST","Symbol":"BTCUST"}`},
		{Path: "/book?symbol=BTC-UST&depth=1", Prefix: `{"bids":[["`},
		{Path: "/book?symbol=NOPE", Status: 400, Prefix: `{"error":"unknown symbol NOPE"}`},
		{Path: "/book?symbol=BTCUST&depth=x", Status: 400, Prefix: `{"error":"bad depth"}`},
		{Path: "/networks", Prefix: `[{"Ticker":"BTC","Chains":[{"Network":"BTC","Fee":"0.0001"}]}`},
	})
	if b := bodies["/book?symbol=BTC-UST&depth=1"]; strings.Count(b, "],[") != 0 || !strings.HasSuffix(b, `,1]]}`) {
		t.Errorf("one level a side, the asks with their extra element: %s", b)
	}
	if !strings.Contains(bodies["/networks"], `{"Ticker":"UST","Chains":[{"Network":"TRC20","Fee":"1"},{"Network":"ERC20","Fee":"3"}]}`) &&
		!strings.Contains(bodies["/networks"], `{"Ticker":"UST","Chains":[{"Network":"ERC20","Fee":"3"},{"Network":"TRC20","Fee":"1"}]}`) {
		t.Errorf("currencies: %s", bodies["/networks"])
	}
}

// TestFaults: injected faults are answered by RateLimited and Failed.
func TestFaults(t *testing.T) {
	var faults faultLog
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond, RateLimitRate: 1}, "fake", fakeSim(&faults))
	if status, _, _ := cextest.Get(t, s.VenueURL("fake")+"/book?symbol=BTCUST", nil); status != http.StatusTooManyRequests {
		t.Errorf("rate-limited book: HTTP %d", status)
	}
	s = venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond, ErrorRate: 1}, "fake", fakeSim(&faults))
	if status, _, _ := cextest.Get(t, s.VenueURL("fake")+"/book?symbol=BTCUST", nil); status != http.StatusServiceUnavailable {
		t.Errorf("failing book: HTTP %d", status)
	}
	if faults.String() != "rate limited,failed" {
		t.Errorf("faults answered: %q", faults.String())
	}
}

func TestAppendDecimal(t *testing.T) {
	for _, tc := range []struct {
		in   string
		min  int
		want string
	}{{"32085.65", 8, "32085.65000000"}, {"2", 3, "2.000"}, {"0.123456789", 2, "0.123456789"}, {"5", 0, "5"}} {
		if got := string(cexsim.AppendDecimal(nil, amt(tc.in), tc.min)); got != tc.want {
			t.Errorf("AppendDecimal(%s, %d) = %s, want %s", tc.in, tc.min, got, tc.want)
		}
	}
	ls := []sim.Level{{Price: amt("1.5"), Qty: amt("2")}, {Price: amt("1.4"), Qty: amt("0.1")}}
	if got := string(cexsim.AppendLevels(nil, ls, true, 2, nil)); got != `[["1.50","2.00"],["1.40","0.10"]]` {
		t.Errorf("AppendLevels = %s", got)
	}
	if got := string(cexsim.AppendLevels(nil, ls[:1], false, 0, func(d []byte, i int) []byte { return append(d, ",7"...) })); got != `[[1.5,2,7]]` {
		t.Errorf("AppendLevels numbers = %s", got)
	}
}

// TestWindow: a window takes weight up to its limit, refuses past it
// without counting, and starts anew once its span has passed (on a
// multiple of the span when aligned).
func TestWindow(t *testing.T) {
	t0 := time.Date(2026, 7, 29, 14, 0, 10, 0, time.UTC)
	w := cexsim.Window{Limit: 10, Span: time.Minute}
	for i, c := range []struct {
		at     time.Duration
		key    string
		weight int
		used   int
		ok     bool
	}{
		{0, "a", 4, 4, true}, {time.Second, "a", 6, 10, true}, {2 * time.Second, "a", 1, 10, false},
		{3 * time.Second, "b", 3, 3, true}, {time.Minute, "a", 1, 1, true},
	} {
		used, reset, ok := w.Take(t0.Add(c.at), c.key, c.weight)
		if used != c.used || ok != c.ok {
			t.Errorf("take %d: used %d ok %v, want %d %v", i, used, ok, c.used, c.ok)
		}
		if c.at < time.Minute && !reset.Equal(t0.Add(time.Minute)) {
			t.Errorf("take %d: resets at %s", i, reset)
		}
	}
	aligned := cexsim.Window{Limit: 10, Span: time.Minute, Align: true}
	if _, reset, _ := aligned.Take(t0, "", 1); !reset.Equal(t0.Truncate(time.Minute).Add(time.Minute)) {
		t.Errorf("aligned window resets at %s", reset)
	}
	if used, _, _ := aligned.Take(t0.Add(50*time.Second), "", 1); used != 1 {
		t.Errorf("the next minute's window has used %d, want 1", used)
	}
}
