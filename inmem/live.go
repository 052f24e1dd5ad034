package inmem

import "hash/maphash"

// live says whether the entry a lookup of id found (ok) can be served: an
// id not there was never stored, or is gone (evicted: expired); one past
// its expiry has expired. It is called with s.mu read-locked, unlocks it,
// and hashes id (a string or the bytes of one, without copying) only when
// it is not there.
func live[K string | []byte](s *Store, e *entry, ok bool, id K, hash func(maphash.Seed, K) uint64) error {
	if !ok {
		_, gone := s.gone[hash(s.seed, id)]
		s.mu.RUnlock()
		if gone {
			return errExpired
		}
		return errNotFound
	}
	s.mu.RUnlock()
	if !s.now().Before(e.expires) {
		return errExpired
	}
	return nil
}
