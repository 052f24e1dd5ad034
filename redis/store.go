// Package redis keeps quotes in Redis through rueidis, so several swapscout
// instances behind a load balancer share them: a quote created on one
// instance can be read by id on any other, and a second Store with another
// prefix shares the identical-request cache the same way.
//
// Reads use Redis server-assisted client-side caching (rueidis DoCache): a
// repeated Get is answered from process memory without a round trip and
// without allocating, and Redis pushes an invalidation when any instance
// overwrites the key. Every value carries the time it expires, so a locally
// cached copy is never served past its TTL.
//
// When Redis cannot be reached, quotes keep working from memory: Put writes
// to the Fallback store, Get reads it, Status says so, and a background
// health check switches back to Redis when it answers again.
//
// Wiring, one Store per key space, each with its own fallback:
//
//	quotes, err := redis.New(redis.Options{URL: url, Prefix: "swapscout:q:", Fallback: inmem.New(inmem.Options{})})
//	...
//	cache, err := redis.New(redis.Options{URL: url, Prefix: "swapscout:c:", Fallback: inmem.New(inmem.Options{})})
//	...
//	deps.Health = func(context.Context) map[string]string { return map[string]string{"store": quotes.Status()} }
package redis

import (
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/maphash"
	"log/slog"
	"net/url"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/rueidis"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/opt"
)

// States reported by Store.Status.
const (
	StatusRedis  = "redis"                           // quotes are read from and written to Redis
	StatusMemory = "memory (redis unreachable)"      // Redis is down: quotes go to the Fallback store
	StatusDown   = "unavailable (redis unreachable)" // Redis is down and there is no Fallback
	StatusClosed = "closed"
)

// Defaults for the zero Options fields.
const (
	DefaultDialTimeout     = time.Second
	DefaultTimeout         = 200 * time.Millisecond
	DefaultHealthInterval  = 500 * time.Millisecond
	DefaultLocalCacheTTL   = time.Second
	DefaultLocalCacheBytes = 16 << 20
)

// Options configure a Store.
type Options struct {
	// URL is redis://[user:password@]host:port[/db] (or rediss://, or any
	// form rueidis.ParseURL accepts). Required.
	URL string
	// Prefix is put before every id to make the Redis key, for example
	// "swapscout:q:" for quotes and "swapscout:c:" for the request cache.
	// Stores sharing a Redis database need distinct prefixes.
	Prefix string
	// Fallback, usually an inmem.Store, keeps quotes while Redis is
	// unreachable. Every Put is written to it as well, so the quotes this
	// instance created stay readable through an outage (and after a Redis
	// restart that lost them). It is keyed by the bare id, so each Store
	// needs its own. Nil: errors (code EUNAVAILABLE) are returned instead.
	Fallback swapscout.QuoteStore
	// LocalCacheTTL bounds how long a Get may be answered from the local
	// copy without asking Redis (never past the key's own expiry). Default
	// DefaultLocalCacheTTL; negative disables client-side caching.
	LocalCacheTTL time.Duration
	// LocalCacheBytes bounds the client-side cache of each connection
	// (rueidis keeps one per connection). Default DefaultLocalCacheBytes.
	LocalCacheBytes int
	// DialTimeout bounds connecting (default: the URL's dial_timeout, else
	// DefaultDialTimeout); Timeout bounds each command (DefaultTimeout).
	DialTimeout time.Duration
	Timeout     time.Duration
	// HealthInterval is how often Redis is PINGed (DefaultHealthInterval).
	HealthInterval time.Duration
	// Logger receives state changes; slog.Default() when nil.
	Logger *slog.Logger
}

// Store is a swapscout.QuoteStore on Redis, safe for concurrent use. Close
// releases it.
type Store struct {
	prefix   string
	fallback swapscout.QuoteStore
	cacheTTL time.Duration
	timeout  time.Duration
	interval time.Duration
	log      *slog.Logger
	copt     rueidis.ClientOption
	addr     string

	client   atomic.Pointer[client] // nil only if rueidis returned no client yet
	degraded atomic.Bool            // Redis is skipped until the health check succeeds
	closed   atomic.Bool
	stamps   atomic.Int64 // the last write stamp handed out
	window   atomic.Pointer[opWindow]
	seed     maphash.Seed
	keys     [keySlots]atomic.Pointer[keyEntry]

	life   context.Context // cancelled by Close
	cancel context.CancelFunc
	stop   chan struct{}
	done   chan struct{}
	once   sync.Once
}

