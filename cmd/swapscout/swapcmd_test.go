package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/internal/tier"
	"github.com/swapscout/swapscout/swaps"
)

var updateSwapCLI = flag.Bool("update-swapcli", false, "rewrite testdata/swapcli's swap and error fixtures from httpapi's encoders")

const (
	testSwapID  = "3xq4h5zj2kbdm7c6n4aperw2ua"
	testQuoteID = "q6h7y457qgy6odlpq7fwji7a3i4"
	freshQuote  = "qfresh2yk3mz7d4vbn5xq6wpl2a"
	payoutAddr  = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
	refundAddr  = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
	depositAddr = "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"
)

var fixtureT0 = time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)

// swapStep is one step of a fixture swap's life: its status, the venue's
// word, and what became known with it.
type swapStep struct {
	status              swapscout.SwapStatus
	word                string
	depositTx, payoutTx string
	received            string
}

// fixtureSwap builds a swap record the way the server renders it
// (api.AppendSwap) after the given steps.
func fixtureSwap(venue, order string, steps ...swapStep) []byte {
	sw := &swapscout.Swap{
		ID: testSwapID, QuoteID: testQuoteID, Venue: venue, VenueOrder: swapscout.OrderRef{ID: order},
		From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("2.024356592"),
		PromisedIn: swapscout.MustAmount("0.1"), PromisedOut: swapscout.MustAmount("2.0240"),
		DepositAddress: depositAddr, PayoutAddress: payoutAddr, RefundAddress: refundAddr,
		CreatedAt: fixtureT0, ExpiresAt: fixtureT0.Add(30 * time.Minute),
	}
	if venue == "thorchain" {
		sw.DepositMemo, sw.Deposit = "=:ETH.ETH:"+payoutAddr, swapscout.DepositMemo
		sw.AmountOut, sw.PromisedOut = swapscout.MustAmount("2.0231"), swapscout.MustAmount("2.0231")
	}
	var hist []swapscout.SwapEvent
	for i, st := range steps {
		at := fixtureT0.Add(time.Duration(i) * 90 * time.Second)
		sw.Status, sw.VenueStatus, sw.UpdatedAt = st.status, st.word, at
		if st.depositTx != "" {
			sw.DepositTx = st.depositTx
		}
		if st.payoutTx != "" {
			sw.PayoutTx = st.payoutTx
		}
		if st.received != "" {
			sw.AmountReceived = swapscout.MustAmount(st.received)
		}
		hist = append(hist, swapscout.SwapEvent{At: at, Status: st.status, VenueStatus: st.word})
	}
	return api.AppendSwap(nil, sw, hist)
}

var (
	ffWaiting  = swapStep{status: swapscout.StatusWaiting, word: "NEW"}
	ffPending  = swapStep{status: swapscout.StatusConfirming, word: "PENDING", depositTx: "9f2c4e1a7b"}
	ffExchange = swapStep{status: swapscout.StatusExchanging, word: "EXCHANGE"}
	ffWithdraw = swapStep{status: swapscout.StatusSending, word: "WITHDRAW", payoutTx: "0xab12cd34"}
	ffDone     = swapStep{status: swapscout.StatusFinished, word: "DONE", received: "2.0201"}
)

// swapCLIFixtures are the server's answers the CLI tests replay, rendered
// by the server's own encoders so their shape is the API's.
func swapCLIFixtures() map[string][]byte {
	errJSON := func(err error) []byte {
		return httpapi.ErrorResponse(nil, nil, err).Body
	}
	return map[string][]byte{
		"swap_waiting.json":    fixtureSwap("fixedfloat", "FF7QX2", ffWaiting),
		"swap_confirming.json": fixtureSwap("fixedfloat", "FF7QX2", ffWaiting, ffPending),
		"swap_exchanging.json": fixtureSwap("fixedfloat", "FF7QX2", ffWaiting, ffPending, ffExchange),
		"swap_sending.json":    fixtureSwap("fixedfloat", "FF7QX2", ffWaiting, ffPending, ffExchange, ffWithdraw),
		"swap_finished.json":   fixtureSwap("fixedfloat", "FF7QX2", ffWaiting, ffPending, ffExchange, ffWithdraw, ffDone),
		"swap_expired.json":    fixtureSwap("fixedfloat", "FF7QX2", ffWaiting, swapStep{status: swapscout.StatusExpired, word: "EXPIRED"}),
		"swap_failed.json": fixtureSwap("changenow", "a1b2c3d4e5", swapStep{status: swapscout.StatusWaiting, word: "new"},
			swapStep{status: swapscout.StatusConfirming, word: "confirming", depositTx: "9f2c4e1a7b"}, swapStep{status: swapscout.StatusFailed, word: "failed"}),
		"swap_refunded.json": fixtureSwap("changenow", "a1b2c3d4e5", swapStep{status: swapscout.StatusWaiting, word: "new"},
			swapStep{status: swapscout.StatusConfirming, word: "confirming", depositTx: "9f2c4e1a7b"},
			swapStep{status: swapscout.StatusRefunded, word: "refunded", payoutTx: "77e1refund"}),
		"swap_memo_waiting.json": fixtureSwap("thorchain", "", swapStep{status: swapscout.StatusWaiting, word: "pending"}),
		"error_rate_changed.json": errJSON(&swaps.RateChangedError{Direction: swapscout.Send,
			Shown: swapscout.MustAmount("2.024356592"), Now: swapscout.MustAmount("2.0107"), QuoteID: freshQuote}),
		"error_invalid_address.json": errJSON(&swaps.AddressError{Field: "payout_address", Reason: "bad EIP-55 checksum"}),
		"error_in_progress.json":     errJSON(swapscout.Errorf(swapscout.EINPROGRESS, "a request with this Idempotency-Key is still being made; retry in a moment")),
		"error_quote_expired.json":   errJSON(swapscout.Errorf(swapscout.ENOTFOUND, "quote %s expired", testQuoteID)),
	}
}

