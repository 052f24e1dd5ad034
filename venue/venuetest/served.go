package venuetest

import (
	"context"
	"testing"

	"github.com/swapscout/swapscout"
)

// CheckServedAssets asks q for every asset of the catalogue as the one
// received, paid in from (in alt when the asset is from itself), for the
// amount amount(paid in): an asset in served must be quoted, any other
// refused as unsupported_pair, never answered or failed otherwise.
func CheckServedAssets(ctx context.Context, t testing.TB, q swapscout.Quoter, served []swapscout.Asset, from, alt swapscout.Asset, amount func(paidIn swapscout.Asset) swapscout.Amount) {
	t.Helper()
	serves := map[swapscout.Asset]bool{}
	for _, a := range served {
		serves[a] = true
	}
	for _, a := range swapscout.Assets {
		in, out := from, a.Asset
		if out == from {
			in = alt
		}
		_, err := q.Quote(ctx, swapscout.QuoteRequest{From: in, To: out, Amount: amount(in)})
		switch code := Code(err); {
		case serves[out] && err != nil:
			t.Errorf("%s→%s: %v", in, out, err)
		case !serves[out] && code != swapscout.CodeUnsupportedPair:
			t.Errorf("%s→%s: code %s (%v), want unsupported_pair", in, out, code, err)
		}
	}
}

// Always returns an amount function that gives s whatever is paid in.
func Always(s string) func(swapscout.Asset) swapscout.Amount {
	a := swapscout.MustAmount(s)
	return func(swapscout.Asset) swapscout.Amount { return a }
}
