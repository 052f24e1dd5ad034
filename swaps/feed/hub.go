// Package feed tells the watchers of a swap (event streams, pages) of its
// changes, whichever instance recorded them: the swap service's
// swapscout.SwapChange, heard as a swaps.Listener.
//
// Hub does so within one process. Postgres does so across every instance on
// one PostgreSQL database with LISTEN/NOTIFY: a change is NOTIFYed on one
// channel, and each instance's one listening connection hands it to its
// Hub. A change carries no state beyond its number and status: a watcher
// re-reads the swap from the store, so changes may coalesce or repeat
// without harm, and a watcher that missed some (a dropped connection) only
// needs one more.
package feed

import (
	"context"
	"sync"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
)

// Hub is the in-process feed. Its zero value is ready to use.
type Hub struct {
	mu   sync.Mutex
	subs map[string]map[chan swapscout.SwapChange]struct{}
}

var _ swaps.Listener = (*Hub)(nil)

// Subscribe implements httpapi.SwapFeed: changed receives each change of
// swap id (while one is unread, a later one replaces it: a watcher sees the
// latest); stop releases it.
func (h *Hub) Subscribe(id string) (changed <-chan swapscout.SwapChange, stop func()) {
	ch := make(chan swapscout.SwapChange, 1)
	h.mu.Lock()
	if h.subs == nil {
		h.subs = map[string]map[chan swapscout.SwapChange]struct{}{}
	}
	set := h.subs[id]
	if set == nil {
		set = map[chan swapscout.SwapChange]struct{}{}
		h.subs[id] = set
	}
	set[ch] = struct{}{}
	h.mu.Unlock()
	var once sync.Once
	return ch, func() {
		once.Do(func() {
			h.mu.Lock()
			delete(set, ch)
			if len(set) == 0 && h.subs[id] != nil && len(h.subs[id]) == 0 {
				delete(h.subs, id)
			}
			h.mu.Unlock()
		})
	}
}

// SwapChanged implements swaps.Listener: it publishes c in this process
// only (one instance, or SQLite).
func (h *Hub) SwapChanged(_ context.Context, c swapscout.SwapChange) { h.Publish(c) }

// Publish tells the swap's watchers in this process of change c. It never
// blocks: a watcher that has not read the last change has it replaced by c.
func (h *Hub) Publish(c swapscout.SwapChange) {
	h.mu.Lock()
	for ch := range h.subs[c.SwapID] {
		offer(ch, c)
	}
	h.mu.Unlock()
}

// offer puts c in ch, in place of a change still unread.
func offer(ch chan swapscout.SwapChange, c swapscout.SwapChange) {
	for {
		select {
		case ch <- c:
			return
		default:
		}
		select {
		case <-ch: // the reader has not taken it: the newer replaces it
		default:
		}
	}
}

// publishAll wakes every watcher, after changes may have been lost: each
// hears a change of its swap whose number is not known (Seq 0).
func (h *Hub) publishAll() {
	h.mu.Lock()
	for id, set := range h.subs {
		for ch := range set {
			offer(ch, swapscout.SwapChange{SwapID: id})
		}
	}
	h.mu.Unlock()
}

// Watchers returns how many subscriptions are open, for tests and metrics.
func (h *Hub) Watchers() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, set := range h.subs {
		n += len(set)
	}
	return n
}
