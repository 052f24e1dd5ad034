package cex

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc     = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth     = swapscout.Asset{Ticker: "eth", Network: "eth"}
	xmr     = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	ltc     = swapscout.Asset{Ticker: "ltc", Network: "ltc"}
	usdtTRX = swapscout.Asset{Ticker: "usdt", Network: "trx"}
	usdtETH = swapscout.Asset{Ticker: "usdt", Network: "eth"}
)

func send(from, to swapscout.Asset, amount string) swapscout.QuoteRequest {
	return swapscout.QuoteRequest{From: from, To: to, Amount: amt(amount)}
}

func receive(from, to swapscout.Asset, amount string) swapscout.QuoteRequest {
	r := send(from, to, amount)
	r.Direction = swapscout.Receive
	return r
}

func code(err error) swapscout.FailureCode {
	var ve *swapscout.VenueError
	if errors.As(err, &ve) {
		return ve.Code
	}
	return ""
}

// btcusdt is a fake with BTC/USDT: bids 100×1, 99×2, 98×5; asks 101×1, 102×2, 103×5.
func btcusdt(t *testing.T) *fakeCEX {
	f := newFake(t)
	f.add(fakeMarket{Base: "BTC", Quote: "USDT"})
	f.setBook("BTCUSDT", []string{"100 1", "99 2", "98 5"}, []string{"101 1", "102 2", "103 5"})
	return f
}

func loaded(t *testing.T, f *fakeCEX, spec *Spec) (*Client, *fakeClock) {
	t.Helper()
	c, clk := f.client(t, spec)
	if err := c.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	return c, clk
}

func quote(t *testing.T, c *Client, req swapscout.QuoteRequest) swapscout.Offer {
	t.Helper()
	o, err := c.Quote(context.Background(), req)
	if err != nil {
		t.Fatalf("Quote(%s %s→%s): %v", req.Amount, req.From, req.To, err)
	}
	return o
}

func wantOffer(t *testing.T, o swapscout.Offer, in, out, route string, fees ...string) {
	t.Helper()
	if o.AmountIn.String() != in || o.AmountOut.String() != out || o.Route != route {
		t.Errorf("offer in %s out %s route %q, want in %s out %s route %q", o.AmountIn, o.AmountOut, o.Route, in, out, route)
	}
	var got []string
	for _, f := range o.Fees {
		got = append(got, f.Kind+" "+f.Amount.String()+" "+f.Asset.String())
	}
	if strings.Join(got, "; ") != strings.Join(fees, "; ") {
		t.Errorf("fees %q, want %q", got, fees)
	}
	if o.RateType != swapscout.Float {
		t.Errorf("rate type %s, want float", o.RateType)
	}
}

func TestSpecValidate(t *testing.T) {
	if err := fakeSpec().Validate(); err != nil {
		t.Fatal(err)
	}
	bad := []func(s *Spec){
		func(s *Spec) { s.Name = "" },
		func(s *Spec) { s.BookPath = nil },
		func(s *Spec) { s.TakerFee = amt("1") },
		func(s *Spec) { s.TakerFeeSource = "" },
		func(s *Spec) { s.Depths = []int{100, 100} },
		func(s *Spec) { delete(s.WithdrawFees, btc) },
		func(s *Spec) { s.WithdrawFees[swapscout.Asset{Ticker: "sol", Network: "sol"}] = amt("0") },
		func(s *Spec) { s.Bridges = append(s.Bridges, Bridge{"BTC", "xbt"}) },
		func(s *Spec) { s.Symbols[ltc] = Code{"LTC", "BTC"}; s.Symbols[btc] = Code{"LTC", "BTC"} },
		func(s *Spec) { s.NetworksPath = "/networks" },
		func(s *Spec) { withNetworks(s).NetworksPath = "" },
		func(s *Spec) { withNetworks(s).FeeFromListOnly = map[swapscout.Asset]bool{btc: true} }, // fee on record too
		func(s *Spec) { // unmapped
			withNetworks(s).FeeFromListOnly = map[swapscout.Asset]bool{{Ticker: "sol", Network: "sol"}: true}
		},
		func(s *Spec) { delete(s.WithdrawFees, btc); s.FeeFromListOnly = map[swapscout.Asset]bool{btc: true} }, // no list
	}
	if err := withNetworks(fakeSpec()).Validate(); err != nil {
		t.Errorf("spec with a currency list: %v", err)
	}
	for i, mod := range bad {
		s := fakeSpec()
		mod(s)
		if err := s.Validate(); err == nil {
			t.Errorf("bad spec %d passed Validate", i)
		}
	}
	if tk, ok := fakeSpec().Ticker("USD"); !ok || tk != "USD" {
		t.Errorf("Ticker(USD) = %q, %v", tk, ok)
	}
}

