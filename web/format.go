package web

import (
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
)

// groupSep separates digit groups: a narrow no-break space, so a grouped
// amount never wraps across lines.
const groupSep = "\u202f"

// nbsp keeps an amount and its unit on one line.
const nbsp = "\u00a0"

// GroupDigits groups the digits of a decimal string in threes for reading,
// on both sides of the point, when a side has more than four digits
// ("12345.678901" → "12 345.678 901"; "1234.5" stays). It works on the
// string as the API gives it, never through a float, and leaves anything
// that is not a plain decimal unchanged.
func GroupDigits(s string) string {
	sign := ""
	body := s
	if strings.HasPrefix(body, "-") {
		sign, body = "-", body[1:]
	}
	ip, fp, hasPoint := strings.Cut(body, ".")
	if ip == "" || !allDigits(ip) || (hasPoint && (fp == "" || !allDigits(fp))) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 3*len(s)/3)
	b.WriteString(sign)
	if len(ip) > 4 {
		for i := 0; i < len(ip); i++ {
			if i > 0 && (len(ip)-i)%3 == 0 {
				b.WriteString(groupSep)
			}
			b.WriteByte(ip[i])
		}
	} else {
		b.WriteString(ip)
	}
	if hasPoint {
		b.WriteByte('.')
		if len(fp) > 4 {
			for i := 0; i < len(fp); i++ {
				if i > 0 && i%3 == 0 {
					b.WriteString(groupSep)
				}
				b.WriteByte(fp[i])
			}
		} else {
			b.WriteString(fp)
		}
	}
	return b.String()
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Millis renders a duration given in milliseconds for people: "800 ms",
// "2 s", "1.5 s".
func Millis(ms int64) string {
	if ms < 0 {
		ms = 0
	}
	if ms < 1000 {
		return strconv.FormatInt(ms, 10) + " ms"
	}
	tenths := (ms + 50) / 100
	s := strconv.FormatInt(tenths/10, 10)
	if tenths%10 != 0 {
		s += "." + strconv.FormatInt(tenths%10, 10)
	}
	return s + " s"
}

// Show writes an amount of asset for people: rounded with mode to the
// asset's useful precision (swapscout.ShownDecimals), digits grouped. The
// exact value belongs in a title attribute beside it, and stays exact in
// the API. Received amounts and maxima round down, amounts to send and
// minima up, so the rounding never promises more than is true.
func Show(a swapscout.Amount, asset swapscout.Asset, mode swapscout.RoundingMode) string {
	return GroupDigits(a.Shown(swapscout.ShownDecimals(asset), mode).String())
}

// Rate says a rate with its units, and the inverse: "1 BTC = 163.249 XMR",
// "1 XMR = 0.00612561 BTC". rate is units of to per unit of from.
func Rate(rate swapscout.Amount, from, to swapscout.Asset) (fwd, inv string) {
	if !rate.Valid() || rate.Sign() <= 0 {
		return "", ""
	}
	f, t := strings.ToUpper(from.Ticker), strings.ToUpper(to.Ticker)
	fwd = "1" + nbsp + f + " = " + GroupDigits(swapscout.ShownRate(rate, to).String()) + nbsp + t
	inv = "1" + nbsp + t + " = " + GroupDigits(swapscout.ShownRate(swapscout.Inverse(rate), from).String()) + nbsp + f
	return fwd, inv
}

// ETA says a venue's estimate of a swap's duration: "about 10 min",
// "5 min–1 h"; "" when the venue gives none.
func ETA(min, max time.Duration) string {
	switch {
	case max <= 0 && min <= 0:
		return ""
	case max <= 0 || min == max:
		return "about " + Duration(max2(min, max))
	case min <= 0:
		return "up to " + Duration(max)
	}
	return Duration(min) + "–" + Duration(max)
}