type client struct{ rueidis.Client }

// New returns a Store for o.URL. It fails only for bad options: when Redis
// cannot be reached it starts degraded (see Status) and keeps trying in the
// background.
func New(o Options) (*Store, error) {
	copt, err := rueidis.ParseURL(o.URL)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // url.Error repeats the URL, password included
		}
		return nil, fmt.Errorf("redis: bad URL: %w", err)
	}
	if o.DialTimeout > 0 {
		copt.Dialer.Timeout = o.DialTimeout
	} else if copt.Dialer.Timeout <= 0 {
		copt.Dialer.Timeout = DefaultDialTimeout
	}
	o.Timeout = opt.Or(o.Timeout, DefaultTimeout)
	o.HealthInterval = opt.Or(o.HealthInterval, DefaultHealthInterval)
	if o.LocalCacheTTL == 0 {
		o.LocalCacheTTL = DefaultLocalCacheTTL
	}
	o.LocalCacheBytes = opt.Or(o.LocalCacheBytes, DefaultLocalCacheBytes)
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if copt.ConnWriteTimeout <= 0 {
		// A connection that answers nothing for this long is closed and
		// redialled (rueidis pings idle connections to find out).
		copt.ConnWriteTimeout = max(2*time.Second, 10*o.Timeout)
	}
	copt.CacheSizeEachConn = o.LocalCacheBytes
	copt.DisableCache = copt.DisableCache || o.LocalCacheTTL < 0
	copt.RetryDelay = retryDelay
	// Pipelined commands that time out are abandoned on a live connection;
	// rueidis's synchronous path instead closes the connection on a missed
	// deadline, and under load that turns slow answers into reconnects.
	copt.AlwaysPipelining = true
	if len(copt.InitAddress) == 1 && copt.Sentinel.MasterSet == "" {
		// One address is a standalone server: skip rueidis's cluster probe
		// (a round trip, and a lingering goroutine when it fails), and get
		// a client even when the first dial fails; it redials on use.
		// Several addresses (?addr=…) keep the cluster detection.
		copt.ForceSingleClient = true
	}
	if copt.ClientName == "" {
		copt.ClientName = "swapscout"
	}
	s := &Store{
		prefix:   o.Prefix,
		fallback: o.Fallback,
		cacheTTL: o.LocalCacheTTL,
		timeout:  o.Timeout,
		interval: o.HealthInterval,
		log:      o.Logger,
		copt:     copt,
		addr:     strings.Join(copt.InitAddress, ","),
		seed:     maphash.MakeSeed(),
		stop:     make(chan struct{}),
		done:     make(chan struct{}),
	}
	s.life, s.cancel = context.WithCancel(context.Background())
	if err := s.connect(); err != nil {
		s.degraded.Store(true)
		s.log.Warn("redis unreachable at start; quotes are kept in memory until it answers", "addr", s.addr, "err", err)
	}
	go s.watch()
	return s, nil
}

// retryDelay lets rueidis retry a read once after a network error (a
// connection Redis closed is redialled on the retry), then give up so the
// fallback answers instead. By default rueidis retries reads until the
// context ends.
func retryDelay(attempts int, _ rueidis.Completed, _ error) time.Duration {
	if attempts > 1 {
		return -1
	}
	return 5 * time.Millisecond
}

// connect makes the client. With ForceSingleClient rueidis returns one even
// when it could not connect, with the error; keep it, it redials on use.
func (s *Store) connect() error {
	c, err := rueidis.NewClient(s.copt)
	if c != nil {
		s.client.Store(&client{c})
	}
	return err
}

