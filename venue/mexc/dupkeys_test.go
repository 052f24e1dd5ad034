package mexc

import (
	"testing"

	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex/cextest"
)

// TestDuplicateKeysLastWins: a key given twice is read as encoding/json
// reads it, the last occurrence winning: a later "code" replaces the first.
func TestDuplicateKeysLastWins(t *testing.T) {
	var s book.Scanner
	var b book.Book
	err := spec.ReadBook(&s, 200, []byte(`{"code":-1121,"bids":[["1","1"]],"asks":[["2","1"]],"code":0}`), &b)
	got := cextest.Code(err)
	if got != "" {
		t.Errorf("ReadBook: %v (%q), want %q", err, got, "")
	}
}
