package chain

import (
	"context"
	"sync"
	"time"

	"golang.org/x/sync/singleflight"
)

// Tip caches an endpoint's tip height (the latest block or slot) for TTL,
// so that a thousand swaps polled within one block time cost one tip call,
// not a thousand; concurrent misses share one call.
type Tip struct {
	TTL time.Duration
	Now func() time.Time

	mu     sync.Mutex
	height int64
	at     time.Time
	group  singleflight.Group
}

// Get returns the cached height while it is younger than TTL, else calls
// fetch (once for all concurrent callers) and caches its answer.
func (t *Tip) Get(ctx context.Context, fetch func(context.Context) (int64, error)) (int64, error) {
	now := t.now()
	t.mu.Lock()
	if !t.at.IsZero() && now.Sub(t.at) < t.TTL {
		h := t.height
		t.mu.Unlock()
		return h, nil
	}
	t.mu.Unlock()
	v, err, _ := t.group.Do("tip", func() (any, error) {
		h, err := fetch(ctx)
		if err != nil {
			return int64(0), err
		}
		t.mu.Lock()
		if h >= t.height { // a lagging backend never moves the tip back
			t.height = h
		}
		t.at = t.now()
		h = t.height
		t.mu.Unlock()
		return h, nil
	})
	return v.(int64), err
}

func (t *Tip) now() time.Time {
	if t.Now != nil {
		return t.Now()
	}
	return time.Now()
}

// Memo is a bounded map for answers that never change once final (a
// confirmed transaction's contents, a block's time): past Max entries the
// oldest is forgotten. Safe for concurrent use.
type Memo[K comparable, V any] struct {
	Max int // 4096 when zero

	mu   sync.Mutex
	m    map[K]V
	fifo []K
}

// Get returns the value stored for k.
func (m *Memo[K, V]) Get(k K) (V, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	v, ok := m.m[k]
	return v, ok
}

// Put stores v for k.
func (m *Memo[K, V]) Put(k K, v V) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.m == nil {
		m.m = make(map[K]V)
	}
	if _, ok := m.m[k]; !ok {
		m.fifo = append(m.fifo, k)
	}
	m.m[k] = v
	limit := m.Max
	if limit <= 0 {
		limit = 4096
	}
	for len(m.fifo) > limit {
		delete(m.m, m.fifo[0])
		m.fifo = m.fifo[1:]
	}
}

// Len returns how many entries m holds.
func (m *Memo[K, V]) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.m)
}
