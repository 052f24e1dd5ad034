package httpserver_test

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/swaps"
)

// waitingSwaps holds one swap that waits for its deposit forever.
type waitingSwaps struct{ sw *swapscout.Swap }

func (w waitingSwaps) Create(context.Context, swaps.CreateRequest) (*swapscout.Swap, bool, error) {
	return nil, false, swapscout.Errorf(swapscout.EUNAVAILABLE, "no")
}

func (w waitingSwaps) Get(ctx context.Context, id string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	if id != w.sw.ID {
		return nil, nil, swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	return w.sw, []swapscout.SwapEvent{{Status: swapscout.StatusWaiting, At: w.sw.CreatedAt}}, nil
}

// TestShutdownEndsSwapStreams: every one of many open swap event streams
// gets the documented final event (an error event, code unavailable) when
// the server shuts down, on both transports.
func TestShutdownEndsSwapStreams(t *testing.T) {
	const streams = 40
	for _, transport := range []string{"fasthttp", "nethttp"} {
		t.Run(transport, func(t *testing.T) {
			sw := &swapscout.Swap{ID: swapscout.NewSwapID(), Venue: "changenow", VenueOrder: swapscout.OrderRef{ID: "o1"}, DepositAddress: "bc1qdeposit",
				Status: swapscout.StatusWaiting, CreatedAt: time.Now(), UpdatedAt: time.Now()}
			h := httpapi.NewHandler(httpapi.Deps{Quotes: fakeQuotes{}, Store: inmem.New(inmem.Options{}), Swaps: waitingSwaps{sw}, MaxClientStreams: -1})
			srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{Transport: transport})
			if err != nil {
				t.Fatal(err)
			}
			c := &http.Client{Transport: &http.Transport{MaxConnsPerHost: streams}}
			defer c.CloseIdleConnections()
			var started, ended sync.WaitGroup
			bodies := make([]string, streams)
			for i := range streams {
				started.Add(1)
				ended.Add(1)
				go func() {
					defer ended.Done()
					resp, err := c.Get(srv.URL() + "/v1/swaps/" + sw.ID + "/events")
					if err != nil {
						bodies[i] = "error: " + err.Error()
						started.Done()
						return
					}
					defer resp.Body.Close()
					br := bufio.NewReader(resp.Body)
					var b strings.Builder
					for !strings.Contains(b.String(), "event: swap\n") { // the stream is open
						line, err := br.ReadString('\n')
						b.WriteString(line)
						if err != nil {
							break
						}
					}
					started.Done()
					rest, _ := io.ReadAll(br)
					bodies[i] = b.String() + string(rest)
				}()
			}
			started.Wait()
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := srv.Shutdown(ctx); err != nil {
				t.Errorf("Shutdown: %v", err)
			}
			ended.Wait()
			missing := 0
			for _, b := range bodies {
				if !endsWithShutdownEvent(t, b) {
					missing++
				}
			}
			if missing > 0 {
				t.Errorf("%d of %d swap event streams ended without the final event; one: %q", missing, streams, bodies[0])
			}
		})
	}
}

// endsWithShutdownEvent reports whether an event stream's last event is
// the shutdown's error event, whose data is an Error (code unavailable).
func endsWithShutdownEvent(t *testing.T, body string) bool {
	t.Helper()
	var last api.Event
	er := api.NewEventReader(strings.NewReader(body))
	for {
		ev, err := er.Next()
		if err != nil {
			break
		}
		last = api.Event{Name: ev.Name, Data: bytes.Clone(ev.Data)}
	}
	if last.Name != "error" {
		return false
	}
	e := api.DecodeError(0, last.Data)
	return e.Code == "unavailable" && e.Message != "" && !strings.HasPrefix(e.Message, "the server answered")
}
