package venue

// Small helpers every adapter shares for venue-provided text and JSON, and
// the rule for repeated keys.
//
// Duplicate keys. A venue's JSON may repeat a key ({"amount":"1","amount":"2"}).
// Every parser in venue/** follows one rule: the LAST occurrence wins, as
// encoding/json does. Hand-written scanners (venue/book) must do the same, so
// one body never means two things depending on which parser read it. Each
// instant-swap adapter pins the rule with TestDuplicateKeys: its
// testdata/dup_*.json repeats every amount and limit key, first with a decoy,
// and must quote exactly as the original fixture does.

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/swapscout/swapscout"
)

// ClipLen is the most bytes of venue-provided text Clip keeps, before the "…".
const ClipLen = 120

// Clip makes venue-provided text fit for our messages: runes that are not
// printable (control characters, line breaks) become spaces, bytes that are not
// UTF-8 become U+FFFD, surrounding space is trimmed, and text longer than
// ClipLen bytes is cut on a rune boundary and ends in "…". The result is always
// valid UTF-8, even when s is not.
func Clip(s string) string {
	s = strings.TrimSpace(strings.Map(func(r rune) rune {
		if unicode.IsPrint(r) {
			return r
		}
		return ' '
	}, s))
	if len(s) <= ClipLen {
		return s
	}
	i := ClipLen
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return strings.TrimRightFunc(s[:i], unicode.IsSpace) + "…"
}

// ClipOr is Clip(s), or Clip(fallback) when that is empty.
func ClipOr(s, fallback string) string {
	if c := Clip(s); c != "" {
		return c
	}
	return Clip(fallback)
}

