package quotes

import (
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

// Amounts share a route memo key exactly when they lie between the same
// two powers of two, whatever their deadline and route mode.
func TestRouteMemoKey(t *testing.T) {
	key := func(amount string, deadline time.Duration) string {
		r := Request{QuoteRequest: swapscout.QuoteRequest{
			From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
			Amount: swapscout.MustAmount(amount)}, Deadline: deadline, Routes: RoutesAuto}
		return routeMemoKey(&r)
	}
	for _, tc := range []struct {
		a, b string
		same bool
	}{
		{"1", "1.99999999999999999999", true},
		{"0.5", "0.99999999999999999999", true},
		{"0.99999999999999999999", "1", false},
		{"18446744073709551615", "18446744073709551616", false},
		{"9223372036854775808", "18446744073709551615", true},
	} {
		if got := key(tc.a, 2*time.Second) == key(tc.b, 5*time.Second); got != tc.same {
			t.Errorf("routeMemoKey(%s) == routeMemoKey(%s): %v, want %v", tc.a, tc.b, got, tc.same)
		}
	}
}
