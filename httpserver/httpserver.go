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
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/valyala/fasthttp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/httpapi"
)

// Options configure a Server.
type Options struct {
	Transport string // "fasthttp" (default) or "nethttp"
	Logger    *slog.Logger
	// ConnLifetime bounds a fasthttp client connection's life (default
	// DefaultConnLifetime); see lifetimeListener.
	ConnLifetime time.Duration
}

// Server serves a Handler on a listener.
type Server struct {
	ln     net.Listener
	fast   *fasthttp.Server
	std    *http.Server
	base   context.Context
	cancel context.CancelFunc
	done   chan error
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
	s := &Server{ln: ln, done: make(chan error, 1)}
	s.base, s.cancel = context.WithCancel(context.Background())
	switch o.Transport {
	case "", "fasthttp":
		s.fast = NewFastServer(s.base, h)
		life := o.ConnLifetime
		if life <= 0 {
			life = DefaultConnLifetime
		}
		lln := lifetimeListener{Listener: ln, lifetime: life}
		go func() { s.done <- s.fast.Serve(lln) }()
	case "nethttp":
		s.std = &http.Server{Handler: NetHTTP(h), ReadHeaderTimeout: 10 * time.Second, IdleTimeout: 90 * time.Second,
			BaseContext: func(net.Listener) context.Context { return s.base }, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
		go func() { s.done <- s.std.Serve(ln) }()
	default:
		ln.Close()
		s.cancel()
		return nil, errors.New("httpserver: transport must be fasthttp or nethttp")
	}
	return s, nil
}

// Addr returns the listening address.
func (s *Server) Addr() string { return s.ln.Addr().String() }

// URL returns "http://" + Addr().
func (s *Server) URL() string { return "http://" + s.Addr() }

// Shutdown stops accepting, cancels in-flight fan-outs and waits for handlers.
func (s *Server) Shutdown(ctx context.Context) error {
	s.cancel()
	var err error
	if s.fast != nil {
		err = s.fast.ShutdownWithContext(ctx)
	} else {
		err = s.std.Shutdown(ctx)
	}
	if serr := <-s.done; serr != nil && !errors.Is(serr, http.ErrServerClosed) && err == nil {
		err = serr
	}
	return err
}

var reqPool = sync.Pool{New: func() any { return new(httpapi.Request) }}

// DefaultConnLifetime bounds how long one client connection may stay open,
// slow or idle; clients reconnect transparently. It exceeds the longest
// request (a 30 s fan-out deadline, streamed or not).
const DefaultConnLifetime = 2 * time.Minute

// lifetimeListener sets each accepted connection's deadline once, so the
// server needs no per-request deadline updates.
type lifetimeListener struct {
	net.Listener
	lifetime time.Duration
}

func (l lifetimeListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err == nil {
		_ = c.SetDeadline(time.Now().Add(l.lifetime))
	}
	return c, err
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
	return &fasthttp.Server{
		Handler:            FastHandler(base, h),
		Name:               "swapscout",
		ReadBufferSize:     16 << 10,
		MaxRequestBodySize: 64 << 10,
		// No per-request ReadTimeout/IdleTimeout: fasthttp resets the
		// connection's deadline twice per request for them, ~0.45 µs of the
		// ~17 µs a cached answer costs. Slow and idle clients are bounded by
		// the connection lifetime set at accept instead (lifetimeListener).
		// (fasthttp's MaxConnsPerIP is left off: its connection wrapper
		// races with Shutdown under the race detector in v1.74.0.)
		DisableHeaderNamesNormalizing: false,
		NoDefaultContentType:          true,
		ErrorHandler: func(ctx *fasthttp.RequestCtx, err error) {
			code := swapscout.EINVALID
			msg := "malformed request"
			var small *fasthttp.ErrSmallBuffer
			if errors.As(err, &small) || errors.Is(err, fasthttp.ErrBodyTooLarge) {
				code, msg = swapscout.ETOOLARGE, "request is too large"
			}
			ctx.SetStatusCode(httpapi.StatusOf(code))
			ctx.SetContentType("application/json")
			ctx.SetBody(httpapi.AppendError(nil, code, msg))
			ctx.SetConnectionClose()
		},
	}
}

// FastHandler adapts h to fasthttp.
func FastHandler(base context.Context, h *httpapi.Handler) fasthttp.RequestHandler {
	return func(ctx *fasthttp.RequestCtx) {
		r := reqPool.Get().(*httpapi.Request)
		r.Ctx = base
		r.Method = method(ctx.Method())
		r.Path, r.RawQuery = target(ctx.Request.Header.RequestURI())
		r.Header = &ctx.Request.Header
		r.Now = ctx.Time()
		resp := h.Serve(r)
		writeFast(ctx, base, &resp) // before Reset: Head lives in r
		r.Reset()
		reqPool.Put(r)
	}
}

func writeFast(ctx *fasthttp.RequestCtx, base context.Context, resp *httpapi.Response) {
	ctx.SetStatusCode(resp.Status)
	if resp.ContentType != "" {
		ctx.SetContentType(resp.ContentType)
	}
	for i := range resp.Headers {
		k, v := resp.Headers[i].Bytes()
		ctx.Response.Header.SetCanonical(k, v)
	}
	if resp.Stream != nil {
		stream := resp.Stream
		ctx.SetBodyStreamWriter(func(w *bufio.Writer) {
			_ = stream(base, w, w.Flush)
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

type stdHeader http.Header

func (h stdHeader) Peek(name string) []byte { return []byte(http.Header(h).Get(name)) }

// NetHTTP adapts h to net/http.
func NetHTTP(h *httpapi.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		r := &httpapi.Request{
			Ctx:      req.Context(),
			Method:   req.Method,
			Path:     []byte(req.URL.Path),
			RawQuery: []byte(req.URL.RawQuery),
			Header:   stdHeader(req.Header),
		}
		resp := h.Serve(r)
		hdr := w.Header()
		if resp.ContentType != "" {
			hdr.Set("Content-Type", resp.ContentType)
		}
		for _, f := range resp.Headers {
			hdr.Set(f.Key, f.Value)
		}
		if resp.Stream != nil {
			rc := http.NewResponseController(w)
			w.WriteHeader(resp.Status)
			_ = resp.Stream(req.Context(), w, rc.Flush)
			return
		}
		w.WriteHeader(resp.Status)
		if req.Method != "HEAD" {
			_, _ = w.Write(resp.Head)
			_, _ = w.Write(resp.Body)
		}
	})
}

var _ io.Writer = (*bufio.Writer)(nil)
