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
