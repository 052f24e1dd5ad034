package httpserver

import (
	"io"
	"log/slog"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

var discard = slog.New(slog.NewTextHandler(io.Discard, nil))

// TestMemoryWatcherWaitsForTheBurstToEnd: memory is returned once a burst
// of allocation is over and the heap holds much; never during a burst,
// never without a burst, never for a small heap, never twice within
// memoryGap.
func TestMemoryWatcherWaitsForTheBurstToEnd(t *testing.T) {
	const mb = 1 << 20
	now := time.Unix(1000, 0)
	var s heapSample
	frees := 0
	w := &memoryWatcher{spare: 16 * mb, read: func() heapSample { return s }, now: func() time.Time { return now },
		free: func() { frees++; s.held = s.live }, log: discard}
	for i, c := range []struct {
		name            string
		held, allocated uint64
		want            bool
	}{
		{"burst: the heap grows, allocating fast", 140 * mb, 200 * mb, false},
		{"burst goes on", 150 * mb, 100 * mb, false},
		{"quiet after the burst: returned", 150 * mb, 1 * mb, true},
		{"quiet, no burst since", 150 * mb, 0, false},
		{"a steady trickle, never quiet enough", 150 * mb, 8 * mb, false},
		{"the trickle goes on", 150 * mb, 8 * mb, false},
		{"quiet after the trickle, within the gap: wait", 150 * mb, 0, false},
		{"still quiet after the gap: returned", 150 * mb, 0, true},
		{"a burst on a small heap", 30 * mb, 20 * mb, false},
		{"quiet, small heap: nothing worth returning", 30 * mb, 0, false},
	} {
		now = now.Add(time.Second)
		if i == 7 {
			now = now.Add(memoryGap)
		}
		s.held, s.live, s.allocs = c.held, 20*mb, s.allocs+c.allocated
		if got := w.tick(); got != c.want {
			t.Errorf("%s: returned %v, want %v", c.name, got, c.want)
		}
	}
	if frees != 2 {
		t.Errorf("%d returns, want 2", frees)
	}
}

// TestMemoryReturnedAfterBurst: with the real runtime, the garbage of a
// burst (64 MiB allocated, then dropped) is collected and its pages given
// back at the watcher's first quiet look, instead of staying in the heap
// until the next collection that no allocation triggers.
func TestMemoryReturnedAfterBurst(t *testing.T) {
	w := newMemoryWatcher(128<<20, discard)
	w.returned = time.Time{}
	burst := make([][]byte, 0, 1024)
	for range 1024 {
		burst = append(burst, make([]byte, 64<<10))
	}
	runtime.KeepAlive(burst)
	burst = nil
	if w.tick() {
		t.Fatal("returned memory right after a burst of allocation")
	}
	before := w.read()
	if !w.tick() {
		t.Fatalf("a quiet look with %d MiB held and %d MiB live returned nothing", before.held>>20, before.live>>20)
	}
	after := w.read()
	if after.held+32<<20 > before.held {
		t.Errorf("heap held %d MiB before, %d MiB after: the burst's memory was not returned", before.held>>20, after.held>>20)
	}
}

// TestMemoryLimit: Options.MemoryLimit is the process's soft limit while the
// server runs and the previous one after Shutdown; GOMEMLIMIT wins.
func TestMemoryLimit(t *testing.T) {
	if os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOMEMLIMIT is set: the operator's limit wins")
	}
	prev := debug.SetMemoryLimit(-1)
	restore := limitMemory(100<<20, func(string) string { return "" })
	if got := debug.SetMemoryLimit(-1); got != 100<<20 {
		t.Errorf("limit %d, want %d", got, 100<<20)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != prev {
		t.Errorf("limit %d after restore, want %d", got, prev)
	}
	limitMemory(100<<20, func(k string) string { return map[string]string{"GOMEMLIMIT": "1GiB"}[k] })()
	if got := debug.SetMemoryLimit(-1); got != prev {
		t.Errorf("limit %d with GOMEMLIMIT set, want the runtime's %d", got, prev)
	}
}
