package address

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/btcsuite/btcd/btcutil/base58"
	"github.com/btcsuite/btcd/btcutil/bech32"
)

// b58chain describes a Bitcoin-derived chain's address encodings: the
// base58check version prefixes of its mainnet pay-to-pubkey-hash and
// pay-to-script-hash addresses, and its segwit human-readable part.
type b58chain struct {
	versions [][]byte // mainnet version prefixes, each followed by a 20-byte hash
	test     [][]byte // testnet/regtest prefixes, refused with their own reason
	hrp      string   // mainnet segwit HRP, "" when the chain has no segwit
	testHRPs []string
	hint     string // what a valid address looks like
}

// Chain parameters. Bitcoin's match chaincfg.MainNetParams (checked in tests);
// the others come from each project's chainparams.cpp.
var (
	btcChain = b58chain{
		versions: [][]byte{{0x00}, {0x05}}, test: [][]byte{{0x6f}, {0xc4}},
		hrp: "bc", testHRPs: []string{"tb", "bcrt"},
		hint: "Bitcoin addresses start with 1, 3 or bc1",
	}
	// Litecoin still accepts the old 3… script addresses (SCRIPT_ADDRESS=5)
	// beside M… (SCRIPT_ADDRESS2=50).
	ltcChain = b58chain{
		versions: [][]byte{{0x30}, {0x32}, {0x05}}, test: [][]byte{{0x6f}, {0x3a}, {0xc4}},
		hrp: "ltc", testHRPs: []string{"tltc", "rltc"},
		hint: "Litecoin addresses start with L, M, 3 or ltc1",
	}
	dogeChain = b58chain{
		versions: [][]byte{{0x1e}, {0x16}}, test: [][]byte{{0x71}, {0xc4}},
		hint: "Dogecoin addresses start with D, A or 9",
	}
	dashChain = b58chain{
		versions: [][]byte{{0x4c}, {0x10}}, test: [][]byte{{0x8c}, {0x13}},
		hint: "Dash addresses start with X or 7",
	}
	// Bitcoin Cash legacy addresses share Bitcoin's version bytes.
	bchLegacy = b58chain{
		versions: [][]byte{{0x00}, {0x05}}, test: [][]byte{{0x6f}, {0xc4}},
		hint: "Bitcoin Cash addresses start with bitcoincash:q, bitcoincash:p, 1 or 3",
	}
	// Zcash transparent addresses have two-byte versions (t1…, t3…).
	zecTransparent = b58chain{
		versions: [][]byte{{0x1c, 0xb8}, {0x1c, 0xbd}}, test: [][]byte{{0x1d, 0x25}, {0x1c, 0xba}},
		hint: "Zcash addresses start with t1, t3, zs1, u1 or tex1",
	}
	// Firo transparent addresses: a… (PUBKEY_ADDRESS=82), script addresses
	// (SCRIPT_ADDRESS=7) and exchange addresses EX… (three-byte prefix).
	firoTransparent = b58chain{
		versions: [][]byte{{0x52}, {0x07}, {0x01, 0xb9, 0xbb}}, test: [][]byte{{0x41}, {0xb2}, {0x01, 0xb9, 0xb1}},
		hint: "Firo addresses start with a, EX or sm1",
	}
)

const (
	errChecksum = reason("checksum mismatch: a character is wrong or missing")
	errTestnet  = reason("a testnet address; only mainnet addresses are accepted")
)

// checkBase58 validates a base58check address of chain c.
func (c *b58chain) checkBase58(addr string) error {
	if r := base58Alphabet(addr, btcAlphabet); r != "" {
		return reason(r)
	}
	payload, ver, err := base58.CheckDecode(addr)
	if err == base58.ErrChecksum {
		return errChecksum
	} else if err != nil {
		return reason("too short to be an address; " + c.hint)
	}
	full := append([]byte{ver}, payload...)
	if prefixed(full, c.versions) {
		return nil
	}
	if prefixed(full, c.test) {
		return errTestnet
	}
	return reason("not an address of this network; " + c.hint)
}

// prefixed reports whether b is one of prefixes followed by a 20-byte hash.
func prefixed(b []byte, prefixes [][]byte) bool {
	for _, p := range prefixes {
		if len(b) == len(p)+20 && bytes.HasPrefix(b, p) {
			return true
		}
	}
	return false
}