// TestNotLoadedSaysWhy: a quote asked after a failed market-list load says
// why the list is missing and that it is being retried.
func TestNotLoadedSaysWhy(t *testing.T) {
	f := newFake(t) // no markets: the list comes back empty
	c, _ := f.client(t, fakeSpec())
	if err := c.Refresh(context.Background()); err == nil {
		t.Fatal("Refresh of an empty list succeeded")
	}
	_, err := c.Quote(context.Background(), send(btc, usdtTRX, "1"))
	if code(err) != swapscout.CodeUnavailable || !strings.Contains(err.Error(), "the last attempt failed") ||
		!strings.Contains(err.Error(), "market list is empty") || !strings.Contains(err.Error(), "retried") {
		t.Fatalf("Quote after a failed load: %v", err)
	}
	f.add(fakeMarket{Base: "BTC", Quote: "USDT"})
	if err := c.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	if c.loadFailed.Load() != nil {
		t.Error("a successful load kept the old failure")
	}
}

func TestNotLoaded(t *testing.T) {
	f := btcusdt(t)
	c, _ := f.client(t, fakeSpec())
	_, err := c.Quote(context.Background(), send(btc, usdtTRX, "1"))
	if code(err) != swapscout.CodeUnavailable || !errors.Is(err, venue.ErrListLoading) {
		t.Fatalf("Quote before Refresh: %v, want unavailable", err)
	}
	if n := len(f.Calls()); n != 0 {
		t.Errorf("Quote before Refresh made %d calls", n)
	}
	if c.RefreshInterval() != DefaultRefreshInterval {
		t.Errorf("RefreshInterval = %s", c.RefreshInterval())
	}
}

func TestUnsupportedWithoutCall(t *testing.T) {
	f := btcusdt(t)
	c, _ := loaded(t, f, fakeSpec())
	fixed := send(btc, usdtTRX, "1")
	fixed.RateType = swapscout.Fixed
	for _, tc := range []struct {
		req  swapscout.QuoteRequest
		want string
	}{
		{send(btc, swapscout.Asset{Ticker: "firo", Network: "firo"}, "1"), "does not swap"},
		{send(swapscout.Asset{Ticker: "usdt", Network: "bsc"}, btc, "1"), "does not take deposits of USDT on BNB Smart Chain"},
		{send(btc, swapscout.Asset{Ticker: "usdt", Network: "ton"}, "1"), "does not pay out USDT on TON"},
		{fixed, "floating rates only"},
		{send(usdtTRX, usdtETH, "1"), "between networks"},
		{send(xmr, ltc, "1"), "lists no market from XMR to LTC, directly or through USDT, BTC, USD"},
	} {
		_, err := c.Quote(context.Background(), tc.req)
		if code(err) != swapscout.CodeUnsupportedPair || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Quote(%s→%s %s) = %v, want unsupported_pair %q", tc.req.From, tc.req.To, tc.req.RateType, err, tc.want)
		}
	}
	if n := f.bookCalls(); n != 0 {
		t.Errorf("unsupported quotes made %d book calls", n)
	}
}

func TestDirect(t *testing.T) {
	f := btcusdt(t)
	c, _ := loaded(t, f, fakeSpec())
	// Sell 1.5 BTC: 100 + 0.5×99 = 149.5; fee 0.1% = 0.1495; withdrawal 1.
	wantOffer(t, quote(t, c, send(btc, usdtTRX, "1.5")), "1.5", "148.3505", "BTC/USDT",
		"trading 0.1495 usdt@trx", "withdrawal 1 usdt@trx")
	// Spend 202 USDT: 1 BTC for 101, 101/102 more; fee 0.1%; withdrawal 0.0001 BTC; 8 decimals.
	wantOffer(t, quote(t, c, send(usdtTRX, btc, "202")), "202", "1.98810588", "BTC/USDT",
		"trading 0.0019902 btc@btc", "withdrawal 0.0001 btc@btc")
	if got := strings.Join(f.Calls(), " "); got != "markets BTCUSDT@2" {
		t.Errorf("calls %q, want the market list and one book at depth 2 (cached)", got)
	}
}

