package sim

import (
	"errors"
	"math"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
)

var (
	btc     = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth     = swapscout.Asset{Ticker: "eth", Network: "eth"}
	xmr     = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	doge    = swapscout.Asset{Ticker: "doge", Network: "doge"}
	pol     = swapscout.Asset{Ticker: "pol", Network: "matic"}
	usdtTRX = swapscout.Asset{Ticker: "usdt", Network: "trx"}
	usdtBSC = swapscout.Asset{Ticker: "usdt", Network: "bsc"}
)

func amt(s string) swapscout.Amount { return swapscout.MustAmount(s) }

func TestReferencePrices(t *testing.T) {
	for _, a := range swapscout.Assets {
		if r, ok := lookupRef(a.Ticker); !ok || r.usd <= 0 {
			t.Errorf("catalogue ticker %s has no reference price", a.Ticker)
		}
	}
	s := newServer(t, Config{Seed: 3}, map[string]Venue{"a": fakeVenue(swapProfile, nil)})
	x := s.Exchange("a")
	for tk, ref := range refPrices {
		got := x.USD(tk)
		if d := math.Abs(got/ref.usd - 1); d > ref.offset+1e-12 {
			t.Errorf("USD(%s) = %v, reference %v (off by %.4f%%)", tk, got, ref.usd, d*100)
		}
	}
	if x.USD("usd") != 1 || x.USD("nope") != 0 || x.USD("BTC") != x.USD("btc") {
		t.Errorf("USD(usd) = %v, USD(nope) = %v, USD(BTC) = %v", x.USD("usd"), x.USD("nope"), x.USD("BTC"))
	}
}

func TestPriceWalk(t *testing.T) {
	newX := func(seed int64, clk *clock) *Exchange {
		s := newServer(t, Config{Seed: seed, Now: clk.Now, WalkInterval: time.Second},
			map[string]Venue{"a": fakeVenue(swapProfile, nil)})
		return s.Exchange("a")
	}
	c1, c2 := newClock(), newClock()
	x1, x2, x3 := newX(5, c1), newX(5, c2), newX(6, c2)
	start := x1.USD("btc")

	c1.Add(30 * time.Second)
	moved := x1.USD("btc")
	if moved == start {
		t.Error("btc did not move in 30 steps")
	}
	if r := moved / start; r < 0.8 || r > 1.2 {
		t.Errorf("btc moved by a factor %v in 30 steps", r)
	}
	if r := x1.USD("usdt") / refPrices["usdt"].usd; math.Abs(r-1) > 0.005 {
		t.Errorf("usdt = %v after 30 steps", x1.USD("usdt"))
	}
	if x1.USD("usd") != 1 {
		t.Errorf("usd = %v", x1.USD("usd"))
	}
	// A price is a function of (seed, ticker, step), whatever was asked before.
	c2.Add(10 * time.Second)
	x2.USD("btc") // a different step first
	c2.Add(20*time.Second + 500*time.Millisecond)
	if got := x2.USD("btc"); got != moved {
		t.Errorf("same seed, same step: %v vs %v", got, moved)
	}
	if got := x3.USD("btc"); got == moved {
		t.Error("different seed gave the same walk")
	}
	c1.Add(-30 * time.Second)
	if got := x1.USD("btc"); got != start {
		t.Errorf("back at step 0: %v, want %v", got, start)
	}
	// Long runs stay near the reference: the walk reverts to the mean.
	c1.Add(1000 * time.Hour)
	if r := x1.USD("btc") / refPrices["btc"].usd; r < 0.8 || r > 1.25 {
		t.Errorf("btc after 1000h: %v", x1.USD("btc"))
	}
}

func TestVenuesDiffer(t *testing.T) {
	s := newServer(t, Config{Seed: 1}, map[string]Venue{"a": fakeVenue(swapProfile, nil), "b": fakeVenue(swapProfile, nil)})
	q := QuoteSpec{From: btc, To: eth, Amount: amt("0.1")}
	ra, err := s.Exchange("a").Quote(q)
	if err != nil {
		t.Fatal(err)
	}
	rb, err := s.Exchange("b").Quote(q)
	if err != nil {
		t.Fatal(err)
	}
	if ra.AmountOut.Equal(rb.AmountOut) {
		t.Errorf("venues a and b quote the same: %v", ra.AmountOut)
	}
}

