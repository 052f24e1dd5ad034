// Package suite runs the tests of a conformance suite against fresh
// implementations (storetest's quote stores, swaps/storetest's swap
// stores): each test in parallel against its own, all grouped so that the
// suite is done when Run returns.
package suite

import "testing"

// Test is one test of a suite, against an implementation S.
type Test[S any] struct {
	Name string
	Fn   func(*testing.T, S)
}

// Run runs tests as parallel subtests of a group named group, each against
// one newImpl makes (it may register cleanups on the t it is given). The
// group returns only when its parallel subtests have finished, so a
// caller's code after Run sees the suite done.
func Run[S any](t *testing.T, group string, newImpl func(t *testing.T) S, tests []Test[S]) {
	t.Helper()
	t.Run(group, func(t *testing.T) {
		for _, tc := range tests {
			t.Run(tc.Name, func(t *testing.T) {
				t.Parallel()
				tc.Fn(t, newImpl(t))
			})
		}
	})
}
