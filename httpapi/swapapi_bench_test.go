package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/internal/pgtest"
	"github.com/swapscout/swapscout/quotes"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
)

// instantVenue re-quotes and creates in no time, so what a create costs
// beyond the venue's own latency is all that is measured.
type instantVenue struct{}

func (*instantVenue) CreateSwap(_ context.Context, r swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	return swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: swapscout.NewSwapID()}, DepositAddress: "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3", AmountIn: r.Offer.AmountIn, AmountOut: r.Offer.AmountOut, VenueStatus: "new"}, nil
}

func (*instantVenue) SwapStatus(context.Context, swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	return swapscout.SwapUpdate{}, nil
}

func benchHandler(b *testing.B, db *sqlstore.DB) (*httpapi.Handler, []byte) {
	engine := &fakeQuotes{QuoteFn: func(_ context.Context, req swapscout.QuoteRequest, _ aggregate.Selection) (*swapscout.Quote, error) {
		return &swapscout.Quote{Request: req, CreatedAt: time.Now(), Offers: []swapscout.Offer{{Venue: "fast", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2.0312"), KYC: 'A'}}}, nil
	}}
	d := httpapi.Deps{Quotes: engine, Store: inmem.New(inmem.Options{}), TTL: time.Hour}
	book := quotes.New(d.QuoteConfig())
	d.Book = book
	v := &instantVenue{}
	d.Swaps = &swaps.Service{Quotes: book, Store: db, Swapper: func(string) (swapscout.Swapper, bool) { return v, true }}
	h := httpapi.NewHandler(d)
	resp := h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "GET", Path: []byte("/v1/quotes"), RawQuery: []byte("from=btc&to=eth&amount=0.1")})
	var q struct{ ID string }
	if err := json.Unmarshal(append(append([]byte(nil), resp.Head...), resp.Body...), &q); err != nil {
		b.Fatal(err)
	}
	body, _ := json.Marshal(map[string]string{"quote_id": q.ID, "venue": "fast", "payout_address": payoutETH, "refund_address": refundBTC})
	return h, body
}

var benchRun atomic.Int64 // each run of a benchmark uses keys of its own

// BenchmarkSwapCreate measures POST /v1/swaps end to end in the API (body,
// checks, quote lookup, idempotency reservation, recording, reading back,
// encoding) with a venue that answers at once: the time a create adds over
// the venue's own latency. p50-ms and p99-ms are per request; "parallel"
// runs 16 clients at once.
func BenchmarkSwapCreate(b *testing.B) {
	for _, backend := range []string{"sqlite", "postgres"} {
		b.Run(backend, func(b *testing.B) {
			var db *sqlstore.DB
			var err error
			if backend == "sqlite" {
				// SWAPSCOUT_BENCH_DIR puts the database elsewhere: on tmpfs
				// (/dev/shm) fsync is free, which isolates our own cost from
				// the disk's.
				dir := b.TempDir()
				if d := os.Getenv("SWAPSCOUT_BENCH_DIR"); d != "" {
					dir, err = os.MkdirTemp(d, "swapbench")
					if err != nil {
						b.Fatal(err)
					}
					b.Cleanup(func() { os.RemoveAll(dir) })
				}
				db, err = sqlstore.OpenSQLite(context.Background(), filepath.Join(dir, "s.db"), sqlstore.Options{})
			} else {
				url := pgtest.URL(b)
				b.Cleanup(pgtest.Stop)
				db, err = sqlstore.OpenPostgres(context.Background(), url, sqlstore.Options{})
			}
			if err != nil {
				b.Fatal(err)
			}
			b.Cleanup(func() { db.Close() })
			h, body := benchHandler(b, db)
			for _, clients := range []int{1, 16} {
				name := "serial"
				if clients > 1 {
					name = "parallel"
				}
				b.Run(name, func(b *testing.B) {
					took := make([]time.Duration, b.N)
					var next sync.Mutex
					i := 0
					run := fmt.Sprintf("%s-%d", b.Name(), benchRun.Add(1))
					b.ResetTimer()
					var wg sync.WaitGroup
					for c := 0; c < clients; c++ {
						wg.Add(1)
						go func() {
							defer wg.Done()
							for {
								next.Lock()
								n := i
								i++
								next.Unlock()
								if n >= b.N {
									return
								}
								start := time.Now()
								resp := h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "POST", Path: []byte("/v1/swaps"),
									Header: headers{"Content-Type": "application/json", "Idempotency-Key": fmt.Sprintf("%s-%d", run, n)}, Body: body})
								took[n] = time.Since(start)
								if resp.Status != 201 {
									b.Errorf("status %d: %s", resp.Status, resp.Body)
									return
								}
							}
						}()
					}
					wg.Wait()
					b.StopTimer()
					slices.Sort(took)
					ms := func(d time.Duration) float64 { return float64(d) / 1e6 }
					b.ReportMetric(ms(took[len(took)/2]), "p50-ms")
					b.ReportMetric(ms(took[len(took)*99/100]), "p99-ms")
				})
			}
		})
	}
}
