// Package swapscout holds the domain vocabulary of the swapscout exchange
// aggregator: assets and networks, quote requests, offers and failures, the
// exact Amount type, error codes, and the small interfaces that venue adapters,
// stores and the engine implement.
//
// The package imports the standard library only (enforced by deps_test.go):
// transports, drivers and venue formats live in their own packages and speak to
// each other through the types declared here.
package swapscout

import (
	"context"
	"time"
)

// Quoter is the one method every venue adapter implements: what the venue would
// give for the requested swap, right now.
//
// Errors are values: an adapter returns a *VenueError (or wraps one of the
// sentinels below) so the engine can report the failure with a typed code beside
// the other venues' offers. Quote must honour ctx: when it is cancelled or its
// deadline passes, the call returns promptly.
type Quoter interface {
	Quote(ctx context.Context, req QuoteRequest) (Offer, error)
}

// Refresher is an optional capability: a venue that keeps metadata (its market
// list, currencies) fresh in the background, never on the quote path. The
// registry calls Refresh once at start and then every RefreshInterval.
type Refresher interface {
	Refresh(ctx context.Context) error
	RefreshInterval() time.Duration
}

// QuoteStore keeps encoded aggregated quotes by id for a limited time.
// Get returns an error whose code is ENOTFOUND when the id is unknown or
// expired. It takes the id as bytes so the serving hot path can look it up
// without allocating; the returned bytes must not be modified.
type QuoteStore interface {
	Put(ctx context.Context, id string, body []byte, ttl time.Duration) error
	Get(ctx context.Context, id []byte) ([]byte, error)
}
