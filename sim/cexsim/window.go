package cexsim

import (
	"sync"
	"time"
)

// Window is a venue's rate limit as its simulator models it: Limit weight
// (or requests, each weighing 1) per window of Span, counted per key (an
// endpoint, where the venue limits each on its own; "" otherwise) for the
// one client a simulator serves. A window starts with the first request
// after the last one ended, or with Align on a multiple of Span (Binance
// counts per calendar minute). The zero Window with Limit and Span set is
// ready; it is safe for concurrent use.
type Window struct {
	Limit int
	Span  time.Duration
	Align bool

	mu    sync.Mutex
	start time.Time
	used  map[string]int
}

// Take counts weight against key at now if it fits within Limit, and
// reports whether it did, with the weight key has used in the window (what
// was taken included) and when the window ends. A request refused is not
// counted.
func (w *Window) Take(now time.Time, key string, weight int) (used int, reset time.Time, ok bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	start := now
	if w.Align {
		start = now.Truncate(w.Span)
	}
	if w.used == nil || w.Align && !start.Equal(w.start) || !w.Align && now.Sub(w.start) >= w.Span {
		w.start, w.used = start, map[string]int{}
	}
	ok = w.used[key]+weight <= w.Limit
	if ok {
		w.used[key] += weight
	}
	return w.used[key], w.start.Add(w.Span), ok
}
