package api_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/swaps"
)

// engine answers every request with two offers and a failure, emitting
// each as it "arrives".
type engine struct{}

func (engine) Quote(_ context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error) {
	q := &swapscout.Quote{Request: req, CreatedAt: time.Now(), Took: 120 * time.Millisecond,
		Offers: []swapscout.Offer{
			{Venue: "changenow", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2.0312"), Rate: swapscout.MustAmount("20.312"), KYC: 'C',
				Took: 100 * time.Millisecond, Custody: swapscout.Custodial, Deposit: swapscout.DepositTransfer, CanSwap: true},
			{Venue: "binance", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2.0111"), Rate: swapscout.MustAmount("20.111"), KYC: 'D',
				Custody: swapscout.Custodial, Deposit: swapscout.DepositTransfer, NoSwap: "an exchange's price"},
		},
		Failures: []swapscout.Failure{{Venue: "kraken", Code: swapscout.CodeTimeout, Message: "no answer within 1s", Took: time.Second}},
	}
	if emit != nil {
		emit(swapscout.Result{Failure: &q.Failures[0]})
		for i := range q.Offers {
			emit(swapscout.Result{Offer: &q.Offers[i]})
		}
	}
	return q, nil
}

// swapsFake keeps swaps in memory: Create makes a finished swap from any
// request, RecordDeposit records the transaction.
type swapsFake struct {
	mu    sync.Mutex
	swaps map[string]*swapscout.Swap
}

func (f *swapsFake) Create(_ context.Context, r swaps.CreateRequest) (*swapscout.Swap, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if sw, ok := f.swaps[r.IdempotencyKey]; ok {
		return sw, false, nil
	}
	if r.PayoutAddress == "bad" {
		return nil, false, &swaps.AddressError{Field: "payout_address", Reason: "is not an address"}
	}
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	sw := &swapscout.Swap{ID: swapscout.NewSwapID(), QuoteID: r.QuoteID, Venue: r.Venue, VenueOrder: swapscout.OrderRef{ID: "ORD1", Secret: "secret"},
		From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("2.0312"), PayoutAddress: r.PayoutAddress, RefundAddress: r.RefundAddress,
		DepositAddress: "bc1qdeposit", Status: swapscout.StatusFinished, VenueStatus: "done", CreatedAt: at, UpdatedAt: at}
	f.swaps[r.IdempotencyKey], f.swaps[sw.ID] = sw, sw
	return sw, true, nil
}

func (f *swapsFake) Get(_ context.Context, id string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	sw, ok := f.swaps[id]
	if !ok {
		return nil, nil, swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")
	}
	return sw, []swapscout.SwapEvent{{At: sw.CreatedAt, Status: sw.Status, VenueStatus: sw.VenueStatus}}, nil
}

func (f *swapsFake) RecordDeposit(ctx context.Context, id, tx string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	f.mu.Lock()
	if sw, ok := f.swaps[id]; ok {
		sw.DepositTx = tx
	}
	f.mu.Unlock()
	return f.Get(ctx, id)
}

// server runs the real API, over HTTP, on the fakes.
func server(t *testing.T) *api.Client {
	h := httpapi.NewHandler(httpapi.Deps{Quotes: engine{}, Store: inmem.New(inmem.Options{}), Cache: inmem.New(inmem.Options{}), CacheWindow: time.Minute,
		Venues: func() []swapscout.VenueInfo {
			return []swapscout.VenueInfo{{ID: "changenow", Name: "ChangeNOW", Kind: swapscout.InstantSwap, KYC: 'C', CanSwap: true,
				Support: swapscout.SupportContact{Email: "support@changenow.io", Source: "https://changenow.io/faq"}}}
		},
		Swaps: &swapsFake{swaps: map[string]*swapscout.Swap{}}, FanOutRate: -1})
	srv := httptest.NewServer(httpserver.NetHTTP(h))
	t.Cleanup(srv.Close)
	return api.NewClient(srv.URL)
}

var req = api.QuoteRequest{From: "btc", To: "eth", Amount: "0.1", Deadline: 1500 * time.Millisecond}

