// Package feed tells the watchers of a swap (event streams, pages) that
// it changed, whichever instance saw the change.
//
// Hub does so within one process. Postgres does so across every instance on
// one PostgreSQL database with LISTEN/NOTIFY: a change is NOTIFYed on one
// channel with the swap id as payload, and each instance's one listening
// connection hands it to its Hub. A notice carries no state: a watcher
// re-reads the swap from the store, so notices may coalesce or repeat
// without harm, and a watcher that missed some (a dropped connection) only
// needs one more.
package feed

import (
	"context"
	"sync"
)

// Hub is the in-process feed. Its zero value is ready to use.
type Hub struct {
	mu   sync.Mutex
	subs map[string]map[chan struct{}]struct{}
}

// Subscribe implements httpapi.SwapFeed: changed receives a value after
// each change of swap id (coalesced while unread); stop releases it.
func (h *Hub) Subscribe(id string) (changed <-chan struct{}, stop func()) {
	ch := make(chan struct{}, 1)
	h.mu.Lock()
	if h.subs == nil {
		h.subs = map[string]map[chan struct{}]struct{}{}
	}
	set := h.subs[id]
	if set == nil {
		set = map[chan struct{}]struct{}{}
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

// Publish tells swap id's watchers in this process that it changed. It never
// blocks: a watcher that has not read the last notice gets no second one.
func (h *Hub) Publish(id string) {
	h.mu.Lock()
	for ch := range h.subs[id] {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
	h.mu.Unlock()
}

// publishAll wakes every watcher, after notices may have been lost.
func (h *Hub) publishAll() {
	h.mu.Lock()
	for _, set := range h.subs {
		for ch := range set {
			select {
			case ch <- struct{}{}:
			default:
			}
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

// Local is a Hub as a publisher for the tracker: SwapChanged publishes in
// this process only (one instance, or SQLite).
type Local struct{ *Hub }

// Changed publishes id; ctx is unused.
func (l Local) Changed(_ context.Context, id string) { l.Publish(id) }