// check validates any address form of chain c: segwit when it has the
// chain's HRP, base58check otherwise.
func (c *b58chain) check(addr string) (string, error) {
	if hrp, ok := segwitHRP(addr); ok {
		if chain, ok := segwitHRPs[hrp]; ok && hrp != c.hrp {
			return "", reason("a " + chain + " address (" + hrp + "1…), not an address of this network; " + c.hint)
		}
		if c.hrp != "" {
			if hrp == c.hrp {
				return "", checkSegwit(addr, c.hrp)
			}
			for _, t := range c.testHRPs {
				if hrp == t {
					return "", errTestnet
				}
			}
		}
	}
	return "", c.checkBase58(addr)
}

// segwitHRPs names the mainnet segwit prefixes, to explain a cross-chain paste.
var segwitHRPs = map[string]string{"bc": "Bitcoin", "ltc": "Litecoin"}

// segwitHRP returns the lowercased text before the last '1' if addr looks like
// bech32 (has a separator and no base58-only characters decide it).
func segwitHRP(addr string) (string, bool) {
	i := strings.LastIndexByte(addr, '1')
	if i < 1 {
		return "", false
	}
	return strings.ToLower(addr[:i]), true
}

// checkSegwit validates a segwit address per BIP173 and BIP350. Versions
// 2–16 are accepted as BIP350 asks ("all higher versions … should be
// recognized as valid recipients"); the venue may still refuse them.
func checkSegwit(addr, hrp string) error {
	_, _, err := decodeSegwit(addr, hrp)
	return err
}

// decodeSegwit decodes a segwit address of the given HRP into its witness
// version and program, enforcing every BIP173/BIP350 rule: length ≤ 90, one
// case, valid checksum of the right variant (bech32 for v0, bech32m for
// v1–16), program of 2–40 bytes (20 or 32 for v0) and zero padding.
func decodeSegwit(addr, hrp string) (int, []byte, error) {
	gotHRP, data, variant, err := bech32.DecodeGeneric(addr)
	if err != nil {
		return 0, nil, bech32Reason(err)
	}
	if gotHRP != hrp {
		return 0, nil, reason("wrong prefix " + strconv.Quote(gotHRP) + "; expected " + hrp + "1…")
	}
	if len(data) < 1 {
		return 0, nil, reason("no witness version")
	}
	ver := int(data[0])
	if ver > 16 {
		return 0, nil, reason("invalid witness version")
	}
	prog, err := bech32.ConvertBits(data[1:], 5, 8, false)
	if err != nil {
		return 0, nil, reason("invalid padding in the witness program")
	}
	if len(prog) < 2 || len(prog) > 40 {
		return 0, nil, reason("witness program of " + strconv.Itoa(len(prog)) + " bytes; 2 to 40 are allowed")
	}
	if ver == 0 && len(prog) != 20 && len(prog) != 32 {
		return 0, nil, reason("a version 0 witness program must be 20 or 32 bytes")
	}
	if ver == 0 && variant != bech32.Version0 {
		return 0, nil, reason("segwit version 0 addresses must use the bech32 checksum, not bech32m")
	}
	if ver != 0 && variant != bech32.VersionM {
		return 0, nil, reason("segwit version 1+ addresses must use the bech32m checksum, not bech32")
	}
	return ver, prog, nil
}

// bech32Reason turns a bech32 decoding error into a user-facing reason.
func bech32Reason(err error) error {
	switch err.(type) {
	case bech32.ErrMixedCase:
		return reason("mixes upper and lower case; use one case")
	case bech32.ErrInvalidChecksum:
		return errChecksum
	case bech32.ErrInvalidLength:
		return reason("wrong length for a bech32 address")
	case bech32.ErrNonCharsetChar:
		return reason("contains characters not used in bech32 addresses (1, b, i and o appear only before the separator)")
	case bech32.ErrInvalidSeparatorIndex:
		return reason("misplaced separator or missing checksum")
	}
	return reason("not a valid bech32 address")
}

const btcAlphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// base58Alphabet returns why s has a character outside the alphabet, or "".
func base58Alphabet(s, alphabet string) string {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(alphabet, s[i]) < 0 {
			c := s[i]
			if c < 0x80 {
				return "contains " + strconv.QuoteRune(rune(c)) + ", which base58 addresses never use"
			}
			return "contains a character that base58 addresses never use"
		}
	}
	return ""
}
