package upstream

import (
	"bytes"
	"sync"

	"github.com/klauspost/compress/gzip"
)

// gunzipper is a reusable gzip decoder. klauspost/compress (already a
// dependency of fasthttp) resets without allocating; compress/gzip allocates
// Huffman link tables on every dynamic block (7 allocs for our 8.8 KB
// fixture).
type gunzipper struct {
	src bytes.Reader
	zr  gzip.Reader
}

var gunzipPool = sync.Pool{New: func() any { return new(gunzipper) }}

// gunzip appends the decompressed src to dst. More than limit decompressed
// bytes fail with ErrBodyTooLarge, corrupt input with ErrBadEncoding. The
// output is spooled (see [Call.spool]): a gzip bomb costs at most limit
// bytes of pooled blocks, charged to the body budget, and no garbage.
func (c *Call) gunzip(dst, src []byte, limit int) ([]byte, error) {
	g := gunzipPool.Get().(*gunzipper)
	defer gunzipPool.Put(g)
	defer g.src.Reset(nil)

	g.src.Reset(src)
	if err := g.zr.Reset(&g.src); err != nil {
		return dst, badEncoding(err)
	}
	dst, err := c.spool(dst, &g.zr, limit)
	if err != nil && err != ErrBodyTooLarge && err != ErrBodyBudget {
		return dst, badEncoding(err)
	}
	return dst, err
}
