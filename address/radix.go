package address

import (
	"strings"

	"github.com/btcsuite/btcd/btcutil/bech32"
)

// Radix (Babylon) addresses are bech32m (BIP350) of a 30-byte node id
// under a human-readable prefix naming the entity kind and the network:
// account_rdx on mainnet, account_tdx_<id>_ on test networks, account_sim
// on the simulator (Scrypto's AddressBech32Encoder and network
// definitions). The id's first byte is the entity type (Scrypto's
// EntityType, REP-71); an account is one of three.
const (
	radixAccountHRP = "account_rdx"
	radixNodeIDLen  = 30

	radixGlobalAccount                = 0xc1 // allocated native account: account_rdx1c…
	radixPreallocatedSecp256k1Account = 0xd1 // virtual account of a secp256k1 key: account_rdx16…
	radixPreallocatedEd25519Account   = 0x51 // virtual account of an Ed25519 key: account_rdx12…
)

func init() {
	// Radix deposits need no memo: each person has an account of their own,
	// and no venue that lists XRD sets a message on its payout.
	networks["xrd"] = network{checkRadix, forbidden}
}

// checkRadix validates a Radix mainnet account address. Any other entity
// (a component, a resource such as XRD's own resource_rdx1…, a package, a
// validator) cannot own a payout and is refused, as are test networks.
func checkRadix(addr string) (string, error) {
	hrp, data, variant, err := bech32.DecodeGeneric(addr)
	if err != nil {
		return "", bech32Reason(err)
	}
	switch {
	case hrp == radixAccountHRP:
	case strings.HasPrefix(hrp, "account_tdx_"), hrp == "account_sim", hrp == "account_loc":
		return "", errTestnet
	case hrp == "rdx":
		return "", reason("an Olympia-era Radix address (rdx1…), retired by the Babylon upgrade; use the account's account_rdx1… address")
	case strings.HasSuffix(hrp, "_rdx"):
		return "", reason("a Radix " + strings.TrimSuffix(hrp, "_rdx") + " address, not an account; send to an account (account_rdx1…)")
	default:
		return "", reason("not a Radix account address (account_rdx1…)")
	}
	if variant != bech32.VersionM {
		return "", reason("not a Radix address: Radix uses bech32m, this checksum is bech32")
	}
	id, err := bech32.ConvertBits(data, 5, 8, false)
	if err != nil || len(id) != radixNodeIDLen {
		return "", reason("wrong length for a Radix account address")
	}
	switch id[0] {
	case radixGlobalAccount, radixPreallocatedSecp256k1Account, radixPreallocatedEd25519Account:
		return "", nil
	}
	return "", reason("not a Radix account: its entity type is another kind of component")
}
