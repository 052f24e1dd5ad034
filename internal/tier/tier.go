// Package tier splits the test suite in two. The fast tier is `go test
// ./...`: minutes on two cores, no wall-clock assertion, safe to run in
// parallel and shuffled. The end-to-end tier adds the tests that start
// whole servers, browsers, floods, kill -9 and the hostile matrix; they run
// when SWAPSCOUT_E2E is set (`SWAPSCOUT_E2E=1 go test ./...`, which CI
// runs too), and skip with a line that says so otherwise.
//
// A test of the end-to-end tier calls E2E first:
//
//	func TestKillDuringCreations(t *testing.T) {
//		tier.E2E(t)
//		…
//	}
package tier

import (
	"os"
	"testing"
)

// Env is the variable that selects the end-to-end tier.
const Env = "SWAPSCOUT_E2E"

// E2E skips t unless the end-to-end tier was asked for.
func E2E(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skip("end-to-end tier: set " + Env + "=1 to run it")
	}
}

// Enabled reports whether the end-to-end tier was asked for.
func Enabled() bool {
	v := os.Getenv(Env)
	return v != "" && v != "0" && v != "false"
}
