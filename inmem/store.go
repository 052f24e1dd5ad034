// Package inmem keeps quotes in process memory: the default swapscout.QuoteStore,
// with per-entry TTLs, a byte budget with oldest-first eviction and an
// injectable clock.
package inmem

import (
	"context"
	"hash/maphash"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/opt"
)

// Store is an in-memory swapscout.QuoteStore, safe for concurrent use.
type Store struct {
	mu       sync.RWMutex
	entries  map[string]entry
	order    []slot // puts, oldest first, from head on; stale slots are skipped
	head     int
	bytes    int64
	maxBytes int64
	max      int
	now      func() time.Time
	seq      uint64
	puts     int
	// gone remembers ids recently evicted or expired, as 64-bit hashes, so
	// their answer can say "expired" rather than "not found" (bounded:
	// goneMax ids, about 2 MB).
	gone      map[uint64]struct{}
	goneOrder []uint64
	goneNext  int
	seed      maphash.Seed

	evictions atomic.Uint64
}

type entry struct {
	body    []byte
	quote   *swapscout.Quote // the structured quote beside its bytes (PutQuote); nil after Put
	expires time.Time
	seq     uint64
	size    int64
}

type slot struct {
	id  string
	seq uint64
}

// Options configure a Store.
type Options struct {
	// MaxBytes is the memory budget for stored quotes (bodies' capacity,
	// ids and a fixed per-entry overhead); past it the oldest entries are
	// evicted. Default DefaultMaxBytes. The process's heap holds up to about
	// twice its live data at GOGC=100: set GOMEMLIMIT to bound RSS tightly.
	MaxBytes   int64
	MaxEntries int              // oldest entries are evicted past this (default 100,000)
	Now        func() time.Time // time.Now when nil
}

// DefaultMaxBytes suits a small machine: about 2,500 quotes of 27 venues
// (their buffers are sized for the worst case, ~13 KB), two minutes of 20
// uncached quotes a second. With the other budgets it keeps a server under
// its memory target (serve's memory limit is derived from it).
const DefaultMaxBytes = 32 << 20

// entryOverhead approximates what an entry costs beyond its id and body:
// the map slot, the order slot and the slice headers.
const entryOverhead = 128

const goneMax = 1 << 16

// New returns an empty Store.
func New(o Options) *Store {
	if o.MaxEntries <= 0 {
		o.MaxEntries = 100_000
	}
	o.MaxBytes = opt.Or(o.MaxBytes, DefaultMaxBytes)
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Store{entries: make(map[string]entry), max: o.MaxEntries, maxBytes: o.MaxBytes, now: o.Now, gone: map[uint64]struct{}{}, seed: maphash.MakeSeed()}
}

var (
	errNotFound = swapscout.Errorf(swapscout.ENOTFOUND, "quote not found")
	errExpired  = swapscout.Errorf(swapscout.ENOTFOUND, "quote expired: quotes are kept for a limited time, ask for a new one")
)

// Put stores body under id for ttl. Past the byte budget or the entry
// limit, the oldest entries are evicted first.
func (s *Store) Put(_ context.Context, id string, body []byte, ttl time.Duration) error {
	s.put(id, body, nil, ttl)
	return nil
}

// PutQuote stores q's encoded body under q.ID for ttl, and q itself beside
// it (GetQuote), so a swap is made from the structured quote without
// decoding it again. q must not be modified afterwards.
func (s *Store) PutQuote(_ context.Context, q *swapscout.Quote, body []byte, ttl time.Duration) error {
	s.put(q.ID, body, q, ttl)
	return nil
}

// GetQuote returns the structured quote PutQuote stored under id; errors
// as Get's (a body stored by Put has no structured quote: not found).
func (s *Store) GetQuote(_ context.Context, id string) (*swapscout.Quote, error) {
	s.mu.RLock()
	e, ok := s.entries[id]
	if err := live(s, &e, ok, id, maphash.String); err != nil {
		return nil, err
	}
	if e.quote == nil {
		return nil, errNotFound
	}
	return e.quote, nil
}

