package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
	"strings"
	"time"

	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/sqldb"
	"github.com/swapscout/swapscout/swaps"
)

// dbFlags choose where swap records are kept: SQLite in a data directory by
// default, PostgreSQL when a URL is given (several instances share it).
type dbFlags struct {
	dataDir string
	url     string
}

func (f *dbFlags) register(fs *flag.FlagSet, getenv func(string) string) {
	fs.StringVar(&f.dataDir, "data-dir", envOr(getenv, "SWAPSCOUT_DATA_DIR", defaultDataDir(getenv)),
		"where the swap database (SQLite) is kept, created on first start (env SWAPSCOUT_DATA_DIR; default $XDG_DATA_HOME/swapscout, else ~/.local/share/swapscout)")
	fs.StringVar(&f.url, "database-url", envOr(getenv, "SWAPSCOUT_DATABASE_URL", ""),
		"keep swaps in this PostgreSQL database instead, e.g. postgres://user:pass@127.0.0.1:5432/swapscout (env SWAPSCOUT_DATABASE_URL)")
}

// defaultDataDir follows the XDG base directory convention; empty when the
// environment names no home.
func defaultDataDir(getenv func(string) string) string {
	if d := getenv("XDG_DATA_HOME"); d != "" {
		return filepath.Join(d, "swapscout")
	}
	if h := getenv("HOME"); h != "" {
		return filepath.Join(h, ".local", "share", "swapscout")
	}
	return ""
}

// swapDBFile is the SQLite file's name in the data directory.
const swapDBFile = "swapscout.db"

// openSwapDB opens and migrates the swap database dbFlags name; nil (and a
// description saying so) when neither a data directory nor a URL is known.
func openSwapDB(ctx context.Context, f dbFlags) (db *sqldb.DB, desc string, err error) {
	switch {
	case f.url != "":
		db, err = sqldb.OpenPostgres(ctx, f.url, sqldb.Options{})
		if err != nil {
			return nil, "", fmt.Errorf("--database-url: %w", redactURL(err, f.url))
		}
		return db, "postgres", nil
	case f.dataDir != "":
		path := filepath.Join(f.dataDir, swapDBFile)
		db, err = sqldb.OpenSQLite(ctx, path, sqldb.Options{})
		if err != nil {
			return nil, "", fmt.Errorf("--data-dir: %w", err)
		}
		return db, "sqlite " + path, nil
	}
	return nil, "none", nil
}

// redactURL keeps a database URL's password out of an error.
func redactURL(err error, raw string) error {
	return &redacted{err: err, raw: raw}
}

type redacted struct {
	err error
	raw string
}

func (r *redacted) Error() string { return redactPassword(r.err.Error(), r.raw) }
func (r *redacted) Unwrap() error { return r.err }

// wireSwaps opens the swap database and gives the API a swap service that
// shares the API's quote book, with the registry's swap-capable venues.
// Without a database the swap routes answer 503.
func (s *stack) wireSwaps(ctx context.Context, f *dbFlags, d *httpapi.Deps, log *slog.Logger) error {
	if f == nil {
		return nil
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	db, desc, err := openSwapDB(ctx, *f)
	if err != nil {
		return err
	}
	health := d.Health
	if db == nil {
		log.Warn("no swap database: set --data-dir or --database-url to create swaps")
	} else {
		s.closers = append(s.closers, db.Close)
		s.db = db
		book := httpapi.NewQuoteBook(*d)
		d.Book = book
		s.swaps = &swaps.Service{Quotes: book, Store: db, Swapper: s.registry.Swapper, Logger: log}
		d.Swaps = s.swaps
		log.Info("swap database", "db", desc)
	}
	d.Health = func(ctx context.Context) map[string]string {
		m := map[string]string{}
		if health != nil {
			m = health(ctx)
		}
		m["database"] = dbState(ctx, db, desc)
		return m
	}
	return nil
}

// dbState is the database's line in /healthz: its kind, and whether it
// answers now.
func dbState(ctx context.Context, db *sqldb.DB, desc string) string {
	if db == nil {
		return "none (swaps disabled)"
	}
	kind := string(db.Dialect())
	pctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	if err := db.Ping(pctx); err != nil {
		return kind + " (unreachable)"
	}
	return kind
}

// redactPassword replaces the password of the URL raw wherever msg
// repeats it.
func redactPassword(msg, raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return msg
	}
	if pw, ok := u.User.Password(); ok && pw != "" {
		msg = strings.ReplaceAll(msg, pw, "xxxxx")
	}
	return msg
}
