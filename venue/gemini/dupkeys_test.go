package gemini

import (
	"errors"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
)

// TestDuplicateKeysLastWins: a key given twice is read as encoding/json
// reads it, the last occurrence winning: a later "result" replaces the first.
func TestDuplicateKeysLastWins(t *testing.T) {
	var s book.Scanner
	var b book.Book
	err := spec.ReadBook(&s, 200, []byte(`{"result":"error","bids":[{"price":"1","amount":"1"}],"asks":[{"price":"2","amount":"1"}],"result":"ok"}`), &b)
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
