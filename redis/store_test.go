package redis_test

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"log/slog"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/redis"
	"github.com/swapscout/swapscout/storetest"
)

func TestMain(m *testing.M) {
	sayWhatSkips()
	goleak.VerifyTestMain(m)
}

// sayWhatSkips prints one line per group of tests that will skip here, with
// how to run them (go test shows it with -v, or when run in this directory).
func sayWhatSkips() {
	if os.Getenv("SWAPSCOUT_REDIS_URL") == "" {
		fmt.Fprintln(os.Stderr, "skipping the Redis store tests: set SWAPSCOUT_REDIS_URL=redis://127.0.0.1:6379/0 (a throwaway Redis) to run them")
	}
	if _, err := exec.LookPath("redis-server"); err != nil {
		fmt.Fprintln(os.Stderr, "skipping the tests that start and stop their own Redis: redis-server is not on PATH")
	}
}

// redisURL is the throwaway server CI provides; tests that need one skip
// without it.
func redisURL(t testing.TB) string {
	t.Helper()
	u := os.Getenv("SWAPSCOUT_REDIS_URL")
	if u == "" {
		t.Skip("SWAPSCOUT_REDIS_URL is not set (e.g. redis://127.0.0.1:6379/0 of a throwaway server)")
	}
	return u
}

func uniquePrefix() string {
	return fmt.Sprintf("swapscout-test:%016x:", rand.Uint64())
}

func newStore(t testing.TB, o redis.Options) *redis.Store {
	t.Helper()
	if o.Logger == nil {
		o.Logger = slog.New(slog.NewTextHandler(t.Output(), nil))
	}
	if o.Timeout == 0 {
		// Not under test here; a busy test machine can be slower than the
		// default, and a timeout would send a Get to the fallback.
		o.Timeout = 2 * time.Second
	}
	s, err := redis.New(o)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestConformance(t *testing.T) {
	url := redisURL(t)
	variants := []struct {
		name     string
		cacheTTL time.Duration
		fallback bool
	}{
		{"LocalCache", 0, false},
		{"LocalCacheAndFallback", 0, true},
		{"NoLocalCache", -1, false},
	}
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			storetest.Run(t, func(t *testing.T) swapscout.QuoteStore {
				o := redis.Options{URL: url, Prefix: uniquePrefix(), LocalCacheTTL: v.cacheTTL}
				if v.fallback {
					o.Fallback = inmem.New(inmem.Options{})
				}
				s := newStore(t, o)
				if s.Degraded() {
					t.Fatalf("Status() = %q right after New with Redis up", s.Status())
				}
				t.Cleanup(func() {
					// A fallback must not have hidden a failing Redis.
					if s.Degraded() {
						t.Errorf("Status() = %q at the end of the test, want %q", s.Status(), redis.StatusRedis)
					}
				})
				return s
			})
		})
	}
}