// ContainsAny reports whether s contains any of subs (case-sensitive; callers
// lower-case s first when they match words).
func ContainsAny(s string, subs ...string) bool {
	for _, sub := range subs {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// Deref returns *p, or the zero value when p is nil (optional JSON fields).
func Deref[T any](p *T) T {
	if p == nil {
		var zero T
		return zero
	}
	return *p
}

// Words of venue error sentences, for venues that document no error codes.
var (
	keyWords   = []string{"api key", "api-key", "apikey", "api_key", "unauthori", "unauthenticated", "not authorized", "forbidden", "access denied", "invalid key", "invalid token", "signature"}
	limitWords = []string{"too many requests", "rate limit", "throttl"}
	minWords   = []string{"minimum", "minimal", "min amount", "too small", "too low", "below", "less than", "at least"}
	maxWords   = []string{"maximum", "maximal", "max amount", "too large", "too big", "too high", "above", "exceed", "greater than", "more than"}
	pairWords  = []string{"pair", "not supported", "unsupported", "not available", "currency", "coin", "network", "route", "no rate", "inactive", "disabled", "not found"}
	downWords  = []string{"maintenance", "temporar", "unavailable", "try again", "try later", "internal", "server error"}
)

// TextCode classifies a venue's error sentence by its words: a rejected key,
// rate limiting, an amount below or above a limit, a pair not served, or an
// outage, in that order of precedence. ok is false when no word matches; the
// caller then decides by status (and reports the venue's words either way).
func TextCode(text string) (code swapscout.FailureCode, ok bool) {
	return classify(textClasses, 0, strings.ToLower(text))
}

// numberToken is a decimal number standing alone in a sentence: not part of a
// word like BEP20 or a version like 1.2.3.
var numberToken = regexp.MustCompile(`(?:^|[^\w.])([0-9]+(?:\.[0-9]+)?)(?:$|[^\w.]|\.(?:$|\s))`)

// BoundIn returns the limit a venue's limit sentence names ("The amount must
// be at least 0.001.", "Maximum is 2.5 BTC"): the one positive number in the
// text. With no number, or more than one (which would be the bound and which
// the amount?), it returns false.
func BoundIn(text string) (swapscout.Amount, bool) {
	m := numberToken.FindAllStringSubmatch(text, 3)
	if len(m) != 1 {
		return swapscout.Amount{}, false
	}
	a, err := swapscout.ParseAmount(m[0][1])
	if err != nil || a.Sign() <= 0 {
		return swapscout.Amount{}, false
	}
	return a, true
}

// WithBound fills ve's Min (amount_too_small) or Max (amount_too_large) from
// the bound its venue's sentence names, when ve has neither limit yet.
func WithBound(ve *swapscout.VenueError, text string) *swapscout.VenueError {
	if !ve.Min.IsZero() || !ve.Max.IsZero() {
		return ve
	}
	if b, ok := BoundIn(text); ok {
		switch ve.Code {
		case swapscout.CodeAmountTooSmall:
			ve.Min = b
		case swapscout.CodeAmountTooLarge:
			ve.Max = b
		}
	}
	return ve
}

// BodyText returns a venue's own words from an error body whose shape the
// adapter does not otherwise read: the first non-empty string among the
// members message, error, msg, detail and description, clipped; "" when the
// body is not a JSON object or has none of them.
func BodyText(body []byte) string {
	var m map[string]json.RawMessage
	if json.Unmarshal(body, &m) != nil {
		return ""
	}
	for _, k := range []string{"message", "error", "msg", "detail", "description"} {
		var s string
		if json.Unmarshal(m[k], &s) == nil {
			if c := Clip(s); c != "" {
				return c
			}
		}
	}
	return ""
}

// HTTPFailure is what a venue's HTTP status says before its body is read:
// ReadStatus lets through the statuses whose bodies venue name's parser
// reads (ok: its answers and the refusals it words); of the others, 401 and
// 403 are the key rejected (KeyRejected), the rest StatusError.
func ReadStatus(name string, status int, body []byte, ok ...int) error {
	switch {
	case slices.Contains(ok, status):
		return nil
	case status == 401 || status == 403:
		return KeyRejected(name, status, body)
	}
	return StatusError(status)
}

// KeyRejected for 401 and 403, StatusError for any other status outside
// 2xx, nil for a 2xx (the body decides).
func HTTPFailure(name string, status int, body []byte) error {
	switch {
	case status == 401 || status == 403:
		return KeyRejected(name, status, body)
	case status < 200 || status > 299:
		return StatusError(status)
	}
	return nil
}

// KeyRejected is the not_configured error for a venue that refused our key
// with HTTP 401 or 403, quoting the body's words when it has some.
func KeyRejected(name string, status int, body []byte) error {
	if t := BodyText(body); t != "" {
		return swapscout.NewVenueError(swapscout.CodeNotConfigured, "%s rejected the API key (HTTP %d): %s", name, status, t)
	}
	return swapscout.NewVenueError(swapscout.CodeNotConfigured, "%s rejected the API key (HTTP %d)", name, status)
}

// Positive returns *a when it is set, valid and above zero, and zero
// otherwise: how adapters read optional limits, where absent, null, "0" and
// negative all mean "none given".
func Positive(a *swapscout.Amount) swapscout.Amount {
	if a == nil || !a.Valid() || a.Sign() <= 0 {
		return swapscout.Amount{}
	}
	return *a
}

// FieldText reads the message a validation error body gives for one field
// (Laravel's {"errors":{"<field>":…}}, which Exolix and LetsExchange send):
// one string, or a list of strings joined by "; "; "invalid" for anything
// else.
func FieldText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	var list []string
	if json.Unmarshal(raw, &list) == nil {
		return strings.Join(list, "; ")
	}
	return "invalid"
}

// WithoutSecret is err with every occurrence of each secret (an API key,
// a signing secret) masked as "[key]", keeping its code: a venue's refusal
// may echo what it was sent, and an error reaches logs.
func WithoutSecret(err error, secrets ...string) error {
	if err == nil {
		return nil
	}
	msg := err.Error()
	for _, s := range secrets {
		if s != "" {
			msg = strings.ReplaceAll(msg, s, "[key]")
		}
	}
	if msg == err.Error() {
		return err
	}
	code := swapscout.CodeUnavailable
	var ve *swapscout.VenueError
	if errors.As(err, &ve) {
		code = ve.Code
	}
	return swapscout.NewVenueError(code, "%s", msg)
}

// ParseList reads a venue's JSON list of T: a bare array, or an object
// holding it under field (a page, a result envelope). what names the list
// in an error.
func ParseList[T any](body []byte, field, what string) ([]T, error) {
	var list []T
	err := json.Unmarshal(body, &list)
	if err == nil {
		return list, nil
	}
	var wrap map[string]json.RawMessage
	if json.Unmarshal(body, &wrap) == nil {
		if raw, ok := wrap[field]; ok && json.Unmarshal(raw, &list) == nil && list != nil {
			return list, nil
		}
	}
	return nil, fmt.Errorf("%s: %w", what, err)
}
