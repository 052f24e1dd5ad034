package swaps_test

import (
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/seal"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
)

// TestGetWithoutTheSecret: Get reads what is shown, so a swap whose order
// secret does not open with the server's key (another key sealed it) is
// still served, while a read that needs the secret says why it fails.
func TestGetWithoutTheSecret(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.db")
	db, err := sqlstore.OpenSQLite(ctx, path, sqlstore.Options{Seal: seal.New(seal.NewKey())})
	if err != nil {
		t.Fatal(err)
	}
	s := &swapscout.Swap{ID: swapscout.NewSwapID(), IdempotencyKey: "k", RequestHash: "h", QuoteID: "q", Venue: "fixedfloat",
		From: btc, To: eth, AmountIn: swapscout.MustAmount("1"), AmountOut: swapscout.MustAmount("2"), PayoutAddress: payout, RefundAddress: refund}
	if _, err := db.ReserveSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	s.VenueOrder, s.DepositAddress = swapscout.OrderRef{ID: "ff1", Secret: "t0ken"}, "bc1qdeposit"
	if err := db.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	db.Close()

	other, err := sqlstore.OpenSQLite(ctx, path, sqlstore.Options{Seal: seal.New(seal.NewKey())})
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	svc := &swaps.Service{Store: other}
	got, evs, err := svc.Get(ctx, s.ID)
	if err != nil || got.VenueOrder.ID != "ff1" || got.DepositAddress != "bc1qdeposit" || len(evs) != 1 {
		t.Fatalf("Get with another key = %+v, %v, %v", got, evs, err)
	}
	if _, err := other.Swap(ctx, s.ID); swapscout.ErrorCode(err) != swapscout.EUNAVAILABLE {
		t.Errorf("a read needing the secret = %v; want %s", err, swapscout.EUNAVAILABLE)
	}
}
