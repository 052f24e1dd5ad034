package cex

import (
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

func wantMid(t *testing.T, c *Client, from, to swapscout.Asset, want string) {
	t.Helper()
	got, ok := c.MidPrice(from, to)
	switch {
	case want == "" && ok:
		t.Errorf("MidPrice(%s, %s) = %s, want none", from, to, got)
	case want != "" && (!ok || got.String() != want):
		t.Errorf("MidPrice(%s, %s) = %s, %v, want %s", from, to, got, ok, want)
	}
}

// TestMidPrice: the mid price comes from the books quotes cached, along the
// route a quote takes, in units of to per from, and never costs a call.
func TestMidPrice(t *testing.T) {
	f := newFake(t)
	f.add(fakeMarket{Base: "BTC", Quote: "USDT"})
	f.add(fakeMarket{Base: "XMR", Quote: "BTC"})
	f.add(fakeMarket{Base: "ETH", Quote: "BTC"})
	f.setBook("BTCUSDT", []string{"100 1", "99 2"}, []string{"101 1", "102 2"})
	f.setBook("XMRBTC", []string{"0.0025 100"}, []string{"0.0026 100"})
	f.setBook("ETHBTC", []string{"0.049 100"}, []string{"0.05 100"})
	c, clk := loaded(t, f, fakeSpec())

	wantMid(t, c, btc, usdtTRX, "") // no book cached yet
	calls := len(f.Calls())
	quote(t, c, send(btc, usdtTRX, "0.5"))
	quote(t, c, send(xmr, eth, "1"))
	calls += 3 // the quotes' three books
	wantMid(t, c, btc, usdtTRX, "100.5")
	wantMid(t, c, usdtETH, btc, "0.009950248756218905") // 1/100.5, to 18 places
	wantMid(t, c, xmr, eth, "0.051515151515151515")     // 0.00255 BTC, bought at 0.0495 BTC per ETH
	wantMid(t, c, xmr, usdtTRX, "0.256275")             // XMR/BTC > BTC/USDT, both cached by earlier quotes
	wantMid(t, c, ltc, btc, "")                         // no market
	wantMid(t, c, btc, btc, "")
	wantMid(t, c, swapscout.Asset{Ticker: "doge", Network: "doge"}, btc, "")
	if got := len(f.Calls()); got != calls {
		t.Errorf("MidPrice made calls: %v", f.Calls())
	}
	clk.Add(midMaxAge + time.Second)
	wantMid(t, c, btc, usdtTRX, "") // too old
}
