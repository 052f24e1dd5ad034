package upstream

import (
	"bufio"
	"bytes"
	"errors"
	"math/bits"
	"strings"
	"sync"
	"time"

	"github.com/valyala/fasthttp"
)

// Call is one reusable request/response pair. Obtain it with [AcquireCall],
// describe the request with the Set* methods, pass it to [Client.Do], read
// the response with [Call.Status], [Call.Header], [Call.ContentType] and
// [Call.Body], and give it back with [ReleaseCall]. Reusing Calls is what
// keeps a warm call allocation-free.
//
// A Call must not be used by more than one goroutine at a time, and its
// response accessors must not be used after ReleaseCall.
type Call struct {
	req     fasthttp.Request
	resp    fasthttp.Response
	url     []byte
	timeout time.Duration
	maxBody int // overrides Options.MaxBodySize when positive

	body      []byte // gunzipped body when gunzipped is set
	gunzipped bool
	raw       []byte // body of unknown length, read as it arrived, when streamed is set
	streamed  bool
	key       []byte // scratch for the host pool lookup

	// charged is how many bytes of cl's body budget this call holds for
	// the buffers its response body lives in; given back by Reset.
	cl      *Client
	charged int64
}

var (
	strIdentity = []byte("identity")
	strXGzip    = []byte("x-gzip")
)

// maxRetainedBody is the largest body buffer (the wire body, the gunzipped
// body, the body of unknown length) a Call keeps for reuse: larger ones are
// left to the garbage collector, so one big answer does not stay resident
// in a pool.
const maxRetainedBody = 64 << 10

var callPool = sync.Pool{New: func() any { return new(Call) }}

// AcquireCall returns an empty Call from a pool.
func AcquireCall() *Call {
	return callPool.Get().(*Call)
}

// ReleaseCall resets c and returns it to the pool. c and any byte slice
// obtained from it must not be used afterwards.
func ReleaseCall(c *Call) {
	c.Reset()
	callPool.Put(c)
}

// Reset clears the request and the response so c can describe a new call,
// and gives back the share of the client's body budget the response held.
func (c *Call) Reset() {
	c.req.Reset()
	c.resetResponse()
	c.url = c.url[:0]
	c.timeout = 0
	c.maxBody = 0
}

// resetResponse drops the response, keeping only buffers small enough to
// reuse, and returns the budget it held.
func (c *Call) resetResponse() {
	c.resp.ReleaseBody(maxRetainedBody) // a big wire body goes to the GC, not to fasthttp's pool
	c.resp.Reset()
	if cap(c.body) > maxRetainedBody {
		c.body = nil
	}
	if cap(c.raw) > maxRetainedBody {
		c.raw = nil
	}
	c.body = c.body[:0]
	c.raw = c.raw[:0]
	c.gunzipped = false
	c.streamed = false
	c.uncharge()
}

// charge takes n bytes of the client's body budget for this call.
func (c *Call) charge(n int) error {
	if n <= 0 || c.cl == nil {
		return nil
	}
	if !c.cl.budget.take(int64(n)) {
		return ErrBodyBudget
	}
	c.charged += int64(n)
	return nil
}

// refund gives back n bytes of what this call holds of the budget.
func (c *Call) refund(n int) {
	if n > 0 && c.cl != nil {
		c.cl.budget.give(int64(n))
		c.charged -= int64(n)
	}
}

// uncharge gives back everything this call holds of the body budget.
func (c *Call) uncharge() {
	if c.charged != 0 {
		c.cl.budget.give(c.charged)
		c.charged = 0
	}
	c.cl = nil
}

// SetMaxBodySize caps this call's response body at n bytes instead of the
// client's MaxBodySize (for the rare large answer, such as a venue's full
// market list); n ≤ 0 restores the client's cap.
func (c *Call) SetMaxBodySize(n int) { c.maxBody = n }

// SetMethod sets the request method. The default is GET.
func (c *Call) SetMethod(method string) {
	c.req.Header.SetMethod(method)
}

// SetURL sets the absolute http or https URL to call, including the query
// string. The path and query are sent exactly as given.
func (c *Call) SetURL(url string) {
	c.url = append(c.url[:0], url...)
}

// SetHeader sets request header key to value, replacing earlier values. It
// overrides the defaults the client sends (User-Agent, Accept:
// application/json, Accept-Encoding: gzip and Host).
func (c *Call) SetHeader(key, value string) {
	if strings.EqualFold(key, "Host") {
		c.req.UseHostHeader = true
	}
	c.req.Header.Set(key, value)
}

