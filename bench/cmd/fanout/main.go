// Command fanout measures what a quote fan-out costs beyond waiting for the
// slowest venue. Twelve simulated venues (swapscout/sim on loopback) answer a
// trivial JSON quote after near-constant latencies of 40…300 ms; they are
// asked one after another, concurrently with a naive goroutine+WaitGroup
// loop, and through swapscout's aggregate.Engine. Every venue call goes
// through the shared upstream client, as a real adapter's does.
//
// Usage: cd bench && go run ./cmd/fanout [-n 50] [-seq-n 10]; see README.md.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"slices"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/bench/internal/cli"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
)

// latencies are the venues' medians: realistic and all different, the
// slowest 300 ms (their sum is 1.785 s).
var latencies = []time.Duration{
	40 * time.Millisecond, 55 * time.Millisecond, 70 * time.Millisecond, 90 * time.Millisecond,
	110 * time.Millisecond, 130 * time.Millisecond, 150 * time.Millisecond, 170 * time.Millisecond,
	190 * time.Millisecond, 220 * time.Millisecond, 260 * time.Millisecond, 300 * time.Millisecond,
}

var request = swapscout.QuoteRequest{
	From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
	Amount: swapscout.MustAmount("0.1"),
}

func main() { cli.Main("fanout", run) }

func run(ctx context.Context, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("fanout", flag.ContinueOnError)
	n := fs.Int("n", 50, "iterations of the concurrent fan-outs (naive and ours, interleaved)")
	seqN := fs.Int("seq-n", 10, "iterations of the sequential loop (each takes the sum, ~1.8 s)")
	sigma := fs.Float64("sigma", 1e-9, "log-normal latency shape of the simulated venues (tiny: near-constant, so the slowest venue is well defined)")
	verbose := fs.Bool("v", false, "print every run's total and overhead")
	if err := fs.Parse(args); err != nil {
		return err
	}
	venues := map[string]sim.Venue{}
	medians := map[string]time.Duration{}
	ids := make([]string, len(latencies))
	for i, d := range latencies {
		id := fmt.Sprintf("v%02d", i)
		ids[i] = id
		venues[id] = echoVenue(fmt.Sprintf("15.%03d", 100+i))
		medians[id] = d
	}
	s, err := sim.New(sim.Config{Seed: 1, Sigma: *sigma, VenueLatency: medians}, venues)
	if err != nil {
		return err
	}
	if err := s.Start("127.0.0.1:0"); err != nil {
		return err
	}
	defer s.Close()
	hc := upstream.New(upstream.Options{})
	defer hc.Close()
	evs := make([]aggregate.Venue, len(ids))
	for i, id := range ids {
		evs[i] = aggregate.Venue{ID: id, Timeout: 2 * time.Second,
			Quoter: echoQuoter{venue.Config{BaseURL: s.VenueURL(id), HTTP: hc}}}
	}
	engine := aggregate.New(evs, aggregate.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})

	var sum time.Duration
	for _, d := range latencies {
		sum += d
	}
	fmt.Fprintf(stdout, "12 venues on %s, latencies 40…300 ms (sum %s), sigma %g; %d sequential and %d concurrent iterations, about %s\n",
		s.URL(), sum, *sigma, *seqN, *n, (time.Duration(*seqN)*sum + time.Duration(*n)*2*latencies[len(latencies)-1]).Round(time.Second))

	// Warm-up: one of each, so every mode finds open keep-alive connections.
	if _, _, err := naive(ctx, evs); err != nil {
		return fmt.Errorf("warm-up: %w", err)
	}
	if _, _, err := ours(ctx, engine); err != nil {
		return fmt.Errorf("warm-up: %w", err)
	}

	var seq, nv, or mode
	seq.name, nv.name, or.name = "sequential", "naive goroutines+WaitGroup", "ours (aggregate.Engine)"
	seq.overheadOf, nv.overheadOf, or.overheadOf = "sum of calls", "slowest call", "slowest call"
	err = repeat(ctx, *seqN, func(i int) error {
		total, calls, err := sequential(ctx, evs)
		if err != nil {
			return err
		}
		seq.add(total, calls)
		if *verbose {
			fmt.Fprintf(stdout, "sequential %d: total %s, calls %s\n", i, total.Round(time.Microsecond), calls.Round(time.Microsecond))
		}
		return nil
	})
	if err != nil {
		return err
	}
	err = repeat(ctx, *n, func(i int) error {
		total, slowest, err := naive(ctx, evs)
		if err != nil {
			return err
		}
		nv.add(total, slowest)
		total, slowest, err = ours(ctx, engine)
		if err != nil {
			return err
		}
		or.add(total, slowest)
		if *verbose {
			fmt.Fprintf(stdout, "%d: naive total %s overhead %s; ours total %s overhead %s\n", i,
				nv.totals[i].Round(time.Microsecond), nv.over[i].Round(time.Microsecond), total.Round(time.Microsecond), (total - slowest).Round(time.Microsecond))
		}
		return nil
	})
	if err != nil {
		return err
	}

	if *verbose {
		// More requests than calls means the client retried.
		want := 2 + *seqN + 2**n
		for _, id := range ids {
			if got := s.Requests(id); got != int64(want) {
				fmt.Fprintf(stdout, "venue %s saw %d requests for %d calls\n", id, got, want)
			}
		}
	}
	tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "mode\truns\ttotal p50 ms\ttotal p99 ms\toverhead p50 ms\toverhead p99 ms\toverhead max ms\toverhead = total −\t")
	for _, m := range []*mode{&seq, &nv, &or} {
		if len(m.totals) == 0 {
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t%.1f\t%.1f\t%.3f\t%.3f\t%.3f\t%s\t\n", m.name, len(m.totals),
			msf(pct(m.totals, 50)), msf(pct(m.totals, 99)), msf(pct(m.over, 50)), msf(pct(m.over, 99)), msf(slices.Max(m.over)), m.overheadOf)
	}
	tw.Flush()
	fmt.Fprintln(stdout, "(nearest-rank percentiles: with fewer than 100 runs, p99 is the maximum)")
	if len(or.over) > 0 {
		p := pct(or.over, 99)
		verdict := "MET"
		if p > time.Millisecond {
			verdict = "NOT MET"
		}
		fmt.Fprintf(stdout, "target: ours p99 overhead beyond the slowest venue ≤ 1 ms: %s (%.3f ms)\n", verdict, msf(p))
	}
	return nil
}

