// Package inmem keeps quotes in process memory: the default swapscout.QuoteStore,
// with per-entry TTLs, a size bound and an injectable clock.
package inmem

import (
	"context"
	"sync"
	"time"

	"github.com/swapscout/swapscout"
)

// Store is an in-memory swapscout.QuoteStore, safe for concurrent use.
type Store struct {
	mu      sync.RWMutex
	entries map[string]entry
	max     int
	now     func() time.Time
	puts    int
}

type entry struct {
	body    []byte
	expires time.Time
}

// Options configure a Store.
type Options struct {
	MaxEntries int              // oldest-expiring entries are evicted past this (default 100,000)
	Now        func() time.Time // time.Now when nil
}

// New returns an empty Store.
func New(o Options) *Store {
	if o.MaxEntries <= 0 {
		o.MaxEntries = 100_000
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Store{entries: make(map[string]entry), max: o.MaxEntries, now: o.Now}
}

var errNotFound = swapscout.Errorf(swapscout.ENOTFOUND, "quote not found or expired")

// Put stores body under id for ttl.
func (s *Store) Put(_ context.Context, id string, body []byte, ttl time.Duration) error {
	now := s.now()
	s.mu.Lock()
	defer s.mu.Unlock()
	s.puts++
	if s.puts%1024 == 0 || len(s.entries) >= s.max {
		s.sweep(now)
	}
	for len(s.entries) >= s.max {
		s.evictOne()
	}
	s.entries[id] = entry{body: body, expires: now.Add(ttl)}
	return nil
}

// Get returns the body stored under id, without allocating.
func (s *Store) Get(_ context.Context, id []byte) ([]byte, error) {
	s.mu.RLock()
	e, ok := s.entries[string(id)]
	s.mu.RUnlock()
	if !ok || !s.now().Before(e.expires) {
		return nil, errNotFound
	}
	return e.body, nil
}

// Len returns the number of entries, expired ones included until swept.
func (s *Store) Len() int {
	s.mu.RLock()
	defer s.mu.RUnlock()
	return len(s.entries)
}

func (s *Store) sweep(now time.Time) {
	for k, e := range s.entries {
		if !now.Before(e.expires) {
			delete(s.entries, k)
		}
	}
}

// evictOne drops the entry that expires first (linear, only when full).
func (s *Store) evictOne() {
	var victim string
	var first time.Time
	for k, e := range s.entries {
		if victim == "" || e.expires.Before(first) {
			victim, first = k, e.expires
		}
	}
	delete(s.entries, victim)
}

var _ swapscout.QuoteStore = (*Store)(nil)
