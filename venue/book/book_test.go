package book_test

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
)

var amt = swapscout.MustAmount

// levels builds a side from price, qty pairs.
func levels(pq ...string) []book.Level {
	out := make([]book.Level, 0, len(pq)/2)
	for i := 0; i < len(pq); i += 2 {
		out = append(out, book.Level{Price: amt(pq[i]), Qty: amt(pq[i+1])})
	}
	return out
}

// testBook: bids 100×1, 99.5×2, 98×0.5 (3.5 base, 348 quote);
// asks 100.5×1.2, 101×0.8, 102.25×2 (4 base, 405.9 quote).
func testBook() *book.Book {
	return &book.Book{
		Bids: levels("100", "1", "99.5", "2", "98", "0.5"),
		Asks: levels("100.5", "1.2", "101", "0.8", "102.25", "2"),
	}
}

func TestWalk(t *testing.T) {
	type walk func(*book.Book, swapscout.Amount) (swapscout.Amount, error)
	sell, buy := (*book.Book).Sell, (*book.Book).Buy
	sellFor, buyExact := (*book.Book).SellFor, (*book.Book).BuyExact
	tests := []struct {
		name    string
		walk    walk
		in      string
		want    string // result, or the error's Max when tooBig
		tooBig  bool
		comment string
	}{
		{"sell within best level", sell, "0.4", "40", false, "0.4×100"},
		{"sell exactly the best level", sell, "1", "100", false, "1×100"},
		{"sell across levels", sell, "2.5", "249.25", false, "1×100 + 1.5×99.5"},
		{"sell all depth", sell, "3.5", "348", false, "100 + 199 + 0.5×98"},
		{"sell beyond depth", sell, "3.50000001", "3.5", true, "Max is the bids' total base"},
		{"buy within best level", buy, "60.3", "0.6", false, "60.3/100.5"},
		{"buy exactly the best level", buy, "120.6", "1.2", false, "1.2×100.5 = 120.6"},
		{"buy across levels, rounded down", buy, "200", "1.986138613861386138", false, "1.2 + 79.4/101 (0.78613861386…)"},
		{"buy into the third level", buy, "300", "2.964303178484107579", false, "2 + 98.6/102.25 (0.96430317848…)"},
		{"buy all depth", buy, "405.9", "4", false, "120.6 + 80.8 + 204.5"},
		{"buy beyond depth", buy, "406", "405.9", true, "Max is the asks' total quote"},
		{"buy exact within best level", buyExact, "0.5", "50.25", false, "0.5×100.5"},
		{"buy exact across levels", buyExact, "1.5", "150.9", false, "120.6 + 0.3×101"},
		{"buy exact all depth", buyExact, "4", "405.9", false, ""},
		{"buy exact beyond depth", buyExact, "4.01", "4", true, "Max is the asks' total base"},
		{"sell for within best level", sellFor, "50", "0.5", false, "50/100"},
		{"sell for across levels, rounded up", sellFor, "150", "1.502512562814070352", false, "1 + 50/99.5 (0.50251256281407035175…)"},
		{"sell for all depth", sellFor, "348", "3.5", false, ""},
		{"sell for beyond depth", sellFor, "349", "348", true, "Max is the bids' total quote"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.walk(testBook(), amt(tt.in))
			if tt.tooBig {
				var ve *swapscout.VenueError
				if !errors.Is(err, swapscout.ErrAmountTooLarge) || !errors.As(err, &ve) {
					t.Fatalf("got %v, %v; want an error wrapping ErrAmountTooLarge", got, err)
				}
				if !ve.Max.Equal(amt(tt.want)) {
					t.Errorf("Max = %v, want %s", ve.Max, tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !got.Equal(amt(tt.want)) {
				t.Errorf("got %v, want %s (%s)", got, tt.want, tt.comment)
			}
		})
	}
}

func TestWalkErrors(t *testing.T) {
	unsorted := &book.Book{Bids: levels("99", "1", "100", "1"), Asks: levels("101", "1", "100.5", "1")}
	tests := []struct {
		name string
		b    *book.Book
		walk func(*book.Book) error
		want error
	}{
		{"empty bids", &book.Book{}, func(b *book.Book) error { _, err := b.Sell(amt("1")); return err }, swapscout.ErrAmountTooLarge},
		{"empty asks", &book.Book{}, func(b *book.Book) error { _, err := b.Buy(amt("1")); return err }, swapscout.ErrAmountTooLarge},
		{"zero amount", testBook(), func(b *book.Book) error { _, err := b.Sell(amt("0")); return err }, swapscout.ErrAmountTooSmall},
		{"negative amount", testBook(), func(b *book.Book) error { _, err := b.BuyExact(amt("-1")); return err }, swapscout.ErrAmountTooSmall},
		{"unsorted bids", unsorted, func(b *book.Book) error { _, err := b.SellFor(amt("150")); return err }, swapscout.ErrBadResponse},
		{"unsorted asks", unsorted, func(b *book.Book) error { _, err := b.Buy(amt("150")); return err }, swapscout.ErrBadResponse},
		{"negative quantity", &book.Book{Asks: levels("1", "-1")}, func(b *book.Book) error { _, err := b.BuyExact(amt("1")); return err }, swapscout.ErrBadResponse},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.walk(tt.b); !errors.Is(err, tt.want) {
				t.Errorf("error = %v, want %v", err, tt.want)
			}
		})
	}
	if _, err := testBook().Sell(swapscout.Amount{}.Quo(swapscout.Amount{}, 0, swapscout.RoundDown)); err == nil {
		t.Error("Sell(NaN) did not fail")
	}
}

