package sqlstore

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

// TestMigrationHeld: a database whose swaps were "hold" takes migration
// 00005: SideShift's refund words become refunding, the venues' words that
// wait for the user action_required, the rest (verification) held, in the
// swaps and their history; LetsExchange's "refund", closed as refunded too
// early, is refunding again; swaps made before keep the default slippage;
// and the migration goes down again.
func TestMigrationHeld(t *testing.T) {
	ctx := context.Background()
	path, raw, p := oldDB(t, 3)
	cases := []struct{ venue, word, old, want string }{
		{"sideshift", "refund", "hold", "refunding"},
		{"sideshift", "refunding", "hold", "refunding"},
		{"sideshift", "review", "hold", "held"},
		{"sideshift", "multiple", "hold", "action_required"},
		{"changenow", "verifying", "hold", "held"},
		{"changehero", "hold", "hold", "held"},
		{"fixedfloat", "EMERGENCY", "hold", "action_required"},
		{"easybit", "Action Request", "hold", "action_required"},
		{"trocador", "halted", "hold", "action_required"},
		{"nearintents", "INCOMPLETE_DEPOSIT", "hold", "action_required"},
		{"letsexchange", "refund", "refunded", "refunding"},
		{"exolix", "refunded", "refunded", "refunded"},
	}
	ids := make([]string, len(cases))
	for i, c := range cases {
		ids[i] = swapscout.NewSwapID()
		if _, err := raw.ExecContext(ctx, `INSERT INTO swaps (id, idempotency_key, request_hash, quote_id, venue, venue_order_id,
			from_ticker, from_network, to_ticker, to_network, direction, rate_type, amount_in, amount_out, payout_address,
			status, venue_status, created_at, updated_at) VALUES (?, ?, 'h', 'q', ?, 'o', 'btc', 'btc', 'eth', 'eth', 'send', 'float', '0.1', '2', '0xpayout', ?, ?, 1, 1)`,
			ids[i], "key-"+ids[i], c.venue, c.old, c.word); err != nil {
			t.Fatal(err)
		}
		if _, err := raw.ExecContext(ctx, `INSERT INTO swap_events (swap_id, seq, at, status, venue_status) VALUES (?, 1, 1, ?, ?)`,
			ids[i], c.old, c.word); err != nil {
			t.Fatal(err)
		}
	}
	db, err := OpenSQLite(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range cases {
		sw, err := db.Swap(ctx, ids[i])
		if err != nil {
			t.Fatalf("%s %q after the migration: %v", c.venue, c.word, err)
		}
		evs, err := db.SwapEvents(ctx, ids[i])
		if err != nil || len(evs) != 1 {
			t.Fatalf("%s %q events after the migration: %v, %v", c.venue, c.word, evs, err)
		}
		if string(sw.Status) != c.want || string(evs[0].Status) != c.want {
			t.Errorf("%s %q after the migration: swap %q, event %q; want %q", c.venue, c.word, sw.Status, evs[0].Status, c.want)
		}
		if sw.MaxSlippage.Cmp(swapscout.MustAmount("0.005")) != 0 {
			t.Errorf("%s swap made before slippage was kept: %s; want the default 0.005", c.venue, sw.MaxSlippage)
		}
	}
	db.Close()
	if _, err := p.DownTo(ctx, 3); err != nil {
		t.Fatalf("migration 00005 down: %v", err)
	}
	var holds int
	if err := raw.QueryRowContext(ctx, `SELECT COUNT(*) FROM swaps WHERE status = 'hold'`).Scan(&holds); err != nil || holds != 10 {
		t.Errorf("after 00005 down: %d swaps on hold, %v; want the 10 that were", holds, err)
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
