//go:build linux

package sqldb_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout/internal/diskfull"
	"github.com/swapscout/swapscout/sqldb"
)

// TestSQLiteFullDiskCannotWrite: a SQLite database whose files cannot grow
// (a full disk, played by a file size limit of one byte on this process)
// still answers reads and pings but fails the write check; the check's
// answer is kept for WriteCheckEvery and taken again after it.
func TestSQLiteFullDiskCannotWrite(t *testing.T) {
	c := newClock()
	ctx := context.Background()
	db, err := sqldb.OpenSQLite(ctx, filepath.Join(t.TempDir(), "s.db"), sqldb.Options{Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.CheckWrite(ctx); err != nil {
		t.Fatalf("CheckWrite on a healthy database: %v", err)
	}
	diskfull.Run(t, func() {
		if err := db.CheckWrite(ctx); err != nil {
			t.Errorf("CheckWrite within %v of the last answer = %v; want that answer, nil", sqldb.WriteCheckEvery, err)
		}
		c.add(sqldb.WriteCheckEvery)
		if err := db.Ping(ctx); err != nil {
			t.Errorf("Ping on a full disk: %v", err)
		}
		var we *sqldb.WriteError
		if err := db.CheckWrite(ctx); !errors.As(err, &we) {
			t.Errorf("CheckWrite on a full disk = %v; want a WriteError", err)
		}
	})
	if err := db.CheckWrite(ctx); err == nil {
		t.Errorf("CheckWrite right after the disk has room = nil; want the last answer kept for %v", sqldb.WriteCheckEvery)
	}
	c.add(sqldb.WriteCheckEvery)
	if err := db.CheckWrite(ctx); err != nil {
		t.Errorf("CheckWrite once the disk has room again: %v", err)
	}
}