// quoteSize approximates what a structured quote holds in memory.
func quoteSize(q *swapscout.Quote) int64 {
	if q == nil {
		return 0
	}
	n := int64(unsafe.Sizeof(*q)) + int64(cap(q.Offers))*int64(unsafe.Sizeof(swapscout.Offer{})) +
		int64(cap(q.Failures))*int64(unsafe.Sizeof(swapscout.Failure{}))
	for i := range q.Offers {
		o := &q.Offers[i]
		n += int64(len(o.Venue)+len(o.Provider)+len(o.Route)+len(o.RateID)) + int64(cap(o.Fees))*int64(unsafe.Sizeof(swapscout.Fee{}))
	}
	for i := range q.Failures {
		n += int64(len(q.Failures[i].Message))
	}
	return n
}

func (s *Store) put(id string, body []byte, q *swapscout.Quote, ttl time.Duration) {
	now := s.now()
	// The body's capacity is what it holds in memory (encoders size their
	// buffers generously), so that is what the budget counts, with the
	// structured quote when there is one.
	size := int64(len(id)+cap(body)) + entryOverhead + quoteSize(q)
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.entries[id]; ok {
		s.bytes -= old.size
	}
	s.seq++
	s.entries[id] = entry{body: body, quote: q, expires: now.Add(ttl), seq: s.seq, size: size}
	s.order = append(s.order, slot{id: id, seq: s.seq})
	s.bytes += size
	s.puts++
	if s.puts%1024 == 0 {
		s.sweep(now)
	}
	for s.head < len(s.order) && (s.bytes > s.maxBytes || len(s.entries) > s.max || s.frontExpired(now)) {
		s.popFront(now)
	}
	if s.head > 1024 && s.head > len(s.order)/2 {
		n := copy(s.order, s.order[s.head:])
		clear(s.order[n:])
		s.order, s.head = s.order[:n], 0
	}
}

func (s *Store) frontExpired(now time.Time) bool {
	sl := s.order[s.head]
	e, ok := s.entries[sl.id]
	return !ok || e.seq != sl.seq || !now.Before(e.expires)
}

// popFront drops the oldest slot and, if it is still current, its entry:
// an eviction unless it had expired anyway.
func (s *Store) popFront(now time.Time) {
	sl := s.order[s.head]
	s.order[s.head] = slot{}
	s.head++
	e, ok := s.entries[sl.id]
	if !ok || e.seq != sl.seq {
		return
	}
	if now.Before(e.expires) {
		s.evictions.Add(1)
	}
	s.remove(sl.id, e)
}

func (s *Store) remove(id string, e entry) {
	delete(s.entries, id)
	s.bytes -= e.size
	h := maphash.String(s.seed, id)
	if len(s.goneOrder) < goneMax {
		s.goneOrder = append(s.goneOrder, h)
	} else {
		delete(s.gone, s.goneOrder[s.goneNext])
		s.goneOrder[s.goneNext] = h
		s.goneNext = (s.goneNext + 1) % goneMax
	}
	s.gone[h] = struct{}{}
}

// Get returns the body stored under id, without allocating. An id that was
// stored but has expired or been evicted gets an error saying so.
func (s *Store) Get(_ context.Context, id []byte) ([]byte, error) {
	s.mu.RLock()
	e, ok := s.entries[string(id)]
	if err := live(s, &e, ok, id, maphash.Bytes); err != nil {
		return nil, err
	}
	return e.body, nil
}

// Len returns the number of entries, expired ones included until swept.
func (s *Store) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.entries)
}

// Bytes returns the bytes the entries are accounted for (see MaxBytes).
func (s *Store) Bytes() int64 {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return s.bytes
}

// Evictions returns how many entries were evicted before their TTL to stay
// within the budget.
func (s *Store) Evictions() uint64 { return s.evictions.Load() }

func (s *Store) sweep(now time.Time) {
	for k, e := range s.entries {
		if !now.Before(e.expires) {
			s.remove(k, e)
		}
	}
}

var _ swapscout.QuoteStore = (*Store)(nil)
