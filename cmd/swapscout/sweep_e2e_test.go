package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/internal/tier"
	"github.com/swapscout/swapscout/venue"
)

// sweepAddress is a valid address per network (the address checkers' own
// test vectors), for payouts and refunds on the simulator.
var sweepAddress = map[string]string{
	"btc": "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "ltc": "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA",
	"bch": "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", "doge": "DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE",
	"xrp": "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", "ton": "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF",
	"sol": "11111111111111111111111111111111", "trx": "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
	"zec": "t1VmmGiyjVNeCjxDZzg7vZmd99WyzVby9yC", "dash": "XpESxaUmonkq8RaLLp46Brx2K39ggQe226",
	"ada": "addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x",
	"dot": "15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5", "xlm": "GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ",
	"firo": "aEF2p3jepoWF2yRYZjb6EACCP4CaP41doV", "near": "alice.near",
	"xmr": "4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx3skxNgYeYTRj5UzqtReoS44qo9mtmXCqY45DJ852K5Jv2684Rge",
	"eth": e2ePayoutETH, "bsc": e2ePayoutETH, "matic": e2ePayoutETH, "avaxc": e2ePayoutETH,
	"arbitrum": e2ePayoutETH, "base": e2ePayoutETH, "op": e2ePayoutETH,
}

// sweepDeadline bounds the sweep: some 27,000 swaps, 2 to 3 minutes on
// two quiet cores, 9 on two cores shared with a dozen other processes.
const sweepDeadline = 12 * time.Minute

// sweepCatalogueSample is about how many of the venues' catalogue assets
// (beyond the hand-written ones) the sweep takes, evenly spread.
const sweepCatalogueSample = 24

// sweepUSD is what each quote of the sweep is worth: within every
// simulated venue's limits.
const sweepUSD = 500