func TestReceive(t *testing.T) {
	f := btcusdt(t)
	c, _ := loaded(t, f, fakeSpec())
	for _, req := range []swapscout.QuoteRequest{receive(btc, usdtTRX, "100"), receive(usdtTRX, btc, "1.5"), receive(btc, usdtETH, "290")} {
		o := quote(t, c, req)
		if !o.AmountOut.Equal(req.Amount) {
			t.Errorf("receive %s: out %s", req.Amount, o.AmountOut)
		}
		// Sending what the Receive quote asks must yield at least the amount.
		back := quote(t, c, send(req.From, req.To, o.AmountIn.String()))
		if back.AmountOut.Cmp(req.Amount) < 0 {
			t.Errorf("receive %s %s costs %s, but sending that yields only %s", req.Amount, req.To, o.AmountIn, back.AmountOut)
		}
	}
	// 100 USDT + 1 withdrawal, grossed up for 0.1%, sold into 100 then 99.
	o := quote(t, c, receive(btc, usdtTRX, "100"))
	if o.AmountIn.String() != "1.01112224" {
		t.Errorf("receive 100 USDT costs %s BTC, want 1.01112224", o.AmountIn)
	}
}

func TestBridge(t *testing.T) {
	f := newFake(t)
	f.add(fakeMarket{Base: "XMR", Quote: "BTC"})
	f.add(fakeMarket{Base: "ETH", Quote: "BTC"})
	f.setBook("XMRBTC", []string{"0.0025 100"}, []string{"0.0026 100"})
	f.setBook("ETHBTC", []string{"0.049 100"}, []string{"0.05 100"})
	c, _ := loaded(t, f, fakeSpec())
	// 10 XMR → 0.025 BTC − 0.1% → 0.024975 BTC → 0.4995 ETH − 0.1% → 0.4990005 − 0.001.
	wantOffer(t, quote(t, c, send(xmr, eth, "10")), "10", "0.4980005", "XMR/BTC > ETH/BTC",
		"trading 0.000025 btc", "trading 0.0004995 eth@eth", "withdrawal 0.001 eth@eth")

	// The same route where ETH/BTC charges 0.2%: each leg pays its own market's fee.
	f2 := newFake(t)
	f2.add(fakeMarket{Base: "XMR", Quote: "BTC"})
	f2.add(fakeMarket{Base: "ETH", Quote: "BTC", Fee: ptr(amt("0.002"))})
	f2.setBook("XMRBTC", []string{"0.0025 100"}, []string{"0.0026 100"})
	f2.setBook("ETHBTC", []string{"0.049 100"}, []string{"0.05 100"})
	c2, _ := loaded(t, f2, fakeSpec())
	wantOffer(t, quote(t, c2, send(xmr, eth, "10")), "10", "0.497501", "XMR/BTC > ETH/BTC",
		"trading 0.000025 btc", "trading 0.000999 eth@eth", "withdrawal 0.001 eth@eth")
	calls := f2.Calls()
	if len(calls) != 3 {
		t.Errorf("calls %q, want the market list and two books", calls)
	}
}

func ptr[T any](v T) *T { return &v }

