package sim

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
)

func TestBook(t *testing.T) {
	clk := newClock()
	s := newServer(t, Config{Seed: 21, Now: clk.Now, WalkInterval: time.Second},
		map[string]Venue{"book": fakeVenue(bookProfile, nil)})
	x := s.Exchange("book")
	for _, m := range x.Markets() {
		t.Run(m.String(), func(t *testing.T) {
			bids, asks, ok := x.Book(m.Base, m.Quote, 0)
			if !ok {
				t.Fatal("market not found")
			}
			if len(bids) != bookProfile.Depth || len(asks) != bookProfile.Depth {
				t.Fatalf("depth %d/%d, want %d", len(bids), len(asks), bookProfile.Depth)
			}
			pb := x.USD(strings.ToLower(m.Base))
			mid := pb / x.USD(strings.ToLower(m.Quote))
			checkSide(t, "bid", bids, mid*(1-bookProfile.Spread), -1, pb)
			checkSide(t, "ask", asks, mid*(1+bookProfile.Spread), +1, pb)
			if bids[0].Price.Cmp(asks[0].Price) >= 0 {
				t.Errorf("crossed book: bid %v ask %v", bids[0].Price, asks[0].Price)
			}
		})
	}

	// Shallower books are prefixes; depth is capped; case does not matter.
	full, fullAsks, _ := x.Book("BTC", "USDT", 0)
	top, topAsks, _ := x.Book("btc", "usdt", 7)
	capped, _, _ := x.Book("BTC", "USDT", 1000)
	if len(top) != 7 || len(topAsks) != 7 || !cmp.Equal(top, full[:7]) || !cmp.Equal(topAsks, fullAsks[:7]) {
		t.Errorf("depth 7 is not a prefix of the full book:\n%v\n%v", top, full[:7])
	}
	if len(capped) != bookProfile.Depth {
		t.Errorf("depth 1000 gave %d levels", len(capped))
	}
	if _, _, ok := x.Book("USDT", "BTC", 5); ok {
		t.Error("USDT/BTC is not listed but was found")
	}
	if _, _, ok := x.Book("LTC", "BTC", 5); ok {
		t.Error("LTC/BTC is not listed but was found")
	}

	// The book moves with the walk, and a step later it is another book.
	clk.Add(3 * time.Second)
	later, _, _ := x.Book("BTC", "USDT", 0)
	if cmp.Equal(full, later) {
		t.Error("book did not change after 3 walk steps")
	}
	clk.Add(-3 * time.Second)
	again, _, _ := x.Book("BTC", "USDT", 0)
	if !cmp.Equal(full, again) {
		t.Error("book at the same step changed")
	}
}

// checkSide checks one side of a book: strict order, the first level at
// start (to the tick), gaps of 0.02–0.05%, and quantities worth
// 0.3–2×LevelUSD with at most 8 decimals.
func checkSide(t *testing.T, name string, levels []Level, start float64, sign int, baseUSD float64) {
	t.Helper()
	if got := levels[0].Price.Float64(); got/start-1 > 1e-6 || got/start-1 < -1e-6 {
		t.Errorf("best %s %v, want ≈ %v", name, got, start)
	}
	for i, l := range levels {
		if l.Qty.Sign() <= 0 || !l.Qty.Round(8, swapscout.RoundDown).Equal(l.Qty) {
			t.Errorf("%s %d: quantity %v", name, i, l.Qty)
		}
		if usd := l.Qty.Float64() * baseUSD; usd < 0.3*DefaultLevelUSD*0.999 || usd > 2*DefaultLevelUSD*1.001 {
			t.Errorf("%s %d: %v worth $%.0f", name, i, l.Qty, usd)
		}
		if i == 0 {
			continue
		}
		prev := levels[i-1].Price
		if l.Price.Cmp(prev) != sign {
			t.Fatalf("%s %d: %v after %v", name, i, l.Price, prev)
		}
		gap := float64(sign) * (l.Price.Float64()/prev.Float64() - 1)
		if gap < 0.0002*0.99 || gap > 0.0005*1.01 {
			t.Errorf("%s %d: gap %.5f%% from %v to %v", name, i, gap*100, prev, l.Price)
		}
	}
}

func TestBookShapes(t *testing.T) {
	p := Profile{Kind: swapscout.OrderBook, Markets: []string{"ETH/BTC", "BTC/USD", "DOGE/BTC"}}
	s := newServer(t, Config{Seed: 1}, map[string]Venue{"a": fakeVenue(p, nil)})
	x := s.Exchange("a")
	bids, asks, ok := x.Book("ETH", "BTC", 0)
	if !ok || len(bids) != DefaultDepth || len(asks) != DefaultDepth {
		t.Fatalf("default depth: %d/%d", len(bids), len(asks))
	}
	// No spread: the book must still not cross.
	for _, m := range x.Markets() {
		b, a, _ := x.Book(m.Base, m.Quote, 3)
		if b[0].Price.Cmp(a[0].Price) >= 0 {
			t.Errorf("%s: crossed at zero spread: %v / %v", m, b[0].Price, a[0].Price)
		}
	}
	// Prices read like a real book: ETH/BTC ≈ 0.049 to 7 significant digits.
	if got := bids[0].Price.String(); len(strings.TrimLeft(strings.ReplaceAll(got, ".", ""), "0")) > 7 {
		t.Errorf("ETH/BTC bid %s has more than 7 significant digits", got)
	}
	if got := bids[0].Price.Float64(); got < 0.045 || got > 0.055 {
		t.Errorf("ETH/BTC bid %v", got)
	}
	if b, _, _ := x.Book("DOGE", "BTC", 1); b[0].Price.Sign() <= 0 {
		t.Errorf("DOGE/BTC bid %v", b[0].Price)
	}
}
