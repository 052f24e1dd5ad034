package httpapi

import (
	"testing"
	"time"

	"github.com/swapscout/swapscout/quotes"
)

// Routes are searched by default (auto) for the API, the page and its
// stream, which all parse the same query; routes=0 turns them off.
func TestRoutesByDefault(t *testing.T) {
	for q, want := range map[string]quotes.RouteMode{
		"from=btc&to=eth&amount=0.1":             quotes.RoutesAuto,
		"from=btc&to=eth&amount=0.1&routes=":     quotes.RoutesAuto,
		"from=btc&to=eth&amount=0.1&routes=0":    quotes.RoutesOff,
		"from=btc&to=eth&amount=0.1&routes=1":    quotes.RoutesOn,
		"from=btc&to=eth&amount=0.1&routes=auto": quotes.RoutesAuto,
	} {
		pq, err := parseQuoteQuery(&Request{RawQuery: []byte(q)}, 3*time.Second, 10*time.Second)
		if err != nil || pq.Routes != want {
			t.Errorf("%s: routes %v (%v), want %v", q, pq.Routes, err, want)
		}
	}
}