func TestDeeperBook(t *testing.T) {
	f := btcusdt(t)
	c, _ := loaded(t, f, fakeSpec())
	// 4 BTC: the 2 levels at depth 2 hold 3 BTC and the book was cut there: ask 4 levels.
	wantOffer(t, quote(t, c, send(btc, usdtTRX, "4")), "4", "394.604", "BTC/USDT",
		"trading 0.396 usdt@trx", "withdrawal 1 usdt@trx")
	if got := strings.Join(f.Calls(), " "); got != "markets BTCUSDT@2 BTCUSDT@4" {
		t.Errorf("calls %q", got)
	}
	// 9 BTC: at depth 4 the book came back whole (3 levels, 8 BTC): too large, no deeper call.
	_, err := c.Quote(context.Background(), send(btc, usdtTRX, "9"))
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeAmountTooLarge || ve.Max.String() != "8" {
		t.Fatalf("9 BTC into 8 BTC of bids: %v, want amount_too_large with Max 8", err)
	}
	if !strings.Contains(ve.Msg, "order book BTC/USDT too thin: send at most 8") {
		t.Errorf("message %q", ve.Msg)
	}
	if got := strings.Join(f.Calls(), " "); got != "markets BTCUSDT@2 BTCUSDT@4" {
		t.Errorf("calls %q, want no fetch beyond the complete book", got)
	}
	// Receive more than the whole book pays: too large too, Max in BTC.
	_, err = c.Quote(context.Background(), receive(btc, usdtTRX, "1000"))
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeAmountTooLarge || ve.Max.String() != "8" {
		t.Errorf("receive 1000 USDT: %v, want amount_too_large with Max 8", err)
	}
}

func TestDeepestBookStillThin(t *testing.T) {
	f := newFake(t)
	f.add(fakeMarket{Base: "BTC", Quote: "USDT"})
	var bids []string
	for i := range 10 {
		bids = append(bids, strconv.Itoa(100-i)+" 1")
	}
	f.setBook("BTCUSDT", bids, []string{"101 1"})
	c, _ := loaded(t, f, fakeSpec())
	_, err := c.Quote(context.Background(), send(btc, usdtTRX, "9.5"))
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeAmountTooLarge || ve.Max.String() != "8" {
		t.Fatalf("9.5 BTC past the deepest depth: %v, want amount_too_large with Max 8 (what depth 8 shows)", err)
	}
	if got := strings.Join(f.Calls(), " "); got != "markets BTCUSDT@2 BTCUSDT@4 BTCUSDT@8" {
		t.Errorf("calls %q", got)
	}
}

func TestSlippage(t *testing.T) {
	f := btcusdt(t)
	c, _ := loaded(t, f, fakeSpec())
	small := quote(t, c, send(btc, usdtTRX, "0.5"))
	large := quote(t, c, send(btc, usdtTRX, "2.5"))
	rs := small.AmountOut.Add(amt("1")).Quo(small.AmountIn, 18, swapscout.RoundDown)
	rl := large.AmountOut.Add(amt("1")).Quo(large.AmountIn, 18, swapscout.RoundDown)
	if rl.Cmp(rs) >= 0 {
		t.Errorf("2.5 BTC sells at %s per BTC, 0.5 BTC at %s: the larger should be worse", rl, rs)
	}
}

func TestMinimumOrder(t *testing.T) {
	f := newFake(t)
	f.add(fakeMarket{Base: "BTC", Quote: "USDT", MinQuote: amt("10")})
	f.setBook("BTCUSDT", []string{"100 1", "99 2"}, []string{"101 1", "102 2"})
	c, _ := loaded(t, f, fakeSpec())
	_, err := c.Quote(context.Background(), send(btc, usdtTRX, "0.05"))
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeAmountTooSmall || ve.Min.String() != "0.1" {
		t.Fatalf("5 USDT order below the 10 USDT minimum: %v, want amount_too_small with Min 0.1", err)
	}
	quote(t, c, send(btc, usdtTRX, "0.1"))

	// Two legs: ETH/BTC needs 0.1 ETH; its least input, 0.005 BTC, carried
	// back through XMR/BTC and its fee.
	f2 := newFake(t)
	f2.add(fakeMarket{Base: "XMR", Quote: "BTC"})
	f2.add(fakeMarket{Base: "ETH", Quote: "BTC", MinBase: amt("0.1")})
	f2.setBook("XMRBTC", []string{"0.0025 100"}, []string{"0.0026 100"})
	f2.setBook("ETHBTC", []string{"0.049 100"}, []string{"0.05 100"})
	c2, _ := loaded(t, f2, fakeSpec())
	_, err = c2.Quote(context.Background(), send(xmr, eth, "1"))
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeAmountTooSmall || ve.Min.String() != "2.002002002003" {
		t.Fatalf("0.05 ETH order below the 0.1 ETH minimum: %v, want amount_too_small with Min 2.002002002003", err)
	}
	if !strings.Contains(ve.Msg, "minimum order on ETH/BTC") {
		t.Errorf("message %q", ve.Msg)
	}
	quote(t, c2, send(xmr, eth, ve.Min.String()))
}

