//go:build linux

package sqlstore_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout/internal/diskfull"
	"github.com/swapscout/swapscout/swaps/sqlstore"
)

// TestSQLiteFullDiskCannotWrite: a SQLite database whose files cannot grow
// (a full disk, played by a file size limit of one byte on this process)
// still answers reads and pings but fails the write check; the check's
// answer is kept for WriteCheckEvery and taken again after it.
func TestSQLiteFullDiskCannotWrite(t *testing.T) {
	c := newClock()
	ctx := context.Background()
	db, err := sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "s.db"), sqlstore.Options{Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.CheckWrite(ctx); err != nil {
		t.Fatalf("CheckWrite on a healthy database: %v", err)
	}
	diskfull.Run(t, func() {
		if err := db.CheckWrite(ctx); err != nil {
			t.Errorf("CheckWrite within %v of the last answer = %v; want that answer, nil", sqlstore.WriteCheckEvery, err)
		}
		c.add(sqlstore.WriteCheckEvery)
		if err := db.Ping(ctx); err != nil {
			t.Errorf("Ping on a full disk: %v", err)
		}
		var we *sqlstore.WriteError
		if err := db.CheckWrite(ctx); !errors.As(err, &we) {
			t.Errorf("CheckWrite on a full disk = %v; want a WriteError", err)
		}
	})
	if err := db.CheckWrite(ctx); err == nil {
		t.Errorf("CheckWrite right after the disk has room = nil; want the last answer kept for %v", sqlstore.WriteCheckEvery)
	}
	c.add(sqlstore.WriteCheckEvery)
	if err := db.CheckWrite(ctx); err != nil {
		t.Errorf("CheckWrite once the disk has room again: %v", err)
	}
}
