package swaps_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
)

const (
	splitName    = "split:one+two"
	part2Deposit = "1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2" // a P2PKH vector
)

// newSplitFixture: 3 BTC → ETH split as 2 BTC at "one" (16 ETH a BTC) and
// 1 BTC at "two" (15 ETH a BTC).
func newSplitFixture(t *testing.T) *routeFixture {
	t.Helper()
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "s.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	seq := 0
	f := &routeFixture{
		one: &legVenue{name: "one", deposit: deposit, seq: &seq, rate: swapscout.MustAmount("16")},
		two: &legVenue{name: "two", deposit: part2Deposit, seq: &seq, rate: swapscout.MustAmount("15")},
		now: time.Now(),
	}
	req := swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("3"), Direction: swapscout.Send}
	p1 := f.one.offer(swapscout.QuoteRequest{Amount: swapscout.MustAmount("2")})
	p2 := f.two.offer(swapscout.QuoteRequest{Amount: swapscout.MustAmount("1")})
	split := swapscout.Offer{Venue: splitName, AmountIn: req.Amount, AmountOut: p1.AmountOut.Add(p2.AmountOut), RateType: swapscout.Float,
		CanSwap: true, Parts: []swapscout.Offer{p1, p2}}
	f.quotes = &routeQuotes{quote: &swapscout.Quote{ID: "q1", Request: req, Offers: []swapscout.Offer{split}},
		venues: map[string]*legVenue{"one": f.one, "two": f.two}}
	f.svc = &swaps.Service{
		Quotes: f.quotes, Store: db,
		Swapper: func(v string) (swapscout.Swapper, bool) {
			lv, ok := f.quotes.venues[v]
			return lv, ok
		},
		Now: func() time.Time { return f.now },
	}
	return f
}

func splitRequest(key string) swaps.CreateRequest {
	return swaps.CreateRequest{IdempotencyKey: key, QuoteID: "q1", Venue: splitName, PayoutAddress: payout, RefundAddress: refund}
}

// A split is one swap of one venue order per part, each made as a direct
// swap for its part (re-quoted at its venue, paying out to the user,
// refunding to the user's refund address) with its own deposit address;
// the swap has none of its own, and its amounts are the parts' sums.
func TestCreateSplit(t *testing.T) {
	f := newSplitFixture(t)
	sw, created, err := f.svc.Create(ctx, splitRequest("s1"))
	if err != nil || !created {
		t.Fatalf("Create(split) = %v, %v", created, err)
	}
	if f.one.made != 1 || f.two.made != 2 {
		t.Errorf("orders made: one #%d, two #%d; want part 1 then part 2", f.one.made, f.two.made)
	}
	if got := strings.Join(f.quotes.asked, ","); got != "one,two" {
		t.Errorf("re-quoted at %s; want each part at its venue", got)
	}
	for _, tc := range []struct {
		v      *legVenue
		amount string
	}{{f.one, "2"}, {f.two, "1"}} {
		if l := tc.v.last; l.PayoutAddress != payout || l.RefundAddress != refund || !l.Request.Amount.Equal(swapscout.MustAmount(tc.amount)) || l.Request.To != eth {
			t.Errorf("%s asked with %+v", tc.v.name, l)
		}
	}
	if sw.Venue != splitName || sw.Compose != swapscout.ComposeSplit || sw.DepositAddress != "" || sw.PartsPlanned != 2 || sw.PartsNote != "" ||
		!sw.AmountIn.Equal(swapscout.MustAmount("3")) || !sw.AmountOut.Equal(swapscout.MustAmount("47")) || sw.Status != swapscout.StatusWaiting {
		t.Errorf("split swap = %+v", sw)
	}
	if len(sw.Legs) != 2 || sw.Legs[0].DepositAddress != deposit || sw.Legs[1].DepositAddress != part2Deposit || sw.Legs[1].Parent != sw.ID || sw.Legs[0].ID != sw.ID {
		t.Fatalf("parts = %+v", sw.Legs)
	}
	got, _, err := f.svc.Get(ctx, sw.Legs[1].ID) // from part 2's id too
	if err != nil || got.ID != sw.ID || len(got.Legs) != 2 {
		t.Fatalf("Get(part 2) = %+v, %v", got, err)
	}
	again, created, err := f.svc.Create(ctx, splitRequest("s1"))
	if err != nil || created || again.ID != sw.ID || len(again.Legs) != 2 || f.one.made+f.two.made != 3 {
		t.Errorf("retry = %+v, %v, %v; want the split, no new order", again, created, err)
	}
}

// Every part goes through a direct swap's re-quote guard: a part whose
// venue's rate fell past the slippage is refused like a direct swap.
func TestCreateSplitRequoteGuard(t *testing.T) {
	f := newSplitFixture(t)
	f.one.rate = swapscout.MustAmount("15") // 6.25 % less than shown
	_, _, err := f.svc.Create(ctx, splitRequest("g"))
	if swapscout.ErrorCode(err) != swaps.ERATECHANGED {
		t.Fatalf("Create = %v; want rate_changed", err)
	}
	if f.one.made+f.two.made != 0 {
		t.Errorf("an order was made for a refused split")
	}
	// The key is free again.
	f.one.rate = swapscout.MustAmount("16")
	if _, created, err := f.svc.Create(ctx, splitRequest("g")); err != nil || !created {
		t.Errorf("retry after the refusal = %v, %v", created, err)
	}
}

