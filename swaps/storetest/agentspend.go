package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
)

// RunAgentLedger runs the conformance suite of swapscout.AgentLedger. open
// returns two handles on one fresh store (two instances sharing a database;
// an in-memory ledger returns itself twice): a cap must hold across both.
func RunAgentLedger(t *testing.T, open func(t *testing.T) (a, b swapscout.AgentLedger)) {
	t.Helper()
	t.Run("AgentLedger", func(t *testing.T) {
		for name, fn := range map[string]func(*testing.T, swapscout.AgentLedger, swapscout.AgentLedger){
			"ReserveWithinCap": testReserveWithinCap,
			"KeysAndWindow":    testSpendKeys,
			"SettleRelease":    testSettleRelease,
			"OneCapTwoHandles": testOneCap,
		} {
			t.Run(name, func(t *testing.T) {
				t.Parallel()
				a, b := open(t)
				fn(t, a, b)
			})
		}
	})
}

var spendAt = time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)

func spend(id, grant, asset, amount, usd string, at time.Time) swapscout.AgentSpend {
	sp := swapscout.AgentSpend{ID: id, Grant: grant, At: at, Asset: asset, Amount: swapscout.MustAmount(amount), Venue: "exolix", Receive: "eth@eth"}
	if usd != "" {
		sp.USD = swapscout.MustAmount(usd)
	}
	return sp
}

func reserve(t *testing.T, l swapscout.AgentLedger, sp swapscout.AgentSpend, key, value, limit string) (string, bool) {
	t.Helper()
	spent, ok, err := l.ReserveAgentSpend(context.Background(), sp, key, swapscout.MustAmount(value), swapscout.MustAmount(limit), spendAt.Add(-24*time.Hour))
	if err != nil {
		t.Fatalf("ReserveAgentSpend(%s): %v", sp.ID, err)
	}
	return spent.String(), ok
}

// A spend within the cap is recorded; one beyond it is refused, says what
// was spent, and is not recorded.
func testReserveWithinCap(t *testing.T, l, _ swapscout.AgentLedger) {
	ctx := context.Background()
	if spent, ok := reserve(t, l, spend("r1", "g", "btc@btc", "0.1", "", spendAt), "btc@btc", "0.1", "0.15"); !ok || spent != "0" {
		t.Fatalf("first spend: %s, %v; want recorded after 0", spent, ok)
	}
	if spent, ok := reserve(t, l, spend("r2", "g", "btc@btc", "0.1", "", spendAt), "btc@btc", "0.1", "0.15"); ok || spent != "0.1" {
		t.Fatalf("beyond the cap: %s, %v; want refused after 0.1", spent, ok)
	}
	if spent, ok := reserve(t, l, spend("r3", "g", "btc@btc", "0.05", "", spendAt), "btc@btc", "0.05", "0.15"); !ok || spent != "0.1" {
		t.Fatalf("up to the cap exactly: %s, %v; want recorded", spent, ok)
	}
	got, err := l.AgentSpends(ctx, "g", 10)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, sp := range got {
		ids = append(ids, sp.ID)
	}
	if len(ids) != 2 {
		t.Fatalf("AgentSpends = %v, want r1 and r3 only", ids)
	}
	want := spend("r1", "g", "btc@btc", "0.1", "", spendAt)
	for _, sp := range got {
		if sp.ID == "r1" {
			if diff := cmp.Diff(want, sp, cmp.Comparer(func(a, b swapscout.Amount) bool { return a.Cmp(b) == 0 })); diff != "" {
				t.Errorf("r1 read back (-want +got):\n%s", diff)
			}
		}
	}
	if got, err := l.AgentSpends(ctx, "other", 10); err != nil || len(got) != 0 {
		t.Errorf("another grant's spends = %v, %v; want none", got, err)
	}
}

