package httpserver_test

import (
	"bufio"
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/swaps"
)

// waitingSwap is a SwapService with one swap that never moves.
type waitingSwap struct{ sw swapscout.Swap }

func (w *waitingSwap) Create(context.Context, swaps.CreateRequest) (*swapscout.Swap, bool, error) {
	panic("not used")
}

func (w *waitingSwap) Get(_ context.Context, id string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	if id != w.sw.ID {
		return nil, nil, swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")
	}
	sw := w.sw
	return &sw, []swapscout.SwapEvent{{At: sw.CreatedAt, Status: sw.Status}}, nil
}

// TestLongStreamOutlivesWriteLimit: a swap's event stream (a long stream)
// lives past the stream write limit while it keeps writing; each flush moves
// the deadline on. Not parallel: it sets package variables.
func TestLongStreamOutlivesWriteLimit(t *testing.T) {
	limit, keep := httpserver.StreamWriteLimit, httpapi.SwapKeepAlive
	httpserver.StreamWriteLimit, httpapi.SwapKeepAlive = 300*time.Millisecond, 50*time.Millisecond
	defer func() { httpserver.StreamWriteLimit, httpapi.SwapKeepAlive = limit, keep }()
	sw := swapscout.Swap{ID: swapscout.NewSwapID(), Status: swapscout.StatusWaiting, Venue: "changenow", VenueOrder: swapscout.OrderRef{ID: "o"}, CreatedAt: time.Now()}
	for _, transport := range []string{"fasthttp", "nethttp"} {
		t.Run(transport, func(t *testing.T) {
			h := httpapi.NewHandler(httpapi.Deps{Quotes: &staggered{}, Store: inmem.New(inmem.Options{}), Swaps: &waitingSwap{sw: sw}})
			srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{Transport: transport})
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Shutdown(context.Background())
			c := &http.Client{Transport: &http.Transport{}}
			defer c.CloseIdleConnections()
			resp, err := c.Get(srv.URL() + "/v1/swaps/" + sw.ID + "/events")
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			// The server writes a keep-alive every SwapKeepAlive: 20 of them
			// span three times the write limit, counted on the server's own
			// ticks rather than on our clock.
			const want = 20
			sc := bufio.NewScanner(resp.Body)
			alive := 0
			for alive < want && sc.Scan() {
				if strings.HasPrefix(sc.Text(), ": keep-alive") {
					alive++
				}
			}
			if alive < want {
				t.Fatalf("the stream ended after %d keep-alives (%v of writes), within a write limit of %v: %v", alive, time.Duration(alive)*httpapi.SwapKeepAlive, httpserver.StreamWriteLimit, sc.Err())
			}
		})
	}
}
