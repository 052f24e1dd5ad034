package address

import (
	"errors"
	"strings"
	"testing"

	"github.com/btcsuite/btcd/btcutil"
	"github.com/btcsuite/btcd/btcutil/bech32"
	"github.com/btcsuite/btcd/chaincfg"
	"github.com/swapscout/swapscout"
)

// vector is one address: valid ones must pass Check; invalid ones must fail
// with a reason containing want.
type vector struct {
	net, addr, memo string
	want            string // "" when valid; else a substring of the reason
}

func runVectors(t *testing.T, vs []vector) {
	t.Helper()
	for _, v := range vs {
		err := Check(v.net, v.addr, v.memo)
		if v.want == "" {
			if err != nil {
				t.Errorf("Check(%q, %q, %q) = %v; want valid", v.net, v.addr, v.memo, err)
			}
			continue
		}
		var ae *Error
		if !errors.As(err, &ae) {
			t.Errorf("Check(%q, %q, %q) = %v; want *Error containing %q", v.net, v.addr, v.memo, err, v.want)
			continue
		}
		if !strings.Contains(ae.Reason, v.want) {
			t.Errorf("Check(%q, %q, %q) reason %q; want it to contain %q", v.net, v.addr, v.memo, ae.Reason, v.want)
		}
	}
}

