package upstream

import (
	"io"
	"sync"
)

// spoolBlock is the unit bodies of unknown size are read in.
const spoolBlock = 32 << 10

var blockPool = sync.Pool{New: func() any { return new([spoolBlock]byte) }}

// spool reads src to its end into dst, which it grows to fit, and returns
// it. The bytes first land in pooled fixed-size blocks, each charged to the
// body budget before it is filled, and are copied into dst only once src
// has ended within limit bytes: a body that runs past limit (a 100 MB
// answer, a gzip bomb) or past the budget fails with ErrBodyTooLarge or
// ErrBodyBudget having allocated nothing, its blocks going back to the
// pool, instead of leaving a trail of doubled buffers for the collector.
// Other errors of src are returned as they are.
func (c *Call) spool(dst []byte, src io.Reader, limit int) ([]byte, error) {
	var stack [16]*[spoolBlock]byte
	blocks := stack[:0]
	n := 0 // bytes in blocks
	defer func() {
		for i, b := range blocks {
			blockPool.Put(b)
			blocks[i] = nil
		}
		c.refund(len(blocks) * spoolBlock)
	}()
	// A body that fits dst's spare capacity needs no block.
	if err := c.charge(cap(dst)); err != nil {
		return dst, err
	}
	for {
		var buf []byte
		switch {
		case len(blocks) == 0 && len(dst) < cap(dst):
			buf = dst[len(dst):cap(dst)]
		case len(blocks) > 0 && n < len(blocks)*spoolBlock:
			buf = blocks[len(blocks)-1][n-(len(blocks)-1)*spoolBlock:]
		default:
			if err := c.charge(spoolBlock); err != nil {
				return dst, err
			}
			blocks = append(blocks, blockPool.Get().(*[spoolBlock]byte))
			buf = blocks[len(blocks)-1][:]
		}
		// Never read more than one byte past limit.
		room := limit + 1 - len(dst) - n
		if room <= 0 {
			return dst, ErrBodyTooLarge
		}
		buf = buf[:min(len(buf), room)]
		k, err := src.Read(buf)
		if len(blocks) == 0 {
			dst = dst[:len(dst)+k]
		} else {
			n += k
		}
		if len(dst)+n > limit {
			return dst, ErrBodyTooLarge
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return dst, err
		}
	}
	if n == 0 {
		return dst, nil
	}
	// Gather: one exact allocation for the whole body.
	total := len(dst) + n
	if total > cap(dst) {
		if err := c.charge(total - cap(dst)); err != nil {
			return dst, err
		}
		grown := make([]byte, len(dst), total)
		copy(grown, dst)
		dst = grown
	}
	for i, b := range blocks {
		take := min(spoolBlock, n-i*spoolBlock)
		dst = append(dst, b[:take]...)
	}
	return dst, nil
}