func TestQuoteSend(t *testing.T) {
	s := newServer(t, Config{Seed: 2}, map[string]Venue{"a": fakeVenue(swapProfile, nil)})
	x := s.Exchange("a")
	r, err := x.Quote(QuoteSpec{From: btc, To: eth, Amount: amt("0.5")})
	if err != nil {
		t.Fatal(err)
	}
	mid := x.USD("btc") / x.USD("eth")
	if got, want := r.Rate.Float64(), mid*(1-swapProfile.Spread); math.Abs(got/want-1) > 1e-9 {
		t.Errorf("rate %v, want %v", got, want)
	}
	if got, want := r.NetworkFee.Float64(), 1/x.USD("eth"); math.Abs(got/want-1) > 1e-5 {
		t.Errorf("network fee %v, want %v", got, want)
	}
	want := r.AmountIn.Mul(r.Rate).Sub(r.NetworkFee).Round(18, swapscout.RoundDown)
	if !r.AmountOut.Equal(want) || !r.AmountIn.Equal(amt("0.5")) {
		t.Errorf("in %v out %v, want out %v", r.AmountIn, r.AmountOut, want)
	}
	// Limits: $10 and $50k in BTC, rounded inwards to 8 decimals.
	if got, want := r.Min.Float64(), 10/x.USD("btc"); got < want || got > want+1e-8 || !r.Min.Round(8, swapscout.RoundDown).Equal(r.Min) {
		t.Errorf("min %v, want ≈ %v with at most 8 decimals", r.Min, want)
	}
	if got, want := r.Max.Float64(), 50000/x.USD("btc"); got > want || got < want-1e-8 {
		t.Errorf("max %v, want ≈ %v", r.Max, want)
	}
	if r.RateID != "" || !r.ValidUntil.IsZero() {
		t.Errorf("float quote has rate id %q until %v", r.RateID, r.ValidUntil)
	}
	// Out to 8 decimals for BTC.
	r, err = x.Quote(QuoteSpec{From: eth, To: btc, Amount: amt("1.234567890123456789")})
	if err != nil {
		t.Fatal(err)
	}
	if !r.AmountOut.Round(8, swapscout.RoundDown).Equal(r.AmountOut) {
		t.Errorf("btc out %v has more than 8 decimals", r.AmountOut)
	}
}

// TestQuoteReceive checks that a Receive quote's AmountIn is the least that
// a Send quote turns into the wanted amount.
func TestQuoteReceive(t *testing.T) {
	s := newServer(t, Config{Seed: 4}, map[string]Venue{"a": fakeVenue(swapProfile, nil)})
	x := s.Exchange("a")
	cases := []struct {
		from, to swapscout.Asset
		out      string
	}{
		{btc, eth, "3"}, {eth, btc, "0.05"}, {usdtTRX, xmr, "12.345678901234"}, {doge, btc, "0.001"},
		{pol, btc, "0.01"}, {btc, usdtBSC, "1000.000000000000000001"}, {xmr, doge, "1234.5"}, {usdtBSC, usdtTRX, "100"},
	}
	for _, c := range cases {
		for _, fixed := range []bool{false, true} {
			recv, err := x.Quote(QuoteSpec{From: c.from, To: c.to, Amount: amt(c.out), Direction: swapscout.Receive, Fixed: fixed})
			if err != nil {
				t.Errorf("%s→%s receive %s: %v", c.from, c.to, c.out, err)
				continue
			}
			info, _ := swapscout.LookupAsset(c.from)
			if !recv.AmountOut.Equal(amt(c.out)) || !recv.AmountIn.Round(info.Decimals, swapscout.RoundDown).Equal(recv.AmountIn) {
				t.Errorf("%s→%s receive %s: in %v out %v", c.from, c.to, c.out, recv.AmountIn, recv.AmountOut)
			}
			send, err := x.Quote(QuoteSpec{From: c.from, To: c.to, Amount: recv.AmountIn, Fixed: fixed})
			if err != nil {
				t.Fatal(err)
			}
			if send.AmountOut.Cmp(amt(c.out)) < 0 {
				t.Errorf("%s→%s: sending %v gives %v, less than the %s asked", c.from, c.to, recv.AmountIn, send.AmountOut, c.out)
			}
			less := recv.AmountIn.Sub(swapscout.NewAmount(1, info.Decimals))
			if short, err := x.Quote(QuoteSpec{From: c.from, To: c.to, Amount: less, Fixed: fixed}); err == nil && short.AmountOut.Cmp(amt(c.out)) >= 0 {
				t.Errorf("%s→%s: %v (one unit less) already gives %v ≥ %s", c.from, c.to, less, short.AmountOut, c.out)
			}
		}
	}
}

