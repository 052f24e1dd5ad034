package coinbase

import (
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex/cextest"
)

// TestDuplicateKeysLastWins: a key given twice is read as encoding/json
// reads it, the last occurrence winning: bids twice and no asks lacks a side, as encoding/json would read it.
func TestDuplicateKeysLastWins(t *testing.T) {
	var s book.Scanner
	var b book.Book
	err := spec.ReadBook(&s, 200, []byte(`{"bids":[["1","1"]],"bids":[["2","1"]]}`), &b)
	got := cextest.Code(err)
	if got != swapscout.CodeBadResponse {
		t.Errorf("ReadBook: %v (%q), want %q", err, got, swapscout.CodeBadResponse)
	}
}
