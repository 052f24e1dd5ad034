package aggregate_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/internal/tier"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
)

// Seed 000's measurement: twelve venues with realistic, different latencies
// (the slowest 300 ms), asked one after another and all at once. Concurrent
// must cost about the slowest venue plus a small overhead; sequential costs
// the sum. Latencies are near-constant here (tiny log-normal sigma) so the
// overhead is measurable; the demo's simulator uses a real tail.
var fanoutLatencies = []time.Duration{
	40 * time.Millisecond, 55 * time.Millisecond, 70 * time.Millisecond, 90 * time.Millisecond,
	110 * time.Millisecond, 130 * time.Millisecond, 150 * time.Millisecond, 170 * time.Millisecond,
	190 * time.Millisecond, 220 * time.Millisecond, 260 * time.Millisecond, 300 * time.Millisecond,
}

// echoQuoter asks a simulated venue that answers {"out":"…"} through the
// shared upstream client, as a real adapter does.
type echoQuoter struct{ cfg venue.Config }

func (q echoQuoter) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	var out struct {
		Out swapscout.Amount `json:"out"`
	}
	err := venue.Fetch(ctx, &q.cfg, venue.Request{URL: q.cfg.BaseURL + "/quote"}, func(status int, body []byte) error {
		return json.Unmarshal(body, &out)
	})
	return swapscout.Offer{AmountIn: req.Amount, AmountOut: out.Out}, err
}

func echoVenue(out string) sim.Venue {
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap},
		Handler: func(*sim.Exchange) http.Handler {
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprintf(w, `{"out":%q}`, out)
			})
		},
		Fault: func(w http.ResponseWriter, r *http.Request, f sim.Fault) { w.WriteHeader(500) },
	}
}

func newFanout(tb testing.TB) (*aggregate.Engine, func()) {
	venues := map[string]sim.Venue{}
	lat := map[string]time.Duration{}
	for i, d := range fanoutLatencies {
		id := fmt.Sprintf("v%02d", i)
		venues[id] = echoVenue(fmt.Sprintf("2.%03d", i))
		lat[id] = d
	}
	s, err := sim.New(sim.Config{Seed: 1, Sigma: 1e-9, VenueLatency: lat}, venues)
	if err != nil {
		tb.Fatal(err)
	}
	if err := s.Start("127.0.0.1:0"); err != nil {
		tb.Fatal(err)
	}
	hc := upstream.New(upstream.Options{})
	var evs []aggregate.Venue
	ids := make([]string, 0, len(venues))
	for id := range venues {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		evs = append(evs, aggregate.Venue{ID: id, Timeout: 2 * time.Second,
			Quoter: echoQuoter{venue.Config{BaseURL: s.VenueURL(id), HTTP: hc}}})
	}
	return aggregate.New(evs, aggregate.Options{}), func() { hc.Close(); s.Close() }
}