// A cap on an asset counts that asset's amounts; a cap in dollars counts the
// spends valued in dollars; spends older than the window count no more.
func testSpendKeys(t *testing.T, l, _ swapscout.AgentLedger) {
	ctx := context.Background()
	since := spendAt.Add(-24 * time.Hour)
	for _, sp := range []swapscout.AgentSpend{
		spend("k1", "g", "btc@btc", "0.1", "", spendAt),
		spend("k2", "g", "xmr@xmr", "2", "300", spendAt.Add(-time.Hour)),
		spend("k3", "g", "eth@eth", "1", "2000.5", spendAt.Add(-2*time.Hour)),
		spend("k4", "g", "btc@btc", "5", "", spendAt.Add(-25*time.Hour)), // outside the window
		spend("k5", "h", "btc@btc", "7", "", spendAt),                    // another grant
	} {
		if _, ok := reserve(t, l, sp, "btc@btc", "0", "1000"); !ok {
			t.Fatalf("reserve %s refused", sp.ID)
		}
	}
	for key, want := range map[string]string{"btc@btc": "0.1", "xmr@xmr": "2", swapscout.SpendKeyUSD: "2300.5", "ltc@ltc": "0"} {
		got, err := l.AgentSpent(ctx, "g", key, since)
		if err != nil || got.Cmp(swapscout.MustAmount(want)) != 0 {
			t.Errorf("AgentSpent(g, %s) = %s, %v; want %s", key, got, err, want)
		}
	}
	if list, _ := l.AgentSpends(ctx, "g", 2); len(list) != 2 || list[0].ID != "k1" || list[1].ID != "k2" {
		t.Errorf("AgentSpends(g, 2) = %v, want k1, k2 (newest first)", list)
	}
}

// Settling names the swap; releasing drops the spend from the caps.
func testSettleRelease(t *testing.T, l, _ swapscout.AgentLedger) {
	ctx := context.Background()
	reserve(t, l, spend("s1", "g", "btc@btc", "0.1", "", spendAt), "btc@btc", "0.1", "0.2")
	reserve(t, l, spend("s2", "g", "btc@btc", "0.1", "", spendAt.Add(time.Second)), "btc@btc", "0.1", "0.2")
	if err := l.SettleAgentSpend(ctx, "s1", "swap-one"); err != nil {
		t.Fatal(err)
	}
	if err := l.ReleaseAgentSpend(ctx, "s2"); err != nil {
		t.Fatal(err)
	}
	list, err := l.AgentSpends(ctx, "g", 10)
	if err != nil || len(list) != 1 || list[0].ID != "s1" || list[0].SwapID != "swap-one" {
		t.Fatalf("after settle and release: %+v, %v; want s1 for swap-one only", list, err)
	}
	if _, ok := reserve(t, l, spend("s3", "g", "btc@btc", "0.1", "", spendAt), "btc@btc", "0.1", "0.2"); !ok {
		t.Error("a released spend still counts against the cap")
	}
}

// Spends reserved at once through two handles on one store, for one grant,
// never pass its cap together: exactly as many as fit are recorded.
func testOneCap(t *testing.T, a, b swapscout.AgentLedger) {
	const n, fit = 16, 5
	var wg sync.WaitGroup
	oks := make([]bool, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := a
			if i%2 == 1 {
				l = b
			}
			_, oks[i], errs[i] = l.ReserveAgentSpend(context.Background(), spend(fmt.Sprintf("c%02d", i), "g", "btc@btc", "1", "", spendAt),
				"btc@btc", swapscout.MustAmount("1"), swapscout.MustAmount(fmt.Sprint(fit)), spendAt.Add(-24*time.Hour))
		}()
	}
	wg.Wait()
	got := 0
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("reserve %d: %v", i, errs[i])
		}
		if oks[i] {
			got++
		}
	}
	if got != fit {
		t.Errorf("%d of %d spends of 1 recorded under a cap of %d", got, n, fit)
	}
	if spent, err := b.AgentSpent(context.Background(), "g", "btc@btc", spendAt.Add(-24*time.Hour)); err != nil || spent.Cmp(swapscout.MustAmount(fmt.Sprint(fit))) != 0 {
		t.Errorf("AgentSpent = %s, %v; want %d", spent, err, fit)
	}
}
