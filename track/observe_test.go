package track_test

import (
	"context"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/riverqueue/river/riverdriver/riversqlite"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/track"
	"github.com/swapscout/swapscout/webhook"
)

// observed records what a track.Observer hears.
type observed struct {
	mu        sync.Mutex
	polls     map[string]int // by venue
	failed    int            // polls that failed
	late      int            // polls started
	delivered map[string]int // by outcome
}

func (o *observed) observer() track.Observer {
	return track.Observer{
		Polled: func(venue string, took time.Duration, err error) {
			o.mu.Lock()
			defer o.mu.Unlock()
			o.polls[venue]++
			if err != nil {
				o.failed++
			}
			if took < 0 {
				panic("negative call time")
			}
		},
		Late: func(late time.Duration) {
			o.mu.Lock()
			defer o.mu.Unlock()
			if late < 0 {
				panic("negative lateness")
			}
			o.late++
		},
		Delivered: func(err error, gaveUp bool) {
			o.mu.Lock()
			defer o.mu.Unlock()
			switch {
			case err == nil:
				o.delivered["delivered"]++
			case gaveUp:
				o.delivered["given_up"]++
			default:
				o.delivered["failed"]++
			}
		},
	}
}

// flaky is a venue that answers its second status call with a rate limit.
type flaky struct {
	*venue
	mu    sync.Mutex
	calls int
}

func (f *flaky) SwapStatus(ctx context.Context, id string) (swapscout.SwapUpdate, error) {
	f.mu.Lock()
	f.calls++
	n := f.calls
	f.mu.Unlock()
	if n == 2 {
		return swapscout.SwapUpdate{}, &swapscout.VenueError{Code: swapscout.CodeRateLimited, Msg: "slow down"}
	}
	return f.venue.SwapStatus(ctx, id)
}

// TestObserver: the observer hears of every status call the venue got
// (the failed one as failed), of every poll's start, and of every webhook
// POST the receiver got, by outcome: the change that never gets through
// failed, then (once the clock has passed its give-up time) was given up;
// the others delivered.
func TestObserver(t *testing.T) {
	ctx := context.Background()
	db := sqliteDB(t)
	drv := riversqlite.New(db.SQL())
	if err := track.Migrate(ctx, drv); err != nil {
		t.Fatal(err)
	}
	var bad string
	var skew atomic.Int64 // the tracker's clock runs this far ahead
	refused := 0
	rc := &receiver{t: t, secret: []byte("whsec")}
	rc.fail = func(_ int, d string) bool {
		if d != bad {
			return false
		}
		if refused++; refused == 2 {
			skew.Store(int64(2 * time.Hour)) // past GiveUpAfter: this POST's failure gives the change up
		}
		return true
	}
	srv := httptest.NewServer(rc)
	defer srv.Close()
	v := &flaky{venue: &venue{steps: progress, calls: map[string]int{}}}
	o := &observed{polls: map[string]int{}, delivered: map[string]int{}}
	sender := &webhook.Sender{Secret: rc.secret, Client: webhook.Client(2*time.Second, true)}
	tr, err := track.New(drv, track.Config{Store: db, Swapper: func(string) (swapscout.Swapper, bool) { return v, true },
		Schedule: fast, Logger: quiet, FetchInterval: 20 * time.Millisecond, Observer: o.observer(),
		Now: func() time.Time { return time.Now().Add(time.Duration(skew.Load())) },
		Webhooks: &track.Webhooks{Callbacks: db, Send: sender.Send, Encode: api.AppendSwap, GiveUpAfter: time.Hour,
			Backoff: func(time.Duration) time.Duration { return 10 * time.Millisecond }}})
	if err != nil {
		t.Fatal(err)
	}
	if err := tr.Start(ctx); err != nil {
		t.Fatal(err)
	}
	sw := createSwap(t, db)
	bad = sw.ID + ".2" // confirming never gets through
	sw.CallbackURL = srv.URL
	if err := tr.Follow(ctx, sw); err != nil {
		t.Fatal(err)
	}
	waitStatus(t, db, sw.ID, swapscout.StatusFinished)
	waitDeliveries(t, rc, 3)
	if err := tr.Stop(ctx); err != nil {
		t.Fatal(err)
	}

	o.mu.Lock()
	defer o.mu.Unlock()
	v.mu.Lock()
	calls := v.calls
	v.mu.Unlock()
	if o.polls[sw.Venue] != calls || len(o.polls) != 1 || o.failed != 1 {
		t.Errorf("observed polls %v (%d failed); the venue got %d calls, one failed", o.polls, o.failed, calls)
	}
	if o.late < calls {
		t.Errorf("observed %d poll starts; want at least the %d polls", o.late, calls)
	}
	rc.mu.Lock()
	posts := rc.calls
	rc.mu.Unlock()
	total := o.delivered["delivered"] + o.delivered["failed"] + o.delivered["given_up"]
	if total != posts || o.delivered["delivered"] != 3 || o.delivered["failed"] != 1 || o.delivered["given_up"] != 1 {
		t.Errorf("observed deliveries %v; the receiver got %d POSTs: 3 delivered, the bad change failed once then given up", o.delivered, posts)
	}
}
