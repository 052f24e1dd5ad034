package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

// defaultServer is where swap and track find the API when neither --server
// nor SWAPSCOUT_SERVER says otherwise: the address demo and serve listen on.
const defaultServer = "http://127.0.0.1:8080"

// runTrack follows an existing swap live until it ends.
func runTrack(ctx context.Context, args []string, e env) error {
	return trackCmd(ctx, args, e, defaultCLIClock())
}

// cliClock is what the swap and track commands take from their surroundings
// besides env, so tests can fix it: the zone times are shown in, the time now,
// how often a swap is polled when the server has no event stream, and the
// first delay before a request is retried.
type cliClock struct {
	loc      *time.Location
	now      func() time.Time
	interval time.Duration
	retry    time.Duration
}

func defaultCLIClock() cliClock {
	return cliClock{loc: time.Local, now: time.Now, interval: 3 * time.Second, retry: 500 * time.Millisecond}
}

func trackCmd(ctx context.Context, args []string, e env, clk cliClock) error {
	fs := newFlagSet("track", "track SWAP_ID [flags]", e.stderr)
	server := fs.String("server", envOr(e.getenv, "SWAPSCOUT_SERVER", defaultServer), "the swapscout server that made the swap (env SWAPSCOUT_SERVER)")
	interval := fs.Duration("interval", clk.interval, "how often to ask when the server has no event stream")
	depositTx := fs.String("deposit-tx", "", "first record this transaction as the swap's deposit (THORChain, Maya: swaps followed by their deposit)")
	support := fs.Bool("support", false, "print the swap's support packet (the venue's support contact, the order id, deposit, amounts and times) and exit")
	pos, err := parsePositional(fs, args, 1, "track needs the swap's id, e.g. swapscout track 3xq4…")
	if err != nil {
		return err
	}
	if *interval <= 0 {
		return fmt.Errorf("--interval must be positive, got %s", *interval)
	}
	clk.interval = *interval
	c := api.NewClient(*server)
	f := &swapFollower{c: c, out: e.stdout, errOut: e.stderr, clk: clk}
	if *support {
		sw, err := getSwap(ctx, c, pos[0])
		if err != nil {
			return err
		}
		return f.printPacket(ctx, sw)
	}
	var first *api.Swap
	if tx := strings.TrimSpace(*depositTx); tx != "" {
		if first, err = recordDeposit(ctx, c, pos[0], tx); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "deposit transaction %s recorded\n", first.DepositTx)
	}
	sw, err := f.follow(ctx, pos[0], first)
	if err != nil {
		return err
	}
	return f.outcome(ctx, sw)
}

// getSwap reads swap id, wording a server that cannot be reached for the
// user.
func getSwap(ctx context.Context, c *api.Client, id string) (*api.Swap, error) {
	sw, err := c.Swap(ctx, id)
	return sw, unreachable(ctx, c, err)
}

// serverFlag is the --server flag that names c's server, empty for the
// default one.
func serverFlag(c *api.Client) string {
	if c.Base() == defaultServer {
		return ""
	}
	return " --server " + c.Base()
}

// trackCommand is the command line that follows swap id again.
func trackCommand(c *api.Client, id string) string {
	return "swapscout track " + id + serverFlag(c)
}

// recordDeposit tells the server which transaction paid a swap that is
// followed by its deposit (POST /v1/swaps/{id}/deposit) and returns the
// record. Recording the same transaction twice is harmless.
func recordDeposit(ctx context.Context, c *api.Client, id, tx string) (*api.Swap, error) {
	sw, err := c.RecordDeposit(ctx, id, tx)
	var ae *api.Error
	if errors.As(err, &ae) {
		return nil, fmt.Errorf("the deposit transaction was not recorded: %w", ae)
	}
	return sw, unreachable(ctx, c, err)
}

