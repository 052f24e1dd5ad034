package upstream

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"testing"
)

// TestSpooledBodies: bodies of unknown length and gunzipped bodies, read
// through pooled blocks, come back byte for byte at every size around the
// block boundaries, and a body exactly at the cap is accepted.
func TestSpooledBodies(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, spoolBlock - 1, spoolBlock, spoolBlock + 1, 3*spoolBlock + 17, 300_000} {
		body := make([]byte, n)
		for i := range body {
			body[i] = byte('a' + r.IntN(26))
		}
		srv := newTestServer(t, http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
			if req.URL.Path == "/gzip" {
				w.Header().Set("Content-Encoding", "gzip")
				w.Header().Set("Content-Length", fmt.Sprint(len(gzipBytes(body))))
				w.Write(gzipBytes(body))
				return
			}
			w.(http.Flusher).Flush() // no Content-Length: chunked
			w.Write(body)
		}))
		cl := newClient(t, Options{MaxBodySize: 300_000})
		for _, path := range []string{"/chunked", "/gzip"} {
			_, got, err := get(context.Background(), cl, srv.URL+path)
			if err != nil {
				t.Fatalf("%d bytes %s: %v", n, path, err)
			}
			if !bytes.Equal(got, body) {
				t.Errorf("%d bytes %s: got %d bytes, not the body sent", n, path, len(got))
			}
		}
		if got := cl.BodyBytesInFlight(); got != 0 {
			t.Errorf("%d bytes of the budget still held", got)
		}
	}
}
