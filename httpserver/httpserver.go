// Package httpserver carries httpapi's transport-independent Requests and
// Responses over a real server. It is the one place that chooses the HTTP stack.
//
// The default is fasthttp: measured on our machines, net/http spends about
// 27 µs per request even when it only writes cached bytes (≈0.6× of a server
// answering precomputed bytes), while fasthttp reaches the kernel's loopback
// limit; the quote-by-id hot path must serve at ≥0.9× of that floor. net/http
// stays available (Options.Transport "nethttp") for HTTP/2 and for tests that
// want httptest; both adapters run the same Handler.
package httpserver

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttpadaptor"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/internal/opt"
)

// Options configure a Server. The zero value is a protected default.
type Options struct {
	Transport string // "fasthttp" (default) or "nethttp"
	Logger    *slog.Logger
	// ConnLifetime bounds a fasthttp client connection's life (default
	// DefaultConnLifetime); see lifetimeListener.
	ConnLifetime time.Duration
	// HeaderTimeout is how long a new connection may take to send its first
	// request's headers (default DefaultHeaderTimeout): slow clients
	// (slowloris) are cut there. Kept-alive connections are bounded by
	// ConnLifetime; an SSE stream is never cut by either.
	HeaderTimeout time.Duration
	// MaxConns caps the open client connections (default DefaultMaxConns);
	// one more is answered 503 and closed.
	MaxConns int
	// AccessLog logs one line per request at Info (off by default).
	AccessLog bool
	// MemoryLimit, when positive, is the process's soft memory limit while
	// the server runs (runtime/debug.SetMemoryLimit; unless the GOMEMLIMIT
	// environment variable sets one, which wins), and memory freed after a
	// burst goes back to the OS within seconds (see memory.go). Zero leaves
	// the runtime alone.
	MemoryLimit int64
	// Mounts serve other protocols beside the API: a request whose path is
	// a mount's Path, or under it, goes to its net/http Handler (the MCP
	// endpoint). Under fasthttp they run through fasthttpadaptor, which
	// buffers each answer: a mounted handler must not stream.
	Mounts []Mount
}

// Mount is a net/http handler served at Path and below it.
type Mount struct {
	Path    string
	Handler http.Handler
}

// mounted returns the handler mounted at path, or nil.
func mounted(ms []Mount, path []byte) (int, bool) {
	for i, m := range ms {
		if string(path) == m.Path || (len(path) > len(m.Path) && string(path[:len(m.Path)]) == m.Path && path[len(m.Path)] == '/') {
			return i, true
		}
	}
	return 0, false
}

// Defaults for Options.
const (
	DefaultHeaderTimeout = 10 * time.Second
	DefaultMaxConns      = 10_000
)

// StreamWriteLimit bounds one SSE stream's life on its connection, beyond
// the longest fan-out deadline; a long stream (httpapi.Response.LongStream)
// gets it again at each flush. A variable for tests.
var StreamWriteLimit = 2 * time.Minute

// Server serves a Handler on a listener.
type Server struct {
	ln     net.Listener
	fast   *fasthttp.Server
	std    *http.Server
	base   context.Context // cancelled when shutdown begins: streams end
	cancel context.CancelFunc
	done   chan error
	log    *slog.Logger

	draining atomic.Bool  // answers say Connection: close
	open     atomic.Int64 // fasthttp connections open
	memDone  func()       // waits for the memory watcher and restores the limit
}

// Listen listens on addr (e.g. "127.0.0.1:8080") and starts serving h in the background.
func Listen(addr string, h *httpapi.Handler, o Options) (*Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	return Serve(ln, h, o)
}

