package address

import (
	"encoding/hex"
	"testing"

	"github.com/btcsuite/btcd/btcutil/base58"
	"github.com/btcsuite/btcd/btcutil/bech32"
	"golang.org/x/crypto/blake2b"
)

// TestFamilyVectors checks the families the venues' lists brought in
// against published addresses: the Cosmos SDK documentation vector
// (payload 0x01..0x14) on the Hub and Kujira, THORChain's Reserve module
// (THORChain docs), Substrate's well-known dev account Alice on Kusama and
// in the generic format (Bittensor), Algorand's zero address, and the
// Aptos and Sui contracts of the recorded NEAR Intents list.
func TestFamilyVectors(t *testing.T) {
	runVectors(t, []vector{
		{net: "atom", addr: "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu"},
		{net: "kuji", addr: "kujira1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5w2wxtk"},
		{net: "thor", addr: "thor1dheycdevq39qlkxs2a6wuuzyn4aqxhve4qxtxt"},
		{net: "atom", addr: "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xv", want: "checksum"},
		{net: "atom", addr: "kujira1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5w2wxtk", want: "starts with cosmos1"},
		{net: "thor", addr: "cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu", want: "starts with thor1"},
		{net: "ksm", addr: "HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F"},
		{net: "tao", addr: "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY"},
		{net: "ksm", addr: "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY", want: "prefix 42"},
		{net: "tao", addr: "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQZ", want: "checksum"},
		{net: "algo", addr: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKQ"},
		{net: "algo", addr: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY5HFKA", want: "checksum"},
		{net: "algo", addr: "0x0000000000000000000000000000000000000000", want: "58 characters"},
		{net: "aptos", addr: "0x357b0b74bc833e95a115ad22604854d6b0fca151cecd94111770e5d6ffc9dc2b"},
		{net: "sui", addr: "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7"},
		{net: "aptos", addr: "0x1", want: "64 hex digits"},
		{net: "sui", addr: "0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900eg", want: "hex digit"},
	})
}

// TestFamilyRoundTrip encodes one account for every Cosmos and Substrate
// network of the catalogue and checks each passes its own network and
// fails the others of its family: prefixes keep chains apart.
func TestFamilyRoundTrip(t *testing.T) {
	acct := make([]byte, 20)
	for i := range acct {
		acct[i] = byte(i * 7)
	}
	five, _ := bech32.ConvertBits(acct, 8, 5, true)
	cosmos := map[string]string{"atom": "cosmos", "kava": "kava", "tia": "celestia", "fet": "fetch", "kuji": "kujira",
		"orai": "orai", "thor": "thor", "maya": "maya", "lunc": "terra"}
	for net, hrp := range cosmos {
		addr, err := bech32.Encode(hrp, five)
		if err != nil {
			t.Fatal(err)
		}
		for other := range cosmos {
			if err := Check(other, addr, ""); (err == nil) != (other == net) {
				t.Errorf("Check(%s, %s) = %v", other, addr, err)
			}
		}
	}
	alice, _ := hex.DecodeString("d43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d")
	ss58 := map[string]byte{"ksm": 2, "pha": 30, "tao": 42, "dot": 0}
	for net, prefix := range ss58 {
		raw := append([]byte{prefix}, alice...)
		h, _ := blake2b.New512(nil)
		h.Write([]byte("SS58PRE"))
		h.Write(raw)
		addr := base58.Encode(append(raw, h.Sum(nil)[:2]...))
		for other := range ss58 {
			if err := Check(other, addr, ""); (err == nil) != (other == net) {
				t.Errorf("Check(%s, %s) = %v", other, addr, err)
			}
		}
	}
}

// TestRadixVectors checks Radix account addresses against published ones:
// Sargon's (the Radix wallet's core) sample accounts, a preallocated
// Ed25519 account (account_rdx12…) and a secp256k1 one (account_rdx16…),
// an allocated account (account_rdx1c…) from a Radix dApp's definition,
// and its refusals: the XRD resource address itself, a component, an
// identity, Stokenet and simulator accounts, an Olympia-era address (rdx1…, from
// the Olympia wallet library's own vectors) and a broken checksum.
func TestRadixVectors(t *testing.T) {
	runVectors(t, []vector{
		{net: "xrd", addr: "account_rdx128y6j78mt0aqv6372evz28hrxp8mn06ccddkr7xppc88hyvynvjdwr"},
		{net: "xrd", addr: "account_rdx12xkzynhzgtpnnd02tudw2els2g9xl73yk54ppw8xekt2sdrlaer264"},
		{net: "xrd", addr: "account_rdx16xlfcpp0vf7e3gqnswv8j9k58n6rjccu58vvspmdva22kf3aplease"},
		{net: "xrd", addr: "account_rdx1cxh9jq27n5vllmsexah8jj3txzue8yu236uekcnfr4hq5ptw8nn7f0"},
		{net: "xrd", addr: "account_rdx128y6j78mt0aqv6372evz28hrxp8mn06ccddkr7xppc88hyvynvjdwx", want: "checksum"},
		{net: "xrd", addr: "resource_rdx1tknxxxxxxxxxradxrdxxxxxxxxx009923554798xxxxxxxxxradxrd", want: "not an account"},
		{net: "xrd", addr: "component_rdx1cptxxxxxxxxxfaucetxxxxxxxxx000527798379xxxxxxxxxfaucet", want: "not an account"},
		{net: "xrd", addr: "account_rdx1cptxxxxxxxxxfaucetxxxxxxxxx000527798379xxxxxxxxxfaucet", want: "checksum"},
		{net: "xrd", addr: "identity_rdx122yy9pkfdrkam4evxcwh235c4qc52wujkwnt52q7vqxefhnlen489g", want: "not an account"},
		{net: "xrd", addr: "account_tdx_2_12x55t8w9lf2qjh6z98jjxy04tkpjgjxawqm252gerhyath7qka34v3", want: "testnet"},
		{net: "xrd", addr: "account_sim1cyvgx33089ukm2pl97pv4max0x40ruvfy4lt60yvya744cve475w0q", want: "testnet"},
		{net: "xrd", addr: "rdx1qsps28kdn4epn0c9ej2rcmwfz5a4jdhq2ez03x7h6jefvr4fnwnrtqqjaj7dt", want: "Olympia"},
		{net: "xrd", addr: "0x0000000000000000000000000000000000000000", want: "Ethereum address"},
		{net: "xrd", addr: "account_rdx128y6j78mt0aqv6372evz28hrxp8mn06ccddkr7xppc88hyvynvjdwr", memo: "1", want: "memo"},
	})
}