func TestFeesLeaveNothing(t *testing.T) {
	f := btcusdt(t)
	c, _ := loaded(t, f, fakeSpec())
	_, err := c.Quote(context.Background(), send(btc, usdtTRX, "0.01")) // 0.999 USDT < 1 USDT withdrawal
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeAmountTooSmall || ve.Min.Sign() <= 0 {
		t.Fatalf("0.01 BTC: %v, want amount_too_small with Min", err)
	}
	quote(t, c, send(btc, usdtTRX, ve.Min.String()))
}

func TestBookCache(t *testing.T) {
	f := btcusdt(t)
	c, clk := loaded(t, f, fakeSpec())
	quote(t, c, send(btc, usdtTRX, "1"))
	quote(t, c, send(btc, usdtTRX, "1"))
	if n := f.bookCalls(); n != 1 {
		t.Errorf("two quotes within the TTL made %d book calls, want 1", n)
	}
	clk.Add(DefaultBookTTL)
	quote(t, c, send(btc, usdtTRX, "1"))
	if n := f.bookCalls(); n != 2 {
		t.Errorf("a quote after the TTL made %d book calls in all, want 2", n)
	}
	clk.Add(time.Hour)
	if err := c.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	c.books.mu.Lock()
	n := len(c.books.m)
	c.books.mu.Unlock()
	if n != 0 {
		t.Errorf("Refresh left %d stale books", n)
	}
}

// stall makes the fake hold book calls until release is closed (then
// answer normally) or the client goes away.
func stall(f *fakeCEX) (release func()) {
	hold := make(chan struct{})
	f.mu.Lock()
	f.fault = func(w http.ResponseWriter, r *http.Request) bool {
		select {
		case <-hold:
			return false
		case <-r.Context().Done():
			return true
		}
	}
	f.mu.Unlock()
	var once sync.Once
	return func() { once.Do(func() { close(hold) }) }
}

func waitCalls(t *testing.T, f *fakeCEX, n int) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Second); f.bookCalls() < n; {
		if time.Now().After(deadline) {
			t.Fatalf("book calls %d, want %d", f.bookCalls(), n)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func TestConcurrentQuotesShareOneFetch(t *testing.T) {
	f := btcusdt(t)
	c, _ := loaded(t, f, fakeSpec())
	release := stall(f)
	defer release()
	var wg sync.WaitGroup
	errs := make([]error, 10)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = c.Quote(context.Background(), send(btc, usdtTRX, "1"))
		}()
	}
	waitCalls(t, f, 1)
	time.Sleep(50 * time.Millisecond)
	release()
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
	if n := f.bookCalls(); n != 1 {
		t.Errorf("10 concurrent quotes made %d book calls, want 1", n)
	}
}

func TestFollowerOutlivesCancelledLeader(t *testing.T) {
	f := btcusdt(t)
	c, _ := loaded(t, f, fakeSpec())
	release := stall(f)
	defer release()
	lctx, cancel := context.WithCancel(context.Background())
	leader := make(chan error, 1)
	go func() {
		_, err := c.Quote(lctx, send(btc, usdtTRX, "1"))
		leader <- err
	}()
	waitCalls(t, f, 1)
	follower := make(chan error, 1)
	go func() {
		_, err := c.Quote(context.Background(), send(btc, usdtTRX, "1"))
		follower <- err
	}()
	time.Sleep(20 * time.Millisecond) // the follower waits on the leader's fetch
	cancel()
	if err := <-leader; !errors.Is(err, context.Canceled) {
		t.Errorf("leader: %v, want context.Canceled", err)
	}
	waitCalls(t, f, 2) // the follower fetches for itself
	release()
	if err := <-follower; err != nil {
		t.Errorf("follower: %v", err)
	}
}

