package sqlstore_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/storetest"
)

// fillBoard stores n finished swaps of 0.1 BTC (the 1k-10k bracket) and
// n-1 refunded of 0.001 BTC (under 100) at venue, with a payout seen on
// chain short by 3 % for the finished ones.
func fillBoard(t *testing.T, db *sqlstore.DB, venue string, n int) {
	t.Helper()
	ctx := context.Background()
	at := time.Now().UTC()
	for i := range 2*n - 1 {
		s := storetest.Sample()
		s.Venue, s.To = venue, swapscout.Asset{Ticker: "eth", Network: "eth"}
		status, in, out := swapscout.StatusFinished, "0.1", "2.6"
		if i >= n {
			status, in, out = swapscout.StatusRefunded, "0.001", "0.026"
		}
		s.AmountIn, s.AmountOut = swapscout.MustAmount(in), swapscout.MustAmount(out)
		if _, err := db.ReserveSwap(ctx, s); err != nil {
			t.Fatal(err)
		}
		s.VenueOrder, s.DepositAddress = swapscout.OrderRef{ID: "o-" + s.ID}, "dep"
		if err := db.CompleteSwap(ctx, s); err != nil {
			t.Fatal(err)
		}
		if _, err := db.UpdateSwap(ctx, s.ID, swapscout.SwapUpdate{Status: status, VenueStatus: string(status)}, at); err != nil {
			t.Fatal(err)
		}
		if status == swapscout.StatusFinished {
			f := swapscout.ChainFact{Side: swapscout.ChainPayout, State: swapscout.ChainConfirmed, Source: "chain",
				Amount: swapscout.MustAmount("2.522"), Expected: swapscout.MustAmount("2.6"), Confirmations: 12, Required: 12, SeenAt: at, CheckedAt: at}
			if err := db.RecordChain(ctx, s.ID, f, "payout confirmed on chain", at); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// testBoardShared: the board, per venue and per pair and bracket, is
// computed from the stored swaps: two instances on one database compute
// the same, and so does one opened again after the first closed.
func testBoardShared(t *testing.T, open func() *sqlstore.DB) {
	ctx := context.Background()
	one, two := open(), open()
	fillBoard(t, one, "boardtest-"+swapscout.NewSwapID()[:6], 6)
	now := time.Now().Add(time.Minute)
	board := func(db *sqlstore.DB) *swapscout.Board {
		t.Helper()
		b, err := (&swaps.Board{Swaps: db, Window: time.Hour, Now: func() time.Time { return now }}).Board(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	eq := cmp.Comparer(func(a, b swapscout.Amount) bool { return a.Equal(b) })
	first := board(one)
	if diff := cmp.Diff(first, board(two), eq); diff != "" {
		t.Errorf("two instances on one database disagree (-one +two):\n%s", diff)
	}
	one.Close()
	if diff := cmp.Diff(first, board(open()), eq); diff != "" {
		t.Errorf("after a restart (-before +after):\n%s", diff)
	}
	var mine []swapscout.BoardGroup
	for _, g := range first.Groups {
		if len(g.Venue) > 10 && g.Venue[:10] == "boardtest-" {
			mine = append(mine, g)
		}
	}
	if len(mine) != 2 || mine[0].Bracket != swapscout.BracketUnder100 || mine[0].Refunded != 5 ||
		mine[1].Bracket != swapscout.Bracket1k || mine[1].Finished != 6 || mine[1].OnChain != 6 ||
		!mine[1].MedianDelivered.Equal(swapscout.MustAmount("0.97")) || mine[1].From.Ticker != "btc" || mine[1].To.Ticker != "eth" {
		t.Errorf("groups %+v, want the refunded under 100 and the finished 1k-10k (delivered 0.97 on chain)", mine)
	}
}

func TestBoardSharedSQLite(t *testing.T) {
	path := filepath.Join(t.TempDir(), "swapscout.db")
	testBoardShared(t, func() *sqlstore.DB {
		db, err := sqlstore.OpenSQLite(context.Background(), path, sqlstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	})
}

func TestBoardSharedPostgres(t *testing.T) {
	url := pgtest.URL(t)
	testBoardShared(t, func() *sqlstore.DB {
		db, err := sqlstore.OpenPostgres(context.Background(), url, sqlstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	})
}
