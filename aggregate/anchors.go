package aggregate

import (
	"fmt"
	"math"

	"github.com/swapscout/swapscout"
)

// Price anchors: the last line of the plausibility rule, for when every
// venue answers the same wrong scale (a shared upstream bug, or a hostile
// network in front of all of them) so that the venues' median and the order
// books' mids are wrong together. Each catalogue ticker has a rough USD
// price (swapscout.RoughUSD, orders of magnitude); an offer whose rate is
// more than implausibleFactor away from the rate the anchors imply is a
// bad_response before any median is taken, and the median is then taken
// over the offers that passed.

// anchorLog is the log of the rate the anchors imply for req (To per From),
// when both assets have one.
func anchorLog(req swapscout.QuoteRequest) (float64, bool) {
	f, ok1 := swapscout.RoughUSD(req.From.Ticker)
	t, ok2 := swapscout.RoughUSD(req.To.Ticker)
	if !ok1 || !ok2 {
		return 0, false
	}
	return math.Log(f / t), true
}

// offAnchor is the failure message for an offer of log-rate x outside the
// anchors' band around anchor, or "" when it is inside.
func offAnchor(o *swapscout.Offer, x, anchor float64) string {
	bad, ratio := outside(x, anchor, anchor)
	if !bad {
		return ""
	}
	ref := swapscout.MustAmount(fmt.Sprintf("%.6g", math.Exp(anchor)))
	if math.IsNaN(ratio) {
		return "rate " + sig4(rateOf(o)) + " cannot be compared with the rough market rate " + sig4(ref)
	}
	if ratio >= 1 {
		return fmt.Sprintf("rate %s is %s× the rough market rate %s", sig4(rateOf(o)), times(ratio), sig4(ref))
	}
	return fmt.Sprintf("rate %s is 1/%s of the rough market rate %s", sig4(rateOf(o)), times(1/ratio), sig4(ref))
}

// maxLimitUSD is the value above which a venue's stated minimum is not a
// limit but a wrong number: no swap service or exchange asks for a billion
// dollars' worth of a coin before it will quote.
const maxLimitUSD = 1e9

// absurdLimit is the message for a limit failure whose minimum is worth
// more than maxLimitUSD at the anchors (a limit read in the wrong unit), or
// "" when it is plausible or cannot be valued. Shown as it was, such a
// failure would tell the user to send millions of bitcoin.
func absurdLimit(req swapscout.QuoteRequest, f *swapscout.Failure) string {
	if f.Code != swapscout.CodeAmountTooSmall && f.Code != swapscout.CodeAmountTooLarge {
		return ""
	}
	for _, l := range []struct {
		a     swapscout.Amount
		asset swapscout.Asset
	}{{f.Min, req.From}, {f.MinOut, req.To}} {
		usd, ok := swapscout.RoughUSD(l.asset.Ticker)
		if !ok || !l.a.Valid() || l.a.Sign() <= 0 {
			continue
		}
		if worth := l.a.Float64() * usd; worth > maxLimitUSD {
			return fmt.Sprintf("a minimum of %s %s (about $%s) is not plausible", l.a, l.asset.Ticker, times(worth))
		}
	}
	return ""
}
