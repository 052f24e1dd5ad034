package cex

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Market and currency lists are fetched every few minutes, not on the quote
// path, so adapters decode them with encoding/json into typed structs; the
// hand-written book.Scanner is kept for order books, where it is measured
// to pay. Lists carry loosely typed fields that do not matter for every
// market (a null minimum, a number where a string is documented), so the
// field types below never fail a list: a value they cannot read is absent.
// Items decodes a list's array element by element, leaving out the
// elements that are not objects of the expected shape.

// Opt is an optional non-negative decimal, given as a JSON string or
// number. Anything else — null, "", a malformed or negative value — reads
// as absent (OK false).
type Opt struct {
	Amount swapscout.Amount
	OK     bool
}

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (o *Opt) UnmarshalJSON(b []byte) error {
	*o = Opt{}
	b = bytes.TrimSpace(b)
	if len(b) > 1 && b[0] == '"' {
		s, err := strconv.Unquote(string(b))
		if err != nil {
			return nil
		}
		b = []byte(s)
	} else if len(b) == 0 || b[0] != '-' && (b[0] < '0' || b[0] > '9') {
		return nil
	}
	a, err := swapscout.ParseWireAmount(b)
	if err == nil && a.Valid() && a.Sign() >= 0 {
		*o = Opt{Amount: a, OK: true}
	}
	return nil
}

// Flag is a boolean given as true or false; anything else reads as false.
type Flag bool

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (f *Flag) UnmarshalJSON(b []byte) error {
	*f = Flag(string(bytes.TrimSpace(b)) == "true")
	return nil
}

// Text is a string given as a JSON string, or a number's decimal text;
// anything else reads as "".
type Text string

// UnmarshalJSON implements json.Unmarshaler; it never fails.
func (t *Text) UnmarshalJSON(b []byte) error {
	*t = ""
	b = bytes.TrimSpace(b)
	switch {
	case len(b) > 1 && b[0] == '"':
		var s string
		if json.Unmarshal(b, &s) == nil {
			*t = Text(s)
		}
	case len(b) > 0 && (b[0] == '-' || b[0] >= '0' && b[0] <= '9'):
		if a, err := swapscout.ParseWireAmount(b); err == nil {
			*t = Text(a.String())
		}
	}
	return nil
}

// Items decodes raw, a JSON array, into one T per element, leaving out
// elements that do not decode (not an object, a field of the wrong JSON
// type for a strict field). ok is false when raw is not an array.
func Items[T any](raw json.RawMessage) (items []T, ok bool) {
	var elems []json.RawMessage
	if json.Unmarshal(raw, &elems) != nil || elems == nil {
		return nil, false
	}
	items = make([]T, 0, len(elems))
	for _, e := range elems {
		var v T
		if json.Unmarshal(e, &v) == nil {
			items = append(items, v)
		}
	}
	return items, true
}

// List decodes the array that body holds at path (nested object keys; body
// itself when path is empty) into one T per element, as Items does: the
// envelope every market and currency list comes in, read once here rather
// than by a struct per venue. An answer that is not JSON, or has no array
// there, is bad_response ("<venue> answer has no <what>").
func List[T any](body []byte, venueName, what string, path ...string) ([]T, error) {
	raw := json.RawMessage(body)
	for _, key := range path {
		if len(raw) == 0 {
			break // a key on the way is absent: no array
		}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(raw, &obj); err != nil {
			return nil, venue.BadResponse(err)
		}
		raw = obj[key]
	}
	items, ok := Items[T](raw)
	if !ok {
		return nil, swapscout.NewVenueError(swapscout.CodeBadResponse, "%s answer has no %s", venueName, what)
	}
	return items, nil
}