// watch PINGs Redis every interval until Close, connecting first if it never
// could; rueidis redials broken connections itself when they are used.
func (s *Store) watch() {
	defer close(s.done)
	t := time.NewTicker(s.interval)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
		}
		s.setState(s.ping())
	}
}

func (s *Store) ping() error {
	c := s.client.Load()
	if c == nil {
		if err := s.connect(); err != nil {
			return err
		}
		c = s.client.Load()
	}
	ctx, cancel := context.WithTimeout(s.life, max(healthTimeout, s.timeout))
	defer cancel()
	return c.Do(ctx, c.B().Ping().Build()).Error()
}

// healthTimeout bounds the health check's PING. It is longer than a
// command's Timeout so that a busy process, whose goroutines wait for a CPU,
// does not mistake its own slowness for Redis's.
const healthTimeout = time.Second

// setState records the outcome of talking to Redis: err == nil means it
// answered.
func (s *Store) setState(err error) {
	if s.closed.Load() {
		return
	}
	if err == nil {
		if s.degraded.CompareAndSwap(true, false) {
			s.log.Info("redis reachable again; quotes are shared", "addr", s.addr)
		}
	} else if s.degraded.CompareAndSwap(false, true) {
		s.log.Warn("redis unreachable; quotes are kept in memory", "addr", s.addr, "err", err)
	}
}

// failed handles an error from a command: a connection failure turns the
// store degraded at once, until the health check succeeds. A timeout leaves
// that to the health check (see healthTimeout), and Redis's own error
// replies and the caller's cancellation say nothing about reachability.
func (s *Store) failed(ctx context.Context, err error) {
	if _, isReply := rueidis.IsRedisErr(err); isReply || ctx.Err() != nil ||
		errors.Is(err, context.DeadlineExceeded) || errors.Is(err, os.ErrDeadlineExceeded) {
		return
	}
	s.setState(err)
}

// live returns the client to use, or nil while degraded.
func (s *Store) live() *client {
	if s.degraded.Load() {
		return nil
	}
	return s.client.Load()
}

// Status returns StatusRedis while Redis answers, StatusMemory while quotes
// are kept in the fallback (StatusDown without one), StatusClosed after Close.
func (s *Store) Status() string {
	switch {
	case s.closed.Load():
		return StatusClosed
	case !s.degraded.Load():
		return StatusRedis
	case s.fallback != nil:
		return StatusMemory
	}
	return StatusDown
}

// Degraded reports whether Redis is being skipped because it did not answer.
func (s *Store) Degraded() bool { return s.degraded.Load() }

// Close stops the health check and closes the Redis connections. The
// fallback is not closed; Put and Get keep using it.
func (s *Store) Close() error {
	s.once.Do(func() {
		s.closed.Store(true)
		s.degraded.Store(true)
		s.cancel() // ends the shared Get windows and a PING in flight
		close(s.stop)
		<-s.done
		if c := s.client.Swap(nil); c != nil {
			c.Close()
		}
	})
	return nil
}

var (
	errNotFound = swapscout.Errorf(swapscout.ENOTFOUND, "quote not found or expired")
	errDegraded = errors.New("redis unreachable")
	errMiss     = errors.New("miss")
)

func unavailable(cause error) error {
	return &swapscout.Error{Code: swapscout.EUNAVAILABLE, Message: "quote store unavailable", Err: cause}
}

// Put stores body under id for ttl, in Redis and in the fallback. It returns
// an error only when neither took it.
func (s *Store) Put(ctx context.Context, id string, body []byte, ttl time.Duration) error {
	now := time.Now()
	e := s.entryString(id)
	stamp := s.nextStamp(now)
	err := errDegraded
	if c := s.live(); c != nil {
		if err = s.put(ctx, c, e.key, stamp, now, body, ttl); err != nil {
			s.failed(ctx, err)
		}
	}
	if err == nil {
		raise(&e.floor, stamp)
	}
	if s.fallback == nil {
		if err != nil {
			return unavailable(err)
		}
		return nil
	}
	// Written even when Redis took it (see Options.Fallback), to expire
	// when the Redis copy does rather than later.
	ferr := s.fallback.Put(ctx, id, body, ttl-time.Since(now))
	if err == nil {
		return nil
	}
	if ferr != nil {
		return unavailable(ferr)
	}
	raise(&e.shadow, stamp)
	return nil
}

