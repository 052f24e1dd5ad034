package sqlstore_test

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/swapscout/swapscout/swaps/sqlstore"
)

// TestLockDir: one holder per data directory; the second is refused with
// the holder's pid, and the directory is free again once released.
func TestLockDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	first, err := sqlstore.LockDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = sqlstore.LockDir(dir)
	if !errors.Is(err, sqlstore.ErrDirLocked) || !strings.Contains(err.Error(), "pid "+strconv.Itoa(os.Getpid())) {
		t.Fatalf("second LockDir = %v; want ErrDirLocked naming pid %d", err, os.Getpid())
	}
	if err := first.Release(); err != nil {
		t.Fatal(err)
	}
	again, err := sqlstore.LockDir(dir)
	if err != nil {
		t.Fatalf("LockDir after Release: %v", err)
	}
	again.Release()
	var none *sqlstore.DirLock
	if err := none.Release(); err != nil {
		t.Errorf("nil Release: %v", err)
	}
}
