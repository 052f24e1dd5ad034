package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
)

// Error is the API's error answer, {"error":{"code":…,"message":…}}, with
// the status it came with and the details a client acts on: Field names
// the request field an address or amount problem is about; a rate that
// changed since the quote (code rate_changed) carries the amount Shown, the
// amount Now and the fresh quote's id. RetryAfter is the answer's
// Retry-After, when it has one (rate limits, a full server).
type Error struct {
	Status     int // the HTTP status; 0 for a stream's error event
	Code       string
	Message    string
	Field      string
	Shown, Now swapscout.Amount
	QuoteID    string
	RetryAfter time.Duration
}

// Error returns the message and the code: "no such swap (not_found)".
func (e *Error) Error() string {
	if e.Code == "" {
		return e.Message
	}
	return fmt.Sprintf("%s (%s)", e.Message, e.Code)
}

// AppendError appends e's JSON body: its code and message, its field when
// set, and a changed rate's amounts and fresh quote id when it has them.
func AppendError(dst []byte, e *Error) []byte {
	m := open(append(dst, `{"error":`...), "code", e.Code)
	m.str("message", e.Message, true)
	m.str("field", e.Field, false)
	if e.QuoteID != "" || !e.Shown.IsZero() || !e.Now.IsZero() {
		m.amt("shown", e.Shown, true)
		m.amt("now", e.Now, true)
		m.str("quote_id", e.QuoteID, true)
	}
	return append(m, "}}\n"...)
}

type errorJSON struct {
	Error *struct {
		Code    string           `json:"code"`
		Message string           `json:"message"`
		Field   string           `json:"field"`
		Shown   swapscout.Amount `json:"shown"`
		Now     swapscout.Amount `json:"now"`
		QuoteID string           `json:"quote_id"`
	} `json:"error"`
}

// DecodeError reads an error answer that came with status. A body that is
// not the API's error (a proxy's page, an empty answer) still gives an
// Error, whose message quotes the status and the start of the body.
func DecodeError(status int, body []byte) *Error {
	e := &Error{Status: status}
	var w errorJSON
	if json.Unmarshal(body, &w) == nil && w.Error != nil {
		e.Code, e.Message, e.Field = w.Error.Code, w.Error.Message, w.Error.Field
		e.Shown, e.Now, e.QuoteID = w.Error.Shown, w.Error.Now, w.Error.QuoteID
	}
	if e.Message == "" {
		e.Message = fmt.Sprintf("the server answered %d %s: %.200s", status, http.StatusText(status), strings.TrimSpace(string(body)))
	}
	return e
}
