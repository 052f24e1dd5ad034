package address

import (
	"bytes"
	"math/bits"

	"golang.org/x/crypto/sha3"
)

// Monero's base58 is not Bitcoin's: the data is cut into 8-byte blocks, each
// encoded separately as 11 characters (a shorter last block as fewer, see
// moneroEncodedSize), so a decoded address has a fixed layout. Described in
// Monero's docs (cryptography/base58) and src/common/base58.cpp.

// moneroDecodedSize maps an encoded block length back to bytes; -1 is invalid.
var moneroDecodedSize = [12]int{0, -1, 1, 2, -1, 3, 4, 5, -1, 6, 7, 8}

// moneroDecode decodes Monero base58; ok is false for bad characters, bad
// lengths, or a block whose value does not fit its size.
func moneroDecode(s string) ([]byte, bool) {
	full, rest := len(s)/11, len(s)%11
	if moneroDecodedSize[rest] < 0 {
		return nil, false
	}
	out := make([]byte, 0, full*8+moneroDecodedSize[rest])
	for len(s) > 0 {
		n := min(11, len(s))
		block, size := s[:n], moneroDecodedSize[n]
		s = s[n:]
		var v uint64
		for i := 0; i < len(block); i++ {
			d := b58Index[block[i]]
			if d < 0 {
				return nil, false
			}
			hi, lo := bits.Mul64(v, 58)
			lo, carry := bits.Add64(lo, uint64(d), 0)
			if hi != 0 || carry != 0 {
				return nil, false
			}
			v = lo
		}
		if size < 8 && v>>(8*size) != 0 {
			return nil, false
		}
		for i := size - 1; i >= 0; i-- {
			out = append(out, byte(v>>(8*i)))
		}
	}
	return out, true
}

// b58Index maps a byte to its base58 digit (Bitcoin alphabet) or -1.
var b58Index = func() (t [256]int8) {
	for i := range t {
		t[i] = -1
	}
	for i := 0; i < len(btcAlphabet); i++ {
		t[btcAlphabet[i]] = int8(i)
	}
	return t
}()

// moneroDecodeAddr decodes a Monero-base58 address into its varint tag and
// data, verifying the 4-byte keccak-256 checksum.
func moneroDecodeAddr(s string) (tag uint64, data []byte, err error) {
	raw, ok := moneroDecode(s)
	if !ok {
		if r := base58Alphabet(s, btcAlphabet); r != "" {
			return 0, nil, reason(r)
		}
		return 0, nil, reason("not a valid Monero address encoding (wrong length or a mistyped character)")
	}
	if len(raw) <= 4 {
		return 0, nil, reason("too short for a Monero address")
	}
	body, sum := raw[:len(raw)-4], raw[len(raw)-4:]
	h := sha3.NewLegacyKeccak256()
	h.Write(body)
	if !bytes.Equal(h.Sum(nil)[:4], sum) {
		return 0, nil, errChecksum
	}
	var shift uint
	for i, b := range body {
		if shift > 63 || (shift == 63 && b > 1) {
			break
		}
		tag |= uint64(b&0x7f) << shift
		if b == 0 && i > 0 {
			break // an overlong varint, which Monero refuses
		}
		if b < 0x80 {
			return tag, body[i+1:], nil
		}
		shift += 7
	}
	return 0, nil, reason("not a valid Monero address prefix")
}

// Monero network bytes (src/cryptonote_config.h).
const (
	xmrStandard   = 18
	xmrIntegrated = 19
	xmrSubaddress = 42
)

var xmrTestTags = map[uint64]bool{53: true, 54: true, 63: true, 24: true, 25: true, 36: true}

// checkXMR validates a mainnet standard (4…), subaddress (8…) or integrated
// (4…, 106 characters) address. The keys' curve points are not checked. An
// integrated address already carries a payment ID, so a memo is refused.
func checkXMR(addr string) (string, error) {
	tag, data, err := moneroDecodeAddr(addr)
	if err != nil {
		return "", err
	}
	switch {
	case xmrTestTags[tag]:
		return "", reason("a testnet or stagenet address; only mainnet addresses are accepted")
	case tag == xmrStandard || tag == xmrSubaddress:
		if len(data) != 64 {
			return "", reason("wrong length for a Monero address")
		}
		return "", nil
	case tag == xmrIntegrated:
		if len(data) != 72 {
			return "", reason("wrong length for a Monero integrated address")
		}
		return "an integrated address already includes a payment ID; leave the memo empty", nil
	}
	return "", reason("not a Monero address; Monero addresses start with 4 or 8")
}
