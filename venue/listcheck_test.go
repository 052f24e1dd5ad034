package venue_test

import (
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestListCheck(t *testing.T) {
	a := swapscout.MustAmount
	tests := []struct {
		name  string
		check func(c *venue.ListCheck)
		kept  int
		want  string // "" for no error
	}{
		{"sane", func(c *venue.ListCheck) {
			c.Range("BTC", a("0.0001"), a("10"))
			c.Range("XMR", a("0.01"), swapscout.Amount{}) // no maximum
			c.Amount("BTC", "fee", a("0.0002"), false)
			c.Amount("XMR", "fee", swapscout.Amount{}, true)
			c.Decimals("BTC", 8)
			c.Decimals("NEAR", 24)
		}, 2, ""},
		{"empty", func(*venue.ListCheck) {}, 0, "no usable entry"},
		{"min above max", func(c *venue.ListCheck) { c.Range("BTC", a("5"), a("1")) }, 1, "BTC: minimum 5 exceeds maximum 1"},
		{"negative", func(c *venue.ListCheck) { c.Range("BTC", a("-1"), a("1")) }, 1, "negative"},
		{"astronomical max", func(c *venue.ListCheck) { c.Range("BTC", a("1"), a("1e20")) }, 1, "astronomical"},
		{"astronomical fee", func(c *venue.ListCheck) { c.Amount("ETH", "fee", a("1000000000000000"), false) }, 1, "ETH: fee"},
		{"zero required", func(c *venue.ListCheck) { c.Amount("ETH", "step", swapscout.Amount{}, false) }, 1, "step is zero"},
		{"precision", func(c *venue.ListCheck) { c.Decimals("ETH", 99) }, 1, "precision of 99"},
		{"real minimums", func(c *venue.ListCheck) {
			c.Minimum("BTC", "btc", a("0.0005"))
			c.Minimum("ETH", "eth", a("1000")) // $3e6: large, not absurd
			c.Minimum("ETH", "eth", swapscout.Amount{})
			c.Minimum("FOO", "foo", a("1e12")) // no rough price: only the unit bound
		}, 3, ""},
		{"a minimum worth trillions", func(c *venue.ListCheck) { c.Minimum("ETH", "eth", a("1000000000")) }, 1, "ETH: minimum 1000000000 eth is worth about $3e+12"},
		{"a minimum in satoshis read as coins", func(c *venue.ListCheck) { c.Minimum("BTC", "btc", a("50000")) }, 1, "worth about $4e+09"},
		{"an astronomical minimum, said once", func(c *venue.ListCheck) { c.Minimum("BTC", "btc", a("1e20")) }, 1, "BTC: minimum 100000000000000000000 is astronomical"},
		{"negative precision", func(c *venue.ListCheck) { c.Decimals("ETH", -1) }, 1, "precision of -1"},
		{"counts the rest", func(c *venue.ListCheck) {
			for range 5 {
				c.Problem("X", "bad")
			}
		}, 1, "and 2 more"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := venue.ListCheck{What: "Test list"}
			tt.check(&c)
			err := c.Err(tt.kept)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("err %v, want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want) || !strings.HasPrefix(err.Error(), "Test list rejected")):
				t.Fatalf("err %v, want one naming %q", err, tt.want)
			case err != nil && venuetest.Code(err) != swapscout.CodeBadResponse:
				t.Fatalf("code %s", venuetest.Code(err))
			}
		})
	}
}
