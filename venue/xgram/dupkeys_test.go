package xgram_test

import (
	"testing"

	"github.com/swapscout/swapscout/venue/venuetest"
	"github.com/swapscout/swapscout/venue/xgram"
)

// TestDuplicateKeys: a repeated JSON key takes its last value (venue/text.go).
func TestDuplicateKeys(t *testing.T) {
	venuetest.CheckDuplicateKeys(t, &xgram.Descriptor, okCase)
}