// TestInstancesShare runs two Stores, as two swapscout instances would, on
// one Redis: each reads what the other wrote, and an overwrite reaches the
// other's local cache through Redis's invalidation.
func TestInstancesShare(t *testing.T) {
	t.Parallel()
	url := redisURL(t)
	prefix := uniquePrefix()
	a := newStore(t, redis.Options{URL: url, Prefix: prefix})
	b := newStore(t, redis.Options{URL: url, Prefix: prefix})
	other := newStore(t, redis.Options{URL: url, Prefix: uniquePrefix()})
	ctx := context.Background()

	mustPut(t, a, "q1", "from a")
	for range 2 { // the second Get is answered by b's local cache
		wantGet(t, b, "q1", "from a")
	}
	wantGet(t, a, "q1", "from a")
	wantCode(t, other, "q1", swapscout.ENOTFOUND) // another prefix is another key space

	mustPut(t, b, "q1", "overwritten by b")
	wantGet(t, b, "q1", "overwritten by b")
	start := time.Now()
	for {
		v, err := a.Get(ctx, []byte("q1"))
		if err != nil {
			t.Fatalf("a.Get(q1): %v", err)
		}
		if string(v) == "overwritten by b" {
			t.Logf("a saw b's overwrite after %v", time.Since(start))
			break
		}
		if time.Since(start) > time.Second {
			t.Fatalf("a.Get(q1) = %q a second after b overwrote it", v)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestBadURL(t *testing.T) {
	for _, u := range []string{
		"",
		"localhost:6379",
		"http://localhost:6379",
		"redis://localhost:6379/notadb",
		"redis://localhost:6379/0/extra",
		"redis://localhost:6379/0?dial_timeout=soon",
		"redis://user:s3cret@[::1:6379/0",
	} {
		s, err := redis.New(redis.Options{URL: u})
		if err == nil {
			s.Close()
			t.Errorf("New(URL: %q) succeeded, want an error", u)
			continue
		}
		if strings.Contains(err.Error(), "s3cret") {
			t.Errorf("New(URL: %q) error %q shows the password", u, err)
		}
	}
}

// TestDownWithoutFallback: with Redis down and no fallback, calls fail fast
// with EUNAVAILABLE and the status says so.
func TestDownWithoutFallback(t *testing.T) {
	t.Parallel()
	s := newStore(t, redis.Options{URL: "redis://127.0.0.1:" + strconv.Itoa(freePort(t)), Prefix: "x:"})
	if got := s.Status(); got != redis.StatusDown || !s.Degraded() {
		t.Fatalf("Status() = %q, Degraded() = %v; want %q, true", got, s.Degraded(), redis.StatusDown)
	}
	if err := s.Put(context.Background(), "q", []byte("v"), time.Minute); swapscout.ErrorCode(err) != swapscout.EUNAVAILABLE {
		t.Errorf("Put error = %v, want code %q", err, swapscout.EUNAVAILABLE)
	}
	wantCode(t, s, "q", swapscout.EUNAVAILABLE)
}

// TestUnresponsiveRedis: a server that accepts connections but never
// answers (a hung Redis, a black hole) costs New one dial timeout, then
// quotes work from memory.
func TestUnresponsiveRedis(t *testing.T) {
	t.Parallel()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	held := make(chan net.Conn, 16)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			held <- c
		}
	}()
	t.Cleanup(func() {
		l.Close()
		for len(held) > 0 {
			(<-held).Close()
		}
	})
	// A command timeout of an hour: a store that waited for this Redis at
	// start or while degraded would hang here (the test's own timeout),
	// so no clock is read to tell.
	s := newStore(t, redis.Options{
		URL: "redis://" + l.Addr().String(), Prefix: "x:", Fallback: inmem.New(inmem.Options{}),
		DialTimeout: 300 * time.Millisecond, Timeout: time.Hour,
	})
	if got := s.Status(); got != redis.StatusMemory {
		t.Fatalf("Status() = %q, want %q", got, redis.StatusMemory)
	}
	mustPut(t, s, "q", "kept in memory")
	wantGet(t, s, "q", "kept in memory")
}

// TestStartDegraded: New succeeds with Redis down, quotes work from memory,
// and the store switches to Redis by itself once Redis starts.
func TestStartDegraded(t *testing.T) {
	t.Parallel()
	bin := redisServerBinary(t)
	port := freePort(t)
	url := "redis://127.0.0.1:" + strconv.Itoa(port) + "/0"
	prefix := uniquePrefix()
	s := newStore(t, redis.Options{URL: url, Prefix: prefix, Fallback: inmem.New(inmem.Options{})})
	if got := s.Status(); got != redis.StatusMemory {
		t.Fatalf("Status() = %q with Redis down, want %q", got, redis.StatusMemory)
	}
	mustPut(t, s, "early", "put while down")
	wantGet(t, s, "early", "put while down")
	wantCode(t, s, "unknown", swapscout.EUNAVAILABLE) // Redis might have it: not a 404

	startRedis(t, bin, port)
	since := time.Now()
	waitStatus(t, s, redis.StatusRedis, 3*time.Second)
	t.Logf("connected %v after Redis started", time.Since(since))

	mustPut(t, s, "late", "put once up")
	peer := newStore(t, redis.Options{URL: url, Prefix: prefix}) // no fallback: Redis or nothing
	wantGet(t, peer, "late", "put once up")
	wantGet(t, s, "early", "put while down")
	wantCode(t, s, "unknown", swapscout.ENOTFOUND)
}

// TestOutage kills Redis under load and starts it again on the same port:
// no Put or Get fails, the status goes to memory and back to Redis by
// itself, and every quote put before, during and after the outage is read
// back.
func TestOutage(t *testing.T) {
	t.Parallel()
	bin := redisServerBinary(t)
	port := freePort(t)
	url := "redis://127.0.0.1:" + strconv.Itoa(port) + "/0"
	srv := startRedis(t, bin, port)
	prefix := uniquePrefix()
	s := newStore(t, redis.Options{URL: url, Prefix: prefix, Fallback: inmem.New(inmem.Options{})})
	if got := s.Status(); got != redis.StatusRedis {
		t.Fatalf("Status() = %q, want %q", got, redis.StatusRedis)
	}

	type put struct {
		id, body string
		at       time.Time
	}
	const workers = 4
	ctx := context.Background()
	stop := make(chan struct{})
	results := make(chan []put, workers)
	errs := make(chan error, 1000)
	for w := range workers {
		go func() {
			var puts []put
			defer func() { results <- puts }()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				p := put{id: fmt.Sprintf("w%d-%d", w, i), body: fmt.Sprintf("quote %d of worker %d", i, w), at: time.Now()}
				if err := s.Put(ctx, p.id, []byte(p.body), time.Minute); err != nil {
					errs <- fmt.Errorf("Put(%s) at %s: %v", p.id, s.Status(), err)
				}
				puts = append(puts, p)
				for _, q := range []put{p, puts[rand.IntN(len(puts))]} {
					if v, err := s.Get(ctx, []byte(q.id)); err != nil || string(v) != q.body {
						errs <- fmt.Errorf("Get(%s) at %s = %q, %v; want %q", q.id, s.Status(), v, err, q.body)
					}
				}
				time.Sleep(time.Millisecond)
			}
		}()
	}

	time.Sleep(300 * time.Millisecond)
	killed := time.Now()
	if err := srv.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	srv.Wait()
	waitStatus(t, s, redis.StatusMemory, time.Second)
	t.Logf("degraded %v after the kill", time.Since(killed))
	time.Sleep(400 * time.Millisecond)
	restarted := time.Now()
	startRedis(t, bin, port)
	waitStatus(t, s, redis.StatusRedis, 3*time.Second) // ~0.3 s when the machine is idle
	t.Logf("back on Redis %v after the restart", time.Since(restarted))
	time.Sleep(300 * time.Millisecond)
	close(stop)

	var all []put
	for range workers {
		all = append(all, <-results...)
	}
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	during := 0
	for _, p := range all {
		if p.at.After(killed) && p.at.Before(restarted) {
			during++
		}
		wantGet(t, s, p.id, p.body)
	}
	if during == 0 {
		t.Fatalf("no quote was put during the outage (%d in all)", len(all))
	}
	t.Logf("%d puts, %d of them during the outage", len(all), during)

	// Shared again: what s puts now, a fallback-less peer reads from Redis.
	mustPut(t, s, "after", "shared again")
	peer := newStore(t, redis.Options{URL: url, Prefix: prefix})
	wantGet(t, peer, "after", "shared again")
}