func TestQuoteFixed(t *testing.T) {
	clk := newClock()
	p := swapProfile
	p.RateTTL = 2 * time.Minute
	s := newServer(t, Config{Seed: 2, Now: clk.Now}, map[string]Venue{"a": fakeVenue(p, nil)})
	x := s.Exchange("a")
	q := QuoteSpec{From: btc, To: eth, Amount: amt("0.5")}
	float, err := x.Quote(q)
	if err != nil {
		t.Fatal(err)
	}
	q.Fixed = true
	f1, err := x.Quote(q)
	if err != nil {
		t.Fatal(err)
	}
	f2, _ := x.Quote(q)
	if f1.RateID == "" || f1.RateID == f2.RateID {
		t.Errorf("rate ids %q, %q", f1.RateID, f2.RateID)
	}
	if !f1.ValidUntil.Equal(clk.Now().Add(2 * time.Minute)) {
		t.Errorf("valid until %v", f1.ValidUntil)
	}
	if got, want := f1.Rate.Float64()/float.Rate.Float64(), (1-0.015)/(1-0.005); math.Abs(got-want) > 1e-8 {
		t.Errorf("fixed/float rate ratio %v, want %v", got, want)
	}
}

func TestQuoteErrors(t *testing.T) {
	p := swapProfile
	p.Assets = []swapscout.Asset{btc, eth, usdtTRX}
	noMax := swapProfile
	noMax.MaxUSD, noMax.MinUSD, noMax.NetworkFeeUSD = 0, 0, 5
	s := newServer(t, Config{Seed: 9}, map[string]Venue{"a": fakeVenue(p, nil), "nomax": fakeVenue(noMax, nil)})
	x := s.Exchange("a")
	if len(x.Assets()) != 3 {
		t.Errorf("Assets() = %v", x.Assets())
	}

	for _, q := range []QuoteSpec{
		{From: btc, To: xmr, Amount: amt("1")},
		{From: xmr, To: btc, Amount: amt("1")},
		{From: btc, To: btc, Amount: amt("1")},
		{From: btc, To: swapscout.Asset{Ticker: "btc", Network: "eth"}, Amount: amt("1")},
	} {
		if _, err := x.Quote(q); !errors.Is(err, ErrNoPair) {
			t.Errorf("%s→%s: %v, want ErrNoPair", q.From, q.To, err)
		}
	}

	ok, err := x.Quote(QuoteSpec{From: btc, To: eth, Amount: amt("0.1")})
	if err != nil {
		t.Fatal(err)
	}
	limit := func(q QuoteSpec, below bool) {
		t.Helper()
		_, err := s.Exchange("a").Quote(q)
		var le *LimitError
		if !errors.As(err, &le) {
			t.Fatalf("%+v: %v, want *LimitError", q, err)
		}
		want := &LimitError{Min: ok.Min, Max: ok.Max, Below: below}
		if diff := cmp.Diff(want, le); diff != "" {
			t.Errorf("%v: (-want +got)\n%s", q.Amount, diff)
		}
	}
	limit(QuoteSpec{From: btc, To: eth, Amount: ok.Min.Sub(amt("0.00000001"))}, true)
	limit(QuoteSpec{From: btc, To: eth, Amount: ok.Max.Add(amt("0.00000001"))}, false)
	limit(QuoteSpec{From: btc, To: eth, Amount: amt("0")}, true)
	limit(QuoteSpec{From: btc, To: eth, Amount: amt("-1")}, true)
	limit(QuoteSpec{From: btc, To: eth, Amount: amt("100"), Direction: swapscout.Receive}, false) // 100 ETH ≈ $320k
	limit(QuoteSpec{From: btc, To: eth, Amount: amt("0.001"), Direction: swapscout.Receive}, true)
	if _, err := x.Quote(QuoteSpec{From: btc, To: eth, Amount: ok.Min}); err != nil {
		t.Errorf("at the minimum: %v", err)
	}
	if _, err := x.Quote(QuoteSpec{From: btc, To: eth, Amount: ok.Max}); err != nil {
		t.Errorf("at the maximum: %v", err)
	}
	if e := (&LimitError{Min: amt("0.1"), Below: true}).Error(); e != "sim: amount below minimum 0.1" {
		t.Errorf("Error() = %q", e)
	}

	// No venue limits: the asset's realistic ceiling still caps the amount
	// (no 100,000 BTC quotes); a fee larger than the output is "below".
	y := s.Exchange("nomax")
	r, err := y.Quote(QuoteSpec{From: btc, To: eth, Amount: amt("50")})
	if err != nil || r.Max.String() != "80" || !r.Min.IsZero() {
		t.Errorf("no venue limits, 50 BTC: %+v, %v", r, err)
	}
	var le *LimitError
	if _, err := y.Quote(QuoteSpec{From: btc, To: eth, Amount: amt("100000")}); !errors.As(err, &le) || le.Below || le.Max.String() != "80" {
		t.Errorf("100,000 BTC with no venue maximum: %v", err)
	}
	// A venue maximum below the ceiling wins.
	if _, err := x.Quote(QuoteSpec{From: btc, To: eth, Amount: amt("79")}); !errors.As(err, &le) || le.Below || le.Max.Cmp(amt("79")) >= 0 {
		t.Errorf("79 BTC against a lower venue maximum: %v", err)
	}
	if _, err := y.Quote(QuoteSpec{From: usdtTRX, To: btc, Amount: amt("2")}); !errors.As(err, &le) || !le.Below {
		t.Errorf("$2 against a $5 fee: %v", err)
	}
	// Beyond what an Amount holds: "above", not a NaN offer.
	if _, err := y.Quote(QuoteSpec{From: btc, To: eth, Amount: amt("1e35")}); !errors.As(err, &le) || le.Below {
		t.Errorf("1e35 BTC: %v", err)
	}
}

