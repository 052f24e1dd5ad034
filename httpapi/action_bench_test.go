package httpapi

import (
	"context"
	"encoding/binary"
	"strconv"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/inmem"
)

// sink stands in for a transport's response writer.
type sink struct {
	status int
	ctype  string
	body   []byte
}

// BenchmarkActionVsPlain isolates the cost of the action style (return a
// Response value, map errors in one place, recover panics) against a plain
// handler that writes the same answer straight to the writer. Both are
// dispatched by the same router and read the same store.
func BenchmarkActionVsPlain(b *testing.B) {
	store := inmem.New(inmem.Options{})
	v := append(make([]byte, 8), `{"id":"qaaaaaaaaaaaaaaaaaaaaaaaaaa","offers":[],"failures":[]}`...)
	binary.BigEndian.PutUint64(v, uint64(time.Now().UnixNano()))
	_ = store.Put(context.Background(), "qaaaaaaaaaaaaaaaaaaaaaaaaaa", v, time.Hour)
	h := NewHandler(Deps{Store: store})
	r := &Request{Ctx: context.Background(), Method: "GET", Path: []byte("/v1/quotes/qaaaaaaaaaaaaaaaaaaaaaaaaaa")}
	w := &sink{body: make([]byte, 0, 256)}

	b.Run("action", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			resp := h.Serve(r)
			w.status, w.ctype = resp.Status, resp.ContentType
			w.body = append(append(w.body[:0], resp.Head...), resp.Body...)
		}
	})
	plain := func(w *sink, r *Request) {
		v, err := store.Get(r.Ctx, r.Param("id"))
		if err != nil {
			w.status = StatusOf(swapscout.ErrorCode(err))
			w.body = api.AppendError(w.body[:0], &api.Error{Code: swapscout.ErrorCode(err), Message: swapscout.ErrorMessage(err)})
			return
		}
		age := time.Since(time.Unix(0, int64(binary.BigEndian.Uint64(v[:8])))).Milliseconds()
		w.status, w.ctype = 200, contentJSON
		w.body = append(w.body[:0], `{"age_ms":`...)
		w.body = strconv.AppendInt(w.body, max(age, 0), 10)
		w.body = append(w.body, ',')
		w.body = append(w.body, v[9:]...)
	}
	b.Run("plain", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if _, _, err := h.match(r); err != nil {
				b.Fatal(err)
			}
			plain(w, r)
		}
	})
}
