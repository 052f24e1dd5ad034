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
type Postgres struct {
	*Hub
	pool *pgxpool.Pool
	log  *slog.Logger

	cancel context.CancelFunc
	done   chan struct{}
	ready  chan struct{} // closed once LISTEN is in place the first time
	once   sync.Once
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
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, err
	}
	lctx, cancel := context.WithCancel(context.Background())
	p := &Postgres{Hub: &Hub{}, pool: pool, log: log, cancel: cancel, done: make(chan struct{}), ready: make(chan struct{})}
	go p.listen(lctx)
	select {
	case <-p.ready:
		return p, nil
	case <-ctx.Done():
		p.Close()
		return nil, ctx.Err()
	}
}

var _ swaps.Listener = (*Postgres)(nil)

// SwapChanged implements swaps.Listener: it tells every instance's watchers
// of change c. A failed NOTIFY is logged: this process's watchers heard it
// already, the others will see the change on their next read.
func (p *Postgres) SwapChanged(ctx context.Context, c swapscout.SwapChange) {
	p.Publish(c)
	if _, err := p.pool.Exec(ctx, "SELECT pg_notify($1, $2)", Channel, payload(c)); err != nil {
		p.log.Warn("swap feed: notify failed", "swap", c.SwapID, "err", err)
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

// Close stops listening and closes the connections.
func (p *Postgres) Close() {
	p.cancel()
	<-p.done
	p.pool.Close()
}

// listen holds one connection in LISTEN and hands each notice to the Hub;
// when the connection drops it reconnects with backoff and wakes every
// watcher, since notices sent meanwhile are lost.
func (p *Postgres) listen(ctx context.Context) {
	defer close(p.done)
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
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{Channel}.Sanitize()); err != nil {
		return err
	}
	listening()
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if n.Channel == Channel {
			p.Publish(parsePayload(n.Payload))
		}
	}
}