func TestDeterminism(t *testing.T) {
	type snapshot struct {
		Quotes     []QuoteResult
		Errs       []string
		Bids, Asks []Level
		IDs        []string
	}
	take := func(seed int64) snapshot {
		clk := newClock()
		s := newServer(t, Config{Seed: seed, Now: clk.Now, WalkInterval: time.Second},
			map[string]Venue{"swap": fakeVenue(swapProfile, nil), "book": fakeVenue(bookProfile, nil)})
		clk.Add(42 * time.Second)
		var snap snapshot
		for _, q := range []QuoteSpec{
			{From: btc, To: eth, Amount: amt("0.3")},
			{From: btc, To: eth, Amount: amt("0.3"), Fixed: true},
			{From: usdtTRX, To: xmr, Amount: amt("5"), Direction: swapscout.Receive},
			{From: doge, To: pol, Amount: amt("1000"), Direction: swapscout.Receive, Fixed: true},
			{From: btc, To: eth, Amount: amt("100")},
		} {
			r, err := s.Exchange("swap").Quote(q)
			snap.Quotes = append(snap.Quotes, r)
			snap.Errs = append(snap.Errs, errString(err))
		}
		snap.Bids, snap.Asks, _ = s.Exchange("book").Book("XMR", "BTC", 20)
		snap.IDs = []string{s.Exchange("book").NewID("o"), s.Exchange("book").NewID("o")}
		return snap
	}
	a, b, c := take(11), take(11), take(12)
	if diff := cmp.Diff(a, b); diff != "" {
		t.Errorf("same seed differs (-a +b):\n%s", diff)
	}
	// Amount.Equal is numeric: compare the text too.
	for i := range a.Bids {
		if a.Bids[i].Price.String() != b.Bids[i].Price.String() {
			t.Errorf("bid %d: %v vs %v", i, a.Bids[i].Price, b.Bids[i].Price)
		}
	}
	for i := range a.Quotes {
		if cmp.Equal(a.Quotes[i], c.Quotes[i]) && a.Errs[i] == "" {
			t.Errorf("quote %d: seeds 11 and 12 agree: %+v", i, a.Quotes[i])
		}
	}
	if cmp.Equal(a.Bids, c.Bids) || cmp.Equal(a.Asks, c.Asks) || cmp.Equal(a.IDs, c.IDs) {
		t.Error("seeds 11 and 12 give the same book or ids")
	}
}

func errString(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
