package quotes_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/quotes"
)

// TestShedWhenBusy: with MaxFanOuts fan-outs under way, another uncached
// quote is answered busy (EUNAVAILABLE, with a Retry-After) instead of
// queueing behind them; an identical request still collapses onto the one
// under way, the re-quote before a swap is never shed, and a slot freed
// serves the next quote.
func TestShedWhenBusy(t *testing.T) {
	entered, release := make(chan struct{}, 4), make(chan struct{})
	eng := engineFn(func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, _ func(swapscout.Result)) (*swapscout.Quote, error) {
		if swapscout.DeriveOnly(ctx) {
			// No recent answers to derive from: every venue held back.
			return &swapscout.Quote{Request: req, Failures: []swapscout.Failure{{Venue: "changenow", Code: swapscout.CodeRateLimited}}}, nil
		}
		entered <- struct{}{}
		if len(sel.Include) == 0 { // the re-quote names its venue and is not held
			<-release
		}
		return twoOffers(req), nil
	})
	s := quotes.New(quotes.Config{Engine: eng, Store: inmem.New(inmem.Options{}), Cache: inmem.New(inmem.Options{}), CacheWindow: time.Hour, MaxFanOuts: 1})
	held := quotes.Request{QuoteRequest: btcEth, Deadline: time.Minute}
	done := make(chan error, 2)
	go func() { _, err := s.Quote(context.Background(), held); done <- err }()
	<-entered
	if s.InFlight() != 1 {
		t.Fatalf("in flight %d, want 1", s.InFlight())
	}

	other := held
	other.Amount = swapscout.MustAmount("0.2")
	other.Deadline = 10 * time.Millisecond // waits a tenth of it for a slot
	_, err := s.Quote(context.Background(), other)
	var e *swapscout.Error
	if !errors.As(err, &e) || e.Code != swapscout.EUNAVAILABLE || e.RetryAfter <= 0 {
		t.Fatalf("quote past MaxFanOuts: %v, want EUNAVAILABLE with a Retry-After", err)
	}
	if s.Shed() != 1 {
		t.Errorf("Shed() = %d, want 1", s.Shed())
	}

	// The identical request joins the fan-out under way: no slot, no shed.
	go func() { _, err := s.Quote(context.Background(), held); done <- err }()

	if _, err := s.Requote(context.Background(), btcEth, "changenow"); err != nil {
		t.Errorf("re-quote before a swap while busy: %v, want it made", err)
	}
	<-entered

	close(release)
	for range 2 {
		if err := <-done; err != nil {
			t.Errorf("held quote: %v", err)
		}
	}
	if _, err := s.Quote(context.Background(), other); err != nil {
		t.Errorf("quote after the slot was freed: %v", err)
	}
	if s.Shed() != 1 || s.InFlight() != 0 {
		t.Errorf("Shed() = %d, InFlight() = %d; want 1 and 0", s.Shed(), s.InFlight())
	}
}

// TestBusyDropsAutoRoutes: while more than a quarter of MaxFanOuts are
// under way, routes=auto answers direct offers only (one fan-out, no legs);
// routes=1 still searches, and with room again routes=auto does too.
func TestBusyDropsAutoRoutes(t *testing.T) {
	release := make(chan struct{})
	held := swapscout.Asset{Ticker: "ltc", Network: "ltc"}
	m := &market{rates: map[string]map[string]string{
		"alpha": {"firo>xmr": "0.01"},
		"bravo": {"xmr>ton": "55.5"},
	}}
	m.onCall = func(_ context.Context, req swapscout.QuoteRequest) {
		if req.From == held {
			<-release
		}
	}
	s := quotes.New(quotes.Config{Engine: m, Composite: true, MaxFanOuts: 4})
	quote := func(from swapscout.Asset, mode quotes.RouteMode) error {
		_, err := s.Quote(context.Background(), quotes.Request{QuoteRequest: swapscout.QuoteRequest{From: from, To: ton,
			Amount: swapscout.MustAmount("100")}, Deadline: 2 * time.Second, Routes: mode})
		return err
	}
	done := make(chan error)
	go func() { done <- quote(held, quotes.RoutesOff) }()
	for s.InFlight() == 0 {
		time.Sleep(time.Millisecond)
	}
	fanOuts := func(f func() error) int {
		t.Helper()
		before := len(m.requests())
		if err := f(); err != nil {
			t.Fatal(err)
		}
		return len(m.requests()) - before
	}
	if n := fanOuts(func() error { return quote(firo, quotes.RoutesAuto) }); n != 1 {
		t.Errorf("routes=auto with 2 of 4 slots taken: %d fan-outs, want 1 (direct offers only)", n)
	}
	if n := fanOuts(func() error { return quote(firo, quotes.RoutesOn) }); n < 2 {
		t.Errorf("routes=1 with 2 of 4 slots taken: %d fan-outs, want the legs too", n)
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := fanOuts(func() error { return quote(firo, quotes.RoutesAuto) }); n < 2 {
		t.Errorf("routes=auto with room: %d fan-outs, want the legs too", n)
	}
}

// TestBusyAnswersFromRecent: with every fan-out slot taken, a quote whose
// venues have recent answers near its amount is answered from them alone
// (the engine asked with swapscout.WithDeriveOnly), stored under its id but
// not cached for identical requests, and counted by FromRecent, not Shed.
func TestBusyAnswersFromRecent(t *testing.T) {
	release := make(chan struct{})
	entered := make(chan struct{}, 1)
	var deriveOnly int
	eng := engineFn(func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, _ func(swapscout.Result)) (*swapscout.Quote, error) {
		if swapscout.DeriveOnly(ctx) {
			deriveOnly++
			q := twoOffers(req)
			for i := range q.Offers {
				q.Offers[i].Derived = &swapscout.Derivation{Age: time.Second, From: []swapscout.Amount{req.Amount}}
			}
			return q, nil
		}
		entered <- struct{}{}
		<-release
		return twoOffers(req), nil
	})
	cache := inmem.New(inmem.Options{})
	s := quotes.New(quotes.Config{Engine: eng, Store: inmem.New(inmem.Options{}), Cache: cache, CacheWindow: time.Hour, TTL: time.Minute, Now: func() time.Time { return now }, MaxFanOuts: 1})
	held := quotes.Request{QuoteRequest: btcEth, Deadline: time.Minute}
	done := make(chan error, 1)
	go func() { _, err := s.Quote(context.Background(), held); done <- err }()
	<-entered

	other := held
	other.Amount = swapscout.MustAmount("0.2")
	other.Deadline = 10 * time.Millisecond
	a, err := s.Quote(context.Background(), other)
	if err != nil {
		t.Fatalf("busy quote with recent answers: %v, want an answer from them", err)
	}
	aq, err := a.Quote()
	if err != nil {
		t.Fatal(err)
	}
	q, err := s.QuoteByID(context.Background(), aq.ID)
	if err != nil || len(q.Offers) != 2 || q.Offers[0].Derived == nil {
		t.Fatalf("stored busy quote: %v %+v, want its two derived offers", err, q)
	}
	if deriveOnly != 1 || s.FromRecent() != 1 || s.Shed() != 0 {
		t.Errorf("derive-only fan-outs %d, FromRecent %d, Shed %d; want 1, 1, 0", deriveOnly, s.FromRecent(), s.Shed())
	}
	key := quotes.AppendKey(nil, &other)
	if _, ok := s.Cached(context.Background(), key); ok {
		t.Error("a quote from recent answers alone was cached for identical requests")
	}
	close(release)
	if err := <-done; err != nil {
		t.Errorf("held quote: %v", err)
	}
}
