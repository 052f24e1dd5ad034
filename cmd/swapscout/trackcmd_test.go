package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout/api"
)

func runTrackTest(t *testing.T, srv *httptest.Server, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var out, errOut syncBuffer
	args = append([]string{"--server", srv.URL}, args...)
	err = trackCmd(ctx, args, env{getenv: noEnv, stdout: &out, stderr: &errOut}, testClock())
	return out.String(), errOut.String(), err
}

var finishedLines = []string{
	"following swap " + testSwapID + " at fixedfloat, order FF7QX2",
	`2026-11-26 07:00:00  waiting     (venue: "NEW")`,
	`2026-11-26 07:01:30  confirming  (venue: "PENDING")`, "deposit tx 9f2c4e1a7b",
	`2026-11-26 07:03:00  exchanging  (venue: "EXCHANGE")`,
	`2026-11-26 07:04:30  sending     (venue: "WITHDRAW")`, "payout tx 0xab12cd34",
	`2026-11-26 07:06:00  finished    (venue: "DONE")`, "received 2.0201 ETH",
	"finished: 2.0201 ETH sent to " + payoutAddr + " in tx 0xab12cd34",
}

// once fails when a status line is printed more than once.
func once(t *testing.T, out string) {
	t.Helper()
	for _, st := range []string{"waiting ", "confirming ", "exchanging ", "sending ", "finished "} {
		if n := strings.Count(out, "  "+st); n > 1 {
			t.Errorf("%q printed %d times:\n%s", st, n, out)
		}
	}
}

func TestTrackEvents(t *testing.T) {
	f := newFakeAPI(t, finishedSteps...)
	out, errOut, err := runTrackTest(t, f.start(), testSwapID)
	if err != nil {
		t.Fatalf("track: %v\n%s\n%s", err, out, errOut)
	}
	wantInOrder(t, out, finishedLines...)
	once(t, out)
	if f.Streams() != 1 || f.Gets() != 0 {
		t.Errorf("%d streams, %d polls: want the one stream", f.Streams(), f.Gets())
	}
}

// TestTrackPolling: a server whose events route answers 404 or 405 is
// polled instead, and every change still shows.
func TestTrackPolling(t *testing.T) {
	for _, mode := range []string{"404", "405", "503"} {
		f := newFakeAPI(t, finishedSteps...)
		f.events = mode
		out, errOut, err := runTrackTest(t, f.start(), testSwapID)
		if err != nil {
			t.Fatalf("events %s: %v\n%s\n%s", mode, err, out, errOut)
		}
		wantInOrder(t, out, finishedLines...)
		once(t, out)
		if f.Gets() < len(finishedSteps) {
			t.Errorf("events %s: %d polls", mode, f.Gets())
		}
	}
}

// TestTrackReconnects: a stream that closes before the swap ends is opened
// again, and nothing is printed twice.
func TestTrackReconnects(t *testing.T) {
	f := newFakeAPI(t, finishedSteps...)
	f.streamCut = 2
	out, errOut, err := runTrackTest(t, f.start(), testSwapID)
	if err != nil {
		t.Fatalf("track: %v\n%s\n%s", err, out, errOut)
	}
	wantInOrder(t, out, finishedLines...)
	once(t, out)
	if f.Streams() != 2 || !strings.Contains(errOut, "the server closed the stream; reconnecting") {
		t.Errorf("%d streams, stderr:\n%s", f.Streams(), errOut)
	}
}

// TestTrackEnds: a swap that ends other than finished ends the command with
// an error (a non-zero exit) that says what happened.
func TestTrackEnds(t *testing.T) {
	for fix, want := range map[string]string{
		"swap_failed.json":   `swap ` + testSwapID + ` failed at changenow (it says "failed"): write to its support with the packet above (order id a1b2c3d4e5)`,
		"swap_refunded.json": "swap " + testSwapID + " was refunded to " + refundAddr + ": no ETH was bought",
		"swap_expired.json":  "swap " + testSwapID + " expired: no deposit arrived in time; do not send anything to its deposit address any more",
	} {
		f := newFakeAPI(t, fix)
		out, _, err := runTrackTest(t, f.start(), testSwapID)
		if err == nil || err.Error() != want {
			t.Errorf("%s: err %v\nwant %s", fix, err, want)
		}
		if exitCode(err) == 0 {
			t.Errorf("%s: exit code 0", fix)
		}
		if !strings.Contains(out, "following swap "+testSwapID) {
			t.Errorf("%s: no progress shown:\n%s", fix, out)
		}
	}
}

func TestTrackUnknownSwap(t *testing.T) {
	for _, mode := range []string{"sse", "404"} {
		f := newFakeAPI(t, finishedSteps...)
		f.events = mode
		_, _, err := runTrackTest(t, f.start(), "aaaaaaaaaaaaaaaaaaaaaaaaaa")
		if err == nil || !strings.Contains(err.Error(), "no swap aaaaaaaaaaaaaaaaaaaaaaaaaa at http://127.0.0.1:") {
			t.Errorf("events %s: err %v", mode, err)
		}
	}
}

