package cex

import (
	"context"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// fakeSim serves the fake CEX's format from the simulator.
func fakeSim() sim.Venue {
	return SimVenue(SimAPI{
		Profile:     sim.Profile{Latency: time.Millisecond, Spread: 0.001, Markets: []string{"BTC/USDT", "XMR/BTC", "ETH/BTC"}, Depth: 20},
		Symbol:      func(m sim.Market) string { return m.Base + m.Quote },
		Aliases:     func(m sim.Market) []string { return []string{m.Base + "-" + m.Quote} },
		MarketsPath: "GET /markets",
		Markets: func(w http.ResponseWriter, r *http.Request, ms []SimMarket) {
			b := []byte{'['}
			for i, m := range ms {
				if i > 0 {
					b = append(b, ',')
				}
				b = append(b, `{"base":"`+m.Base+`","quote":"`+m.Quote+`","symbol":"`+m.Symbol+`"}`...)
			}
			WriteJSON(w, 200, append(b, ']'))
		},
		BookPath: "GET /book",
		BookQuery: func(w http.ResponseWriter, r *http.Request) (string, int, bool) {
			d, err := strconv.Atoi(r.URL.Query().Get("depth"))
			if err != nil {
				WriteJSON(w, 400, []byte(`{"error":"bad depth"}`))
				return "", 0, false
			}
			return r.URL.Query().Get("symbol"), d, true
		},
		Book: func(w http.ResponseWriter, r *http.Request, b SimBook) {
			out := append([]byte(`{"bids":`), AppendLevels(nil, b.Bids, true, 8, nil)...)
			out = append(append(out, `,"asks":`...), AppendLevels(nil, b.Asks, false, 0, func(dst []byte, i int) []byte { return append(dst, ",1"...) })...)
			WriteJSON(w, 200, append(out, '}'))
		},
		NoMarket: func(w http.ResponseWriter, r *http.Request, symbol string) {
			WriteJSON(w, 400, []byte(`{"error":"unknown symbol"}`))
		},
	})
}

func TestSimVenue(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 7, Latency: time.Millisecond}, "fake", fakeSim())
	hc := upstream.New(upstream.Options{})
	defer hc.Close()
	c := New(venue.Config{BaseURL: s.VenueURL("fake"), HTTP: hc}, fakeSpec())
	if err := c.Refresh(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	o, err := c.Quote(ctx, send(btc, usdtTRX, "0.1"))
	if err != nil {
		t.Fatal(err)
	}
	usd := s.Exchange("fake").USD("btc") * 0.1
	if got := o.AmountOut.Float64(); got < usd*0.99 || got > usd {
		t.Errorf("0.1 BTC → %s USDT, want a little under %.2f", o.AmountOut, usd)
	}
	o, err = c.Quote(ctx, receive(xmr, eth, "2"))
	if err != nil || o.Route != "XMR/BTC > ETH/BTC" {
		t.Fatalf("xmr→eth through BTC: %+v, %v", o, err)
	}
	// Beyond the 20 simulated levels: too large, after asking for more.
	if _, err := c.Quote(ctx, send(btc, usdtTRX, "1000")); code(err) != swapscout.CodeAmountTooLarge {
		t.Errorf("1000 BTC: %v, want amount_too_large", err)
	}
}

func TestAppendDecimal(t *testing.T) {
	for _, tc := range []struct {
		in   string
		min  int
		want string
	}{{"32085.65", 8, "32085.65000000"}, {"2", 3, "2.000"}, {"0.123456789", 2, "0.123456789"}, {"5", 0, "5"}} {
		if got := string(AppendDecimal(nil, amt(tc.in), tc.min)); got != tc.want {
			t.Errorf("AppendDecimal(%s, %d) = %s, want %s", tc.in, tc.min, got, tc.want)
		}
	}
	ls := []sim.Level{{Price: amt("1.5"), Qty: amt("2")}, {Price: amt("1.4"), Qty: amt("0.1")}}
	if got := string(AppendLevels(nil, ls, true, 2, nil)); got != `[["1.50","2.00"],["1.40","0.10"]]` {
		t.Errorf("AppendLevels = %s", got)
	}
	if got := string(AppendLevels(nil, ls[:1], false, 0, func(d []byte, i int) []byte { return append(d, ",7"...) })); got != `[[1.5,2,7]]` {
		t.Errorf("AppendLevels numbers = %s", got)
	}
}
