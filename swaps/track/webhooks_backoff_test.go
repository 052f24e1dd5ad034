package track

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/storetest"
)

// backoffRig runs deliveries as River and the poller would, on an injected
// clock: each change gets a job and a first attempt at once; a snoozed job
// runs again when its snooze ends. Nothing sleeps.
type backoffRig struct {
	t     *testing.T
	db    *sqlstore.DB
	d     *deliverer
	now   time.Time
	id    string
	jobs  []*rigJob
	sends []time.Time // when each attempt was made
	ok    []int       // changes delivered, in order
	down  bool        // the receiver fails every POST
}

type rigJob struct {
	seq int
	due time.Time
}

func newBackoffRig(t *testing.T) *backoffRig {
	t.Helper()
	r := &backoffRig{t: t, now: time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC), down: true}
	clock := func() time.Time { return r.now }
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "s.db"), sqlstore.Options{Now: clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	r.db = db
	cfg := &Config{Swaps: &swaps.Service{Store: db}, Now: clock, Logger: slog.New(slog.DiscardHandler), Webhooks: &Webhooks{
		Callbacks: db,
		Encode:    func(dst []byte, sw *swapscout.Swap, _ []swapscout.SwapEvent) []byte { return append(dst, sw.Status...) },
		// RetryDelay without its jitter, so the schedule can be written down.
		Backoff: func(waited time.Duration) time.Duration { return min(waited+2*time.Second, time.Hour) },
		Send: func(_ context.Context, _ string, c swapscout.SwapChange, _ []byte) error {
			r.sends = append(r.sends, r.now)
			if r.down {
				return errors.New("receiver answered 503")
			}
			r.ok = append(r.ok, c.Seq)
			return nil
		},
	}}
	cfg.defaults()
	r.d = &deliverer{cfg: cfg}
	ctx := context.Background()
	sw := storetest.Created(t, db)
	if err := db.SetCallback(ctx, sw.ID, "https://hooks.example/x", 1); err != nil {
		t.Fatal(err)
	}
	r.id = sw.ID
	return r
}

// work runs one delivery of change seq now, as its job or as the first
// attempt beside it, and returns when it asks to run again (zero: done).
func (r *backoffRig) work(seq int) time.Time {
	r.t.Helper()
	err := r.d.Work(context.Background(), &river.Job[deliverArgs]{JobRow: &rivertype.JobRow{}, Args: deliverArgs{SwapID: r.id, Seq: seq}})
	var snooze *river.JobSnoozeError
	switch {
	case err == nil:
		return time.Time{}
	case errors.As(err, &snooze):
		return r.now.Add(snooze.Duration)
	}
	r.t.Fatalf("delivery of change %d: %v", seq, err)
	return time.Time{}
}

// change records a status change now: the poller's job insert and first
// attempt.
func (r *backoffRig) change(st swapscout.SwapStatus) {
	r.t.Helper()
	ctx := context.Background()
	if _, err := r.db.UpdateSwap(ctx, r.id, swapscout.SwapUpdate{Status: st, VenueStatus: string(st)}, r.now); err != nil {
		r.t.Fatal(err)
	}
	hist, err := r.db.SwapEvents(ctx, r.id)
	if err != nil {
		r.t.Fatal(err)
	}
	r.jobs = append(r.jobs, &rigJob{seq: len(hist), due: r.now})
	r.work(len(hist)) // deliverNow
}

// runUntil advances the clock to each due job in turn up to end, running it.
func (r *backoffRig) runUntil(end time.Time) {
	for {
		var next *rigJob
		for _, j := range r.jobs {
			if !j.due.IsZero() && (next == nil || j.due.Before(next.due)) {
				next = j
			}
		}
		if next == nil || next.due.After(end) {
			r.now = end
			return
		}
		if next.due.After(r.now) {
			r.now = next.due
		}
		next.due = r.work(next.seq)
	}
}

