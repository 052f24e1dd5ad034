package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
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
)

// JSONBody decodes the request's JSON body into v, strictly: the body must
// be at most MaxBody bytes, its Content-Type application/json, one JSON
// object with no field v does not have. Anything else is a 400 whose
// message says what is wrong (and where, for malformed JSON).
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
	return nil
}

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
