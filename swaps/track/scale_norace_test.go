// The scale tests measure time and CPU per poll: under the race detector
// (10–20× slower) they measure the detector.

//go:build !race

package track_test

import (
	"context"
	"fmt"
	"github.com/swapscout/swapscout/internal/tier"
	"os"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/track"
)

// scaleVenues is how many venues the scale tests spread their swaps over
// (the simulator's instant-swap venues).
const scaleVenues = 14

// pollLog is a set of rate-limited fake venues that record every status
// call: which order, when.
type pollLog struct {
	mu    sync.Mutex
	polls map[string][]time.Time // by order id
	calls [scaleVenues][]time.Time
}

type limitedVenue struct {
	log *pollLog
	i   int
	lim *rate.Limiter // this instance's outbound limit for the venue, as venue.Guard applies it
}

func (v *limitedVenue) CreateSwap(context.Context, swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	panic("not used")
}

func (v *limitedVenue) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	id := ref.ID
	if err := v.lim.Wait(ctx); err != nil {
		return swapscout.SwapUpdate{}, err
	}
	now := time.Now()
	v.log.mu.Lock()
	v.log.polls[id] = append(v.log.polls[id], now)
	v.log.calls[v.i] = append(v.log.calls[v.i], now)
	v.log.mu.Unlock()
	return swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "wait"}, nil
}

// newVenues returns one instance's venues, each limited to perSecond.
func (l *pollLog) newVenues(perSecond float64) func(string) (swapscout.Swapper, bool) {
	vs := map[string]swapscout.Swapper{}
	for i := range scaleVenues {
		vs["v"+strconv.Itoa(i)] = &limitedVenue{log: l, i: i, lim: rate.NewLimiter(rate.Limit(perSecond), int(perSecond))}
	}
	return func(id string) (swapscout.Swapper, bool) { s, ok := vs[id]; return s, ok }
}