// A part 2 that cannot be made after part 1 exists: the swap is part 1,
// and it says so, with what to send and what not.
func TestCreateSplitPart2Refused(t *testing.T) {
	f := newSplitFixture(t)
	f.two.fail = &swapscout.VenueError{Code: swapscout.CodeUnsupportedPair, Msg: "pair disabled"}
	sw, created, err := f.svc.Create(ctx, splitRequest("p"))
	if err != nil || !created {
		t.Fatalf("Create = %v, %v; want the part made", created, err)
	}
	if len(sw.Legs) != 1 || sw.Legs[0].DepositAddress != deposit || sw.PartsPlanned != 2 || !sw.AmountIn.Equal(swapscout.MustAmount("2")) {
		t.Errorf("split made in part = %+v (parts %d)", sw, len(sw.Legs))
	}
	for _, want := range []string{"part 2 (two) was not created", "send 2 BTC only", "The other 1 BTC is not part of any swap"} {
		if !strings.Contains(sw.PartsNote, want) {
			t.Errorf("note %q lacks %q", sw.PartsNote, want)
		}
	}
	got, _, err := f.svc.Get(ctx, sw.ID)
	if err != nil || got.PartsNote != sw.PartsNote || len(got.Legs) != 1 {
		t.Errorf("Get = %+v, %v; want the note kept", got, err)
	}
}

// A part 1 that cannot be made leaves nothing: no order, the key free.
func TestCreateSplitPart1Refused(t *testing.T) {
	f := newSplitFixture(t)
	f.one.fail = &swapscout.VenueError{Code: swapscout.CodeUnsupportedPair, Msg: "pair disabled"}
	_, _, err := f.svc.Create(ctx, splitRequest("x"))
	if err == nil || !strings.Contains(swapscout.ErrorMessage(err), "split part 1 (one)") {
		t.Fatalf("Create = %v; want part 1's refusal", err)
	}
	if f.two.made != 0 {
		t.Errorf("part 2 made after part 1 was refused")
	}
	f.one.fail = nil
	if _, created, err := f.svc.Create(ctx, splitRequest("x")); err != nil || !created {
		t.Errorf("retry after a clean refusal = %v, %v", created, err)
	}
}

// Poll follows every part: the split is exchanging while a part is, done
// when every part is over; finished only when all finished, and a refund
// of a part surfaces on the split with its refund.
func TestPollSplit(t *testing.T) {
	for _, tc := range []struct {
		name string
		two  swapscout.SwapUpdate
		want swapscout.SwapStatus
	}{
		{"finished", swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "done", PayoutTx: "p2"}, swapscout.StatusFinished},
		{"refunded", swapscout.SwapUpdate{Status: swapscout.StatusRefunded, VenueStatus: "refunded", RefundTx: "r2", AmountRefunded: swapscout.MustAmount("1")}, swapscout.StatusRefunded},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newSplitFixture(t)
			sw, _, err := f.svc.Create(ctx, splitRequest("poll"))
			if err != nil {
				t.Fatal(err)
			}
			f.one.status = swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "done", PayoutTx: "p1"}
			f.two.status = swapscout.SwapUpdate{Status: swapscout.StatusExchanging, VenueStatus: "exchanging"}
			f.now = f.now.Add(time.Minute)
			if st, err := f.svc.Poll(ctx, sw.ID); err != nil || st.Done {
				t.Fatalf("Poll = %+v, %v; want more to follow", st, err)
			}
			if v, _, _ := f.svc.Get(ctx, sw.ID); v.Status != swapscout.StatusExchanging || v.Legs[0].Status != swapscout.StatusFinished {
				t.Errorf("part 1 finished, part 2 exchanging: split %s, part 1 %s", v.Status, v.Legs[0].Status)
			}
			f.two.status = tc.two
			f.now = f.now.Add(time.Minute)
			if st, err := f.svc.Poll(ctx, sw.ID); err != nil || !st.Done {
				t.Fatalf("Poll = %+v, %v; want done", st, err)
			}
			v, hist, _ := f.svc.Get(ctx, sw.ID)
			if v.Status != tc.want || v.Legs[1].RefundTx != tc.two.RefundTx || !v.AmountRefunded.Equal(tc.two.AmountRefunded) {
				t.Errorf("split %s (refunded %s), part 2 %+v; want %s", v.Status, v.AmountRefunded, v.Legs[1], tc.want)
			}
			if last := hist[len(hist)-1]; last.Status != tc.want || last.Leg != 2 {
				t.Errorf("last event %+v; want part 2's end", last)
			}
		})
	}
}
