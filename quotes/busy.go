package quotes

import (
	"context"
	"runtime"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
)

// Load shedding. Each uncached quote holds a fan-out: dozens of venue calls,
// their goroutines and buffers, for up to its deadline. Past what the
// machine can work through, more of them at once make every one slower
// (the CPU is shared, and the collector scans every goroutine's stack) and
// memory grows with the queue, until every answer comes at its deadline or
// after the client gave up. So an instance works on at most
// Config.MaxFanOuts uncached quotes at once; a quote that finds them all
// taken waits for one to end at most a tenth of its deadline, then is
// answered at once with EUNAVAILABLE ("busy", Retry-After) instead: a
// client told to come back in a second is better served than one kept
// waiting for an answer that comes too late. Identical requests collapse
// before this (a cached or joined answer costs no fan-out), and the
// re-quote before a swap (swapscout.WithFresh) is never shed.
//
// Before shedding, a busy instance drops what is extra: routes=auto
// searches two-leg routes (about as much work again as the direct offers)
// only while at most a quarter of the slots are taken; past that its
// quotes are direct offers only, as routes=0 would answer, until the load
// eases. routes=1 still asks for them.

// DefaultMaxFanOuts is Config.MaxFanOuts' default per core: at about a
// second per fan-out and a few CPU-milliseconds each, enough to keep the
// cores busy, not so many that waiting fan-outs slow the others.
const DefaultMaxFanOuts = 64

// busyRetry is the Retry-After of a shed quote.
const busyRetry = time.Second

// fanOuts bounds the fan-outs in flight; a nil *fanOuts bounds none.
type fanOuts struct {
	slots chan struct{}
	shed  atomic.Int64
}

// newFanOuts returns the bound of Config.MaxFanOuts: 0 means
// DefaultMaxFanOuts per core, negative no bound.
func newFanOuts(n int) *fanOuts {
	if n == 0 {
		n = DefaultMaxFanOuts * runtime.GOMAXPROCS(0)
	}
	if n < 0 {
		return nil
	}
	return &fanOuts{slots: make(chan struct{}, n)}
}

// acquire takes a slot for a fan-out of the given deadline, waiting at
// most a tenth of it, and says whether it took one (to give back with
// release); a quote marked WithFresh takes none.
func (b *fanOuts) acquire(ctx context.Context, deadline time.Duration) (took bool, err error) {
	if b == nil || swapscout.Fresh(ctx) {
		return false, nil
	}
	select {
	case b.slots <- struct{}{}:
		return true, nil
	default:
	}
	t := time.NewTimer(deadline / 10)
	defer t.Stop()
	select {
	case b.slots <- struct{}{}:
		return true, nil
	case <-ctx.Done():
		return false, ctx.Err()
	case <-t.C:
		b.shed.Add(1)
		return false, &swapscout.Error{Code: swapscout.EUNAVAILABLE, RetryAfter: busyRetry,
			Message: "busy: this server is working on as many quotes as it can at once; ask again in a second"}
	}
}

func (b *fanOuts) release() { <-b.slots }

// roomy reports whether at most a quarter of the slots are taken (the
// caller's own included): room for the extra work of routes=auto.
func (b *fanOuts) roomy() bool {
	return b == nil || len(b.slots) <= cap(b.slots)/4
}

// Shed is how many quotes were answered busy (Config.MaxFanOuts).
func (s *Service) Shed() int64 {
	if s.busy == nil {
		return 0
	}
	return s.busy.shed.Load()
}

// InFlight is how many uncached quotes are being made now.
func (s *Service) InFlight() int {
	if s.busy == nil {
		return 0
	}
	return len(s.busy.slots)
}
