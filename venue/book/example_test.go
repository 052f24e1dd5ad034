package book_test

import (
	"fmt"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
)

// Kraken nests the book under the pair's canonical name, which the adapter
// reads whatever it is.
func ExampleScanner() {
	body := []byte(`{"error":[],"result":{"XXBTZUSD":{
		"asks":[["30384.10000","2.059",1688671659],["30387.90000","1.500",1688671380]],
		"bids":[["30297.00000","1.115",1688671636],["30296.70000","2.002",1688671674]]}}}`)
	var s book.Scanner
	var b book.Book
	s.Reset(body)
	s.EnterObject()
	for key, ok := s.NextKey(); ok; key, ok = s.NextKey() {
		if string(key) != "result" {
			s.Skip() // an adapter would check "error" here
			continue
		}
		s.EnterObject()
		for _, ok := s.NextKey(); ok; _, ok = s.NextKey() {
			s.Book(&b, book.PriceQty, "bids", "asks")
		}
	}
	if err := s.Finish(); err != nil {
		fmt.Println(err)
		return
	}
	if err := b.Normalize(); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(len(b.Bids), "bids from", b.Bids[0].Price, "and", len(b.Asks), "asks from", b.Asks[0].Price)
	// Output: 2 bids from 30297 and 2 asks from 30384.1
}

func ExamplePrice() {
	b := &book.Book{
		Bids: []book.Level{{Price: swapscout.MustAmount("30297"), Qty: swapscout.MustAmount("1.115")}},
		Asks: []book.Level{{Price: swapscout.MustAmount("30384.1"), Qty: swapscout.MustAmount("2.059")}},
	}
	legs := []book.Leg{{Base: "XBT", Quote: "USD", Sell: true, Book: b}}
	p := book.Pricing{TakerFee: swapscout.MustAmount("0.0026"), OutScale: 2, InScale: 8}
	f, err := book.Price(swapscout.Send, swapscout.MustAmount("0.5"), legs, p)
	fmt.Println(f.Route, f.In, "→", f.Out, "fee", f.TradingFees[0], err)
	_, err = book.Price(swapscout.Send, swapscout.MustAmount("2"), legs, p)
	fmt.Println(err)
	// Output:
	// XBT/USD 0.5 → 15109.11 fee 39.3861 <nil>
	// order book XBT/USD too thin: send at most 1.115
}
