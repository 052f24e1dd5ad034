// Package decode compares swapscout's order-book scanner with encoding/json,
// jsoniter and sonic on a 50-level Binance depth, side by side in one run
// (tests only; the peers stay out of the server's module).
package decode
