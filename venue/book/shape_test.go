package book_test

import (
	"testing"

	"github.com/swapscout/swapscout/venue/book"
)

// TestReadBook: where a Shape says the book is, what counts as no book,
// the success code, the last occurrence of a key, and the venue's own
// members.
func TestReadBook(t *testing.T) {
	notZero := func(c []byte) bool { return string(c) != "0" }
	isError := func(c []byte) bool { return string(c) == "error" }
	okx := book.Shape{In: "data", First: true, Code: "code", Refused: notZero, CodeRequired: true}
	for _, c := range []struct {
		name       string
		shape      book.Shape
		body       string
		err        error // nil, book.ErrNoBook, book.ErrRefused; "syntax" below
		syntax     bool
		bids, asks int
	}{
		{"flat", book.Shape{}, `{"lastUpdateId":1,"bids":[["2","1"]],"asks":[["3","1"],["4","1"]]}`, nil, false, 1, 2},
		{"flat, one side", book.Shape{}, `{"asks":[["3","1"]]}`, nil, false, 0, 1},
		{"flat, no side", book.Shape{}, `{"lastUpdateId":1}`, book.ErrNoBook, false, 0, 0},
		{"not an object", book.Shape{}, `[]`, book.ErrNoBook, false, 0, 0},
		{"both required", book.Shape{Both: true}, `{"bids":[["2","1"]],"bids":[["2","1"]]}`, book.ErrNoBook, false, 1, 0},
		{"both present, empty", book.Shape{Both: true}, `{"bids":[],"asks":null}`, nil, false, 0, 0},
		{"other keys", book.Shape{In: "result", Bids: "b", Asks: "a"}, `{"result":{"s":"X","a":[["3","1"]],"b":[["2","1"]]},"time":1}`, nil, false, 1, 1},
		{"in, last occurrence", book.Shape{In: "tick"}, `{"tick":{"bids":[["2","1"]]},"tick":{"asks":[["3","1"]]}}`, nil, false, 0, 1},
		{"in, null", book.Shape{In: "data"}, `{"code":"200000","data":null}`, book.ErrNoBook, false, 0, 0},
		{"first element", okx, `{"code":"0","data":[{"asks":[["3","1"]],"bids":[]},{"asks":[["9","9"]]}]}`, nil, false, 0, 1},
		{"first element, none", okx, `{"code":"0","data":[]}`, book.ErrNoBook, false, 0, 0},
		{"first member", book.Shape{In: "result", First: true}, `{"error":[],"result":{"XXBTZUSD":{"bids":[["2","1"]]},"LAST":1}}`, nil, false, 1, 0},
		{"code refused", okx, `{"code":"51001","msg":"no","data":[]}`, book.ErrRefused, false, 0, 0},
		{"number code", okx, `{"code":0,"data":[{"bids":[["2","1"]]}]}`, nil, false, 1, 0},
		{"code required", okx, `{"data":[{"bids":[["2","1"]]}]}`, book.ErrRefused, false, 1, 0},
		{"code refused with a book", book.Shape{Code: "result", Refused: isError}, `{"result":"error","bids":[["2","1"]]}`, book.ErrRefused, false, 1, 0},
		{"last code wins", book.Shape{Code: "result", Refused: isError}, `{"result":"error","bids":[["2","1"]],"result":"ok"}`, nil, false, 1, 0},
		{"code of another kind", book.Shape{Code: "result", Refused: isError}, `{"result":{"x":1},"bids":[["2","1"]]}`, nil, false, 1, 0},
		{"signed", book.Shape{Signed: true, Layout: book.Bitfinex}, `[[2,1,0.5],[3,1,-0.25]]`, nil, false, 1, 1},
		{"malformed", book.Shape{}, `{"bids":[["2","-1"]]}`, nil, true, 0, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			var s book.Scanner
			var b book.Book
			err := s.ReadBook([]byte(c.body), &b, &c.shape, nil)
			switch {
			case c.syntax:
				if err == nil || err == book.ErrNoBook || err == book.ErrRefused {
					t.Errorf("ReadBook(%s) = %v, want a syntax error", c.body, err)
				}
				return
			case err != c.err:
				t.Errorf("ReadBook(%s) = %v, want %v", c.body, err, c.err)
			}
			if len(b.Bids) != c.bids || len(b.Asks) != c.asks {
				t.Errorf("ReadBook(%s): %d bids, %d asks, want %d, %d", c.body, len(b.Bids), len(b.Asks), c.bids, c.asks)
			}
		})
	}
}

// TestReadBookMember: the venue's own members are offered to it, the rest
// skipped.
func TestReadBookMember(t *testing.T) {
	var s book.Scanner
	var b book.Book
	auction, seen := false, 0
	err := s.ReadBook([]byte(`{"bids":[["2","1"]],"auction_mode":true,"sequence":7,"asks":[]}`), &b, &book.Shape{Both: true}, func(key []byte) bool {
		seen++
		if string(key) != "auction_mode" || s.Kind() != book.Bool {
			return false
		}
		auction = s.Bool()
		return true
	})
	if err != nil || !auction || seen != 2 {
		t.Errorf("ReadBook: %v, auction %v, %d members offered; want nil, true, 2", err, auction, seen)
	}
}
