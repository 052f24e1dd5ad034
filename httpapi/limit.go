package httpapi

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"net/netip"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

	"github.com/swapscout/swapscout"
)

// Defaults for Deps' limits.
const (
	// DefaultFanOutRate and DefaultFanOutBurst bound the uncached fan-outs
	// one client may start: each costs a call to every venue, made with our
	// keys. Cached answers and quote-by-id are not limited.
	DefaultFanOutRate  = 2.0 // per second, sustained
	DefaultFanOutBurst = 20
	// DefaultMaxStreams caps the SSE streams open at once.
	DefaultMaxStreams = 512
	// DefaultMaxClientStreams caps the SSE streams one client may hold
	// open: a page holds one or two, so this leaves room for a household
	// or an office behind one address while no one client can take the
	// server's streams.
	DefaultMaxClientStreams = 32

	// interactiveFanOuts is how many uncached fan-outs one client may have
	// running at once at full priority; the ones past it are bulk
	// (swapscout.WithBulk): each venue lets them use only the rate budget
	// it has to spare, so one client's flood never takes what others'
	// quotes need. A person on the page has one running, an application a
	// few pairs at once; measured, a client with four at full priority and
	// eight more in bulk leaves another client every offer
	// (TestFloodOfUncachedQuotes).
	interactiveFanOuts = 4
)

// clientLimiter is a token bucket per client address.
type clientLimiter struct {
	rate  rate.Limit
	burst int

	mu        sync.Mutex
	clients   map[netip.Addr]*clientBucket
	lastSweep time.Time
	// keys are the cache keys of recently admitted fan-outs, with when.
	keys     map[string]time.Time
	keySweep time.Time
}

// recentKey reports whether a fan-out for key was admitted within window.
func (l *clientLimiter) recentKey(key []byte, now time.Time, window time.Duration) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.keySweep) > window || len(l.keys) >= maxClients {
		l.keySweep = now
		for k, t := range l.keys {
			if now.Sub(t) > window {
				delete(l.keys, k)
			}
		}
		if len(l.keys) >= maxClients {
			clear(l.keys)
		}
	}
	t, ok := l.keys[string(key)]
	return ok && now.Sub(t) <= window
}

func (l *clientLimiter) markKey(key []byte, now time.Time) {
	l.mu.Lock()
	l.keys[string(key)] = now
	l.mu.Unlock()
}

type clientBucket struct {
	lim  *rate.Limiter
	seen time.Time
	// running is the client's admitted fan-outs not yet ended (release).
	running int
}

// maxClients bounds the limiter's memory; past it, idle buckets are swept
// early and, failing that, the table restarts (every client gets a full bucket).
const maxClients = 100_000

func newClientLimiter(perSecond float64, burst int) *clientLimiter {
	if perSecond < 0 {
		// No limit on starts; the fan-outs a client runs at once still
		// decide their priority.
		perSecond = float64(rate.Inf)
	}
	if perSecond == 0 {
		perSecond = DefaultFanOutRate
	}
	if burst <= 0 {
		burst = DefaultFanOutBurst
	}
	return &clientLimiter{rate: rate.Limit(perSecond), burst: burst, clients: map[netip.Addr]*clientBucket{}, keys: map[string]time.Time{}}
}

// wait reports how long the client must wait before its next fan-out (0: go
// ahead, and the fan-out is counted, as running until release) and whether
// the fan-out is bulk: the client already runs interactiveFanOuts.
func (l *clientLimiter) wait(client netip.Addr, now time.Time) (time.Duration, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) > time.Minute || len(l.clients) >= maxClients {
		l.sweep(now)
	}
	b := l.clients[client]
	if b == nil {
		b = &clientBucket{lim: rate.NewLimiter(l.rate, l.burst)}
		l.clients[client] = b
	}
	b.seen = now
	res := b.lim.ReserveN(now, 1)
	if !res.OK() {
		return time.Minute, false
	}
	if d := res.DelayFrom(now); d > 0 {
		res.CancelAt(now)
		return d, false
	}
	b.running++
	return 0, b.running > interactiveFanOuts
}

