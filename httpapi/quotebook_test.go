package httpapi_test

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
)

// bytesOnly hides inmem.Store's QuoteKeeper methods: a store that keeps
// encoded bytes only, as Redis does.
type bytesOnly struct{ s *inmem.Store }

func (b bytesOnly) Put(ctx context.Context, id string, body []byte, ttl time.Duration) error {
	return b.s.Put(ctx, id, body, ttl)
}
func (b bytesOnly) Get(ctx context.Context, id []byte) ([]byte, error) { return b.s.Get(ctx, id) }

func quoteID(t *testing.T, resp httpapi.Response) string {
	t.Helper()
	var q struct{ ID string }
	if resp.Status != 200 || json.Unmarshal(append(append([]byte(nil), resp.Head...), resp.Body...), &q) != nil {
		t.Fatalf("quote answered %d: %s%s", resp.Status, resp.Head, resp.Body)
	}
	return q.ID
}

// The structured quote behind an answer is found by its id, with the
// in-memory store (kept beside the bytes) and with a bytes-only store
// (decoded from its encoding) alike, and it is the quote that was shown.
func TestQuoteBookKeepsStructuredQuote(t *testing.T) {
	clock := now
	for name, store := range map[string]swapscout.QuoteStore{
		"keeper":     inmem.New(inmem.Options{Now: func() time.Time { return clock }}),
		"bytes-only": bytesOnly{inmem.New(inmem.Options{Now: func() time.Time { return clock }})},
	} {
		t.Run(name, func(t *testing.T) {
			clock = now
			var shown *swapscout.Quote
			qs := &fakeQuotes{QuoteFn: func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection) (*swapscout.Quote, error) {
				q, err := twoOffers(ctx, req, sel)
				q.Offers[0].RateType, q.Offers[0].RateID, q.Offers[0].ExpiresAt = swapscout.Fixed, "rid-1", now.Add(time.Minute)
				q.Offers[0].ETAMin, q.Offers[0].ETAMax = 5*time.Minute, 20*time.Minute
				q.Offers[0].Min, q.Offers[0].MaxOut = swapscout.MustAmount("0.01"), swapscout.MustAmount("100")
				shown = q
				return q, err
			}}
			d := httpapi.Deps{Quotes: qs, Store: store, Now: func() time.Time { return clock }}
			book := httpapi.NewQuoteBook(d)
			d.Book = book
			h := httpapi.NewHandler(d)
			id := quoteID(t, get(h, "/v1/quotes?from=btc&to=eth&amount=0.1&rate=fixed"))
			got, err := book.Quote(context.Background(), id)
			if err != nil {
				t.Fatal(err)
			}
			// The encoding keeps every field the offer has, custody and
			// deposit kind too, and times to the millisecond.
			want := *shown
			if diff := cmp.Diff(&want, got, cmp.Comparer(func(a, b swapscout.Amount) bool { return a.Equal(b) }),
				cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) })); diff != "" {
				t.Errorf("structured quote differs (-shown +got):\n%s", diff)
			}
			clock = now.Add(3 * time.Minute) // past the 2-minute TTL
			if _, err := book.Quote(context.Background(), id); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
				t.Errorf("expired quote: err = %v, want not_found", err)
			}
			if _, err := book.Quote(context.Background(), "qnosuchquote"); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
				t.Errorf("unknown quote: err = %v, want not_found", err)
			}
		})
	}
}

// Requote asks the one venue again, never answers from the cache, and
// stores its answer as a new quote readable by id.
func TestQuoteBookRequote(t *testing.T) {
	var calls atomic.Int32
	var lastSel aggregate.Selection
	qs := &fakeQuotes{QuoteFn: func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection) (*swapscout.Quote, error) {
		calls.Add(1)
		lastSel = sel
		return twoOffers(ctx, req, sel)
	}}
	clock := func() time.Time { return now }
	d := httpapi.Deps{Quotes: qs, Store: inmem.New(inmem.Options{Now: clock}), Cache: inmem.New(inmem.Options{Now: clock}), CacheWindow: time.Minute, Now: clock}
	book := httpapi.NewQuoteBook(d)
	req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"}, Amount: swapscout.MustAmount("0.1")}
	for i := 1; i <= 2; i++ {
		q, err := book.Requote(context.Background(), req, "changenow")
		if err != nil {
			t.Fatal(err)
		}
		if int(calls.Load()) != i {
			t.Fatalf("requote %d: %d calls to the engine, want %d (never from the cache)", i, calls.Load(), i)
		}
		if diff := cmp.Diff([]string{"changenow"}, lastSel.Include); diff != "" {
			t.Errorf("selection (-want +got):\n%s", diff)
		}
		if back, err := book.Quote(context.Background(), q.ID); err != nil || back != q {
			t.Errorf("requoted quote %s not stored: %v", q.ID, err)
		}
	}
}

// TestDecodeQuoteRoundTrip: a quote read back from its encoding (as a
// store that keeps bytes only, such as Redis, must) is the quote that was
// encoded, every field a swap is made from included.
func TestDecodeQuoteRoundTrip(t *testing.T) {
	at := time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)
	q := &swapscout.Quote{
		ID: "q1",
		Request: swapscout.QuoteRequest{
			From: swapscout.Asset{Ticker: "BTC", Network: "btc"}, To: swapscout.Asset{Ticker: "ETH", Network: "eth"},
			Amount: swapscout.MustAmount("0.1"), Direction: swapscout.Send, RateType: swapscout.Fixed,
		},
		Offers: []swapscout.Offer{{
			Venue: "thorchain", Provider: "p", Route: "r",
			AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("2.5"), Rate: swapscout.MustAmount("25"),
			Min: swapscout.MustAmount("0.001"), Max: swapscout.MustAmount("10"),
			RateType: swapscout.Fixed, RateID: "rid", ExpiresAt: at.Add(time.Minute),
			Fees:   []swapscout.Fee{{Kind: "network", Amount: swapscout.MustAmount("0.01"), Asset: swapscout.Asset{Ticker: "ETH", Network: "eth"}}},
			ETAMin: time.Minute, ETAMax: 2 * time.Minute, KYC: 'A',
			Custody: swapscout.NonCustodial, Deposit: swapscout.DepositMemo, NoSwap: "deposits go through a router", Took: 120 * time.Millisecond,
		}},
		Failures: []swapscout.Failure{{Venue: "kraken", Code: swapscout.FailureCode("amount_too_small"), Message: "needs more",
			Min: swapscout.MustAmount("0.5"), Took: 30 * time.Millisecond}},
		CreatedAt: at, ExpiresAt: at.Add(2 * time.Minute), Took: 900 * time.Millisecond,
	}
	got, err := httpapi.DecodeQuote(httpapi.AppendQuote(nil, q))
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(q, got); d != "" {
		t.Errorf("DecodeQuote(AppendQuote(q)) differs (-want +got):\n%s", d)
	}
}
