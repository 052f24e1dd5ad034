package address

import (
	"encoding/binary"
	"hash/crc32"

	"github.com/btcsuite/btcd/btcutil/base58"
	"github.com/btcsuite/btcd/btcutil/bech32"
)

// checkCardano validates a Shelley payment address (addr1…, CIP-19: bech32
// without the 90-character limit, a header byte whose high nibble is the
// address type and low nibble the network, 1 for mainnet) or a Byron address
// (Ae2…, Ddz…: base58 of a CBOR pair of a tagged payload and its CRC-32).
func checkCardano(addr string) (string, error) {
	switch hrpOf(addr) {
	case "addr":
		return "", checkShelley(addr)
	case "addr_test":
		return "", errTestnet
	case "stake", "stake_test":
		return "", reason("a stake (reward) address; payouts need a payment address (addr1…)")
	}
	return "", checkByron(addr)
}

func checkShelley(addr string) error {
	hrp, data, variant, err := bech32.DecodeNoLimitWithVersion(addr)
	if err != nil {
		return bech32Reason(err)
	}
	b, err := bech32.ConvertBits(data, 5, 8, false)
	if hrp != "addr" || variant != bech32.Version0 || err != nil || len(b) < 1 {
		return reason("not a valid Cardano address")
	}
	typ, net := b[0]>>4, b[0]&0x0f
	if net != 1 {
		return errTestnet
	}
	switch {
	case typ <= 3 && len(b) == 57: // base: payment and stake credentials
	case (typ == 4 || typ == 5) && len(b) > 29 && len(b) <= 29+30: // pointer
	case (typ == 6 || typ == 7) && len(b) == 29: // enterprise
	default:
		return reason("not a Cardano payment address of a known type and length")
	}
	return nil
}

func checkByron(addr string) error {
	if r := base58Alphabet(addr, btcAlphabet); r != "" {
		return reason(r)
	}
	raw := base58.Decode(addr)
	// 0x82: array(2); 0xd8 0x18: tag 24 (embedded CBOR); then a byte string.
	if len(raw) < 4 || raw[0] != 0x82 || raw[1] != 0xd8 || raw[2] != 0x18 {
		return reason("not a Cardano address (addr1… or a Byron Ae2…/Ddz… address)")
	}
	n, rest, ok := cborHead(raw[3:], 2)
	if !ok || uint64(len(rest)) < n {
		return reason("not a valid Cardano Byron address")
	}
	payload, rest := rest[:n], rest[n:]
	crc, rest, ok := cborHead(rest, 0)
	if !ok || len(rest) != 0 || crc > 0xffffffff {
		return reason("not a valid Cardano Byron address")
	}
	if uint32(crc) != crc32.ChecksumIEEE(payload) {
		return errChecksum
	}
	return nil
}

// cborHead decodes a CBOR head of the given major type (0: unsigned, 2: byte
// string) and returns its argument and the bytes after it.
func cborHead(b []byte, major byte) (uint64, []byte, bool) {
	if len(b) < 1 || b[0]>>5 != major {
		return 0, nil, false
	}
	info, b := b[0]&0x1f, b[1:]
	switch {
	case info < 24:
		return uint64(info), b, true
	case info == 24 && len(b) >= 1:
		return uint64(b[0]), b[1:], true
	case info == 25 && len(b) >= 2:
		return uint64(binary.BigEndian.Uint16(b)), b[2:], true
	case info == 26 && len(b) >= 4:
		return uint64(binary.BigEndian.Uint32(b)), b[4:], true
	}
	return 0, nil, false
}
