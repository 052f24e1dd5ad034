package address

import (
	"bytes"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"strings"

	"github.com/btcsuite/btcd/btcutil/base58"
	"golang.org/x/crypto/blake2b"
)

// checkTron validates a Tron address: base58check of 0x41 and a 20-byte
// account id (T…, 34 characters).
func checkTron(addr string) (string, error) {
	if r := base58Alphabet(addr, btcAlphabet); r != "" {
		return "", reason(r)
	}
	payload, ver, err := base58.CheckDecode(addr)
	switch {
	case err == base58.ErrChecksum:
		return "", errChecksum
	case err != nil || ver != 0x41 || len(payload) != 20:
		return "", reason("not a Tron address; Tron addresses start with T and are 34 characters")
	}
	return "", nil
}

// checkSolana validates a Solana address: base58 of a 32-byte public key (or
// program-derived address; these are off the curve, so the curve is not
// checked). Solana addresses carry no checksum.
func checkSolana(addr string) (string, error) {
	if r := base58Alphabet(addr, btcAlphabet); r != "" {
		return "", reason(r)
	}
	if len(addr) < 32 || len(addr) > 44 || len(base58.Decode(addr)) != 32 {
		return "", reason("not a Solana address (base58 of 32 bytes, 32 to 44 characters)")
	}
	return "", nil
}

// XRP Ledger addresses use base58check with Ripple's own alphabet. Mapping
// each Ripple digit to the Bitcoin digit of the same value lets btcutil's
// base58check decode them.
const rippleAlphabet = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz"

func rippleToBitcoin(addr string) string {
	b := []byte(addr)
	for i, c := range b {
		b[i] = btcAlphabet[strings.IndexByte(rippleAlphabet, c)]
	}
	return string(b)
}

// checkXRP validates a classic address (r…, version 0, 20-byte account id)
// or an X-address (XLS-5d: X…, 0x05 0x44, account id, a flag byte and a
// 64-bit tag). An X-address with a tag already carries the destination tag,
// so a separate one is refused.
func checkXRP(addr string) (string, error) {
	if r := base58Alphabet(addr, rippleAlphabet); r != "" {
		return "", reason(r)
	}
	payload, ver, err := base58.CheckDecode(rippleToBitcoin(addr))
	switch {
	case err == base58.ErrChecksum:
		return "", errChecksum
	case err != nil:
		return "", reason("too short for an XRP Ledger address")
	case ver == 0 && len(payload) == 20:
		return "", nil
	case len(payload) == 30 && (ver == 0x05 && payload[0] == 0x44 || ver == 0x04 && payload[0] == 0x93):
		if ver == 0x04 {
			return "", errTestnet
		}
		flag, tag := payload[21], payload[22:]
		switch {
		case flag == 0 && bytes.Equal(tag, make([]byte, 8)):
			return "", nil
		case flag == 1 && binary.LittleEndian.Uint32(tag[4:]) == 0:
			return "this X-address already includes a destination tag; leave the tag empty", nil
		}
		return "", reason("invalid tag in X-address")
	}
	return "", reason("not an XRP Ledger address; they start with r (or X for an X-address)")
}

// Stellar strkeys (SEP-23): base32 (RFC 4648, no padding) of a version byte,
// the payload and a CRC16-XModem checksum, little-endian.
const (
	strkeyAccount = 6 << 3  // G…: ed25519 public key, 32 bytes
	strkeyMuxed   = 12 << 3 // M…: public key and a 64-bit id, 40 bytes
)

