// Package httprec keeps what a test server received, and loads the bodies
// it answers with: the part the fixture replay servers of the conformance
// suites (chain/chaintest, venue/venuetest) share.
package httprec

import (
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
)

// Request is a request a server received.
type Request struct {
	Method, Path, RawQuery string
	Header                 http.Header
	Body                   []byte
}

// Log records requests; its zero value is ready, and safe for concurrent
// use.
type Log struct {
	mu    sync.Mutex
	reqs  []Request
	count atomic.Int64
}

// Add records r, read at path, with its body.
func (l *Log) Add(r *http.Request, path string, body []byte) {
	l.count.Add(1)
	l.mu.Lock()
	l.reqs = append(l.reqs, Request{Method: r.Method, Path: path, RawQuery: r.URL.RawQuery, Header: r.Header.Clone(), Body: body})
	l.mu.Unlock()
}

// Requests returns the requests received so far.
func (l *Log) Requests() []Request {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.reqs)
}

// Count returns how many requests arrived.
func (l *Log) Count() int64 { return l.count.Load() }

// Fixtures reads the files named under dir, in order; an empty name reads
// as nil. A file that cannot be read fails the test.
func Fixtures(t testing.TB, dir string, names []string) [][]byte {
	t.Helper()
	bodies := make([][]byte, len(names))
	for i, name := range names {
		if name == "" {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		bodies[i] = b
	}
	return bodies
}
