package sqldb

import (
	"context"
	"database/sql"
	"io/fs"
	"path/filepath"
	"testing"

	"github.com/pressly/goose/v3"

	"github.com/swapscout/swapscout"
)

// TestMigrationDepositKind: a database made before swaps kept their deposit
// kind takes migration 00003; its THORChain and Maya swaps, the venues whose
// deposits carry their memo, read as memo deposits, the others as plain
// transfers; and the migration goes down again.
func TestMigrationDepositKind(t *testing.T) {
	ctx := context.Background()
	path, raw, p := oldDB(t, 2)
	ids := map[string]string{"thorchain": swapscout.NewSwapID(), "maya": swapscout.NewSwapID(), "changenow": swapscout.NewSwapID()}
	for venue, id := range ids {
		if _, err := raw.ExecContext(ctx, `INSERT INTO swaps (id, idempotency_key, request_hash, quote_id, venue, venue_order_id,
			from_ticker, from_network, to_ticker, to_network, direction, rate_type, amount_in, amount_out, payout_address,
			status, created_at, updated_at) VALUES (?, ?, 'h', 'q', ?, 'o', 'btc', 'btc', 'eth', 'eth', 'send', 'float', '0.1', '2', '0xpayout', 'waiting', 1, 1)`,
			id, "key-"+id, venue); err != nil {
			t.Fatal(err)
		}
	}
	db, err := OpenSQLite(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]swapscout.DepositKind{"thorchain": swapscout.DepositMemo, "maya": swapscout.DepositMemo, "changenow": swapscout.DepositTransfer}
	for venue, id := range ids {
		sw, err := db.Swap(ctx, id)
		if err != nil {
			t.Fatalf("%s swap after the migration: %v", venue, err)
		}
		if sw.Deposit != want[venue] {
			t.Errorf("%s swap after the migration: Deposit %q; want %q", venue, sw.Deposit, want[venue])
		}
	}
	db.Close()
	if _, err := p.DownTo(ctx, 2); err != nil {
		t.Errorf("migration 00003 down: %v", err)
	}
}

// TestMigrationCreation: a database made before creations kept their state
// takes migration 00004: its swaps read as created or pending with no
// deadline (a reservation left by an older version is past any call), no
// note and no doubt; and the migration goes down again.
func TestMigrationCreation(t *testing.T) {
	ctx := context.Background()
	path, raw, p := oldDB(t, 3)
	id := swapscout.NewSwapID()
	if _, err := raw.ExecContext(ctx, `INSERT INTO swaps (id, idempotency_key, request_hash, quote_id, venue, venue_order_id,
		from_ticker, from_network, to_ticker, to_network, direction, rate_type, amount_in, amount_out, payout_address,
		status, amount_received, created_at, updated_at) VALUES (?, 'k', 'h', 'q', 'changenow', '', 'btc', 'btc', 'eth', 'eth', 'send', 'float', '0.1', '2', '0xpayout', 'waiting', '0', 1, 1)`,
		id); err != nil {
		t.Fatal(err)
	}
	db, err := OpenSQLite(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sw, err := db.Swap(ctx, id)
	if err != nil || sw.Creation != swapscout.CreatePending || !sw.CreateDeadline.IsZero() || sw.CreateNote != "" || sw.ReceivedDoubt != "" {
		t.Errorf("old reservation after the migration = %+v, %v", sw, err)
	}
	db.Close()
	if _, err := p.DownTo(ctx, 3); err != nil {
		t.Errorf("migration 00004 down: %v", err)
	}
}

// oldDB makes a SQLite database migrated up to version only, as an older
// swapscout left it: its path, the open handle and the migration provider.
func oldDB(t *testing.T, version int64) (string, *sql.DB, *goose.Provider) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "old.db")
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { raw.Close() })
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, raw, sub)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(context.Background(), version); err != nil {
		t.Fatal(err)
	}
	return path, raw, p
}
