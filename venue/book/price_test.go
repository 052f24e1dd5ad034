package book_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
)

// Two markets to bridge XMR and USDT through BTC.
func xmrBTC() *book.Book {
	return &book.Book{
		Bids: levels("0.0030", "10", "0.0029", "20"),
		Asks: levels("0.0031", "10", "0.0032", "20"),
	}
}

func btcUSDT() *book.Book {
	return &book.Book{
		Bids: levels("60000", "0.05", "59000", "1"),
		Asks: levels("60100", "0.05", "61000", "1"),
	}
}

func amts(s ...string) []swapscout.Amount {
	out := make([]swapscout.Amount, len(s))
	for i, v := range s {
		out[i] = amt(v)
	}
	return out
}

func TestPrice(t *testing.T) {
	sellXMR := []book.Leg{{Base: "XMR", Quote: "BTC", Sell: true, Book: xmrBTC()}, {Base: "BTC", Quote: "USDT", Sell: true, Book: btcUSDT()}}
	buyXMR := []book.Leg{{Base: "BTC", Quote: "USDT", Sell: false, Book: btcUSDT()}, {Base: "XMR", Quote: "BTC", Sell: false, Book: xmrBTC()}}
	usdtOut := book.Pricing{TakerFee: amt("0.001"), WithdrawFee: amt("1"), OutScale: 6, InScale: 12}
	xmrOut := book.Pricing{TakerFee: amt("0.001"), WithdrawFee: amt("0.0001"), OutScale: 12, InScale: 6}
	tests := []struct {
		name string
		dir  swapscout.Direction
		in   string
		legs []book.Leg
		p    book.Pricing
		want book.Fill
	}{
		{
			// Bids 100×1, 99.5×2: 1×100 + 1.5×99.5 = 249.25; fee 0.24925;
			// less 1 withdrawal = 248.00075, rounded down to cents.
			name: "one leg sell", dir: swapscout.Send, in: "2.5",
			legs: []book.Leg{{Base: "BTC", Quote: "USD", Sell: true, Book: testBook()}},
			p:    book.Pricing{TakerFee: amt("0.001"), WithdrawFee: amt("1"), OutScale: 2, InScale: 8},
			want: book.Fill{In: amt("2.5"), Out: amt("248"), TradingFees: amts("0.24925"), Route: "BTC/USD"},
		},
		{
			// No fees: the walk itself.
			name: "one leg buy, no fees", dir: swapscout.Send, in: "200",
			legs: []book.Leg{{Base: "BTC", Quote: "USD", Sell: false, Book: testBook()}},
			p:    book.Pricing{OutScale: 8, InScale: 2},
			want: book.Fill{In: amt("200"), Out: amt("1.98613861"), TradingFees: amts("0"), Route: "BTC/USD"},
		},
		{
			// XMR/BTC bids: 10×0.003 + 5×0.0029 = 0.0445 BTC, fee 0.0000445
			// → 0.0444555; BTC/USDT: 0.0444555×60000 = 2667.33, fee 2.66733
			// → 2664.66267; less 1 USDT withdrawal.
			name: "bridge sell send", dir: swapscout.Send, in: "15", legs: sellXMR, p: usdtOut,
			want: book.Fill{In: amt("15"), Out: amt("2663.66267"), TradingFees: amts("0.0000445", "2.66733"),
				Route: "XMR/BTC > BTC/USDT"},
		},
		{
			// The exact inverse of the case above: every division is exact.
			name: "bridge sell receive exact", dir: swapscout.Receive, in: "2663.66267", legs: sellXMR, p: usdtOut,
			want: book.Fill{In: amt("15"), Out: amt("2663.66267"), TradingFees: amts("0.0000445", "2.66733"),
				Route: "XMR/BTC > BTC/USDT"},
		},
		{
			// 101/0.999 = 101.101101…1102 (up); /60000 = 0.001685018351685019
			// (up); /0.999 = 0.001686705056741761 (up); /0.003 =
			// 0.562235018913920334 (up) → 0.562235018914 XMR.
			name: "bridge sell receive rounded up", dir: swapscout.Receive, in: "100", legs: sellXMR, p: usdtOut,
			want: book.Fill{In: amt("0.562235018914"), Out: amt("100"),
				TradingFees: amts("0.000001686705056742", "0.101101101101101102"), Route: "XMR/BTC > BTC/USDT"},
		},
		{
			// BTC/USDT asks: 0.05 for 3005, then 1995/61000 = 0.032704918032786885
			// (down) → 0.082704918032786885 BTC, fee 0.000082704918032787 →
			// 0.082622213114754098; XMR/BTC asks: 10 for 0.031, then
			// 0.051622213114754098/0.0032 = 16.131941598360655625 → 26.13194…,
			// fee 0.026131941598360656 → 26.105809656762294969; less 0.0001.
			name: "bridge buy send", dir: swapscout.Send, in: "5000", legs: buyXMR, p: xmrOut,
			want: book.Fill{In: amt("5000"), Out: amt("26.105709656762"),
				TradingFees: amts("0.000082704918032787", "0.026131941598360656"), Route: "BTC/USDT > XMR/BTC"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := book.Price(tt.dir, amt(tt.in), tt.legs, tt.p)
			if err != nil {
				t.Fatal(err)
			}
			// TestPriceLegFees checks LegIn and LegOut.
			if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreFields(book.Fill{}, "LegIn", "LegOut")); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestPriceLegFees: a leg's own taker fee replaces Pricing's for that leg
// alone, both ways, and LegIn/LegOut are what each leg traded.
func TestPriceLegFees(t *testing.T) {
	xmrbtc := &book.Book{Bids: levels("0.0025", "100"), Asks: levels("0.0026", "100")}
	ethbtc := &book.Book{Bids: levels("0.049", "100"), Asks: levels("0.05", "100")}
	zero, fee := amt("0"), amt("0.002")
	legs := []book.Leg{{Base: "XMR", Quote: "BTC", Sell: true, Book: xmrbtc, TakerFee: &zero},
		{Base: "ETH", Quote: "BTC", Book: ethbtc, TakerFee: &fee}}
	p := book.Pricing{TakerFee: amt("0.5"), OutScale: 18, InScale: 12} // 0.5 must not apply to either leg
	// 10 XMR → 0.025 BTC, no fee → 0.5 ETH, 0.2% = 0.001 → 0.499 ETH.
	want := book.Fill{In: amt("10"), Out: amt("0.499"), TradingFees: amts("0", "0.001"),
		LegIn: amts("10", "0.025"), LegOut: amts("0.025", "0.5"), Route: "XMR/BTC > ETH/BTC"}
	got, err := book.Price(swapscout.Send, amt("10"), legs, p)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("send (-want +got):\n%s", diff)
	}
	want.Out = amt("0.499")
	got, err = book.Price(swapscout.Receive, amt("0.499"), legs, p)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("receive (-want +got):\n%s", diff)
	}
	// Max of a too-thin route carries each leg's own fee: ETH/BTC asks hold
	// 5 BTC of ETH, which 5 BTC of XMR proceeds (2000 XMR, no fee) buy whole;
	// XMR/BTC bids hold 100 XMR: that binds.
	_, err = book.Price(swapscout.Send, amt("101"), legs, p)
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Max.String() != "100" {
		t.Errorf("101 XMR: %v, want Max 100", err)
	}
	bad := amt("1")
	if _, err := book.Price(swapscout.Send, amt("1"), []book.Leg{{Base: "A", Quote: "B", Sell: true, Book: xmrbtc, TakerFee: &bad}}, p); err == nil {
		t.Error("a leg fee of 1 was accepted")
	}
}

func TestPriceErrors(t *testing.T) {
	legs := []book.Leg{{Base: "XMR", Quote: "BTC", Sell: true, Book: xmrBTC()}, {Base: "BTC", Quote: "USDT", Sell: true, Book: btcUSDT()}}
	p := book.Pricing{TakerFee: amt("0.001"), WithdrawFee: amt("1"), OutScale: 6, InScale: 12}
	tests := []struct {
		name string
		dir  swapscout.Direction
		in   string
		legs []book.Leg
		p    book.Pricing
		want error
		max  string
		min  string
	}{
		// XMR/BTC bids take 30 XMR for 0.088 BTC (0.0879120 after the fee),
		// which BTC/USDT bids take in full: the first leg binds.
		{name: "first leg too thin", dir: swapscout.Send, in: "30.000000000001", legs: legs, p: p,
			want: swapscout.ErrAmountTooLarge, max: "30"},
		{name: "receive too much", dir: swapscout.Receive, in: "100000", legs: legs, p: p,
			want: swapscout.ErrAmountTooLarge, max: "30"},
		// A thin second leg binds: 0.01 BTC is all it takes, which is
		// 0.01/0.999 = 0.01001001… BTC of proceeds, 3.33667 XMR.
		{name: "second leg too thin", dir: swapscout.Send, in: "4", p: p, legs: []book.Leg{
			{Base: "XMR", Quote: "BTC", Sell: true, Book: xmrBTC()}, {Base: "BTC", Quote: "USDT", Sell: true, Book: &book.Book{Bids: levels("60000", "0.01")}}},
			want: swapscout.ErrAmountTooLarge, max: "3.336670003336"},
		{name: "empty book", dir: swapscout.Send, in: "1", p: p, legs: []book.Leg{{Base: "XMR", Quote: "BTC", Sell: true, Book: &book.Book{}}},
			want: swapscout.ErrAmountTooLarge, max: "0"},
		// 1 USDT of withdrawal fee eats 0.0001 XMR's worth (0.0179 USDT).
		// Min: receive 0.000001 USDT: 1.000001/0.999/60000/0.999/0.003, up.
		{name: "fees eat everything", dir: swapscout.Send, in: "0.0001", legs: legs, p: p,
			want: swapscout.ErrAmountTooSmall, min: "0.005566688923"},
		// 1e-18 XMR sells for 3e-21 BTC, which rounds to nothing at WorkScale.
		{name: "first leg yields nothing", dir: swapscout.Send, in: "0.000000000000000001", legs: legs, p: p,
			want: swapscout.ErrAmountTooSmall, min: "0.005566688923"},
		{name: "zero amount", dir: swapscout.Send, in: "0", legs: legs, p: p, want: swapscout.ErrAmountTooSmall},
		{name: "negative receive", dir: swapscout.Receive, in: "-1", legs: legs, p: p, want: swapscout.ErrAmountTooSmall},
		{name: "unsorted book", dir: swapscout.Send, in: "1", p: p,
			legs: []book.Leg{{Base: "XMR", Quote: "BTC", Sell: true, Book: &book.Book{Bids: levels("1", "0.5", "2", "1")}}}, want: swapscout.ErrBadResponse},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := book.Price(tt.dir, amt(tt.in), tt.legs, tt.p)
			if !errors.Is(err, tt.want) {
				t.Fatalf("got %+v, %v; want error %v", f, err, tt.want)
			}
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) {
				t.Fatalf("%v is not a *VenueError", err)
			}
			if tt.max != "" && !ve.Max.Equal(amt(tt.max)) {
				t.Errorf("Max = %v, want %s", ve.Max, tt.max)
			}
			if tt.min != "" && !ve.Min.Equal(amt(tt.min)) {
				t.Errorf("Min = %v, want %s", ve.Min, tt.min)
			}
		})
	}
	for name, p := range map[string]book.Pricing{
		"fee of 1":          {TakerFee: amt("1")},
		"negative fee":      {TakerFee: amt("-0.001")},
		"negative withdraw": {WithdrawFee: amt("-1")},
		"scale too big":     {OutScale: 19},
	} {
		if _, err := book.Price(swapscout.Send, amt("1"), legs, p); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := book.Price(swapscout.Send, amt("1"), nil, p); err == nil {
		t.Error("no legs: no error")
	}
	if _, err := book.Price(swapscout.Send, amt("1"), []book.Leg{{Base: "A", Quote: "B", Sell: true, Book: nil}}, p); err == nil {
		t.Error("nil book: no error")
	}
}