// SetBody sets the request body (copied) and its Content-Type. An empty
// contentType sends no Content-Type header.
func (c *Call) SetBody(body []byte, contentType string) {
	c.req.SetBody(body)
	c.req.Header.SetContentType(contentType)
}

// SetTimeout bounds the whole call (connect, write, read) to d. The ctx
// deadline given to Do also applies; the earlier one wins. Zero means only
// the ctx deadline. When the timeout fires, Do fails with ErrTimeout.
func (c *Call) SetTimeout(d time.Duration) {
	c.timeout = d
}

// Status returns the response status code.
func (c *Call) Status() int {
	return c.resp.StatusCode()
}

// ContentType returns the response Content-Type header value. The slice is
// valid until c is reused or released.
func (c *Call) ContentType() []byte {
	return c.resp.Header.ContentType()
}

// Header returns the first value of response header name (case-insensitive),
// e.g. Header("Retry-After"), or nil. The slice is valid until c is reused or
// released. Note that Content-Encoding and Content-Length describe the body
// as received, before gunzip.
func (c *Call) Header(name string) []byte {
	return c.resp.Header.Peek(name)
}

// Body returns the response body, decompressed if the server sent it
// gzip-encoded. The slice is owned by c and valid until c is reused or
// released; copy it to keep it longer.
func (c *Call) Body() []byte {
	if c.gunzipped {
		return c.body
	}
	return c.wireBody()
}

// wireBody is the body as received, before gunzip.
func (c *Call) wireBody() []byte {
	if c.streamed {
		return c.raw
	}
	return c.resp.Body()
}

// maxInterimResponses bounds the 1xx answers skipped before the real one.
const maxInterimResponses = 10

var errTooManyInterim = errors.New("too many 1xx responses")

// readResponse reads the response headers, then the body, charging the
// body's buffers to the client's budget before they are filled. It does what
// fasthttp.Response.ReadLimitBody does, except for bodies of unknown length
// (chunked, or delimited by the connection closing): those are read as a
// stream into a buffer that grows with what actually arrives, so a chunk
// size announced by the server is never allocated ahead of its bytes.
func (c *Call) readResponse(br *bufio.Reader, limit int) error {
	r := &c.resp
	if err := r.Header.Read(br); err != nil {
		return err
	}
	for n := 0; ; n++ {
		if sc := r.Header.StatusCode(); sc < 100 || sc > 199 || sc == 101 {
			break
		}
		if n >= maxInterimResponses {
			return errTooManyInterim
		}
		if err := r.Header.Read(br); err != nil {
			return err
		}
	}
	if sc := r.Header.StatusCode(); r.SkipBody || sc < 200 || sc == 204 || sc == 304 {
		return nil
	}
	if n := r.Header.ContentLength(); n >= 0 {
		if n > limit {
			return ErrBodyTooLarge // before reading a byte of it
		}
		// fasthttp allocates the announced length at once, rounded up to a
		// power of two (up to 100 MB).
		if err := c.charge(roundUpPow2(n)); err != nil {
			return err
		}
		return r.ReadBody(br, limit)
	}
	if r.Header.ContentLength() != -1 {
		// Delimited by the connection closing: it cannot be reused.
		r.SetConnectionClose()
	}
	r.StreamBody = true
	err := r.ReadBody(br, limit)
	r.StreamBody = false
	if err != nil {
		return err
	}
	c.streamed = true
	c.raw, err = c.spool(c.raw[:0], r.BodyStream(), limit)
	if cerr := r.CloseBodyStream(); err == nil {
		err = cerr
	}
	return err
}

// roundUpPow2 is the buffer size fasthttp allocates for a body of n bytes.
func roundUpPow2(n int) int {
	if n <= 0 || n > 100<<20 {
		return n
	}
	return 1 << bits.Len(uint(n-1))
}

// decode gunzips the response body into c.body if needed.
func (c *Call) decode(limit int) error {
	raw := c.wireBody()
	if len(raw) == 0 {
		return nil
	}
	enc := c.resp.Header.ContentEncoding()
	switch {
	case len(enc) == 0 || bytes.EqualFold(enc, strIdentity):
		return nil
	case bytes.EqualFold(enc, strGzip) || bytes.EqualFold(enc, strXGzip):
		body, err := c.gunzip(c.body[:0], raw, limit)
		c.body = body
		if err != nil {
			return err
		}
		c.gunzipped = true
		return nil
	default:
		return unsupportedEncoding(enc)
	}
}

// fail wraps err in an *Error describing c.
func (c *Call) fail(hp *hostPool, err error) error {
	e := &Error{Method: string(c.req.Header.Method()), Err: err}
	if hp != nil {
		e.Host = hp.name
	}
	return e
}