// TestSwapCLIFixtures: the swap and error fixtures are what the server's
// encoders render today (-update-swapcli rewrites them).
func TestSwapCLIFixtures(t *testing.T) {
	for name, want := range withOutcomeFixtures(swapCLIFixtures()) {
		p := filepath.Join("testdata", "swapcli", name)
		var pretty bytes.Buffer
		if err := json.Indent(&pretty, want, "", " "); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		pretty.WriteByte('\n')
		if *updateSwapCLI {
			if err := os.WriteFile(p, pretty.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("%v (run go test -run TestSwapCLIFixtures -update-swapcli)", err)
		}
		if d := cmp.Diff(pretty.String(), string(got)); d != "" {
			t.Errorf("%s differs from the server's rendering (-server +file):\n%s", name, d)
		}
	}
}

// fixture returns a testdata/swapcli file, compacted to one line.
func fixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "swapcli", name))
	if err != nil {
		t.Fatal(err)
	}
	var c bytes.Buffer
	if err := json.Compact(&c, b); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return c.Bytes()
}

// fakeAPI is a swapscout server's swap API in miniature, answering recorded
// shapes: venues, the quote stream, swap creation (scripted per test), a
// swap's record (one step further each time it is asked) and its event
// stream (every step, then closed).
type fakeAPI struct {
	t      *testing.T
	quote  []byte
	venues []byte
	steps  [][]byte // the swap's records, oldest first
	// events: "sse" (default), "404" (no such route), "405" or "503".
	events string
	// swapsOff: GET /v1/swaps/{id} answers 503 (no database).
	swapsOff bool
	// streamCut, when > 0, closes the first event stream after that many
	// records, without a terminal status.
	streamCut int
	// onPost answers the n-th POST /v1/swaps (from 1); nil answers
	// steps[0] with 201. drop closes the connection without an answer.
	onPost func(n int, body api.SwapRequest) (status int, resp []byte, drop bool)

	mu       sync.Mutex
	deposits []string // the transactions POSTed to /v1/swaps/{id}/deposit
	posts    []api.SwapRequest
	keys     []string
	gets     int
	streams  int
	quotes   []string // the quote ids streamed, in order
}

var unavailableJSON = []byte(`{"error":{"code":"unavailable","message":"swaps are not served here (no database configured)"}}`)

func newFakeAPI(t *testing.T, steps ...string) *fakeAPI {
	f := &fakeAPI{t: t, quote: fixture(t, "quote_btc_eth.json"), venues: fixture(t, "venues.json"), events: "sse"}
	for _, s := range steps {
		f.steps = append(f.steps, fixture(t, s))
	}
	return f
}

func (f *fakeAPI) start() *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/venues", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.Write(f.venues)
	})
	mux.HandleFunc("GET /v1/quotes/stream", func(w http.ResponseWriter, r *http.Request) {
		q, err := api.DecodeQuote(f.quote)
		if err != nil {
			f.t.Error(err)
			q = &api.Quote{}
		}
		f.mu.Lock()
		f.quotes = append(f.quotes, r.URL.RawQuery)
		f.mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		for _, o := range q.Offers {
			w.Write(api.AppendEvent(nil, "offer", "", api.AppendOffer(nil, &o)))
		}
		w.Write(api.AppendEvent(nil, "quote", "", f.quote))
	})
	mux.HandleFunc("POST /v1/swaps", func(w http.ResponseWriter, r *http.Request) {
		var body api.SwapRequest
		dec := json.NewDecoder(r.Body)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&body); err != nil {
			f.t.Errorf("POST /v1/swaps body: %v", err)
		}
		if ct := r.Header.Get("Content-Type"); ct != "application/json" {
			f.t.Errorf("POST /v1/swaps Content-Type %q", ct)
		}
		f.mu.Lock()
		f.posts = append(f.posts, body)
		f.keys = append(f.keys, r.Header.Get("Idempotency-Key"))
		n := len(f.posts)
		f.mu.Unlock()
		status, resp, drop := http.StatusCreated, f.steps[0], false
		if f.onPost != nil {
			status, resp, drop = f.onPost(n, body)
		}
		if drop {
			c, _, err := http.NewResponseController(w).Hijack()
			if err != nil {
				f.t.Error(err)
				return
			}
			c.Close()
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		w.Write(resp)
	})
	mux.HandleFunc("POST /v1/swaps/{id}/deposit", func(w http.ResponseWriter, r *http.Request) {
		var body struct {
			TxID string `json:"tx_id"`
		}
		dec := json.NewDecoder(r.Body)
		dec.DisallowUnknownFields()
		if err := dec.Decode(&body); err != nil || r.PathValue("id") != testSwapID {
			f.t.Errorf("POST deposit %s: %v", r.PathValue("id"), err)
		}
		f.mu.Lock()
		f.deposits = append(f.deposits, body.TxID)
		f.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		if !strings.HasPrefix(body.TxID, "E5") {
			w.WriteHeader(http.StatusBadRequest)
			b, _ := json.Marshal(map[string]any{"error": map[string]string{"code": "invalid_request",
				"message": fmt.Sprintf("tx_id %q is not a transaction id of thorchain", body.TxID)}})
			w.Write(b)
			return
		}
		rec, _ := api.DecodeSwap(f.steps[0])
		rec.DepositTx = body.TxID
		w.Write(api.AppendSwap(nil, &rec.Swap, rec.History))
	})
	mux.HandleFunc("GET /v1/swaps/{id}", func(w http.ResponseWriter, r *http.Request) {
		if f.swapsOff {
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write(unavailableJSON)
			return
		}
		if r.PathValue("id") != testSwapID {
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"error":{"code":"not_found","message":"no swap with this id"}}`))
			return
		}
		f.mu.Lock()
		i := min(f.gets, len(f.steps)-1)
		f.gets++
		f.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.Write(f.steps[i])
	})
	mux.HandleFunc("GET /v1/swaps/{id}/events", func(w http.ResponseWriter, r *http.Request) {
		switch f.events {
		case "404":
			http.NotFound(w, r)
			return
		case "405":
			w.Header().Set("Allow", "POST")
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		case "503":
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write(unavailableJSON)
			return
		}
		if r.PathValue("id") != testSwapID {
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"error":{"code":"not_found","message":"no swap with this id"}}`))
			return
		}
		f.mu.Lock()
		f.streams++
		first := f.streams == 1
		f.mu.Unlock()
		w.Header().Set("Content-Type", "text/event-stream")
		fl := http.NewResponseController(w)
		from := 0
		if !first && f.streamCut > 0 {
			from = f.streamCut - 1 // a reconnect: the current record first
		}
		fmt.Fprint(w, ": hello\n\n")
		for i := from; i < len(f.steps); i++ {
			w.Write(api.AppendEvent(nil, "swap", "", f.steps[i]))
			fl.Flush()
			if first && f.streamCut > 0 && i+1 == f.streamCut {
				return
			}
			time.Sleep(2 * time.Millisecond)
		}
	})
	srv := httptest.NewServer(mux)
	f.t.Cleanup(srv.Close)
	return srv
}

