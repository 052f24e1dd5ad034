package mexc

import (
	"errors"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
)

// TestDuplicateKeysLastWins: a key given twice is read as encoding/json
// reads it, the last occurrence winning: a later "code" replaces the first.
func TestDuplicateKeysLastWins(t *testing.T) {
	var s book.Scanner
	var b book.Book
	err := spec.ReadBook(&s, 200, []byte(`{"code":-1121,"bids":[["1","1"]],"asks":[["2","1"]],"code":0}`), &b)
	var ve *swapscout.VenueError
	got := swapscout.FailureCode("")
	if errors.As(err, &ve) {
		got = ve.Code
	} else if err != nil {
		got = "untyped"
	}
	if got != "" {
		t.Errorf("parseBook: %v (%q), want %q", err, got, "")
	}
}
