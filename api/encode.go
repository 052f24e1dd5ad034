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
	dst = append(dst, `{"from":`...)
	dst = appendAsset(dst, r.From)
	dst = append(dst, `,"to":`...)
	dst = appendAsset(dst, r.To)
	dst = append(dst, `,"amount":`...)
	dst = appendAmount(dst, r.Amount)
	dst = append(dst, `,"direction":`...)
	dst = appendString(dst, r.Direction.String())
	dst = append(dst, `,"rate":`...)
	dst = appendString(dst, r.RateType.String())
	return append(dst, '}')
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
	dst = append(dst, `{"ticker":`...)
	dst = appendString(dst, a.Ticker)
	dst = append(dst, `,"network":`...)
	dst = appendString(dst, a.Network)
	return append(dst, '}')
}

// AppendOffer appends one offer as JSON.
func AppendOffer(dst []byte, o *swapscout.Offer) []byte {
	dst = append(dst, `{"venue":`...)
	dst = appendString(dst, o.Venue)
	if o.Provider != "" {
		dst = append(dst, `,"provider":`...)
		dst = appendString(dst, o.Provider)
	}
	if o.Route != "" {
		dst = append(dst, `,"route":`...)
		dst = appendString(dst, o.Route)
	}
	dst = append(dst, `,"amount_in":`...)
	dst = appendAmount(dst, o.AmountIn)
	dst = append(dst, `,"amount_out":`...)
	dst = appendAmount(dst, o.AmountOut)
	dst = append(dst, `,"rate":`...)
	dst = appendAmount(dst, o.Rate)
	dst = appendLimits(dst, o.Min, o.Max, o.MinOut, o.MaxOut)
	dst = append(dst, `,"rate_type":`...)
	dst = appendString(dst, o.RateType.String())
	if o.RateID != "" {
		dst = append(dst, `,"rate_id":`...)
		dst = appendString(dst, o.RateID)
	}
	if !o.ExpiresAt.IsZero() {
		dst = append(dst, `,"expires_at":`...)
		dst = appendTime(dst, o.ExpiresAt)
	}
	dst = append(dst, `,"fees":[`...)
	for i, f := range o.Fees {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = append(dst, `{"kind":`...)
		dst = appendString(dst, f.Kind)
		dst = append(dst, `,"amount":`...)
		dst = appendAmount(dst, f.Amount)
		dst = append(dst, `,"asset":`...)
		dst = appendAsset(dst, f.Asset)
		dst = append(dst, '}')
	}
	dst = append(dst, ']')
	// The ETA shown: the board's median here when it has enough swaps
	// (eta_source board, eta_swaps of them; the venue's own estimate
	// beside it), else the venue's (no eta_source).
	if lo, hi, basis := o.ShownETA(); basis > 0 {
		dst = append(dst, `,"eta_min_s":`...)
		dst = itoa(dst, int64(lo/time.Second))
		dst = append(dst, `,"eta_max_s":`...)
		dst = itoa(dst, int64(hi/time.Second))
		dst = append(dst, `,"eta_source":"board","eta_swaps":`...)
		dst = itoa(dst, int64(basis))
		if o.ETAMax > 0 {
			dst = append(dst, `,"venue_eta_min_s":`...)
			dst = itoa(dst, int64(o.ETAMin/time.Second))
			dst = append(dst, `,"venue_eta_max_s":`...)
			dst = itoa(dst, int64(o.ETAMax/time.Second))
		}
	} else if o.ETAMax > 0 {
		dst = append(dst, `,"eta_min_s":`...)
		dst = itoa(dst, int64(o.ETAMin/time.Second))
		dst = append(dst, `,"eta_max_s":`...)
		dst = itoa(dst, int64(o.ETAMax/time.Second))
	}
	dst = append(dst, `,"kyc":`...)
	dst = appendString(dst, o.KYC.String())
	if o.LogPolicy != 0 {
		dst = append(dst, `,"log_policy":`...)
		dst = appendString(dst, o.LogPolicy.String())
	}
	// The engine sets these on every offer; an adapter's own offer (in its
	// tests) lacks them.
	if o.Custody != "" {
		dst = append(dst, `,"custody":`...)
		dst = appendString(dst, string(o.Custody))
	}
	if o.Deposit != "" {
		dst = append(dst, `,"deposit":`...)
		dst = appendString(dst, string(o.Deposit))
	}
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
	if v.Timed > 0 {
		dst = append(dst, `,"median_seconds":`...)
		dst = itoa(dst, int64(v.MedianTime/time.Second))
		dst = append(dst, `,"p90_seconds":`...)
		dst = itoa(dst, int64(v.P90Time/time.Second))
	}
	if v.OnChain > 0 {
		dst = append(dst, `,"median_delivered":`...)
		dst = appendAmount(dst, v.MedianDelivered)
		dst = append(dst, `,"p10_delivered":`...)
		dst = appendAmount(dst, v.P10Delivered)
	}
	return append(dst, '}')
}

// AppendFailure appends one failure as JSON.
func AppendFailure(dst []byte, f *swapscout.Failure) []byte {
	dst = append(dst, `{"venue":`...)
	dst = appendString(dst, f.Venue)
	dst = append(dst, `,"code":`...)
	dst = appendString(dst, string(f.Code))
	dst = append(dst, `,"message":`...)
	dst = appendString(dst, f.Message)
	dst = appendLimits(dst, f.Min, f.Max, f.MinOut, f.MaxOut)
	if f.RetryAfter > 0 {
		dst = append(dst, `,"retry_after_s":`...)
		dst = itoa(dst, int64((f.RetryAfter+time.Second-1)/time.Second))
	}
	dst = append(dst, `,"took_ms":`...)
	dst = itoa(dst, f.Took.Milliseconds())
	return append(dst, '}')
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
