package feed

import (
	"context"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
)

// Channel is the PostgreSQL notification channel of swap changes.
const Channel = "swapscout_swap_changed"

// Postgres is the feed across instances on one PostgreSQL database. Watchers
// subscribe to its Hub; SwapChanged publishes to this process at once and
// to the others through NOTIFY.
//
// The NOTIFYs are sent by one goroutine, in batches: every change heard
// while a batch is being sent goes in the next, one statement and one
// commit for all of them. PostgreSQL commits the transactions that NOTIFY
// one at a time (each holds a database-wide lock through its commit and
// WAL flush), so one NOTIFY per change, sent by the poll that recorded it,
// queued 100 swaps changing at once behind 100 flushes, and the change's
// webhook behind its NOTIFY. A change's own watchers hear it at once; the
// notices this instance sent come back to its listener and are skipped
// (the pids of its notifying connections say which).
type Postgres struct {
	*Hub
	pool *pgxpool.Pool
	log  *slog.Logger

	cancel context.CancelFunc
	wg     sync.WaitGroup
	ready  chan struct{} // closed once LISTEN is in place the first time
	once   sync.Once

	mu      sync.Mutex
	pending map[string]swapscout.SwapChange // by swap: the latest change not yet sent
	wake    chan struct{}                   // a change is pending
	ours    sync.Map                        // pids of this instance's live connections (uint32)
}

// NewPostgres starts listening on url's database and returns the feed; Close
// stops it. It waits up to ctx for the first LISTEN, so changes published
// after it returns are heard.
func NewPostgres(ctx context.Context, url string, log *slog.Logger) (*Postgres, error) {
	if log == nil {
		log = slog.Default()
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, err
	}
	cfg.MaxConns = 4
	p := &Postgres{Hub: &Hub{}, log: log, ready: make(chan struct{}), pending: map[string]swapscout.SwapChange{}, wake: make(chan struct{}, 1)}
	// A pid is ours while its connection lives: no other backend can have
	// it meanwhile, so a notice from it is one this instance sent.
	cfg.AfterConnect = func(_ context.Context, c *pgx.Conn) error {
		p.ours.Store(c.PgConn().PID(), struct{}{})
		return nil
	}
	cfg.BeforeClose = func(c *pgx.Conn) { p.ours.Delete(c.PgConn().PID()) }
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	p.pool = pool
	lctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	p.wg.Add(2)
	go p.listen(lctx)
	go p.notify(lctx)
	select {
	case <-p.ready:
		return p, nil
	case <-ctx.Done():
		p.Close()
		return nil, ctx.Err()
	}
}

var _ swaps.Listener = (*Postgres)(nil)

// SwapChanged implements swaps.Listener: it tells this process's watchers
// of change c at once and queues it for the other instances' (the next
// batch of NOTIFYs); it never waits for the database.
func (p *Postgres) SwapChanged(_ context.Context, c swapscout.SwapChange) {
	p.Publish(c)
	// What crosses to the other instances is the change alone: they read
	// the swap themselves.
	c.Shown, c.History = nil, nil
	p.mu.Lock()
	if old, ok := p.pending[c.SwapID]; !ok || old.Seq <= c.Seq {
		p.pending[c.SwapID] = c
	}
	p.mu.Unlock()
	select {
	case p.wake <- struct{}{}:
	default:
	}
}

// notify sends the pending changes, a batch at a time, until ctx ends, and
// then what is left (within a few seconds). A failed batch is logged: this
// process's watchers heard its changes already, the others' see them on
// their next read.
func (p *Postgres) notify(ctx context.Context) {
	defer p.wg.Done()
	for {
		select {
		case <-p.wake:
			p.send(ctx)
		case <-ctx.Done():
			fctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
			p.send(fctx)
			cancel()
			return
		}
	}
}

// send NOTIFYs every pending change in one statement.
func (p *Postgres) send(ctx context.Context) {
	p.mu.Lock()
	if len(p.pending) == 0 {
		p.mu.Unlock()
		return
	}
	batch := make([]string, 0, len(p.pending))
	for _, c := range p.pending {
		batch = append(batch, payload(c))
	}
	clear(p.pending)
	p.mu.Unlock()
	if _, err := p.pool.Exec(ctx, "SELECT pg_notify($1, n) FROM unnest($2::text[]) AS n", Channel, batch); err != nil {
		p.log.Warn("swap feed: notify failed", "changes", len(batch), "err", err)
	}
}

// payload is a change as NOTIFY carries it: "<swap id> <seq> <status>".
func payload(c swapscout.SwapChange) string {
	return c.SwapID + " " + strconv.Itoa(c.Seq) + " " + string(c.Status)
}

// parsePayload reads a NOTIFY payload: payload's form, or a swap id alone
// (what an instance of an earlier version sends), whose change is not
// known (Seq 0).
func parsePayload(s string) swapscout.SwapChange {
	f := strings.Fields(s)
	c := swapscout.SwapChange{SwapID: s}
	if len(f) == 3 {
		c.SwapID, c.Status = f[0], swapscout.SwapStatus(f[2])
		c.Seq, _ = strconv.Atoi(f[1])
	}
	return c
}

// Close sends the changes still pending, stops listening and closes the
// connections.
func (p *Postgres) Close() {
	p.cancel()
	p.wg.Wait()
	p.pool.Close()
}

// listen holds one connection in LISTEN and hands each notice to the Hub;
// when the connection drops it reconnects with backoff and wakes every
// watcher, since notices sent meanwhile are lost.
func (p *Postgres) listen(ctx context.Context) {
	defer p.wg.Done()
	backoff := 100 * time.Millisecond
	first := true
	for ctx.Err() == nil {
		err := p.listenOnce(ctx, func() {
			if !first {
				p.publishAll()
			}
			first = false
			backoff = 100 * time.Millisecond
			p.once.Do(func() { close(p.ready) })
		})
		if ctx.Err() != nil {
			return
		}
		p.log.Warn("swap feed: listening connection lost; reconnecting", "err", err, "in", backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 10*time.Second)
	}
}

func (p *Postgres) listenOnce(ctx context.Context, listening func()) error {
	pc, err := p.pool.Acquire(ctx)
	if err != nil {
		return err
	}
	// The connection may be left mid-wait: it is taken out of the pool and
	// never given back.
	conn := pc.Hijack()
	defer conn.Close(context.Background())
	// It never notifies, and leaves the pool without BeforeClose: its pid
	// is not ours to skip.
	p.ours.Delete(conn.PgConn().PID())
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{Channel}.Sanitize()); err != nil {
		return err
	}
	listening()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if _, own := p.ours.Load(n.PID); n.Channel == Channel && !own {
			p.Publish(parsePayload(n.Payload))
		}
	}
}