// TestPriceInverse checks, on random books, that the In of a Receive quote
// sent back through Price yields at least the requested Out, and that the
// requested Out is not far below what it yields.
func TestPriceInverse(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	randBook := func(mid int64) *book.Book {
		b := &book.Book{}
		bid, ask := mid-1-rng.Int64N(mid/100+1), mid+1+rng.Int64N(mid/100+1)
		for range 1 + rng.IntN(20) {
			b.Bids = append(b.Bids, book.Level{Price: swapscout.NewAmount(bid, 4), Qty: swapscout.NewAmount(1+rng.Int64N(1e9), 8)})
			b.Asks = append(b.Asks, book.Level{Price: swapscout.NewAmount(ask, 4), Qty: swapscout.NewAmount(1+rng.Int64N(1e9), 8)})
			bid -= 1 + rng.Int64N(mid/50+1)
			ask += 1 + rng.Int64N(mid/50+1)
		}
		return b
	}
	checked := 0
	for i := range 2000 {
		legs := []book.Leg{{Base: "A", Quote: "B", Sell: rng.IntN(2) == 0, Book: randBook(10 + rng.Int64N(1e9))}}
		if rng.IntN(2) == 0 {
			legs = append(legs, book.Leg{Base: "B", Quote: "C", Sell: rng.IntN(2) == 0, Book: randBook(10 + rng.Int64N(1e9))})
		}
		p := book.Pricing{
			TakerFee:    swapscout.NewAmount(rng.Int64N(30), 4),
			WithdrawFee: swapscout.NewAmount(rng.Int64N(1000), 6),
			OutScale:    rng.IntN(19),
			InScale:     rng.IntN(19),
		}
		want := swapscout.NewAmount(1+rng.Int64N(1e6), rng.IntN(7)).Round(p.OutScale, swapscout.RoundDown)
		if want.Sign() <= 0 {
			continue
		}
		r, err := book.Price(swapscout.Receive, want, legs, p)
		if errors.Is(err, swapscout.ErrAmountTooLarge) {
			continue
		}
		if err != nil {
			t.Fatalf("case %d: Receive %v: %v", i, want, err)
		}
		s, err := book.Price(swapscout.Send, r.In, legs, p)
		var ve *swapscout.VenueError
		if errors.As(err, &ve) && ve.Code == swapscout.CodeAmountTooLarge &&
			ve.Max.Add(swapscout.NewAmount(1, p.InScale)).Cmp(r.In) >= 0 {
			continue // rounding In up to InScale went past the books' depth
		}
		if err != nil {
			t.Fatalf("case %d: Send %v (from Receive %v): %v", i, r.In, want, err)
		}
		if s.Out.Cmp(want) < 0 {
			t.Fatalf("case %d: Receive %v needs In %v, but sending it yields only %v", i, want, r.In, s.Out)
		}
		if r.In.Scale() > p.InScale || s.Out.Scale() > p.OutScale {
			t.Fatalf("case %d: In %v / Out %v exceed scales %d / %d", i, r.In, s.Out, p.InScale, p.OutScale)
		}
		checked++
	}
	if checked < 1000 {
		t.Errorf("only %d of 2000 random cases were checked", checked)
	}
}

