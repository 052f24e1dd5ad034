package venue

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"golang.org/x/time/rate"
)

// Budget is a rate budget shared by every process that uses the same
// backend (package redis keeps one in Redis): a bucket per key, refilled
// at rate per second up to burst tokens (GCRA).
type Budget interface {
	// Take takes one token from key's bucket if one is free now with at
	// least keep tokens left after it, and otherwise takes nothing and
	// says how long until one would be. An error means the backend cannot
	// be asked: the caller falls back to its own share (Instances).
	Take(ctx context.Context, key string, rate float64, burst, keep int) (wait time.Duration, err error)
	// Instances is how many processes share the budget, as last seen; at
	// least 1.
	Instances() int
}

// budgetKey names venue id's bucket: per venue, and per API key (hashed,
// never the key itself) when the venue counts per key.
func budgetKey(id string, l Limit, apiKey string) string {
	if !l.PerKey || apiKey == "" {
		return id
	}
	h := sha256.Sum256([]byte(apiKey))
	return id + ":" + hex.EncodeToString(h[:6])
}

// NewGuardShared is NewGuard with the rate limit kept in b under key, as
// the Registry builds guards when Options.Budget is set.
func NewGuardShared(name string, l Limit, now func() time.Time, b Budget, key string) *Guard {
	g := NewGuard(name, l, now)
	if l.Rate > 0 {
		g.share(b, key)
	}
	return g
}

// share makes g's rate limit the shared budget b's bucket key.
func (g *Guard) share(b Budget, key string) {
	g.budget, g.budgetKey = b, key
}

// fallback makes the local limiter this instance's share of the budget
// (the limit over the instances last seen), for while the budget cannot be
// asked.
func (g *Guard) fallback() {
	n := max(1, g.budget.Instances())
	r := g.limit.Rate / rate.Limit(n)
	if g.lim.Limit() != r {
		g.lim.SetLimit(r)
		g.lim.SetBurst(max(1, g.limit.Burst/n))
	}
}

// sharedWait takes a token of the shared budget as class c allows (the
// same classes as the local limiter: see Guard), waiting for it only when
// c is interactive and it comes before ctx's deadline (and the request's);
// ok is false when the budget cannot be asked and the local share must
// decide.
func (g *Guard) sharedWait(ctx context.Context, c class) (err error, ok bool) {
	keep := int(g.keep(c))
	since := g.rate.Now()
	for {
		// While the budget last said no token is free before a moment,
		// a call that may not wait is refused here, and one that may waits
		// for that moment, without asking Redis again: under load most
		// calls find the bucket empty, and a round trip each would be the
		// cost of the whole quote.
		if until := g.sharedNext.Load(); until > 0 {
			if wait := time.Unix(0, until).Sub(g.rate.Now()); wait > 0 {
				if c != interactive {
					return g.refusal(ctx, c, wait), true
				}
				if g.tooLate(ctx, since, wait) {
					return g.overLimit(wait), true
				}
				if err := g.rate.Sleep(ctx, wait); err != nil {
					return err, true
				}
			}
		}
		wait, berr := g.budget.Take(ctx, g.budgetKey, float64(g.limit.Rate), max(g.limit.Burst, 1), keep)
		if berr != nil {
			return nil, false
		}
		if wait <= 0 {
			return nil, true
		}
		if keep == 0 {
			// Only a plain take says when the next token comes for all.
			g.sharedNext.Store(g.rate.Now().Add(wait).UnixNano())
		}
		if c != interactive {
			return g.refusal(ctx, c, wait), true
		}
		if g.tooLate(ctx, since, wait) {
			return g.overLimit(wait), true
		}
		if err := g.rate.Sleep(ctx, wait); err != nil {
			return err, true
		}
		// Another instance may have taken the token meanwhile: ask again.
	}
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
