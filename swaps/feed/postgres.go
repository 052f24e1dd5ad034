package feed

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Channel is the PostgreSQL notification channel of swap changes.
const Channel = "swapscout_swap_changed"

// Postgres is the feed across instances on one PostgreSQL database. Watchers
// subscribe to its Hub; Changed publishes to this process at once and to the
// others through NOTIFY.
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

// Changed tells every instance's watchers of swap id that it changed. A
// failed NOTIFY is logged: this process's watchers heard it already, the
// others will see the change on their next read.
func (p *Postgres) Changed(ctx context.Context, id string) {
	p.Publish(id)
	if _, err := p.pool.Exec(ctx, "SELECT pg_notify($1, $2)", Channel, id); err != nil {
		p.log.Warn("swap feed: notify failed", "swap", id, "err", err)
	}
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
			p.Publish(n.Payload)
		}
	}
}
