package quotes

import (
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

// binaryOrder is exact where float64 is not: amounts a hair below a power
// of two (more digits than a float64 carries) stay below it.
func TestBinaryOrder(t *testing.T) {
	for _, tc := range []struct {
		amount string
		want   int
	}{
		{"1", 0}, {"1.5", 0}, {"1.99999999999999999999", 0}, {"2", 1}, {"3", 1}, {"4", 2},
		{"0.5", -1}, {"0.75", -1}, {"0.99999999999999999999", -1}, {"0.25", -2},
		{"18446744073709551615", 63}, {"18446744073709551616", 64},
		{"0.000000000000000000000000000001", -100},                                           // 1e-30: log2 is -99.66
		{"0.000000000000000000000000000808", -90}, {"0.000000000000000000000000000807", -91}, // 2^-90 ≈ 8.0779e-28
	} {
		got, ok := binaryOrder(swapscout.MustAmount(tc.amount))
		if !ok || got != tc.want {
			t.Errorf("binaryOrder(%s) = %d, %v; want %d", tc.amount, got, ok, tc.want)
		}
	}
	for _, s := range []string{"0", "-1"} {
		if e, ok := binaryOrder(swapscout.MustAmount(s)); ok {
			t.Errorf("binaryOrder(%s) = %d, true; want false", s, e)
		}
	}
}

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
