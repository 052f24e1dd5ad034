package api

import (
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/swapscout/swapscout"
)

// AppendQuote appends q as the API's JSON. It is hand-written in append style
// (no reflection, no intermediate allocations) because every fan-out encodes
// its quote once; the bytes are then stored and served as they are.
func AppendQuote(dst []byte, q *swapscout.Quote) []byte {
	dst = append(dst, `{"id":`...)
	dst = appendString(dst, q.ID)
	dst = append(dst, `,"request":`...)
	dst = appendRequest(dst, &q.Request)
	dst = append(dst, `,"offers":[`...)
	for i := range q.Offers {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendOffer(dst, &q.Offers[i])
	}
	dst = append(dst, `],"failures":[`...)
	for i := range q.Failures {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = AppendFailure(dst, &q.Failures[i])
	}
	dst = append(dst, `],"created_at":`...)
	dst = appendTime(dst, q.CreatedAt)
	dst = append(dst, `,"expires_at":`...)
	dst = appendTime(dst, q.ExpiresAt)
	dst = append(dst, `,"took_ms":`...)
	dst = itoa(dst, q.Took.Milliseconds())
	return append(dst, "}\n"...)
}

func appendRequest(dst []byte, r *swapscout.QuoteRequest) []byte {
	m := members(appendAsset(append(dst, `{"from":`...), r.From))
	m.asset("to", r.To)
	m.amt("amount", r.Amount, true)
	m.str("direction", r.Direction.String(), true)
	m.str("rate", r.RateType.String(), true)
	return append(m, '}')
}

// appendLimits appends the limits that are set: min and max on the amount
// sent, min_out and max_out on the amount received.
func appendLimits(dst []byte, min, max, minOut, maxOut swapscout.Amount) []byte {
	for _, l := range [...]struct {
		key string
		a   *swapscout.Amount
	}{{`,"min":`, &min}, {`,"max":`, &max}, {`,"min_out":`, &minOut}, {`,"max_out":`, &maxOut}} {
		if !l.a.IsZero() {
			dst = append(dst, l.key...)
			dst = appendAmount(dst, *l.a)
		}
	}
	return dst
}

func appendAsset(dst []byte, a swapscout.Asset) []byte {
	m := open(dst, "ticker", a.Ticker)
	m.str("network", a.Network, true)
	return append(m, '}')
}

// AppendOffer appends one offer as JSON.
func AppendOffer(dst []byte, o *swapscout.Offer) []byte {
	m := open(dst, "venue", o.Venue)
	m.str("provider", o.Provider, false)
	m.str("route", o.Route, false)
	m.amt("amount_in", o.AmountIn, true)
	m.amt("amount_out", o.AmountOut, true)
	m.amt("rate", o.Rate, true)
	m = appendLimits(m, o.Min, o.Max, o.MinOut, o.MaxOut)
	m.str("rate_type", o.RateType.String(), true)
	m.str("rate_id", o.RateID, false)
	m.time("expires_at", o.ExpiresAt)
	dst = m
	dst = append(dst, `,"fees":[`...)
	for i, f := range o.Fees {
		if i > 0 {
			dst = append(dst, ',')
		}
		m := open(dst, "kind", f.Kind)
		m.amt("amount", f.Amount, true)
		m.asset("asset", f.Asset)
		dst = append(m, '}')
	}
	dst = append(dst, ']')
	// The ETA shown: the board's median here when it has enough swaps
	// (eta_source board, eta_swaps of them; the venue's own estimate
	// beside it), else the venue's (no eta_source).
	m = dst
	lo, hi, basis := o.ShownETA()
	if basis <= 0 {
		lo, hi = o.ETAMin, o.ETAMax
	}
	m.num("eta_min_s", int64(lo/time.Second), basis > 0 || o.ETAMax > 0)
	m.num("eta_max_s", int64(hi/time.Second), basis > 0 || o.ETAMax > 0)
	if basis > 0 {
		m = append(m, `,"eta_source":"board"`...)
		m.num("eta_swaps", int64(basis), true)
		m.num("venue_eta_min_s", int64(o.ETAMin/time.Second), o.ETAMax > 0)
		m.num("venue_eta_max_s", int64(o.ETAMax/time.Second), o.ETAMax > 0)
	}
	m.str("kyc", o.KYC.String(), true)
	if o.LogPolicy != 0 {
		m.str("log_policy", o.LogPolicy.String(), true)
	}
	// The engine sets these on every offer; an adapter's own offer (in its
	// tests) lacks them.
	m.str("custody", string(o.Custody), false)
	m.str("deposit", string(o.Deposit), false)
	dst = m
	// The engine judges every offer: swappable, or not with its reason.
	switch {
	case o.CanSwap:
		dst = append(dst, `,"can_swap":true`...)
	case o.NoSwap != "":
		dst = append(dst, `,"can_swap":false,"no_swap_reason":`...)
		dst = appendString(dst, o.NoSwap)
	}
	dst = append(dst, `,"took_ms":`...)
	dst = itoa(dst, o.Took.Milliseconds())
	if d := o.Derived; d != nil {
		// Not asked of the venue for this request: derived from its recent
		// answers for these amounts, the oldest this old.
		dst = append(dst, `,"derived":{"age_ms":`...)
		dst = itoa(dst, d.Age.Milliseconds())
		dst = append(dst, `,"from":[`...)
		for i, a := range d.From {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendAmount(dst, a)
		}
		dst = append(dst, "]}"...)
	}
	if oc := o.Outcome; oc != nil {
		dst = append(dst, `,"outcome":`...)
		dst = appendOfferOutcome(dst, oc)
	}
	// A route's legs and a split's parts: each its venue's own offer.
	for _, l := range [...]struct {
		key    string
		offers []swapscout.Offer
	}{{`,"legs":[`, o.Legs}, {`,"parts":[`, o.Parts}} {
		if len(l.offers) == 0 {
			continue
		}
		dst = append(dst, l.key...)
		for i := range l.offers {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = AppendOffer(dst, &l.offers[i])
		}
		dst = append(dst, ']')
	}
	return append(dst, '}')
}