func TestRateLimitCoolDown(t *testing.T) {
	f := btcusdt(t)
	c, clk := loaded(t, f, fakeSpec())
	c.cfg.Guard = venue.NewGuard(c.spec.Name, venue.Limit{}, clk.Now) // as the Registry sets one
	f.mu.Lock()
	f.fault = func(w http.ResponseWriter, r *http.Request) bool {
		w.Header().Set("Retry-After", "2")
		w.WriteHeader(429)
		return true
	}
	f.mu.Unlock()
	_, err := c.Quote(context.Background(), send(btc, usdtTRX, "1"))
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeRateLimited || ve.RetryAfter != 2*time.Second {
		t.Fatalf("429: %v, want rate_limited with RetryAfter 2s", err)
	}
	clk.Add(time.Second)
	_, err = c.Quote(context.Background(), send(btc, usdtTRX, "1"))
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeRateLimited || ve.RetryAfter != time.Second {
		t.Fatalf("during the cool-down: %v, want rate_limited with 1s left", err)
	}
	if err := c.Refresh(context.Background()); code(err) != swapscout.CodeRateLimited {
		t.Errorf("Refresh during the cool-down: %v", err)
	}
	if n := f.bookCalls(); n != 1 {
		t.Errorf("%d book calls, want 1: none during the cool-down", n)
	}
	f.mu.Lock()
	f.fault = nil
	f.mu.Unlock()
	clk.Add(time.Second)
	quote(t, c, send(btc, usdtTRX, "1"))
}

func TestRefreshKeepsLastGoodList(t *testing.T) {
	f := btcusdt(t)
	c, _ := loaded(t, f, fakeSpec())
	f.mu.Lock()
	f.markets = nil
	f.mu.Unlock()
	if err := c.Refresh(context.Background()); code(err) != swapscout.CodeBadResponse {
		t.Errorf("Refresh of an empty list: %v, want bad_response", err)
	}
	quote(t, c, send(btc, usdtTRX, "1"))
}

func TestDelistedMarket(t *testing.T) {
	f := btcusdt(t)
	c, _ := loaded(t, f, fakeSpec())
	f.mu.Lock()
	delete(f.books, "BTCUSDT")
	f.mu.Unlock()
	if _, err := c.Quote(context.Background(), send(btc, usdtTRX, "1")); code(err) != swapscout.CodeUnsupportedPair {
		t.Errorf("book of a delisted market: %v, want unsupported_pair", err)
	}
	// The failure is not cached.
	f.setBook("BTCUSDT", []string{"100 1"}, []string{"101 1"})
	quote(t, c, send(btc, usdtTRX, "1"))
}

func TestBadBook(t *testing.T) {
	f := newFake(t)
	f.add(fakeMarket{Base: "BTC", Quote: "USDT"})
	f.setBook("BTCUSDT", []string{"100 1"}, []string{"99 1"}) // crossed
	c, _ := loaded(t, f, fakeSpec())
	if _, err := c.Quote(context.Background(), send(btc, usdtTRX, "0.5")); code(err) != swapscout.CodeBadResponse {
		t.Errorf("crossed book: %v, want bad_response", err)
	}
}

var _ = book.WorkScale