// Locked reads of what the fake server saw.
func (f *fakeAPI) Posts() []api.SwapRequest {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]api.SwapRequest(nil), f.posts...)
}

func (f *fakeAPI) Deposits() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.deposits...)
}

func (f *fakeAPI) Keys() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.keys...)
}

func (f *fakeAPI) Quotes() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.quotes...)
}

func (f *fakeAPI) Gets() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.gets
}

func (f *fakeAPI) Streams() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.streams
}

func testClock() cliClock {
	return cliClock{loc: time.UTC, now: func() time.Time { return fixtureT0.Add(time.Minute) }, interval: 5 * time.Millisecond, retry: 5 * time.Millisecond}
}

// runSwapTest runs the swap command against srv; input is what the user
// types (nil: standard input is not a terminal).
func runSwapTest(t *testing.T, srv *httptest.Server, input *string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var out, errOut syncBuffer
	var term prompter
	if input != nil {
		term = &scripted{out: &errOut, answers: strings.SplitAfter(*input, "\n")}
	}
	args = append([]string{"btc", "eth", "0.1", "--to-address", payoutAddr, "--refund-address", refundAddr, "--server", srv.URL}, args...)
	err = swapCmd(ctx, args, env{getenv: noEnv, stdout: &out, stderr: &errOut}, testClock(), term)
	return out.String(), errOut.String(), err
}

func typed(s string) *string { return &s }

// scripted is a terminal whose user types the answers given, one a
// question, and then nothing.
type scripted struct {
	out     io.Writer
	answers []string
}

func (s *scripted) ask(_ context.Context, question string) (string, error) {
	fmt.Fprint(s.out, question)
	if len(s.answers) == 0 || !strings.HasSuffix(s.answers[0], "\n") {
		return "", errors.New("no answer (the input ended)")
	}
	a := s.answers[0]
	s.answers = s.answers[1:]
	return strings.TrimSpace(a), nil
}

// TestLinePrompter: answers are read a line at a time; a line typed before
// the question is dropped; an interrupt ends the wait; the end of the input
// is an error, not an empty answer.
func TestLinePrompter(t *testing.T) {
	r, w := io.Pipe()
	var out syncBuffer
	p := newLinePrompter(r, &out)
	ctx := context.Background()
	fmt.Fprint(w, "y\n") // typed ahead: read once the pipe write returns…
	for deadline := time.Now().Add(10 * time.Second); len(p.lines) == 0; {
		if time.Now().After(deadline) {
			t.Fatal("the typed-ahead line was never read")
		}
		time.Sleep(time.Millisecond) // …and queued as a line here
	}
	go func() {
		for !strings.Contains(out.String(), "Q1? ") {
			time.Sleep(time.Millisecond)
		}
		fmt.Fprint(w, " no \n")
	}()
	if a, err := p.ask(ctx, "Q1? "); err != nil || a != "no" {
		t.Errorf("ask = %q, %v; want the answer typed after the question", a, err)
	}
	cctx, cancel := context.WithTimeout(ctx, 20*time.Millisecond)
	defer cancel()
	if _, err := p.ask(cctx, "Q2? "); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("interrupted ask: %v", err)
	}
	w.Close()
	if a, err := p.ask(ctx, "Q3? "); err == nil || !strings.Contains(err.Error(), "no answer") {
		t.Errorf("ask at the end of the input = %q, %v", a, err)
	}
}

var finishedSteps = []string{"swap_waiting.json", "swap_confirming.json", "swap_exchanging.json", "swap_sending.json", "swap_finished.json"}

// wantInOrder fails unless every part appears in s, in this order.
func wantInOrder(t *testing.T, s string, parts ...string) {
	t.Helper()
	rest := s
	for _, p := range parts {
		i := strings.Index(rest, p)
		if i < 0 {
			t.Fatalf("missing %q (or out of order) in:\n%s", p, s)
		}
		rest = rest[i+len(p):]
	}
}