// newIdempotencyKey returns a fresh key for one creation (128 random bits).
func newIdempotencyKey() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// swapFollower follows one swap to its end and prints each change as a line:
// when, the status, the venue's own word, and the transaction ids and the
// amount received when they become known.
type swapFollower struct {
	c           *api.Client
	out, errOut io.Writer
	clk         cliClock

	started bool
	seen    int // history entries printed
	last    api.Swap
	// packet and lateSeen: the support packet, the late mark, were shown
	// (trackoutcome.go).
	packet, lateSeen bool
}

// maxOutage is how many connection attempts in a row may fail before the
// follower gives up on the server.
const maxOutage = 8

// errNoStream says the server has no event stream for swaps: poll instead.
var errNoStream = errors.New("no event stream")

// follow prints sw (when the caller already has the record) and every change
// after it, until the swap ends, and returns its last record. It listens to
// the server's event stream, GET /v1/swaps/{id}/events, reconnecting when the
// connection drops, and polls GET /v1/swaps/{id} when the server has none.
func (f *swapFollower) follow(ctx context.Context, id string, sw *api.Swap) (*api.Swap, error) {
	if sw != nil {
		f.apply(ctx, sw)
		if sw.Terminal() {
			return sw, nil
		}
	}
	failures := 0
	delay := f.clk.retry
	for {
		got, err := f.stream(ctx, id)
		if got != nil && got.Terminal() {
			return got, nil
		}
		switch {
		case errors.Is(err, errNoStream):
			return f.poll(ctx, id)
		case ctx.Err() != nil:
			return nil, f.stopped(id)
		case err != nil && !transient(err):
			return nil, err
		}
		if got != nil { // the stream carried news before it ended: a fresh outage
			failures, delay = 0, f.clk.retry
		}
		if failures++; failures > maxOutage {
			return nil, fmt.Errorf("lost the server while following swap %s: %v; '%s' follows it again", id, err, trackCommand(f.c, id))
		}
		why := "the server closed the stream"
		if err != nil {
			why = err.Error()
		}
		fmt.Fprintf(f.errOut, "%s; reconnecting in %s\n", why, fmtDuration(delay))
		if !sleepCtx(ctx, delay) {
			return nil, f.stopped(id)
		}
		delay = min(2*delay, 10*time.Second)
	}
}

// stopped is the error when the user interrupts the follow: the swap goes on.
func (f *swapFollower) stopped(id string) error {
	return fmt.Errorf("stopped following; the swap goes on at the venue: '%s' follows it again", trackCommand(f.c, id))
}

// transientErr marks a failure worth retrying (the connection, a 5xx).
type transientErr struct{ err error }

func (e transientErr) Error() string { return e.err.Error() }
func (e transientErr) Unwrap() error { return e.err }

func transient(err error) bool {
	var t transientErr
	return errors.As(err, &t)
}

// stream reads the swap's event stream until it closes. It returns the last
// record seen (nil when none) and why it stopped: nil when the server closed
// the stream, errNoStream when the server has none, a transientErr when the
// connection failed, any other error when following cannot go on.
func (f *swapFollower) stream(ctx context.Context, id string) (*api.Swap, error) {
	var last *api.Swap
	err := f.c.SwapEvents(ctx, id, func(sw *api.Swap) error {
		f.apply(ctx, sw)
		last = sw
		return nil
	})
	var ae *api.Error
	switch {
	case err == nil:
		return last, nil
	case ctx.Err() != nil:
		return last, ctx.Err()
	case errors.Is(err, api.ErrStreamBroken):
		return last, transientErr{fmt.Errorf("the stream broke: %s", reason(err))}
	case !errors.As(err, &ae):
		return nil, transientErr{unreachable(ctx, f.c, err)}
	case ae.Status == 0: // the stream's error event
		if ae.Code == swapscout.EUNAVAILABLE { // the server is shutting down: reconnect
			return last, transientErr{ae}
		}
		return last, ae
	case ae.Status == http.StatusNotFound:
		// No such route, or no such swap: the record says which.
		if _, err := getSwap(ctx, f.c, id); err != nil {
			if errors.As(err, &ae) && ae.Status == http.StatusNotFound {
				return nil, fmt.Errorf("no swap %s at %s: %s", id, f.c.Base(), ae.Message)
			}
			return nil, transientErr{err}
		}
		return nil, errNoStream
	case ae.Status == http.StatusMethodNotAllowed:
		return nil, errNoStream
	case ae.Status == http.StatusServiceUnavailable:
		// The server holds its most streams (then its records answer), or
		// serves no swaps at all (then they do not either).
		stream := ae
		if _, err := getSwap(ctx, f.c, id); err != nil {
			if errors.As(err, &ae) && ae.Status == http.StatusServiceUnavailable {
				return nil, ae
			}
			return nil, transientErr{stream}
		}
		return nil, errNoStream
	case ae.Status >= 500:
		return nil, transientErr{ae}
	}
	return nil, ae
}

