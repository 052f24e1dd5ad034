package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
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
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		fs.Usage()
		return errors.New("track needs the swap's id, e.g. swapscout track 3xq4…")
	}
	if *interval <= 0 {
		return fmt.Errorf("--interval must be positive, got %s", *interval)
	}
	clk.interval = *interval
	c := newAPIClient(*server)
	f := &swapFollower{c: c, out: e.stdout, errOut: e.stderr, clk: clk}
	if *support {
		sw, err := c.swap(ctx, pos[0])
		if err != nil {
			return err
		}
		return f.printPacket(ctx, sw)
	}
	var first *swapJSON
	if tx := strings.TrimSpace(*depositTx); tx != "" {
		if first, err = c.recordDeposit(ctx, pos[0], tx); err != nil {
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

// swapJSON mirrors the API's swap record (httpapi.AppendSwap). Amounts stay
// the exact strings the server sent.
type swapJSON struct {
	ID             string    `json:"id"`
	Status         string    `json:"status"`
	VenueStatus    string    `json:"venue_status"`
	Venue          string    `json:"venue"`
	Provider       string    `json:"provider"`
	VenueOrderID   string    `json:"venue_order_id"`
	QuoteID        string    `json:"quote_id"`
	From           assetJSON `json:"from"`
	To             assetJSON `json:"to"`
	Direction      string    `json:"direction"`
	RateType       string    `json:"rate_type"`
	AmountIn       string    `json:"amount_in"`
	AmountOut      string    `json:"amount_out"`
	PromisedIn     string    `json:"promised_in"`
	PromisedOut    string    `json:"promised_out"`
	DepositAddress string    `json:"deposit_address"`
	DepositMemo    string    `json:"deposit_memo"`
	PayoutAddress  string    `json:"payout_address"`
	PayoutMemo     string    `json:"payout_memo"`
	RefundAddress  string    `json:"refund_address"`
	RefundMemo     string    `json:"refund_memo"`
	DepositTx      string    `json:"deposit_tx"`
	PayoutTx       string    `json:"payout_tx"`
	AmountReceived string    `json:"amount_received"`
	CreatedAt      time.Time `json:"created_at"`
	UpdatedAt      time.Time `json:"updated_at"`
	ExpiresAt      time.Time `json:"expires_at"`
	History        []struct {
		At          time.Time `json:"at"`
		Status      string    `json:"status"`
		VenueStatus string    `json:"venue_status"`
		Late        bool      `json:"late"`
	} `json:"history"`
	swapOutcomeJSON
}

type assetJSON struct {
	Ticker  string `json:"ticker"`
	Network string `json:"network"`
}

func (a assetJSON) upper() string { return strings.ToUpper(a.Ticker) }

// terminal reports whether the swap is over (the statuses of
// swapscout.SwapStatus.Terminal).
func (s *swapJSON) terminal() bool {
	switch s.Status {
	case "finished", "failed", "refunded", "expired":
		return true
	}
	return false
}

func decodeSwap(b []byte) (*swapJSON, error) {
	var sw swapJSON
	if err := json.Unmarshal(b, &sw); err != nil {
		return nil, fmt.Errorf("reading the swap record: %w", err)
	}
	if sw.ID == "" || sw.Status == "" {
		return nil, fmt.Errorf("the server answered something that is not a swap: %.200s", b)
	}
	return &sw, nil
}

// apiClient speaks to a swapscout server's API.
type apiClient struct {
	base string
	hc   *http.Client
	// once sends each request on a connection of its own. net/http sends a
	// request that carries an Idempotency-Key again by itself when a reused
	// connection drops; the swap command must see every lost answer, since
	// after one a 503 no longer proves that nothing was created.
	once *http.Client
}

// newAPIClient takes a server address as people type it: a URL, or
// host:port without its scheme.
func newAPIClient(server string) *apiClient {
	base := strings.TrimSuffix(strings.TrimSpace(server), "/")
	if !strings.Contains(base, "://") {
		base = "http://" + base
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DisableKeepAlives = true
	return &apiClient{base: base, hc: &http.Client{}, once: &http.Client{Transport: tr}}
}

// apiErr is an answer other than success: its status and the API's error
// code and message; Detail holds the error object's other fields.
type apiErr struct {
	Status  int
	Code    string
	Message string
	Detail  map[string]json.RawMessage
}

func (e *apiErr) Error() string {
	if e.Code == "" {
		return e.Message
	}
	return fmt.Sprintf("%s (%s)", e.Message, e.Code)
}

// detail returns the first of the error object's string (or number) fields
// named by keys.
func (e *apiErr) detail(keys ...string) string {
	for _, k := range keys {
		raw, ok := e.Detail[k]
		if !ok {
			continue
		}
		var s string
		if json.Unmarshal(raw, &s) == nil && s != "" {
			return s
		}
		if n := strings.TrimSpace(string(raw)); n != "" && n != "null" && (n[0] == '-' || n[0] >= '0' && n[0] <= '9') {
			return n
		}
	}
	return ""
}

func decodeAPIError(status int, body []byte) *apiErr {
	var doc struct {
		Error map[string]json.RawMessage `json:"error"`
	}
	e := &apiErr{Status: status}
	if json.Unmarshal(body, &doc) == nil && doc.Error != nil {
		e.Detail = doc.Error
		e.Code = e.detail("code")
		e.Message = e.detail("message")
	}
	if e.Message == "" {
		e.Message = fmt.Sprintf("the server answered %d %s: %.200s", status, http.StatusText(status), bytes.TrimSpace(body))
	}
	return e
}

// call makes one request and returns the answer's status and body (at most
// 1 MiB). A non-nil error is a transport failure: nothing was answered.
func (c *apiClient) call(ctx context.Context, method, path string, body []byte, header http.Header) (int, []byte, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return 0, nil, fmt.Errorf("--server %s: %w", c.base, err)
	}
	for k, v := range header {
		req.Header[k] = v
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	hc := c.hc
	if req.Header.Get("Idempotency-Key") != "" {
		hc = c.once
	}
	resp, err := hc.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	if err != nil {
		return 0, nil, err
	}
	return resp.StatusCode, b, nil
}

// get asks for path and returns the body of a 200 answer; an answer with
// another status is an *apiErr.
func (c *apiClient) get(ctx context.Context, path string) ([]byte, error) {
	st, b, err := c.call(ctx, "GET", path, nil, nil)
	if err != nil {
		return nil, c.unreachable(ctx, err)
	}
	if st != http.StatusOK {
		return nil, decodeAPIError(st, b)
	}
	return b, nil
}

// unreachable words a transport failure for the user.
func (c *apiClient) unreachable(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return fmt.Errorf("cannot reach the server at %s: %s (is 'swapscout serve' or 'swapscout demo' running there?)", c.base, reason(err))
}

func (c *apiClient) swap(ctx context.Context, id string) (*swapJSON, error) {
	b, err := c.get(ctx, "/v1/swaps/"+url.PathEscape(id))
	if err != nil {
		return nil, err
	}
	return decodeSwap(b)
}

// serverFlag is the --server flag that names this client's server, empty
// for the default one.
func (c *apiClient) serverFlag() string {
	if c.base == defaultServer {
		return ""
	}
	return " --server " + c.base
}

// trackCommand is the command line that follows swap id again.
func (c *apiClient) trackCommand(id string) string {
	return "swapscout track " + id + c.serverFlag()
}

// recordDeposit tells the server which transaction paid a swap that is
// followed by its deposit (POST /v1/swaps/{id}/deposit) and returns the
// record. Recording the same transaction twice is harmless.
func (c *apiClient) recordDeposit(ctx context.Context, id, tx string) (*swapJSON, error) {
	b, err := json.Marshal(struct {
		TxID string `json:"tx_id"`
	}{tx})
	if err != nil {
		return nil, err
	}
	st, resp, err := c.call(ctx, "POST", "/v1/swaps/"+url.PathEscape(id)+"/deposit", b, nil)
	if err != nil {
		return nil, c.unreachable(ctx, err)
	}
	if st != http.StatusOK {
		return nil, fmt.Errorf("the deposit transaction was not recorded: %w", decodeAPIError(st, resp))
	}
	return decodeSwap(resp)
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
	c           *apiClient
	out, errOut io.Writer
	clk         cliClock

	started bool
	seen    int // history entries printed
	last    swapJSON
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
func (f *swapFollower) follow(ctx context.Context, id string, sw *swapJSON) (*swapJSON, error) {
	if sw != nil {
		f.apply(ctx, sw)
		if sw.terminal() {
			return sw, nil
		}
	}
	failures := 0
	delay := f.clk.retry
	for {
		got, err := f.stream(ctx, id)
		if got != nil && got.terminal() {
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
			return nil, fmt.Errorf("lost the server while following swap %s: %v; '%s' follows it again", id, err, f.c.trackCommand(id))
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
	return fmt.Errorf("stopped following; the swap goes on at the venue: '%s' follows it again", f.c.trackCommand(id))
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
func (f *swapFollower) stream(ctx context.Context, id string) (*swapJSON, error) {
	path := "/v1/swaps/" + url.PathEscape(id)
	req, err := http.NewRequestWithContext(ctx, "GET", f.c.base+path+"/events", nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", "text/event-stream")
	resp, err := f.c.hc.Do(req)
	if err != nil {
		return nil, transientErr{f.c.unreachable(ctx, err)}
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusNotFound:
		// No such route, or no such swap: the record says which.
		if _, err := f.c.swap(ctx, id); err != nil {
			var ae *apiErr
			if errors.As(err, &ae) && ae.Status == http.StatusNotFound {
				return nil, fmt.Errorf("no swap %s at %s: %s", id, f.c.base, ae.Message)
			}
			return nil, transientErr{err}
		}
		return nil, errNoStream
	case resp.StatusCode == http.StatusMethodNotAllowed:
		return nil, errNoStream
	case resp.StatusCode == http.StatusServiceUnavailable:
		// The server holds its most streams (then its records answer), or
		// serves no swaps at all (then they do not either).
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		if _, err := f.c.swap(ctx, id); err != nil {
			var ae *apiErr
			if errors.As(err, &ae) && ae.Status == http.StatusServiceUnavailable {
				return nil, ae
			}
			return nil, transientErr{decodeAPIError(resp.StatusCode, b)}
		}
		return nil, errNoStream
	case resp.StatusCode >= 500:
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		return nil, transientErr{decodeAPIError(resp.StatusCode, b)}
	case resp.StatusCode != http.StatusOK:
		b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
		return nil, decodeAPIError(resp.StatusCode, b)
	}
	var last *swapJSON
	err = readEvents(resp.Body, func(event string, data []byte) error {
		if event == "error" {
			ae := decodeAPIError(0, data)
			if ae.Code == "unavailable" { // the server is shutting down: reconnect
				return transientErr{ae}
			}
			return ae
		}
		sw, err := decodeSwap(data)
		if err != nil {
			return nil // not a swap record (a ping, a newer event kind): skip it
		}
		f.apply(ctx, sw)
		last = sw
		if sw.terminal() {
			return io.EOF
		}
		return nil
	})
	switch {
	case errors.Is(err, io.EOF):
		return last, nil
	case err != nil && ctx.Err() != nil:
		return last, ctx.Err()
	case err != nil && !transient(err) && !isAPIErr(err):
		return last, transientErr{fmt.Errorf("the stream broke: %s", reason(err))}
	}
	return last, err
}

func isAPIErr(err error) bool {
	var ae *apiErr
	return errors.As(err, &ae)
}

// readEvents reads a server-sent event stream and calls fn with each event's
// name ("" when it has none) and data; it stops at the end of the stream
// (nil) or at fn's first error.
func readEvents(r io.Reader, fn func(event string, data []byte) error) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	event := ""
	var data []byte
	has := false
	for sc.Scan() {
		line := sc.Bytes()
		if len(line) == 0 {
			if has {
				if err := fn(event, data); err != nil {
					return err
				}
			}
			event, data, has = "", data[:0], false
			continue
		}
		if line[0] == ':' {
			continue // a comment: keep-alive
		}
		field, value, _ := bytes.Cut(line, []byte(":"))
		value = bytes.TrimPrefix(value, []byte(" "))
		switch string(field) {
		case "event":
			event = string(value)
		case "data":
			if has {
				data = append(data, '\n')
			}
			data = append(data, value...)
			has = true
		}
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if has { // a last event without its blank line
		return fn(event, data)
	}
	return nil
}

// poll asks for the swap every interval until it ends.
func (f *swapFollower) poll(ctx context.Context, id string) (*swapJSON, error) {
	failures := 0
	for {
		sw, err := f.c.swap(ctx, id)
		switch {
		case ctx.Err() != nil:
			return nil, f.stopped(id)
		case err == nil:
			failures = 0
			f.apply(ctx, sw)
			if sw.terminal() {
				return sw, nil
			}
		default:
			var ae *apiErr
			if errors.As(err, &ae) && ae.Status < 500 {
				return nil, err
			}
			if failures++; failures > maxOutage {
				return nil, fmt.Errorf("lost the server while following swap %s: %v; '%s' follows it again", id, err, f.c.trackCommand(id))
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
func (f *swapFollower) apply(ctx context.Context, sw *swapJSON) {
	w := f.out
	if !f.started {
		f.started = true
		order := ""
		if sw.VenueOrderID != "" {
			order = ", order " + sw.VenueOrderID
		}
		fmt.Fprintf(w, "following swap %s at %s%s\n", sw.ID, venueName(sw.Venue, sw.Provider), order)
	}
	switch {
	case len(sw.History) > f.seen:
		for _, ev := range sw.History[f.seen:] {
			if ev.Late {
				f.lateLine(ev.At, sw)
				continue
			}
			f.line(ev.At, ev.Status, ev.VenueStatus)
		}
		f.seen = len(sw.History)
	case sw.Status != f.last.Status || sw.VenueStatus != f.last.VenueStatus:
		at := sw.UpdatedAt
		if at.IsZero() {
			at = f.clk.now()
		}
		f.line(at, sw.Status, sw.VenueStatus)
	}
	if sw.DepositTx != "" && sw.DepositTx != f.last.DepositTx {
		fmt.Fprintf(w, "%21s deposit tx %s\n", "", sw.DepositTx)
	}
	if sw.PayoutTx != "" && sw.PayoutTx != f.last.PayoutTx {
		fmt.Fprintf(w, "%21s payout tx %s\n", "", sw.PayoutTx)
	}
	if sw.AmountReceived != "" && sw.AmountReceived != f.last.AmountReceived {
		fmt.Fprintf(w, "%21s received %s %s\n", "", sw.AmountReceived, sw.To.upper())
	}
	f.applyOutcome(ctx, sw)
	f.last = *sw
}

func (f *swapFollower) line(at time.Time, status, word string) {
	venue := ""
	if word != "" {
		venue = fmt.Sprintf("  (venue: %q)", word)
	}
	fmt.Fprintf(f.out, "%s  %-10s%s\n", at.In(f.clk.loc).Format("2006-01-02 15:04:05"), status, venue)
}

func orderRef(sw *swapJSON) string {
	if sw.VenueOrderID == "" {
		return ""
	}
	return " with order id " + sw.VenueOrderID
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
func (f *swapFollower) outcome(ctx context.Context, sw *swapJSON) error {
	switch sw.Status {
	case "finished":
		tx := ""
		if sw.PayoutTx != "" {
			tx = " in tx " + sw.PayoutTx
		}
		if sw.Shortfall != nil {
			f.offerPacket(ctx, sw)
			return fmt.Errorf("swap %s finished short: %s received %s %s of the %s promised, %s %s (%s %%) less, past the %s %% allowed; write to its support with the packet above",
				sw.ID, sw.Venue, sw.AmountReceived, sw.To.upper(), dash(sw.PromisedOut), sw.Shortfall.Amount, sw.To.upper(), sw.Shortfall.Percent, slippagePercent(sw.MaxSlippage))
		}
		if sw.AmountReceived == "" {
			_, err := fmt.Fprintf(f.out, "finished: sent to %s%s; %s did not say how much (it promised %s %s)\n", sw.PayoutAddress, tx, sw.Venue, dash(sw.PromisedOut), sw.To.upper())
			return err
		}
		_, err := fmt.Fprintf(f.out, "finished: %s %s sent to %s%s\n", sw.AmountReceived, sw.To.upper(), sw.PayoutAddress, tx)
		return err
	case "refunded":
		back := ""
		if sw.AmountRefunded != "" {
			back = " " + sw.AmountRefunded + " " + sw.From.upper()
		}
		if sw.RefundTx != "" {
			back += " in tx " + sw.RefundTx
		}
		return fmt.Errorf("swap %s was refunded%s to %s: no %s was bought", sw.ID, back, sw.RefundAddress, sw.To.upper())
	case "expired":
		return fmt.Errorf("swap %s expired: no deposit arrived in time; do not send anything to its deposit address any more", sw.ID)
	case "failed":
		word := ""
		if sw.VenueStatus != "" {
			word = fmt.Sprintf(" (it says %q)", sw.VenueStatus)
		}
		f.offerPacket(ctx, sw)
		order := ""
		if sw.VenueOrderID != "" {
			order = " (order id " + sw.VenueOrderID + ")"
		}
		return fmt.Errorf("swap %s failed at %s%s: write to its support with the packet above%s", sw.ID, sw.Venue, word, order)
	}
	return fmt.Errorf("swap %s stopped in status %q", sw.ID, sw.Status)
}