// TestWebhookBackoffIsTheSwaps: while a receiver is down, later changes do
// not bring the stuck change's retries forward: attempts follow the
// documented schedule (2 s, 4 s, 8 s … after the change was seen) whatever
// number of jobs and first attempts queue up behind it, one per slot. When
// the receiver is back, the next attempt delivers every change, in order,
// once.
func TestWebhookBackoffIsTheSwaps(t *testing.T) {
	r := newBackoffRig(t)
	start := r.now
	at := func(d time.Duration) time.Time { return start.Add(d) }
	// The swap moves on every few seconds while its receiver is down.
	steps := []struct {
		at time.Duration
		st swapscout.SwapStatus
	}{{0, swapscout.StatusConfirming}, {3 * time.Second, swapscout.StatusExchanging}, {7 * time.Second, swapscout.StatusSending},
		{11 * time.Second, swapscout.StatusWaiting}, {16 * time.Second, swapscout.StatusConfirming}, {20 * time.Second, swapscout.StatusSending}}
	for _, s := range steps {
		r.runUntil(at(s.at))
		r.change(s.st)
	}
	r.runUntil(at(25 * time.Second))
	var got []time.Duration
	for _, s := range r.sends {
		got = append(got, s.Sub(start).Round(100*time.Millisecond))
	}
	want := []time.Duration{0, 2 * time.Second, 6 * time.Second, 14 * time.Second}
	if !slices.Equal(got, want) {
		t.Fatalf("attempts in the first 25 s at %v; want %v (the back-off of the first stuck change)", got, want)
	}
	// The next slot is 30 s after the change: still down. The one after
	// (62 s) finds the receiver back and delivers all six changes.
	r.runUntil(at(40 * time.Second))
	if n := len(r.sends); n != 5 || r.sends[4].Sub(start).Round(100*time.Millisecond) != 30*time.Second {
		t.Fatalf("attempts by 40 s: %v", r.sends)
	}
	r.down = false
	r.runUntil(at(2 * time.Minute))
	if want := []int{2, 3, 4, 5, 6, 7}; !slices.Equal(r.ok, want) {
		t.Errorf("delivered %v; want %v", r.ok, want)
	}
	if last := r.sends[len(r.sends)-1].Sub(start).Round(100 * time.Millisecond); last != 62*time.Second {
		t.Errorf("delivered at %v; want at the 62 s slot", last)
	}
	for _, j := range r.jobs {
		if !j.due.IsZero() {
			t.Errorf("the job of change %d is still due at %v", j.seq, j.due.Sub(start))
		}
	}
	// A new change goes out at once: the back-off ended with the success.
	r.change(swapscout.StatusFinished)
	if got := r.ok[len(r.ok)-1]; got != 8 || !r.sends[len(r.sends)-1].Equal(r.now) {
		t.Errorf("after recovery, change 8 delivered %v at %v; want at once", got, r.sends[len(r.sends)-1].Sub(start))
	}
}

// TestWebhookLeaseHandOver: a change recorded while another delivery of
// the swap holds the lease is delivered by that delivery once it lets go,
// not left for the lease to run out.
func TestWebhookLeaseHandOver(t *testing.T) {
	r := newBackoffRig(t)
	r.down = false
	ctx := context.Background()
	// A delivery of change 2 is under way (it holds the lease) when
	// change 3 is recorded: change 3's own attempts are turned away.
	if _, err := r.db.UpdateSwap(ctx, r.id, swapscout.SwapUpdate{Status: swapscout.StatusConfirming, VenueStatus: "c"}, r.now); err != nil {
		t.Fatal(err)
	}
	send := r.d.cfg.Webhooks.Send
	r.d.cfg.Webhooks.Send = func(ctx context.Context, url string, c swapscout.SwapChange, body []byte) error {
		if c.Seq == 2 {
			r.d.cfg.Webhooks.Send = send
			r.change(swapscout.StatusExchanging)
			if len(r.ok) != 0 {
				t.Errorf("change 3 was sent while change 2 was being delivered")
			}
		}
		return send(ctx, url, c, body)
	}
	if due := r.work(2); !due.IsZero() {
		t.Fatalf("the delivery of change 2 asks to run again at %v", due)
	}
	if want := []int{2, 3}; !slices.Equal(r.ok, want) {
		t.Errorf("delivered %v; want %v, both by the delivery that held the lease", r.ok, want)
	}
}

// TestRetryDelay: the default back-off doubles from 2 s to an hour, with
// at most 10 % jitter, and spends a day in about 35 attempts.
func TestRetryDelay(t *testing.T) {
	var waited time.Duration
	var prev time.Duration
	n := 0
	for waited < 25*time.Hour {
		d := RetryDelay(waited)
		base := min(waited+2*time.Second, time.Hour)
		if d < base || d > base+base/10 {
			t.Fatalf("RetryDelay(%v) = %v; want %v plus at most 10 %%", waited, d, base)
		}
		if n > 0 && d < prev && base < time.Hour {
			t.Errorf("RetryDelay(%v) = %v, shorter than the wait before it (%v)", waited, d, prev)
		}
		prev, waited, n = d, waited+d, n+1
	}
	if n < 30 || n > 40 {
		t.Errorf("%d attempts in 25 h; want about 35", n)
	}
	if d := RetryDelay(0); d > 3*time.Second {
		t.Errorf("first retry after %v", d)
	}
}
