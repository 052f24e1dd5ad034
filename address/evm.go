package address

import (
	"golang.org/x/crypto/sha3"
)

// checkEVM validates an Ethereum-style address: 0x and 40 hex digits. An
// all-lowercase or all-uppercase address carries no checksum and is accepted;
// a mixed-case one must match its EIP-55 checksum (keccak-256 of the lowercase
// hex: a letter is uppercase when the matching hash nibble is 8 or more).
func checkEVM(addr string) (string, error) {
	if len(addr) < 2 || addr[0] != '0' || (addr[1] != 'x' && addr[1] != 'X') {
		return "", reason("must start with 0x")
	}
	hex := addr[2:]
	if len(hex) != 40 {
		return "", reason("must be 0x followed by 40 hexadecimal digits")
	}
	var lower [40]byte
	var hasLower, hasUpper bool
	for i := 0; i < 40; i++ {
		c := hex[i]
		switch {
		case '0' <= c && c <= '9':
		case 'a' <= c && c <= 'f':
			hasLower = true
		case 'A' <= c && c <= 'F':
			hasUpper = true
			c += 'a' - 'A'
		default:
			return "", reason("must be 0x followed by 40 hexadecimal digits")
		}
		lower[i] = c
	}
	if !hasLower || !hasUpper {
		return "", nil
	}
	h := sha3.NewLegacyKeccak256()
	h.Write(lower[:])
	var sum [32]byte
	h.Sum(sum[:0])
	for i := 0; i < 40; i++ {
		c := hex[i]
		if c < 'A' {
			continue // a digit
		}
		nibble := sum[i/2] >> 4
		if i%2 == 1 {
			nibble = sum[i/2] & 0x0f
		}
		if (nibble >= 8) != (c <= 'F') {
			return "", reason("checksum mismatch: the upper and lower case letters do not match the EIP-55 checksum; check for a typo")
		}
	}
	return "", nil
}