func BenchmarkFanOut12(b *testing.B) {
	e, stop := newFanout(b)
	defer stop()
	slowest := fanoutLatencies[len(fanoutLatencies)-1]
	var sum time.Duration
	for _, d := range fanoutLatencies {
		sum += d
	}
	ctx := context.Background()
	b.Run("sequential", func(b *testing.B) {
		for b.Loop() {
			for _, v := range e.Venues() {
				if _, err := v.Quoter.Quote(ctx, req); err != nil {
					b.Fatal(err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000-float64(sum.Milliseconds()), "ms-over-sum")
	})
	b.Run("concurrent", func(b *testing.B) {
		// engine-overhead: the answer's time minus the slowest venue call's own
		// time (Offer.Took), i.e. what the fan-out adds beyond waiting.
		var overhead time.Duration
		for b.Loop() {
			start := time.Now()
			q := e.Quote(ctx, req, e.Venues(), nil)
			total := time.Since(start)
			if len(q.Offers) != len(fanoutLatencies) {
				b.Fatalf("offers %d failures %+v", len(q.Offers), q.Failures)
			}
			var maxTook time.Duration
			for _, o := range q.Offers {
				maxTook = max(maxTook, o.Took)
			}
			overhead += total - maxTook
		}
		b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/1000-float64(slowest.Milliseconds()), "ms-over-slowest")
		b.ReportMetric(float64(overhead.Microseconds())/float64(b.N), "µs-engine-overhead")
	})
}

// TestFanOutAsksEveryVenueAtOnce: the fan-out has all twelve venues' calls
// in flight at once. Each venue answers only once all twelve were asked, so
// an engine that asked them one after the other would never get its first
// answer: the quote's return shows the calls ran together, without a clock.
func TestFanOutAsksEveryVenueAtOnce(t *testing.T) {
	var asked sync.WaitGroup
	asked.Add(12)
	all := make(chan struct{})
	go func() { asked.Wait(); close(all) }()
	var venues []aggregate.Venue
	for i := range 12 {
		fv := v(fmt.Sprint("v", i), quoterFunc(func(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
			asked.Done()
			select {
			case <-all:
				return swapscout.Offer{AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2")}, nil
			case <-ctx.Done():
				return swapscout.Offer{}, ctx.Err()
			}
		}))
		fv.Timeout = time.Hour
		venues = append(venues, fv)
	}
	e := newEngine(t, venues, aggregate.Options{})
	q := returns(t, func() *swapscout.Quote { return e.Quote(context.Background(), req, e.Venues(), nil) })
	if len(q.Offers) != 12 {
		t.Fatalf("offers = %d (failures %+v), want 12", len(q.Offers), q.Failures)
	}
}

// TestFanOutCostsTheSlowestVenue is the functional side of the benchmark,
// over the network (end-to-end tier: it times the answer): twelve venues
// answer in about the slowest one's time, not the sum.
func TestFanOutCostsTheSlowestVenue(t *testing.T) {
	tier.E2E(t)
	e, stop := newFanout(t)
	defer stop()
	start := time.Now()
	q := e.Quote(context.Background(), req, e.Venues(), nil)
	took := time.Since(start)
	if len(q.Offers) != 12 {
		t.Fatalf("offers = %d (failures %+v), want 12", len(q.Offers), q.Failures)
	}
	// The sum is 1.785 s; anything near it means the calls were serialised.
	if took > time.Second {
		t.Errorf("fan-out to 12 venues took %s, want about the slowest (300ms)", took)
	}
}

// instantQuoter answers at once: BenchmarkEngine measures the engine's own
// cost per fan-out (goroutines, deadlines, collection, ranking), without
// any network.
type instantQuoter struct{ out swapscout.Amount }

func (q instantQuoter) Quote(_ context.Context, r swapscout.QuoteRequest) (swapscout.Offer, error) {
	return swapscout.Offer{AmountIn: r.Amount, AmountOut: q.out}, nil
}

// instantVenues are twelve venues that answer at once, with timeout t.
func instantVenues(t time.Duration) []aggregate.Venue {
	var evs []aggregate.Venue
	for i := range 12 {
		evs = append(evs, aggregate.Venue{ID: fmt.Sprintf("v%02d", i), Timeout: t,
			Quoter: instantQuoter{swapscout.MustAmount(fmt.Sprintf("15.%03d", 100+i))}})
	}
	return evs
}

func BenchmarkEngine(b *testing.B) {
	evs := instantVenues(2 * time.Second)
	e := aggregate.New(evs, aggregate.Options{})
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if q := e.Quote(ctx, req, evs, nil); len(q.Offers) != len(evs) {
			b.Fatalf("offers %d, failures %+v", len(q.Offers), q.Failures)
		}
	}
}

// BenchmarkEngineDeadline is BenchmarkEngine with the request's deadline
// the API gives every fan-out (3 s, shorter than the venues' own): the
// serve path's cost, deadline context included.
func BenchmarkEngineDeadline(b *testing.B) {
	evs := instantVenues(4 * time.Second)
	e := aggregate.New(evs, aggregate.Options{})
	b.ReportAllocs()
	for b.Loop() {
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		if q := e.Quote(ctx, req, evs, nil); len(q.Offers) != len(evs) {
			b.Fatalf("offers %d, failures %+v", len(q.Offers), q.Failures)
		}
		cancel()
	}
}
