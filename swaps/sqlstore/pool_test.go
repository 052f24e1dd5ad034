package sqlstore_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/swaps/sqlstore"
)

// TestPoolKeepsConnections: connections opened for a burst stay open for the
// next one (database/sql keeps two by default: on PostgreSQL, 100 swaps
// changing at once opened the others anew each time, a backend forked and
// its statements prepared again, while the rest queued).
func TestPoolKeepsConnections(t *testing.T) {
	ctx := context.Background()
	for _, tc := range []struct {
		name string
		open func(t *testing.T) (*sqlstore.DB, error)
		want int
	}{
		{"sqlite", func(t *testing.T) (*sqlstore.DB, error) {
			return sqlstore.OpenSQLite(ctx, filepath.Join(t.TempDir(), "s.db"), sqlstore.Options{})
		}, 4},
		{"postgres", func(t *testing.T) (*sqlstore.DB, error) {
			return sqlstore.OpenPostgres(ctx, pgtest.URL(t), sqlstore.Options{})
		}, sqlstore.PostgresConns},
	} {
		t.Run(tc.name, func(t *testing.T) {
			db, err := tc.open(t)
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			pool := db.SQL()
			var held []*sql.Conn
			for range tc.want {
				c, err := pool.Conn(ctx)
				if err != nil {
					t.Fatal(err)
				}
				held = append(held, c)
			}
			for _, c := range held {
				c.Close()
			}
			if st := pool.Stats(); st.Idle != tc.want || st.MaxOpenConnections != tc.want {
				t.Errorf("after a burst of %d: %d idle, at most %d open; want %d kept of %d", tc.want, st.Idle, st.MaxOpenConnections, tc.want, tc.want)
			}
		})
	}
}
