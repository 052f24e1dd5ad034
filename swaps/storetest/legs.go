package storetest

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
)

// testMembers: a route's two legs are stored with their kind, offer, parent
// and place, read back in leg order under the held swap, and the second
// leg's rate check is recorded once.
func testMembers(t *testing.T, st swapscout.SwapStore) {
	ms := capability[swapscout.MemberStore](t, st, "the store keeps no composed swaps")
	held, second := storePair(t, st, swapscout.ComposeRoute, "changenow>usdt@trx>exolix", nil)
	checkPair(t, st, ms, held, second, "leg", "the second leg")
	if none, err := ms.SwapMembers(ctx, second.ID); err != nil || len(none) != 0 {
		t.Errorf("SwapMembers(second leg) = %v, %v; want none", none, err)
	}
	at := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	if marked, err := ms.MarkRateChecked(ctx, second.ID, at, "moved 2 %"); err != nil || !marked {
		t.Fatalf("MarkRateChecked = %v, %v; want marked", marked, err)
	}
	if marked, err := ms.MarkRateChecked(ctx, second.ID, at.Add(time.Hour), "again"); err != nil || marked {
		t.Errorf("second MarkRateChecked = %v, %v; want kept as first recorded", marked, err)
	}
	got, err := st.Swap(ctx, second.ID)
	if err != nil {
		t.Fatal(err)
	}
	if !got.RateCheckedAt.Equal(at) || got.RateMoved != "moved 2 %" {
		t.Errorf("rate check read back = %v %q; want %v %q", got.RateCheckedAt, got.RateMoved, at, "moved 2 %")
	}
}

// testSplitParts: a split's parts are stored under the held swap, which
// keeps how many parts its offer had and, noted later, why fewer exist.
func testSplitParts(t *testing.T, st swapscout.SwapStore) {
	ms := capability[swapscout.MemberStore](t, st, "the store keeps no composed swaps")
	held, second := storePair(t, st, swapscout.ComposeSplit, "split:changenow+exolix+fixedfloat", func(held *swapscout.Swap) { held.PartsPlanned = 3 })
	const note = "part 3 (fixedfloat) was not created: the venue refused the amount"
	if err := ms.NoteParts(ctx, held.ID, note); err != nil {
		t.Fatal(err)
	}
	held.PartsNote = note
	checkPair(t, st, ms, held, second, "part", "part 2")
	if err := ms.NoteParts(ctx, swapscout.NewSwapID(), note); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
		t.Errorf("NoteParts(no such swap) = %v, want ENOTFOUND", err)
	}
}

// storePair stores a composed swap of two members (held, and second naming
// it as its parent), each reserved and then completed in the order the
// swap service creates them: a route's second leg before its first, a
// split's parts in order. edit, when set, changes held before it is stored.
func storePair(t *testing.T, st swapscout.SwapStore, kind swapscout.Composition, composite string, edit func(held *swapscout.Swap)) (held, second *swapscout.Swap) {
	t.Helper()
	held, second = Sample(), Sample()
	for i, s := range []*swapscout.Swap{held, second} {
		s.Compose, s.Composite, s.Leg = kind, composite, i+1
	}
	if edit != nil {
		edit(held)
	}
	second.Parent = held.ID
	mustReserve(t, st, held)
	mustReserve(t, st, second)
	order := []*swapscout.Swap{held, second}
	if kind == swapscout.ComposeRoute {
		order[0], order[1] = second, held
	}
	for _, s := range order {
		complete(s)
		if err := st.CompleteSwap(ctx, s); err != nil {
			t.Fatal(err)
		}
	}
	return held, second
}

// checkPair reads held back, and second as its only member; member names
// what the members are ("leg", "part"), and secondName the second.
func checkPair(t *testing.T, st swapscout.SwapStore, ms swapscout.MemberStore, held, second *swapscout.Swap, member, secondName string) {
	t.Helper()
	mustReadBack(t, st, held, "held "+member)
	members, err := ms.SwapMembers(ctx, held.ID)
	if err != nil || len(members) != 1 {
		t.Fatalf("SwapMembers(held) = %v, %v; want %s", members, err, secondName)
	}
	if diff := cmp.Diff(second, members[0], cmpSwap); diff != "" {
		t.Errorf("%s read back (-want +got):\n%s", secondName, diff)
	}
}
