package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"reflect"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
)

// MaxBody is the longest request body accepted (a swap request is well
// under 1 kB). Transports read at most MaxBody+1 bytes into Request.Body.
const MaxBody = 16 << 10

var (
	errBodyTooLarge = swapscout.Errorf(swapscout.ETOOLARGE, "request body is longer than %d bytes", MaxBody)
	errContentType  = swapscout.Errorf(swapscout.EINVALID, "Content-Type must be application/json")
	errEmptyBody    = swapscout.Errorf(swapscout.EINVALID, "the request body is empty: send a JSON object")
	errTrailing     = swapscout.Errorf(swapscout.EINVALID, "malformed JSON: unexpected data after the object")
	errNotObject    = swapscout.Errorf(swapscout.EINVALID, "the request body must be a JSON object")
)

// JSONBody decodes the request's JSON body into v, strictly: the body must
// be at most MaxBody bytes, its Content-Type application/json, one JSON
// object with no field v does not have, no name given twice and every name
// in v's own case (encoding/json alone takes the last of two "venue"s, and
// "Venue" for "venue": a client, a proxy or a log would read another
// request than we did). Anything else is a 400 whose message says what is
// wrong (and where, for malformed JSON).
func JSONBody(r *Request, v any) error {
	if len(r.Body) > MaxBody {
		return errBodyTooLarge
	}
	if !isJSONType(r.header("Content-Type")) {
		return errContentType
	}
	if len(bytes.TrimSpace(r.Body)) == 0 {
		return errEmptyBody
	}
	dec := json.NewDecoder(bytes.NewReader(r.Body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return bodyError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return errTrailing
	}
	if bytes.TrimSpace(r.Body)[0] != '{' {
		return errNotObject // null: encoding/json reads it as an object with nothing in it
	}
	return checkNames(r.Body, v)
}

// checkNames refuses, in a body encoding/json has read without error, a
// name given twice in one object (exactly, or in another case: both would
// fill one field) and a top-level name that is one of v's fields only
// case-insensitively.
func checkNames(body []byte, v any) error {
	fields := jsonFields(reflect.TypeOf(v))
	dec := json.NewDecoder(bytes.NewReader(body))
	type frame struct {
		object  bool
		wantKey bool
		seen    map[string]string // folded name → the name as first given
	}
	var stack []frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return nil // the end (the body was read whole before)
		}
		top := len(stack) - 1
		if top >= 0 && stack[top].object && stack[top].wantKey {
			name, _ := tok.(string)
			folded := strings.ToLower(strings.ToUpper(name)) // folds "K" (Kelvin) and "ſ" as encoding/json does
			if first, ok := stack[top].seen[folded]; ok {
				if first == name {
					return invalid("the field %s is given twice", quoteName(name))
				}
				return invalid("%s and %s are one field given twice (names are case-sensitive)", quoteName(first), quoteName(name))
			}
			stack[top].seen[folded] = name
			if top == 0 && fields != nil {
				if _, ok := fields[name]; !ok {
					if want := fields[folded]; want != "" {
						return invalid("unknown field %s: names are case-sensitive (%s)", quoteName(name), quoteName(want))
					}
				}
			}
			stack[top].wantKey = false
			continue
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, frame{object: true, wantKey: true, seen: map[string]string{}})
			continue
		case json.Delim('['):
			stack = append(stack, frame{})
			continue
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:top]
			top--
		}
		if top >= 0 && stack[top].object {
			stack[top].wantKey = true // a value ended: a name or the object's end comes next
		}
	}
}

// jsonFields maps the JSON names of the struct v points to, each to itself
// and its folded form to it; nil when v is not a pointer to a struct.
func jsonFields(t reflect.Type) map[string]string {
	if t == nil || t.Kind() != reflect.Pointer || t.Elem().Kind() != reflect.Struct {
		return nil
	}
	t = t.Elem()
	out := make(map[string]string, 2*t.NumField())
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if !f.IsExported() || name == "-" {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = name
		out[strings.ToLower(strings.ToUpper(name))] = name
	}
	return out
}

func quoteName(s string) string { return strconv.Quote(clip(s)) }

// bodyError turns a decoding error into a client's message.
func bodyError(err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return invalid("malformed JSON at byte %d: %s", syn.Offset, syn.Error())
	case errors.As(err, &typ):
		if typ.Field == "" {
			return invalid("the request body must be a JSON object, not %s", typ.Value)
		}
		return invalid("%s must be a %s, not %s", clip(typ.Field), typ.Type.Kind(), typ.Value)
	case errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return invalid("malformed JSON: the body ends too soon")
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return invalid("unknown field %s", clip(strings.TrimPrefix(err.Error(), "json: unknown field ")))
	}
	var e *swapscout.Error
	if errors.As(err, &e) {
		return err
	}
	return invalid("malformed JSON: %s", clip(err.Error()))
}

// isJSONType reports whether a Content-Type is application/json, with or
// without parameters (charset=utf-8).
func isJSONType(ct []byte) bool {
	mt, _, _ := bytes.Cut(ct, []byte{';'})
	return bytes.EqualFold(bytes.TrimSpace(mt), []byte("application/json"))
}

// header returns a request header, or nil when the transport set none.
func (r *Request) header(name string) []byte {
	if r.Header == nil {
		return nil
	}
	return r.Header.Peek(name)
}