// poll asks for the swap every interval until it ends.
func (f *swapFollower) poll(ctx context.Context, id string) (*api.Swap, error) {
	failures := 0
	for {
		sw, err := getSwap(ctx, f.c, id)
		switch {
		case ctx.Err() != nil:
			return nil, f.stopped(id)
		case err == nil:
			failures = 0
			f.apply(ctx, sw)
			if sw.Terminal() {
				return sw, nil
			}
		default:
			var ae *api.Error
			if errors.As(err, &ae) && ae.Status < 500 {
				return nil, err
			}
			if failures++; failures > maxOutage {
				return nil, fmt.Errorf("lost the server while following swap %s: %v; '%s' follows it again", id, err, trackCommand(f.c, id))
			}
			fmt.Fprintf(f.errOut, "%v; asking again in %s\n", err, fmtDuration(f.clk.interval))
		}
		if !sleepCtx(ctx, f.clk.interval) {
			return nil, f.stopped(id)
		}
	}
}

func sleepCtx(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// apply prints what changed since the last record seen.
func (f *swapFollower) apply(ctx context.Context, sw *api.Swap) {
	w := f.out
	if !f.started {
		f.started = true
		order := ""
		if sw.VenueOrder.ID != "" {
			order = ", order " + sw.VenueOrder.ID
		}
		if c := composedName(sw); c != "" {
			fmt.Fprintf(w, "following swap %s: %s\n", sw.ID, c)
		} else {
			fmt.Fprintf(w, "following swap %s at %s%s\n", sw.ID, venueName(sw.Venue, sw.Provider), order)
		}
		f.memberLines(sw)
	}
	switch {
	case len(sw.History) > f.seen:
		for _, ev := range sw.History[f.seen:] {
			if ev.Late {
				f.lateLine(ev.At, sw)
				continue
			}
			f.line(ev.At, string(ev.Status), memberWord(sw, ev.Leg, ev.VenueStatus))
			if ev.Note == "rate_moved" && sw.RateMoved != "" {
				fmt.Fprintf(w, "%21s leg 2's rate moved: %s\n", "", sw.RateMoved)
			}
		}
		f.seen = len(sw.History)
	case sw.Status != f.last.Status || sw.VenueStatus != f.last.VenueStatus:
		at := sw.UpdatedAt
		if at.IsZero() {
			at = f.clk.now()
		}
		f.line(at, string(sw.Status), memberWord(sw, 0, sw.VenueStatus))
	}
	if sw.DepositTx != "" && sw.DepositTx != f.last.DepositTx {
		fmt.Fprintf(w, "%21s deposit tx %s\n", "", sw.DepositTx)
	}
	if sw.PayoutTx != "" && sw.PayoutTx != f.last.PayoutTx {
		fmt.Fprintf(w, "%21s payout tx %s\n", "", sw.PayoutTx)
	}
	if !sw.AmountReceived.IsZero() && !sw.AmountReceived.Equal(f.last.AmountReceived) {
		fmt.Fprintf(w, "%21s received %s %s\n", "", sw.AmountReceived, upper(sw.To))
	}
	f.applyMembers(sw)
	f.applyOutcome(ctx, sw)
	f.last = *sw
}

// line prints a status line; said is who said what ("venue: \"NEW\"",
// "leg 2 at exolix: \"confirming\""), or "".
func (f *swapFollower) line(at time.Time, status, said string) {
	venue := ""
	if said != "" {
		venue = "  (" + said + ")"
	}
	fmt.Fprintf(f.out, "%s  %-10s%s\n", at.In(f.clk.loc).Format("2006-01-02 15:04:05"), status, venue)
}

func venueName(venue, provider string) string {
	if provider != "" {
		return venue + " (" + provider + ")"
	}
	return venue
}

// outcome prints how a swap ended and returns nil when it finished as
// promised; a swap paid short of its promise past its slippage, or that
// ended any other way, is an error (after its support packet where support
// can help), so the command exits non-zero.
func (f *swapFollower) outcome(ctx context.Context, sw *api.Swap) error {
	switch sw.Status {
	case swapscout.StatusFinished:
		tx := ""
		if sw.PayoutTx != "" {
			tx = " in tx " + sw.PayoutTx
		}
		if sf, ok := sw.Shortfall(); ok && sf.Short {
			f.offerPacket(ctx, sw)
			return fmt.Errorf("swap %s finished short: %s received %s %s of the %s promised, %s %s (%s %%) less, past the %s %% allowed; write to its support with the packet above",
				sw.ID, sw.Venue, sw.AmountReceived, upper(sw.To), dash(amountText(sw.PromisedOut)), sf.Missing, upper(sw.To), sf.Percent, slippagePercent(sw.MaxSlippage))
		}
		if sw.AmountReceived.IsZero() {
			_, err := fmt.Fprintf(f.out, "finished: sent to %s%s; %s did not say how much (it promised %s %s)\n", sw.PayoutAddress, tx, sw.Venue, dash(amountText(sw.PromisedOut)), upper(sw.To))
			return err
		}
		_, err := fmt.Fprintf(f.out, "finished: %s %s sent to %s%s\n", sw.AmountReceived, upper(sw.To), sw.PayoutAddress, tx)
		return err
	case swapscout.StatusRefunded:
		if m := refundedMember(sw); m > 0 {
			l := sw.Legs[m-1]
			back := ""
			if !l.AmountRefunded.IsZero() {
				back = " " + l.AmountRefunded.String() + " " + upper(l.From)
			}
			if l.RefundTx != "" {
				back += " in tx " + l.RefundTx
			}
			return fmt.Errorf("swap %s was refunded: %s %d (%s, order %s) refunded%s to %s", sw.ID, memberKind(sw), m, l.Venue, l.VenueOrder.ID, back, l.RefundAddress)
		}
		back := ""
		if !sw.AmountRefunded.IsZero() {
			back = " " + sw.AmountRefunded.String() + " " + upper(sw.From)
		}
		if sw.RefundTx != "" {
			back += " in tx " + sw.RefundTx
		}
		return fmt.Errorf("swap %s was refunded%s to %s: no %s was bought", sw.ID, back, sw.RefundAddress, upper(sw.To))
	case swapscout.StatusExpired:
		return fmt.Errorf("swap %s expired: no deposit arrived in time; do not send anything to its deposit address any more", sw.ID)
	case swapscout.StatusFailed:
		word := ""
		if sw.VenueStatus != "" {
			word = fmt.Sprintf(" (it says %q)", sw.VenueStatus)
		}
		f.offerPacket(ctx, sw)
		order := ""
		if sw.VenueOrder.ID != "" {
			order = " (order id " + sw.VenueOrder.ID + ")"
		}
		venue := sw.Venue
		if m := failedMember(sw); m > 0 {
			l := sw.Legs[m-1]
			venue, order = fmt.Sprintf("%s %d, %s", memberKind(sw), m, l.Venue), " (order id "+l.VenueOrder.ID+")"
		}
		return fmt.Errorf("swap %s failed at %s%s: write to its support with the packet above%s", sw.ID, venue, word, order)
	}
	return fmt.Errorf("swap %s stopped in status %q", sw.ID, sw.Status)
}
