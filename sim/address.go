package sim

import (
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base32"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"strings"

	"github.com/btcsuite/btcd/btcutil/base58"
	"github.com/btcsuite/btcd/btcutil/bech32"
	"golang.org/x/crypto/blake2b"
	"golang.org/x/crypto/sha3"

	"github.com/swapscout/swapscout/address"
)

// Address returns a deterministic address on network, well formed for it
// (checksums, version bytes and lengths as the network's wallets check
// them), made from a hash of parts: the swap service checks every deposit
// address a venue gives as strictly as the user's own, so the simulated
// venues hand out addresses that pass. Each encodes a hash nobody holds the
// key to: coins sent to one are lost, never anyone's. A network without an
// encoder here gets a plain text address, which only the generic checks
// accept (an unknown network's).
func Address(network string, parts ...string) string {
	h := sha256.Sum256([]byte(strings.Join(append([]string{"swapscout-sim-address", network}, parts...), "\x00")))
	h2 := sha256.Sum256(h[:])
	key := append(h[:], h2[:]...) // 64 bytes to draw from
	h20 := key[:20]
	switch network {
	case "btc":
		return segwit("bc", h20)
	case "ltc":
		return segwit("ltc", h20)
	case "eth", "bsc", "matic", "avaxc", "arbitrum", "base", "op", "scroll", "zksync", "blast", "linea", "sonic",
		"bera", "hyperevm", "ronin", "mantle", "sei", "core", "cronos", "rsk", "kcc", "celo", "glmr", "etc", "tlosevm",
		"gnosis", "monad", "xlayer", "plasma":
		return "0x" + hex.EncodeToString(h20) // all lower case: no checksum to get wrong
	case "doge":
		return base58.CheckEncode(h20, 0x1e)
	case "dash":
		return base58.CheckEncode(h20, 0x4c)
	case "bch":
		return base58.CheckEncode(h20, 0x00) // the legacy form Bitcoin Cash still accepts
	case "zec":
		return base58.CheckEncode(append([]byte{0xb8}, h20...), 0x1c) // t1…
	case "firo":
		return base58.CheckEncode(h20, 0x52)
	case "trx":
		return base58.CheckEncode(h20, 0x41)
	case "xrp":
		return toRipple(base58.CheckEncode(h20, 0x00))
	case "sol":
		k := append([]byte{}, key[:32]...)
		k[0] |= 0x80 // no leading zero byte: 43 or 44 characters
		return base58.Encode(k)
	case "near":
		return hex.EncodeToString(key[:32]) // an implicit account
	case "xlm":
		return stellar(key[:32])
	case "ton":
		return ton(key[:32])
	case "dot":
		return polkadot(key[:32])
	case "ksm":
		return ss58(2, key[:32])
	case "pha":
		return ss58(30, key[:32])
	case "tao":
		return ss58(42, key[:32])
	case "atom", "kava", "tia", "fet", "kuji", "orai", "thor", "maya", "lunc":
		data, _ := bech32.ConvertBits(h20, 8, 5, true)
		s, _ := bech32.Encode(cosmosHRP[network], data)
		return s
	case "aptos", "sui":
		return "0x" + hex.EncodeToString(key[:32])
	case "algo":
		sum := sha512.Sum512_256(key[:32])
		return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(append(append([]byte{}, key[:32]...), sum[28:]...))
	case "ada":
		data, _ := bech32.ConvertBits(append([]byte{0x61}, key[:28]...), 8, 5, true) // enterprise, mainnet
		s, _ := bech32.Encode("addr", data)
		return s
	case "xmr":
		return monero(key[:64])
	case "xrd":
		// A Radix preallocated Ed25519 account (entity type 0x51): bech32m
		// of the 30-byte node id under account_rdx.
		data, _ := bech32.ConvertBits(append([]byte{0x51}, key[:29]...), 8, 5, true)
		s, _ := bech32.EncodeM("account_rdx", data)
		return s
	}
	return "sim" + network + hex.EncodeToString(key[:16])
}

// segwit is a version 0 pay-to-witness-pubkey-hash address.
func segwit(hrp string, prog []byte) string {
	data, _ := bech32.ConvertBits(prog, 8, 5, true)
	s, _ := bech32.Encode(hrp, append([]byte{0}, data...))
	return s
}

const (
	btcAlphabet    = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
	rippleAlphabet = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz"
)

func toRipple(s string) string {
	b := []byte(s)
	for i, c := range b {
		b[i] = rippleAlphabet[strings.IndexByte(btcAlphabet, c)]
	}
	return string(b)
}

// stellar is an account strkey (G…): version, key, CRC16 little-endian.
func stellar(k []byte) string {
	body := append([]byte{6 << 3}, k...)
	body = binary.LittleEndian.AppendUint16(body, address.CRC16XModem(body))
	return base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(body)
}

// ton is a bounceable mainnet basechain address, URL-safe base64.
func ton(k []byte) string {
	body := append([]byte{0x11, 0x00}, k...)
	body = binary.BigEndian.AppendUint16(body, address.CRC16XModem(body))
	return base64.RawURLEncoding.EncodeToString(body)
}

// polkadot is an SS58 address with prefix 0.
func polkadot(k []byte) string { return ss58(0, k) }

// cosmosHRP is each Cosmos SDK network's bech32 prefix.
var cosmosHRP = map[string]string{"atom": "cosmos", "kava": "kava", "tia": "celestia", "fet": "fetch",
	"kuji": "kujira", "orai": "orai", "thor": "thor", "maya": "maya", "lunc": "terra"}

// ss58 is the SS58 address of account id k under a one-byte prefix.
func ss58(prefix byte, k []byte) string {
	body := append([]byte{prefix}, k...)
	h, _ := blake2b.New512(nil)
	h.Write([]byte("SS58PRE"))
	h.Write(body)
	return base58.Encode(append(body, h.Sum(nil)[:2]...))
}

// monero is a standard mainnet address (network byte 18) of two keys, in
// Monero's block base58.
func monero(keys []byte) string {
	body := append([]byte{18}, keys...)
	k := sha3.NewLegacyKeccak256()
	k.Write(body)
	raw := append(body, k.Sum(nil)[:4]...)
	sizes := [9]int{0, 2, 3, 5, 6, 7, 9, 10, 11} // encoded size of a block of n bytes
	var b strings.Builder
	for len(raw) > 0 {
		n := min(8, len(raw))
		var v uint64
		for _, c := range raw[:n] {
			v = v<<8 | uint64(c)
		}
		raw = raw[n:]
		block := make([]byte, sizes[n])
		for i := len(block) - 1; i >= 0; i-- {
			block[i] = btcAlphabet[v%58]
			v /= 58
		}
		b.Write(block)
	}
	return b.String()
}