// Serve starts serving h on ln in the background.
func Serve(ln net.Listener, h *httpapi.Handler, o Options) (*Server, error) {
	log := o.Logger
	if log == nil {
		log = slog.Default()
	}
	o.HeaderTimeout = opt.Or(o.HeaderTimeout, DefaultHeaderTimeout)
	o.MaxConns = opt.Or(o.MaxConns, DefaultMaxConns)
	o.ConnLifetime = opt.Or(o.ConnLifetime, DefaultConnLifetime)
	s := &Server{ln: ln, done: make(chan error, 1), log: log, memDone: func() {}}
	s.base, s.cancel = context.WithCancel(context.Background())
	switch o.Transport {
	case "", "fasthttp":
		fh := &fastHandler{base: s.base, h: h, draining: &s.draining, lifetime: o.ConnLifetime, mounts: o.Mounts}
		for _, m := range o.Mounts {
			fh.mounted = append(fh.mounted, fasthttpadaptor.NewFastHTTPHandler(m.Handler))
		}
		if o.AccessLog {
			fh.access = log
		}
		s.fast = newFastServer(fh.serve, log)
		s.fast.Concurrency = o.MaxConns
		s.fast.CloseOnShutdown = true
		s.fast.ConnState = func(_ net.Conn, st fasthttp.ConnState) {
			switch st {
			case fasthttp.StateNew:
				s.open.Add(1)
			case fasthttp.StateClosed, fasthttp.StateHijacked:
				s.open.Add(-1)
			}
		}
		lln := lifetimeListener{Listener: ln, lifetime: o.ConnLifetime, header: o.HeaderTimeout}
		go func() { s.done <- s.fast.Serve(lln) }()
	case "nethttp":
		var handler http.Handler = NetHTTP(h)
		if len(o.Mounts) > 0 {
			api := handler
			handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if i, ok := mounted(o.Mounts, []byte(r.URL.Path)); ok {
					o.Mounts[i].Handler.ServeHTTP(w, r)
					return
				}
				api.ServeHTTP(w, r)
			})
		}
		if o.AccessLog {
			handler = accessLogged(handler, log)
		}
		s.std = &http.Server{Handler: handler, ReadHeaderTimeout: o.HeaderTimeout, IdleTimeout: 90 * time.Second,
			BaseContext: func(net.Listener) context.Context { return s.base }, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
		go func() { s.done <- s.std.Serve(&capListener{Listener: ln, max: int64(o.MaxConns)}) }()
	default:
		ln.Close()
		s.cancel()
		return nil, errors.New("httpserver: transport must be fasthttp or nethttp")
	}
	s.watchMemory(o.MemoryLimit)
	return s, nil
}

// Addr returns the listening address.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// URL returns "http://" + Addr().
func (s *Server) URL() string { return "http://" + s.Addr() }

// Shutdown stops gracefully within ctx's deadline: it stops accepting, tells
// SSE streams to end (each gets a final "error" event with code
// "unavailable"), answers every request that arrives on an open connection
// with Connection: close, lets in-flight requests finish, then closes idle
// connections. Connections still busy at the deadline are closed and
// ctx's error is returned.
func (s *Server) Shutdown(ctx context.Context) error {
	err := s.shutdown(ctx)
	s.memDone()
	return err
}

func (s *Server) shutdown(ctx context.Context) error {
	s.cancel() // streams send their final event; fan-outs run on (they are detached)
	if s.std != nil {
		err := s.std.Shutdown(ctx)
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
			_ = s.std.Close()
		}
		if serr := <-s.done; serr != nil && !errors.Is(serr, http.ErrServerClosed) && err == nil {
			err = serr
		}
		return err
	}
	// Stop accepting first, then ask for Connection: close: in the other
	// order a client that reconnects at once could land in the accept queue
	// of a listener about to close, and be reset.
	lnErr := s.ln.Close()
	s.draining.Store(true)
	// Busy keep-alive connections close themselves after their next answer.
	// Give them a moment (half the time left, at most a second) before
	// fasthttp closes the idle ones: closing a connection the client has
	// just sent a request on would reset that request.
	drain := time.Second
	if dl, ok := ctx.Deadline(); ok && time.Until(dl)/2 < drain {
		drain = time.Until(dl) / 2
	}
	for t := time.Now().Add(drain); s.open.Load() > 0 && time.Now().Before(t); {
		time.Sleep(10 * time.Millisecond)
	}
	err := s.fast.ShutdownWithContext(ctx)
	if err != nil && isClosedErr(err) {
		err = nil // the listener closed above
	}
	serr := <-s.done
	if err == nil && serr != nil && !isClosedErr(serr) {
		err = serr
	}
	if err == nil && lnErr != nil && !isClosedErr(lnErr) {
		err = lnErr
	}
	return err
}