// TestTrackThroughRun: the command is dispatched by run, reads
// SWAPSCOUT_SERVER, and finishes with exit code 0.
func TestTrackThroughRun(t *testing.T) {
	f := newFakeAPI(t, finishedSteps...)
	srv := f.start()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var out, errOut syncBuffer
	getenv := func(k string) string {
		if k == "SWAPSCOUT_SERVER" {
			return strings.TrimPrefix(srv.URL, "http://") // host:port is enough
		}
		return ""
	}
	err := run(ctx, []string{"track", testSwapID}, getenv, &out, &errOut)
	if exitCode(err) != 0 || !strings.Contains(out.String(), "finished: 2.0201 ETH") {
		t.Errorf("run track: %v\n%s\n%s", err, out.String(), errOut.String())
	}
	if err := run(ctx, []string{"track"}, getenv, &out, &errOut); err == nil || !strings.Contains(err.Error(), "track needs the swap's id") {
		t.Errorf("track without an id: %v", err)
	}
}

// TestTrackServerGone: when the server stops answering for good, the
// command gives up with a line saying how to pick the swap up again.
func TestTrackServerGone(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	srv.Close()
	_, errOut, err := runTrackTest(t, srv, testSwapID)
	if err == nil || !strings.Contains(err.Error(), "'swapscout track "+testSwapID+" --server "+srv.URL+"' follows it again") {
		t.Errorf("err %v", err)
	}
	if n := strings.Count(errOut, "reconnecting"); n != maxOutage {
		t.Errorf("%d reconnect attempts shown, want %d:\n%s", n, maxOutage, errOut)
	}
}

// TestTrackStreamError: an error event of a server that shuts down
// (unavailable) is followed by a reconnect; another error ends the command.
func TestTrackStreamError(t *testing.T) {
	var calls atomic.Int32
	waiting, finished := fixture(t, "swap_waiting.json"), fixture(t, "swap_finished.json")
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/swaps/{id}/events", func(w http.ResponseWriter, r *http.Request) {
		n := calls.Add(1)
		w.Header().Set("Content-Type", "text/event-stream")
		switch n {
		case 1:
			w.Write(api.AppendEvent(api.AppendEvent(nil, "swap", "", waiting), "error", "", []byte(`{"error":{"code":"unavailable","message":"the server is shutting down"}}`)))
		case 2:
			w.Write(api.AppendEvent(nil, "", "", finished)) // no event name: a swap record all the same
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	out, errOut, err := runTrackTest(t, srv, testSwapID)
	if err != nil || calls.Load() != 2 || !strings.Contains(errOut, "the server is shutting down (unavailable); reconnecting") {
		t.Fatalf("err %v, %d streams\n%s\n%s", err, calls.Load(), out, errOut)
	}
	// From waiting straight to finished: the history in between, then
	// what became known.
	wantInOrder(t, out, finishedLines[1], finishedLines[2], finishedLines[4], finishedLines[5], finishedLines[7],
		finishedLines[3], finishedLines[6], finishedLines[8], finishedLines[9])
	once(t, out)

	mux = http.NewServeMux()
	mux.HandleFunc("GET /v1/swaps/{id}/events", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write(api.AppendEvent(nil, "error", "", []byte(`{"error":{"code":"internal","message":"internal error"}}`)))
	})
	srv2 := httptest.NewServer(mux)
	defer srv2.Close()
	if _, _, err := runTrackTest(t, srv2, testSwapID); err == nil || err.Error() != "internal error (internal)" {
		t.Errorf("error event: %v", err)
	}
}

// TestTrackSwapsOff: a server that serves no swaps says so at once.
func TestTrackSwapsOff(t *testing.T) {
	f := newFakeAPI(t, finishedSteps...)
	f.events, f.swapsOff = "503", true
	_, errOut, err := runTrackTest(t, f.start(), testSwapID)
	if err == nil || err.Error() != "swaps are not served here (no database configured) (unavailable)" || errOut != "" {
		t.Errorf("err %v\n%s", err, errOut)
	}
}

func TestTrackDepositTx(t *testing.T) {
	f := newFakeAPI(t, "swap_memo_waiting.json", "swap_finished.json")
	out, errOut, err := runTrackTest(t, f.start(), testSwapID, "--deposit-tx", "E5C0FFEE")
	if err != nil {
		t.Fatalf("track: %v\n%s\n%s", err, out, errOut)
	}
	wantInOrder(t, out, "deposit transaction E5C0FFEE recorded", "following swap "+testSwapID+" at thorchain", "deposit tx E5C0FFEE", "finished: ")
	_, _, err = runTrackTest(t, newFakeAPI(t, "swap_memo_waiting.json").start(), testSwapID, "--deposit-tx", "nope")
	if err == nil || err.Error() != `the deposit transaction was not recorded: tx_id "nope" is not a transaction id of thorchain (invalid_request)` {
		t.Errorf("bad tx: %v", err)
	}
}

// TestTrackInterrupted: an interrupt while a swap is still open ends the
// follow with the line that picks it up again.
func TestTrackInterrupted(t *testing.T) {
	waiting := fixture(t, "swap_waiting.json")
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v1/swaps/{id}/events", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.Write(api.AppendEvent(nil, "swap", "", waiting))
		http.NewResponseController(w).Flush()
		<-r.Context().Done()
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var out, errOut syncBuffer
	go func() { // the interrupt, once the swap's first state is shown
		for !strings.Contains(out.String(), "waiting") && ctx.Err() == nil {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	err := trackCmd(ctx, []string{testSwapID, "--server", srv.URL}, env{getenv: noEnv, stdout: &out, stderr: &errOut}, testClock())
	want := "stopped following; the swap goes on at the venue: 'swapscout track " + testSwapID + " --server " + srv.URL + "' follows it again"
	if err == nil || err.Error() != want || !strings.Contains(out.String(), "waiting") {
		t.Errorf("err %v\nwant %s\n%s", err, want, out.String())
	}
}
