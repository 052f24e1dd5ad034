package sqlstore_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/storetest"
)

// testChain: a chain fact recorded for a side is read back with the swap
// (every read: by id, public, by key), replaced by the next one for the
// same side, kept after the swap is over; an event marked with the change
// carries the swap's status; the board reads the payout's fact.
func testChain(t *testing.T, db *sqlstore.DB) {
	ctx := context.Background()
	t0 := time.Now().Add(-time.Hour).Truncate(time.Millisecond).UTC()
	s := storetest.Sample()
	if _, err := db.ReserveSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	s.VenueOrder, s.DepositAddress = swapscout.OrderRef{ID: "o-" + s.ID}, "dep"
	if err := db.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	if _, err := db.UpdateSwap(ctx, s.ID, swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "done"}, t0); err != nil {
		t.Fatal(err)
	}
	seen := swapscout.ChainFact{Side: swapscout.ChainPayout, State: swapscout.ChainSeen, Source: "chain", Endpoint: "esplora ltc (x)",
		Amount: swapscout.MustAmount("25.2"), Expected: swapscout.MustAmount("36.1"), TxIDs: []string{"aa", "bb"}, Confirmations: 1, Required: 6,
		SeenAt: t0, CheckedAt: t0.Add(time.Second), ClaimedAt: t0, Note: "on chain, 1 confirmation"}
	if err := db.RecordChain(ctx, s.ID, seen, "payout seen on chain", t0.Add(time.Second)); err != nil {
		t.Fatal(err)
	}
	dep := swapscout.ChainFact{Side: swapscout.ChainDeposit, State: swapscout.ChainNotVerifiable, Source: "venue", CheckedAt: t0, Note: "the venue's word"}
	if err := db.RecordChain(ctx, s.ID, dep, "", t0); err != nil {
		t.Fatal(err)
	}
	settled := seen
	settled.State, settled.Confirmations, settled.Overdue = swapscout.ChainConfirmed, 6, true
	if err := db.RecordChain(ctx, s.ID, settled, "", t0.Add(2*time.Second)); err != nil {
		t.Fatal(err)
	}
	eq := cmp.Options{cmpopts.EquateEmpty(), cmp.Comparer(func(a, b swapscout.Amount) bool { return a.Equal(b) })}
	for name, read := range map[string]func() (*swapscout.Swap, error){
		"Swap":       func() (*swapscout.Swap, error) { return db.Swap(ctx, s.ID) },
		"PublicSwap": func() (*swapscout.Swap, error) { return db.PublicSwap(ctx, s.ID) },
		"SwapByKey":  func() (*swapscout.Swap, error) { return db.SwapByKey(ctx, s.IdempotencyKey) },
	} {
		got, err := read()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if diff := cmp.Diff([]swapscout.ChainFact{dep, settled}, got.Chain, eq); diff != "" {
			t.Errorf("%s's chain facts (-want +got):\n%s", name, diff)
		}
	}
	evs, err := db.SwapEvents(ctx, s.ID)
	if err != nil {
		t.Fatal(err)
	}
	if last := evs[len(evs)-1]; last.Chain != "payout seen on chain" || last.Status != swapscout.StatusFinished || last.VenueStatus != "done" {
		t.Errorf("chain event %+v", last)
	}
	if err := db.RecordChain(ctx, "aaaaaaaaaaaaaaaaaaaaaaaaaa", seen, "", t0); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
		t.Errorf("unknown swap: %v", err)
	}
	rows, err := db.BoardSwaps(ctx, t0.Add(-24*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || rows[0].Venue != s.Venue || rows[0].Status != swapscout.StatusFinished || rows[0].Payout.State != swapscout.ChainConfirmed ||
		!rows[0].Payout.Overdue || !rows[0].Payout.Amount.Equal(swapscout.MustAmount("25.2")) || !rows[0].PaidAt.Equal(t0) {
		t.Errorf("BoardSwaps = %+v", rows)
	}
}

func TestChainSQLite(t *testing.T) { testChain(t, openSQLite(t)) }

func TestChainPostgres(t *testing.T) {
	db, err := sqlstore.OpenPostgres(context.Background(), pgtest.URL(t), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	testChain(t, db)
}
