package address

import "strings"

// checkNEAR validates a NEAR account id, the only form of NEAR address.
// NEAR's account id rules (nomicon, Account ID rules; the near-account-id
// crate): 2 to 64 characters of a–z, 0–9 and the separators '-', '_' and
// '.'; no separator first, last, or next to another one. '.' splits the id
// into parts (alice.near, app.alice.near), each part therefore non-empty.
// Three kinds pass these rules:
//
//   - named accounts (alice.near, a top-level name such as aurora);
//   - NEAR-implicit accounts: the 64 lowercase hex digits of an ed25519
//     public key, created by the first transfer to them;
//   - ETH-implicit accounts: "0x" and 40 lowercase hex digits, likewise.
//
// NEAR has no checksum, so a typo in a name is a different, valid name. The
// rules are case-sensitive: an upper-case letter is refused with a reason
// that says so (an Ethereum address with its EIP-55 capitals is not a NEAR
// account as written). "system" is the protocol's own account, which no
// one can create or send to. A payout never carries a memo on NEAR.
func checkNEAR(addr string) (string, error) {
	if len(addr) < 2 || len(addr) > 64 {
		return "", reason("a NEAR account is 2 to 64 characters (alice.near, or a 64-character implicit account)")
	}
	if addr == "system" {
		return "", reason("system is the NEAR protocol's own account; it cannot receive a payout")
	}
	prevSep := true // no separator may come first
	for i := 0; i < len(addr); i++ {
		c := addr[i]
		switch {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9':
			prevSep = false
		case c == '-' || c == '_' || c == '.':
			if prevSep {
				if i == 0 {
					return "", reason("a NEAR account cannot start with '" + string(c) + "'")
				}
				return "", reason("a NEAR account cannot have two separators (. - _) in a row")
			}
			prevSep = true
		case 'A' <= c && c <= 'Z':
			if implicitShape(addr) {
				return "", reason("NEAR accounts are lower case; write the implicit account in lower case: " + strings.ToLower(addr))
			}
			return "", reason("NEAR accounts are lower case (a-z, 0-9, . - _)")
		default:
			return "", reason("a NEAR account uses only a-z, 0-9 and the separators . - _")
		}
	}
	if prevSep {
		return "", reason("a NEAR account cannot end with a separator (. - _)")
	}
	return "", nil
}

// implicitShape reports whether addr is an implicit account but for the
// case of its letters: 64 hex digits, or 0x and 40 hex digits.
func implicitShape(addr string) bool {
	hex := addr
	switch {
	case len(addr) == 42 && addr[0] == '0' && (addr[1] == 'x' || addr[1] == 'X'):
		hex = addr[2:]
	case len(addr) != 64:
		return false
	}
	for i := 0; i < len(hex); i++ {
		c := hex[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}
