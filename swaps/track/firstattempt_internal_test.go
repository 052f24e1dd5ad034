package track

import (
	"context"
	"database/sql"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
)

// oneCallback is a Callbacks with one subscribed swap, leased in memory.
type oneCallback struct {
	mu        sync.Mutex
	delivered int
	leased    bool
}

func (c *oneCallback) Callback(context.Context, string) (string, int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return "https://example.com/hook", c.delivered, nil
}

func (c *oneCallback) LeaseCallback(context.Context, string, time.Time, time.Time) (bool, time.Time, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.leased {
		return false, time.Time{}, nil
	}
	c.leased = true
	return true, time.Time{}, nil
}

func (c *oneCallback) AdvanceCallback(_ context.Context, _ string, seq int) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.delivered = max(c.delivered, seq)
	return nil
}

func (c *oneCallback) ReleaseCallback(_ context.Context, _ string, delivered int, _ time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.leased = false
	c.delivered = max(c.delivered, delivered)
	return nil
}

// oneSwap is the swap service as deliveries read it: one swap, one change.
type oneSwap struct{}

func (oneSwap) Poll(context.Context, string) (swaps.Step, error) { return swaps.Step{}, nil }

func (oneSwap) Get(context.Context, string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	return &swapscout.Swap{ID: "s1", Status: swapscout.StatusConfirming},
		[]swapscout.SwapEvent{{At: time.Now(), Status: swapscout.StatusConfirming}}, nil
}

// TestFirstAttemptBeforeTheJob: a change's first webhook POST does not wait
// for its delivery job to be written (on SQLite the insert queues behind
// every other writer for the one write lock); the job is still written.
func TestFirstAttemptBeforeTheJob(t *testing.T) {
	sent := make(chan struct{})
	cb := &oneCallback{}
	cfg := Config{Swaps: oneSwap{}, Webhooks: &Webhooks{Callbacks: cb,
		Send:   func(context.Context, string, swapscout.SwapChange, []byte) error { close(sent); return nil },
		Encode: func(dst []byte, _ *swapscout.Swap, _ []swapscout.SwapEvent) []byte { return append(dst, "{}"...) }}}
	cfg.defaults()
	tr := &Tracker[*sql.Tx]{cfg: cfg}
	tr.deliver = &deliverer{cfg: &tr.cfg, slots: make(chan struct{}, firstAttempts*cfg.Webhooks.Workers)}
	var inserted []river.JobArgs
	tr.insert = func(ctx context.Context, args river.JobArgs) error {
		// The insert holds until the POST is made: it must not come first.
		select {
		case <-sent:
		case <-time.After(10 * time.Second):
			t.Error("the first attempt waited for its job to be written")
		}
		inserted = append(inserted, args)
		return nil
	}
	tr.SwapChanged(context.Background(), swapscout.SwapChange{SwapID: "s1", Seq: 1, Status: swapscout.StatusConfirming})
	tr.deliver.inline.Wait()
	if len(inserted) != 1 || inserted[0] != (deliverArgs{SwapID: "s1", Seq: 1}) {
		t.Errorf("jobs written %v; want the change's delivery", inserted)
	}
	if _, n, _ := cb.Callback(context.Background(), "s1"); n != 1 {
		t.Errorf("delivered %d; want 1", n)
	}
}

// countedSwap is oneSwap counting its reads.
type countedSwap struct {
	oneSwap
	mu   sync.Mutex
	gets int
}

func (s *countedSwap) Get(ctx context.Context, id string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	s.mu.Lock()
	s.gets++
	s.mu.Unlock()
	return s.oneSwap.Get(ctx, id)
}

func (s *countedSwap) reads() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gets
}

// TestFirstAttemptSendsTheCarriedSwap: a change that carries the swap as
// shown is POSTed from it, with no read of the swap before the POST (the
// read after it still looks for a change recorded meanwhile).
func TestFirstAttemptSendsTheCarriedSwap(t *testing.T) {
	sw := &swapscout.Swap{ID: "s1", Status: swapscout.StatusConfirming, DepositTx: "carried"}
	hist := []swapscout.SwapEvent{{At: time.Now(), Status: swapscout.StatusConfirming}}
	svc := &countedSwap{}
	var bodies []string
	var readsAtSend []int
	cfg := Config{Swaps: svc, Webhooks: &Webhooks{Callbacks: &oneCallback{},
		Send: func(context.Context, string, swapscout.SwapChange, []byte) error {
			readsAtSend = append(readsAtSend, svc.reads())
			return nil
		},
		Encode: func(dst []byte, sw *swapscout.Swap, _ []swapscout.SwapEvent) []byte {
			bodies = append(bodies, sw.DepositTx)
			return append(dst, "{}"...)
		}}}
	cfg.defaults()
	tr := &Tracker[*sql.Tx]{cfg: cfg, insert: func(context.Context, river.JobArgs) error { return nil }}
	tr.deliver = &deliverer{cfg: &tr.cfg, slots: make(chan struct{}, firstAttempts*cfg.Webhooks.Workers)}
	tr.SwapChanged(context.Background(), swapscout.SwapChange{SwapID: "s1", Seq: 1, Status: swapscout.StatusConfirming, Shown: sw, History: hist})
	tr.deliver.inline.Wait()
	if len(readsAtSend) != 1 || readsAtSend[0] != 0 || len(bodies) != 1 || bodies[0] != "carried" {
		t.Errorf("POSTs made after %v reads of the swap, of %q; want one, after none, of the carried swap", readsAtSend, bodies)
	}
}
