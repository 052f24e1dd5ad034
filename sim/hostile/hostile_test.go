package hostile

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"hash/crc32"
	"io"
	"math/big"
	"net"
	"net/http"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

func TestCRCZeros(t *testing.T) {
	for _, n := range []int64{0, 1, 2, 7, 255, 1 << 10, 12345, 1<<20 + 3} {
		if got, want := crcZeros(n), crc32.ChecksumIEEE(make([]byte, n)); got != want {
			t.Errorf("crcZeros(%d) = %08x, want %08x", n, got, want)
		}
	}
}

// TestBombInflates: the bomb is one valid gzip member (CRC and size check
// out) of nothing but zeros, at a ratio above 500:1, and bombLength is its
// exact size.
func TestBombInflates(t *testing.T) {
	const size = 16 << 20
	var buf bytes.Buffer
	n, err := writeBomb(&buf, size)
	if err != nil || n != int64(buf.Len()) || n != bombLength(size) {
		t.Fatalf("writeBomb = %d, %v; wrote %d; bombLength %d", n, err, buf.Len(), bombLength(size))
	}
	if ratio := size / n; ratio < 500 {
		t.Errorf("compression ratio %d:1, want > 500:1", ratio)
	}
	zr, err := gzip.NewReader(&buf)
	if err != nil {
		t.Fatal(err)
	}
	zeros := make([]byte, 64<<10)
	p := make([]byte, len(zeros))
	var total int64
	for {
		k, err := zr.Read(p)
		if !bytes.Equal(p[:k], zeros[:k]) {
			t.Fatalf("non-zero byte near offset %d", total)
		}
		total += int64(k)
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("after %d bytes: %v", total, err)
		}
	}
	if total != size {
		t.Errorf("inflated to %d bytes, want %d", total, size)
	}
}

// TestBombFullSizeIsSmallOnTheWire: 10 GB of zeros cost about 10 MB.
func TestBombFullSizeIsSmallOnTheWire(t *testing.T) {
	if n := bombLength(DefaultBombSize); n < 5<<20 || n > 15<<20 {
		t.Errorf("a %d GB bomb is %d bytes compressed, want about 10 MB", DefaultBombSize>>30, n)
	}
}

func TestWords(t *testing.T) {
	for key, want := range map[string][]string{
		"toAmount": {"to", "amount"}, "min_qty": {"min", "qty"}, "estimated-amount": {"estimated", "amount"},
		"rateId": {"rate", "id"}, "minAmountUSD": {"min", "amount", "usd"}, "a": {"a"},
	} {
		if got := words(key); !cmp.Equal(got, want) {
			t.Errorf("words(%q) = %q, want %q", key, got, want)
		}
	}
}

