package nearintents_test

import (
	"testing"

	"github.com/swapscout/swapscout/venue/nearintents"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestDuplicateKeys: a repeated JSON key takes its last value (venue/text.go).
func TestDuplicateKeys(t *testing.T) {
	venuetest.CheckDuplicateKeys(t, &nearintents.Descriptor, okCase)
}
