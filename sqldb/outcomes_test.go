package sqldb_test

import (
	"context"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/sqldb"
	"github.com/swapscout/swapscout/swaptest"
)

func testOutcomes(t *testing.T, db *sqldb.DB) {
	ctx := context.Background()
	t0 := time.Now().Add(-time.Hour).Truncate(time.Millisecond)
	mk := func(venue, promised string, steps ...swapscout.SwapUpdate) string {
		s := swaptest.Sample()
		s.Venue = venue
		if _, err := db.ReserveSwap(ctx, s); err != nil {
			t.Fatal(err)
		}
		s.VenueOrderID, s.DepositAddress, s.PromisedOut = "o-"+s.ID, "dep", swapscout.MustAmount(promised)
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
	got, err := db.Outcomes(ctx, t0.Add(-time.Minute))
	if err != nil {
		t.Fatal(err)
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
	if open, err := db.OpenSwaps(ctx); err != nil || len(open) != 1 {
		t.Errorf("OpenSwaps = %v, %v; want the one sending swap", open, err)
	}
	if got, _ := db.Outcomes(ctx, time.Now().Add(time.Hour)); len(got) != 0 {
		t.Errorf("outcomes after the window's start: %+v", got)
	}
}

func TestOutcomesSQLite(t *testing.T) { testOutcomes(t, openSQLite(t)) }

func TestOutcomesPostgres(t *testing.T) {
	db, err := sqldb.OpenPostgres(context.Background(), pgtest.URL(t), sqldb.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	testOutcomes(t, db)
}
