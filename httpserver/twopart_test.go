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
