package swaps_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
)

// cancellingSwapper is a fakeSwapper with a cancel call, recording what it
// cancelled.
type cancellingSwapper struct {
	*fakeSwapper
	mu        sync.Mutex
	cancelled []string
}

func (c *cancellingSwapper) CancelSwap(_ context.Context, ref swapscout.OrderRef) error {
	id := ref.ID
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cancelled = append(c.cancelled, id)
	return nil
}

var _ swapscout.SwapCanceller = (*cancellingSwapper)(nil)

// TestBadAnswers: every created order whose amounts, deposit address, memo,
// id or expiry cannot be true is refused, whatever the venue: the client
// gets 502 venue_bad_answer naming what was wrong, no swap it could pay
// exists (Get does not find it), the venue's order is kept for the operator
// with its public id and cancelled where the venue can, and a retry with the
// same key gets the same answer without a second order.
func TestBadAnswers(t *testing.T) {
	amt := swapscout.MustAmount
	for _, tc := range []struct {
		name string
		dir  swapscout.Direction
		edit func(*swapscout.SwapOrder)
		want string // in the message
	}{
		{"send: amount in x1000", swapscout.Send, func(o *swapscout.SwapOrder) { o.AmountIn = amt("500") }, "asks 500 BTC, not the 0.5 BTC quoted"},
		{"send: amount in doubled (wrong echo)", swapscout.Send, func(o *swapscout.SwapOrder) { o.AmountIn = amt("1") }, "not the 0.5 BTC quoted"},
		{"send: amount out x1e12", swapscout.Send, func(o *swapscout.SwapOrder) { o.AmountOut = amt("10000000000000") }, "implausibly more"},
		{"send: amount out x1000", swapscout.Send, func(o *swapscout.SwapOrder) { o.AmountOut = amt("10000") }, "implausibly more"},
		{"send: amount out negative", swapscout.Send, func(o *swapscout.SwapOrder) { o.AmountOut = amt("-10") }, "must be positive"},
		{"send: amount in less than the slippage allows", swapscout.Send, func(o *swapscout.SwapOrder) { o.AmountIn = amt("0.49") }, "asks 0.49 BTC, not the 0.5 BTC quoted"},
		{"send: amount in negative", swapscout.Send, func(o *swapscout.SwapOrder) { o.AmountIn = amt("-0.5") }, "must be positive"},
		{"send: promise beyond the slippage", swapscout.Send, func(o *swapscout.SwapOrder) { o.AmountOut = amt("9.9") }, "less than the 10 ETH shown allows"},
		{"send: more decimals than bitcoin has", swapscout.Send, func(o *swapscout.SwapOrder) { o.AmountIn = amt("0.500000001") }, "more decimals than BTC has"},
		{"receive: amount in x1000", swapscout.Receive, func(o *swapscout.SwapOrder) { o.AmountIn = amt("500") }, "more than the 0.5 BTC shown allows"},
		{"receive: amount in a thousandth", swapscout.Receive, func(o *swapscout.SwapOrder) { o.AmountIn = amt("0.0005") }, "implausibly less"},
		{"receive: amount out short of the ask", swapscout.Receive, func(o *swapscout.SwapOrder) { o.AmountOut = amt("9") }, "less than the 10 ETH asked"},
		{"receive: amount out x1000", swapscout.Receive, func(o *swapscout.SwapOrder) { o.AmountOut = amt("10000") }, "implausibly more"},
		{"deposit address HTML", swapscout.Send, func(o *swapscout.SwapOrder) { o.DepositAddress = `<a href="https://evil.example">pay here</a>` }, "deposit address fails the checks of Bitcoin"},
		{"deposit address of another network", swapscout.Send, func(o *swapscout.SwapOrder) { o.DepositAddress = payout }, "deposit address fails the checks of Bitcoin"},
		{"deposit address bad checksum", swapscout.Send, func(o *swapscout.SwapOrder) { o.DepositAddress = deposit[:len(deposit)-1] + "4" }, "checksum"},
		{"memo on a network without", swapscout.Send, func(o *swapscout.SwapOrder) { o.DepositMemo = "12345" }, "memo"},
		{"no order id", swapscout.Send, func(o *swapscout.SwapOrder) { o.Ref.ID = "" }, "no order id"},
		{"order id with a line break", swapscout.Send, func(o *swapscout.SwapOrder) { o.Ref.ID = "ord\n<script>" }, "order id"},
		{"no deposit address", swapscout.Send, func(o *swapscout.SwapOrder) { o.DepositAddress = "" }, "no deposit address"},
		{"expiry overflowed into the past", swapscout.Send, func(o *swapscout.SwapOrder) { o.ExpiresAt = time.Unix(-9223372036, 0) }, "deposit window ends"},
		{"expiry a decade ahead", swapscout.Send, func(o *swapscout.SwapOrder) { o.ExpiresAt = time.Now().AddDate(10, 0, 0) }, "deposit window ends"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, tc.dir)
			f.swapper.edit = tc.edit
			c := &cancellingSwapper{fakeSwapper: f.swapper}
			f.svc.Swapper = func(string) (swapscout.Swapper, bool) { return c, true }
			if tc.dir == swapscout.Receive {
				// A receive of 10 ETH, shown as 0.5 BTC in for 10 ETH out
				// (the fixture's offer), fresh the same.
				f.quotes.quote.Request.Amount = amt("10")
			}
			sw, _, err := f.svc.Create(ctx, request("k"))
			if swapscout.ErrorCode(err) != swapscout.EBADANSWER {
				t.Fatalf("Create = %+v, %v; want %s", sw, err, swapscout.EBADANSWER)
			}
			if msg := swapscout.ErrorMessage(err); !strings.Contains(msg, tc.want) || !strings.Contains(msg, "must not be paid") {
				t.Errorf("message %q; want it to say %q and that the order must not be paid", msg, tc.want)
			}
			rec, kerr := f.db.SwapByKey(ctx, "k")
			if kerr != nil || rec.Created() || rec.Creation != swapscout.CreateRefused || rec.CreateNote == "" || rec.DepositAddress != "" {
				t.Fatalf("record = %+v, %v; want a refused reservation without a deposit address", rec, kerr)
			}
			if _, _, err := f.svc.Get(ctx, rec.ID); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
				t.Errorf("Get of the refused swap = %v; want not found", err)
			}
			_, _, again := f.svc.Create(ctx, request("k"))
			if swapscout.ErrorCode(again) != swapscout.EBADANSWER || swapscout.ErrorMessage(again) != swapscout.ErrorMessage(err) {
				t.Errorf("retry = %v; want the same refusal", again)
			}
			f.svc.Wait()
			if n := f.swapper.creates.Load(); n != 1 {
				t.Errorf("%d orders at the venue; want 1", n)
			}
			c.mu.Lock()
			defer c.mu.Unlock()
			switch {
			case tc.name == "no order id" || tc.name == "order id with a line break":
				if len(c.cancelled) != 0 {
					t.Errorf("cancelled %q; an order without a usable id cannot be cancelled", c.cancelled)
				}
			case len(c.cancelled) != 1 || c.cancelled[0] != "ord-1":
				t.Errorf("cancelled %q; want the venue's order ord-1 cancelled once", c.cancelled)
			}
		})
	}
}