func TestRoutes(t *testing.T) {
	markets := map[[2]string]book.Market{}
	for _, m := range []book.Market{
		{"BTC", "USDT", "BTCUSDT"}, {"ETH", "BTC", "ETHBTC"}, {"XMR", "BTC", "XMRBTC"},
		{"ETH", "USDT", "ETHUSDT"}, {"LTC", "ETH", "LTCETH"}, {"XMR", "USDT", "XMRUSDT"},
	} {
		markets[[2]string{m.Base, m.Quote}] = m
	}
	lookup := func(base, quote string) (book.Market, bool) {
		m, ok := markets[[2]string{base, quote}]
		return m, ok
	}
	leg := func(symbol string, sell bool) book.RouteLeg {
		for _, m := range markets {
			if m.Symbol == symbol {
				return book.RouteLeg{Market: m, Sell: sell}
			}
		}
		panic(symbol)
	}
	tests := []struct {
		name     string
		from, to string
		bridges  []string
		want     []book.RouteLeg
	}{
		{"direct sell", "BTC", "USDT", []string{"ETH"}, []book.RouteLeg{leg("BTCUSDT", true)}},
		{"direct buy", "USDT", "BTC", []string{"ETH"}, []book.RouteLeg{leg("BTCUSDT", false)}},
		{"direct listed first", "XMR", "USDT", []string{"BTC"}, []book.RouteLeg{leg("XMRUSDT", true)}},
		{"bridge sell sell", "LTC", "USDT", []string{"BTC", "ETH"},
			[]book.RouteLeg{leg("LTCETH", true), leg("ETHUSDT", true)}},
		{"bridge buy buy", "USDT", "LTC", []string{"BTC", "ETH"},
			[]book.RouteLeg{leg("ETHUSDT", false), leg("LTCETH", false)}},
		{"bridge sell buy", "XMR", "ETH", []string{"USDT", "BTC"},
			[]book.RouteLeg{leg("XMRUSDT", true), leg("ETHUSDT", false)}},
		{"bridge order matters", "XMR", "ETH", []string{"BTC", "USDT"},
			[]book.RouteLeg{leg("XMRBTC", true), leg("ETHBTC", false)}},
		{"bridge buy sell", "BTC", "LTC", []string{"USDT", "ETH"},
			[]book.RouteLeg{leg("ETHBTC", false), leg("LTCETH", false)}},
		{"endpoint as bridge skipped", "LTC", "BTC", []string{"LTC", "BTC", "ETH"},
			[]book.RouteLeg{leg("LTCETH", true), leg("ETHBTC", true)}},
		{"no route", "LTC", "XMR", []string{"USDT"}, nil},
		{"no bridges", "LTC", "USDT", nil, nil},
		{"same asset", "BTC", "BTC", []string{"USDT"}, nil},
		{"unknown asset", "DOGE", "USDT", []string{"BTC", "ETH"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			routes := book.Routes(tt.from, tt.to, lookup, tt.bridges)
			if (len(routes) > 0) != (tt.want != nil) {
				t.Fatalf("%d routes, want %v", len(routes), tt.want != nil)
			}
			var got []book.RouteLeg
			if len(routes) > 0 {
				got = routes[0]
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestRoutesAll: every candidate is listed, direct first, then one route
// per bridge in the order given, a repeated bridge once.
func TestRoutesAll(t *testing.T) {
	lookup := func(base, quote string) (book.Market, bool) {
		switch base + quote {
		case "XMRUSDT", "XMRBTC", "BTCUSDT", "ETHBTC", "ETHUSDT":
			return book.Market{Base: base, Quote: quote, Symbol: base + quote}, true
		}
		return book.Market{}, false
	}
	name := func(routes [][]book.RouteLeg) string {
		var out []string
		for _, r := range routes {
			var legs []string
			for _, l := range r {
				legs = append(legs, l.Market.Symbol)
			}
			out = append(out, strings.Join(legs, ">"))
		}
		return strings.Join(out, " ")
	}
	for _, tt := range []struct {
		from, to string
		bridges  []string
		want     string
	}{
		{"XMR", "USDT", []string{"BTC", "ETH"}, "XMRUSDT XMRBTC>BTCUSDT"},
		{"XMR", "ETH", []string{"USDT", "BTC", "USDT"}, "XMRUSDT>ETHUSDT XMRBTC>ETHBTC"},
		{"XMR", "ETH", []string{"BTC", "USDT"}, "XMRBTC>ETHBTC XMRUSDT>ETHUSDT"},
		{"XMR", "LTC", []string{"BTC"}, ""},
	} {
		if got := name(book.Routes(tt.from, tt.to, lookup, tt.bridges)); got != tt.want {
			t.Errorf("Routes(%s, %s, %v) = %q, want %q", tt.from, tt.to, tt.bridges, got, tt.want)
		}
	}
}

// TestRouteToPrice wires Routes' legs to books and prices them.
func TestRouteToPrice(t *testing.T) {
	books := map[string]*book.Book{"XMRBTC": xmrBTC(), "BTCUSDT": btcUSDT()}
	lookup := func(base, quote string) (book.Market, bool) {
		m := book.Market{Base: base, Quote: quote, Symbol: base + quote}
		return m, books[m.Symbol] != nil
	}
	routes := book.Routes("USDT", "XMR", lookup, []string{"BTC"})
	if len(routes) != 1 {
		t.Fatalf("routes %v, want one", routes)
	}
	route := routes[0]
	legs := make([]book.Leg, len(route))
	for i, r := range route {
		legs[i] = r.Leg(books[r.Market.Symbol])
	}
	f, err := book.Price(swapscout.Send, amt("5000"), legs,
		book.Pricing{TakerFee: amt("0.001"), WithdrawFee: amt("0.0001"), OutScale: 12, InScale: 6})
	if err != nil || !f.Out.Equal(amt("26.105709656762")) || f.Route != "BTC/USDT > XMR/BTC" {
		t.Errorf("got %+v, %v", f, err)
	}
}