func mustPut(t *testing.T, s swapscout.QuoteStore, id, body string) {
	t.Helper()
	if err := s.Put(context.Background(), id, []byte(body), time.Minute); err != nil {
		t.Fatalf("Put(%s): %v", id, err)
	}
}

func wantGet(t *testing.T, s swapscout.QuoteStore, id, want string) {
	t.Helper()
	v, err := s.Get(context.Background(), []byte(id))
	if err != nil || string(v) != want {
		t.Fatalf("Get(%s) = %q, %v; want %q", id, v, err, want)
	}
}

func wantCode(t *testing.T, s swapscout.QuoteStore, id, code string) {
	t.Helper()
	v, err := s.Get(context.Background(), []byte(id))
	if got := swapscout.ErrorCode(err); got != code {
		t.Fatalf("Get(%s) = %q, %v (code %q); want code %q", id, v, err, got, code)
	}
}

func waitStatus(t *testing.T, s *redis.Store, want string, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for s.Status() != want {
		if time.Now().After(deadline) {
			t.Fatalf("Status() = %q after %v, want %q", s.Status(), within, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func redisServerBinary(t *testing.T) string {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Skip("redis-server is not installed")
	}
	return bin
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startRedis runs a private, unpersisted redis-server on 127.0.0.1:port and
// waits until it answers PING; it is killed at the end of the test.
func startRedis(t *testing.T, bin string, port int) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(bin, "--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no")
	if err := cmd.Start(); err != nil {
		t.Fatalf("start redis-server: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	addr := "127.0.0.1:" + strconv.Itoa(port)
	deadline := time.Now().Add(5 * time.Second)
	for {
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.SetDeadline(time.Now().Add(time.Second))
			fmt.Fprint(c, "PING\r\n")
			line, err := bufio.NewReader(c).ReadString('\n')
			c.Close()
			if err == nil && line == "+PONG\r\n" {
				return cmd
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("redis-server on %s does not answer", addr)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
