package sim

import (
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

func orderServer(t *testing.T, cfg Config) (*Server, *clock) {
	c := newClock()
	cfg.Now = c.Now
	return newServer(t, cfg, map[string]Venue{"a": fakeVenue(swapProfile, nil)}), c
}

var orderSpec = OrderSpec{Quote: QuoteSpec{From: btc, To: eth, Amount: amt("0.5")}, PayoutAddress: "0xabc", Expiry: 20 * time.Minute}

func TestOrderLifecycle(t *testing.T) {
	s, c := orderServer(t, Config{Seed: 3, SwapStage: time.Second, PayoutSpread: 0.002})
	x := s.Exchange("a")
	o, err := x.CreateOrder(orderSpec)
	if err != nil {
		t.Fatal(err)
	}
	q, _ := x.Quote(orderSpec.Quote)
	if o.Stage != StageWaiting || !o.AmountIn.Equal(q.AmountIn) || !o.AmountOut.Equal(q.AmountOut) || o.DepositAddress == "" {
		t.Fatalf("created %+v, want waiting with the quote's amounts and a deposit address", o)
	}
	if !o.ExpiresAt.Equal(c.Now().Add(20 * time.Minute)) {
		t.Errorf("expires %v, want 20m after creation", o.ExpiresAt)
	}
	c.Add(time.Minute)
	if o, _ := x.Order(o.ID); o.Stage != StageWaiting {
		t.Errorf("unpaid order after 1m: %v, want waiting", o.Stage)
	}
	if _, err := x.PayOrder(o.ID, amt("0")); err != nil {
		t.Fatal(err)
	}
	if _, err := x.PayOrder(o.ID, amt("0")); err != ErrNotPayable {
		t.Errorf("second payment: %v, want ErrNotPayable", err)
	}
	var seen []Stage
	for range 20 {
		got, _ := x.Order(o.ID)
		if len(seen) == 0 || seen[len(seen)-1] != got.Stage {
			seen = append(seen, got.Stage)
		}
		if got.Stage == StageFinished {
			want := got.AmountOut.Mul(amt("0.998")).Round(18, 0)
			if !got.AmountSent.Equal(want) || got.PayoutTx == "" || got.DepositTx == "" {
				t.Errorf("finished: sent %v (want %v) payout tx %q deposit tx %q", got.AmountSent, want, got.PayoutTx, got.DepositTx)
			}
			break
		}
		c.Add(300 * time.Millisecond)
	}
	want := []Stage{StageConfirming, StageExchanging, StageSending, StageFinished}
	if len(seen) != len(want) {
		t.Fatalf("stages %v, want %v", seen, want)
	}
	for i := range want {
		if seen[i] != want[i] {
			t.Fatalf("stages %v, want %v", seen, want)
		}
	}
	if _, err := x.Order("nope"); err != ErrNoOrder {
		t.Errorf("Order(nope) = %v, want ErrNoOrder", err)
	}
}

func TestOrderExpiresAndAutoPay(t *testing.T) {
	s, c := orderServer(t, Config{Seed: 3})
	x := s.Exchange("a")
	o, _ := x.CreateOrder(orderSpec)
	c.Add(20 * time.Minute)
	if got, _ := x.Order(o.ID); got.Stage != StageExpired {
		t.Errorf("unpaid after its expiry: %v, want expired", got.Stage)
	}
	if _, err := x.PayOrder(o.ID, amt("0")); err != ErrNotPayable {
		t.Errorf("paying an expired order: %v", err)
	}

	s, c = orderServer(t, Config{Seed: 3, AutoPay: 5 * time.Second, SwapStage: time.Second})
	x = s.Exchange("a")
	o, _ = x.CreateOrder(orderSpec)
	c.Add(4 * time.Second)
	if got, _ := x.Order(o.ID); got.Stage != StageWaiting {
		t.Errorf("before AutoPay: %v", got.Stage)
	}
	c.Add(time.Second)
	if got, _ := x.Order(o.ID); got.Stage != StageConfirming || !got.AmountPaid.Equal(o.AmountIn) {
		t.Errorf("at AutoPay: %v paid %v", got.Stage, got.AmountPaid)
	}
	c.Add(time.Minute)
	if got, _ := x.Order(o.ID); got.Stage != StageFinished || !got.AmountSent.Equal(got.AmountOut) {
		t.Errorf("a minute later: %v sent %v of %v (no spread configured)", got.Stage, got.AmountSent, got.AmountOut)
	}
}

// TestOrderOutcomes checks that outcome rates give roughly their share and
// that the same seed gives the same outcomes.
func TestOrderOutcomes(t *testing.T) {
	run := func() map[Stage]int {
		s, c := orderServer(t, Config{Seed: 9, AutoPay: time.Second, SwapStage: time.Second,
			SwapFailRate: 0.2, SwapRefundRate: 0.2, SwapExpireRate: 0.2})
		x := s.Exchange("a")
		var ids []string
		for range 200 {
			o, err := x.CreateOrder(orderSpec)
			if err != nil {
				t.Fatal(err)
			}
			ids = append(ids, o.ID)
		}
		c.Add(time.Hour)
		n := map[Stage]int{}
		for _, id := range ids {
			o, _ := x.Order(id)
			n[o.Stage]++
			if o.Stage == StageRefunded && (!o.AmountRefunded.Equal(o.AmountIn) || !o.AmountSent.IsZero()) {
				t.Errorf("refund of %v: refunded %v sent %v", o.AmountIn, o.AmountRefunded, o.AmountSent)
			}
		}
		return n
	}
	a, b := run(), run()
	for st, want := range map[Stage]int{StageFinished: 80, StageFailed: 40, StageRefunded: 40, StageExpired: 40} {
		if a[st] < want/2 || a[st] > want*3/2 {
			t.Errorf("%v: %d of 200, want about %d (%v)", st, a[st], want, a)
		}
		if a[st] != b[st] {
			t.Errorf("same seed, different outcomes: %v vs %v", a, b)
		}
	}
}

func TestPayEndpoint(t *testing.T) {
	c := newClock()
	s := startServer(t, Config{Seed: 1, Now: c.Now}, map[string]Venue{"a": fakeVenue(swapProfile, nil)})
	o, err := s.Exchange("a").CreateOrder(orderSpec)
	if err != nil {
		t.Fatal(err)
	}
	cl := newClient(t)
	post := func(path, ct, body string) (int, string) {
		resp, err := cl.Post(s.URL()+path, ct, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, tc := range []struct {
		path, ct, body string
		want           int
	}{
		{"/_sim/pay/a/nope", "", "", http.StatusNotFound},
		{"/_sim/pay/zz/" + o.ID, "", "", http.StatusNotFound},
		{"/_sim/pay/a/" + o.ID, "application/json", `{"amount":"-1"}`, http.StatusBadRequest},
		{"/_sim/pay/a/" + o.ID, "application/x-www-form-urlencoded", "amount=abc", http.StatusBadRequest},
		{"/_sim/pay/a/" + o.ID, "application/json", `{"amount":"0.4"}`, http.StatusOK},
		{"/_sim/pay/a/" + o.ID, "", "", http.StatusConflict},
	} {
		if code, body := post(tc.path, tc.ct, tc.body); code != tc.want {
			t.Errorf("POST %s %s: %d %s, want %d", tc.path, tc.body, code, body, tc.want)
		}
	}
	got, _ := s.Exchange("a").Order(o.ID)
	if !got.AmountPaid.Equal(amt("0.4")) {
		t.Errorf("paid %v, want 0.4", got.AmountPaid)
	}
	if resp, _ := get(t, cl, s.URL()+"/_sim/pay/a/"+o.ID); resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("GET pay: %d", resp.StatusCode)
	}
	if _, err := New(Config{SwapFailRate: 0.7, SwapRefundRate: 0.5}, nil); err == nil {
		t.Error("outcome rates summing over 1 accepted")
	}
}

// TestOrderStagesFollowVenueLatency checks that a slow venue's orders take
// longer than a fast one's.
func TestOrderStagesFollowVenueLatency(t *testing.T) {
	c := newClock()
	fast, slow := swapProfile, swapProfile
	fast.Latency, slow.Latency = 100*time.Millisecond, 900*time.Millisecond
	s := newServer(t, Config{Seed: 5, SwapStage: time.Second, Now: c.Now},
		map[string]Venue{"fast": fakeVenue(fast, nil), "slow": fakeVenue(slow, nil)})
	took := func(id string) time.Duration {
		x := s.Exchange(id)
		var total time.Duration
		for range 10 {
			o, err := x.CreateOrder(orderSpec)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := x.PayOrder(o.ID, amt("0")); err != nil {
				t.Fatal(err)
			}
			c.Add(time.Hour)
			o, _ = x.Order(o.ID)
			total += o.UpdatedAt.Sub(o.PaidAt)
		}
		return total
	}
	if f, sl := took("fast"), took("slow"); sl < 2*f {
		t.Errorf("slow venue's orders took %v, fast %v: want the slow ones much longer", sl, f)
	}
}

// TestOrdersBounded checks that a venue forgets its oldest orders past
// MaxOrders.
func TestOrdersBounded(t *testing.T) {
	defer func(n int) { MaxOrders = n }(MaxOrders)
	MaxOrders = 3
	s, _ := orderServer(t, Config{Seed: 1})
	x := s.Exchange("a")
	var ids []string
	for range 5 {
		o, err := x.CreateOrder(orderSpec)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, o.ID)
	}
	for i, id := range ids {
		_, err := x.Order(id)
		if gone := err == ErrNoOrder; gone != (i < 2) {
			t.Errorf("order %d: err %v, want forgotten only for the two oldest", i, err)
		}
	}
}
