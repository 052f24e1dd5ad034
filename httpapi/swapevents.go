package httpapi

import (
	"context"
	"io"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

// Swap event streams: how often an idle stream sends a comment (so proxies
// and clients see it alive, and a client gone away is noticed), and how
// often it re-reads the swap with no notice from the feed (every
// SwapPollInterval without a feed; SwapRecheckInterval with one, in case a
// notice was lost).
var (
	SwapKeepAlive       = 15 * time.Second
	SwapPollInterval    = 2 * time.Second
	SwapRecheckInterval = 30 * time.Second
)

var errSwapEventsOff = swapscout.Errorf(swapscout.EUNAVAILABLE, "swaps are not served here (no database configured)")

// handleSwapEvents streams a swap as server-sent events: a "swap" event with
// its current record and history at once (AppendSwap), then one after every
// change as it is seen, until a terminal status, after whose event the stream
// ends. The event's id is the number of status changes so far. An unknown
// swap is a JSON 404 before the stream starts. The stream holds one of the
// stream slots, like quote streams, and ends with the server's shutdown
// event when the server stops.
func handleSwapEvents(d *deps) Action {
	return func(r *Request) (Response, error) {
		if d.Swaps == nil {
			return Response{}, errSwapEventsOff
		}
		id := string(r.Param("id"))
		sw, hist, err := d.Swaps.Get(r.Ctx, id)
		if err != nil {
			return Response{}, err
		}
		done, err := d.openStream(r)
		if err != nil {
			return Response{}, err
		}
		reqID := RequestIDFrom(r.Ctx)
		stream := func(ctx context.Context, w io.Writer, flush func() error) error {
			defer done()
			if reqID != "" {
				ctx = WithRequestID(ctx, reqID)
			}
			return d.followSwap(ctx, id, sw, hist, w, flush)
		}
		return Response{Status: 200, ContentType: "text/event-stream", Headers: streamHeaders, Stream: stream, LongStream: true}, nil
	}
}

func (d *deps) followSwap(ctx context.Context, id string, sw *swapscout.Swap, hist []swapscout.SwapEvent, w io.Writer, flush func() error) error {
	recheck := SwapPollInterval
	var changed <-chan swapscout.SwapChange
	if d.SwapFeed != nil {
		ch, stop := d.SwapFeed.Subscribe(id)
		defer stop()
		changed, recheck = ch, SwapRecheckInterval
	}
	ew := api.NewEventWriter(w, flush)
	var buf []byte
	send := func(sw *swapscout.Swap, hist []swapscout.SwapEvent) error {
		buf = api.AppendSwap(buf[:0], sw, hist)
		return ew.EventN("swap", len(hist), buf)
	}
	// A client that loses the stream reconnects after 2 s (EventSource) and
	// gets the current state first: nothing is lost.
	if err := ew.Retry(2 * time.Second); err != nil {
		return err
	}
	if err := send(sw, hist); err != nil {
		return err
	}
	// Subscribed only now, after the first read: read again so a change in
	// between is not missed.
	last, lastLen := sw.UpdatedAt, len(hist)
	reread := true
	keep := time.NewTicker(SwapKeepAlive)
	defer keep.Stop()
	poll := time.NewTimer(recheck)
	defer poll.Stop()
	for !sw.Status.Terminal() {
		if reread {
			reread = false
			nsw, nhist, err := d.Swaps.Get(ctx, id)
			if err != nil {
				if ctx.Err() != nil {
					return ctx.Err()
				}
				d.Logger.Warn("swap events: read failed", "swap", id, "err", err, "request_id", RequestIDFrom(ctx))
			} else if !nsw.UpdatedAt.Equal(last) || len(nhist) != lastLen || nsw.Status != sw.Status {
				sw, last, lastLen = nsw, nsw.UpdatedAt, len(nhist)
				if err := send(nsw, nhist); err != nil {
					return err
				}
				continue
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case c := <-changed:
			// A change told in this process carries the swap as shown:
			// sent as it is when it is newer than the last sent, with no
			// read; anything else (another instance's change, a repeat,
			// an older one arriving late) is read again.
			if c.Shown == nil || !newer(c.Shown, c.History, last, lastLen) {
				reread = true
				continue
			}
			sw, last, lastLen = c.Shown, c.Shown.UpdatedAt, len(c.History)
			if err := send(c.Shown, c.History); err != nil {
				return err
			}
		case <-poll.C:
			reread = true
			poll.Reset(recheck)
		case <-keep.C:
			if err := ew.Comment("keep-alive"); err != nil {
				return err
			}
		}
	}
	return nil
}

// newer says whether a swap and its history came after the state last sent
// (its last update, its history's length): a history only grows, and a
// change that adds no event moves the update time.
func newer(sw *swapscout.Swap, hist []swapscout.SwapEvent, last time.Time, lastLen int) bool {
	return len(hist) > lastLen || len(hist) == lastLen && sw.UpdatedAt.After(last)
}
