package gemini

import (
	"testing"

	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex/cextest"
)

// TestDuplicateKeysLastWins: a key given twice is read as encoding/json
// reads it, the last occurrence winning: a later "result" replaces the first.
func TestDuplicateKeysLastWins(t *testing.T) {
	var s book.Scanner
	var b book.Book
	err := spec.ReadBook(&s, 200, []byte(`{"result":"error","bids":[{"price":"1","amount":"1"}],"asks":[{"price":"2","amount":"1"}],"result":"ok"}`), &b)
	got := cextest.Code(err)
	if got != "" {
		t.Errorf("ReadBook: %v (%q), want %q", err, got, "")
	}
}