func isClosedErr(err error) bool { return errors.Is(err, net.ErrClosed) }

type fastReq struct {
	httpapi.Request
	id [72]byte
}

var reqPool = sync.Pool{New: func() any { return new(fastReq) }}

// DefaultConnLifetime bounds how long one client connection may stay open,
// slow or idle; clients reconnect transparently. It exceeds the longest
// request (a 30 s fan-out deadline, streamed or not).
const DefaultConnLifetime = 2 * time.Minute

// lifetimeListener sets each accepted connection's deadline once, so the
// server needs no per-request deadline updates: the whole connection lives
// at most lifetime, and its first request's headers must arrive within
// header (the handler then moves the read deadline to the lifetime's end).
type lifetimeListener struct {
	net.Listener
	lifetime, header time.Duration
}

func (l lifetimeListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		now := time.Now()
		_ = c.SetDeadline(now.Add(l.lifetime))
		if l.header < l.lifetime {
			_ = c.SetReadDeadline(now.Add(l.header))
		}
	}
	return c, err
}

// capListener (net/http) answers 503 and closes connections beyond max.
type capListener struct {
	net.Listener
	max  int64
	open atomic.Int64
}

func (l *capListener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		if l.open.Add(1) > l.max {
			l.open.Add(-1)
			_ = c.SetWriteDeadline(time.Now().Add(time.Second))
			_, _ = io.WriteString(c, "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\nRetry-After: 1\r\n\r\n")
			_ = c.Close()
			continue
		}
		return &capConn{Conn: c, l: l}, nil
	}
}

type capConn struct {
	net.Conn
	l    *capListener
	once sync.Once
}

func (c *capConn) Close() error {
	c.once.Do(func() { c.l.open.Add(-1) })
	return c.Conn.Close()
}

// twoPart is a response body made of two slices. fasthttp writes a sized
// body stream with its WriteTo and closes it afterwards, which returns it to
// the pool. Head must stay valid until then: it lives in a per-request buffer
// that is copied here.
type twoPart struct {
	headBuf    [64]byte
	head, body []byte
	off        int // bytes already handed out by Read
}

var twoPartPool = sync.Pool{New: func() any { return new(twoPart) }}

func (t *twoPart) WriteTo(w io.Writer) (int64, error) {
	n, err := w.Write(t.head)
	if err != nil {
		return int64(n), err
	}
	m, err := w.Write(t.body)
	return int64(n + m), err
}

// SupportsBodyWriteTo tells fasthttp to use WriteTo.
func (t *twoPart) SupportsBodyWriteTo() bool { return true }

func (t *twoPart) Read(p []byte) (int, error) {
	total := len(t.head) + len(t.body)
	if t.off >= total {
		return 0, io.EOF
	}
	n := 0
	if t.off < len(t.head) {
		n = copy(p, t.head[t.off:])
	}
	if n < len(p) && t.off+n >= len(t.head) {
		n += copy(p[n:], t.body[t.off+n-len(t.head):])
	}
	t.off += n
	return n, nil
}

func (t *twoPart) Close() error {
	t.head, t.body, t.off = nil, nil, 0
	twoPartPool.Put(t)
	return nil
}

// NewFastServer returns a fasthttp server for h. base is the context fan-outs
// derive from (cancelled at shutdown); fasthttp cannot report a client that
// goes away mid-request, so a fan-out ends at its deadline instead.
func NewFastServer(base context.Context, h *httpapi.Handler) *fasthttp.Server {
	return newFastServer(FastHandler(base, h), slog.Default())
}

