// Package swapsim is the kit the simulated instant-swap services are built
// from: what every one of them does the same way (writing JSON, answering an
// injected fault, reading a request, resolving a pair through the adapter's
// symbols, refusing an amount or a pair, naming an order's stage with the
// adapter's own status words, probing a pair's limits), so that each
// venue's package under sim/ keeps only its own wire format.
//
// A venue's simulator imports its adapter for the symbols, paths and status
// words the adapter exports; the adapter never imports it.
package swapsim

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// Venue is an instant-swap service's sim.Venue: p priced as an instant
// swap over assets (the adapter's symbols' assets), handler serving its wire
// format, fault its answer to an injected fault, lists the patterns of its
// list endpoints (sim.Venue.Lists).
func Venue(assets []swapscout.Asset, p sim.Profile, handler func(*sim.Exchange) http.Handler, fault func(http.ResponseWriter, *http.Request, sim.Fault), lists ...string) sim.Venue {
	p.Kind, p.Assets = swapscout.InstantSwap, assets
	return sim.Venue{Profile: p, Handler: handler, Fault: fault, Lists: lists}
}

// JSON writes a venue's JSON answers the way the venue does.
type JSON struct {
	ContentType string // "application/json" when empty
	// Prefix is written before every body (WizardSwap starts each with a TAB).
	Prefix []byte
	// EncodeError is answered with HTTP 500 when a value cannot be encoded,
	// which is a bug in the simulator; `{}` when nil.
	EncodeError []byte
}

// Write encodes v and writes it with status.
func (j JSON) Write(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status, b = http.StatusInternalServerError, j.EncodeError
		if b == nil {
			b = []byte("{}")
		}
	}
	ct := j.ContentType
	if ct == "" {
		ct = "application/json"
	}
	w.Header().Set("Content-Type", ct)
	w.WriteHeader(status)
	if len(j.Prefix) > 0 {
		_, _ = w.Write(j.Prefix)
	}
	_, _ = w.Write(b)
}

// Fault is a sim.Venue.Fault that answers an injected fault with the
// venue's own bodies, written by write: rate limiting with HTTP 429, the
// Retry-After header (when retryAfter is set) and the body limited; an
// error with the body failed, as Faults sends it.
func Fault(write func(http.ResponseWriter, int, any), retryAfter string, limited, failed any) func(http.ResponseWriter, *http.Request, sim.Fault) {
	return Faults(func(w http.ResponseWriter) {
		if retryAfter != "" {
			w.Header().Set("Retry-After", retryAfter)
		}
		write(w, http.StatusTooManyRequests, limited)
	}, func(w http.ResponseWriter, status int) { write(w, status, failed) })
}

// Faults is a sim.Venue.Fault that answers an injected rate limit with
// limited, and an injected error with failed, given HTTP 500 and, every
// other time, HTTP 200, as these venues (and the proxies before them) may
// send their error bodies, so that adapters are exercised on reading the
// body rather than the status.
func Faults(limited func(http.ResponseWriter), failed func(w http.ResponseWriter, status int)) func(http.ResponseWriter, *http.Request, sim.Fault) {
	var faults atomic.Uint64
	return func(w http.ResponseWriter, _ *http.Request, f sim.Fault) {
		if f == sim.FaultRateLimit {
			limited(w)
			return
		}
		status := http.StatusInternalServerError
		if faults.Add(1)%2 == 0 {
			status = http.StatusOK
		}
		failed(w, status)
	}
}

// maxBody bounds what a simulated venue reads of a request body.
const maxBody = 1 << 16

// Decode reads a JSON request body of at most 64 KiB into v.
func Decode(w http.ResponseWriter, r *http.Request, v any) error {
	return json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody)).Decode(v)
}

// Body reads a request body of at most 64 KiB, for venues that sign its
// exact bytes or read it more than one way.
func Body(r *http.Request) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r.Body, maxBody))
}

// Keyed wraps h so that a request without a non-empty header (the venue's
// API key) is answered by refuse instead; a prefix (such as "Bearer ") must
// precede the key.
func Keyed(header, prefix string, refuse func(http.ResponseWriter)) func(http.HandlerFunc) http.HandlerFunc {
	return func(h http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			if key, ok := strings.CutPrefix(r.Header.Get(header), prefix); !ok || key == "" {
				refuse(w)
				return
			}
			h(w, r)
		}
	}
}

// Pair returns the assets two codes name in codes (the adapter's symbols
// reversed); ok is false when either is unknown or both name one asset.
func Pair[C comparable](codes map[C]swapscout.Asset, from, to C) (a, b swapscout.Asset, ok bool) {
	a, ok1 := codes[from]
	b, ok2 := codes[to]
	return a, b, ok1 && ok2 && a != b
}

// Refusal writes a venue's answers to what it refuses: an amount below its
// minimum (Below), above its maximum (Above; Below when nil), or a pair it
// does not serve (Pair).
type Refusal struct {
	Below, Above func(w http.ResponseWriter, le *sim.LimitError)
	Pair         func(w http.ResponseWriter)
}

// Write answers err, the error of a quote or an order (sim.Exchange.Quote
// or CreateOrder): a *sim.LimitError with Below or Above, any other with
// Pair. It reports whether there was an error to answer.
func (r Refusal) Write(w http.ResponseWriter, err error) bool {
	var le *sim.LimitError
	switch {
	case err == nil:
		return false
	case errors.As(err, &le) && !le.Below && r.Above != nil:
		r.Above(w, le)
	case errors.As(err, &le):
		r.Below(w, le)
	default:
		r.Pair(w)
	}
	return true
}

// BadAddress reports whether addr is too short to be an address at all (an
// empty or cut-off field), which every simulated venue refuses, each in its
// own words, when an order is created. The simulator checks no chain's
// rules: that check is the swap service's, whatever a venue accepted.
func BadAddress(addr string) bool { return len(addr) < 8 }

// NullString is a as a JSON string, or null when it is zero (an amount the
// venue does not know yet).
func NullString(a swapscout.Amount) any {
	if a.IsZero() {
		return nil
	}
	return a.String()
}
