// Package upstream is the single shared HTTP/1.1 client that every venue
// adapter uses for outbound calls to exchange APIs.
//
// It keeps a small pool of keep-alive connections per scheme+host, encodes
// and decodes the HTTP/1.1 wire format with fasthttp's public codec
// ([fasthttp.Request.Write] and [fasthttp.Response.ReadLimitBody]), and adds
// what fasthttp.Client lacks: context cancellation of in-flight calls.
//
// A call is described by a pooled, reusable [Call]:
//
//	c := upstream.AcquireCall()
//	defer upstream.ReleaseCall(c)
//	c.SetURL("https://api.example.com/v1/ticker?symbol=BTCUSDT")
//	if err := client.Do(ctx, c); err != nil {
//		return err
//	}
//	if c.Status() != 200 { ... }
//	parse(c.Body()) // decompressed, valid until ReleaseCall
//
// The client asks for gzip (Accept-Encoding: gzip) unless the caller sets its
// own Accept-Encoding, and transparently gunzips into a buffer owned by the
// Call, so a warm call does not allocate.
//
// Cancelling the context passed to [Client.Do] aborts the call promptly, even
// while it is blocked reading; the connection is then discarded. Every pooled
// connection owns one watcher goroutine that enforces this; [Client.Close]
// stops all of them.
package upstream

import (
	"context"
	"crypto/tls"
	"errors"
	"net"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/swapscout/swapscout/internal/opt"
)

// Default values used by [New] for zero fields of [Options].
const (
	DefaultMaxIdlePerHost = 64
	DefaultIdleTimeout    = 50 * time.Second // below common load-balancer idle timeouts (AWS ALB: 60s)
	DefaultDialTimeout    = 10 * time.Second
	DefaultMaxBodySize    = 1 << 20  // quote answers are a few KB; market lists set their own cap
	DefaultBodyBudget     = 16 << 20 // see Options.BodyBudget
	DefaultUserAgent      = "swapscout/1 (+https://github.com/swapscout/swapscout)"
)

// Options configures a [Client]. The zero value is usable; zero fields take
// the Default* values.
type Options struct {
	// MaxIdlePerHost is the maximum number of idle keep-alive connections
	// kept per scheme+host. Default 64. The number of connections in use
	// at the same time is not limited.
	MaxIdlePerHost int

	// IdleTimeout is how long a connection may sit idle in the pool before
	// it is closed instead of reused. It is checked lazily, when a
	// connection is taken from or returned to the pool. Default 50s
	// (DefaultIdleTimeout).
	IdleTimeout time.Duration

	// DialTimeout bounds dialing plus the TLS handshake. The call's own
	// deadline, if earlier, takes precedence. Default 10s.
	DialTimeout time.Duration

	// MaxBodySize caps the response body, both as read from the wire and
	// after gunzip. Larger bodies fail with ErrBodyTooLarge: at once when
	// the Content-Length says so, else as soon as the cap is passed, never
	// after reading the rest. A call can raise its own cap with
	// [Call.SetMaxBodySize]. Default 1 MiB.
	MaxBodySize int

	// BodyBudget caps the bytes that the response bodies of all calls in
	// flight may hold at once: the wire body and its gunzipped copy, from
	// the moment they are read until [ReleaseCall]. A call that would take
	// the total past it fails at once with ErrBodyBudget rather than wait,
	// so one hostile or huge answer cannot grow the process without bound
	// and a call never holds part of the budget while waiting for more.
	// Default 16 MiB: several times what honest answers hold at once (quotes
	// are KB, the largest list a few MB), and a bounded share of a small
	// server's memory; negative means no budget.
	BodyBudget int

	// UserAgent is sent unless the call sets its own User-Agent.
	// Default DefaultUserAgent.
	UserAgent string

	// TLSConfig is the base configuration for https connections. It is
	// cloned per host; ServerName is always set from the URL host and
	// NextProtos is forced to http/1.1. A nil ClientSessionCache gets an
	// LRU cache. Nil means a default config.
	TLSConfig *tls.Config

	// Dial, if set, replaces net.Dialer.DialContext for opening TCP
	// connections (mainly for tests). TLS is layered on top by the client.
	Dial func(ctx context.Context, network, addr string) (net.Conn, error)
}

// Client is a pooled HTTP/1.1 client. It is safe for concurrent use; create
// one per process with [New] and share it.
type Client struct {
	maxIdle     int
	idleTimeout time.Duration
	dialTimeout time.Duration
	maxBody     int
	budget      budget
	userAgent   []byte
	tlsConfig   *tls.Config
	dial        func(ctx context.Context, network, addr string) (net.Conn, error)

	// life is cancelled by Close; its Done channel interrupts in-flight
	// calls and dials.
	life   context.Context
	cancel context.CancelFunc
	closed atomic.Bool

	mu    sync.Mutex                           // serializes pool creation and Close
	hosts atomic.Pointer[map[string]*hostPool] // copy-on-write; read without locks
	wg    sync.WaitGroup                       // one per live watcher goroutine
}

