package httpserver

import (
	"context"
	"log/slog"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"time"
)

// The server's memory. Two behaviours of the Go runtime make a server's RSS
// overshoot and then stay high after a burst of work (a hostile upstream
// answering 100 MB bodies, a flood of uncached quotes):
//
//   - the heap grows to twice its live data before the collector runs
//     (GOGC=100), so budgets that bound the live data (the quote store's,
//     the bodies in flight) bound RSS only at twice their sum; and
//   - memory freed after a burst is not given back: no allocation means no
//     collection, so the burst's garbage stays in the heap, and the
//     scavenger keeps what the heap's last goal (twice the burst's live
//     data) allows. RSS stays at its peak for minutes.
//
// Options.MemoryLimit answers both: a soft limit (runtime/debug.SetMemoryLimit)
// makes the collector run before the heap passes it, and a watcher gives
// memory back (debug.FreeOSMemory) once a burst is over.

// Memory watcher tuning.
const (
	memoryTick = time.Second     // how often the heap is looked at
	memoryGap  = 5 * time.Second // at least this between two returns
	minSpare   = 16 << 20        // never return less than this
)

// limitMemory sets the process's soft memory limit to limit when it is
// positive and the GOMEMLIMIT environment variable does not set one (the
// operator's word wins; GOMEMLIMIT=off lifts every limit). It returns the
// function that restores the previous limit.
func limitMemory(limit int64, getenv func(string) string) (restore func()) {
	if limit <= 0 || getenv("GOMEMLIMIT") != "" {
		return func() {}
	}
	prev := debug.SetMemoryLimit(limit)
	return func() { debug.SetMemoryLimit(prev) }
}

// heapSample is what the watcher reads of the heap: the bytes it holds
// from the OS (objects, live or garbage not yet collected, and free or
// unused spans not yet returned), the live bytes the last collection
// marked, and the bytes allocated since the process began.
type heapSample struct{ held, live, allocs uint64 }

var heapMetrics = []string{
	"/memory/classes/heap/objects:bytes",
	"/memory/classes/heap/free:bytes",
	"/memory/classes/heap/unused:bytes",
	"/gc/heap/live:bytes",
	"/gc/heap/allocs:bytes",
}

// readHeap reads a heapSample from runtime/metrics through buf, the
// samples of heapMetrics (reused: reading allocates nothing).
func readHeap(buf []metrics.Sample) heapSample {
	metrics.Read(buf)
	v := func(i int) uint64 {
		if buf[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return buf[i].Value.Uint64()
	}
	return heapSample{held: v(0) + v(1) + v(2), live: v(3), allocs: v(4)}
}

// memoryWatcher returns memory to the OS after a burst: once the process
// has allocated at least spare bytes since the last return, then allocated
// less than spare/2 in the last memoryTick (the burst is over: nothing
// would reuse the memory soon), while the heap holds at least twice spare,
// it collects and returns every free page at once (debug.FreeOSMemory)
// rather than let RSS sit at the burst's peak for minutes. While a burst
// goes on it does nothing: the memory limit bounds it, and returning pages
// about to be reused would only cost page faults. It returns at most once
// per memoryGap, so a process alternating busy and quiet seconds pays for
// one forced collection every few seconds at most.
//
// The heap's live bytes are not the test: the last collection ran during
// the burst, when the burst's data was still live.
type memoryWatcher struct {
	spare uint64
	read  func() heapSample
	free  func()
	now   func() time.Time
	log   *slog.Logger

	last     heapSample
	pending  uint64 // bytes allocated since the last return
	returned time.Time
}

func newMemoryWatcher(limit int64, log *slog.Logger) *memoryWatcher {
	buf := make([]metrics.Sample, len(heapMetrics))
	for i, name := range heapMetrics {
		buf[i].Name = name
	}
	w := &memoryWatcher{spare: uint64(max(minSpare, limit/8)), read: func() heapSample { return readHeap(buf) },
		free: debug.FreeOSMemory, now: time.Now, log: log}
	w.last = w.read()
	return w
}

// tick looks at the heap once; it reports whether it returned memory.
func (w *memoryWatcher) tick() bool {
	s := w.read()
	allocated := s.allocs - w.last.allocs
	w.last = s
	w.pending += allocated
	if allocated >= w.spare/2 || w.pending < w.spare || s.held < 2*w.spare || w.now().Sub(w.returned) < memoryGap {
		return false
	}
	w.free()
	w.returned, w.pending = w.now(), 0
	after := w.read()
	w.last = after
	w.log.Debug("memory returned to the OS after a burst", "heap_held_before", s.held, "heap_held_after", after.held, "live", after.live)
	return true
}

// run ticks every memoryTick until ctx ends.
func (w *memoryWatcher) run(ctx context.Context) {
	t := time.NewTicker(memoryTick)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			w.tick()
		}
	}
}

// watchMemory applies Options.MemoryLimit for s: the limit, and the watcher
// until shutdown.
func (s *Server) watchMemory(limit int64) {
	if limit <= 0 {
		return
	}
	restore := limitMemory(limit, os.Getenv)
	w := newMemoryWatcher(limit, s.log)
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.run(s.base)
	}()
	s.memDone = func() {
		<-done
		restore()
	}
}
