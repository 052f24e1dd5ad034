// Package decode compares swapscout's order-book scanner with encoding/json
// and sonic on a 50-level Binance depth, side by side in one run (tests
// only; sonic stays out of the server's module).
package decode
