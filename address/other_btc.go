package address

import (
	"strings"

	"github.com/btcsuite/btcd/btcutil/bech32"
)

// checkBech32Long validates a bech32 string longer than BIP173's 90-character
// limit (Zcash unified, Firo Spark, Litecoin MWEB addresses): one case, valid
// charset and checksum of the given variant (any when anyVariant), and a
// payload of at least min 5-bit groups. It returns the lowercased HRP.
func checkBech32Long(addr string, want bech32.Version, anyVariant bool, min int) error {
	_, data, variant, err := bech32.DecodeNoLimitWithVersion(addr)
	if err != nil {
		return bech32Reason(err)
	}
	if !anyVariant && variant != want {
		return reason("wrong checksum variant for this address type")
	}
	if len(data) < min {
		return reason("too short for this address type")
	}
	return nil
}

// hrpOf returns the lowercased human-readable part of a bech32-looking string.
func hrpOf(addr string) string {
	i := strings.LastIndexByte(addr, '1')
	if i < 1 {
		return ""
	}
	return strings.ToLower(addr[:i])
}

// checkLTC adds MWEB stealth addresses (ltcmweb1…, bech32 beyond 90
// characters) to Litecoin's base58 and segwit forms.
func checkLTC(addr string) (string, error) {
	switch hrpOf(addr) {
	case "ltcmweb":
		return "", checkBech32Long(addr, 0, true, 100)
	case "tmweb":
		return "", errTestnet
	}
	return ltcChain.check(addr)
}

// checkZEC accepts transparent (t1, t3), Sapling (zs1), unified (u1) and TEX
// (tex1) addresses. Shielded forms get their bech32/bech32m checksum and
// length checked, not their key material.
func checkZEC(addr string) (string, error) {
	switch hrpOf(addr) {
	case "zs":
		// A Sapling address is 43 bytes: bech32, 78 characters.
		hrp, data, err := bech32.Decode(addr)
		if err != nil {
			return "", bech32Reason(err)
		}
		if b, err := bech32.ConvertBits(data, 5, 8, false); hrp != "zs" || err != nil || len(b) != 43 {
			return "", reason("not a valid Sapling address (zs1…)")
		}
		return "", nil
	case "u":
		return "", checkBech32Long(addr, bech32.VersionM, false, 60)
	case "tex":
		hrp, data, ver, err := bech32.DecodeGeneric(addr)
		if err != nil {
			return "", bech32Reason(err)
		}
		if b, err := bech32.ConvertBits(data, 5, 8, false); hrp != "tex" || ver != bech32.VersionM || err != nil || len(b) != 20 {
			return "", reason("not a valid TEX address (tex1…)")
		}
		return "", nil
	case "ztestsapling", "utest", "textest", "zregtestsapling", "uregtest", "texregtest":
		return "", errTestnet
	}
	return "", zecTransparent.checkBase58(addr)
}

// checkFiro adds Spark addresses (sm1…, bech32m beyond 90 characters) to
// Firo's transparent and exchange addresses.
func checkFiro(addr string) (string, error) {
	switch hrpOf(addr) {
	case "sm":
		return "", checkBech32Long(addr, bech32.VersionM, false, 100)
	case "st", "sr", "sd":
		return "", errTestnet
	}
	return "", firoTransparent.checkBase58(addr)
}
