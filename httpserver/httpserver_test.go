package httpserver_test

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/inmem"
)

// fasthttp keeps two process-wide goroutines of its own (the Date header
// ticker and a worker-pool cleaner that sleeps out its interval after
// Shutdown); neither belongs to a request.
func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m,
		goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.updateServerDate.func1"),
		goleak.IgnoreAnyFunction("github.com/valyala/fasthttp.(*workerPool).Start.func2"))
}

type fakeQuotes struct{}

func (fakeQuotes) Quote(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error) {
	return &swapscout.Quote{Request: req, CreatedAt: time.Now(), Offers: []swapscout.Offer{
		{Venue: "exolix", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2.5"), Rate: swapscout.MustAmount("25"), KYC: 'A'},
	}}, nil
}

func newHandler() (*httpapi.Handler, *inmem.Store) {
	store := inmem.New(inmem.Options{})
	return httpapi.NewHandler(httpapi.Deps{Quotes: fakeQuotes{}, Store: store,
		Venues: func() []swapscout.VenueInfo { return nil }}), store
}

func TestServers(t *testing.T) {
	for _, transport := range []string{"fasthttp", "nethttp"} {
		t.Run(transport, func(t *testing.T) {
			h, _ := newHandler()
			srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{Transport: transport})
			if err != nil {
				t.Fatal(err)
			}
			defer func() {
				if err := srv.Shutdown(context.Background()); err != nil {
					t.Error(err)
				}
			}()
			c := &http.Client{Transport: &http.Transport{}}
			defer c.CloseIdleConnections()
			get := func(path string) (int, string, []byte) {
				t.Helper()
				resp, err := c.Get(srv.URL() + path)
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				return resp.StatusCode, resp.Header.Get("Content-Type"), b
			}
			st, ct, body := get("/v1/quotes?from=btc&to=eth&amount=0.1")
			if st != 200 || ct != "application/json" {
				t.Fatalf("create = %d %q %s", st, ct, body)
			}
			var q struct{ ID string }
			if err := json.Unmarshal(body, &q); err != nil {
				t.Fatal(err)
			}
			st, _, again := get("/v1/quotes/" + q.ID)
			if st != 200 || stripAge(again) != stripAge(body) {
				t.Errorf("by id = %d %s\nwant %s", st, again, body)
			}
			for _, path := range []string{
				"/v1/quotes?from=btc&to=eth&amount=0.1&pad=" + strings.Repeat("x", 10_000),
				"/v1/quotes?from=btc&to=eth&amount=0.1&pad=" + strings.Repeat("x", 100_000),
				"/v1/quotes?from=btc&to=eth&amount=1e400",
			} {
				st, ct, body := get(path)
				if st != 400 || ct != "application/json" || !strings.Contains(string(body), `"error":{"code":`) {
					t.Errorf("GET %.50s… = %d %q %.100s, want a JSON 400", path, st, ct, body)
				}
			}
			if st, _, _ := get("/v1/quotes/qunknown"); st != 404 {
				t.Errorf("unknown id = %d", st)
			}
		})
	}
}

// stripAge drops the leading "age_ms" field, which grows with time.
func stripAge(b []byte) string {
	s := string(b)
	if i := strings.Index(s, ","); strings.HasPrefix(s, `{"age_ms":`) && i > 0 {
		return "{" + s[i+1:]
	}
	return s
}

// TestTwoPartBody: a head+body response reads back whole through any path.
func TestTwoPartBody(t *testing.T) {
	h, _ := newHandler()
	srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	c := &http.Client{Transport: &http.Transport{}}
	defer c.CloseIdleConnections()
	for range 3 { // pooled streams are reused across requests
		resp, err := c.Get(srv.URL() + "/v1/quotes?from=btc&to=eth&amount=0.1")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var q struct {
			AgeMS *int64 `json:"age_ms"`
			ID    string
		}
		if err := json.Unmarshal(body, &q); err != nil || q.AgeMS == nil || q.ID == "" || resp.ContentLength != int64(len(body)) {
			t.Fatalf("body %q (len %d, Content-Length %d): %v", body, len(body), resp.ContentLength, err)
		}
		head, _ := http.NewRequest("HEAD", srv.URL()+"/v1/quotes/"+q.ID, nil)
		hr, err := c.Do(head)
		if err != nil {
			t.Fatal(err)
		}
		hr.Body.Close()
		if hr.StatusCode != 200 {
			t.Errorf("HEAD by id = %d", hr.StatusCode)
		}
	}
}

// TestSlowClientCut: a client that sends half a request and stalls is cut
// at the connection lifetime (fasthttp runs without per-request deadlines).
func TestSlowClientCut(t *testing.T) {
	h, _ := newHandler()
	srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{ConnLifetime: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	c, err := net.Dial("tcp", srv.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Write([]byte("GET /healthz HTTP/1.1\r\nHost: x\r\n")); err != nil { // no final CRLF
		t.Fatal(err)
	}
	// The server cuts it; our read deadline is a safety net, not a measure.
	_ = c.SetReadDeadline(time.Now().Add(time.Minute))
	_, err = io.ReadAll(c)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Errorf("stalled client kept its connection until our read deadline (%v), want it cut at the 200ms lifetime", err)
	}
}