// insertOpen writes n created, waiting swaps spread over the venues, in
// one transaction, and returns their ids.
func insertOpen(t testing.TB, db *sqlstore.DB, n int) []string {
	t.Helper()
	ctx := context.Background()
	q := `INSERT INTO swaps (id, idempotency_key, request_hash, quote_id, venue, venue_order_id, from_ticker, from_network,
		to_ticker, to_network, direction, rate_type, amount_in, amount_out, payout_address, status, created_at, updated_at)
		VALUES (?, ?, 'h', 'q', ?, ?, 'btc', 'btc', 'eth', 'eth', 'send', 'float', '1', '30', 'addr', 'waiting', ?, ?)`
	if db.Dialect() == sqlstore.Postgres {
		q = `INSERT INTO swaps (id, idempotency_key, request_hash, quote_id, venue, venue_order_id, from_ticker, from_network,
		to_ticker, to_network, direction, rate_type, amount_in, amount_out, payout_address, status, created_at, updated_at)
		VALUES ($1, $2, 'h', 'q', $3, $4, 'btc', 'btc', 'eth', 'eth', 'send', 'float', '1', '30', 'addr', 'waiting', $5, $6)`
	}
	tx, err := db.SQL().BeginTx(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	stmt, err := tx.PrepareContext(ctx, q)
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().UnixNano()
	ids := make([]string, n)
	for i := range ids {
		id := swapscout.NewSwapID()
		ids[i] = id
		if _, err := stmt.ExecContext(ctx, id, "k"+id, "v"+strconv.Itoa(i%scaleVenues), "o-"+id, now, now); err != nil {
			t.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		t.Fatal(err)
	}
	return ids
}

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// scaleRun is the outcome of a scale run.
type scaleRun struct {
	swaps, rounds int
	interval      time.Duration
	polls         int
	minPolls      int           // fewest polls of one swap in the window
	maxPolls      int           // most polls of one swap in the window (duplicates show here)
	minGap        time.Duration // shortest time between two polls of one swap
	maxGap        time.Duration // longest (a starved swap shows as ≫ interval)
	unpolled      int           // swaps never polled in the measured window
	peakVenue     int           // most calls to one venue within one second
	cpuPerPoll    time.Duration
}

func (r scaleRun) String() string {
	return fmt.Sprintf("%d swaps, interval %v, %d rounds: %d polls (%.3f per swap per interval; %d…%d per swap), gaps %v…%v, %d never polled, peak %d calls/s to one venue, CPU %v per poll",
		r.swaps, r.interval, r.rounds, r.polls, float64(r.polls)/float64(r.swaps*r.rounds), r.minPolls, r.maxPolls, r.minGap.Round(time.Millisecond),
		r.maxGap.Round(time.Millisecond), r.unpolled, r.peakVenue, r.cpuPerPoll.Round(time.Microsecond))
}

// measure lets the trackers run a warm-up round (the first polls of every
// swap), then measures rounds intervals.
func (l *pollLog) measure(t testing.TB, ids []string, interval time.Duration, rounds int) scaleRun {
	t.Helper()
	// Warm-up: until every swap has been polled once.
	deadline := time.Now().Add(10*interval + time.Minute)
	for {
		l.mu.Lock()
		n := len(l.polls)
		l.mu.Unlock()
		if n == len(ids) {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("only %d of %d swaps polled once after %v", n, len(ids), 10*interval+time.Minute)
		}
		time.Sleep(100 * time.Millisecond)
	}
	// The swaps came due together and stay in step (±5 % a round): a
	// window starting right after the warm-up ends just after the third
	// round's due instant, and a round's polls run up to a fetch interval
	// late, so part of them fell past its end (0.91 per swap per interval
	// with every gap near the interval). Start half an interval on: the
	// window's edges fall between rounds.
	time.Sleep(interval / 2)
	start, cpu0 := time.Now(), cpuTime()
	time.Sleep(time.Duration(rounds) * interval)
	end, cpu1 := time.Now(), cpuTime()
	l.mu.Lock()
	defer l.mu.Unlock()
	r := scaleRun{swaps: len(ids), rounds: rounds, interval: interval, minGap: time.Hour, minPolls: 1 << 30}
	for _, id := range ids {
		ps := l.polls["o-"+id]
		in := 0
		for i, p := range ps {
			if p.Before(start) || p.After(end) {
				continue
			}
			in++
			if i > 0 {
				g := p.Sub(ps[i-1])
				r.minGap, r.maxGap = min(r.minGap, g), max(r.maxGap, g)
			}
		}
		if in == 0 {
			r.unpolled++
		}
		r.minPolls, r.maxPolls = min(r.minPolls, in), max(r.maxPolls, in)
		r.polls += in
	}
	for _, calls := range l.calls {
		j := 0
		for i := range calls {
			for calls[i].Sub(calls[j]) >= time.Second {
				j++
			}
			r.peakVenue = max(r.peakVenue, i-j+1)
		}
	}
	if r.polls > 0 {
		r.cpuPerPoll = (cpu1 - cpu0) / time.Duration(r.polls)
	}
	return r
}

// check asserts what the tracker guarantees whatever the machine's load:
//
//   - none starved: every swap polled in the window;
//   - no duplicates: one job per swap, locked while it runs, each poll due
//     0.95–1.05 intervals after the last was due: at most 4 dues fall in 3
//     intervals (rounds+1), and a poll that ran more than an interval late
//     is followed at once by its successor, already due (one more at the
//     window's start on a very busy box): rounds+2. Polling twice per due
//     (two jobs for one swap) gives 2×rounds, above it for rounds ≥ 3;
//   - bounded gaps: a poll is due at most 1.05 intervals after the last was
//     due; River makes a job snoozed past its scheduler round (5 s) available
//     at the next round and fetches it within FetchInterval (1 s). Lateness
//     beyond that is the machine's: another interval of it is allowed, so a
//     gap past 2 intervals + 6 s means a lost schedule, not a busy box;
//   - no venue over its limit: a limiter of rate r and burst r lets at most
//     2r calls through in any second.
//
// Polls per swap per interval is the machine's throughput, not a property
// of the code: a loaded CI box fell to 0.91 with 300 swaps at 75 polls/s
// (polls run late by the scheduler round and the box's queue, and a late
// poll at the window's end is counted in the next window). CI does not
// judge it; a benchmark run (SWAPSCOUT_TRACK_SCALE set) does: want 0.98.
func (r scaleRun) check(t testing.TB, perSecond float64) {
	t.Helper()
	if r.unpolled > 0 {
		t.Errorf("%d swaps starved (never polled in %d intervals)", r.unpolled, r.rounds)
	}
	if r.maxPolls > r.rounds+2 {
		t.Errorf("a swap polled %d times in %d intervals: polled twice for one due", r.maxPolls, r.rounds)
	}
	if bound := 2*r.interval + 6*time.Second; r.maxGap > bound {
		t.Errorf("a swap waited %v between polls (interval %v, bound %v)", r.maxGap, r.interval, bound)
	}
	if float64(r.peakVenue) > 2*perSecond {
		t.Errorf("peak %d calls/s to one venue; its limit is %g/s (burst as much)", r.peakVenue, perSecond)
	}
	if ratio := float64(r.polls) / float64(r.swaps*r.rounds); os.Getenv("SWAPSCOUT_TRACK_SCALE") != "" && ratio < 0.98 {
		t.Errorf("%.3f polls per swap per interval; the target is 1 (this machine kept up with %.0f polls/s of %.0f due)",
			ratio, float64(r.polls)/(float64(r.rounds)*r.interval.Seconds()), float64(r.swaps)/r.interval.Seconds())
	}
}

// scaleWorkers is each instance's polls at once (--track-workers):
// SWAPSCOUT_TRACK_WORKERS, 100 by default. River fetches at most that many
// jobs per round, so it bounds the polls per second.
func scaleWorkers() int {
	if v, err := strconv.Atoi(os.Getenv("SWAPSCOUT_TRACK_WORKERS")); err == nil && v > 0 {
		return v
	}
	return 100
}

// scaleInterval is the polling interval: SWAPSCOUT_TRACK_INTERVAL (a Go
// duration) or def.
func scaleInterval(def time.Duration) time.Duration {
	if v, err := time.ParseDuration(os.Getenv("SWAPSCOUT_TRACK_INTERVAL")); err == nil && v > 0 {
		return v
	}
	return def
}

func scaleSize(def int) int {
	if v, err := strconv.Atoi(os.Getenv("SWAPSCOUT_TRACK_SCALE")); err == nil && v > 0 {
		return v
	}
	return def
}

// TestScaleSQLite: one instance on SQLite follows many open swaps, each
// polled once per interval: no duplicates, none starved, no venue over its
// limit. CI runs 300 swaps; SWAPSCOUT_TRACK_SCALE=10000 is the benchmark
// (BENCHMARKS.md).
func TestScaleSQLite(t *testing.T) {
	tier.E2E(t)
	n := scaleSize(300)
	interval := scaleInterval(max(4*time.Second, time.Duration(n)*time.Second/250)) // 250 polls/s: a third under what one SQLite instance sustains here
	perSecond := 2 * float64(n) / interval.Seconds() / scaleVenues                  // twice the steady need
	ctx := context.Background()
	db := sqliteDB(t)
	l := &pollLog{polls: map[string][]time.Time{}}
	svc := &swaps.Service{Store: db, Swapper: l.newVenues(perSecond), Logger: quiet,
		Schedule: func(time.Duration) time.Duration { return interval }}
	tr, err := track.OpenSQLite(ctx, db.SQL(), track.Config{Swaps: svc, Logger: quiet, Workers: scaleWorkers()})
	if err != nil {
		t.Fatal(err)
	}
	ids := insertOpen(t, db, n)
	if _, err := tr.Track(ctx, ids...); err != nil {
		t.Fatal(err)
	}
	if err := tr.Start(ctx); err != nil {
		t.Fatal(err)
	}
	defer tr.Stop(ctx)
	r := l.measure(t, ids, interval, 3)
	t.Logf("SQLite, one instance: %v (venue limit %.0f/s)", r, perSecond)
	r.check(t, perSecond)
}

// TestScalePostgres: two instances on one PostgreSQL share the swaps; each
// swap is polled once per interval by one of them. CI runs 600 swaps;
// SWAPSCOUT_TRACK_SCALE=100000 is the benchmark.
func TestScalePostgres(t *testing.T) {
	tier.E2E(t)
	n := scaleSize(600)
	interval := scaleInterval(max(4*time.Second, time.Duration(n)*time.Second/1000))
	perSecond := 2 * float64(n) / interval.Seconds() / scaleVenues
	ctx := context.Background()
	url := pgtest.URL(t)
	l := &pollLog{polls: map[string][]time.Time{}}
	var ids []string
	for i := range 2 {
		db, err := sqlstore.OpenPostgres(ctx, url, sqlstore.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		// Each instance holds its own limiter per venue, at half the
		// venue's limit: together they stay within it.
		svc := &swaps.Service{Store: db, Swapper: l.newVenues(perSecond / 2), Logger: quiet,
			Schedule: func(time.Duration) time.Duration { return interval }}
		tr, err := track.OpenPostgres(ctx, url, track.Config{Swaps: svc, Logger: quiet, Workers: scaleWorkers()})
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			ids = insertOpen(t, db, n)
			if _, err := tr.Track(ctx, ids...); err != nil {
				t.Fatal(err)
			}
		}
		if err := tr.Start(ctx); err != nil {
			t.Fatal(err)
		}
		defer tr.Stop(ctx)
	}
	r := l.measure(t, ids, interval, 3)
	t.Logf("PostgreSQL, two instances: %v (venue limit %.0f/s)", r, perSecond)
	r.check(t, perSecond)
}