// New returns a Client configured by o.
func New(o Options) *Client {
	c := &Client{
		maxIdle:     o.MaxIdlePerHost,
		idleTimeout: o.IdleTimeout,
		dialTimeout: o.DialTimeout,
		maxBody:     o.MaxBodySize,
		userAgent:   []byte(o.UserAgent),
		dial:        o.Dial,
	}
	c.maxIdle = opt.Or(c.maxIdle, DefaultMaxIdlePerHost)
	c.idleTimeout = opt.Or(c.idleTimeout, DefaultIdleTimeout)
	c.dialTimeout = opt.Or(c.dialTimeout, DefaultDialTimeout)
	c.maxBody = opt.Or(c.maxBody, DefaultMaxBodySize)
	switch {
	case o.BodyBudget == 0:
		c.budget.limit = DefaultBodyBudget
	case o.BodyBudget > 0:
		c.budget.limit = int64(o.BodyBudget)
	}
	if len(c.userAgent) == 0 {
		c.userAgent = []byte(DefaultUserAgent)
	}
	if o.TLSConfig != nil {
		c.tlsConfig = o.TLSConfig.Clone()
	} else {
		c.tlsConfig = &tls.Config{MinVersion: tls.VersionTLS12}
	}
	if c.tlsConfig.ClientSessionCache == nil {
		// Resume TLS sessions when a pool has to redial.
		c.tlsConfig.ClientSessionCache = tls.NewLRUClientSessionCache(0)
	}
	if c.dial == nil {
		c.dial = (&net.Dialer{KeepAlive: 30 * time.Second}).DialContext
	}
	c.life, c.cancel = context.WithCancel(context.Background())
	c.hosts.Store(&map[string]*hostPool{})
	return c
}

// Close closes all idle connections, aborts calls still in flight (they fail
// with ErrClosed) and waits until every connection watcher goroutine has
// exited. Later calls to Do fail with ErrClosed. Close is idempotent and
// always returns nil.
func (cl *Client) Close() error {
	cl.mu.Lock()
	var idle []*conn
	if !cl.closed.Load() {
		cl.closed.Store(true)
		cl.cancel()
		for _, hp := range *cl.hosts.Load() {
			hp.mu.Lock()
			hp.closed = true
			idle = append(idle, hp.idle...)
			clear(hp.idle)
			hp.idle = nil
			hp.mu.Unlock()
		}
	}
	cl.mu.Unlock()
	for _, cn := range idle {
		cn.close(true)
	}
	cl.wg.Wait()
	return nil
}

var (
	strAccept         = []byte("Accept")
	strAcceptEncoding = []byte("Accept-Encoding")
	strJSON           = []byte("application/json")
	strGzip           = []byte("gzip")
)

// Do performs the call described by c and stores the response in c.
//
// Do returns a non-nil error only if no complete response was obtained (or
// its body could not be decoded); a non-2xx status is not an error, check
// [Call.Status]. Errors are *[Error] values that wrap, as applicable,
// ctx.Err() (context.Canceled or context.DeadlineExceeded), [ErrTimeout],
// [ErrBodyTooLarge], [ErrBadEncoding], [ErrClosed], [ErrInvalidURL] or the
// underlying network error; test them with errors.Is.
//
// The call ends at the earlier of the ctx deadline and the timeout set with
// [Call.SetTimeout]. Cancelling ctx aborts the call promptly, even while it
// is blocked in network I/O.
//
// If a reused keep-alive connection fails before any response byte arrives
// (the server closed it while idle), the call is retried once on a new
// connection, provided the method is GET or HEAD or no request byte was
// written.
func (cl *Client) Do(ctx context.Context, c *Call) error {
	if err := ctx.Err(); err != nil {
		return c.fail(nil, err)
	}
	if cl.closed.Load() {
		return c.fail(nil, ErrClosed)
	}
	c.resetResponse()
	c.cl = cl

	uri := c.req.URI()
	if err := uri.Parse(nil, c.url); err != nil {
		return c.fail(nil, invalidURL(err))
	}
	uri.DisablePathNormalizing = true // send the path exactly as given (signatures)
	scheme, host := uri.Scheme(), uri.Host()
	isTLS := string(scheme) == "https"
	if !isTLS && string(scheme) != "http" {
		return c.fail(nil, invalidURL(errors.New("scheme must be http or https")))
	}
	if len(host) == 0 {
		return c.fail(nil, invalidURL(errors.New("missing host")))
	}
	hp, err := cl.pool(c, scheme, host, isTLS)
	if err != nil {
		return c.fail(nil, err)
	}

	h := &c.req.Header
	h.SetNoDefaultContentType(true)
	if len(h.UserAgent()) == 0 {
		h.SetUserAgentBytes(cl.userAgent)
	}
	if len(h.PeekBytes(strAccept)) == 0 {
		h.SetCanonical(strAccept, strJSON)
	}
	if len(h.PeekBytes(strAcceptEncoding)) == 0 {
		h.SetCanonical(strAcceptEncoding, strGzip)
	}
	retryable := h.IsGet() || h.IsHead()
	if retryable && len(c.req.Body()) > 0 {
		return c.fail(hp, errBodyNotAllowed)
	}
	if h.IsHead() {
		c.resp.SkipBody = true
	}

	var deadline time.Time
	if c.timeout > 0 {
		deadline = time.Now().Add(c.timeout)
	}
	ctxDeadline, hasCtxDeadline := ctx.Deadline()
	byCtx := false // the ctx deadline is the effective one
	if hasCtxDeadline && (deadline.IsZero() || !deadline.Before(ctxDeadline)) {
		deadline, byCtx = ctxDeadline, true
	}

	maxBody := cl.maxBody
	if c.maxBody > 0 {
		maxBody = c.maxBody
	}
	fresh := false
	for {
		cn, reused, err := hp.acquire(ctx, deadline, fresh)
		if err != nil {
			return c.fail(hp, cl.classify(ctx, err, stopNone, deadline, byCtx))
		}
		err = cn.roundTrip(ctx, c, deadline, maxBody)
		if err == nil {
			// A watcher that fired just as the call completed left a past
			// deadline on the connection: the response is fine, the
			// connection is not.
			if cn.stop != stopNone || c.req.ConnectionClose() || c.resp.ConnectionClose() || cn.br.Buffered() != 0 {
				cn.close(false)
			} else {
				hp.release(cn)
			}
			if err := c.decode(maxBody); err != nil {
				return c.fail(hp, err)
			}
			return nil
		}
		stop := cn.stop
		retry := !fresh && reused && stop == stopNone && cn.nread == 0 &&
			(retryable || cn.nwritten == 0) &&
			(deadline.IsZero() || time.Now().Before(deadline))
		cn.close(false)
		if !retry {
			return c.fail(hp, cl.classify(ctx, err, stop, deadline, byCtx))
		}
		fresh = true
	}
}

