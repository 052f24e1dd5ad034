// Package decimal compares decimal libraries for swapscout.Amount (tests
// and benchmarks only); see BENCHMARKS.md. It lives in the bench module so
// the libraries it compares stay out of the server's module.
package decimal