func newFastServer(h fasthttp.RequestHandler, log *slog.Logger) *fasthttp.Server {
	return &fasthttp.Server{
		Handler: h,
		// fasthttp's own lines (a connection it could not serve, an accept
		// error) go through the process's slog handler, so a JSON log stays
		// JSON; they never quote what the client sent (it may carry keys).
		Logger:                fastLogger{log},
		SecureErrorLogMessage: true,
		Name:                  "swapscout",
		ReadBufferSize:        16 << 10,
		MaxRequestBodySize:    64 << 10,
		// No per-request ReadTimeout/IdleTimeout: fasthttp resets the
		// connection's deadline twice per request for them, ~0.45 µs of the
		// ~17 µs a cached answer costs. Slow and idle clients are bounded by
		// the header timeout and the connection lifetime set at accept
		// instead (lifetimeListener).
		// (fasthttp's MaxConnsPerIP is left off: its connection wrapper
		// races with Shutdown under the race detector in v1.74.0.)
		DisableHeaderNamesNormalizing: false,
		NoDefaultContentType:          true,
		ErrorHandler:                  readError,
	}
}

// readError answers a request fasthttp could not read. A connection that
// sent nothing within the header timeout is closed without a word (as
// net/http does: a browser's preconnected socket must not meet an answer
// to a request it never made); one that sent part of a request gets 408;
// a malformed or oversized request gets its JSON 400.
func readError(ctx *fasthttp.RequestCtx, err error) {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		if _, nothing := err.(*net.OpError); nothing { // fasthttp hands a bare read error when no byte came
			_ = ctx.Conn().Close() // the answer fasthttp writes next goes nowhere
			return
		}
		ctx.SetStatusCode(fasthttp.StatusRequestTimeout)
		ctx.SetContentType("application/json")
		ctx.Response.Header.SetCanonical(headerNosniff, valueNosniff)
		ctx.SetBody(api.AppendError(nil, &api.Error{Code: "request_timeout", Message: "the request did not arrive within the header timeout"}))
		ctx.SetConnectionClose()
		return
	}
	code := swapscout.EINVALID
	msg := "malformed request"
	var small *fasthttp.ErrSmallBuffer
	if errors.As(err, &small) || errors.Is(err, fasthttp.ErrBodyTooLarge) {
		code, msg = swapscout.ETOOLARGE, "request is too large"
	}
	ctx.SetStatusCode(httpapi.StatusOf(code))
	ctx.SetContentType("application/json")
	ctx.Response.Header.SetCanonical(headerNosniff, valueNosniff)
	ctx.SetBody(api.AppendError(nil, &api.Error{Code: code, Message: msg}))
	ctx.SetConnectionClose()
}

// fastLogger carries fasthttp's log lines to slog. A connection fasthttp
// could not serve is the client's doing (a malformed request, a reset):
// debug; anything else (accept errors, the connection cap) is the
// operator's concern: warn.
type fastLogger struct{ log *slog.Logger }

func (l fastLogger) Printf(format string, args ...any) {
	level := slog.LevelWarn
	if strings.HasPrefix(format, "error when serving connection") {
		level = slog.LevelDebug
	}
	if !l.log.Enabled(context.Background(), level) {
		return
	}
	l.log.LogAttrs(context.Background(), level, "http server", slog.String("detail", fmt.Sprintf(format, args...)))
}

// Every answer carries X-Content-Type-Options: nosniff, so no browser
// reads an API answer (JSON, errors included) as anything but its type.
var headerNosniff, valueNosniff = []byte("X-Content-Type-Options"), []byte("nosniff")

// FastHandler adapts h to fasthttp.
func FastHandler(base context.Context, h *httpapi.Handler) fasthttp.RequestHandler {
	return (&fastHandler{base: base, h: h, draining: new(atomic.Bool)}).serve
}