// CRC16XModem is CRC-16/XMODEM (polynomial 0x1021, initial 0), the
// checksum of Stellar strkeys and TON user-friendly addresses (the
// simulator writes such addresses with it).
func CRC16XModem(b []byte) uint16 {
	var crc uint16
	for _, c := range b {
		crc ^= uint16(c) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

// checkStellar validates a G… account or M… muxed-account strkey.
func checkStellar(addr string) (string, error) {
	if strings.ToUpper(addr) != addr {
		return "", reason("Stellar addresses are upper case")
	}
	if len(addr) != 56 && len(addr) != 69 {
		return "", reason("not a Stellar account address (G…, 56 characters)")
	}
	enc := base32.StdEncoding.WithPadding(base32.NoPadding)
	raw, err := enc.DecodeString(addr)
	if err != nil || len(raw) < 3 || enc.EncodeToString(raw) != addr {
		return "", reason("not valid base32; Stellar addresses use A–Z and 2–7")
	}
	body, sum := raw[:len(raw)-2], raw[len(raw)-2:]
	if binary.LittleEndian.Uint16(sum) != CRC16XModem(body) {
		return "", errChecksum
	}
	switch {
	case body[0] == strkeyAccount && len(body) == 33, body[0] == strkeyMuxed && len(body) == 41:
		return "", nil
	}
	return "", reason("not an account address; Stellar accounts start with G (or M for a muxed account)")
}

// checkTON validates a TON address: raw "workchain:64 hex" or user-friendly
// (48 characters of base64 or base64url: a flag byte, the workchain, a
// 32-byte account id and a CRC16-XModem checksum, big-endian).
func checkTON(addr string) (string, error) {
	if i := strings.IndexByte(addr, ':'); i >= 0 {
		wc, id := addr[:i], addr[i+1:]
		if wc != "0" && wc != "-1" {
			return "", reason("unknown workchain " + quoteShort(wc) + "; use 0 (basechain)")
		}
		if len(id) != 64 {
			return "", reason("a raw TON address is the workchain, a colon and 64 hexadecimal digits")
		}
		if _, err := hex.DecodeString(id); err != nil {
			return "", reason("a raw TON address is the workchain, a colon and 64 hexadecimal digits")
		}
		return "", nil
	}
	if len(addr) != 48 {
		return "", reason("not a TON address (48 characters, or workchain:hex)")
	}
	var raw []byte
	var err error
	if strings.ContainsAny(addr, "-_") {
		raw, err = base64.RawURLEncoding.DecodeString(addr)
	} else {
		raw, err = base64.RawStdEncoding.DecodeString(addr)
	}
	if err != nil || len(raw) != 36 {
		return "", reason("not valid base64; TON addresses use letters, digits, - and _")
	}
	if binary.BigEndian.Uint16(raw[34:]) != CRC16XModem(raw[:34]) {
		return "", errChecksum
	}
	flag, wc := raw[0], int8(raw[1])
	switch {
	case flag&0x80 != 0:
		return "", errTestnet
	case flag&^0x40 != 0x11:
		return "", reason("unknown TON address flags")
	case wc != 0 && wc != -1:
		return "", reason("unknown TON workchain")
	}
	return "", nil
}

func quoteShort(s string) string {
	if len(s) > 12 {
		s = s[:12] + "…"
	}
	return `"` + s + `"`
}

// checkPolkadot validates an SS58 address with Polkadot's prefix 0 (1…): base58
// of the prefix, a 32-byte account id and the first two bytes of
// blake2b-512("SS58PRE" ‖ prefix ‖ id).
func checkPolkadot(addr string) (string, error) {
	if r := base58Alphabet(addr, btcAlphabet); r != "" {
		return "", reason(r)
	}
	raw := base58.Decode(addr)
	if len(raw) != 35 {
		if len(raw) == 36 && raw[0]&0x40 != 0 {
			return "", reason("an address of another Substrate chain (SS58 prefix ≥ 64), not Polkadot")
		}
		return "", reason("not a Polkadot address (SS58, starts with 1)")
	}
	h, _ := blake2b.New512(nil)
	h.Write([]byte("SS58PRE"))
	h.Write(raw[:33])
	if !bytes.Equal(h.Sum(nil)[:2], raw[33:]) {
		return "", errChecksum
	}
	switch raw[0] {
	case 0:
		return "", nil
	case 2:
		return "", reason("a Kusama address (SS58 prefix 2), not Polkadot; use the Polkadot format starting with 1")
	case 42:
		return "", reason("a generic Substrate address (SS58 prefix 42); use the Polkadot format starting with 1")
	}
	return "", reason("an address of another Substrate chain, not Polkadot; use the Polkadot format starting with 1")
}
