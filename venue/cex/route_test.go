package cex

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
)

// thinDirect lists XMR/USDT with a thin book at a poor price (bids 150 ×
// 0.5) beside a deep bridge through BTC (XMR/BTC 0.0025 × 100, BTC/USDT
// 100000 × 10): 250 USDT an XMR before fees.
func thinDirect(t *testing.T, directBid string) *fakeCEX {
	f := newFake(t)
	f.add(fakeMarket{Base: "XMR", Quote: "USDT"})
	f.add(fakeMarket{Base: "XMR", Quote: "BTC"})
	f.add(fakeMarket{Base: "BTC", Quote: "USDT"})
	f.setBook("XMRUSDT", []string{directBid + " 0.5"}, []string{"400 0.5"})
	f.setBook("XMRBTC", []string{"0.0025 100"}, []string{"0.0026 100"})
	f.setBook("BTCUSDT", []string{"100000 10"}, []string{"100100 10"})
	return f
}

// TestRouteChoiceBridgeBeatsThinDirect: the direct market is priced with the
// bridges and loses when the bridge pays more, both ways.
func TestRouteChoiceBridgeBeatsThinDirect(t *testing.T) {
	c, _ := loaded(t, thinDirect(t, "150"), fakeSpec())
	// 0.1 XMR → 0.00025 BTC − 0.1% = 0.00024975 → 24.975 USDT − 0.1% = 24.950025 − 1.
	wantOffer(t, quote(t, c, send(xmr, usdtTRX, "0.1")), "0.1", "23.950025", "XMR/BTC > BTC/USDT",
		"trading 0.00000025 btc", "trading 0.024975 usdt@trx", "withdrawal 1 usdt@trx")
	// Receiving 23.950025 USDT costs the same 0.1 XMR through BTC; directly it would cost 0.167….
	o := quote(t, c, receive(xmr, usdtTRX, "23.950025"))
	if o.Route != "XMR/BTC > BTC/USDT" || o.AmountIn.String() != "0.1" {
		t.Errorf("receive: route %q in %s, want the bridge for 0.1 XMR", o.Route, o.AmountIn)
	}
	// Where the direct book pays more, it wins: 0.1 × 300 − 0.1% − 1.
	c2, _ := loaded(t, thinDirect(t, "300"), fakeSpec())
	wantOffer(t, quote(t, c2, send(xmr, usdtTRX, "0.1")), "0.1", "28.97", "XMR/USDT",
		"trading 0.03 usdt@trx", "withdrawal 1 usdt@trx")
}

// TestRouteChoiceThinDirectNotTooLarge: an amount the direct book cannot
// take is not amount_too_large while a bridge fills it.
func TestRouteChoiceThinDirectNotTooLarge(t *testing.T) {
	c, _ := loaded(t, thinDirect(t, "300"), fakeSpec())
	// 1 XMR: direct holds 0.5; through BTC 0.0025 BTC − 0.1% → 249.75 − 0.1% = 249.50025 − 1.
	wantOffer(t, quote(t, c, send(xmr, usdtTRX, "1")), "1", "248.50025", "XMR/BTC > BTC/USDT",
		"trading 0.0000025 btc", "trading 0.24975 usdt@trx", "withdrawal 1 usdt@trx")
	o := quote(t, c, receive(xmr, usdtTRX, "200"))
	if o.Route != "XMR/BTC > BTC/USDT" {
		t.Errorf("receive 200 USDT: route %q, want the bridge", o.Route)
	}
	// More than every route holds: too large, with the Max of the route that takes the most
	// (the bridge's 100 XMR, not the direct book's 0.5).
	_, err := c.Quote(context.Background(), send(xmr, usdtTRX, "150"))
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeAmountTooLarge || ve.Max.String() != "100" {
		t.Errorf("150 XMR: %v, want amount_too_large with Max 100", err)
	}
}

// TestRouteChoiceTie: two bridges that price alike, both better than the
// direct market → the first in the spec's order, every time, whichever
// fetch finishes first.
func TestRouteChoiceTie(t *testing.T) {
	f := newFake(t)
	f.setBook("XMRETH", []string{"0.05 100"}, []string{"0.06 100"})
	for _, m := range []string{"XMR ETH", "XMR USDT", "ETH USDT", "XMR BTC", "ETH BTC"} {
		f.add(fakeMarket{Base: m[:3], Quote: m[4:]})
	}
	f.setBook("XMRUSDT", []string{"100 100"}, []string{"101 100"})
	f.setBook("ETHUSDT", []string{"999 100"}, []string{"1000 100"})
	f.setBook("XMRBTC", []string{"0.01 100"}, []string{"0.0101 100"})
	f.setBook("ETHBTC", []string{"0.0999 100"}, []string{"0.1 100"})
	for _, tc := range []struct {
		bridges []Bridge
		route   string
		fee     string // the first leg's
	}{
		{[]Bridge{{"USDT", "usdt"}, {"BTC", "btc"}}, "XMR/USDT > ETH/USDT", "1 usdt"},
		{[]Bridge{{"BTC", "btc"}, {"USDT", "usdt"}}, "XMR/BTC > ETH/BTC", "0.0001 btc"},
	} {
		spec := fakeSpec()
		spec.Bridges = tc.bridges
		for range 10 {
			c, _ := loaded(t, f, spec) // a new client: nothing cached, fetches race
			// 10 XMR → 1000 USDT − 0.1% → 0.999 ETH − 0.1% − 0.001, and the same through BTC.
			wantOffer(t, quote(t, c, send(xmr, eth, "10")), "10", "0.997001", tc.route,
				"trading "+tc.fee, "trading 0.000999 eth@eth", "withdrawal 0.001 eth@eth")
		}
	}
}

// BenchmarkQuoteCachedRoutes is the quote path with three candidate routes
// on cached books (XMR/ETH direct, through USDT and through BTC, 100
// levels a side): what pricing every route costs over BenchmarkQuoteCached's
// single route.
func BenchmarkQuoteCachedRoutes(b *testing.B) {
	f := newFake(&testing.T{})
	defer f.Close()
	var bids, asks []string
	for i := range 100 {
		bids = append(bids, strconv.Itoa(1000-i)+" 1")
		asks = append(asks, strconv.Itoa(1001+i)+" 1")
	}
	for _, m := range []string{"XMR ETH", "XMR USDT", "ETH USDT", "XMR BTC", "ETH BTC"} {
		f.add(fakeMarket{Base: m[:3], Quote: m[4:]})
		f.setBook(strings.ReplaceAll(m, " ", ""), bids, asks)
	}
	spec := fakeSpec()
	spec.Depths = []int{100}
	spec.BookTTL = time.Hour
	hc := upstream.New(upstream.Options{})
	defer hc.Close()
	c := New(venue.Config{BaseURL: f.URL, HTTP: hc}, spec)
	if err := c.Refresh(context.Background()); err != nil {
		b.Fatal(err)
	}
	req := send(xmr, eth, "60")
	if _, err := c.Quote(context.Background(), req); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := c.Quote(context.Background(), req); err != nil {
			b.Fatal(err)
		}
	}
}
