package wizardswap

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/swapscout/swapscout/venue/venuetest"
)

// FuzzSwap feeds made-up create and status answers to the Swapper: no panic,
// and a typed error or a valid result.
func FuzzSwap(f *testing.F) {
	files, _ := filepath.Glob("testdata/*")
	var seeds [][]byte
	for _, p := range files {
		if strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".want.json") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, b)
	}
	venuetest.FuzzSwap(f, &Descriptor, btcETH, seeds...)
}
