package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"net/url"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/quotes"
	"github.com/swapscout/swapscout/seal"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
)

// dbFlags choose where swap records are kept: SQLite in a data directory by
// default, PostgreSQL when a URL is given (several instances share it).
type dbFlags struct {
	dataDir string
	url     string
	keyFile string // --secret-key-file
	key     string // SWAPSCOUT_SECRET_KEY: the key itself, never a flag (flags show in ps)
}

// envSecretKey names the variable that may hold the key sealing the
// orders' secrets in the database.
const envSecretKey = "SWAPSCOUT_SECRET_KEY"

func (f *dbFlags) register(fs *flag.FlagSet, getenv func(string) string) {
	fs.StringVar(&f.dataDir, "data-dir", envOr(getenv, "SWAPSCOUT_DATA_DIR", defaultDataDir(getenv)),
		"where the swap database (SQLite) is kept, created on first start (env SWAPSCOUT_DATA_DIR; default $XDG_DATA_HOME/swapscout, else ~/.local/share/swapscout)")
	fs.StringVar(&f.url, "database-url", envOr(getenv, "SWAPSCOUT_DATABASE_URL", ""),
		"keep swaps in this PostgreSQL database instead, e.g. postgres://user:pass@127.0.0.1:5432/swapscout (env SWAPSCOUT_DATABASE_URL)")
	fs.StringVar(&f.keyFile, "secret-key-file", "",
		"file holding the key (32 random bytes, hex or base64) that seals the orders' secrets in the swap database; or the key itself in env "+envSecretKey+". Default with --data-dir: "+keyFileName+" there, made on first start. Required with --database-url")
	f.key = getenv(envSecretKey)
}

// keyFileName is the key file made in the data directory when no key is
// configured.
const keyFileName = "secret.key"

// sealer returns the Sealer for the key f configures: --secret-key-file,
// SWAPSCOUT_SECRET_KEY, or, for SQLite, the data directory's key file (made
// on first start; note says so). Nil with PostgreSQL and no key: the
// database can be read (accuracy), and wireSwaps refuses to create swaps.
// A reader (makeKey false) never makes a key file: without one it reads with
// no key, enough for what needs no secret (the venues' accuracy).
func (f dbFlags) sealer(makeKey bool) (s *seal.Sealer, note string, err error) {
	var k seal.Key
	switch {
	case f.keyFile != "" && f.key != "":
		return nil, "", fmt.Errorf("--secret-key-file and %s are both set: set one", envSecretKey)
	case f.keyFile != "":
		if k, err = seal.ReadKeyFile(f.keyFile); err != nil {
			return nil, "", fmt.Errorf("--secret-key-file: %w", err)
		}
	case f.key != "":
		if k, err = seal.ParseKey(f.key); err != nil {
			return nil, "", fmt.Errorf("%s: %w", envSecretKey, err)
		}
	case f.url != "" || f.dataDir == "":
		return nil, "", nil
	case !makeKey:
		k, err = seal.ReadKeyFile(filepath.Join(f.dataDir, keyFileName))
		if errors.Is(err, fs.ErrNotExist) {
			return nil, "", nil
		} else if err != nil {
			return nil, "", fmt.Errorf("--data-dir: secret key: %w", err)
		}
	default:
		path := filepath.Join(f.dataDir, keyFileName)
		var created bool
		if k, created, err = seal.KeyFile(path); err != nil {
			return nil, "", fmt.Errorf("--data-dir: secret key: %w", err)
		}
		if created {
			note = "made a new secret key for the orders' secrets at " + path + " (keep it with the database: without it, open swaps cannot be followed)"
		}
	}
	return seal.New(k), note, nil
}

