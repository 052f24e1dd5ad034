package upstream

import (
	"bufio"
	"context"
	"crypto/tls"
	"net"
	"sync"
	"time"
)

const (
	readBufferSize  = 16 << 10 // response headers must fit in it
	writeBufferSize = 4 << 10
)

// aLongTimeAgo is a deadline in the past: setting it makes blocked I/O on a
// connection return immediately.
var aLongTimeAgo = time.Unix(1, 0)

// hostPool holds the idle connections to one scheme://host[:port].
type hostPool struct {
	cl        *Client
	name      string      // scheme://host[:port] as in the URL; map key and error label
	addr      string      // host:port to dial
	tlsConfig *tls.Config // nil for plain http

	mu     sync.Mutex
	idle   []*conn // LIFO: idle[len-1] is the most recently used
	closed bool
}

// acquire returns an idle connection (reused == true) or dials a new one.
// With fresh set it always dials.
func (hp *hostPool) acquire(ctx context.Context, deadline time.Time, fresh bool) (cn *conn, reused bool, err error) {
	if !fresh {
		if cn = hp.popIdle(); cn != nil {
			return cn, true, nil
		}
	}
	cn, err = hp.dial(ctx, deadline)
	return cn, false, err
}

// popIdle takes the most recently used idle connection, closing it and all
// older ones if it has been idle longer than IdleTimeout.
func (hp *hostPool) popIdle() *conn {
	hp.mu.Lock()
	n := len(hp.idle)
	if n == 0 {
		hp.mu.Unlock()
		return nil
	}
	cn := hp.idle[n-1]
	if time.Since(cn.lastUsed) <= hp.cl.idleTimeout {
		hp.idle[n-1] = nil
		hp.idle = hp.idle[:n-1]
		hp.mu.Unlock()
		return cn
	}
	// LIFO order: everything below cn is older still.
	expired := append([]*conn(nil), hp.idle...)
	clear(hp.idle)
	hp.idle = hp.idle[:0]
	hp.mu.Unlock()
	for _, cn := range expired {
		cn.close(true)
	}
	return nil
}

// release returns a healthy connection to the pool, or closes it if the pool
// is full or closed. Expired connections at the bottom of the stack are
// pruned on the way.
func (hp *hostPool) release(cn *conn) {
	now := time.Now()
	cn.lastUsed = now
	hp.mu.Lock()
	if hp.closed || len(hp.idle) >= hp.cl.maxIdle {
		hp.mu.Unlock()
		cn.close(true)
		return
	}
	var expired *conn
	if len(hp.idle) > 0 && now.Sub(hp.idle[0].lastUsed) > hp.cl.idleTimeout {
		expired = hp.idle[0]
		copy(hp.idle, hp.idle[1:])
		hp.idle[len(hp.idle)-1] = nil
		hp.idle = hp.idle[:len(hp.idle)-1]
	}
	hp.idle = append(hp.idle, cn)
	hp.mu.Unlock()
	if expired != nil {
		expired.close(true)
	}
}

// idleLen reports the number of idle connections (for tests).
func (hp *hostPool) idleLen() int {
	hp.mu.Lock()
	defer hp.mu.Unlock()
	return len(hp.idle)
}

// dial opens a new connection, bounded by DialTimeout, the call deadline,
// ctx and Close, and starts its watcher.
func (hp *hostPool) dial(ctx context.Context, deadline time.Time) (*conn, error) {
	cl := hp.cl
	dl := time.Now().Add(cl.dialTimeout)
	if !deadline.IsZero() && deadline.Before(dl) {
		dl = deadline
	}
	dctx, cancel := context.WithDeadline(ctx, dl)
	defer cancel()
	stop := context.AfterFunc(cl.life, cancel)
	defer stop()

	nc, err := cl.dial(dctx, "tcp", hp.addr)
	if err != nil {
		return nil, err
	}
	if hp.tlsConfig != nil {
		tc := tls.Client(nc, hp.tlsConfig)
		if err := tc.HandshakeContext(dctx); err != nil {
			nc.Close()
			return nil, err
		}
		nc = tc
	}
	cn := &conn{
		nc:     nc,
		hp:     hp,
		watchc: make(chan context.Context, 1),
		donec:  make(chan struct{}),
	}
	cn.br = bufio.NewReaderSize(cn, readBufferSize)
	cn.bw = bufio.NewWriterSize(cn, writeBufferSize)

	hp.mu.Lock()
	if hp.closed {
		hp.mu.Unlock()
		nc.Close()
		return nil, ErrClosed
	}
	cl.wg.Add(1)
	hp.mu.Unlock()
	go cn.watch(cl.life.Done(), &cl.wg)
	return cn, nil
}