func TestSwapConfirmYes(t *testing.T) {
	f := newFakeAPI(t, finishedSteps...)
	srv := f.start()
	out, errOut, err := runSwapTest(t, srv, typed("y\n"))
	if err != nil {
		t.Fatalf("swap: %v\n%s\n%s", err, out, errOut)
	}
	if len(f.Posts()) != 1 {
		t.Fatalf("%d POSTs, want 1", len(f.Posts()))
	}
	want := api.SwapRequest{QuoteID: testQuoteID, Venue: "fixedfloat", PayoutAddress: payoutAddr, RefundAddress: refundAddr}
	if d := cmp.Diff(want, f.Posts()[0]); d != "" {
		t.Errorf("POST body (-want +got):\n%s", d)
	}
	if !regexp.MustCompile(`^[0-9a-f]{32}$`).MatchString(f.Keys()[0]) {
		t.Errorf("Idempotency-Key %q", f.Keys()[0])
	}
	if !strings.Contains(errOut, "Create this swap? [y/N, or 1-5 for another offer]") {
		t.Errorf("no question on stderr:\n%s", errOut)
	}
	// kraken (an order book) is best but cannot swap: not offered.
	if strings.Contains(out, "kraken") || !strings.Contains(out, "(1 offer that cannot be swapped here not shown") {
		t.Errorf("order-book offer shown as swappable:\n%s", out)
	}
	wantInOrder(t, out,
		"1  fixedfloat", "2.024356592", "2   thorchain", "MEMO IN TX",
		"Swap at fixedfloat (offer 1):", "you send      0.1 BTC on btc", "you receive   ≈ 2.024356592 ETH on eth (floating rate",
		"Swap "+testSwapID+" created at fixedfloat, order FF7QX2.",
		"send exactly   0.1 BTC on btc", "to             "+depositAddr,
		"send before    2026-11-26 07:30:00 UTC (in 29m)", "you receive    ≈ 2.024 ETH at "+payoutAddr,
		"▀", // the QR code
		"following swap "+testSwapID+" at fixedfloat, order FF7QX2",
		`2026-11-26 07:00:00  waiting     (venue: "NEW")`,
		`2026-11-26 07:01:30  confirming  (venue: "PENDING")`, "deposit tx 9f2c4e1a7b",
		`exchanging  (venue: "EXCHANGE")`, `sending     (venue: "WITHDRAW")`, "payout tx 0xab12cd34",
		`finished    (venue: "DONE")`, "received 2.0201 ETH",
		"finished: 2.0201 ETH sent to "+payoutAddr+" in tx 0xab12cd34")
	if strings.Count(out, "waiting ") != 1 {
		t.Errorf("a status printed twice:\n%s", out)
	}
	if strings.Contains(out, "WARNING") {
		t.Errorf("memo warning for a plain transfer:\n%s", out)
	}
}

func TestSwapConfirmNo(t *testing.T) {
	for _, input := range []string{"n\n", "\n", "no\n", ""} {
		f := newFakeAPI(t, finishedSteps...)
		out, errOut, err := runSwapTest(t, f.start(), typed(input))
		if !errors.Is(err, errNoSwap) {
			t.Errorf("answer %q: err %v, want errNoSwap\n%s%s", input, err, out, errOut)
		}
		if len(f.Posts()) != 0 {
			t.Errorf("answer %q: %d swaps created", input, len(f.Posts()))
		}
	}
}

func TestSwapYesAsksNothing(t *testing.T) {
	f := newFakeAPI(t, finishedSteps...)
	out, errOut, err := runSwapTest(t, f.start(), nil, "--yes", "--max-slippage", "1%")
	if err != nil {
		t.Fatalf("swap --yes: %v\n%s\n%s", err, out, errOut)
	}
	if strings.Contains(errOut, "?") {
		t.Errorf("--yes asked something:\n%s", errOut)
	}
	if len(f.Posts()) != 1 || f.Posts()[0].Venue != "fixedfloat" || f.Posts()[0].MaxSlippage != "0.01" {
		t.Errorf("posts %+v, want one at fixedfloat with max_slippage 0.01", f.Posts())
	}
	wantInOrder(t, out, "Swap at fixedfloat:", "rate guard", "worse by more than 1%", "created at fixedfloat", "finished: 2.0201 ETH")
}

// TestSwapNotATerminal: without a terminal and without --yes, the command
// stops at once with a clear message: it neither waits for input nor asks
// the server anything.
func TestSwapNotATerminal(t *testing.T) {
	f := newFakeAPI(t, finishedSteps...)
	srv := f.start()
	_, _, err := runSwapTest(t, srv, nil)
	if err == nil || !strings.Contains(err.Error(), "--yes") || !strings.Contains(err.Error(), "not one") {
		t.Fatalf("err %v, want one that names --yes", err)
	}
	if len(f.Posts())+len(f.Quotes()) != 0 {
		t.Errorf("%d quotes, %d posts, want none", len(f.Quotes()), len(f.Posts()))
	}
}

func TestSwapInputEnds(t *testing.T) {
	f := newFakeAPI(t, finishedSteps...)
	_, _, err := runSwapTest(t, f.start(), typed(""))
	if !errors.Is(err, errNoSwap) || !strings.Contains(err.Error(), "no answer") {
		t.Errorf("err %v", err)
	}
}