// TestGoodAnswers: what an honest venue answers passes: amounts left out
// are the offer's, a promise with more decimals than the asset has is
// rounded down, a better promise within reason and an expiry within a
// minute of skew are kept.
func TestGoodAnswers(t *testing.T) {
	amt := swapscout.MustAmount
	for _, tc := range []struct {
		name    string
		edit    func(*swapscout.SwapOrder)
		in, out string
	}{
		{"as offered", func(o *swapscout.SwapOrder) {}, "0.5", "10"},
		{"amounts left out", func(o *swapscout.SwapOrder) { o.AmountIn, o.AmountOut = swapscout.Amount{}, swapscout.Amount{} }, "0.5", "10"},
		{"echo with trailing zeros", func(o *swapscout.SwapOrder) { o.AmountIn = amt("0.50000000") }, "0.5", "10"},
		{"amount in rounded down by a venue that fixes the amount received", func(o *swapscout.SwapOrder) { o.AmountIn = amt("0.49999999") }, "0.49999999", "10"},
		{"promise rounded to the asset", func(o *swapscout.SwapOrder) { o.AmountOut = amt("10.0000000000000000019") }, "0.5", "10.000000000000000001"},
		{"a little better", func(o *swapscout.SwapOrder) { o.AmountOut = amt("10.2") }, "0.5", "10.2"},
		{"within the slippage", func(o *swapscout.SwapOrder) { o.AmountOut = amt("9.96") }, "0.5", "9.96"},
		{"expiry a few seconds past", func(o *swapscout.SwapOrder) { o.ExpiresAt = time.Now().Add(-10 * time.Second) }, "0.5", "10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, swapscout.Send)
			f.swapper.edit = tc.edit
			sw, created, err := f.svc.Create(ctx, request("k"))
			if err != nil || !created {
				t.Fatalf("Create = %v, %v", created, err)
			}
			if sw.PromisedIn.Cmp(amt(tc.in)) != 0 || sw.PromisedOut.Cmp(amt(tc.out)) != 0 {
				t.Errorf("promised %s → %s; want %s → %s", sw.PromisedIn, sw.PromisedOut, tc.in, tc.out)
			}
		})
	}
}