type fastHandler struct {
	base     context.Context
	h        *httpapi.Handler
	draining *atomic.Bool
	lifetime time.Duration // 0: no connection deadlines to manage
	access   *slog.Logger  // nil: no access log
	mounts   []Mount
	mounted  []fasthttp.RequestHandler // mounts' handlers, adapted
}

var headerRequestID = []byte("X-Request-Id")

// peekRequestID returns the request's X-Request-Id. Most requests have
// none: a scan of the raw headers for the name's tail (any case) rules that
// out for a fraction of what fasthttp's Peek costs (it normalizes a copy of
// the name, then walks every header).
func peekRequestID(h *fasthttp.RequestHeader) []byte {
	raw := h.RawHeaders()
	if !bytes.Contains(raw, []byte("equest-")) && !bytes.Contains(raw, []byte("EQUEST-")) {
		return nil
	}
	return h.PeekBytes(headerRequestID)
}

func (f *fastHandler) serve(ctx *fasthttp.RequestCtx) {
	if f.lifetime > 0 && ctx.ConnRequestNum() == 1 {
		// The first request's headers came in within the header timeout:
		// the connection may now live out its lifetime.
		_ = ctx.Conn().SetReadDeadline(ctx.ConnTime().Add(f.lifetime))
	}
	if len(f.mounts) > 0 {
		if i, ok := mounted(f.mounts, ctx.Path()); ok {
			f.mounted[i](ctx)
			return
		}
	}
	fr := reqPool.Get().(*fastReq)
	r := &fr.Request
	r.Ctx = f.base
	r.Method = method(ctx.Method())
	r.Path, r.RawQuery = target(ctx.Request.Header.RequestURI())
	r.Header = &ctx.Request.Header
	r.Now = ctx.Time()
	r.Remote = ctx.RemoteAddr()
	r.Body = ctx.PostBody() // fasthttp caps it (MaxRequestBodySize), httpapi at MaxBody
	r.ID = httpapi.AppendRequestID(fr.id[:0], peekRequestID(&ctx.Request.Header))
	resp := f.h.Serve(r)
	f.write(ctx, &resp) // before Reset: Head lives in r
	ctx.Response.Header.SetCanonical(headerRequestID, r.ID)
	if f.draining.Load() || (f.lifetime > 0 && ctx.Time().Sub(ctx.ConnTime()) > f.lifetime*3/4) {
		// Shutting down, or the connection nears its lifetime: close it
		// after this answer rather than let the deadline cut a request.
		ctx.SetConnectionClose()
	}
	if f.access != nil {
		f.access.LogAttrs(context.Background(), slog.LevelInfo, "request",
			slog.String("method", r.Method), slog.String("path", logPath(r.Path)), slog.Int("status", resp.Status),
			slog.Duration("took", time.Since(r.Now)), slog.String("request_id", string(r.ID)))
	}
	r.Reset()
	reqPool.Put(fr)
}

