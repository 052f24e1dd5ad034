package address

import (
	"bytes"
	"crypto/sha512"
	"encoding/base32"
	"strconv"
	"strings"

	"github.com/btcsuite/btcd/btcutil/base58"
	"github.com/btcsuite/btcd/btcutil/bech32"
	"golang.org/x/crypto/blake2b"
)

// The address families of the networks the venues' lists brought into the
// catalogue beyond the original ones: Cosmos SDK chains (bech32 with the
// chain's prefix), Substrate chains other than Polkadot (SS58 with their
// registered prefix), Aptos and Sui (32-byte hex account addresses) and
// Algorand (base32 of the key and a SHA-512/256 checksum).
func init() {
	for net, hrp := range map[string]string{
		"atom": "cosmos", "kava": "kava", "tia": "celestia", "fet": "fetch", "kuji": "kujira",
		"orai": "orai", "thor": "thor", "maya": "maya", "lunc": "terra",
	} {
		networks[net] = network{cosmosChecker(hrp, networkName(net)), cosmosMemo}
	}
	// SS58 registry prefixes: Kusama 2, Phala 30; Bittensor uses the
	// generic Substrate prefix 42.
	networks["ksm"] = network{ss58Checker(2, "Kusama"), forbidden}
	networks["pha"] = network{ss58Checker(30, "Phala"), forbidden}
	networks["tao"] = network{ss58Checker(42, "Bittensor"), forbidden}
	networks["aptos"] = network{hex32Checker("Aptos"), forbidden}
	networks["sui"] = network{hex32Checker("Sui"), forbidden}
	networks["algo"] = network{checkAlgorand, Rule{Need: Optional, Kind: Text, Name: "note", MaxLen: maxGeneric}}
}

// cosmosMemo: a Cosmos SDK transaction memo, 256 characters at most (the
// SDK's default MaxMemoCharacters).
var cosmosMemo = Rule{Need: Optional, Kind: Text, Name: "memo", MaxLen: 256}

// cosmosChecker validates a Cosmos SDK account address: classic bech32 (not
// bech32m) with the chain's human-readable prefix and a 20-byte account
// (or a 32-byte module or contract account).
func cosmosChecker(hrp, name string) func(string) (string, error) {
	return func(addr string) (string, error) {
		got, data, err := bech32.Decode(addr)
		if err != nil {
			return "", bech32Reason(err)
		}
		if got != hrp {
			return "", reason("not " + Article(name) + " " + name + " address (starts with " + hrp + "1), but " + quoteShort(got+"1…"))
		}
		b, err := bech32.ConvertBits(data, 5, 8, false)
		if err != nil || (len(b) != 20 && len(b) != 32) {
			return "", reason("wrong length for " + Article(name) + " " + name + " address")
		}
		return "", nil
	}
}

// ss58Checker validates an SS58 address with a one-byte prefix (< 64):
// base58 of the prefix, a 32-byte account id and the first two bytes of
// blake2b-512("SS58PRE" ‖ prefix ‖ id).
func ss58Checker(prefix byte, name string) func(string) (string, error) {
	return func(addr string) (string, error) {
		if r := base58Alphabet(addr, btcAlphabet); r != "" {
			return "", reason(r)
		}
		raw := base58.Decode(addr)
		if len(raw) != 35 {
			return "", reason("not " + Article(name) + " " + name + " address (SS58)")
		}
		h, _ := blake2b.New512(nil)
		h.Write([]byte("SS58PRE"))
		h.Write(raw[:33])
		if !bytes.Equal(h.Sum(nil)[:2], raw[33:]) {
			return "", errChecksum
		}
		if raw[0] != prefix {
			return "", reason("an address of another Substrate chain (SS58 prefix " + strconv.Itoa(int(raw[0])) + "), not " + name)
		}
		return "", nil
	}
}

// hex32Checker validates a Move-chain account address in its long form:
// 0x and 64 hex digits (Aptos AIP-40, Sui). The short special forms (0x1)
// name system accounts, never a payout.
func hex32Checker(name string) func(string) (string, error) {
	return func(addr string) (string, error) {
		if !strings.HasPrefix(addr, "0x") {
			return "", reason("must start with 0x")
		}
		h := addr[2:]
		if len(h) != 64 {
			return "", reason(Article(name) + " " + name + " address has 64 hex digits after 0x")
		}
		for i := 0; i < len(h); i++ {
			c := h[i]
			if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
				return "", reason("contains a character that is not a hex digit")
			}
		}
		return "", nil
	}
}

// checkAlgorand validates an Algorand address: 58 characters of unpadded
// base32 holding a 32-byte public key and the last 4 bytes of its
// SHA-512/256 hash.
func checkAlgorand(addr string) (string, error) {
	if len(addr) != 58 {
		return "", reason("an Algorand address has 58 characters")
	}
	raw, err := base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString(addr)
	if err != nil || len(raw) != 36 {
		return "", reason("not base32 (an Algorand address uses A–Z and 2–7)")
	}
	sum := sha512.Sum512_256(raw[:32])
	if !bytes.Equal(sum[28:], raw[32:]) {
		return "", errChecksum
	}
	return "", nil
}
