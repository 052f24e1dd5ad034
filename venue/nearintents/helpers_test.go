package nearintents_test

import (
	"errors"
	"testing"
	"time"

	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// venueConfig is a configuration without a key.
func venueConfig(t *testing.T, baseURL string) venue.Config {
	return venue.Config{BaseURL: baseURL, HTTP: venuetest.Client(t),
		Now: func() time.Time { return time.Date(2026, 7, 29, 14, 0, 0, 0, time.UTC) }}
}

func errorsAs(err error, target any) bool { return errors.As(err, target) }
