package main

import (
	"context"
	"fmt"
	"github.com/swapscout/swapscout/internal/tier"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout/httpapi"
)

// instance is a swapscout server over the simulator.
type instance struct {
	url   string
	close func()
}

func startInstance(t *testing.T, simURL, secret, redisURL string) instance {
	tier.E2E(t) // starts a whole server: the end-to-end tier
	t.Helper()
	st, err := newStack(context.Background(), stackOptions{simURL: simURL, secret: secret, getenv: noEnv, window: 30 * time.Second, redis: redisURL,
		tune: func(d *httpapi.Deps) { d.FanOutRate = -1 }}) // load from one client: no per-client limit
	if err != nil {
		t.Fatal(err)
	}
	srv, err := httpserverListen(st)
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	return instance{url: srv.URL(), close: func() { srv.Shutdown(context.Background()); st.Close() }}
}

func startSim(t *testing.T) (url, secret string) {
	t.Helper()
	return startSimWith(t, "--walk", "0", "--latency", "20ms")
}

func fetch(t *testing.T, url string) (int, http.Header, string) {
	t.Helper()
	c := &http.Client{Transport: &http.Transport{}, Timeout: 10 * time.Second}
	defer c.CloseIdleConnections()
	resp, err := c.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, string(b)
}

func quoteID(t *testing.T, body string) string {
	t.Helper()
	i := strings.Index(body, `"id":"`)
	if i < 0 {
		t.Fatalf("no id in %s", body)
	}
	return body[i+6 : i+6+27]
}

// TestInstancesShareQuotesThroughRedis: a quote created on one instance is
// readable by id on another, and an identical request there is a cache hit.
func TestInstancesShareQuotesThroughRedis(t *testing.T) {
	redisURL := os.Getenv("SWAPSCOUT_REDIS_URL")
	if redisURL == "" {
		t.Skip("SWAPSCOUT_REDIS_URL is not set")
	}
	simURL, secret := startSim(t)
	a := startInstance(t, simURL, secret, redisURL)
	defer a.close()
	b := startInstance(t, simURL, secret, redisURL)
	defer b.close()
	amount := time.Now().Format("0.150405") // unique per run, so no earlier cache entry answers
	st, _, body := fetch(t, a.url+"/v1/quotes?from=btc&to=eth&amount="+amount)
	if st != 200 {
		t.Fatalf("create on A = %d %s", st, body)
	}
	id := quoteID(t, body)
	st, hdr, again := fetch(t, b.url+"/v1/quotes/"+id)
	if st != 200 || quoteID(t, again) != id {
		t.Fatalf("read on B = %d %s", st, again)
	}
	if hdr.Get("X-Swapscout-Store") != "" {
		t.Errorf("B reports a degraded store: %s", hdr.Get("X-Swapscout-Store"))
	}
	st, hdr, cached := fetch(t, b.url+"/v1/quotes?from=btc&to=eth&amount="+amount)
	if st != 200 || hdr.Get("X-Swapscout-Cache") != "hit" || quoteID(t, cached) != id {
		t.Errorf("identical request on B = %d cache %q id %s, want a hit on %s", st, hdr.Get("X-Swapscout-Cache"), quoteID(t, cached), id)
	}
	if _, _, health := fetch(t, b.url+"/healthz"); !strings.Contains(health, `"store":"redis"`) {
		t.Errorf("healthz = %s", health)
	}
}

// TestRedisDownServesFromMemory: with Redis unreachable from the start,
// quotes still work, the answer says where they live, /healthz reports it.
func TestRedisDownServesFromMemory(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "redis://" + ln.Addr().String() + "/0"
	ln.Close() // nothing listens there now
	simURL, secret := startSim(t)
	a := startInstance(t, simURL, secret, dead)
	defer a.close()
	st, hdr, body := fetch(t, a.url+"/v1/quotes?from=btc&to=eth&amount=0.1")
	if st != 200 {
		t.Fatalf("quote with Redis down = %d %s", st, body)
	}
	if !strings.Contains(hdr.Get("X-Swapscout-Store"), "memory") {
		t.Errorf("X-Swapscout-Store = %q, want memory", hdr.Get("X-Swapscout-Store"))
	}
	if st, _, _ := fetch(t, a.url+"/v1/quotes/"+quoteID(t, body)); st != 200 {
		t.Errorf("read by id with Redis down = %d", st)
	}
	if _, _, health := fetch(t, a.url+"/healthz"); !strings.Contains(health, "memory") {
		t.Errorf("healthz = %s, want the store in memory", health)
	}
}

// TestRedisKilledMidLoad: two instances share one Redis; killing it under
// load loses no request (each instance falls back to its memory), and both
// return to Redis by themselves when it comes back.
func TestRedisKilledMidLoad(t *testing.T) {
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		t.Skip("redis-server is not installed")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	startRedis := func() *exec.Cmd {
		cmd := exec.Command(bin, "--port", fmt.Sprint(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for range 100 {
			if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
				c.Close()
				break
			}
			time.Sleep(20 * time.Millisecond)
		}
		return cmd
	}
	srv := startRedis()
	defer func() { _ = srv.Process.Kill(); _, _ = srv.Process.Wait() }()
	redisURL := fmt.Sprintf("redis://127.0.0.1:%d/0", port)
	simURL, secret := startSim(t)
	a := startInstance(t, simURL, secret, redisURL)
	defer a.close()
	b := startInstance(t, simURL, secret, redisURL)
	defer b.close()

	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}, Timeout: 10 * time.Second}
	defer c.CloseIdleConnections()
	get := func(url string) (int, string, error) {
		resp, err := c.Get(url)
		if err != nil {
			return 0, "", err
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		return resp.StatusCode, string(body), err
	}
	stop := time.Now().Add(1500 * time.Millisecond)
	errs := make(chan error, 4)
	var n atomic.Int64
	for w := range 4 {
		go func() {
			inst := []instance{a, b}[w%2]
			for i := 0; time.Now().Before(stop); i++ {
				amount := fmt.Sprintf("0.%d%05d", w+1, i)
				st, body, err := get(inst.url + "/v1/quotes?deadline=1s&from=btc&to=eth&amount=" + amount)
				if err != nil || st != 200 {
					errs <- fmt.Errorf("create on %s: %d %v %.120s", inst.url, st, err, body)
					return
				}
				id := body[strings.Index(body, `"id":"`)+6:][:27]
				if st, body, err := get(inst.url + "/v1/quotes/" + id); err != nil || st != 200 {
					errs <- fmt.Errorf("read %s on %s: %d %v %.120s", id, inst.url, st, err, body)
					return
				}
				n.Add(2)
			}
			errs <- nil
		}()
	}
	time.Sleep(400 * time.Millisecond)
	_ = srv.Process.Kill()
	_, _ = srv.Process.Wait()
	time.Sleep(500 * time.Millisecond)
	srv = startRedis()
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if n.Load() == 0 {
		t.Fatal("no requests completed")
	}
	for _, inst := range []instance{a, b} {
		deadline := time.Now().Add(5 * time.Second)
		for {
			_, health, err := get(inst.url + "/healthz")
			if err == nil && strings.Contains(health, `"store":"redis"`) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s did not return to Redis: %s", inst.url, health)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	t.Logf("%d requests, none failed, across a Redis restart", n.Load())
}
