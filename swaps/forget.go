package swaps

import (
	"context"
	"time"

	"github.com/swapscout/swapscout"
)

// DefaultRetention is how long the server keeps a swap whole once it is
// over, unless told otherwise: 14 days, long enough for a user to come back
// with a question about a swap and for a venue's late refund to be matched,
// and the figure the privacy-minded aggregators state.
const DefaultRetention = 14 * 24 * time.Hour

// Forget anonymises the swaps over for longer than Retention (see
// swapscout.SwapForgetter for what is erased and what is kept) and reports
// how many. With no Retention it forgets nothing; a store that cannot
// forget is an error, so a configured retention is never silently ignored.
func (s *Service) Forget(ctx context.Context) (int, error) {
	if s.Retention <= 0 {
		return 0, nil
	}
	f, ok := s.Store.(swapscout.SwapForgetter)
	if !ok {
		return 0, swapscout.Errorf(swapscout.EINTERNAL, "the swap store cannot forget swaps, yet a retention is set")
	}
	n, err := f.ForgetSwaps(ctx, s.now().Add(-s.Retention))
	if err != nil {
		return 0, err
	}
	if n > 0 {
		s.log().Info("swaps forgotten", "count", n, "retention", s.Retention.String())
	}
	return n, nil
}

// ForgetEvery is how often the tracker runs Forget: hourly, so a swap is
// kept at most an hour past its retention.
const ForgetEvery = time.Hour
