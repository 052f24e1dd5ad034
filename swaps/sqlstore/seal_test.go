package sqlstore_test

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/seal"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/storetest"
)

// The conformance suite passes with the orders' secrets sealed.
func TestSQLiteSealed(t *testing.T) {
	k := seal.NewKey()
	storetest.Run(t, func(t *testing.T) swapscout.SwapStore {
		db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "s.db"), sqlstore.Options{Seal: seal.New(k)})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	})
}

func TestPostgresSealed(t *testing.T) {
	k := seal.NewKey()
	storetest.Run(t, func(t *testing.T) swapscout.SwapStore {
		db, err := sqlstore.OpenPostgres(context.Background(), pgtest.URL(t), sqlstore.Options{Seal: seal.New(k)})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		return db
	})
}

const token = "T0KEN-6f1d2c9a7b"

// completeWithSecret reserves and completes a swap whose order keeps token
// as its secret.
func completeWithSecret(t *testing.T, db *sqlstore.DB) *swapscout.Swap {
	t.Helper()
	ctx := context.Background()
	s := storetest.Sample()
	if _, err := db.ReserveSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	s.VenueOrder = swapscout.OrderRef{ID: "ff-" + s.ID[:6], Secret: token + s.ID[:4]}
	s.DepositAddress, s.Status, s.VenueStatus = "bc1qdeposit", swapscout.StatusWaiting, "NEW"
	if err := db.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSealedAtRest: the SQLite file (and its WAL) hold no token, the
// record reads back with the real order id, the wrong key is a clear
// error on reads that need the secret while PublicSwap still serves, and
// a sealed value copied onto another record does not open there.
func TestSealedAtRest(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "swapscout.db")
	key := seal.NewKey()
	db, err := sqlstore.OpenSQLite(ctx, path, sqlstore.Options{Seal: seal.New(key)})
	if err != nil {
		t.Fatal(err)
	}
	a, b := completeWithSecret(t, db), completeWithSecret(t, db)
	got, err := db.Swap(ctx, a.ID)
	if err != nil || got.VenueOrder != a.VenueOrder {
		t.Fatalf("read back %v, %v; want %q with its secret", got, err, a.VenueOrder)
	}
	if byKey, err := db.SwapByKey(ctx, a.IdempotencyKey); err != nil || byKey.VenueOrder != a.VenueOrder {
		t.Fatalf("by key %v, %v", byKey, err)
	}
	if bad, _, err := db.SealCheck(ctx); err != nil || bad != 0 {
		t.Errorf("SealCheck with the right key = %d, %v", bad, err)
	}
	db.Close()
	files, _ := filepath.Glob(filepath.Join(dir, "*"))
	var all []byte
	for _, f := range files {
		b, _ := os.ReadFile(f)
		all = append(all, b...)
	}
	if bytes.Contains(all, []byte(token)) {
		t.Fatal("the token is in the database file")
	}
	if !bytes.Contains(all, []byte("ff-"+a.ID[:6]+":sealed1.")) {
		t.Fatal("no sealed order id in the database file: the check above proves little")
	}

	// The wrong key: reads that need the secret fail clearly; what is shown
	// is still served.
	wrong, err := sqlstore.OpenSQLite(ctx, path, sqlstore.Options{Seal: seal.New(seal.NewKey())})
	if err != nil {
		t.Fatal(err)
	}
	_, err = wrong.Swap(ctx, a.ID)
	if swapscout.ErrorCode(err) != swapscout.EUNAVAILABLE || !errors.Is(err, seal.ErrOpen) ||
		!strings.Contains(swapscout.ErrorMessage(err), "secret key") || strings.Contains(err.Error(), "sealed1.") {
		t.Errorf("wrong key: %v", err)
	}
	pub, err := wrong.PublicSwap(ctx, a.ID)
	if err != nil || pub.VenueOrder != (swapscout.OrderRef{ID: "ff-" + a.ID[:6]}) || pub.DepositAddress != "bc1qdeposit" {
		t.Errorf("PublicSwap with the wrong key = %+v, %v", pub, err)
	}
	if bad, ids, err := wrong.SealCheck(ctx); err != nil || bad != 2 || len(ids) != 2 {
		t.Errorf("SealCheck with the wrong key = %d %v, %v; want 2", bad, ids, err)
	}
	// No key at all: ErrNoKey, equally clear.
	none, err := sqlstore.OpenSQLite(ctx, path, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := none.Swap(ctx, a.ID); !errors.Is(err, seal.ErrNoKey) {
		t.Errorf("no key: %v", err)
	}
	none.Close()
	wrong.Close()

	// Moving b's sealed value onto a (same public part, so only the
	// associated data tells them apart) does not open.
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	var bStored string
	if err := raw.QueryRow(`SELECT venue_order_id FROM swaps WHERE id = ?`, b.ID).Scan(&bStored); err != nil {
		t.Fatal(err)
	}
	_, box, _ := strings.Cut(bStored, ":")
	if _, err := raw.Exec(`UPDATE swaps SET venue_order_id = ? WHERE id = ?`, "ff-"+a.ID[:6]+":"+box, a.ID); err != nil {
		t.Fatal(err)
	}
	raw.Close()
	db, err = sqlstore.OpenSQLite(ctx, path, sqlstore.Options{Seal: seal.New(key)})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Swap(ctx, a.ID); !errors.Is(err, seal.ErrOpen) {
		t.Errorf("a sealed value moved to another record opened: %v", err)
	}
	if got, err := db.Swap(ctx, b.ID); err != nil || got.VenueOrder != b.VenueOrder {
		t.Errorf("b = %v, %v", got, err)
	}
}

// TestPostgresSealedAtRest: the rows hold no token; the record reads back.
func TestPostgresSealedAtRest(t *testing.T) {
	url := pgtest.URL(t)
	ctx := context.Background()
	db, err := sqlstore.OpenPostgres(ctx, url, sqlstore.Options{Seal: seal.New(seal.NewKey())})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	s := completeWithSecret(t, db)
	if got, err := db.Swap(ctx, s.ID); err != nil || got.VenueOrder != s.VenueOrder {
		t.Fatalf("read back %v, %v", got, err)
	}
	var n int
	if err := db.SQL().QueryRowContext(ctx, `SELECT count(*) FROM swaps WHERE swaps::text LIKE '%' || $1 || '%'`, token).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("%d rows hold the token", n)
	}
	var stored string
	if err := db.SQL().QueryRowContext(ctx, `SELECT venue_order_id FROM swaps WHERE id = $1`, s.ID).Scan(&stored); err != nil || !seal.Sealed(stored) {
		t.Errorf("stored %q, %v; want a sealed value", stored, err)
	}
}

