package httpserver

import (
	"bytes"
	"io"
	"testing"
	"testing/iotest"
)

// TestTwoPartRead: the Read fallback yields head then body, in any chunking.
func TestTwoPartRead(t *testing.T) {
	for _, tc := range []struct{ head, body string }{{"", "b"}, {"h", ""}, {`{"age_ms":5,`, `"id":"q"}`}} {
		tp := &twoPart{head: []byte(tc.head), body: []byte(tc.body)}
		got, err := io.ReadAll(iotest.OneByteReader(tp))
		if err != nil || string(got) != tc.head+tc.body {
			t.Errorf("Read = %q, %v; want %q", got, err, tc.head+tc.body)
		}
		var buf bytes.Buffer
		tp = &twoPart{head: []byte(tc.head), body: []byte(tc.body)}
		if n, err := tp.WriteTo(&buf); err != nil || n != int64(len(tc.head+tc.body)) || buf.String() != tc.head+tc.body {
			t.Errorf("WriteTo = %d %q %v", n, buf.String(), err)
		}
	}
}

// TestTarget: the request target splits into path and query as sent; the
// absolute form proxies use is reduced to its path; nothing is decoded.
func TestTarget(t *testing.T) {
	for _, tc := range []struct{ in, path, query string }{
		{"/v1/quotes?from=btc&to=eth", "/v1/quotes", "from=btc&to=eth"},
		{"/v1/quotes/qabc", "/v1/quotes/qabc", ""},
		{"/v1/quotes?", "/v1/quotes", ""},
		{"/a%2Fb?x=%20", "/a%2Fb", "x=%20"},
		{"/healthz#frag", "/healthz", ""},
		{"http://example.com/v1/venues?kyc=A", "/v1/venues", "kyc=A"},
		{"https://example.com", "/", ""},
		{"http://example.com?x=1", "/", "x=1"},
		{"*", "*", ""},
		{"", "", ""},
	} {
		p, q := target([]byte(tc.in))
		if string(p) != tc.path || string(q) != tc.query {
			t.Errorf("target(%q) = %q, %q; want %q, %q", tc.in, p, q, tc.path, tc.query)
		}
	}
}