func TestRewrite(t *testing.T) {
	const in = `{"fromAmount":"0.1","toAmount":2.5,"rateId":"123","minAmount":"0.001","timestamp":1700000000,` +
		`"ticker":"btc","bids":[["0.05","1.2"]],"result":{"a":[["1","2"]]},"flag":true,"none":null}`
	cases := []struct {
		mode Mode
		want string
	}{
		{AmountsX1000, `{"fromAmount":"100","toAmount":2500,"rateId":"123","minAmount":"1","timestamp":1700000000,` +
			`"ticker":"btc","bids":[["50","1200"]],"result":{"a":[["1000","2000"]]},"flag":true,"none":null}`},
		{AmountsNegative, `{"fromAmount":"-0.1","toAmount":-2.5,"rateId":"123","minAmount":"-0.001","timestamp":1700000000,` +
			`"ticker":"btc","bids":[["-0.05","-1.2"]],"result":{"a":[["-1","-2"]]},"flag":true,"none":null}`},
		{AmountsZero, `{"fromAmount":"0","toAmount":0,"rateId":"123","minAmount":"0","timestamp":1700000000,` +
			`"ticker":"btc","bids":[["0","0"]],"result":{"a":[["0","0"]]},"flag":true,"none":null}`},
		{WrongEcho, `{"fromAmount":"0.2","toAmount":2.5,"rateId":"123","minAmount":"0.001","timestamp":1700000000,` +
			`"ticker":"btc","bids":[["0.05","1.2"]],"result":{"a":[["1","2"]]},"flag":true,"none":null}`},
		{DuplicateKeys, `{"fromAmount":"0.1","fromAmount":"100","toAmount":2.5,"toAmount":2500,"rateId":"123","minAmount":"0.001","minAmount":"1","timestamp":1700000000,` +
			`"ticker":"btc","bids":[["0.05","1.2"]],"result":{"a":[["1","2"]]},"flag":true,"none":null}`},
		{ListsEmpty, `{"fromAmount":"0.1","toAmount":2.5,"rateId":"123","minAmount":"0.001","timestamp":1700000000,` +
			`"ticker":"btc","bids":[],"result":{"a":[]},"flag":true,"none":null}`},
		{ListsHugeMinimums, `{"fromAmount":"0.1","toAmount":2.5,"rateId":"123","minAmount":"1000000000000000000000000000000","timestamp":1700000000,` +
			`"ticker":"btc","bids":[["0.05","1.2"]],"result":{"a":[["1","2"]]},"flag":true,"none":null}`},
	}
	for _, c := range cases {
		got, ok := rewriteAnswer(c.mode, []byte(in), []*big.Rat{big.NewRat(1, 10)})
		if !ok || string(got) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.mode, got, c.want)
		}
	}
	if _, ok := rewriteAnswer(AmountsX1000, []byte(`<html>`), nil); ok {
		t.Error("rewrote HTML")
	}
	if got, _ := rewriteAnswer(Malformed, []byte(`{"a":1}`), nil); parseOK(got) {
		t.Errorf("malformed answer %s parses", got)
	}
	if got, _ := rewriteAnswer(ListsZeroFee, []byte(`{"withdrawFee":"0.0005","fee":1,"feeCurrency":"btc"}`), nil); string(got) != `{"withdrawFee":"0","fee":0,"feeCurrency":"btc"}` {
		t.Errorf("zero fee: %s", got)
	}
	if got, _ := rewriteAnswer(ListsEmpty, []byte(`{"result":{"XBTETH":{"x":1},"XBTLTC":{"x":1},"XBTXMR":{"x":2}},"error":[]}`), nil); string(got) != `{"result":{},"error":[]}` {
		t.Errorf("empty map: %s", got)
	}
}

func parseOK(b []byte) bool { _, err := parseJSON(b); return err == nil }

// echoVenue is a simulated venue that echoes its amount and lists pairs.
func echoVenue() sim.Venue {
	return sim.Venue{
		Profile: sim.Profile{Kind: swapscout.InstantSwap, Latency: time.Millisecond},
		Handler: func(x *sim.Exchange) http.Handler {
			mux := http.NewServeMux()
			mux.HandleFunc("GET /estimate", func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, `{"amountFrom":"`+r.URL.Query().Get("amount")+`","amountTo":"1.5","min":"0.01"}`)
			})
			mux.HandleFunc("GET /currencies", func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				io.WriteString(w, `[{"ticker":"btc","minAmount":"0.001","fee":"0.0001"}]`)
			})
			return mux
		},
	}
}