// TestCheckUpdate: an amount received far from the promise either way (a
// misread unit), negative, or finer than the asset is kept with a doubt; a
// plausible one, or none, passes untouched.
func TestCheckUpdate(t *testing.T) {
	amt := swapscout.MustAmount
	sw := &swapscout.Swap{To: eth, AmountOut: amt("2.01"), PromisedOut: amt("2.01")}
	for _, tc := range []struct {
		received string
		doubt    bool
	}{
		{"0", false}, {"2.01", false}, {"1.98", false}, {"2.2", false}, {"0.5", false},
		{"2007.96", true}, {"2010000000000", true}, {"-2.01", true}, {"0.002", true},
		{"2.0100000000000000001", true},
	} {
		u, doubt := swaps.CheckUpdate(sw, swapscout.SwapUpdate{Status: swapscout.StatusFinished, AmountReceived: amt(tc.received)})
		if (doubt != "") != tc.doubt || u.ReceivedDoubt != doubt {
			t.Errorf("received %s: doubt %q (update %q); want doubt %v", tc.received, doubt, u.ReceivedDoubt, tc.doubt)
		}
		if u.AmountReceived.Cmp(amt(tc.received)) != 0 {
			t.Errorf("received %s: recorded %s; the venue's claim is kept", tc.received, u.AmountReceived)
		}
	}
	// Without a promise (an old record) nothing can be judged but the sign.
	if _, doubt := swaps.CheckUpdate(&swapscout.Swap{To: eth}, swapscout.SwapUpdate{AmountReceived: amt("5000")}); doubt != "" {
		t.Errorf("no promise: doubt %q", doubt)
	}
}

func TestSaneExpiry(t *testing.T) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		at   time.Time
		want bool
	}{
		{now.Add(30 * time.Minute), true}, {now.Add(-30 * time.Second), true}, {now.Add(7 * 24 * time.Hour), true},
		{now.Add(-2 * time.Minute), false}, {now.AddDate(1, 0, 0), false}, {time.Unix(-9223372036, 0), false}, {time.Time{}, false},
	} {
		if got := swaps.SaneExpiry(tc.at, now); got != tc.want {
			t.Errorf("SaneExpiry(%s) = %v; want %v", tc.at, got, tc.want)
		}
	}
}

// lateCanceller cancels only when asked a second time: a venue that cancels
// orders of some age only (SideShift: 5 minutes).
type lateCanceller struct {
	*fakeSwapper
	mu    sync.Mutex
	tries int
}

func (c *lateCanceller) CancelSwap(context.Context, swapscout.OrderRef) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tries++
	if c.tries == 1 {
		return &swapscout.VenueError{Code: "bad_request", Msg: "Orders can only be cancelled after 5 minutes.", RetryAfter: 10 * time.Millisecond}
	}
	return nil
}

// TestCancelAskedAgain: a refused order the venue will not cancel yet is
// asked again once, when the venue said.
func TestCancelAskedAgain(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	f.swapper.edit = func(o *swapscout.SwapOrder) { o.AmountIn = swapscout.MustAmount("500") }
	c := &lateCanceller{fakeSwapper: f.swapper}
	f.svc.Swapper = func(string) (swapscout.Swapper, bool) { return c, true }
	if _, _, err := f.svc.Create(ctx, request("k")); swapscout.ErrorCode(err) != swapscout.EBADANSWER {
		t.Fatalf("Create = %v", err)
	}
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		f.svc.Wait()
		c.mu.Lock()
		n := c.tries
		c.mu.Unlock()
		if n == 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d cancel calls; want the second after the venue's wait", n)
		}
	}
}
