package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"github.com/swapscout/swapscout/internal/tier"
	"io"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/all"
)

// reexecEnv, when set in a test binary's environment, makes it a server
// process: `swapscout` with the JSON-encoded arguments (TestMain), so a
// test can kill -9 a real process without building the binary.
const reexecEnv = "SWAPSCOUT_TEST_REEXEC_ARGS"

func reexecServe(spec string) int {
	var args []string
	if err := json.Unmarshal([]byte(spec), &args); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, args, noEnv, os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// serverProc is `swapscout serve` in a process of its own.
type serverProc struct {
	cmd  *exec.Cmd
	url  string
	logs *syncBuffer
}

var servingURL = regexp.MustCompile(`serving on (http://127\.0\.0\.1:\d+)`)

func startServerProc(t *testing.T, args ...string) *serverProc {
	tier.E2E(t) // starts a whole server: the end-to-end tier
	t.Helper()
	spec, _ := json.Marshal(append([]string{"serve", "--addr", "127.0.0.1:0"}, args...))
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	p := &serverProc{cmd: exec.Command(exe, "-test.run=^$"), logs: &syncBuffer{}}
	p.cmd.Env = append(os.Environ(), reexecEnv+"="+string(spec))
	p.cmd.Stderr = p.logs
	out, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.cmd.Process.Kill(); _ = p.cmd.Wait() })
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := servingURL.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
			}
		}
		_, _ = io.Copy(io.Discard, out)
	}()
	select {
	case p.url = <-found:
	case <-time.After(30 * time.Second):
		t.Fatalf("server did not start:\n%s", p.logs.String())
	}
	return p
}

// startSimServer runs the simulator in this process, orders and all.
func startSimServer(t *testing.T) (*sim.Server, string) {
	t.Helper()
	return startSimServerWith(t, "--walk", "0", "--latency", "20ms")
}

func simOrders(s *sim.Server) int {
	n := 0
	for _, d := range all.Descriptors {
		if x := s.Exchange(d.ID); x != nil {
			n += x.Orders()
		}
	}
	return n
}

// settledOrders counts the simulator's orders once no new one has appeared
// for two seconds (longer than any simulated create latency), or after 20 s.
func settledOrders(s *sim.Server) int {
	n := simOrders(s)
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); {
		time.Sleep(2 * time.Second)
		m := simOrders(s)
		if m == n {
			break
		}
		n = m
	}
	return n
}

// TestKillDuringCreations: 1,000 concurrent creations against a real server
// process, killed with SIGKILL once some are acknowledged. After a restart
// on the same data directory every swap answered 201 is in the store, and
// retrying every request with its Idempotency-Key creates no order at the
// venues (counted at the simulator).
func TestKillDuringCreations(t *testing.T) {
	tier.E2E(t) // before pgtest, which would start a PostgreSQL cluster only to skip
	if testing.Short() {
		t.Skip("kills and restarts a server process under load")
	}
	t.Run("sqlite", func(t *testing.T) { killDuringCreations(t, "--data-dir", t.TempDir()) })
	t.Run("postgres", func(t *testing.T) {
		url := pgtest.URL(t)
		t.Cleanup(pgtest.Stop)
		killDuringCreations(t, "--database-url", url, "--secret-key-file", testKeyFile(t))
	})
}

func killDuringCreations(t *testing.T, dbArgs ...string) {
	const total, killAfter = 1000, 150
	simsrv, secret := startSimServer(t)
	args := append([]string{"--sim-url", simsrv.URL(), "--sim-secret", secret}, dbArgs...)
	srv := startServerProc(t, args...)
	c := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 256, MaxIdleConnsPerHost: 256}, Timeout: 20 * time.Second}
	defer c.CloseIdleConnections()

	quoteID, venues := swapOffers(t, c, srv.url, "from=btc&to=eth&amount=0.1", true)
	bodies := make([][]byte, total)
	for i := range bodies {
		bodies[i], _ = json.Marshal(map[string]string{"quote_id": quoteID, "venue": venues[i%len(venues)],
			"payout_address": e2ePayoutETH, "refund_address": e2eRefundBTC})
	}
	key := func(i int) string { return fmt.Sprintf("kill-%04d", i) }

	type ack struct{ id, deposit string }
	var mu sync.Mutex
	acked := map[int]ack{}
	statuses := map[string]int{}
	var nacked atomic.Int32
	killed := make(chan struct{})
	var killOnce sync.Once
	kill := func() {
		killOnce.Do(func() {
			_ = srv.cmd.Process.Signal(syscall.SIGKILL)
			close(killed)
		})
	}
	var wg sync.WaitGroup
	for i := 0; i < total; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			req, _ := http.NewRequest("POST", srv.url+"/v1/swaps", strings.NewReader(string(bodies[i])))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Idempotency-Key", key(i))
			resp, err := c.Do(req)
			if err != nil {
				mu.Lock()
				statuses["error"]++
				mu.Unlock()
				return
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			mu.Lock()
			defer mu.Unlock()
			statuses[fmt.Sprint(resp.StatusCode)]++
			if resp.StatusCode != 201 && statuses[fmt.Sprint(resp.StatusCode)] == 1 {
				t.Logf("%d %s", resp.StatusCode, b)
			}
			if resp.StatusCode != 201 {
				return
			}
			sw, err := api.DecodeSwap(b)
			if err != nil || sw.ID == "" {
				t.Errorf("a 201 without a swap: %s", b)
				return
			}
			acked[i] = ack{sw.ID, sw.DepositAddress}
			if nacked.Add(1) >= killAfter {
				kill()
			}
		}(i)
	}
	wg.Wait()
	kill() // in case fewer than killAfter were acknowledged
	_ = srv.cmd.Wait()
	c.CloseIdleConnections()
	t.Logf("before the kill: %v; %d acknowledged", statuses, len(acked))
	if len(acked) == 0 {
		t.Fatalf("nothing was acknowledged before the kill, so the test proves nothing:\n%.3000s", srv.logs.String())
	}
	if len(acked) == total {
		t.Fatal("every creation finished before the kill, so the test proves nothing")
	}
	// A create the killed server had sent may still be under the
	// simulator's latency: count the orders once they have settled.
	orders := settledOrders(simsrv)
	if orders < len(acked) {
		t.Errorf("%d orders at the venues for %d acknowledged swaps", orders, len(acked))
	}

	srv2 := startServerProc(t, args...)
	for i, a := range acked {
		resp, body := get(t, c, srv2.url+"/v1/swaps/"+a.id)
		if resp.StatusCode != 200 || !strings.Contains(body, `"deposit_address":"`+a.deposit+`"`) {
			t.Errorf("acknowledged swap %s (key %s) after restart: %d %s", a.id, key(i), resp.StatusCode, body)
		}
	}
	// Retry every request: an acknowledged one answers its swap; none
	// creates an order.
	retried := map[int]int{}
	for i := 0; i < total; i++ {
		st, body := postJSON(t, c, srv2.url+"/v1/swaps", key(i), "application/json", bodies[i])
		retried[st]++
		if a, ok := acked[i]; ok && (st != 200 || !strings.Contains(body, a.id)) {
			t.Errorf("retry of acknowledged key %s: %d %s", key(i), st, body)
		}
		if st == 201 {
			t.Errorf("retry of key %s created a swap: %s", key(i), body)
		}
	}
	t.Logf("retries after the restart: %v", retried)
	if after := simOrders(simsrv); after != orders {
		t.Errorf("the retries created %d orders at the venues", after-orders)
	}
}
