package redis

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"math"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/redis/rueidis"
)

// Budget is a set of rate budgets shared through Redis by every instance
// that uses the same Redis and prefix: one GCRA bucket per key, kept in
// Redis and judged by a script on Redis's own clock, so instances whose
// clocks disagree still share one budget exactly. It satisfies
// venue.Budget.
//
// It rides on its Store's connection and health check: while the Store is
// degraded (Redis unreachable), Take fails at once and each instance keeps
// to its share of the budget, the budget over the instances last seen.
// Every instance says it is alive in Redis every HeartbeatInterval; those
// heard from within InstanceTTL count.
type Budget struct {
	s         *Store
	prefix    string
	id        string
	instances atomic.Int64
	done      chan struct{}
}

// slowRetry is the wait Take reports when Redis answered too slowly to
// say whether a token is free.
const slowRetry = 10 * time.Millisecond

// Budget heartbeat settings.
const (
	HeartbeatInterval = time.Second
	InstanceTTL       = 5 * time.Second
)

// gcra takes one token from the bucket KEYS[1] (emission interval ARGV[1]
// µs, burst ARGV[2] tokens) when one is free with ARGV[3] tokens left after
// it; it returns 0 when it took one, else the µs until one would be free.
// The bucket is its theoretical arrival time, in µs of Redis's clock.
var gcra = rueidis.NewLuaScript(`
local em = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local keep = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local newtat = tat + em
local over = newtat - now - (burst - keep) * em
if over > 0 then return math.ceil(over) end
redis.call('SET', KEYS[1], string.format('%d', newtat), 'PX', math.ceil((newtat - now) / 1000) + 1000)
return 0
`)

// heartbeat records this instance alive at Redis's time and returns how
// many were heard from within ARGV[2] µs.
var heartbeat = rueidis.NewLuaScript(`
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - tonumber(ARGV[2]))
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2]) / 1000))
return redis.call('ZCARD', KEYS[1])
`)

// Budget returns the rate budgets kept in s's Redis under prefix (e.g.
// "swapscout:budget:"). instances is how many instances to assume share
// them until Redis has been heard from (at least 1). It stops with s.
func (s *Store) Budget(prefix string, instances int) *Budget {
	var id [8]byte
	_, _ = rand.Read(id[:])
	b := &Budget{s: s, prefix: prefix, id: hex.EncodeToString(id[:]), done: make(chan struct{})}
	b.instances.Store(int64(max(1, instances)))
	go b.beat()
	return b
}

func (b *Budget) beat() {
	defer close(b.done)
	t := time.NewTicker(HeartbeatInterval)
	defer t.Stop()
	for {
		b.count()
		select {
		case <-b.s.life.Done():
			return
		case <-t.C:
		}
	}
}

// count says this instance is alive and learns how many are.
func (b *Budget) count() {
	c := b.s.live()
	if c == nil {
		return
	}
	ctx, cancel := context.WithTimeout(b.s.life, max(healthTimeout, b.s.timeout))
	defer cancel()
	n, err := heartbeat.Exec(ctx, c, []string{b.prefix + "instances"},
		[]string{b.id, strconv.FormatInt(InstanceTTL.Microseconds(), 10)}).AsInt64()
	if err != nil {
		b.s.failed(ctx, err)
		return
	}
	b.instances.Store(max(1, n))
}

// Refresh says this instance is alive now and learns how many share the
// budget, as the heartbeat does every HeartbeatInterval.
func (b *Budget) Refresh() { b.count() }

// Instances is how many instances shared the budget when Redis last
// answered (at least 1).
func (b *Budget) Instances() int { return int(b.instances.Load()) }

// Take takes one token of key's bucket (rate per second, burst tokens)
// when one is free now with keep tokens left after it; otherwise it takes
// nothing and returns how long until one is. It fails at once while Redis
// is unreachable (the Store is degraded); a command that times out on a
// live Redis takes nothing and reports a short wait.
func (b *Budget) Take(ctx context.Context, key string, rate float64, burst, keep int) (time.Duration, error) {
	c := b.s.live()
	if c == nil {
		return 0, errDegraded
	}
	if rate <= 0 || math.IsInf(rate, 0) {
		return 0, nil
	}
	em := int64(1e6 / rate)
	ctx, cancel := context.WithTimeout(ctx, b.s.timeout)
	defer cancel()
	us, err := gcra.Exec(ctx, c, []string{b.prefix + key},
		[]string{strconv.FormatInt(em, 10), strconv.Itoa(burst), strconv.Itoa(keep)}).AsInt64()
	if err != nil {
		b.s.failed(ctx, err)
		if b.s.degraded.Load() {
			return 0, err
		}
		// Redis is up but slow to answer: no token for now rather than a
		// guess that could overrun the budget; the caller may ask again.
		return slowRetry, nil
	}
	return time.Duration(us) * time.Microsecond, nil
}

// Claim claims key (under the Store's prefix) for ttl, for one instance to
// do the work it names while the others wait for its result: true when this
// caller got it, or when Redis cannot say (then everyone works for
// themselves).
func (s *Store) Claim(ctx context.Context, key string, ttl time.Duration) bool {
	c := s.live()
	if c == nil {
		return true
	}
	ctx, cancel := context.WithTimeout(ctx, s.timeout)
	defer cancel()
	err := c.Do(ctx, c.B().Set().Key(s.prefix+key).Value("1").Nx().Px(max(ttl, time.Millisecond)).Build()).Error()
	if rueidis.IsRedisNil(err) {
		return false // set by another
	}
	if err != nil {
		s.failed(ctx, err)
	}
	return true
}