// release ends a fan-out wait admitted.
func (l *clientLimiter) release(client netip.Addr) {
	l.mu.Lock()
	if b := l.clients[client]; b != nil && b.running > 0 {
		b.running--
	}
	l.mu.Unlock()
}

// sweep forgets clients whose bucket has refilled and that run no fan-out:
// they are as good as new.
func (l *clientLimiter) sweep(now time.Time) {
	l.lastSweep = now
	full := time.Duration(float64(l.burst) / float64(l.rate) * float64(time.Second))
	for k, b := range l.clients {
		if now.Sub(b.seen) > full && b.running == 0 {
			delete(l.clients, k)
		}
	}
	if len(l.clients) >= maxClients {
		clear(l.clients)
	}
}

// clientIDs tells who a request comes from, for every per-client limit.
type clientIDs struct {
	trusted []netip.Prefix // reverse proxies whose X-Forwarded-For names the client
}

// peer returns the connection's address; ok is false when the transport
// gave none (an in-process call).
func peer(r *Request) (netip.Addr, bool) {
	switch a := r.Remote.(type) {
	case *net.TCPAddr:
		return a.AddrPort().Addr().Unmap(), true
	case nil:
		return netip.Addr{}, false
	default:
		ap, err := netip.ParseAddrPort(a.String())
		if err != nil {
			return netip.Addr{}, false
		}
		return ap.Addr().Unmap(), true
	}
}

// peerTrusted reports whether the request came through a trusted proxy.
func (l *clientIDs) peerTrusted(r *Request) bool {
	p, ok := peer(r)
	return ok && l.isTrusted(p)
}

// clientAddr is who the request comes from: the peer's address, or, when
// the peer is a trusted proxy, the last address in X-Forwarded-For that is
// not itself a trusted proxy. ok is false when the transport gave no address
// (an in-process call): such requests are not limited.
func (l *clientIDs) clientAddr(r *Request) (netip.Addr, bool) {
	peer, ok := peer(r)
	if !ok {
		return peer, false
	}
	if !l.isTrusted(peer) || r.Header == nil {
		return peer, true
	}
	xff := r.Header.Peek("X-Forwarded-For")
	for len(xff) > 0 {
		var part []byte
		if i := bytes.LastIndexByte(xff, ','); i >= 0 {
			part, xff = xff[i+1:], xff[:i]
		} else {
			part, xff = xff, nil
		}
		a, err := netip.ParseAddr(string(bytes.TrimSpace(part)))
		if err != nil {
			break // a garbled hop: trust nothing before it
		}
		a = a.Unmap()
		if !l.isTrusted(a) {
			return a, true
		}
		peer = a
	}
	return peer, true
}

func (l *clientIDs) isTrusted(a netip.Addr) bool {
	for _, p := range l.trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// streamSlots caps the open SSE streams, in all and per client.
type streamSlots struct {
	max       int64 // in all; 0 or less: no cap
	perClient int   // per client address; 0 or less: no cap
	open      atomic.Int64

	mu       sync.Mutex
	byClient map[netip.Addr]int // open streams of each client that has one
}

// acquire takes a slot for a stream of client (ok false: an in-process
// call, not counted per client); release gives it back.
func (s *streamSlots) acquire(client netip.Addr, ok bool) (release func(), err error) {
	if s.max > 0 && s.open.Add(1) > s.max {
		s.open.Add(-1)
		return nil, errStreamsFull
	}
	if s.perClient <= 0 || !ok {
		return s.releaseAll, nil
	}
	s.mu.Lock()
	if s.byClient[client] >= s.perClient {
		s.mu.Unlock()
		s.releaseAll()
		return nil, errClientStreamsFull
	}
	if s.byClient == nil {
		s.byClient = map[netip.Addr]int{}
	}
	s.byClient[client]++
	s.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			if s.byClient[client]--; s.byClient[client] <= 0 {
				delete(s.byClient, client)
			}
			s.mu.Unlock()
			s.releaseAll()
		})
	}, nil
}

func (s *streamSlots) releaseAll() {
	if s.max > 0 {
		s.open.Add(-1)
	}
}

