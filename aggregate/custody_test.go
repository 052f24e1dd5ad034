package aggregate_test

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

// TestCustodyFilter: Selection.Custody keeps the venues of that custody (a
// venue without one is custodial), and the venues it leaves out are not asked.
func TestCustodyFilter(t *testing.T) {
	var asked [3]atomic.Int32
	count := func(i int, out string) quoterFunc {
		return func(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
			asked[i].Add(1)
			return after(0, out)(ctx, req)
		}
	}
	cust := v("cust", count(0, "2.0"))
	plain := v("plain", count(1, "2.1"))
	plain.Custody = swapscout.Custodial
	chain := v("chain", count(2, "2.2"))
	chain.Custody = swapscout.NonCustodial
	s := &aggregate.Service{Engine: newEngine(t, []aggregate.Venue{cust, plain, chain}, aggregate.Options{})}
	for _, tc := range []struct {
		custody swapscout.Custody
		want    []string
		asked   [3]int32
	}{
		{swapscout.NonCustodial, []string{"chain=non_custodial"}, [3]int32{0, 0, 1}},
		{swapscout.Custodial, []string{"plain=custodial", "cust=custodial"}, [3]int32{1, 1, 1}},
		{"", []string{"chain=non_custodial", "plain=custodial", "cust=custodial"}, [3]int32{2, 2, 2}},
	} {
		q, err := s.Quote(context.Background(), req, aggregate.Selection{Custody: tc.custody}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, o := range q.Offers {
			got = append(got, o.Venue+"="+string(o.Custody))
		}
		if diff := cmp.Diff(tc.want, got); diff != "" {
			t.Errorf("custody=%q: offers (-want +got):\n%s", tc.custody, diff)
		}
		for i := range asked {
			if n := asked[i].Load(); n != tc.asked[i] {
				t.Errorf("custody=%q: venue %d asked %d times in all, want %d", tc.custody, i, n, tc.asked[i])
			}
		}
	}
}

// TestOfferCustodyAndDeposit: the engine sets every offer's custody from its
// venue, overriding what an adapter says, and a deposit kind the adapter
// leaves empty is a plain transfer; a memo venue's kind is kept.
func TestOfferCustodyAndDeposit(t *testing.T) {
	memo := v("memo", quoterFunc(func(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
		return swapscout.Offer{AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2"), Deposit: swapscout.DepositMemo,
			Custody: swapscout.Custodial}, nil
	}))
	memo.Custody = swapscout.NonCustodial
	e := newEngine(t, []aggregate.Venue{memo, v("plain", after(0, "1.9"))}, aggregate.Options{})
	q := e.Quote(context.Background(), req, e.Venues(), nil)
	var got []string
	for _, o := range q.Offers {
		got = append(got, o.Venue+":"+string(o.Custody)+":"+string(o.Deposit))
	}
	if diff := cmp.Diff([]string{"memo:non_custodial:memo", "plain:custodial:transfer"}, got); diff != "" {
		t.Errorf("offers (-want +got):\n%s", diff)
	}
}

// TestCustodyFilterLeavingNone: a custody no venue has asks nobody and
// answers an empty quote at once.
func TestCustodyFilterLeavingNone(t *testing.T) {
	s := &aggregate.Service{Engine: newEngine(t, []aggregate.Venue{v("cust", after(0, "2"))}, aggregate.Options{})}
	q, err := s.Quote(context.Background(), req, aggregate.Selection{Custody: swapscout.NonCustodial}, nil)
	if err != nil || len(q.Offers) != 0 || len(q.Failures) != 0 {
		t.Fatalf("quote %+v, %v; want an empty quote", q, err)
	}
}