// TestWalkWorsensWithSize checks that a bigger order gets a worse average
// price on both sides.
func TestWalkWorsensWithSize(t *testing.T) {
	b := testBook()
	avg := func(x, y swapscout.Amount) swapscout.Amount { return x.Quo(y, 18, swapscout.RoundDown) }
	small, _ := b.Sell(amt("0.5"))
	large, _ := b.Sell(amt("3"))
	if avg(small, amt("0.5")).Cmp(avg(large, amt("3"))) <= 0 {
		t.Errorf("selling 3 averages %v per base, not below selling 0.5 (%v)", avg(large, amt("3")), avg(small, amt("0.5")))
	}
	smallCost, _ := b.BuyExact(amt("0.5"))
	largeCost, _ := b.BuyExact(amt("3.5"))
	if avg(smallCost, amt("0.5")).Cmp(avg(largeCost, amt("3.5"))) >= 0 {
		t.Errorf("buying 3.5 costs %v per base, not above buying 0.5 (%v)", avg(largeCost, amt("3.5")), avg(smallCost, amt("0.5")))
	}
}

func TestNormalize(t *testing.T) {
	tests := []struct {
		name    string
		in      book.Book
		want    book.Book
		wantErr bool
	}{
		{"sorted stays", *testBook(), *testBook(), false},
		{"zero levels dropped", book.Book{
			Bids: levels("100", "0", "99", "1", "98", "0"),
			Asks: levels("101", "0", "102", "2"),
		}, book.Book{Bids: levels("99", "1"), Asks: levels("102", "2")}, false},
		{"unsorted sorted, stable", book.Book{
			Bids: levels("98", "1", "100", "2", "99", "3", "100", "4"),
			Asks: levels("103", "1", "101", "2", "101", "3"),
		}, book.Book{
			Bids: levels("100", "2", "100", "4", "99", "3", "98", "1"),
			Asks: levels("101", "2", "101", "3", "103", "1"),
		}, false},
		{"one side empty", book.Book{Asks: levels("1", "1")}, book.Book{Asks: levels("1", "1")}, false},
		{"crossed", book.Book{Bids: levels("101", "1"), Asks: levels("100", "1")}, book.Book{}, true},
		{"locked", book.Book{Bids: levels("100", "1"), Asks: levels("100", "1")}, book.Book{}, true},
		{"crossed after sorting", book.Book{Bids: levels("99", "1", "102", "1"), Asks: levels("100", "1")}, book.Book{}, true},
		{"zero price", book.Book{Bids: levels("0", "1")}, book.Book{}, true},
		{"negative qty", book.Book{Asks: levels("1", "-1")}, book.Book{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := tt.in
			err := b.Normalize()
			if tt.wantErr {
				if !errors.Is(err, swapscout.ErrBadResponse) {
					t.Fatalf("error = %v, want ErrBadResponse", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, b); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