// TestSwappableSweep sweeps the simulator's whole pair matrix: for every
// pair of catalogue assets, at a fixed rate and a floating one, a
// swappable=true quote; every offer in it says can_swap, and each is
// created through POST /v1/swaps and gets a deposit address (a changed
// rate, 409, is no failure: the user is asked again). The full quotes are
// checked too: every offer says can_swap, and one that cannot says why.
// The venues' outbound limits are lifted (the simulator has none) so the
// sweep is bounded by the machine; it runs in parallel and has a deadline.
func TestSwappableSweep(t *testing.T) {
	tier.E2E(t)
	if testing.Short() {
		t.Skip("sweeps every pair of the simulator")
	}
	if raceEnabled {
		t.Skip("the sweep runs without -race, whose slowdown would take it past its deadline: go test -run TestSwappableSweep ./cmd/swapscout/")
	}
	s, secret := startSimServerWith(t, "--walk", "0", "--latency", "1ms", "--latency-tail", "0.01", "--venue-limits=false")
	dir := t.TempDir()
	if d, err := os.MkdirTemp("/dev/shm", "swapscout-sweep"); err == nil { // a database in memory where there is one
		dir = d
		t.Cleanup(func() { os.RemoveAll(d) })
	}
	ctx, cancel := context.WithTimeout(context.Background(), sweepDeadline)
	defer cancel()
	st, err := newStack(ctx, stackOptions{simURL: s.URL(), secret: secret, getenv: noEnv, log: slog.New(slog.DiscardHandler),
		db:         &dbFlags{dataDir: dir},
		venueLimit: func(string) venue.Limit { return venue.Limit{} },
		tune:       func(d *httpapi.Deps) { d.FanOutRate, d.MaxStreams = -1, -1 }})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	srv, err := httpserver.Listen("127.0.0.1:0", st.handler, httpserver.Options{Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer shutdown(srv)
	baseURL := srv.URL()
	c := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 16}, Timeout: time.Minute}
	defer c.CloseIdleConnections()

	type job struct {
		from, to swapscout.AssetInfo
		fixed    bool
	}
	// Every pair of the hand-written assets, and a fixed sample of the
	// venues' catalogue against BTC both ways: all pairs of the whole
	// catalogue would be over a million quotes.
	var jobs []job
	base := swapscout.BaseAssets()
	for _, f := range base {
		for _, to := range base {
			if f.Asset != to.Asset {
				jobs = append(jobs, job{f, to, false}, job{f, to, true})
			}
		}
	}
	btc, _ := swapscout.LookupAsset(swapscout.Asset{Ticker: "btc", Network: "btc"})
	var rest []swapscout.AssetInfo // the catalogue's, on networks the sweep has an address for
	for _, a := range swapscout.Assets[len(base):] {
		if _, ok := sweepAddress[a.Network]; ok {
			rest = append(rest, a)
		}
	}
	for i := 0; i < len(rest); i += max(1, len(rest)/sweepCatalogueSample) {
		jobs = append(jobs, job{rest[i], btc, false}, job{btc, rest[i], false})
	}
	price := s.Exchange("changenow")
	var mu sync.Mutex
	var problems []string
	made, changed, quotes, shown := map[string]int{}, 0, 0, 0
	report := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		problems = append(problems, fmt.Sprintf(format, args...))
	}
	call := func(method, path string, body any, key string) (int, []byte, error) {
		var rd io.Reader
		if body != nil {
			b, _ := json.Marshal(body)
			rd = strings.NewReader(string(b))
		}
		req, _ := http.NewRequestWithContext(ctx, method, baseURL+path, rd)
		if body != nil {
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Idempotency-Key", key)
		}
		resp, err := c.Do(req)
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return resp.StatusCode, b, err
	}
	amountOf := func(a swapscout.AssetInfo) string {
		usd := price.USD(a.Ticker)
		if usd <= 0 {
			return ""
		}
		v := sweepUSD / usd
		digits := min(a.Decimals, max(0, 6-int(math.Floor(math.Log10(v)))))
		return swapscout.MustAmount(fmt.Sprintf("%.*f", digits, v)).String()
	}
	sweep := func(j job) {
		amount := amountOf(j.from)
		if amount == "" {
			report("%s: no price", j.from.Asset)
			return
		}
		q := url.Values{"from": {j.from.Ticker}, "from_network": {j.from.Network}, "to": {j.to.Ticker}, "to_network": {j.to.Network},
			"amount": {amount}, "deadline": {"10s"}}
		if j.fixed {
			q.Set("rate", "fixed")
		}
		pair := fmt.Sprintf("%s %s→%s (%s)", amount, j.from.Asset, j.to.Asset, map[bool]string{false: "float", true: "fixed"}[j.fixed])
		// Every offer of the full quote says whether it can be swapped.
		st, body, err := call("GET", "/v1/quotes?"+q.Encode(), nil, "")
		full, derr := api.DecodeQuote(body)
		if err != nil || st != 200 || derr != nil {
			report("%s: quote %d %v %.200s", pair, st, err, body)
			return
		}
		for _, o := range full.Offers {
			// Judged: swappable, or not with its reason.
			if !o.CanSwap && o.NoSwap == "" {
				report("%s: %s's offer says can_swap %v, reason %q", pair, o.Venue, o.CanSwap, o.NoSwap)
			}
		}
		q.Set("swappable", "true")
		st, body, err = call("GET", "/v1/quotes?"+q.Encode(), nil, "")
		sq, derr := api.DecodeQuote(body)
		if err != nil || st != 200 || derr != nil {
			report("%s: swappable quote %d %v %.200s", pair, st, err, body)
			return
		}
		mu.Lock()
		quotes++
		shown += len(sq.Offers)
		mu.Unlock()
		for _, o := range sq.Offers {
			if !o.CanSwap {
				report("%s: %s's offer in a swappable=true quote says can_swap %v (%s)", pair, o.Venue, o.CanSwap, o.NoSwap)
				continue
			}
			body := map[string]string{"quote_id": sq.ID, "venue": o.Venue,
				"payout_address": sweepAddress[j.to.Network], "refund_address": sweepAddress[j.from.Network]}
			st, resp, err := call("POST", "/v1/swaps", body, "sweep-"+sq.ID+"-"+o.Venue)
			sw, ae := swapOf(string(resp)), api.DecodeError(st, resp)
			switch {
			case err != nil:
				report("%s at %s: %v", pair, o.Venue, err)
			case st == 201 && (sw.DepositAddress != "" || len(sw.Legs) > 0):
				// A split's deposits are its parts' (Legs), its own is empty.
				mu.Lock()
				made[o.Venue]++
				mu.Unlock()
			case st == 409 && ae.Code == swapscout.ERATECHANGED:
				mu.Lock()
				changed++
				mu.Unlock()
			default:
				report("%s at %s: %d %s: %s", pair, o.Venue, st, ae.Code, ae.Message)
			}
		}
	}
	work := make(chan job)
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range work {
				if ctx.Err() == nil {
					sweep(j)
				}
			}
		}()
	}
	start := time.Now()
	for _, j := range jobs {
		work <- j
	}
	close(work)
	wg.Wait()
	if ctx.Err() != nil {
		t.Fatalf("the sweep ran out of time after %s, %d of %d quotes done", time.Since(start).Round(time.Second), quotes, len(jobs))
	}
	total := 0
	var venues []string
	for v, n := range made {
		total += n
		venues = append(venues, fmt.Sprintf("%s %d", v, n))
	}
	sort.Strings(venues)
	t.Logf("%d pairs × 2 rates in %s: %d swappable quotes showing %d offers; %d swaps created, %d rate changes; by venue: %s",
		len(jobs)/2, time.Since(start).Round(time.Second), quotes, shown, total, changed, strings.Join(venues, ", "))
	sort.Strings(problems)
	if len(problems) > 0 {
		t.Errorf("%d problems; the first %d:\n%s", len(problems), min(len(problems), 60), strings.Join(problems[:min(len(problems), 60)], "\n"))
	}
	// Every venue that creates swaps made some: the sweep reached them all.
	for _, v := range st.registry.Venues() {
		if _, ok := st.registry.Swapper(v.ID); ok && made[v.ID] == 0 {
			t.Errorf("no swap was made at %s", v.ID)
		}
	}
	if total < len(jobs) {
		t.Errorf("%d swaps over %d quotes: the sweep made too few", total, len(jobs))
	}
}