// TestEveryCatalogueNetworkHasACodec fails when a network of the
// hand-written assets lacks a codec, or an asset needing a memo sits on a
// network whose memo rule forbids one. The venues' lists bring networks
// without rules too: those are listed but not swappable (Known is false),
// and swaps on them are refused before a venue is called.
func TestEveryCatalogueNetworkHasACodec(t *testing.T) {
	for _, a := range swapscout.BaseAssets() {
		if !Known(a.Network) {
			t.Errorf("network %q has no address codec", a.Network)
		}
	}
	for _, n := range swapscout.NetworkTable {
		if n.Family == "evm" && !Known(n.Code) {
			t.Errorf("EVM network %q has no address codec", n.Code)
		}
	}
	for _, a := range swapscout.Assets {
		if !Known(a.Network) {
			continue
		}
		if a.Memo && MemoRule(a.Network).Need == Forbidden {
			t.Errorf("%s needs a memo but MemoRule(%q) forbids one", a.Asset, a.Network)
		}
	}
	for net := range networks {
		if _, ok := swapscout.Networks[net]; !ok {
			t.Errorf("codec for %q, which the catalogue does not know", net)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	err := Check("btc", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb", "")
	var ae *Error
	if !errors.As(err, &ae) || ae.Field != "address" || ae.Network != "btc" || ae.Code() != Code {
		t.Fatalf("got %#v", err)
	}
	if got, want := err.Error(), "invalid address for Bitcoin: checksum mismatch"; !strings.HasPrefix(got, want) {
		t.Errorf("Error() = %q; want prefix %q", got, want)
	}
	if app := ae.AppError(); app.Code != "invalid_address" || app.Message != err.Error() {
		t.Errorf("AppError() = %+v", app)
	}
	if swapscout.ErrorCode(err) != Code || swapscout.ErrorMessage(err) != err.Error() {
		t.Errorf("root package sees code %q, message %q", swapscout.ErrorCode(err), swapscout.ErrorMessage(err))
	}
}

func TestGeneric(t *testing.T) {
	long := strings.Repeat("a", 129)
	runVectors(t, []vector{
		{"unknownchain", "anything-goes:123", "", ""},
		{"UnknownChain", "x", "free text memo", ""},
		{"unknownchain", "", "", "required"},
		{"unknownchain", "abc def", "", "space"},
		{"unknownchain", "abc\tdef", "", "space"},
		{"unknownchain", "abc\x00def", "", "unprintable"},
		{"unknownchain", "abc\xffdef", "", "UTF-8"},
		{"unknownchain", long, "", "too long"},
		{"unknownchain", "x", long, "too long"},
		{"unknownchain", "x", "a\x01b", "unprintable"},
		{"btc", " 1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "", "space"},
		{"btc", strings.Repeat("1", 300), "", "too long"},
	})
	if r := MemoRule("unknownchain"); r.Need != Optional || r.Kind != Text || r.MaxLen != 128 {
		t.Errorf("MemoRule(unknown) = %+v", r)
	}
	if Known("unknownchain") || !Known("BTC") {
		t.Error("Known is wrong")
	}
}

// BIP350 "Test vectors for v0-v16 native segregated witness addresses"
// (which also covers BIP173's valid v0 addresses), decoded with the HRP each
// address carries; Check must then accept the bc ones and call the tb ones
// testnet.
func TestSegwitBIP350Valid(t *testing.T) {
	for _, tc := range []struct {
		addr, script string
	}{
		{"BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4", "0014751e76e8199196d454941c45d1b3a323f1433bd6"},
		{"tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7", "00201863143c14c5166804bd19203356da136c985678cd4d27a1b8c6329604903262"},
		{"bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y", "5128751e76e8199196d454941c45d1b3a323f1433bd6751e76e8199196d454941c45d1b3a323f1433bd6"},
		{"BC1SW50QGDZ25J", "6002751e"},
		{"bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs", "5210751e76e8199196d454941c45d1b3a323"},
		{"tb1qqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesrxh6hy", "0020000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433"},
		{"tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c", "5120000000c4a5cad46221b2a187905e5266362b99d5e91c6ce24d165dab93e86433"},
		{"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", "512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"},
	} {
		hrp := hrpOf(tc.addr)
		ver, prog, err := decodeSegwit(tc.addr, hrp)
		if err != nil {
			t.Errorf("decodeSegwit(%q) = %v", tc.addr, err)
			continue
		}
		// scriptPubKey: OP_0 or OP_1..OP_16 (0x50+v), push of the program.
		op := byte(0)
		if ver > 0 {
			op = byte(0x50 + ver)
		}
		got := hexOf(append([]byte{op, byte(len(prog))}, prog...))
		if got != tc.script {
			t.Errorf("%s: script %s; want %s", tc.addr, got, tc.script)
		}
		want := ""
		if hrp == "tb" {
			want = "testnet"
		}
		runVectors(t, []vector{{"btc", tc.addr, "", want}})
	}
}

func hexOf(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, digits[c>>4], digits[c&15])
	}
	return string(out)
}

// BIP173 and BIP350 invalid segwit addresses, each checked against the HRP
// a wallet for that network expects (bc or tb).
func TestSegwitInvalid(t *testing.T) {
	for _, tc := range []struct{ addr, hrp, why string }{
		// BIP173
		{"tc1qw508d6qejxtdg4y5r3zarvary0c5xw7kg3g4ty", "bc", "wrong prefix"},
		{"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5", "bc", "checksum"},
		{"BC13W508D6QEJXTDG4Y5R3ZARVARY0C5XW7KN40WF2", "bc", "witness version"},
		{"bc1rw5uspcuh", "bc", "2 to 40"},
		{"bc10w508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kw5rljs90", "bc", "2 to 40"},
		{"BC1QR508D6QEJXTDG4Y5R3ZARVARYV98GJ9P", "bc", "20 or 32"},
		{"tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7", "tb", "case"},
		{"bc1zw508d6qejxtdg4y5r3zarvaryvqyzf3du", "bc", "padding"},
		{"tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv", "tb", "padding"},
		{"bc1gmk9yu", "bc", ""},
		// BIP350
		{"tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut", "bc", "wrong prefix"},
		{"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd", "bc", "must use the bech32m checksum"},
		{"tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf", "tb", "must use the bech32m checksum"},
		{"BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL", "bc", "must use the bech32m checksum"},
		{"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh", "bc", "must use the bech32 checksum"},
		{"tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47", "tb", "must use the bech32 checksum"},
		{"bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4", "bc", "characters not used"},
		{"BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R", "bc", "witness version"},
		{"bc1pw5dgrnzv", "bc", "2 to 40"},
		{"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v8n0nx0muaewav253zgeav", "bc", "2 to 40"},
		{"tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq47Zagq", "tb", "case"},
		{"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7v07qwwzcrf", "bc", "padding"},
		{"tb1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vpggkg4j", "tb", "padding"},
	} {
		_, _, err := decodeSegwit(tc.addr, tc.hrp)
		if err == nil || !strings.Contains(err.Error(), tc.why) {
			t.Errorf("decodeSegwit(%q, %q) = %v; want an error about %q", tc.addr, tc.hrp, err, tc.why)
		}
		// Whatever the reason, Check refuses it for Bitcoin.
		if Check("btc", tc.addr, "") == nil {
			t.Errorf("Check(btc, %q) accepted an invalid address", tc.addr)
		}
	}
}

func TestBitcoin(t *testing.T) {
	runVectors(t, []vector{
		{"btc", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "", ""}, // genesis coinbase
		{"btc", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "", ""}, // BIP13-era P2SH example
		{"btc", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "", ""},
		{"btc", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb", "", "checksum"},
		{"btc", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0", "", "'0'"},
		{"btc", "mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn", "", "testnet"},
		{"btc", "2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc", "", "testnet"},
		{"btc", "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx", "", "testnet"},
		{"btc", "bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kyqjdpn", "", "testnet"},
		{"btc", "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA", "", "not an address of this network"},
		{"btc", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "123", "has no memo"},
		{"btc", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "", "base58"},
	})
}

// TestBitcoinAgreesWithBtcutil cross-checks our decoder against btcutil's own
// (which we do not call in production: it needs a global network registry
// for other chains' segwit prefixes and accepts raw public keys).
func TestBitcoinAgreesWithBtcutil(t *testing.T) {
	if btcChain.versions[0][0] != chaincfg.MainNetParams.PubKeyHashAddrID ||
		btcChain.versions[1][0] != chaincfg.MainNetParams.ScriptHashAddrID ||
		btcChain.hrp != chaincfg.MainNetParams.Bech32HRPSegwit ||
		btcChain.test[0][0] != chaincfg.TestNet3Params.PubKeyHashAddrID ||
		btcChain.test[1][0] != chaincfg.TestNet3Params.ScriptHashAddrID {
		t.Error("Bitcoin parameters differ from chaincfg")
	}
	for _, a := range []string{
		"1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
		"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
		"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
		"bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3",
	} {
		ba, err := btcutil.DecodeAddress(a, &chaincfg.MainNetParams)
		if err != nil || !ba.IsForNet(&chaincfg.MainNetParams) {
			t.Errorf("btcutil refuses %s: %v", a, err)
		}
		if err := Check("btc", a, ""); err != nil {
			t.Errorf("Check refuses %s: %v", a, err)
		}
	}
}

// Litecoin Core src/test/data/key_io_valid.json (mainnet and test chain
// entries); segwit: BIP173's P2WPKH program under Litecoin's "ltc" HRP.
func TestLitecoin(t *testing.T) {
	ltc1, _ := bech32.Encode("ltc", append([]byte{0}, mustConvert(t, "751e76e8199196d454941c45d1b3a323f1433bd6")...))
	tltc1, _ := bech32.Encode("tltc", append([]byte{0}, mustConvert(t, "751e76e8199196d454941c45d1b3a323f1433bd6")...))
	runVectors(t, []vector{
		{"ltc", "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA", "", ""},
		{"ltc", "MHrYRxAiMNBTku3eoDHwhA1LQGDjUStZW2", "", ""},
		{"ltc", "M9dw1FAoWpHC6PcMzoCHhqQ9McvTyG5Ywj", "", ""},
		{"ltc", "LbfVMz974gbbGFqXF7FZUpSBWSbwBHDwR5", "", ""},
		{"ltc", "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy", "", ""}, // legacy 3… script address
		{"ltc", ltc1, "", ""},
		{"ltc", strings.ToUpper(ltc1), "", ""},
		{"ltc", tltc1, "", "testnet"},
		{"ltc", "mwXn5Vhicdav8Av3KMokx4YNuHoGRKxtWs", "", "testnet"},
		{"ltc", "QXaUgLHkZcbJb2j5XgMYzY8cF9YM48Y81Z", "", "testnet"},
		{"ltc", "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeB", "", "checksum"},
		{"ltc", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "", "Litecoin addresses start with"},
		{"ltc", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "", "not an address of this network"},
		// MWEB stealth addresses as published in Litecoin wallet libraries'
		// tests (checksum and length only).
		{"ltc", "ltcmweb1qqwkdldufg0enxpphwc8rwucc9ru6h43x5uklzm78ektgmufmw3j6kqu76qqw66w204vn7zddfgmnyq9ujugjvx4t2mhuqkuj5h4tgd8cvs6gg076", "", ""},
		{"ltc", "ltcmweb1qq20e2arnhvxw97katjkmsd35agw3capxjkrkh7dk8d30rczm8ypxuq329nwh2twmchhqn3jqh7ua4ps539f6aazh79jy76urqht4qa59ts3at6gf", "", ""},
		{"ltc", "ltcmweb1qq20e2arnhvxw97katjkmsd35agw3capxjkrkh7dk8d30rczm8ypxuq329nwh2twmchhqn3jqh7ua4ps539f6aazh79jy76urqht4qa59ts3at6gg", "", "checksum"},
		{"ltc", "tmweb1qq20e2arnhvxw97katjkmsd35agw3capxjkrkh7dk8d30rczm8ypxuq329nwh2twmchhqn3jqh7ua4ps539f6aazh79jy76urqht4qa59ts3at6gf", "", "testnet"},
	})
}

func mustConvert(t *testing.T, h string) []byte {
	t.Helper()
	b := make([]byte, len(h)/2)
	for i := range b {
		b[i] = byte(strings.IndexByte("0123456789abcdef", h[2*i])<<4 | strings.IndexByte("0123456789abcdef", h[2*i+1]))
	}
	c, err := bech32.ConvertBits(b, 8, 5, true)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// Dogecoin Core src/test/data/base58_keys_valid.json.
func TestDogecoin(t *testing.T) {
	runVectors(t, []vector{
		{"doge", "DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE", "", ""},
		{"doge", "A7HRQk3GFCW2QasvdZxXuYj8kkQK5QrYLs", "", ""},
		{"doge", "9zYnVRaekPtdKBYuPw5QiBtv3NNrzD2LLW", "", ""},
		{"doge", "DBjW6kna7rUPE4Mj9j4B3oK3xVA1SDHrdt", "", ""},
		{"doge", "nhRsrUaxZou6sewjqaS37cJrMRJRgwVXdk", "", "testnet"},
		{"doge", "2MsvyG12kxxipe276Au4zKqvd2xdrBuHWb3", "", "testnet"},
		{"doge", "DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkF", "", "checksum"},
		{"doge", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "", "Dogecoin addresses start with"},
	})
}

// EIP-55's own test cases, plus all-lower and all-upper forms.
func TestEVM(t *testing.T) {
	var vs []vector
	for _, net := range []string{"eth", "bsc", "matic", "avaxc", "arbitrum", "base", "op"} {
		for _, a := range []string{
			"0x52908400098527886E0F7030069857D2E4169EE7",
			"0x8617E340B3D01FA5F11F306F4090FD50E238070D",
			"0xde709f2102306220921060314715629080e2fb77",
			"0x27b1fdb04752bbc536007a920d24acb045561c26",
			"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
			"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
			"0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
			"0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
		} {
			vs = append(vs, vector{net, a, "", ""})
		}
	}
	vs = append(vs,
		vector{"eth", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD", "", "EIP-55"}, // last letter's case flipped
		vector{"eth", "0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "", "EIP-55"},
		vector{"eth", "0X5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "", ""},
		vector{"eth", "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "", "0x"},
		vector{"eth", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA", "", "40 hexadecimal"},
		vector{"eth", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAedd", "", "40 hexadecimal"},
		vector{"eth", "0x5gAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "", "40 hexadecimal"},
		vector{"bsc", "0xde709f2102306220921060314715629080e2fb77", "memo", "has no memo"},
	)
	runVectors(t, vs)
}

// CashAddr spec (bitcoincash.org spec/cashaddr.md), "Examples of address
// translation", plus the legacy forms they translate.
func TestBitcoinCash(t *testing.T) {
	runVectors(t, []vector{
		{"bch", "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", "", ""},
		{"bch", "bitcoincash:qr95sy3j9xwd2ap32xkykttr4cvcu7as4y0qverfuy", "", ""},
		{"bch", "bitcoincash:qqq3728yw0y47sqn6l2na30mcw6zm78dzqre909m2r", "", ""},
		{"bch", "bitcoincash:ppm2qsznhks23z7629mms6s4cwef74vcwvn0h829pq", "", ""},
		{"bch", "bitcoincash:pr95sy3j9xwd2ap32xkykttr4cvcu7as4yc93ky28e", "", ""},
		{"bch", "bitcoincash:pqq3728yw0y47sqn6l2na30mcw6zm78dzq5ucqzc37", "", ""},
		{"bch", "qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", "", ""},
		{"bch", "BITCOINCASH:QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A", "", ""},
		{"bch", "QPM2QSZNHKS23Z7629MMS6S4CWEF74VCWVY22GDX6A", "", ""},
		{"bch", "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggu", "", ""},
		{"bch", "3CWFddi6m4ndiGyKqzYvsFYagqDLPVMTzC", "", ""},
		{"bch", "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6q", "", "checksum"},
		{"bch", "bitcoincash:qpm2qsznhks23z7629Mms6s4cwef74vcwvy22gdx6a", "", "case"},
		{"bch", "bchtest:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", "", "testnet"},
		{"bch", "ecash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", "", "eCash"},
		{"bch", "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdxoa", "", "never uses"},
		{"bch", "1BpEi6DfDAUFd7GtittLSdBeYJvcoaVggv", "", "checksum"},
		{"bch", "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", "1", "has no memo"},
	})
}

func TestMemoRules(t *testing.T) {
	for net, want := range map[string]Rule{
		"xrp":  {Need: Optional, Kind: Numeric, Name: "destination tag", Max: 4294967295},
		"xlm":  {Need: Optional, Kind: Text, Name: "memo", MaxLen: 28},
		"ton":  {Need: Optional, Kind: Text, Name: "comment", MaxLen: 128},
		"xmr":  {Need: Forbidden, Kind: NoMemo, Name: "payment ID"},
		"BTC":  forbidden,
		"eth":  forbidden,
		"nope": genericMemo,
	} {
		if got := MemoRule(net); got != want {
			t.Errorf("MemoRule(%q) = %+v; want %+v", net, got, want)
		}
	}
	required := Rule{Need: Required, Kind: Numeric, Name: "tag", Max: 99}
	for _, tc := range []struct{ memo, want string }{
		{"", "a tag is required"}, {"99", ""}, {"100", "at most 99"}, {"99999999999999999999999", "at most 99"}, {" 1", "whole number"},
	} {
		err := checkMemo("x", required, tc.memo)
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("checkMemo(required, %q) = %v; want %q", tc.memo, err, tc.want)
		}
	}
	if Optional.String() != "optional" || Numeric.String() != "numeric" || Need(7).String() != "need(7)" || Kind(9).String() != "kind(9)" {
		t.Error("String methods")
	}
}

// TestSingleTypoRefused: for every checksummed format, changing any one
// character of a valid address to another character of its alphabet must be
// refused, the main point of checking locally.
func TestSingleTypoRefused(t *testing.T) {
	const b32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"
	for _, tc := range []struct{ net, addr, alphabet string }{
		{"btc", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", btcAlphabet},
		{"btc", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0", b32},
		{"ltc", "MHrYRxAiMNBTku3eoDHwhA1LQGDjUStZW2", btcAlphabet},
		{"doge", "DD4KSSuBJqcjuTcvUg1CgUKeurPUFeEZkE", btcAlphabet},
		{"bch", "bitcoincash:qpm2qsznhks23z7629mms6s4cwef74vcwvy22gdx6a", b32},
		{"zec", "t1VmmGiyjVNeCjxDZzg7vZmd99WyzVby9yC", btcAlphabet},
		{"zec", "zs1z7rejlpsa98s2rrrfkwmaxu53e4ue0ulcrw0h4x5g8jl04tak0d3mm47vdtahatqrlkngh9slya", b32},
		{"eth", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0123456789abcdefABCDEF"},
		{"xmr", "8C5zHM5ud8nGC4hC2ULiBLSWx9infi8JUUmWEat4fcTf8J4H38iWYVdFmPCA9UmfLTZxD43RsyKnGEdZkoGij6csDeUnbEB", btcAlphabet},
		{"trx", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", btcAlphabet},
		{"xrp", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", rippleAlphabet},
		{"xlm", "GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ", "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"},
		{"ton", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF", "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"},
		{"dot", "15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5", btcAlphabet},
		{"ada", "addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8", b32},
		{"ada", "Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAi", btcAlphabet},
	} {
		if err := Check(tc.net, tc.addr, ""); err != nil {
			t.Fatalf("Check(%s, %s) = %v", tc.net, tc.addr, err)
		}
		for i := 0; i < len(tc.addr); i++ {
			j := strings.IndexByte(tc.alphabet, tc.addr[i])
			if j < 0 {
				continue // the prefix or separator
			}
			typo := tc.addr[:i] + string(tc.alphabet[(j+1)%len(tc.alphabet)]) + tc.addr[i+1:]
			if tc.net == "eth" && strings.EqualFold(typo, tc.addr) {
				continue // a case change is caught by EIP-55 only for letters; tested in TestEVM
			}
			if Check(tc.net, typo, "") == nil {
				t.Errorf("Check(%s, %s) accepted a one-character typo at %d", tc.net, typo, i)
			}
		}
	}
}

func BenchmarkCheck(b *testing.B) {
	for _, tc := range []struct{ net, addr string }{
		{"btc", "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0"},
		{"btc", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa"},
		{"eth", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"},
		{"xmr", "8C5zHM5ud8nGC4hC2ULiBLSWx9infi8JUUmWEat4fcTf8J4H38iWYVdFmPCA9UmfLTZxD43RsyKnGEdZkoGij6csDeUnbEB"},
		{"unknown", "anything"},
	} {
		b.Run(tc.net+"/"+tc.addr[:6], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if Check(tc.net, tc.addr, "") != nil {
					b.Fatal("refused")
				}
			}
		})
	}
}

// TestMemoRulesMatchNetworkTable: the forms ask for a memo exactly where
// this package accepts one (swapscout.NetworkMemo is what they read).
func TestMemoRulesMatchNetworkTable(t *testing.T) {
	for _, n := range swapscout.NetworkTable {
		if _, ruled := networks[n.Code]; !ruled {
			continue // no address rules: listed, not swappable, no form asks
		}
		if got := MemoRule(n.Code).Need != Forbidden; got != n.Memo {
			t.Errorf("network %s: the address rules allow a memo: %v; NetworkTable says %v", n.Code, got, n.Memo)
		}
	}
}

// TestLooksLike: an address of another network says which network it is.
func TestLooksLike(t *testing.T) {
	for _, tc := range []struct{ net, addr, want, reason string }{
		{"btc", "0x52908400098527886E0F7030069857D2E4169EE7", "eth", "this is an Ethereum address, not a Bitcoin one"},
		{"eth", "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", "btc", "this is a Bitcoin address, not an Ethereum one"},
		{"trx", "LT2KVaAy1ppRuxRgrS5RNU3vBsy7RibPeA", "ltc", "this is a Litecoin address, not a Tron one"},
		{"bsc", "0x52908400098527886E0F7030069857D2E4169EE7", "", ""}, // valid there
		{"btc", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb", "", "checksum"}, // a typo, nobody's address
	} {
		if got := LooksLike(tc.net, tc.addr); got != tc.want {
			t.Errorf("LooksLike(%s, %s) = %q, want %q", tc.net, tc.addr, got, tc.want)
		}
		err := Check(tc.net, tc.addr, "")
		var ae *Error
		switch {
		case tc.reason == "" && err != nil:
			t.Errorf("Check(%s, %s) = %v, want valid", tc.net, tc.addr, err)
		case tc.reason != "" && (!errors.As(err, &ae) || !strings.Contains(ae.Reason, tc.reason) || ae.LooksLike != tc.want):
			t.Errorf("Check(%s, %s) = %v, want a reason with %q", tc.net, tc.addr, err, tc.reason)
		}
	}
}