// BenchmarkQuoteCached is the quote path once the books are cached: route,
// walk (two legs, 100 levels a side), fees.
func BenchmarkQuoteCached(b *testing.B) {
	f := newFake(&testing.T{})
	defer f.Close()
	f.add(fakeMarket{Base: "XMR", Quote: "BTC"})
	f.add(fakeMarket{Base: "ETH", Quote: "BTC"})
	var bids, asks []string
	for i := range 100 {
		bids = append(bids, "0.00"+strconv.Itoa(2500-i)+" 1")
		asks = append(asks, "0.0"+strconv.Itoa(5000+i)+" 1")
	}
	f.setBook("XMRBTC", bids, []string{"0.0026 100"})
	f.setBook("ETHBTC", []string{"0.049 100"}, asks)
	spec := fakeSpec()
	spec.Depths = []int{100}
	spec.BookTTL = time.Hour
	hc := upstream.New(upstream.Options{})
	defer hc.Close()
	c := New(venue.Config{BaseURL: f.URL, HTTP: hc}, spec)
	if err := c.Refresh(context.Background()); err != nil {
		b.Fatal(err)
	}
	req := send(xmr, eth, "60") // walks 60 levels of XMR/BTC
	if _, err := c.Quote(context.Background(), req); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Quote(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}

// TestLiveNetworks: the currency list's fee replaces the static table's,
// a network closed for deposits or withdrawals is refused before any book
// call, and without the list (or when it fails) the static table serves.
func TestLiveNetworks(t *testing.T) {
	f := btcusdt(t)
	f.networks = map[string]string{
		"USDT TRC20": "2.5 1 1",         // live fee 2.5 where the table says 1
		"BTC BTC":    "0.0002 1 1 0.05", // deposits under 0.05 BTC are not credited
		"USDT ERC20": "3 1 0",           // withdrawals closed
		"LTC LTC":    "0 0 1",           // deposits closed
		"DOGE DOGE":  "5 1 1",           // not in Symbols: not kept
	}
	f.add(fakeMarket{Base: "LTC", Quote: "USDT"})
	c, _ := loaded(t, f, withNetworks(fakeSpec()))
	if n := len(*c.networks.Load()); n != 4 {
		t.Errorf("kept %d networks, want the 4 Symbols maps", n)
	}
	wantOffer(t, quote(t, c, send(btc, usdtTRX, "1.5")), "1.5", "146.8505", "BTC/USDT",
		"trading 0.1495 usdt@trx", "withdrawal 2.5 usdt@trx")
	_, err := c.Quote(context.Background(), send(btc, usdtTRX, "0.03"))
	var small *swapscout.VenueError
	if !errors.As(err, &small) || small.Code != swapscout.CodeAmountTooSmall || !small.Min.Equal(amt("0.05")) {
		t.Errorf("0.03 BTC: %v, want amount_too_small with Min 0.05", err)
	}
	books := f.bookCalls()
	usdtETH := swapscout.Asset{Ticker: "usdt", Network: "eth"}
	ltc := swapscout.Asset{Ticker: "ltc", Network: "ltc"}
	for _, tc := range []struct {
		req  swapscout.QuoteRequest
		want string
	}{
		{send(btc, usdtETH, "1"), "Fake has suspended withdrawals of USDT on ERC20"},
		{send(ltc, usdtTRX, "1"), "Fake has suspended deposits of LTC on LTC"},
	} {
		_, err := c.Quote(context.Background(), tc.req)
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || ve.Code != swapscout.CodeUnavailable || ve.Msg != tc.want {
			t.Errorf("%s→%s: %v, want unavailable: %s", tc.req.From, tc.req.To, err, tc.want)
		}
	}
	if f.bookCalls() != books {
		t.Error("a closed network cost a book call")
	}

	// The list fails: the refresh says so, the markets still load, and the
	// last good list stays.
	f.mu.Lock()
	f.networks = nil
	f.mu.Unlock()
	if err := c.Refresh(context.Background()); err == nil || !strings.Contains(err.Error(), "currency list") {
		t.Errorf("Refresh with the currency list failing: %v, want its error", err)
	}
	wantOffer(t, quote(t, c, send(btc, usdtTRX, "1.5")), "1.5", "146.8505", "BTC/USDT",
		"trading 0.1495 usdt@trx", "withdrawal 2.5 usdt@trx")

	// A client that never loaded a list uses the static table.
	f2 := btcusdt(t)
	c2, _ := f2.client(t, withNetworks(fakeSpec()))
	if err := c2.Refresh(context.Background()); err == nil {
		t.Error("Refresh succeeded with the currency list failing")
	}
	wantOffer(t, quote(t, c2, send(btc, usdtTRX, "1.5")), "1.5", "148.3505", "BTC/USDT",
		"trading 0.1495 usdt@trx", "withdrawal 1 usdt@trx")
}

// TestFeeFromListOnly: an asset with no withdrawal fee on record is paid
// out at the live list's fee and refused (unavailable, before any book
// call) while the list names none; paying it in needs no fee of it.
func TestFeeFromListOnly(t *testing.T) {
	listOnly := func() *Spec {
		s := withNetworks(fakeSpec())
		delete(s.WithdrawFees, usdtTRX)
		s.FeeFromListOnly = map[swapscout.Asset]bool{usdtTRX: true}
		return s
	}
	if err := listOnly().Validate(); err != nil {
		t.Fatal(err)
	}
	// No list loaded: refused, with why.
	f := btcusdt(t)
	c, _ := f.client(t, listOnly())
	if err := c.Refresh(context.Background()); err == nil {
		t.Fatal("Refresh succeeded with the currency list failing")
	}
	books := f.bookCalls()
	_, err := c.Quote(context.Background(), send(btc, usdtTRX, "1.5"))
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeUnavailable || !strings.Contains(ve.Msg, "withdrawal fee for USDT on TRC20 is unknown") {
		t.Errorf("pay out without a fee: %v, want unavailable: fee unknown", err)
	}
	if f.bookCalls() != books {
		t.Error("an unknown fee cost a book call")
	}
	if _, err := c.Quote(context.Background(), send(usdtTRX, btc, "500")); err != nil {
		t.Errorf("pay in: %v, want an offer", err)
	}

	// The list names the fee: it is paid out at it.
	f2 := btcusdt(t)
	f2.networks = map[string]string{"USDT TRC20": "2.5 1 1", "BTC BTC": "0.0002 1 1"}
	c2, _ := loaded(t, f2, listOnly())
	wantOffer(t, quote(t, c2, send(btc, usdtTRX, "1.5")), "1.5", "146.8505", "BTC/USDT",
		"trading 0.1495 usdt@trx", "withdrawal 2.5 usdt@trx")
}

// TestFinerThanTheBooks: NEAR has 24 decimals, more than the books work to
// (book.WorkScale): it is walked to 18, both ways, and a receive quote still
// delivers at least what was asked.
func TestFinerThanTheBooks(t *testing.T) {
	near := swapscout.Asset{Ticker: "near", Network: "near"}
	f := newFake(t)
	f.add(fakeMarket{Base: "NEAR", Quote: "USDT"})
	f.setBook("NEARUSDT", []string{"2 100", "1.9 200"}, []string{"2.1 100", "2.2 200"})
	spec := fakeSpec()
	spec.Symbols[near] = Code{"NEAR", "NEAR"}
	spec.WithdrawFees[near] = amt("0.01")
	c, _ := loaded(t, f, spec)
	// Sell 150 NEAR: 100×2 + 50×1.9 = 295; fee 0.1% = 0.295; withdrawal 1.
	wantOffer(t, quote(t, c, send(near, usdtTRX, "150.000000000000000000000001")), "150.000000000000000000000001", "293.705",
		"NEAR/USDT", "trading 0.295 usdt@trx", "withdrawal 1 usdt@trx")
	// Spend 21 USDT: 10 NEAR, less 0.1% (0.01) and the 0.01 withdrawal.
	wantOffer(t, quote(t, c, send(usdtTRX, near, "21")), "21", "9.98", "NEAR/USDT",
		"trading 0.01 near@near", "withdrawal 0.01 near@near")
	for _, want := range []string{"10", "10.000000000000000000000001"} {
		o := quote(t, c, receive(usdtTRX, near, want))
		if o.AmountOut.Cmp(amt(want)) < 0 {
			t.Errorf("receive %s NEAR: out %s", want, o.AmountOut)
		}
	}
}

// TestListBodyCaps: a market list is read up to its spec's cap (4 MiB by
// default), not the 32 MiB every list once had: a longer one, honest-looking
// or hostile, fails as bad_response and the last good list stays; a venue
// whose list is really larger declares its own cap.
func TestListBodyCaps(t *testing.T) {
	f := btcusdt(t)
	padded := func(pad int) {
		f.mu.Lock()
		b, _ := json.Marshal(f.markets)
		f.front = func(w http.ResponseWriter, r *http.Request) bool {
			if r.URL.Path != "/markets" {
				return false
			}
			_, _ = w.Write(b[:1])
			_, _ = w.Write(bytes.Repeat([]byte(" "), pad)) // JSON whitespace: a valid, long list
			_, _ = w.Write(b[1:])
			return true
		}
		f.mu.Unlock()
	}
	c, _ := loaded(t, f, fakeSpec())
	padded(5 << 20) // 5 MB: twice Binance's whole spot list, so not a market list
	if err := c.Refresh(context.Background()); code(err) != swapscout.CodeBadResponse {
		t.Errorf("Refresh of a 5 MB list: %v, want bad_response", err)
	}
	quote(t, c, send(btc, usdtTRX, "1")) // the last good list

	big := fakeSpec()
	big.MarketsMaxBody = 8 << 20
	c, _ = loaded(t, f, big)
	if err := c.Refresh(context.Background()); err != nil {
		t.Errorf("Refresh of a list within the spec's own cap: %v", err)
	}
}