// TestSealPlain: secrets written in plain text (before sealing, or with no
// key) are sealed at the next start with a key, and read back the same.
func TestSealPlain(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "s.db")
	plain, err := sqlstore.OpenSQLite(ctx, path, sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := completeWithSecret(t, plain)
	plain.Close()
	db, err := sqlstore.OpenSQLite(ctx, path, sqlstore.Options{Seal: seal.New(seal.NewKey())})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if got, err := db.Swap(ctx, a.ID); err != nil || got.VenueOrder != a.VenueOrder {
		t.Fatalf("plain value read with a key: %v, %v", got, err)
	}
	for _, want := range []int{1, 0} { // the second start finds nothing to seal
		if n, err := db.SealPlain(ctx); err != nil || n != want {
			t.Fatalf("SealPlain = %d, %v; want %d", n, err, want)
		}
	}
	var stored string
	if err := db.SQL().QueryRow(`SELECT venue_order_id FROM swaps WHERE id = ?`, a.ID).Scan(&stored); err != nil || !seal.Sealed(stored) || strings.Contains(stored, token) {
		t.Errorf("stored %q, %v", stored, err)
	}
	if got, err := db.Swap(ctx, a.ID); err != nil || got.VenueOrder != a.VenueOrder {
		t.Errorf("after sealing: %v, %v", got, err)
	}
}
