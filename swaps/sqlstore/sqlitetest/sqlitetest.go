// Package sqlitetest counts what tests of the SQLite store need counted:
// the commits made on a test's own database file.
package sqlitetest

import (
	"strings"
	"sync"
	"testing"

	"modernc.org/sqlite"
)

// commits holds a counter per key (a test's directory or file), fed by a
// commit hook on every connection the driver opens to a DSN holding it.
var commits struct {
	once sync.Once
	mu   sync.Mutex
	n    map[string]*int
}

// CountCommits counts the commits made on the SQLite databases whose DSN
// holds key (a test's own directory) from now until t ends, through a
// commit hook on each connection opened after the call. A commit is a
// write the disk must make durable (WAL, synchronous=FULL: an fsync each),
// and on SQLite each waits for the one write lock. Open the store after
// calling it.
func CountCommits(t testing.TB, key string) (count func() int) {
	commits.once.Do(func() {
		commits.n = map[string]*int{}
		sqlite.RegisterConnectionHook(hook)
	})
	n := new(int)
	commits.mu.Lock()
	commits.n[key] = n
	commits.mu.Unlock()
	t.Cleanup(func() {
		commits.mu.Lock()
		delete(commits.n, key)
		commits.mu.Unlock()
	})
	return func() int {
		commits.mu.Lock()
		defer commits.mu.Unlock()
		return *n
	}
}

func hook(conn sqlite.ExecQuerierContext, dsn string) error {
	hr, ok := conn.(sqlite.HookRegisterer)
	if !ok {
		return nil
	}
	commits.mu.Lock()
	defer commits.mu.Unlock()
	for key, n := range commits.n {
		if strings.Contains(dsn, key) {
			hr.RegisterCommitHook(func() int32 {
				commits.mu.Lock()
				*n++
				commits.mu.Unlock()
				return 0
			})
		}
	}
	return nil
}
