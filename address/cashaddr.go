package address

import (
	"strings"

	"github.com/btcsuite/btcd/btcutil/bech32"
)

// CashAddr, the Bitcoin Cash address format (spec: bitcoincash.org
// spec/cashaddr.md): "prefix:payload", bech32 characters, a 40-bit BCH-code
// checksum over the prefix and payload, and a version byte whose type bits
// say P2PKH (0), P2SH (1) or their CashTokens-aware variants (2, 3), and
// whose size bits give the hash length.

const cashCharset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

// cashPolymod is the CashAddr checksum generator (spec section "Checksum").
func cashPolymod(prefix string, data []byte) uint64 {
	gen := [5]uint64{0x98f2bc8e61, 0x79b76d99e2, 0xf33e5fb3c4, 0xae2eabe2a8, 0x1e4f43e470}
	c := uint64(1)
	step := func(d byte) {
		c0 := byte(c >> 35)
		c = ((c & 0x07ffffffff) << 5) ^ uint64(d)
		for i, g := range gen {
			if c0&(1<<i) != 0 {
				c ^= g
			}
		}
	}
	for i := 0; i < len(prefix); i++ {
		step(prefix[i] & 0x1f)
	}
	step(0)
	for _, d := range data {
		step(d)
	}
	return c ^ 1
}

// checkBCH accepts CashAddr (with or without the bitcoincash: prefix) and
// legacy base58 addresses.
func checkBCH(addr string) (string, error) {
	prefix, payload := "bitcoincash", addr
	if i := strings.IndexByte(addr, ':'); i >= 0 {
		prefix, payload = addr[:i], addr[i+1:]
	} else if base58Alphabet(addr, btcAlphabet) == "" && (addr[0] == '1' || addr[0] == '3') {
		return "", bchLegacy.checkBase58(addr)
	}
	lower, upper := strings.ToLower(addr) == addr, strings.ToUpper(addr) == addr
	if !lower && !upper {
		return "", reason("mixes upper and lower case; use one case")
	}
	prefix, payload = strings.ToLower(prefix), strings.ToLower(payload)
	switch prefix {
	case "bitcoincash":
	case "bchtest", "bchreg":
		return "", errTestnet
	case "ecash", "ectest":
		return "", reason("an eCash address, not a Bitcoin Cash address")
	default:
		return "", reason("unknown prefix; Bitcoin Cash addresses start with bitcoincash:")
	}
	data := make([]byte, len(payload))
	for i := 0; i < len(payload); i++ {
		d := strings.IndexByte(cashCharset, payload[i])
		if d < 0 {
			return "", reason("contains characters that CashAddr never uses")
		}
		data[i] = byte(d)
	}
	if len(data) < 8+1 {
		return "", reason("too short for a CashAddr address")
	}
	if cashPolymod(prefix, data) != 0 {
		return "", errChecksum
	}
	body, err := bech32.ConvertBits(data[:len(data)-8], 5, 8, false)
	if err != nil || len(body) < 1 {
		return "", reason("invalid CashAddr payload")
	}
	ver, hash := body[0], body[1:]
	if ver&0x80 != 0 {
		return "", reason("invalid CashAddr version")
	}
	sizes := [8]int{20, 24, 28, 32, 40, 48, 56, 64}
	if len(hash) != sizes[ver&7] {
		return "", reason("CashAddr hash length does not match its version")
	}
	switch typ := ver >> 3; {
	case typ > 3:
		return "", reason("unknown CashAddr address type")
	case len(hash) != 20 && !(len(hash) == 32 && typ&1 == 1):
		// Only 160-bit hashes and 256-bit script hashes (P2SH32) are in use.
		return "", reason("a CashAddr hash size that no wallet pays to")
	}
	return "", nil
}