// classify maps a transport error to the error Do reports. byCtx says the
// deadline is ctx's: the connection deadline can fire a moment before ctx's
// own timer, and the caller should still see context.DeadlineExceeded.
func (cl *Client) classify(ctx context.Context, err error, stop stopReason, deadline time.Time, byCtx bool) error {
	if cerr := ctx.Err(); cerr != nil || stop == stopCtx {
		return cerr
	}
	if stop == stopClosed || cl.closed.Load() {
		return ErrClosed
	}
	if errors.Is(err, fasthttp.ErrBodyTooLarge) {
		return ErrBodyTooLarge
	}
	if errors.Is(err, ErrBodyTooLarge) || errors.Is(err, ErrBodyBudget) {
		return err
	}
	if small := (*fasthttp.ErrSmallBuffer)(nil); errors.As(err, &small) {
		return ErrHeaderTooLarge
	}
	if !deadline.IsZero() && !time.Now().Before(deadline) {
		if byCtx {
			return context.DeadlineExceeded
		}
		return ErrTimeout
	}
	return err
}

// budget is a byte semaphore shared by every call of a Client. It does not
// block: a take that would pass the limit fails and changes nothing.
type budget struct {
	limit int64 // 0: unlimited
	used  atomic.Int64
}

func (b *budget) take(n int64) bool {
	if b.limit == 0 {
		return true
	}
	if b.used.Add(n) > b.limit {
		b.used.Add(-n)
		return false
	}
	return true
}

func (b *budget) give(n int64) {
	if b.limit != 0 {
		b.used.Add(-n)
	}
}

// BodyBytesInFlight reports how many bytes of the body budget calls hold
// now (for metrics and tests).
func (cl *Client) BodyBytesInFlight() int64 { return cl.budget.used.Load() }

// pool returns the connection pool for scheme://host, creating it on first
// use. The hot path is a lock-free map read keyed by c's scratch buffer.
func (cl *Client) pool(c *Call, scheme, host []byte, isTLS bool) (*hostPool, error) {
	c.key = append(append(append(c.key[:0], scheme...), "://"...), host...)
	if hp := (*cl.hosts.Load())[string(c.key)]; hp != nil {
		return hp, nil
	}
	cl.mu.Lock()
	defer cl.mu.Unlock()
	if cl.closed.Load() {
		return nil, ErrClosed
	}
	old := *cl.hosts.Load()
	if hp := old[string(c.key)]; hp != nil {
		return hp, nil
	}
	hp := newHostPool(cl, string(c.key), string(host), isTLS)
	m := make(map[string]*hostPool, len(old)+1)
	for k, v := range old {
		m[k] = v
	}
	m[hp.name] = hp
	cl.hosts.Store(&m)
	return hp, nil
}

func newHostPool(cl *Client, name, host string, isTLS bool) *hostPool {
	hostname, port, err := net.SplitHostPort(host)
	if err != nil { // no port in the URL
		hostname, port = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"), "80"
		if isTLS {
			port = "443"
		}
	}
	hp := &hostPool{cl: cl, name: name, addr: net.JoinHostPort(hostname, port)}
	if isTLS {
		hp.tlsConfig = cl.tlsConfig.Clone()
		hp.tlsConfig.ServerName = hostname
		hp.tlsConfig.NextProtos = []string{"http/1.1"}
	}
	return hp
}
