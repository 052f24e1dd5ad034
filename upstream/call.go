package upstream

import (
	"bytes"
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
	key       []byte // scratch for the host pool lookup
}

var (
	strIdentity = []byte("identity")
	strXGzip    = []byte("x-gzip")
)

// maxRetainedBody is the largest gunzip buffer a released Call keeps.
const maxRetainedBody = 1 << 20

var callPool = sync.Pool{New: func() any { return new(Call) }}

// AcquireCall returns an empty Call from a pool.
func AcquireCall() *Call {
	return callPool.Get().(*Call)
}

// ReleaseCall resets c and returns it to the pool. c and any byte slice
// obtained from it must not be used afterwards.
func ReleaseCall(c *Call) {
	c.Reset()
	if cap(c.body) > maxRetainedBody {
		c.body = nil
	}
	callPool.Put(c)
}

// Reset clears the request and the response so c can describe a new call.
func (c *Call) Reset() {
	c.req.Reset()
	c.resp.Reset()
	c.url = c.url[:0]
	c.timeout = 0
	c.maxBody = 0
	c.body = c.body[:0]
	c.gunzipped = false
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
	return c.resp.Body()
}

// decode gunzips the response body into c.body if needed.
func (c *Call) decode(limit int) error {
	raw := c.resp.Body()
	if len(raw) == 0 {
		return nil
	}
	enc := c.resp.Header.ContentEncoding()
	switch {
	case len(enc) == 0 || bytes.EqualFold(enc, strIdentity):
		return nil
	case bytes.EqualFold(enc, strGzip) || bytes.EqualFold(enc, strXGzip):
		body, err := gunzip(c.body[:0], raw, limit)
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
