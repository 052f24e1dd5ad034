package track_test

import (
	"context"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps/track"
	"github.com/swapscout/swapscout/swaps/webhook"
)

// observed records what the swap service's OnPoll and a track.Observer
// hear.
type observed struct {
	mu        sync.Mutex
	polls     map[string]int // by venue
	failed    int            // polls that failed
	late      int            // polls started
	delivered map[string]int // by outcome
	changes   []swapscout.SwapStatus
	pushed    int // changes delivered, with their lag
}

// polled is the service's OnPoll.
func (o *observed) polled(venue string, took time.Duration, err error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.polls[venue]++
	if err != nil {
		o.failed++
	}
	if took < 0 {
		panic("negative call time")
	}
}

func (o *observed) observer() track.Observer {
	return track.Observer{
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
		Changed: func(st swapscout.SwapStatus) {
			o.mu.Lock()
			defer o.mu.Unlock()
			o.changes = append(o.changes, st)
		},
		Pushed: func(lag time.Duration) {
			o.mu.Lock()
			defer o.mu.Unlock()
			if lag < 0 {
				panic("negative push lag")
			}
			o.pushed++
		},
	}
}

// flaky is a venue that answers its second status call with a rate limit.
type flaky struct {
	*venue
	mu    sync.Mutex
	calls int
}

func (f *flaky) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	f.mu.Lock()
	f.calls++
	n := f.calls
	f.mu.Unlock()
	if n == 2 {
		return swapscout.SwapUpdate{}, &swapscout.VenueError{Code: swapscout.CodeRateLimited, Msg: "slow down"}
	}
	return f.venue.SwapStatus(ctx, ref)
}

// TestObserver: the service's OnPoll hears of every status call the venue
// got (the failed one as failed); the tracker's observer hears of every
// poll's start, and of every webhook POST the receiver got, by outcome: the
// change that never gets through failed, then (once the clock has passed
// its give-up time) was given up; the others delivered.
func TestObserver(t *testing.T) {
	ctx := context.Background()
	db := sqliteDB(t)
	var bad string
	var skew atomic.Int64 // the tracker's clock runs this far ahead
	refused := 0
	rc := &receiver{t: t, secret: []byte("whsec")}
	rc.fail = func(_ int, d string) bool {
		if d != bad {
			return false
		}
		if refused++; refused == 2 {
			// Past GiveUpAfter, this POST's failure gives the change up;
			// within the delivery's lease (6 × Timeout + 30 s), so no
			// other delivery takes the swap while this one runs.
			skew.Store(int64(time.Minute))
		}
		return true
	}
	srv := httptest.NewServer(rc)
	defer srv.Close()
	v := &flaky{venue: &venue{steps: progress, calls: map[string]int{}}}
	o := &observed{polls: map[string]int{}, delivered: map[string]int{}}
	sender := &webhook.Sender{Secret: rc.secret, Client: webhook.Client(2*time.Second, true)}
	svc := service(db, v, fast)
	svc.Callbacks, svc.OnPoll = db, o.polled
	tr := startTracker(t, db, svc, track.Config{Observer: o.observer(),
		Now: func() time.Time { return time.Now().Add(time.Duration(skew.Load())) },
		Webhooks: &track.Webhooks{Callbacks: db, Send: sender.Send, Encode: encode, Timeout: 10 * time.Second, GiveUpAfter: 30 * time.Second,
			Backoff: func(time.Duration) time.Duration { return 10 * time.Millisecond }}})
	sw := createSwap(t, db)
	bad = sw.ID + ".2" // confirming never gets through
	follow(t, svc, sw, srv.URL)
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
	// Delivery is at least once: a change the receiver accepted may come
	// again (a job retried after its POST got through), so the observer
	// must count what the receiver saw, whatever that was, and every
	// good change must have arrived.
	rc.mu.Lock()
	posts, accepted := rc.calls, len(rc.got)
	distinct := map[string]bool{}
	for _, d := range rc.seqs {
		distinct[d] = true
	}
	rc.mu.Unlock()
	total := o.delivered["delivered"] + o.delivered["failed"] + o.delivered["given_up"]
	if total != posts || o.delivered["delivered"] != accepted || len(distinct) != 3 || o.delivered["failed"] != 1 || o.delivered["given_up"] != 1 {
		t.Errorf("observed deliveries %v; the receiver got %d POSTs, accepted %d (%d distinct changes): want every POST observed, 3 changes delivered, the bad change failed once then given up", o.delivered, posts, accepted, len(distinct))
	}
	if o.pushed != o.delivered["delivered"] {
		t.Errorf("observed %d push lags; want one per delivered POST (%d)", o.pushed, o.delivered["delivered"])
	}
	hist, err := db.SwapEvents(ctx, sw.ID)
	if err != nil {
		t.Fatal(err)
	}
	var want []swapscout.SwapStatus
	for _, e := range hist[1:] {
		want = append(want, e.Status)
	}
	if !slices.Equal(o.changes, want) {
		t.Errorf("observed changes %v; want each change after creation, once: %v", o.changes, want)
	}
}
