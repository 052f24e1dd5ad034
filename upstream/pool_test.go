package upstream

import (
	"bytes"
	"compress/gzip"
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestBigBuffersNotKept: after a big answer (with a length, chunked, or
// gzipped), a reset Call keeps no buffer over maxRetainedBody for its next
// use: one large answer must not stay resident in the pool of Calls.
func TestBigBuffersNotKept(t *testing.T) {
	big := bytes.Repeat([]byte("7"), 512<<10)
	var zipped bytes.Buffer
	zw := gzip.NewWriter(&zipped)
	_, _ = zw.Write(big)
	_ = zw.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/chunked":
			w.Write(big[:1])
			w.(http.Flusher).Flush()
			w.Write(big[1:])
		case "/gzip":
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(zipped.Bytes())
		default:
			w.Write(big)
		}
	}))
	defer srv.Close()
	cl := newClient(t, Options{})
	for _, path := range []string{"/length", "/chunked", "/gzip"} {
		c := AcquireCall()
		c.SetURL(srv.URL + path)
		if err := cl.Do(context.Background(), c); err != nil || len(c.Body()) != len(big) {
			t.Fatalf("%s: %v, %d bytes", path, err, len(c.Body()))
		}
		c.Reset()
		if n := max(cap(c.body), cap(c.raw), cap(c.resp.Body())); n > maxRetainedBody {
			t.Errorf("%s: a reset Call keeps a %d KiB buffer, want at most %d KiB", path, n>>10, maxRetainedBody>>10)
		}
		ReleaseCall(c)
	}
}
