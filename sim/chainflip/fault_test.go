package chainflip

import (
	"net/http"
	"testing"

	adapter "github.com/swapscout/swapscout/venue/chainflip"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestSimulatorErrorBodies: injected errors come as a ProblemDetails body
// with HTTP 500 and, every other time, with HTTP 200; both are unavailable.
func TestSimulatorErrorBodies(t *testing.T) {
	venuetest.RunInjectedErrors(t, &adapter.Descriptor, Venue(), btcETH, func(root string) (*http.Response, error) {
		return http.Get(root + adapter.QuotePath)
	})
}