func clip(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

func (f *fastHandler) write(ctx *fasthttp.RequestCtx, resp *httpapi.Response) {
	ctx.SetStatusCode(resp.Status)
	if resp.ContentType != "" {
		ctx.SetContentType(resp.ContentType)
	}
	ctx.Response.Header.SetCanonical(headerNosniff, valueNosniff)
	for i := range resp.Headers {
		k, v := resp.Headers[i].Bytes()
		ctx.Response.Header.SetCanonical(k, v)
	}
	if resp.Stream != nil {
		if f.lifetime > 0 {
			// A stream outlives the connection's lifetime if it must.
			_ = ctx.Conn().SetWriteDeadline(time.Now().Add(StreamWriteLimit))
		}
		stream, base, long, conn, lifetime := resp.Stream, f.base, resp.LongStream, ctx.Conn(), f.lifetime
		ctx.SetBodyStreamWriter(func(w *bufio.Writer) {
			flush := w.Flush
			if long && lifetime > 0 {
				flush = func() error {
					_ = conn.SetWriteDeadline(time.Now().Add(StreamWriteLimit))
					return w.Flush()
				}
			}
			runStream(base, stream, w, flush)
		})
		return
	}
	if len(resp.Head) > 0 {
		// Head and Body go straight from their slices to the connection's
		// buffer (one copy, as with SetBodyRaw), through a pooled stream.
		tp := twoPartPool.Get().(*twoPart)
		tp.head, tp.body = append(tp.headBuf[:0], resp.Head...), resp.Body
		ctx.Response.SetBodyStream(tp, len(resp.Head)+len(resp.Body))
		return
	}
	// The body is not copied: stored quotes are immutable and fresh bodies
	// belong to this response.
	ctx.Response.SetBodyRaw(resp.Body)
}

// shutdownEvent is the last event of a stream the server ends because it is
// shutting down.
var shutdownEvent = api.AppendEvent(nil, "error", "",
	api.AppendError(nil, &api.Error{Code: swapscout.EUNAVAILABLE, Message: "the server is shutting down; ask again"}))

// runStream runs stream; if ctx ends first (shutdown), the client gets a
// final error event and the response ends while the stream's fan-out
// finishes in the background, writing nowhere. A stream that itself stops
// at ctx's end (a swap's events return at once; a fan-out runs on) gets
// the same final event: whichever of the two sees the end first writes it.
func runStream(ctx context.Context, stream func(context.Context, io.Writer, func() error) error, w io.Writer, flush func() error) {
	g := &guardedWriter{w: w, flush: flush}
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := stream(ctx, g, g.Flush); err != nil && ctx.Err() != nil {
			g.finish()
			return
		}
		g.end()
	}()
	select {
	case <-done:
	case <-ctx.Done():
		g.finish()
	}
}

// guardedWriter lets runStream take the connection's writer back from a
// stream that is still running.
type guardedWriter struct {
	mu     sync.Mutex
	w      io.Writer
	flush  func() error
	closed bool
}

var errStreamEnded = errors.New("stream ended by shutdown")

func (g *guardedWriter) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return 0, errStreamEnded
	}
	return g.w.Write(p)
}

func (g *guardedWriter) Flush() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return errStreamEnded
	}
	return g.flush()
}

func (g *guardedWriter) end() {
	g.mu.Lock()
	g.closed = true
	g.mu.Unlock()
}

func (g *guardedWriter) finish() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.closed {
		return
	}
	g.closed = true
	if _, err := g.w.Write(shutdownEvent); err == nil {
		_ = g.flush()
	}
}

// method returns the method as a constant string, so no request allocates one.
// target splits a request target into its path and query as sent. fasthttp's
// URI parsing (percent-decoding, "//" and "/../" folding) is skipped: it cost
// a tenth of a cached answer's handler time, and the API's paths are plain
// ASCII, so a path that needs it matches no route (404). The absolute form
// that proxies send (http://host/path) is reduced to its path.
func target(uri []byte) (path, query []byte) {
	if len(uri) > 0 && uri[0] != '/' {
		if i := bytes.Index(uri, []byte("://")); i >= 0 {
			rest := uri[i+3:]
			j := bytes.IndexByte(rest, '/')
			if j < 0 {
				j = bytes.IndexByte(rest, '?')
				if j < 0 {
					return []byte("/"), nil
				}
				return []byte("/"), rest[j+1:]
			}
			uri = rest[j:]
		}
	}
	if i := bytes.IndexByte(uri, '#'); i >= 0 {
		uri = uri[:i]
	}
	if i := bytes.IndexByte(uri, '?'); i >= 0 {
		return uri[:i], uri[i+1:]
	}
	return uri, nil
}

func method(b []byte) string {
	switch string(b) {
	case "GET":
		return "GET"
	case "HEAD":
		return "HEAD"
	case "POST":
		return "POST"
	case "PUT":
		return "PUT"
	case "DELETE":
		return "DELETE"
	case "OPTIONS":
		return "OPTIONS"
	case "PATCH":
		return "PATCH"
	}
	return "OTHER"
}

