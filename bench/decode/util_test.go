package decode

import (
	"testing"

	"github.com/swapscout/swapscout"
)

func mustAmount(t *testing.T, s string) swapscout.Amount {
	t.Helper()
	a, err := swapscout.ParseAmount(s)
	if err != nil {
		t.Fatal(err)
	}
	return a
}
