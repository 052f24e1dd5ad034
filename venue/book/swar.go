package book

import (
	"encoding/binary"
	"math/bits"
)

// quotedDecimal is parseDecimal's fast path for what order books are mostly
// made of, a quoted decimal such as "97123.45000000" at d[i] (the caller has
// checked that d[i] is '"' and that 18 bytes remain). It reads the 16 bytes
// after the quote as two words and classifies them all at once (SWAR), so
// it costs the same few dozen instructions whatever the number's length,
// with no branch per digit. It takes int parts of 1–7 digits with
// a fraction of 1–8 digits, and integers of 1–7 digits; anything else (a
// sign, more digits, a malformed number) it declines (ok false) for the
// byte-at-a-time loop, which accepts the same numbers.
func quotedDecimal(d []byte, i int) (coef int64, scale, next int, ok bool) {
	s := d[i+1:]
	if len(s) < 17 {
		return 0, 0, i, false
	}
	x1 := binary.LittleEndian.Uint64(s[:8]) ^ 0x3030303030303030 // digits become 0–9
	nd1 := nonDigits(x1)
	p := uint(bits.TrailingZeros64(nd1)) >> 3 // the first non-digit: '.' or the closing quote
	if p-1 >= 7 {                             // no int part, or more than 7 digits
		return 0, 0, i, false
	}
	if c := s[p]; c != '.' {
		if c != '"' {
			return 0, 0, i, false
		}
		return int64(eightDigits(x1 << ((64 - 8*p) & 63))), 0, i + int(p) + 2, true
	}
	// After the '.', the next non-digit must be the closing quote, at n.
	var n uint
	if rest := nd1 & (nd1 - 1); rest != 0 {
		n = uint(bits.TrailingZeros64(rest)) >> 3
	} else {
		n = 8 + uint(bits.TrailingZeros64(nonDigits(binary.LittleEndian.Uint64(s[8:16])^0x3030303030303030)))>>3
	}
	f := n - p - 1 // fraction digits
	if f-1 >= 8 || s[n] != '"' {
		return 0, 0, i, false
	}
	x2 := binary.LittleEndian.Uint64(s[8:16]) ^ 0x3030303030303030
	// The int part is x1's first p bytes and the fraction the f bytes after
	// the '.', possibly running into x2; each is shifted to the top of a
	// word so that the bytes below read as leading zeros.
	k := 8*p + 8                              // 16–64
	fw := x1>>8>>((k-8)&63) | x2<<((64-k)&63) // (x2:x1) >> k
	ip := eightDigits(x1 << ((64 - 8*p) & 63))
	fp := eightDigits(fw << ((64 - 8*f) & 63))
	return int64(ip*pow10[f&15] + fp), int(f), i + int(n) + 2, true
}

// nonDigits has the high bit set in each byte of x (bytes XOR '0') that is
// not a digit. Bytes up to and including the first flagged one are exact;
// past one that is 0xBA or above, a 9 may be flagged too.
func nonDigits(x uint64) uint64 {
	return (x + 0x7676767676767676 | x) & 0x8080808080808080
}

// eightDigits is the value of eight digits 0–9, one a byte, the first
// (most significant) in the lowest byte.
func eightDigits(v uint64) uint64 {
	v = v * (10<<8 + 1) >> 8
	v = (v & 0x00FF00FF00FF00FF) * (100<<16 + 1) >> 16
	return (v & 0x0000FFFF0000FFFF) * (10000<<32 + 1) >> 32
}
