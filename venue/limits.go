package venue

import (
	"time"

	"golang.org/x/time/rate"
)

// Limit is how fast swapscout lets itself call one venue, across every
// instance that shares a budget (see [Budget]), how long it holds off after
// a rate-limit answer that says nothing about when to come back, and what
// the venue itself states. Each venue's lives in its Descriptor, with its
// source.
type Limit struct {
	Rate  rate.Limit // calls per second, sustained; 0: no limit
	Burst int        // calls that may go at once after a quiet spell
	// Backoff is the first hold-off after a rate-limit answer without
	// Retry-After; it doubles with each such answer in a row, up to
	// MaxBackoff. DefaultBackoff when zero.
	Backoff time.Duration
	// PerKey: the venue counts calls per API key rather than per IP, so
	// the budget is kept per key (instances with different keys do not
	// share it).
	PerKey bool
	// Stated and StatedBurst are the venue's own figure, as calls per
	// second and the calls its window allows at once (e.g. 40 per 2 s is
	// 20/s, 40); zero when the venue states none. Rate and Burst are set
	// at or below them. The simulator answers 429 beyond them.
	Stated      rate.Limit
	StatedBurst int
	// Source says where the figures come from: the venue's documentation
	// page (Documented) or the maintained client libraries that enforce
	// them, with the evidence tags of the research notes.
	Source     string
	Documented bool
}

// DefaultBackoff is the first hold-off after a bare rate-limit answer.
const DefaultBackoff = time.Second

// DefaultLimit is for venues that document no limit: conservative, since
// an unknown limit can be a low one, yet enough for a quote's two or three
// calls to go at once.
var DefaultLimit = Limit{Rate: 5, Burst: 10, Source: "none stated: swapscout's conservative default"}

// OutboundLimit returns d's limit: its Limit, or DefaultLimit when it
// states none.
func (d *Descriptor) OutboundLimit() Limit {
	if d.Limit.Rate > 0 {
		return d.Limit
	}
	return DefaultLimit
}
