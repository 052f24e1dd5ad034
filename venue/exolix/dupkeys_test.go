package exolix_test

import (
	"testing"

	"github.com/swapscout/swapscout/venue/exolix"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestDuplicateKeys: a repeated JSON key takes its last value (venue/text.go).
func TestDuplicateKeys(t *testing.T) {
	venuetest.CheckDuplicateKeys(t, &exolix.Descriptor, okCase)
}