// appendOfferOutcome appends an offer's outcome: its venue's line of the board
// (BoardVenue's keys) and the board's window.
func appendOfferOutcome(dst []byte, oc *swapscout.OfferOutcome) []byte {
	v := &oc.VenueBoard
	dst = append(dst, `{"window_seconds":`...)
	dst = itoa(dst, int64(oc.Window/time.Second))
	for _, f := range [...]struct {
		key string
		n   int
	}{{`,"swaps":`, v.Swaps}, {`,"finished":`, v.Finished}, {`,"refunded":`, v.Refunded}, {`,"failed":`, v.Failed},
		{`,"expired":`, v.Expired}, {`,"open":`, v.Open}, {`,"held":`, v.Held}, {`,"late":`, v.Late}, {`,"timed":`, v.Timed},
		{`,"on_chain":`, v.OnChain}, {`,"short_on_chain":`, v.ShortOnChain}, {`,"unverified":`, v.Unverified},
		{`,"venue_word":`, v.VenueWord}} {
		dst = append(dst, f.key...)
		dst = itoa(dst, int64(f.n))
	}
	m := members(dst)
	m.num("median_seconds", int64(v.MedianTime/time.Second), v.Timed > 0)
	m.num("p90_seconds", int64(v.P90Time/time.Second), v.Timed > 0)
	if v.OnChain > 0 {
		m.amt("median_delivered", v.MedianDelivered, true)
		m.amt("p10_delivered", v.P10Delivered, true)
	}
	return append(m, '}')
}

// AppendFailure appends one failure as JSON.
func AppendFailure(dst []byte, f *swapscout.Failure) []byte {
	m := open(dst, "venue", f.Venue)
	m.str("code", string(f.Code), true)
	m.str("message", f.Message, true)
	m = appendLimits(m, f.Min, f.Max, f.MinOut, f.MaxOut)
	m.num("retry_after_s", int64((f.RetryAfter+time.Second-1)/time.Second), f.RetryAfter > 0)
	m.num("took_ms", f.Took.Milliseconds(), true)
	return append(m, '}')
}

func appendAmount(dst []byte, a swapscout.Amount) []byte {
	dst = append(dst, '"')
	dst = a.Append(dst)
	return append(dst, '"')
}

func appendTime(dst []byte, t time.Time) []byte {
	if t.IsZero() {
		return append(dst, "null"...)
	}
	dst = append(dst, '"')
	dst = t.UTC().AppendFormat(dst, "2006-01-02T15:04:05.000Z07:00")
	return append(dst, '"')
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string, escaping what JSON requires and
// <, >, & (as encoding/json does) so bodies are safe to embed in HTML.
func appendString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			if r == utf8.RuneError {
				dst = append(dst, `\ufffd`...)
			} else {
				dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			}
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

func itoa(dst []byte, n int64) []byte { return strconv.AppendInt(dst, n, 10) }
