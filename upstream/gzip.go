package upstream

import (
	"bytes"
	"io"
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
// bytes fail with ErrBodyTooLarge; corrupt input fails with ErrBadEncoding.
// Every byte of buffer dst holds or grows to is first passed to charge,
// whose error stops the decompression: a gzip bomb costs at most limit
// bytes, and only as much as the shared budget allows.
func gunzip(dst, src []byte, limit int, charge func(int) error) ([]byte, error) {
	g := gunzipPool.Get().(*gunzipper)
	defer gunzipPool.Put(g)
	defer g.src.Reset(nil)

	g.src.Reset(src)
	if err := g.zr.Reset(&g.src); err != nil {
		return dst, badEncoding(err)
	}
	if cap(dst) == 0 {
		dst = make([]byte, 0, min(max(4*len(src), 4<<10), limit+1))
	}
	if err := charge(cap(dst)); err != nil {
		return dst, err
	}
	for {
		if len(dst) == cap(dst) {
			if len(dst) > limit {
				return dst, ErrBodyTooLarge
			}
			before := cap(dst)
			dst = append(dst, 0)[:len(dst)] // grow
			if err := charge(cap(dst) - before); err != nil {
				return dst, err
			}
		}
		// Read at most limit+1 bytes in total, enough to detect overflow.
		end := min(cap(dst), limit+1)
		n, err := g.zr.Read(dst[len(dst):end])
		dst = dst[:len(dst)+n]
		if len(dst) > limit {
			return dst, ErrBodyTooLarge
		}
		if err == io.EOF {
			return dst, nil
		}
		if err != nil {
			return dst, badEncoding(err)
		}
	}
}