// OfferETA says how long o's swap can be expected to take
// (swapscout.Offer.ShownETA): "about 12 min, median of 40 swaps here" from
// the board when its venue has swaps enough here, else the venue's own
// estimate (ETA).
func OfferETA(o *swapscout.Offer) string {
	lo, hi, basis := o.ShownETA()
	if basis > 0 {
		return "about " + Duration(hi) + ", median of " + strconv.Itoa(basis) + " swaps here"
	}
	return ETA(lo, hi)
}

// etaSeconds is the upper end of o's shown estimate in seconds, for
// sorting (0: none).
func etaSeconds(o *swapscout.Offer) int64 {
	lo, hi, _ := o.ShownETA()
	return int64(max2(lo, hi) / time.Second)
}

func max2(a, b time.Duration) time.Duration {
	if a > b {
		return a
	}
	return b
}

// Reason says in words why a venue gave no offer. from and to are the
// request's assets, for the units of limits. The venue's own message is not
// part of it: it is untrusted text, shown apart (see FailureRow.Detail).
func Reason(f *swapscout.Failure, fromAsset, toAsset swapscout.Asset) string {
	switch f.Code {
	case swapscout.CodeAmountTooSmall:
		return tooSmall.say(f.Min, f.MinOut, fromAsset, toAsset)
	case swapscout.CodeAmountTooLarge:
		return tooLarge.say(f.Max, f.MaxOut, fromAsset, toAsset)
	case swapscout.CodeTimeout:
		return "timed out after " + Millis(f.Took.Milliseconds())
	case swapscout.CodeUnsupportedPair:
		return "does not offer this pair"
	case swapscout.CodeRateLimited:
		if f.RetryAfter > 0 {
			// Whole seconds, rounded up, as the API says it (retry_after_s).
			return "is limiting our requests; try again in " + strconv.FormatInt(int64((f.RetryAfter+time.Second-1)/time.Second), 10) + " s"
		}
		return "is limiting our requests; try again shortly"
	case swapscout.CodeUnavailable:
		return "is unavailable right now"
	case swapscout.CodeBadResponse:
		return "sent an answer we could not read"
	case swapscout.CodeNotConfigured:
		return "is not configured on this server (it needs an API key)"
	}
	return "gave no offer (" + string(f.Code) + ")"
}

// limitWords says a failure's limit in words: in, a limit on what is sent,
// else out, one on what is paid out, each rounded away from the limit's
// wrong side; none when the venue stated neither.
type limitWords struct {
	in, out, none string
	round         swapscout.RoundingMode
}

var (
	tooSmall = limitWords{"needs at least ", "needs to pay out at least ", "the amount is too small for it", swapscout.RoundUp}
	tooLarge = limitWords{"takes at most ", "pays out at most ", "the amount is too large for it", swapscout.RoundDown}
)

func (w limitWords) say(in, out swapscout.Amount, fromAsset, toAsset swapscout.Asset) string {
	switch {
	case !in.IsZero():
		return w.in + Show(in, fromAsset, w.round) + nbsp + strings.ToUpper(fromAsset.Ticker)
	case !out.IsZero():
		return w.out + Show(out, toAsset, w.round) + nbsp + strings.ToUpper(toAsset.Ticker)
	}
	return w.none
}

// Duration says a duration in words, to its largest units: "45 s",
// "3 min 20 s", "2 h 5 min", "7 days". Zero or less is "".
func Duration(d time.Duration) string {
	if d <= 0 {
		return ""
	}
	s := int64(d.Round(time.Second) / time.Second)
	switch {
	case s < 60:
		return strconv.FormatInt(s, 10) + " s"
	case s < 3600:
		return join(s/60, " min", s%60, " s")
	case s < 86400:
		return join(s/3600, " h", s/60%60, " min")
	}
	days := s / 86400
	if days == 1 {
		return join(1, " day", s/3600%24, " h")
	}
	return join(days, " days", s/3600%24, " h")
}

func join(a int64, au string, b int64, bu string) string {
	out := strconv.FormatInt(a, 10) + au
	if b != 0 {
		out += " " + strconv.FormatInt(b, 10) + bu
	}
	return out
}
