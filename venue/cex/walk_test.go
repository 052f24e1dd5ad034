package cex

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
)

// randBook returns a book of n levels a side around mid, with prices of 1-8
// decimals and quantities of 0-8.
func randBook(rng *rand.Rand, mid float64, n int) *book.Book {
	pd := 1 + rng.IntN(8)
	b := &book.Book{}
	p := mid * (1 - 0.001)
	for range n {
		b.Bids = append(b.Bids, book.Level{Price: floatAmt(p, pd), Qty: floatAmt(0.01+rng.Float64()*5, rng.IntN(9))})
		p *= 1 - 0.001*(1+rng.Float64())
	}
	p = mid * (1 + 0.001)
	for range n {
		b.Asks = append(b.Asks, book.Level{Price: floatAmt(p, pd).Add(swapscout.NewAmount(1, pd)), Qty: floatAmt(0.01+rng.Float64()*5, rng.IntN(9))})
		p *= 1 + 0.001*(1+rng.Float64())
	}
	if err := b.Normalize(); err != nil {
		panic(err)
	}
	return b
}

func floatAmt(f float64, dec int) swapscout.Amount {
	a, err := swapscout.AmountFromFloat(f)
	if err != nil {
		panic(err)
	}
	a = a.Round(dec, swapscout.RoundDown)
	if a.Sign() <= 0 {
		a = swapscout.NewAmount(1, dec)
	}
	return a
}

// TestWalkMatchesPrice: with one fee for every leg, walking leg by leg gives
// what book.Price gives for the whole route, to the last digit, errors and
// their limits included.
func TestWalkMatchesPrice(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	fees := []string{"0", "0.001", "0.0026", "0.004"}
	scales := []int{2, 6, 8, 12, 18}
	var oks, large, small int
	for i := range 4000 {
		n := 1 + rng.IntN(2)
		legs := make([]pleg, n)
		bls := make([]book.Leg, n)
		fee := amt(fees[rng.IntN(len(fees))])
		for k := range legs {
			mid := []float64{0.0025, 0.05, 1, 65000, 3e-7}[rng.IntN(5)]
			l := book.Leg{Base: "B" + string(rune('0'+k)), Quote: "Q" + string(rune('0'+k)), Sell: rng.IntN(2) == 0, Book: randBook(rng, mid, 1+rng.IntN(6))}
			legs[k] = pleg{Leg: l, fee: fee}
			bls[k] = l
		}
		withdraw := swapscout.Amount{}
		if rng.IntN(2) == 0 {
			withdraw = floatAmt(rng.Float64()*0.5, 4)
		}
		inScale, outScale := scales[rng.IntN(len(scales))], scales[rng.IntN(len(scales))]
		dir := swapscout.Direction(rng.IntN(2))
		amount := floatAmt(rng.ExpFloat64()*[]float64{0.01, 1, 100, 1e5}[rng.IntN(4)], 1+rng.IntN(10))
		want, werr := book.Price(dir, amount, bls, book.Pricing{TakerFee: fee, WithdrawFee: withdraw, OutScale: outScale, InScale: inScale})
		got, gerr := walk(dir, amount, legs, withdraw, inScale, outScale)
		if (werr == nil) != (gerr == nil) {
			t.Fatalf("case %d: book.Price err %v, walk err %v", i, werr, gerr)
		}
		if werr != nil {
			var wv, gv *swapscout.VenueError
			if !errors.As(werr, &wv) || !errors.As(gerr, &gv) || wv.Code != gv.Code {
				t.Fatalf("case %d: book.Price err %v, walk err %v", i, werr, gerr)
			}
			switch {
			case wv.Code == swapscout.CodeAmountTooLarge:
				large++
				if wv.Max.String() != gv.Max.String() || wv.Msg != gv.Msg {
					t.Fatalf("case %d: too large: book.Price %q max %s, walk %q max %s", i, wv.Msg, wv.Max, gv.Msg, gv.Max)
				}
			case wv.Msg == "amount must be above zero":
				// book.Price hands a zero to the next leg; walk reports the route's Min.
				small++
			default:
				small++
				if wv.Min.String() != gv.Min.String() || wv.Msg != gv.Msg {
					t.Fatalf("case %d: too small: book.Price %q min %s, walk %q min %s", i, wv.Msg, wv.Min, gv.Msg, gv.Min)
				}
			}
			continue
		}
		oks++
		if want.In.String() != got.in.String() || want.Out.String() != got.out.String() || want.Route != got.route {
			t.Fatalf("case %d (%s %s, %d legs): book.Price in %s out %s %q, walk in %s out %s %q",
				i, dir, amount, n, want.In, want.Out, want.Route, got.in, got.out, got.route)
		}
		for k := range want.TradingFees {
			if want.TradingFees[k].String() != got.fees[k].String() {
				t.Fatalf("case %d: leg %d fee %s, walk %s", i, k, want.TradingFees[k], got.fees[k])
			}
		}
	}
	t.Logf("%d offers, %d too large, %d too small", oks, large, small)
	if oks < 500 || large < 200 || small < 20 {
		t.Errorf("the cases cover too little: %d offers, %d too large, %d too small", oks, large, small)
	}
}