// TestSwapMemoWarning: an offer whose deposit must carry a memo in the
// transaction is flagged in the table and warned about before the question;
// the memo is shown with the deposit address.
func TestSwapMemoWarning(t *testing.T) {
	f := newFakeAPI(t, "swap_memo_waiting.json")
	out, errOut, err := runSwapTest(t, f.start(), typed("2\ny\ny\n"), "--no-follow")
	if err != nil {
		t.Fatalf("swap: %v\n%s\n%s", err, out, errOut)
	}
	if len(f.Posts()) != 1 || f.Posts()[0].Venue != "thorchain" {
		t.Fatalf("posts %+v, want one at thorchain", f.Posts())
	}
	wantInOrder(t, out, "Swap at fixedfloat (offer 1):", "Swap at thorchain (offer 2):",
		"price limit   the memo makes thorchain refund your deposit rather than pay out less than ≈ 2.0129845 ETH (0.5% under)",
		"WARNING: thorchain needs the swap's MEMO INSIDE YOUR DEPOSIT TRANSACTION", "OP_RETURN",
		"Swap "+testSwapID+" created at thorchain.", "memo           =:ETH.ETH:"+payoutAddr, "INSIDE the transaction",
		"price limit    the memo's: below ≈ 2.0129845 ETH, thorchain refunds your deposit instead of swapping",
		"follow it with: swapscout track "+testSwapID+" --server ", "--deposit-tx TXID")
	wantInOrder(t, errOut, "Create this swap?", "Create this swap?",
		"Can your wallet put the swap's memo inside the BTC transaction (an OP_RETURN output), and will you send from it, never from an exchange? [y/N]")
	if strings.Count(out, "WARNING") != 1 {
		t.Errorf("warned %d times, want once (only for thorchain)", strings.Count(out, "WARNING"))
	}
	// --yes takes a memo deposit only with --allow-memo-deposit, and still warns.
	f = newFakeAPI(t, "swap_memo_waiting.json")
	out, _, err = runSwapTest(t, f.start(), nil, "--venue", "thorchain", "--yes", "--allow-memo-deposit", "--no-follow")
	if err != nil || !strings.Contains(out, "WARNING: thorchain") {
		t.Errorf("--venue thorchain --yes --allow-memo-deposit: %v\n%s", err, out)
	}
	if len(f.Quotes()) != 1 || !strings.Contains(f.Quotes()[0], "venues=thorchain") {
		t.Errorf("quotes asked %q, want only thorchain", f.Quotes())
	}
}

func TestSwapVenueChecks(t *testing.T) {
	for venue, want := range map[string]string{
		"kraken":  "--venue kraken cannot create swaps",
		"nowhere": "--venue nowhere: the server has no such venue",
	} {
		f := newFakeAPI(t)
		_, _, err := runSwapTest(t, f.start(), nil, "--venue", venue, "--yes")
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("--venue %s: %v, want %q", venue, err, want)
		}
	}
}

// TestSwapRateChanged: a 409 rate_changed shows both amounts and asks
// again; yes creates from the fresh quote with a fresh key, no creates
// nothing, and --yes never accepts a new rate.
func TestSwapRateChanged(t *testing.T) {
	changed := func(f *fakeAPI) func(int, api.SwapRequest) (int, []byte, bool) {
		return func(n int, b api.SwapRequest) (int, []byte, bool) {
			if b.QuoteID == testQuoteID {
				return http.StatusConflict, fixture(t, "error_rate_changed.json"), false
			}
			return http.StatusCreated, f.steps[0], false
		}
	}
	f := newFakeAPI(t, finishedSteps...)
	f.onPost = changed(f)
	out, errOut, err := runSwapTest(t, f.start(), typed("y\ny\n"))
	if err != nil {
		t.Fatalf("swap: %v\n%s\n%s", err, out, errOut)
	}
	if len(f.Posts()) != 2 || f.Posts()[1].QuoteID != freshQuote || f.Posts()[1].Venue != "fixedfloat" || f.Keys()[0] == f.Keys()[1] {
		t.Fatalf("posts %+v keys %q: want the second from quote %s with a new key", f.Posts(), f.Keys(), freshQuote)
	}
	wantInOrder(t, out, "The rate changed at fixedfloat by more than 0.5% since the quote:",
		"you would now receive  2.0107 ETH", "instead of             2.024356592 ETH", "created at fixedfloat")
	if !strings.Contains(errOut, "Swap at the new rate? [y/N]") {
		t.Errorf("not asked again:\n%s", errOut)
	}

	f = newFakeAPI(t, finishedSteps...)
	f.onPost = changed(f)
	_, _, err = runSwapTest(t, f.start(), typed("y\nn\n"))
	if !errors.Is(err, errNoSwap) || len(f.Posts()) != 1 {
		t.Errorf("declined the new rate: err %v, %d posts", err, len(f.Posts()))
	}

	// A server whose error carries only the message: the amounts and the
	// fresh quote are read from it.
	f = newFakeAPI(t, finishedSteps...)
	f.onPost = func(n int, b api.SwapRequest) (int, []byte, bool) {
		if b.QuoteID == testQuoteID {
			return http.StatusConflict, []byte(`{"error":{"code":"rate_changed","message":"the venue now gives 2.0107 instead of 2.024356592; see quote ` + freshQuote + `"}}`), false
		}
		return http.StatusCreated, f.steps[0], false
	}
	out, _, err = runSwapTest(t, f.start(), typed("y\ny\n"), "--no-follow")
	if err != nil || len(f.Posts()) != 2 || f.Posts()[1].QuoteID != freshQuote {
		t.Errorf("message-only rate_changed: %v, posts %+v", err, f.Posts())
	}
	wantInOrder(t, out, "you would now receive  2.0107 ETH", "instead of             2.024356592 ETH")

	f = newFakeAPI(t, finishedSteps...)
	f.onPost = changed(f)
	_, _, err = runSwapTest(t, f.start(), nil, "--yes")
	if !errors.Is(err, errNoSwap) || !strings.Contains(err.Error(), "--yes never accepts a new rate") || len(f.Posts()) != 1 {
		t.Errorf("--yes and a changed rate: err %v, %d posts", err, len(f.Posts()))
	}
}