type mode struct {
	name, overheadOf string
	totals, over     []time.Duration
}

func (m *mode) add(total, own time.Duration) {
	m.totals = append(m.totals, total)
	m.over = append(m.over, total-own)
}

// sequential asks each venue in turn; own is the sum of the calls' times.
func sequential(ctx context.Context, evs []aggregate.Venue) (total, own time.Duration, err error) {
	start := time.Now()
	for i := range evs {
		t0 := time.Now()
		cctx, cancel := context.WithTimeout(ctx, evs[i].Timeout)
		_, err := evs[i].Quoter.Quote(cctx, request)
		cancel()
		own += time.Since(t0)
		if err != nil {
			return 0, 0, fmt.Errorf("%s: %w", evs[i].ID, err)
		}
	}
	return time.Since(start), own, nil
}

// naive starts a goroutine per venue and waits for all with a WaitGroup;
// own is the slowest call's time as that goroutine measured it.
func naive(ctx context.Context, evs []aggregate.Venue) (total, slowest time.Duration, err error) {
	start := time.Now()
	took := make([]time.Duration, len(evs))
	errs := make([]error, len(evs))
	var wg sync.WaitGroup
	for i := range evs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t0 := time.Now()
			cctx, cancel := context.WithTimeout(ctx, evs[i].Timeout)
			_, errs[i] = evs[i].Quoter.Quote(cctx, request)
			cancel()
			took[i] = time.Since(t0)
		}()
	}
	wg.Wait()
	total = time.Since(start)
	if err := errors.Join(errs...); err != nil {
		return 0, 0, err
	}
	return total, slices.Max(took), nil
}

// ours runs the engine; own is the slowest offer's Took, the engine's own
// measurement of that venue's call.
func ours(ctx context.Context, e *aggregate.Engine) (total, slowest time.Duration, err error) {
	start := time.Now()
	q := e.Quote(ctx, request, e.Venues(), nil)
	total = time.Since(start)
	if len(q.Offers) != len(latencies) {
		return 0, 0, fmt.Errorf("engine: %d offers, failures %+v", len(q.Offers), q.Failures)
	}
	for _, o := range q.Offers {
		slowest = max(slowest, o.Took)
	}
	return total, slowest, nil
}

// echoQuoter asks a simulated venue that answers {"out":"…"} through the
// shared upstream client (venue.Fetch), as adapters do.
type echoQuoter struct{ cfg venue.Config }

func (q echoQuoter) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	var answer struct {
		Out swapscout.Amount `json:"out"`
	}
	err := venue.Fetch(ctx, &q.cfg, venue.Request{URL: q.cfg.BaseURL + "/quote"}, func(status int, body []byte) error {
		if status != http.StatusOK {
			return fmt.Errorf("status %d", status)
		}
		return json.Unmarshal(body, &answer)
	})
	return swapscout.Offer{AmountIn: req.Amount, AmountOut: answer.Out}, err
}

// echoVenue is a simulated venue whose quote is a constant.
func echoVenue(out string) sim.Venue {
	body := []byte(`{"out":"` + out + `"}`)
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap},
		Handler: func(*sim.Exchange) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write(body)
			})
		},
	}
}

// pct returns the nearest-rank p-th percentile of ds.
func pct(ds []time.Duration, p float64) time.Duration {
	s := slices.Clone(ds)
	slices.Sort(s)
	k := int(float64(len(s))*p/100+0.999999) - 1
	return s[min(max(k, 0), len(s)-1)]
}

func msf(d time.Duration) float64 { return float64(d) / 1e6 }

// repeat runs step n times (i from 0), stopping at its first error or when
// ctx ends.
func repeat(ctx context.Context, n int, step func(i int) error) error {
	for i := 0; i < n; i++ {
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := step(i); err != nil {
			return err
		}
	}
	return nil
}