var (
	errStreamsFull = &retryError{status: http.StatusServiceUnavailable, code: swapscout.EUNAVAILABLE,
		msg: "too many open streams; retry shortly or use GET /v1/quotes", after: time.Second}
	errClientStreamsFull = &retryError{status: http.StatusTooManyRequests, code: "rate_limited",
		msg: "this client has too many open streams; close one, or retry after the number of seconds in Retry-After", after: 5 * time.Second}
)

// openStream takes a stream slot for r's client and counts the stream in
// the metrics; the stream calls done when it ends.
func (d *deps) openStream(r *Request) (done func(), err error) {
	client, ok := d.clients.clientAddr(r)
	release, err := d.streams.acquire(client, ok)
	if err != nil {
		return nil, err
	}
	if d.OnStream != nil {
		d.OnStream(1)
	}
	return func() {
		release()
		if d.OnStream != nil {
			d.OnStream(-1)
		}
	}, nil
}

// admit is called before a request starts an uncached fan-out: it counts
// the cache miss (when the cache was asked), applies the per-client fan-out limit and puts the request
// id in the context the fan-out will log with.
// key is the request's cache key: an identical request admitted within the
// cache window is free, as it joins that fan-out or reads its cached answer
// and costs the venues nothing more.
// Call release (never nil) when the fan-out has ended.
func (d *deps) admit(r *Request, key []byte) (release func(), err error) {
	cached := d.quotes.CacheWindow() > 0
	if d.OnCache != nil && cached {
		d.OnCache(false)
	}
	if !cached {
		key = nil
	}
	return d.admitFanOut(r, key)
}

func noRelease() {}

// admitFanOut applies the per-client fan-out limit, marks the fan-out bulk
// when the client already runs interactiveFanOuts, and puts the request id
// in the request's context. Call release (never nil) when the fan-out has
// ended.
func (d *deps) admitFanOut(r *Request, key []byte) (release func(), err error) {
	release = noRelease
	k, err := keyOf(d.APIKeys, r)
	if err != nil {
		return release, err
	}
	if k != nil {
		// A keyed client is limited by its key, not by its address.
		now := r.Now
		if now.IsZero() {
			now = d.Now()
		}
		if err := k.allow(now); err != nil {
			return release, err
		}
	} else if d.limiter != nil {
		if client, ok := d.clients.clientAddr(r); ok {
			now := r.Now
			if now.IsZero() {
				now = d.Now()
			}
			if key == nil || !d.limiter.recentKey(key, now, d.quotes.CacheWindow()) {
				wait, bulk := d.limiter.wait(client, now)
				if wait > 0 {
					return release, &retryError{status: http.StatusTooManyRequests, code: "rate_limited", after: wait,
						msg: "too many uncached quotes from this client; retry after the number of seconds in Retry-After (identical requests within the cache window are not limited)"}
				}
				release = func() { d.limiter.release(client) }
				if bulk {
					r.Ctx = swapscout.WithBulk(r.Ctx)
				}
				if key != nil {
					d.limiter.markKey(key, now)
				}
			}
		}
	}
	if len(r.ID) > 0 {
		r.Ctx = WithRequestID(r.Ctx, string(r.ID))
	}
	return release, nil
}

// cached counts a cache hit.
func (d *deps) cached() {
	if d.OnCache != nil {
		d.OnCache(true)
	}
}

// limitStream admits a valid stream request like any other fan-out, holds
// one of the stream slots while it streams and reports streams in flight.
func limitStream(d *deps, a Action) Action {
	return func(r *Request) (Response, error) {
		resp, err := a(r)
		if err != nil || resp.Stream == nil {
			return resp, err
		}
		release, err := d.admitFanOut(r, nil)
		if err != nil {
			return Response{}, err
		}
		done, err := d.openStream(r)
		if err != nil {
			release()
			return Response{}, err
		}
		inner, id, bulk := resp.Stream, RequestIDFrom(r.Ctx), swapscout.Bulk(r.Ctx)
		resp.Stream = func(ctx context.Context, w io.Writer, flush func() error) error {
			if id != "" {
				ctx = WithRequestID(ctx, id)
			}
			if bulk {
				ctx = swapscout.WithBulk(ctx)
			}
			defer release()
			defer done()
			return inner(ctx, w, flush)
		}
		return resp, nil
	}
}