func (s *Store) put(ctx context.Context, c *client, key string, stamp int64, now time.Time, body []byte, ttl time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	if ttl <= 0 {
		return c.Do(ctx, c.B().Del().Key(key).Build()).Error()
	}
	var b strings.Builder
	b.Grow(headerLen + len(body))
	b.Write(appendHeader(make([]byte, 0, headerLen), stamp, now.Add(ttl).UnixNano()))
	b.Write(body)
	ms := int64((ttl + time.Millisecond - 1) / time.Millisecond)
	return c.Do(ctx, c.B().Set().Key(key).Value(b.String()).PxMilliseconds(ms).Build()).Error()
}

// Get returns the body stored under id: from the local cache, Redis, or the
// fallback. It allocates nothing when the local cache has the quote. The
// error's code is ENOTFOUND when the id is unknown or expired, EUNAVAILABLE
// when Redis could not be asked and the fallback does not have it.
//
// The Redis call is bounded by Timeout. The caller's context is checked
// before it; a cancellation during the call is not seen (the call still
// ends within Timeout) unless ctx's deadline is sooner than Timeout.
func (s *Store) Get(ctx context.Context, id []byte) ([]byte, error) {
	cause := errDegraded
	if c := s.live(); c != nil {
		v, err := s.get(ctx, c, id)
		switch {
		case err == nil:
			return v, nil
		case err == errMiss:
			cause = nil
		default:
			cause = err
			s.failed(ctx, err)
		}
	}
	if s.fallback != nil {
		if v, err := s.fallback.Get(ctx, id); err == nil || cause == nil {
			return v, err
		}
	}
	if cause == nil {
		return nil, errNotFound
	}
	return nil, unavailable(cause)
}

// get reads id from Redis through the local cache. It returns errMiss when
// Redis has no fresh value newer than this instance's last write of id.
func (s *Store) get(ctx context.Context, c *client, id []byte) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	now := time.Now()
	e := s.entry(id)
	octx := s.opContext(ctx, now)
	cmd := e.get
	if !e.pinned {
		cmd = c.B().Get().Key(e.key).Cache()
	}
	res := c.DoCache(octx, cmd, s.cacheTTL)
	v, err := res.AsBytes()
	if floor := e.floor.Load(); floor != 0 && res.IsCacheHit() && (err != nil || stampOf(v) < floor) {
		// The local copy (or cached absence) predates a later write of this
		// instance: Redis has pushed the invalidation, but it has not been
		// read yet. Ask Redis itself.
		v, err = c.Do(octx, c.B().Get().Key(e.key).Build()).AsBytes()
		if err == nil || rueidis.IsRedisNil(err) {
			// Redis's answer stands even when older than the write (two
			// writes of this instance landed out of order, or the value
			// has expired): stop asking it past the cache.
			e.floor.CompareAndSwap(floor, min(stampOf(v), floor))
		}
	}
	if err != nil {
		if rueidis.IsRedisNil(err) {
			err = errMiss
		}
		return nil, err
	}
	stamp, expires, body, ok := parse(v)
	if !ok || stamp < e.shadow.Load() || expires <= now.UnixNano() {
		// Malformed, expired, or older than a write of this instance that
		// only the fallback took while Redis was away.
		return nil, errMiss
	}
	return body, nil
}

// Values are stored in Redis after a header of two big-endian int64s: the
// write stamp (unix nanoseconds, strictly increasing per instance), so an
// instance can tell its own later writes from a stale cached copy, and the
// expiry (unix nanoseconds), so a cached copy is never served past it.
const headerLen = 16

func appendHeader(b []byte, stamp, expires int64) []byte {
	b = binary.BigEndian.AppendUint64(b, uint64(stamp))
	return binary.BigEndian.AppendUint64(b, uint64(expires))
}

