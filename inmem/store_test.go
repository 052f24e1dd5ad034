package inmem_test

import (
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) swapscout.QuoteStore {
		return inmem.New(inmem.Options{})
	})
}
