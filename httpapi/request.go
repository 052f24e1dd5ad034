// Package httpapi is swapscout's HTTP JSON API, independent of the transport:
// handlers are actions that take a *Request and return a Response value (or an
// error mapped to a status in one table), every route is listed in routes.go,
// and the OpenAPI document in openapi.json describes exactly those routes.
// It parses requests, limits each client and writes answers: the quote use
// case is package quotes', the JSON package api's. Package httpserver
// carries Requests and Responses over a real server.
package httpapi

import (
	"bytes"
	"context"
	"net"
	"time"
)

// HeaderPeeker reads a request header; *fasthttp.RequestHeader satisfies it.
type HeaderPeeker interface {
	Peek(name string) []byte
}

// Request is what an action sees of an HTTP request, whatever the transport.
// Transports fill it and reuse it across requests: nothing in it may be kept
// after the action returns.
type Request struct {
	Ctx      context.Context
	Method   string
	Path     []byte
	RawQuery []byte
	Header   HeaderPeeker
	// Now is when the transport started handling the request (zero: the
	// handler reads its own clock). fasthttp has it for free.
	Now time.Time
	// ID is the request id (X-Request-Id), Remote the peer's address; both
	// set by the transport when it has them.
	ID     []byte
	Remote net.Addr
	// Body is the request's body, read by the transport: at most MaxBody+1
	// bytes of it, so an action can tell that it was longer (JSONBody).
	Body []byte

	params  [2]param
	nparams int
	buf     []byte    // scratch space for unescaped query values
	head    [48]byte  // room for a response's Head (see Response.Head)
	key     [192]byte // room for a cache key (a stack array would escape)
}

type param struct {
	name  string
	value []byte
}

// Reset clears r for reuse, keeping its buffers.
func (r *Request) Reset() {
	*r = Request{buf: r.buf[:0]}
}

// Param returns the path parameter name (from a {name} route segment).
func (r *Request) Param(name string) []byte {
	for i := 0; i < r.nparams; i++ {
		if r.params[i].name == name {
			return r.params[i].value
		}
	}
	return nil
}

// Query returns the first value of the query parameter name, unescaped, or nil
// when it is absent. The bytes are valid until the action returns.
func (r *Request) Query(name string) []byte {
	v, _ := r.lookup(name)
	return v
}

// HasQuery reports whether the query names the parameter, even with an empty value.
func (r *Request) HasQuery(name string) bool {
	_, ok := r.lookup(name)
	return ok
}

func (r *Request) lookup(name string) ([]byte, bool) {
	for q := r.RawQuery; len(q) > 0; {
		var k, v []byte
		k, v, q = nextPair(q)
		if len(k) == 0 && v == nil {
			continue // an empty pair, as in a&&b
		}
		if string(k) != name && !(needsUnescape(k) && string(r.unescape(k)) == name) {
			continue
		}
		if needsUnescape(v) {
			v = r.unescape(v)
		}
		if v == nil {
			v = []byte{}
		}
		return v, true
	}
	return nil, false
}

// nextPair cuts the first key=value pair off a raw query: the key and the
// value as written (escaped; v is nil when the pair has no '='), and the
// rest after the '&'. It only slices q.
func nextPair(q []byte) (k, v, rest []byte) {
	pair := q
	if i := bytes.IndexByte(q, '&'); i >= 0 {
		pair, rest = q[:i], q[i+1:]
	}
	k = pair
	if i := bytes.IndexByte(pair, '='); i >= 0 {
		k, v = pair[:i], pair[i+1:]
	}
	return k, v, rest
}

// QueryKeys calls fn with each query parameter name, unescaped.
func (r *Request) QueryKeys(fn func(key []byte) bool) {
	for q := r.RawQuery; len(q) > 0; {
		var k, v []byte
		k, v, q = nextPair(q)
		if len(k) == 0 && v == nil {
			continue
		}
		if needsUnescape(k) {
			k = r.unescape(k)
		}
		if !fn(k) {
			return
		}
	}
}

func needsUnescape(b []byte) bool {
	return bytes.IndexByte(b, '%') >= 0 || bytes.IndexByte(b, '+') >= 0
}

// unescape decodes query escapes into r.buf. Invalid escapes are kept as is,
// so they fail validation as the literal bytes they are.
func (r *Request) unescape(b []byte) []byte {
	start := len(r.buf)
	for i := 0; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '+':
			c = ' '
		case c == '%' && i+2 < len(b):
			if h, ok := unhex(b[i+1]); ok {
				if l, ok := unhex(b[i+2]); ok {
					c = h<<4 | l
					i += 2
				}
			}
		}
		r.buf = append(r.buf, c)
	}
	return r.buf[start:len(r.buf):len(r.buf)]
}

func unhex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
