package all_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/all"
)

// notAdapters are venue/ subdirectories that are not venues.
var notAdapters = map[string]bool{"all": true, "venuetest": true, "book": true, "cex": true, "thornode": true}

func TestEveryAdapterListed(t *testing.T) {
	entries, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, d := range all.Descriptors {
		listed[d.ID] = true
	}
	for _, e := range entries {
		if !e.IsDir() || notAdapters[e.Name()] {
			continue
		}
		if _, err := os.Stat(filepath.Join("..", e.Name(), e.Name()+".go")); err != nil {
			continue
		}
		if !listed[e.Name()] {
			t.Errorf("venue/%s is not in all.Descriptors", e.Name())
		}
	}
}

func TestRegistryAcceptsAll(t *testing.T) {
	if _, err := venue.NewRegistry(all.Descriptors, venue.Options{Getenv: func(string) string { return "" }}); err != nil {
		t.Fatal(err)
	}
}