// stdHeader reads a net/http request's headers, Host included (net/http
// keeps it apart from the others).
type stdHeader struct {
	h    http.Header
	host string
}

func (h stdHeader) Peek(name string) []byte {
	if name == "Host" {
		return []byte(h.host)
	}
	return []byte(h.h.Get(name))
}

// NetHTTP adapts h to net/http.
func NetHTTP(h *httpapi.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r := &httpapi.Request{
			Ctx:      req.Context(),
			Method:   req.Method,
			Path:     []byte(req.URL.Path),
			RawQuery: []byte(req.URL.RawQuery),
			Header:   stdHeader{req.Header, req.Host},
			Now:      time.Now(),
		}
		if ap, err := netip.ParseAddrPort(req.RemoteAddr); err == nil {
			r.Remote = net.TCPAddrFromAddrPort(ap)
		}
		r.ID = httpapi.AppendRequestID(nil, []byte(req.Header.Get("X-Request-Id")))
		if req.Body != nil && req.Method != "GET" && req.Method != "HEAD" {
			// One byte past the cap tells httpapi the body was longer.
			body, err := io.ReadAll(io.LimitReader(req.Body, httpapi.MaxBody+1))
			if err != nil {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("X-Content-Type-Options", "nosniff")
				w.WriteHeader(http.StatusBadRequest)
				_, _ = w.Write(api.AppendError(nil, &api.Error{Code: swapscout.EINVALID, Message: "the request body could not be read"}))
				return
			}
			r.Body = body
		}
		resp := h.Serve(r)
		hdr := w.Header()
		hdr.Set("X-Request-Id", string(r.ID))
		hdr.Set("X-Content-Type-Options", "nosniff")
		if resp.ContentType != "" {
			hdr.Set("Content-Type", resp.ContentType)
		}
		for _, f := range resp.Headers {
			hdr.Set(f.Key, f.Value)
		}
		if resp.Stream != nil {
			rc := http.NewResponseController(w)
			_ = rc.SetWriteDeadline(time.Now().Add(StreamWriteLimit))
			w.WriteHeader(resp.Status)
			flush := rc.Flush
			if resp.LongStream {
				flush = func() error {
					_ = rc.SetWriteDeadline(time.Now().Add(StreamWriteLimit))
					return rc.Flush()
				}
			}
			runStream(req.Context(), resp.Stream, w, flush)
			return
		}
		w.WriteHeader(resp.Status)
		if req.Method != "HEAD" {
			_, _ = w.Write(resp.Head)
			_, _ = w.Write(resp.Body)
		}
	})
}

// accessLogged logs one line per request (net/http transport).
func accessLogged(next http.Handler, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: 200}
		next.ServeHTTP(sw, req)
		log.LogAttrs(req.Context(), slog.LevelInfo, "request",
			slog.String("method", req.Method), slog.String("path", logPath([]byte(req.URL.Path))), slog.Int("status", sw.status),
			slog.Duration("took", time.Since(start)), slog.String("request_id", w.Header().Get("X-Request-Id")))
	})
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (w *statusWriter) WriteHeader(code int) {
	w.status = code
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

var _ io.Writer = (*bufio.Writer)(nil)

// logPath is a request's path as the access log writes it: clipped, with a
// swap's id (which lets anyone who has it read the swap) written "{id}".
// The access log never names the client's address either: the privacy
// page says so, and a test holds the server to it.
func logPath(p []byte) string {
	for _, pre := range []string{"/v1/swaps/", "/swap/"} {
		if rest, ok := strings.CutPrefix(string(p), pre); ok && rest != "" {
			id, tail, _ := strings.Cut(rest, "/")
			if swapscout.ValidSwapID(id) {
				if tail != "" {
					return pre + "{id}/" + clip([]byte(tail))
				}
				return pre + "{id}"
			}
		}
	}
	return clip(p)
}
