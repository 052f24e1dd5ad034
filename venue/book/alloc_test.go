//go:build !race

package book_test

import (
	"os"
	"testing"

	"github.com/swapscout/swapscout/venue/book"
)

// TestAllocs checks the decode and walk budgets: parsing the 50-level depth
// into reused slices, and walking it, allocate nothing; into fresh slices,
// once a side.
func TestAllocs(t *testing.T) {
	data, err := os.ReadFile(depth50Path)
	if err != nil {
		t.Fatal(err)
	}
	var s book.Scanner
	var b book.Book
	decode := func() {
		s.Reset(data)
		s.Book(&b, book.PriceQty, "bids", "asks")
		if err := s.Finish(); err != nil {
			t.Fatal(err)
		}
		if err := b.Normalize(); err != nil {
			t.Fatal(err)
		}
	}
	decode() // grow the slices once
	if n := testing.AllocsPerRun(100, decode); n != 0 {
		t.Errorf("decoding the depth-50 book: %v allocs per run, want 0", n)
	}
	fresh := func() {
		var fb book.Book
		s.Reset(data)
		s.Book(&fb, book.PriceQty, "bids", "asks")
		if err := s.Finish(); err != nil {
			t.Fatal(err)
		}
	}
	if n := testing.AllocsPerRun(100, fresh); n > 2 {
		t.Errorf("decoding the depth-50 book into a new Book: %v allocs per run, want one a side", n)
	}
	// ReadBook, as every adapter reads its books: the flat depth, and the
	// same levels in an envelope with a success code, nested.
	flat := book.Shape{}
	if n := testing.AllocsPerRun(100, func() {
		if err := s.ReadBook(data, &b, &flat, nil); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("ReadBook of the depth-50 book: %v allocs per run, want 0", n)
	}
	wrapped := append(append([]byte(`{"retCode":0,"retMsg":"OK","result":`), data...), '}')
	nested := book.Shape{In: "result", Code: "retCode", Refused: func(c []byte) bool { return string(c) != "0" }}
	if n := testing.AllocsPerRun(100, func() {
		if err := s.ReadBook(wrapped, &b, &nested, nil); err != nil {
			t.Fatal(err)
		}
	}); n != 0 {
		t.Errorf("ReadBook of the depth-50 book in an envelope: %v allocs per run, want 0", n)
	}
	base, quote := amt("25"), amt("2500000")
	walk := func() {
		if _, err := b.Sell(base); err != nil {
			t.Fatal(err)
		}
		if _, err := b.Buy(quote); err != nil {
			t.Fatal(err)
		}
		if _, err := b.SellFor(quote); err != nil {
			t.Fatal(err)
		}
		if _, err := b.BuyExact(base); err != nil {
			t.Fatal(err)
		}
	}
	if n := testing.AllocsPerRun(100, walk); n != 0 {
		t.Errorf("walking the depth-50 book: %v allocs per run, want 0", n)
	}
}
