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
// price; an offer whose rate is more than implausibleFactor away from the
// rate the anchors imply is a bad_response before any median is taken, and
// the median is then taken over the offers that passed.
//
// The anchors are orders of magnitude, not prices: a factor of 100 either
// way leaves room for years of market moves (an anchor within 3× of the
// market still catches every ×1000 unit error), and no money is ever
// computed from them. An asset whose market price drifts more than about
// 30× from its anchor needs its line updated here (TestAnchorsCoverCatalogue
// keeps the table complete).
var anchorsUSD = map[string]float64{
	"btc": 80000, "eth": 3000, "xmr": 250, "ltc": 90, "bch": 400,
	"doge": 0.2, "xrp": 2, "ton": 3, "sol": 150, "trx": 0.25,
	"bnb": 700, "zec": 100, "dash": 30, "ada": 0.6, "dot": 5,
	"avax": 25, "pol": 0.3, "xlm": 0.3, "firo": 1.5, "near": 2,
	"usdt": 1, "usdc": 1, "dai": 1,
}

// anchorLog is the log of the rate the anchors imply for req (To per From),
// when both assets have one.
func anchorLog(req swapscout.QuoteRequest) (float64, bool) {
	f, ok1 := anchorsUSD[req.From.Ticker]
	t, ok2 := anchorsUSD[req.To.Ticker]
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
		usd, ok := anchorsUSD[l.asset.Ticker]
		if !ok || !l.a.Valid() || l.a.Sign() <= 0 {
			continue
		}
		if worth := l.a.Float64() * usd; worth > maxLimitUSD {
			return fmt.Sprintf("a minimum of %s %s (about $%s) is not plausible", l.a, l.asset.Ticker, times(worth))
		}
	}
	return ""
}
