package httpapi

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/swaps"
)

// Response is what an action returns; transports write it. Body is written as
// is, so a stored quote's bytes go out untouched.
type Response struct {
	Status      int
	ContentType string
	// Head, when set, is written before Body (a served quote's age is
	// spliced in front of its stored bytes this way, without a copy here).
	Head    []byte
	Body    []byte
	Headers []Field // extra headers; keep static slices for the hot path
	// Stream, when set, is called after the headers are written and writes the
	// body incrementally (server-sent events); flush pushes what was written.
	Stream func(ctx context.Context, w io.Writer, flush func() error) error
	// LongStream marks a stream that may outlast the transport's stream
	// write limit (a swap's events, followed for hours): each flush moves
	// the write deadline out again, so only a client that stops reading is
	// cut.
	LongStream bool
}

// Field is a response header. Make static ones with MakeField: they carry
// their bytes too, so a transport that writes bytes converts nothing.
type Field struct {
	Key, Value string
	kb, vb     []byte
}

// MakeField returns a header field with its byte forms precomputed. Key
// must be in canonical form ("X-Swapscout-Cache").
func MakeField(key, value string) Field {
	return Field{Key: key, Value: value, kb: []byte(key), vb: []byte(value)}
}

// Bytes returns the key and value as bytes, precomputed by MakeField
// (converted, allocating, otherwise).
func (f *Field) Bytes() (key, value []byte) {
	if f.kb != nil {
		return f.kb, f.vb
	}
	return []byte(f.Key), []byte(f.Value)
}

// Action is a JSON endpoint: it returns a response value or an error.
type Action func(r *Request) (Response, error)

const contentJSON = "application/json"

// jsonOK answers 200 with body, the output of an api encoder, or its
// error.
func jsonOK(body []byte, err error) (Response, error) {
	if err != nil {
		return Response{}, err
	}
	return JSON(200, body), nil
}

// JSON returns a JSON response with pre-encoded body bytes.
func JSON(status int, body []byte) Response {
	return Response{Status: status, ContentType: contentJSON, Body: body}
}

// statuses maps application error codes to HTTP statuses: the one place that does.
var statuses = map[string]int{
	swapscout.EINVALID:         http.StatusBadRequest,
	swapscout.ENOTFOUND:        http.StatusNotFound,
	swapscout.ENOTALLOWED:      http.StatusMethodNotAllowed,
	swapscout.ETOOLARGE:        http.StatusBadRequest,
	swapscout.ECONFLICT:        http.StatusUnprocessableEntity,
	swapscout.EADDRESS:         http.StatusBadRequest,
	swapscout.ERATECHANGED:     http.StatusConflict,
	swapscout.EINPROGRESS:      http.StatusConflict,
	swapscout.ESWAPUNSUPPORTED: http.StatusUnprocessableEntity,
	swapscout.EVENUE:           http.StatusBadGateway,
	swapscout.EBADANSWER:       http.StatusBadGateway,
	swapscout.EUNKNOWN:         http.StatusBadGateway,
	swapscout.ERATELIMITED:     http.StatusTooManyRequests,
	swapscout.EDEPOSIT:         http.StatusConflict,
	swapscout.EUNAVAILABLE:     http.StatusServiceUnavailable,
	swapscout.EUNAUTHORIZED:    http.StatusUnauthorized,
	swapscout.EFORBIDDEN:       http.StatusForbidden,
	swapscout.EINTERNAL:        http.StatusInternalServerError,
}

// StatusOf returns the HTTP status for an application error code.
func StatusOf(code string) int {
	if s, ok := statuses[code]; ok {
		return s
	}
	return http.StatusInternalServerError
}

// ErrorResponse renders err as {"error":{"code","message"}} with its status.
// Internal errors are logged with their cause; clients only see a generic message.
func ErrorResponse(log *slog.Logger, r *Request, err error) Response {
	code := swapscout.ErrorCode(err)
	if code == swapscout.EINTERNAL && log != nil {
		path := ""
		if r != nil {
			path = string(r.Path)
		}
		log.Error("internal error", "path", path, "err", err)
	}
	resp := JSON(StatusOf(code), appendErrorOf(nil, code, err))
	if after := swapscout.RetryAfterOf(err); after > 0 {
		// Whole seconds, rounded up: asking sooner gets the same answer.
		resp.Headers = []Field{{Key: "Retry-After", Value: strconv.FormatInt(int64((after+time.Second-1)/time.Second), 10)}}
	}
	return resp
}

// appendErrorOf appends err's JSON error body, with the details a client
// acts on: the field of an invalid address; both amounts and the fresh
// quote of a rate change.
func appendErrorOf(dst []byte, code string, err error) []byte {
	e := api.Error{Code: code, Message: swapscout.ErrorMessage(err)}
	var ae *swaps.AddressError
	var rc *swaps.RateChangedError
	switch {
	case errors.As(err, &ae):
		e.Field = ae.Field
	case errors.As(err, &rc):
		e.Field = "amount_out"
		if rc.Direction == swapscout.Receive {
			e.Field = "amount_in"
		}
		e.Shown, e.Now, e.QuoteID = rc.Shown, rc.Now, rc.QuoteID
	}
	return api.AppendError(dst, &e)
}