// requireKey is the rule for PostgreSQL: instances sharing the database
// must share the key that seals the orders' secrets, so it is configured,
// never made by one of them.
func (f dbFlags) requireKey() error {
	if f.url != "" && f.keyFile == "" && f.key == "" {
		return fmt.Errorf("--database-url needs the key that seals the orders' secrets, the same for every instance: set --secret-key-file or %s (32 random bytes, hex or base64, e.g. `openssl rand -hex 32`)", envSecretKey)
	}
	return nil
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
// It is for readers: it makes no secret key (see dbFlags.sealer).
func openSwapDB(ctx context.Context, f dbFlags) (db *sqlstore.DB, desc string, err error) {
	db, desc, _, err = openSwapDBNote(ctx, f, false)
	return db, desc, err
}

// openSwapDBNote is openSwapDB for a server that writes swaps: with SQLite
// and no key configured it makes the data directory's key, and returns a
// note to log when it did.
func openSwapDBNote(ctx context.Context, f dbFlags, makeKey bool) (db *sqlstore.DB, desc, note string, err error) {
	if f.url == "" && f.dataDir == "" {
		return nil, "none", "", nil
	}
	sealer, note, err := f.sealer(makeKey)
	if err != nil {
		return nil, "", "", err
	}
	opts := sqlstore.Options{Seal: sealer}
	switch {
	case f.url != "":
		db, err = sqlstore.OpenPostgres(ctx, f.url, opts)
		if err != nil {
			return nil, "", "", fmt.Errorf("--database-url: %w", redactURL(err, f.url))
		}
		return db, "postgres", note, nil
	default:
		path := filepath.Join(f.dataDir, swapDBFile)
		db, err = sqlstore.OpenSQLite(ctx, path, opts)
		if err != nil {
			return nil, "", "", fmt.Errorf("--data-dir: %w", err)
		}
		return db, "sqlite " + path, note, nil
	}
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
// shares the API's quote service (quotes), with the registry's swap-capable
// venues.
// Without a database the swap routes answer 503.
func (s *stack) wireSwaps(ctx context.Context, f *dbFlags, d *httpapi.Deps, log *slog.Logger) error {
	if f == nil {
		return nil
	}
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if err := f.requireKey(); err != nil {
		return err
	}
	// One server per SQLite data directory: it alone runs the jobs of the
	// swaps there (track.Config.SoleInstance). Taken before the key or the
	// database is made.
	var lock *sqlstore.DirLock
	if f.url == "" && f.dataDir != "" {
		var err error
		if lock, err = sqlstore.LockDir(f.dataDir); err != nil {
			return fmt.Errorf("--data-dir: %w", err)
		}
	}
	db, desc, note, err := openSwapDBNote(ctx, *f, true)
	if err != nil {
		lock.Release()
		return err
	}
	if note != "" {
		log.Info(note)
	}
	if db != nil {
		sealPlain(ctx, db, log)
		checkSeals(ctx, db, log)
	}
	health := d.Health
	if db == nil {
		log.Warn("no swap database: set --data-dir or --database-url to create swaps")
	} else {
		s.closers = append(s.closers, func() error {
			err := db.Close()
			lock.Release() // after the database, whose writers it guards
			return err
		})
		s.db = db
		book := quotes.New(d.QuoteConfig())
		d.Book = book
		s.swaps = &swaps.Service{Quotes: book, Store: db, Swapper: s.registry.Swapper, Logger: log}
		d.Swaps = s.swaps
		log.Info("swap database", "db", desc)
	}
	dbHealth := &sqlstore.Watch{DB: db, Logger: log}
	d.Health = func(ctx context.Context) map[string]string {
		m := map[string]string{}
		if health != nil {
			m = health(ctx)
		}
		state, ok := dbHealth.State(ctx)
		m["database"] = state
		if !ok {
			m["status"] = "degraded"
		}
		return m
	}
	return nil
}

// sealPlain seals the order secrets an earlier version wrote in plain text.
func sealPlain(ctx context.Context, db *sqlstore.DB, log *slog.Logger) {
	cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	if n, err := db.SealPlain(cctx); err != nil {
		log.Warn("could not seal the order secrets kept in plain text", "sealed", n, "err", err)
	} else if n > 0 {
		log.Info("sealed order secrets kept in plain text by an earlier version", "count", n)
	}
}

// checkSeals warns at start when open swaps' order secrets do not open
// with the key configured: they cannot be followed until it is restored.
func checkSeals(ctx context.Context, db *sqlstore.DB, log *slog.Logger) {
	cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	bad, ids, err := db.SealCheck(cctx)
	switch {
	case err != nil:
		log.Warn("could not check the orders' sealed secrets", "err", err)
	case bad > 0:
		log.Error("open swaps whose order secret does not open with this secret key: they are served but cannot be followed until the key that sealed them is configured (--secret-key-file or "+envSecretKey+")",
			"count", bad, "swaps", strings.Join(ids, ","))
	}
}

// redactPassword masks the password of the database URL or DSN raw where
// msg shows it as a password: the URL's user info ("user:password@",
// escaped or not) and a "password=" parameter (a URL's query, a
// keyword/value DSN). Nothing else is touched: a password that is also the
// user's or the database's name ("postgres") leaves those as they are.
func redactPassword(msg, raw string) string {
	if u, err := url.Parse(raw); err == nil && u.User != nil {
		if pw, ok := u.User.Password(); ok && pw != "" {
			name := u.User.Username()
			masked := url.UserPassword(name, redactedMask).String() + "@"
			for _, info := range []string{u.User.String() + "@", name + ":" + pw + "@"} {
				msg = strings.ReplaceAll(msg, info, masked)
			}
		}
	}
	return passwordParam.ReplaceAllString(msg, "${1}"+redactedMask)
}

// redactedMask stands for a password in messages.
const redactedMask = "xxxxx"

// passwordParam is a password given as a parameter: "password=…" in a URL's
// query or a keyword/value DSN, quoted or not.
var passwordParam = regexp.MustCompile(`(?i)(\bpassword\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s&'"]+)`)