func TestSwapInvalidAddress(t *testing.T) {
	f := newFakeAPI(t, finishedSteps...)
	f.onPost = func(int, api.SwapRequest) (int, []byte, bool) {
		return http.StatusBadRequest, fixture(t, "error_invalid_address.json"), false
	}
	_, _, err := runSwapTest(t, f.start(), nil, "--yes")
	want := "no swap was created: --to-address " + payoutAddr + " is refused: bad EIP-55 checksum (invalid_address)"
	if err == nil || err.Error() != want {
		t.Errorf("err %v\nwant %s", err, want)
	}
}

// TestSwapRetrySameKey: when the connection drops before the answer, or the
// server says the first request is still being made, the command asks again
// with the same Idempotency-Key and body, so the server answers the one swap.
func TestSwapRetrySameKey(t *testing.T) {
	f := newFakeAPI(t, finishedSteps...)
	f.onPost = func(n int, _ api.SwapRequest) (int, []byte, bool) {
		switch n {
		case 1:
			return 0, nil, true // created, but the answer is lost
		case 2:
			return http.StatusConflict, fixture(t, "error_in_progress.json"), false
		}
		return http.StatusOK, f.steps[0], false
	}
	out, errOut, err := runSwapTest(t, f.start(), nil, "--yes", "--no-follow")
	if err != nil {
		t.Fatalf("swap: %v\n%s\n%s", err, out, errOut)
	}
	if len(f.Posts()) < 3 {
		t.Fatalf("%d POSTs, want at least 3", len(f.Posts()))
	}
	for i := range f.Posts() {
		if f.Keys()[i] != f.Keys()[0] || f.Posts()[i] != f.Posts()[0] {
			t.Errorf("try %d: key %q body %+v, want the first's %q %+v", i+1, f.Keys()[i], f.Posts()[i], f.Keys()[0], f.Posts()[0])
		}
	}
	if !strings.Contains(errOut, "with the same Idempotency-Key") || !strings.Contains(out, "created at fixedfloat") {
		t.Errorf("stderr:\n%s\nstdout:\n%s", errOut, out)
	}
}

func TestSwapGivesUpRetrying(t *testing.T) {
	f := newFakeAPI(t, finishedSteps...)
	f.onPost = func(int, api.SwapRequest) (int, []byte, bool) { return 0, nil, true }
	_, _, err := runSwapTest(t, f.start(), nil, "--yes")
	if err == nil || !strings.Contains(err.Error(), "may exist at fixedfloat") || len(f.Posts()) != createTries {
		t.Errorf("err %v after %d POSTs", err, len(f.Posts()))
	}
	if len(f.Keys()) > 0 && f.Keys()[len(f.Keys())-1] != f.Keys()[0] {
		t.Errorf("keys changed between tries: %q", f.Keys())
	}
}

func TestSwapQuoteExpired(t *testing.T) {
	f := newFakeAPI(t, finishedSteps...)
	f.onPost = func(n int, _ api.SwapRequest) (int, []byte, bool) {
		if n == 1 {
			return http.StatusNotFound, fixture(t, "error_quote_expired.json"), false
		}
		return http.StatusCreated, f.steps[0], false
	}
	out, _, err := runSwapTest(t, f.start(), typed("y\ny\n"), "--no-follow")
	if err != nil || len(f.Quotes()) != 2 || len(f.Posts()) != 2 {
		t.Fatalf("err %v, %d quotes, %d posts\n%s", err, len(f.Quotes()), len(f.Posts()), out)
	}
	wantInOrder(t, out, "The quote expired before the swap was made; asking the venues again.", "Swap at fixedfloat (offer 1):", "created at fixedfloat")
}

func TestSwapArgs(t *testing.T) {
	f := newFakeAPI(t)
	srv := f.start()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"btc", "eth", "0.1", "--refund-address", refundAddr}, "swap needs --to-address"},
		{[]string{"btc", "eth", "0.1", "--to-address", payoutAddr}, "swap needs --refund-address"},
		{[]string{"btc", "eth"}, "swap needs FROM TO AMOUNT"},
		{[]string{"btc", "eth", "-1", "--to-address", payoutAddr, "--refund-address", refundAddr}, "amount must be positive"},
		{[]string{"btc", "eth", "1", "--to-address", payoutAddr, "--refund-address", refundAddr, "--max-slippage", "0.5"}, "wants a percentage like 0.5%"},
		{[]string{"btc", "eth", "1", "--to-address", payoutAddr, "--refund-address", refundAddr, "--max-slippage", "12%"}, "at most 10%"},
	} {
		var out, errOut syncBuffer
		err := swapCmd(context.Background(), append(c.args, "--server", srv.URL, "--yes"), env{getenv: noEnv, stdout: &out, stderr: &errOut}, testClock(), nil)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("swap %s: %v, want %q", strings.Join(c.args, " "), err, c.want)
		}
	}
	if len(f.Quotes())+len(f.Posts()) != 0 {
		t.Errorf("bad arguments reached the server")
	}
}

