package bitstamp

import (
	"errors"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
)

// TestDuplicateKeysLastWins: a key given twice is read as encoding/json
// reads it, the last occurrence winning: bids twice and no asks lacks a side, as encoding/json would read it.
func TestDuplicateKeysLastWins(t *testing.T) {
	var s book.Scanner
	var b book.Book
	err := spec.ReadBook(&s, 200, []byte(`{"bids":[["1","1"]],"bids":[["2","1"]]}`), &b)
	var ve *swapscout.VenueError
	got := swapscout.FailureCode("")
	if errors.As(err, &ve) {
		got = ve.Code
	} else if err != nil {
		got = "untyped"
	}
	if got != swapscout.CodeBadResponse {
		t.Errorf("parseBook: %v (%q), want %q", err, got, swapscout.CodeBadResponse)
	}
}
