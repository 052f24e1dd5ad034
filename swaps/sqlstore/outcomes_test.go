package sqlstore_test

import (
	"context"
	"maps"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/storetest"
)

func testOutcomes(t *testing.T, db *sqlstore.DB) {
	ctx := context.Background()
	t0 := time.Now().Add(-time.Hour).Truncate(time.Millisecond)
	mk := func(venue, promised string, steps ...swapscout.SwapUpdate) string {
		s := storetest.Sample()
		s.Venue = venue
		if _, err := db.ReserveSwap(ctx, s); err != nil {
			t.Fatal(err)
		}
		s.VenueOrder, s.DepositAddress, s.PromisedOut = swapscout.OrderRef{ID: "o-" + s.ID}, "dep", swapscout.MustAmount(promised)
		if err := db.CompleteSwap(ctx, s); err != nil {
			t.Fatal(err)
		}
		for i, u := range steps {
			if _, err := db.UpdateSwap(ctx, s.ID, u, t0.Add(time.Duration(i)*time.Minute)); err != nil {
				t.Fatal(err)
			}
		}
		return s.ID
	}
	fin := swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "done", AmountReceived: swapscout.MustAmount("9.9")}
	mk("changenow", "10",
		swapscout.SwapUpdate{Status: swapscout.StatusConfirming, VenueStatus: "c"},
		swapscout.SwapUpdate{Status: swapscout.StatusExchanging, VenueStatus: "e"},
		fin)
	mk("changenow", "10", swapscout.SwapUpdate{Status: swapscout.StatusSending, VenueStatus: "s"}) // open: not counted
	mk("exolix", "5", swapscout.SwapUpdate{Status: swapscout.StatusFailed, VenueStatus: "f"})      // failed: not counted
	mk("exolix", "10", fin)                                                                        // no deposit seen
	doubted := fin
	doubted.AmountReceived, doubted.ReceivedDoubt = swapscout.MustAmount("9900"), "implausibly more than the 10 promised"
	mk("quickex", "10", doubted) // finished, its amount not believed
	// Held for verification, then let through; and held, still open.
	mk("changenow", "10", swapscout.SwapUpdate{Status: swapscout.StatusHeld, VenueStatus: "verifying"},
		swapscout.SwapUpdate{Status: swapscout.StatusExchanging, VenueStatus: "exchanging"}, fin)
	mk("stealthex", "10", swapscout.SwapUpdate{Status: swapscout.StatusHeld, VenueStatus: "verifying"})
	all, err := db.Outcomes(ctx, t0.Add(-time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	var got []swapscout.SwapOutcome
	held := map[string]int{}
	for _, o := range all {
		if o.Held {
			held[o.Venue+" "+string(o.Status)]++
			continue
		}
		got = append(got, o)
	}
	if want := map[string]int{"changenow finished": 1, "stealthex held": 1}; !maps.Equal(held, want) {
		t.Errorf("held outcomes %v; want %v", held, want)
	}
	if acc := swapscout.Accuracy(all); acc["changenow"].Held != 1 || acc["stealthex"].Held != 1 || acc["changenow"].Count != 2 {
		t.Errorf("Accuracy = %+v; want one held swap at each venue, two changenow swaps counted", acc)
	}
	if len(got) != 3 {
		t.Fatalf("Outcomes = %+v; want the three finished swaps", got)
	}
	for _, o := range got {
		if o.Venue == "quickex" {
			// The doubted claim reads as unknown: it never counts.
			if !o.Received.IsZero() || !o.PaidAt.Equal(t0) {
				t.Errorf("doubted outcome %+v: want no amount received, its payout time kept", o)
			}
			continue
		}
		if o.Received.Cmp(swapscout.MustAmount("9.9")) != 0 || o.Promised.Cmp(swapscout.MustAmount("10")) != 0 {
			t.Errorf("outcome %+v: amounts", o)
		}
		switch o.Venue {
		case "changenow":
			if !o.DepositAt.Equal(t0) || o.PaidAt.Sub(o.DepositAt) != 2*time.Minute {
				t.Errorf("changenow outcome %+v: deposit at t0, paid 2 minutes later", o)
			}
		case "exolix":
			if !o.DepositAt.IsZero() || !o.PaidAt.Equal(t0) {
				t.Errorf("exolix outcome %+v: no deposit time, paid at t0", o)
			}
		}
	}
	if open, err := db.OpenSwaps(ctx); err != nil || len(open) != 2 {
		t.Errorf("OpenSwaps = %v, %v; want the sending swap and the held one", open, err)
	}
	if got, _ := db.Outcomes(ctx, time.Now().Add(time.Hour)); len(got) != 0 {
		t.Errorf("outcomes after the window's start: %+v", got)
	}
}

func TestOutcomesSQLite(t *testing.T) { testOutcomes(t, openSQLite(t)) }

func TestOutcomesPostgres(t *testing.T) {
	db, err := sqlstore.OpenPostgres(context.Background(), pgtest.URL(t), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	testOutcomes(t, db)
}

// testArrived: what a swap shows is what arrived. The swap's slippage is
// kept; a refund's transaction and amount are recorded like the payout's
// (and kept when a later answer leaves them out); a swap is marked late
// once, with an event that carries its status, and never once it is over.
func testArrived(t *testing.T, db *sqlstore.DB) {
	ctx := context.Background()
	t0 := time.Now().Truncate(time.Millisecond).UTC()
	s := storetest.Sample()
	s.MaxSlippage = swapscout.MustAmount("0.02")
	if _, err := db.ReserveSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	s.VenueOrder, s.DepositAddress = swapscout.OrderRef{ID: "o-" + s.ID}, "dep"
	if err := db.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	step := func(i int, u swapscout.SwapUpdate) {
		t.Helper()
		if _, err := db.UpdateSwap(ctx, s.ID, u, t0.Add(time.Duration(i)*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	step(1, swapscout.SwapUpdate{Status: swapscout.StatusConfirming, VenueStatus: "confirming", DepositTx: "in"})
	if marked, err := db.MarkLate(ctx, s.ID, t0.Add(90*time.Minute), 42*time.Minute, 12); err != nil || !marked {
		t.Fatalf("MarkLate = %v, %v; want marked", marked, err)
	}
	if marked, err := db.MarkLate(ctx, s.ID, t0.Add(91*time.Minute), time.Minute, 0); err != nil || marked {
		t.Errorf("MarkLate again = %v, %v; want nothing marked", marked, err)
	}
	step(2, swapscout.SwapUpdate{Status: swapscout.StatusRefunding, VenueStatus: "refunding", RefundTx: "back"})
	changed, err := db.UpdateSwap(ctx, s.ID, swapscout.SwapUpdate{Status: swapscout.StatusRefunding, VenueStatus: "refunding",
		AmountRefunded: swapscout.MustAmount("0.4999")}, t0.Add(3*time.Minute))
	if err != nil || !changed {
		t.Fatalf("UpdateSwap with the refunded amount alone = %v, %v; want a change", changed, err)
	}
	step(4, swapscout.SwapUpdate{Status: swapscout.StatusRefunded, VenueStatus: "refunded"})
	got, err := db.Swap(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.MaxSlippage.Cmp(swapscout.MustAmount("0.02")) != 0 || got.RefundTx != "back" || got.AmountRefunded.Cmp(swapscout.MustAmount("0.4999")) != 0 {
		t.Errorf("swap read back: slippage %s, refund %q %s; want 0.02, back 0.4999", got.MaxSlippage, got.RefundTx, got.AmountRefunded)
	}
	if !got.LateAt.Equal(t0.Add(90*time.Minute)) || got.UsualTime != 42*time.Minute || got.UsualBasis != 12 {
		t.Errorf("swap read back: late at %v, usual %s from %d; want %v, 42m from 12", got.LateAt, got.UsualTime, got.UsualBasis, t0.Add(90*time.Minute))
	}
	evs, err := db.SwapEvents(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	var late []swapscout.SwapEvent
	for _, ev := range evs {
		if ev.Late {
			late = append(late, ev)
		}
	}
	if len(late) != 1 || late[0].Status != swapscout.StatusConfirming || late[0].VenueStatus != "confirming" || len(evs) != 5 {
		t.Errorf("events %+v; want waiting, confirming, the late mark (confirming), refunding, refunded", evs)
	}
	// Over: never marked late.
	s2 := storetest.Sample()
	if _, err := db.ReserveSwap(ctx, s2); err != nil {
		t.Fatal(err)
	}
	s2.VenueOrder, s2.DepositAddress = swapscout.OrderRef{ID: "o-" + s2.ID}, "dep"
	if err := db.CompleteSwap(ctx, s2); err != nil {
		t.Fatal(err)
	}
	if _, err := db.UpdateSwap(ctx, s2.ID, swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "done"}, t0); err != nil {
		t.Fatal(err)
	}
	if marked, err := db.MarkLate(ctx, s2.ID, t0.Add(time.Hour), time.Minute, 0); err != nil || marked {
		t.Errorf("MarkLate of a finished swap = %v, %v; want nothing marked", marked, err)
	}
	// Made without a slippage: read back as zero (the default applies).
	if r, err := db.Swap(ctx, s2.ID); err != nil || !r.MaxSlippage.IsZero() {
		t.Errorf("swap without a slippage reads %v, %v; want zero", r.MaxSlippage, err)
	}
}

func TestArrivedSQLite(t *testing.T) { testArrived(t, openSQLite(t)) }

func TestArrivedPostgres(t *testing.T) {
	db, err := sqlstore.OpenPostgres(context.Background(), pgtest.URL(t), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	testArrived(t, db)
}
