package trocador_test

import (
	"testing"

	"github.com/swapscout/swapscout/venue/trocador"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestDuplicateKeys: a repeated JSON key takes its last value (venue/text.go).
func TestDuplicateKeys(t *testing.T) {
	venuetest.CheckDuplicateKeys(t, &trocador.Descriptor, okCase)
}