// stopReason records why a watcher interrupted a call.
type stopReason uint8

const (
	stopNone   stopReason = iota
	stopCtx               // the call's context was done
	stopClosed            // the Client was closed
)

// conn is one pooled connection. It is owned by at most one call at a time;
// ownership passes through hostPool.mu.
type conn struct {
	nc net.Conn // *tls.Conn for https
	br *bufio.Reader
	bw *bufio.Writer
	hp *hostPool

	// Cancellation handshake with the watcher goroutine; see watch.
	watchc chan context.Context // cap 1: the ctx of the call starting now
	donec  chan struct{}        // unbuffered: the call's I/O is over
	stop   stopReason           // written by the watcher, read after donec

	deadline time.Time // deadline currently set on nc
	lastUsed time.Time // guarded by hp.mu while idle

	nread, nwritten int // bytes moved by the current call
}

// Read implements io.Reader for br, counting bytes for the stale-conn retry.
func (cn *conn) Read(p []byte) (int, error) {
	n, err := cn.nc.Read(p)
	cn.nread += n
	return n, err
}

// Write implements io.Writer for bw, counting bytes for the retry decision.
func (cn *conn) Write(p []byte) (int, error) {
	n, err := cn.nc.Write(p)
	cn.nwritten += n
	return n, err
}

// watch is the connection's watcher goroutine. For each call it receives the
// call's ctx, then waits for whichever comes first: the call finishing
// (donec), ctx being done or the client closing. In the latter two cases it
// sets a deadline in the past, which makes the blocked Read or Write return at
// once, and then still waits for donec, so it never touches the connection
// after the call has moved on. It exits when watchc is closed.
//
// This costs two channel operations and up to two goroutine wake-ups per
// call, and no allocations; context.AfterFunc would cost 2 allocations per
// call (4 more on a fresh per-call ctx). See BenchmarkCancelMechanism.
func (cn *conn) watch(closing <-chan struct{}, wg *sync.WaitGroup) {
	defer wg.Done()
	for ctx := range cn.watchc {
		select {
		case <-cn.donec:
			continue
		case <-ctx.Done():
			cn.stop = stopCtx
		case <-closing:
			cn.stop = stopClosed
		}
		_ = cn.nc.SetDeadline(aLongTimeAgo)
		<-cn.donec
	}
}

// arm hands ctx to the watcher for the call that is starting.
func (cn *conn) arm(ctx context.Context) {
	cn.stop = stopNone
	cn.watchc <- ctx // never blocks: the previous call was disarmed
}

// disarm ends the watch started by arm. When it returns, the watcher no
// longer references ctx or touches the connection, and cn.stop tells whether
// it interrupted the call.
func (cn *conn) disarm() {
	select {
	case <-cn.watchc:
		// The watcher never picked ctx up (the call beat it to a CPU).
	default:
		cn.donec <- struct{}{}
	}
}

// roundTrip writes the request of c and reads its response under deadline,
// with ctx watched by the connection's watcher.
func (cn *conn) roundTrip(ctx context.Context, c *Call, deadline time.Time, maxBody int) error {
	if !deadline.Equal(cn.deadline) {
		if err := cn.nc.SetDeadline(deadline); err != nil {
			return err
		}
		cn.deadline = deadline
	}
	cn.nread, cn.nwritten = 0, 0
	cn.arm(ctx)
	err := c.req.Write(cn.bw)
	if err == nil {
		err = cn.bw.Flush()
	}
	if err == nil {
		err = c.readResponse(cn.br, maxBody)
	}
	cn.disarm()
	return err
}

// close closes the connection and stops its watcher. It must be called by the
// connection's owner, never during roundTrip. graceful allows TLS to send
// close_notify; broken connections are closed at the TCP level.
func (cn *conn) close(graceful bool) {
	close(cn.watchc)
	if tc, ok := cn.nc.(*tls.Conn); ok && !graceful {
		_ = tc.NetConn().Close()
		return
	}
	_ = cn.nc.Close()
}
