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