func TestParseSlippage(t *testing.T) {
	for in, want := range map[string]string{"0.5%": "0.005", "1%": "0.01", " 2.25 % ": "0.0225", "0%": "0", "10%": "0.1"} {
		if got, err := parseSlippage(in); err != nil || got != want {
			t.Errorf("parseSlippage(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestSwapServerDown(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close()
	_, _, err := runSwapTest(t, srv, nil, "--yes")
	if err == nil || !strings.Contains(err.Error(), "cannot reach the server") {
		t.Errorf("err %v", err)
	}
}

// TestSwapUnavailable: a server that answers 503 created nothing: the
// command says so at once. After a lost answer, though, it keeps asking with
// the same key until the server answers what the lost try made.
func TestSwapUnavailable(t *testing.T) {
	f := newFakeAPI(t, finishedSteps...)
	f.onPost = func(int, api.SwapRequest) (int, []byte, bool) {
		return http.StatusServiceUnavailable, unavailableJSON, false
	}
	_, _, err := runSwapTest(t, f.start(), nil, "--yes")
	want := "no swap was created: swaps are not served here (no database configured) (unavailable); try again later"
	if err == nil || err.Error() != want || len(f.Posts()) != 1 {
		t.Errorf("err %v after %d POSTs\nwant %s", err, len(f.Posts()), want)
	}
}

func TestSwapUnavailableAfterLostAnswer(t *testing.T) {
	f := newFakeAPI(t, finishedSteps...)
	f.onPost = func(n int, _ api.SwapRequest) (int, []byte, bool) {
		switch n {
		case 1:
			return 0, nil, true
		case 2, 3:
			return http.StatusServiceUnavailable, unavailableJSON, false
		}
		return http.StatusOK, f.steps[0], false
	}
	out, errOut, err := runSwapTest(t, f.start(), nil, "--yes", "--no-follow")
	if err != nil || !strings.Contains(out, "created at fixedfloat") {
		t.Fatalf("err %v\n%s\n%s", err, out, errOut)
	}
	keys := f.Keys()
	for _, k := range keys {
		if k != keys[0] {
			t.Errorf("keys %q: want one", keys)
		}
	}
}

// TestSwapEndToEnd: against a real demo (simulated venues, SQLite, the
// tracker, the event stream), `swap --yes` quotes, creates, prints the
// deposit address and follows the swap until the simulator's auto-pay has
// run it to finished; `track` then follows the same swap from its record.
func TestSwapEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a demo and waits for a simulated swap to finish")
	}
	tier.E2E(t)
	t.Parallel() // its own simulator, server and data: it waits on them, beside the others
	url := startDemo(t, "--data-dir", t.TempDir(), "--auto-pay", "500ms", "--swap-stage", "300ms")
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var out, errOut syncBuffer
	clk := defaultCLIClock()
	clk.interval = 200 * time.Millisecond
	err := swapCmd(ctx, []string{"btc", "eth", "0.1", "--to-address", payoutAddr, "--refund-address", refundAddr,
		"--server", url, "--yes", "--deadline", "2s"}, env{getenv: noEnv, stdout: &out, stderr: &errOut}, clk, nil)
	if err != nil {
		t.Fatalf("swap: %v\n%s\n%s", err, out.String(), errOut.String())
	}
	m := regexp.MustCompile(`Swap ([a-z2-7]{26}) created at ([a-z]+)`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("no swap id in:\n%s", out.String())
	}
	wantInOrder(t, out.String(), "send exactly   0.1 BTC on btc", "to             bc1", "▀",
		"following swap "+m[1], "waiting", "finished", "finished: ")
	var tout syncBuffer
	if err := trackCmd(ctx, []string{m[1], "--server", url}, env{getenv: noEnv, stdout: &tout, stderr: &errOut}, clk); err != nil {
		t.Fatalf("track: %v\n%s", err, errOut.String())
	}
	wantInOrder(t, tout.String(), "following swap "+m[1]+" at "+m[2], "waiting", "finished", "finished: ")
}

// TestSwapMemoDepositTx: a swap followed by its deposit asks for the
// deposit's transaction once sent (a malformed one is asked again), records
// it, and follows; skipped, it says how to record it later.
func TestSwapMemoDepositTx(t *testing.T) {
	f := newFakeAPI(t, "swap_memo_waiting.json", "swap_finished.json")
	out, errOut, err := runSwapTest(t, f.start(), typed("2\ny\ny\nnot-a-tx\nE5C0FFEE\n"))
	if err != nil {
		t.Fatalf("swap: %v\n%s\n%s", err, out, errOut)
	}
	if d := cmp.Diff([]string{"not-a-tx", "E5C0FFEE"}, f.Deposits()); d != "" {
		t.Errorf("deposits recorded (-want +got):\n%s", d)
	}
	wantInOrder(t, errOut, "paste its transaction id", `tx_id "not-a-tx" is not a transaction id of thorchain`, "paste its transaction id")
	wantInOrder(t, out, "created at thorchain", "deposit transaction E5C0FFEE recorded", "following swap", "deposit tx E5C0FFEE", "finished: ")

	f = newFakeAPI(t, "swap_memo_waiting.json", "swap_finished.json")
	out, _, err = runSwapTest(t, f.start(), typed("2\ny\ny\n\n"))
	if err != nil || len(f.Deposits()) != 0 {
		t.Fatalf("skipped deposit: %v, deposits %q", err, f.Deposits())
	}
	wantInOrder(t, out, "thorchain follows this swap by its deposit: the server looks for it by the payout address", "record it with",
		"swapscout track "+testSwapID+" --server http://127.0.0.1:", "--deposit-tx TXID", "following swap")
}

// TestSwapNoOffer: when the venue asked for has no offer, its failure says
// why; when no venue that can swap has one, the command says that.
func TestSwapNoOffer(t *testing.T) {
	f := newFakeAPI(t)
	f.quote = []byte(`{"id":"` + testQuoteID + `","request":{"from":{"ticker":"btc","network":"btc"},"to":{"ticker":"eth","network":"eth"},"amount":"0.00001","direction":"send"},` +
		`"offers":[{"venue":"kraken","amount_in":"0.00001","amount_out":"0.0002","rate":"20","rate_type":"float"}],` +
		`"failures":[{"venue":"exolix","code":"amount_too_small","message":"needs at least 0.0001 BTC","took_ms":200}]}`)
	srv := f.start()
	_, _, err := runSwapTest(t, srv, nil, "--venue", "exolix", "--yes")
	if want := "no swap was created: exolix has no offer: needs at least 0.0001 BTC (amount_too_small)"; err == nil || err.Error() != want {
		t.Errorf("err %v\nwant %s", err, want)
	}
	_, _, err = runSwapTest(t, srv, nil, "--yes")
	if want := "no swap was created: 1 offer, but none from a venue that can create swaps through its API"; err == nil || err.Error() != want {
		t.Errorf("err %v\nwant %s", err, want)
	}
	if len(f.Posts()) != 0 {
		t.Errorf("%d swaps created", len(f.Posts()))
	}
}

func TestETAText(t *testing.T) {
	for s, want := range map[int]string{1: "1 min", 600: "10 min", 3600: "60 min", 7200: "2 h", 9000: "2 h 30 min"} {
		if got := etaText(s); got != want {
			t.Errorf("etaText(%d) = %q, want %q", s, got, want)
		}
	}
}

// TestSwapWaitsWhileInProgress: while the server says the first try is
// still being made (a slow venue), the command keeps asking past its usual
// number of tries; a creation the server calls interrupted ends it at once.
func TestSwapWaitsWhileInProgress(t *testing.T) {
	f := newFakeAPI(t, finishedSteps...)
	f.onPost = func(n int, _ api.SwapRequest) (int, []byte, bool) {
		if n <= createTries+2 {
			return http.StatusConflict, fixture(t, "error_in_progress.json"), false
		}
		return http.StatusOK, f.steps[0], false
	}
	out, errOut, err := runSwapTest(t, f.start(), nil, "--yes", "--no-follow")
	if err != nil || len(f.Posts()) != createTries+3 {
		t.Fatalf("err %v after %d POSTs\n%s\n%s", err, len(f.Posts()), out, errOut)
	}

	f = newFakeAPI(t, finishedSteps...)
	f.onPost = func(int, api.SwapRequest) (int, []byte, bool) {
		return http.StatusConflict, []byte(`{"error":{"code":"in_progress","message":"the creation of this swap was interrupted and its outcome is unknown; no deposit address was given, so nothing is owed: use a new Idempotency-Key to make a new swap"}}`), false
	}
	_, _, err = runSwapTest(t, f.start(), nil, "--yes")
	if err == nil || !strings.Contains(err.Error(), "cut short at the server") || len(f.Posts()) != 1 {
		t.Errorf("interrupted: err %v after %d POSTs", err, len(f.Posts()))
	}
}

// TestSwapMemoNeverByDefault: a memo-deposit offer is never the default
// pick. With --yes it is passed over for the best plain transfer (and,
// when it is the only one, refused with the flag that takes it) unless
// --allow-memo-deposit; asked, the first offer proposed is the best plain
// transfer, and a memo offer chosen is made only once the user says their
// wallet can add the memo (a no creates nothing and asks again).
func TestSwapMemoNeverByDefault(t *testing.T) {
	// THORChain's memo offer ranks first.
	memoFirst := func(f *fakeAPI) {
		q, _ := api.DecodeQuote(f.quote)
		offers := q.Offers
		for i, o := range offers {
			if o.Venue == "thorchain" {
				o.AmountOut = swapscout.MustAmount("2.05")
				q.Offers = append([]api.Offer{o}, append(offers[:i:i], offers[i+1:]...)...)
				break
			}
		}
		f.quote = api.AppendAnswer(nil, q)
	}
	f := newFakeAPI(t, finishedSteps...)
	memoFirst(f)
	out, errOut, err := runSwapTest(t, f.start(), nil, "--yes")
	if err != nil || len(f.Posts()) != 1 || f.Posts()[0].Venue != "fixedfloat" {
		t.Fatalf("--yes: %v, posts %+v\n%s%s", err, f.Posts(), out, errOut)
	}
	if !strings.Contains(out, "(1 offer whose deposit must carry the memo inside the transaction not taken: --allow-memo-deposit takes them)") || strings.Contains(out, "WARNING") {
		t.Errorf("--yes output:\n%s", out)
	}

	f = newFakeAPI(t, "swap_memo_waiting.json")
	memoFirst(f)
	out, _, err = runSwapTest(t, f.start(), nil, "--yes", "--allow-memo-deposit", "--no-follow")
	if err != nil || len(f.Posts()) != 1 || f.Posts()[0].Venue != "thorchain" || !strings.Contains(out, "WARNING: thorchain") {
		t.Errorf("--yes --allow-memo-deposit: %v, posts %+v\n%s", err, f.Posts(), out)
	}

	f = newFakeAPI(t, "swap_memo_waiting.json")
	_, _, err = runSwapTest(t, f.start(), nil, "--venue", "thorchain", "--yes", "--no-follow")
	if err == nil || !strings.Contains(err.Error(), "--allow-memo-deposit") || len(f.Posts()) != 0 {
		t.Errorf("--venue thorchain --yes: %v, posts %+v", err, f.Posts())
	}

	// Asked: offer 2 (fixedfloat) is proposed, not THORChain's offer 1; 1
	// then y, then no to the wallet question, creates nothing and asks again.
	f = newFakeAPI(t, finishedSteps...)
	memoFirst(f)
	out, errOut, err = runSwapTest(t, f.start(), typed("1\ny\nn\nn\n"))
	if !errors.Is(err, errNoSwap) || len(f.Posts()) != 0 {
		t.Errorf("declined memo: %v, posts %+v", err, f.Posts())
	}
	wantInOrder(t, out, "1   thorchain", "2  fixedfloat", "Swap at fixedfloat (offer 2):", "Swap at thorchain (offer 1):",
		"Then choose an offer whose deposit is a plain transfer.")
	wantInOrder(t, errOut, "Create this swap?", "Create this swap?", "Can your wallet put the swap's memo inside the BTC transaction", "Create this swap?")
}
