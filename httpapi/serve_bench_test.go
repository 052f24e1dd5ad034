package httpapi_test

import (
	"context"
	"encoding/binary"
	"testing"
	"time"

	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
)

// BenchmarkServeQuoteByID is the transport-free part of the hot path:
// routing, the action, the store lookup and the age head.
func BenchmarkServeQuoteByID(b *testing.B) {
	store := inmem.New(inmem.Options{})
	v := append(make([]byte, 8), `{"id":"qaaaaaaaaaaaaaaaaaaaaaaaaaa","offers":[]}`...)
	binary.BigEndian.PutUint64(v, uint64(time.Now().UnixNano()))
	_ = store.Put(context.Background(), "qaaaaaaaaaaaaaaaaaaaaaaaaaa", v, time.Hour)
	h := httpapi.NewHandler(httpapi.Deps{Store: store})
	r := &httpapi.Request{Ctx: context.Background(), Method: "GET", Path: []byte("/v1/quotes/qaaaaaaaaaaaaaaaaaaaaaaaaaa")}
	b.ReportAllocs()
	for b.Loop() {
		if resp := h.Serve(r); resp.Status != 200 {
			b.Fatal(resp.Status)
		}
	}
}