func startEcho(t *testing.T, m Mode) *Server {
	t.Helper()
	s, err := New(Config{
		Sim:    sim.Config{Seed: 1, Latency: time.Millisecond},
		Venues: map[string]sim.Venue{"echo": echoVenue()}, Mode: m,
		HugeSize: 1 << 20, BombSize: 16 << 20, TrickleEvery: 20 * time.Millisecond, HeaderBytes: 64 << 10,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

type answer struct {
	resp *http.Response
	body []byte
	err  error // of the request or of reading the body
}

func get(t *testing.T, url string) answer {
	t.Helper()
	c := &http.Client{Timeout: 2 * time.Second, Transport: &http.Transport{DisableCompression: true, MaxResponseHeaderBytes: 4 << 20}}
	defer c.CloseIdleConnections()
	resp, err := c.Get(url)
	if err != nil {
		return answer{err: err}
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return answer{resp: resp, body: b, err: err}
}

// TestModesOnTheWire: each mode does to the connection what it says.
func TestModesOnTheWire(t *testing.T) {
	const quote, list = "/echo/estimate?amount=0.1", "/echo/currencies"
	status := func(code int, header, value string) func(*testing.T, answer) {
		return func(t *testing.T, a answer) {
			if a.err != nil || a.resp.StatusCode != code {
				t.Fatalf("got %v %v, want HTTP %d", a.resp, a.err, code)
			}
			if header != "" && !strings.Contains(a.resp.Header.Get(header), value) {
				t.Errorf("%s = %q, want %q", header, a.resp.Header.Get(header), value)
			}
		}
	}
	body := func(want string) func(*testing.T, answer) {
		return func(t *testing.T, a answer) {
			if a.err != nil || string(a.body) != want {
				t.Errorf("got %q (%v), want %q", a.body, a.err, want)
			}
		}
	}
	tests := []struct {
		mode  Mode
		path  string
		check func(*testing.T, answer)
	}{
		{Off, quote, body(`{"amountFrom":"0.1","amountTo":"1.5","min":"0.01"}`)},
		{Hang, quote, func(t *testing.T, a answer) {
			var ne net.Error
			if !errors.As(a.err, &ne) || !ne.Timeout() {
				t.Errorf("got %v, want a client timeout", a.err)
			}
		}},
		{Reset, quote, func(t *testing.T, a answer) {
			if !errors.Is(a.err, syscall.ECONNRESET) {
				t.Errorf("got %v, want connection reset", a.err)
			}
		}},
		{Refused, quote, func(t *testing.T, a answer) {
			if !errors.Is(a.err, syscall.ECONNREFUSED) {
				t.Errorf("got %v, want connection refused", a.err)
			}
		}},
		{HTML5xx, quote, status(502, "Content-Type", "text/html")},
		{RateLimit429, quote, status(429, "", "")},
		{RateLimit429Secs, quote, status(429, "Retry-After", "2")},
		{RateLimit429Date, quote, status(429, "Retry-After", " GMT")},
		{RateLimit429Huge, quote, status(429, "Retry-After", "1000000000")},
		{RateLimit418, quote, status(418, "", "")},
		{RateLimit418Huge, quote, status(418, "Retry-After", "1000000000")},
		{Error200, quote, body(`{"error":"hostile: internal error, please try again later"}`)},
		{VenueError200, quote, func(t *testing.T, a answer) {
			status(200, "", "")(t, a)
			if !strings.Contains(string(a.body), "injected error") {
				t.Errorf("body %q is not the simulator's injected error", a.body)
			}
		}},
		{Malformed, quote, func(t *testing.T, a answer) {
			if a.err != nil || parseOK(a.body) || !bytes.HasPrefix(a.body, []byte(`{"amountFrom":"0.1"`)) {
				t.Errorf("got %q (%v), want the real answer made invalid", a.body, a.err)
			}
		}},
		{Truncated, quote, func(t *testing.T, a answer) {
			if !errors.Is(a.err, io.ErrUnexpectedEOF) {
				t.Errorf("got %q, %v; want an unexpected EOF", a.body, a.err)
			}
		}},
		{DuplicateKeys, quote, body(`{"amountFrom":"0.1","amountFrom":"100","amountTo":"1.5","amountTo":"1500","min":"0.01","min":"10"}`)},
		{AmountsX1e12, quote, body(`{"amountFrom":"100000000000","amountTo":"1500000000000","min":"10000000000"}`)},
		{WrongEcho, quote, body(`{"amountFrom":"0.2","amountTo":"1.5","min":"0.01"}`)},
		{AmountsX1000, list, body(`[{"ticker":"btc","minAmount":"0.001","fee":"0.0001"}]`)}, // quotes only
		{ListsEmpty, list, body(`[]`)},
		{ListsEmpty, quote, body(`{"amountFrom":"0.1","amountTo":"1.5","min":"0.01"}`)}, // lists only
		{ListsZeroFee, list, body(`[{"ticker":"btc","minAmount":"0.001","fee":"0"}]`)},
		{ListsHugeMinimums, list, body(`[{"ticker":"btc","minAmount":"1000000000000000000000000000000","fee":"0.0001"}]`)},
		{HugeChunked, quote, func(t *testing.T, a answer) {
			if a.err != nil || a.resp.ContentLength != -1 || len(a.body) < 1<<20-64<<10 || !parseOK(a.body) {
				t.Errorf("got %d bytes, length %d, %v; want 1 MB of JSON, chunked", len(a.body), a.resp.ContentLength, a.err)
			}
		}},
		{HugeLength, quote, func(t *testing.T, a answer) {
			if a.err != nil || a.resp.ContentLength != int64(len(a.body)) || len(a.body) < 1<<20-64<<10 || !parseOK(a.body) {
				t.Errorf("got %d bytes, length %d, %v; want 1 MB of JSON with its length", len(a.body), a.resp.ContentLength, a.err)
			}
		}},
		{GzipBomb, quote, func(t *testing.T, a answer) {
			status(200, "Content-Encoding", "gzip")(t, a)
			if int64(len(a.body)) != bombLength(16<<20) {
				t.Errorf("bomb of %d bytes, want %d", len(a.body), bombLength(16<<20))
			}
		}},
		{Trickle, quote, body(`{"amountFrom":"0.1","amountTo":"1.5","min":"0.01"}`)},
		{HugeHeaders, quote, func(t *testing.T, a answer) {
			body(`{"amountFrom":"0.1","amountTo":"1.5","min":"0.01"}`)(t, a)
			n := 0
			for k, v := range a.resp.Header {
				n += len(k) + len(v[0])
			}
			if n < 60<<10 {
				t.Errorf("%d bytes of headers, want 64 KB", n)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(string(tt.mode)+tt.path, func(t *testing.T) {
			s := startEcho(t, tt.mode)
			start := time.Now()
			a := get(t, s.URL()+tt.path)
			if tt.mode == Trickle && time.Since(start) < 20*time.Millisecond*time.Duration(len(a.body)-1) {
				t.Errorf("trickled %d bytes in %s", len(a.body), time.Since(start))
			}
			tt.check(t, a)
		})
	}
}

// TestSwitchModes: a warm start (healthy, then the fault), and a refused
// port that opens again on the same address.
func TestSwitchModes(t *testing.T) {
	s := startEcho(t, Off)
	url := s.URL() + "/echo/estimate?amount=0.1"
	if a := get(t, url); a.err != nil || a.resp.StatusCode != 200 {
		t.Fatalf("healthy: %v", a.err)
	}
	for _, m := range []Mode{Refused, RateLimit429, Refused, Off} {
		if err := s.SetMode(m, ScopeDefault); err != nil {
			t.Fatal(err)
		}
		a := get(t, url)
		switch m {
		case Refused:
			if !errors.Is(a.err, syscall.ECONNREFUSED) {
				t.Errorf("%s: got %v", m, a.err)
			}
		case RateLimit429:
			if a.err != nil || a.resp.StatusCode != 429 {
				t.Errorf("%s: got %v %v", m, a.resp, a.err)
			}
		case Off:
			if a.err != nil || a.resp.StatusCode != 200 {
				t.Errorf("%s: got %v %v", m, a.resp, a.err)
			}
		}
	}
	if m, sc := s.Mode(); m != Off || sc != ScopeAll {
		t.Errorf("Mode() = %s, %s", m, sc)
	}
}

// TestCloseEndsHangs: Close returns promptly while a client hangs on the
// server, and cuts the client off.
func TestCloseEndsHangs(t *testing.T) {
	s, err := New(Config{Sim: sim.Config{Seed: 1}, Venues: map[string]sim.Venue{"echo": echoVenue()}, Mode: Hang})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(context.Background(), "GET", s.URL()+"/echo/estimate", nil)
		resp, err := (&http.Client{Transport: &http.Transport{}}).Do(req)
		if err == nil {
			resp.Body.Close()
		}
		done <- err
	}()
	time.Sleep(100 * time.Millisecond)
	// The request hangs for ever in this mode: Close returning, and the
	// request ending, are the test (no stopwatch).
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err == nil {
		t.Error("the hanging request got an answer")
	}
}

func TestParseMode(t *testing.T) {
	for _, mi := range Modes() {
		m, sc, err := ParseMode(string(mi.Mode) + ":lists")
		if err != nil || m != mi.Mode || sc != ScopeLists {
			t.Errorf("ParseMode(%s:lists) = %s, %s, %v", mi.Mode, m, sc, err)
		}
	}
	for _, bad := range []string{"", "nope", "hang:sometimes"} {
		if _, _, err := ParseMode(bad); err == nil {
			t.Errorf("ParseMode(%q) succeeded", bad)
		}
	}
}

// TestStartTwiceAndAfterClose: Start refuses a started or closed server, in
// the hostile server's words.
func TestStartTwiceAndAfterClose(t *testing.T) {
	s := startEcho(t, Off)
	if !strings.HasPrefix(s.URL(), "http://127.0.0.1:") {
		t.Errorf("URL() = %q", s.URL())
	}
	if err := s.Start("127.0.0.1:0"); err == nil || err.Error() != "hostile: server already started" {
		t.Errorf("second Start: %v", err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Start("127.0.0.1:0"); err == nil || err.Error() != "hostile: server closed" {
		t.Errorf("Start after Close: %v", err)
	}
}