// stampOf returns the write stamp of a stored value, 0 if there is none.
func stampOf(v []byte) int64 {
	stamp, _, _, _ := parse(v)
	return stamp
}

func parse(v []byte) (stamp, expires int64, body []byte, ok bool) {
	if len(v) < headerLen {
		return 0, 0, nil, false
	}
	return int64(binary.BigEndian.Uint64(v)), int64(binary.BigEndian.Uint64(v[8:])), v[headerLen:], true
}

func (s *Store) nextStamp(now time.Time) int64 {
	n := now.UnixNano()
	for {
		last := s.stamps.Load()
		next := max(n, last+1)
		if s.stamps.CompareAndSwap(last, next) {
			return next
		}
	}
}

// keyEntry is an interned Redis key (so a Get builds no string) and what
// this instance wrote to it.
type keyEntry struct {
	key string
	// get is GET key, built once (rueidis computes the key's hash slot as
	// it builds), when pinned; entries made before the first connection
	// build it on each Get.
	get    rueidis.Cacheable
	pinned bool
	// floor is the stamp of this instance's last write Redis took: a locally
	// cached copy older than that is stale.
	floor atomic.Int64
	// shadow is the stamp of this instance's last write only the fallback
	// took: a Redis value older than that is not answered.
	shadow atomic.Int64
}

// raise sets v to stamp if that is larger.
func raise(v *atomic.Int64, stamp int64) {
	for {
		last := v.Load()
		if stamp <= last || v.CompareAndSwap(last, stamp) {
			return
		}
	}
}

// keySlots is the size of the direct-mapped key table: recently used ids
// keep their key; a colliding id replaces it, and the only cost of that is
// one string built on the next Get of the evicted id.
const keySlots = 4096

func (s *Store) entry(id []byte) *keyEntry {
	slot := &s.keys[maphash.Bytes(s.seed, id)%keySlots]
	if e := slot.Load(); e != nil && e.key[len(s.prefix):] == string(id) {
		return e
	}
	return s.intern(slot, string(id))
}

func (s *Store) entryString(id string) *keyEntry {
	slot := &s.keys[maphash.String(s.seed, id)%keySlots]
	if e := slot.Load(); e != nil && e.key[len(s.prefix):] == id {
		return e
	}
	return s.intern(slot, id)
}

func (s *Store) intern(slot *atomic.Pointer[keyEntry], id string) *keyEntry {
	for {
		old := slot.Load()
		if old != nil && old.key[len(s.prefix):] == id {
			return old
		}
		e := &keyEntry{key: s.prefix + id}
		if c := s.client.Load(); c != nil {
			e.get, e.pinned = c.B().Get().Key(e.key).Cache().Pin(), true
		}
		if slot.CompareAndSwap(old, e) {
			return e
		}
	}
}

// opWindow is a context shared by the Gets that start within one window, so
// bounding a Get by Timeout costs no allocation: each Get gets between
// Timeout and Timeout + Timeout/4.
type opWindow struct {
	ctx    context.Context
	cancel context.CancelFunc // it also ends at its deadline, or with Store.life
	until  int64              // unix nanoseconds
}

// opContext returns the context for a Get's Redis call: ctx itself when its
// deadline is sooner than Timeout, else the shared window. The shared window
// does not carry ctx's cancellation: a Get cancelled mid-call still ends
// within Timeout, and one cancelled before is not started (see get).
func (s *Store) opContext(ctx context.Context, now time.Time) context.Context {
	if dl, ok := ctx.Deadline(); ok && dl.Sub(now) <= s.timeout {
		return ctx
	}
	w := s.window.Load()
	if w != nil && now.UnixNano() < w.until {
		return w.ctx
	}
	slack := s.timeout / 4
	wctx, cancel := context.WithDeadline(s.life, now.Add(s.timeout+slack))
	nw := &opWindow{ctx: wctx, cancel: cancel, until: now.Add(slack).UnixNano()}
	if s.window.CompareAndSwap(w, nw) {
		return wctx
	}
	cancel() // another Get opened the next window first: use it
	return s.window.Load().ctx
}

var _ swapscout.QuoteStore = (*Store)(nil)
