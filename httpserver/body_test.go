package httpserver_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/swaps"
)

// echoSwaps answers a create with the request it was given, to show what
// the transport carried.
type echoSwaps struct{ got chan swaps.CreateRequest }

func (e echoSwaps) Create(_ context.Context, r swaps.CreateRequest) (*swapscout.Swap, bool, error) {
	e.got <- r
	return nil, false, swapscout.Errorf(swapscout.EVENUE, "echo")
}

func (echoSwaps) Get(context.Context, string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	return nil, nil, swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")
}

// Both transports carry a POST's body and headers to the API, and a body
// over the cap is refused with a JSON 400.
func TestPostBodies(t *testing.T) {
	for _, transport := range []string{"fasthttp", "nethttp"} {
		t.Run(transport, func(t *testing.T) {
			es := echoSwaps{got: make(chan swaps.CreateRequest, 1)}
			h := httpapi.NewHandler(httpapi.Deps{Quotes: fakeQuotes{}, Store: inmem.New(inmem.Options{}), Swaps: es})
			srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{Transport: transport})
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Shutdown(context.Background())
			c := &http.Client{Transport: &http.Transport{}}
			defer c.CloseIdleConnections()
			try := func(body []byte) (int, string, error) {
				req, _ := http.NewRequest("POST", srv.URL()+"/v1/swaps", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json; charset=utf-8")
				req.Header.Set("Idempotency-Key", "k-42")
				resp, err := c.Do(req)
				if err != nil {
					return 0, "", err
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				return resp.StatusCode, string(b), nil
			}
			post := func(body []byte) (int, string) {
				t.Helper()
				st, b, err := try(body)
				if err != nil {
					t.Fatal(err)
				}
				return st, b
			}
			st, body := post([]byte(`{"quote_id":"q1","venue":"fast","payout_address":"p","refund_address":"r","max_slippage":"0.01"}`))
			if st != 502 || !strings.Contains(body, "venue_refused") {
				t.Errorf("post: %d %s", st, body)
			}
			select {
			case r := <-es.got:
				if r.IdempotencyKey != "k-42" || r.QuoteID != "q1" || r.Venue != "fast" || r.PayoutAddress != "p" || r.RefundAddress != "r" || r.MaxSlippage.String() != "0.01" {
					t.Errorf("the API got %+v", r)
				}
			default:
				t.Error("the request never reached the swap service")
			}
			for _, n := range []int{httpapi.MaxBody + 1, 200 << 10} {
				st, body, err := try(bytes.Repeat([]byte(" "), n))
				if err != nil && transport == "fasthttp" && n > 64<<10 {
					// fasthttp refuses a body by its Content-Length and closes
					// the connection: a client still writing a body larger than
					// the socket buffers may see the reset before the answer.
					continue
				}
				if err != nil || st != 400 || !strings.Contains(body, "request_too_large") {
					t.Errorf("%d-byte body: %d %s %v", n, st, body, err)
				}
			}
		})
	}
}