// TestClient: each method reads what the API answers; the stream hears
// every venue before the quote; a quote is read back by its id, the same;
// an identical request within the cache window has an age.
func TestClient(t *testing.T) {
	c := server(t)
	ctx := context.Background()
	var heard []string
	q, err := c.QuoteStream(ctx, req, func(r swapscout.Result) {
		if r.Offer != nil {
			heard = append(heard, r.Offer.Venue)
		} else {
			heard = append(heard, string(r.Failure.Code))
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"timeout", "changenow", "binance"}, heard); diff != "" {
		t.Errorf("stream heard (-want +got):\n%s", diff)
	}
	if len(q.Offers) != 2 || !q.Offers[0].AmountOut.Equal(swapscout.MustAmount("2.0312")) || !q.Offers[0].CanSwap || q.Offers[1].NoSwap == "" ||
		q.Request.From.Network != "btc" || q.Failures[0].Venue != "kraken" || q.ID == "" {
		t.Errorf("streamed quote %+v", q)
	}
	back, err := c.QuoteByID(ctx, q.ID)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(q.Quote, back.Quote, same); diff != "" {
		t.Errorf("quote by id differs (-streamed +by id):\n%s", diff)
	}
	if _, err := c.Quote(ctx, req); err != nil {
		t.Fatal(err)
	}
	if vs, err := c.Venues(ctx); err != nil || len(vs) != 1 || vs[0].Name != "ChangeNOW" || vs[0].Support.Contact().Email != "support@changenow.io" {
		t.Errorf("venues %+v, %v", vs, err)
	}
	if h, err := c.Health(ctx); err != nil || h.Status != "ok" {
		t.Errorf("health %+v, %v", h, err)
	}
}

// TestClientSwaps: a swap is created once per key, read, followed to its
// end and given its deposit transaction, each answer the swap's record.
func TestClientSwaps(t *testing.T) {
	c := server(t)
	ctx := context.Background()
	r := api.SwapRequest{QuoteID: "q1", Venue: "changenow", PayoutAddress: "0xpayout", RefundAddress: "bc1qrefund"}
	sw, created, err := c.CreateSwap(ctx, "k1", r)
	if err != nil || !created || sw.VenueOrder.ID != "ORD1" || sw.PayoutAddress != "0xpayout" {
		t.Fatalf("created %v %+v, %v", created, sw, err)
	}
	again, created, err := c.CreateSwap(ctx, "k1", r)
	if err != nil || created || again.ID != sw.ID {
		t.Errorf("the same key again: created %v, %+v, %v; want the first swap", created, again, err)
	}
	got, err := c.Swap(ctx, sw.ID)
	if err != nil || got.ID != sw.ID || len(got.History) != 1 || !got.Terminal() {
		t.Errorf("swap %+v, %v", got, err)
	}
	var seen []string
	if err := c.SwapEvents(ctx, sw.ID, func(s *api.Swap) error { seen = append(seen, string(s.Status)); return nil }); err != nil || len(seen) != 1 || seen[0] != "finished" {
		t.Errorf("events %v, %v; want the finished record, then the end", seen, err)
	}
	if rec, err := c.RecordDeposit(ctx, sw.ID, "E5C0FFEE"); err != nil || rec.DepositTx != "E5C0FFEE" {
		t.Errorf("recorded %+v, %v", rec, err)
	}
}

// TestClientErrors: an answer other than success is an *Error with the
// API's status, code, message and details.
func TestClientErrors(t *testing.T) {
	c := server(t)
	ctx := context.Background()
	var e *api.Error
	_, err := c.Quote(ctx, api.QuoteRequest{From: "btc", To: "btc", Amount: "1"})
	if !errors.As(err, &e) || e.Status != 400 || e.Code != swapscout.EINVALID || e.Message != "from and to are the same asset (BTC on Bitcoin)" {
		t.Errorf("same asset: %#v", err)
	}
	if _, err := c.QuoteStream(ctx, api.QuoteRequest{From: "btc", To: "eth", Amount: "-1"}, nil); !errors.As(err, &e) || e.Status != 400 {
		t.Errorf("stream of a bad request: %v", err)
	}
	if _, err := c.QuoteByID(ctx, "qnosuch"); !errors.As(err, &e) || e.Status != 404 || e.Code != swapscout.ENOTFOUND {
		t.Errorf("unknown quote: %v", err)
	}
	if _, err := c.Swap(ctx, "abcdefghijklmnopqrstuvwxyz"); !errors.As(err, &e) || e.Status != 404 {
		t.Errorf("unknown swap: %v", err)
	}
	_, _, err = c.CreateSwap(ctx, "k2", api.SwapRequest{QuoteID: "q1", Venue: "changenow", PayoutAddress: "bad", RefundAddress: "bc1q"})
	if !errors.As(err, &e) || e.Code != swapscout.EADDRESS || e.Field != "payout_address" {
		t.Errorf("bad address: %#v", err)
	}
	if err := c.SwapEvents(ctx, "abcdefghijklmnopqrstuvwxyz", func(*api.Swap) error { return nil }); !errors.As(err, &e) || e.Status != 404 {
		t.Errorf("events of an unknown swap: %v", err)
	}
}

// TestQuoteRequestQuery: every field reaches its parameter, in the units
// the API reads.
func TestQuoteRequestQuery(t *testing.T) {
	r := api.QuoteRequest{From: "usdt", FromNetwork: "trx", To: "xmr", Amount: "100", Direction: swapscout.Receive, RateType: swapscout.Fixed,
		Deadline: 90 * time.Second, Venues: []string{"a", "b"}, Exclude: []string{"c"}, KYC: "B", Custody: swapscout.NonCustodial, Swappable: true}
	const want = "amount=100&custody=non_custodial&deadline=90s&direction=receive&exclude=c&from=usdt&from_network=trx&kyc=B&rate=fixed&swappable=true&to=xmr&venues=a%2Cb"
	if got := r.Query().Encode(); got != want {
		t.Errorf("query %s\nwant  %s", got, want)
	}
	r.Deadline = 1500 * time.Millisecond
	if got := r.Query().Get("deadline"); got != "1500ms" {
		t.Errorf("deadline %s, want 1500ms", got)
	}
}
