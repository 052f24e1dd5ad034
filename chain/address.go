package chain

import (
	"encoding/hex"
	"strings"

	"github.com/btcsuite/btcd/btcutil/base58"
)

// Addresses are compared in each network's canonical form, so one address
// written two ways is one address:
//
//   - EVM networks: lower-case hex (EIP-55 mixed case is only a checksum);
//   - btc, ltc: bech32 addresses are case-insensitive (lower-cased); base58
//     addresses are compared as written;
//   - bch: CashAddr (with or without its "bitcoincash:" prefix, any case)
//     and legacy base58 addresses of the same hash are one address;
//   - trx: base58 (T…) and hex (41… or 0x…) forms of the same account are
//     one address;
//   - everything else (doge, sol, …): as written.
//
// Inputs were checked by the address package (payout addresses) or come
// from the chain itself, so canonical forms do not verify checksums.

var evmNetworks = map[string]bool{"eth": true, "bsc": true, "matic": true, "avaxc": true, "arbitrum": true, "base": true, "op": true}

// IsEVM reports whether network is one of the EVM networks swapscout lists.
func IsEVM(network string) bool { return evmNetworks[network] }

// Canonical returns addr in network's canonical form for comparisons.
func Canonical(network, addr string) string {
	addr = strings.TrimSpace(addr)
	switch {
	case evmNetworks[network]:
		return strings.ToLower(addr)
	case network == "btc" || network == "ltc":
		if l := strings.ToLower(addr); strings.HasPrefix(l, "bc1") || strings.HasPrefix(l, "ltc1") || strings.HasPrefix(l, "ltcmweb1") {
			return l
		}
	case network == "bch":
		if k, ok := bchKey(addr); ok {
			return k
		}
	case network == "trx":
		if b, ok := TronBase58(addr); ok {
			return b
		}
	}
	return addr
}

// SameAddress reports whether a and b are one address on network.
func SameAddress(network, a, b string) bool {
	return a != "" && Canonical(network, a) == Canonical(network, b)
}

// TronBase58 returns a TRON address in its base58 form (T…), from base58
// or from hex with the 0x41 version byte ("41…", 42 digits) or an EVM-style
// 20-byte hex ("0x…" or 40 digits, as TRON's event logs write it).
func TronBase58(addr string) (string, bool) {
	if strings.HasPrefix(addr, "T") && len(addr) == 34 {
		return addr, true
	}
	h := strings.TrimPrefix(strings.TrimPrefix(addr, "0x"), "0X")
	switch len(h) {
	case 40:
		h = "41" + h
	case 42:
		if !strings.HasPrefix(h, "41") {
			return "", false
		}
	default:
		return "", false
	}
	b, err := hex.DecodeString(h)
	if err != nil {
		return "", false
	}
	return base58.CheckEncode(b[1:], 0x41), true
}

// TronHex returns the 20-byte account of a base58 TRON address as 40
// lower-case hex digits (no version byte), the form EVM-style topics and
// contract calls carry.
func TronHex(addr string) (string, bool) {
	b58, ok := TronBase58(addr)
	if !ok {
		return "", false
	}
	payload, ver, err := base58.CheckDecode(b58)
	if err != nil || ver != 0x41 || len(payload) != 20 {
		return "", false
	}
	return hex.EncodeToString(payload), true
}

const cashCharset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

// bchKey reduces a Bitcoin Cash address, CashAddr or legacy, to
// "kind:hash-hex" (kind p2pkh or p2sh), so both forms of one address match.
func bchKey(addr string) (string, bool) {
	l := strings.ToLower(addr)
	l = strings.TrimPrefix(l, "bitcoincash:")
	if strings.HasPrefix(l, "q") || strings.HasPrefix(l, "p") || strings.HasPrefix(l, "z") || strings.HasPrefix(l, "r") {
		if k, ok := cashKey(l); ok {
			return k, true
		}
	}
	payload, ver, err := base58.CheckDecode(addr)
	if err != nil || len(payload) != 20 {
		return "", false
	}
	switch ver {
	case 0x00:
		return "p2pkh:" + hex.EncodeToString(payload), true
	case 0x05:
		return "p2sh:" + hex.EncodeToString(payload), true
	}
	return "", false
}

// cashKey decodes a CashAddr payload (prefix removed, lower case), checksum
// not verified: 5-bit groups, the last 8 the checksum; the version byte's
// type bits say P2PKH (0, or 2 token-aware) or P2SH (1, or 3).
func cashKey(s string) (string, bool) {
	if len(s) < 42 || len(s) > 112 {
		return "", false
	}
	data := make([]byte, 0, len(s))
	for i := 0; i < len(s)-8; i++ {
		v := strings.IndexByte(cashCharset, s[i])
		if v < 0 {
			return "", false
		}
		data = append(data, byte(v))
	}
	for i := len(s) - 8; i < len(s); i++ {
		if strings.IndexByte(cashCharset, s[i]) < 0 {
			return "", false
		}
	}
	var out []byte
	acc, bits := 0, 0
	for _, v := range data {
		acc = acc<<5 | int(v)
		bits += 5
		for bits >= 8 {
			bits -= 8
			out = append(out, byte(acc>>bits))
		}
		acc &= 1<<bits - 1
	}
	if len(out) != 21 || out[0]&0x07 != 0 { // version byte + 20-byte hash
		return "", false
	}
	kind := "p2pkh"
	if typ := out[0] >> 3; typ == 1 || typ == 3 {
		kind = "p2sh"
	} else if typ != 0 && typ != 2 {
		return "", false
	}
	return kind + ":" + hex.EncodeToString(out[1:]), true
}
