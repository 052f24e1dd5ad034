// Package api is swapscout's wire contract: the JSON the HTTP API answers
// and the Go client that reads it. It holds the response types (Quote,
// Offer, Failure, Swap, SwapEvent, Venue, Health, Error), their fast append
// encoders (the server encodes every quote once, with no reflection, and
// serves the bytes as they are), one decoder per type, the one writer and
// reader of server-sent events, and Client, whose methods mirror the
// services behind the API. The server, the CLI, the benchmarks and the
// tests all speak through it, so the JSON is written in one place and read
// in one place.
//
// Amounts are exact decimals (swapscout.Amount) on both sides: encoded as
// decimal strings, decoded back to the same value. Times are RFC 3339 UTC
// to the millisecond; durations are whole milliseconds (took_ms, age_ms)
// or seconds (eta_min_s, usual_seconds). Decoding what an encoder wrote and
// encoding it again gives the same bytes (TestRoundTrip).
package api

import (
	"time"

	"github.com/swapscout/swapscout"
)

// Quote is a quote as the API answers it (GET /v1/quotes, GET
// /v1/quotes/{id}, the final event of GET /v1/quotes/stream): the quote,
// and its age when it was answered (0 when made for this request, more
// when it came from the cache or the store).
type Quote struct {
	swapscout.Quote
	Age time.Duration
}

// Offer is one venue's offer, in a quote or an "offer" event of a quote
// stream.
type Offer = swapscout.Offer

// Failure is a venue that gave no offer, in a quote or a "failure" event
// of a quote stream.
type Failure = swapscout.Failure

// Swap is a swap as the API answers it (POST /v1/swaps, GET
// /v1/swaps/{id}, each event of GET /v1/swaps/{id}/events, and webhooks):
// the record and its history of status changes. What the API shows of the
// record is public: the venue's order id without the secret some adapters
// keep beside it (swapscout.OrderRef.Secret), and none of the swap's
// bookkeeping (idempotency key, callback URL, creation state).
type Swap struct {
	swapscout.Swap
	History []SwapEvent
}

// SwapEvent is one entry of a swap's history: a status change, or the mark
// that it runs late.
type SwapEvent = swapscout.SwapEvent

// Terminal reports whether the swap has ended (no status follows).
func (s *Swap) Terminal() bool { return s.Status.Terminal() }
