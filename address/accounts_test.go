package address

import "testing"

func TestTronSolana(t *testing.T) {
	runVectors(t, []vector{
		{"trx", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "", ""},
		{"trx", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u", "", "checksum"},
		{"trx", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "", "not a Tron address"},
		{"sol", "11111111111111111111111111111111", "", ""},
		{"sol", "TokenkegQfeZyiNwAJbNbGCPFXCWuBvf9Ss623VQ5DA", "", ""},
		{"sol", "Ho87cuS3aSRgUMCeMrV7uNCCWx6Fj2ytnufYQ1W7KCLr", "", ""},
		{"sol", "TokenkegQfeZyiNwAJbNbGCPFXCWuBvf9Ss623VQ5D", "", "32 bytes"},
		{"sol", "0okenkegQfeZyiNwAJbNbGCPFXCWuBvf9Ss623VQ5DA", "", "'0'"},
	})
}

func TestXRP(t *testing.T) {
	runVectors(t, []vector{
		{"xrp", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", "", ""},
		{"xrp", "rrrrrrrrrrrrrrrrrrrrrhoLvTp", "", ""},
		{"xrp", "rrrrrrrrrrrrrrrrrrrrBZbvji", "", ""},
		{"xrp", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", "12345", ""},
		{"xrp", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", "4294967295", ""},
		{"xrp", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", "4294967296", "at most 4294967295"},
		{"xrp", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", "12a", "whole number"},
		{"xrp", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", "-1", "whole number"},
		{"xrp", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi", "", "checksum"},
		{"xrp", "0Hb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", "", "'0'"},
		{"xrp", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "", "checksum"},
		// XLS-5d / xrpl.js address codec README.
		{"xrp", "X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ", "", ""},
		{"xrp", "X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu", "", ""},
		{"xrp", "X7AcgcsBL6XDcUb289X4mJ8djcdyKaGZMhc9YTE92ehJ2Fu", "1", "already includes a destination tag"},
		{"xrp", "T719a5UwUCnEs54UsxG9CJYYDhwmFCqkr7wxCcNcfZ6p5GZ", "", "testnet"},
	})
}

// Stellar SEP-23 (strkey) test cases and the memo's 28-byte limit.
func TestStellar(t *testing.T) {
	runVectors(t, []vector{
		{"xlm", "GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ", "", ""},
		{"xlm", "MA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVAAAAAAAAAAAAAJLK", "", ""},
		{"xlm", "GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ", "1234567890123456789012345678", ""},
		{"xlm", "GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGZ", "12345678901234567890123456789", "at most 28"},
		{"xlm", "GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSGA", "", "checksum"},
		{"xlm", "ga7qynf7sowq3glr2bgmzehxavirza4kvwltjjfc7mgxua74p7ujvsgz", "", "upper case"},
		{"xlm", "GA7QYNF7SOWQ3GLR2BGMZEHXAVIRZA4KVWLTJJFC7MGXUA74P7UJVSG", "", "56 characters"},
		// SEP-23 invalid: a secret seed is not an account.
		{"xlm", "SBU2RRGLXH3E5CQHTD3ODLDF2BWDCYUSSBLLZ5GNW7JXHDIYKXZWHOKR", "", "not an account"},
	})
}

func TestTON(t *testing.T) {
	runVectors(t, []vector{
		// TON docs, "Smart contract addresses": one account in its forms.
		{"ton", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF", "", ""},
		{"ton", "UQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPuwA", "", ""},
		{"ton", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff+W72r5gqPrHF", "", ""},
		{"ton", "0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e", "", ""},
		{"ton", "kQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPgpP", "", "testnet"},
		{"ton", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHG", "", "checksum"},
		{"ton", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrH", "", "48 characters"},
		{"ton", "1:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3e", "", "workchain"},
		{"ton", "0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3", "", "64 hexadecimal"},
		{"ton", "0:ca6e321c7cce9ecedf0a8ca2492ec8592494aa5fb5ce0387dff96ef6af982a3g", "", "64 hexadecimal"},
		{"ton", "EQDKbjIcfM6ezt8KjKJJLshZJJSqX7XOA4ff-W72r5gqPrHF", "order 12345", ""},
	})
}

// Polkadot's SS58 docs and Substrate's well-known development account Alice
// in the Polkadot, generic and Kusama formats.
func TestPolkadot(t *testing.T) {
	runVectors(t, []vector{
		{"dot", "15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5", "", ""},
		{"dot", "15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp6", "", "checksum"},
		{"dot", "5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY", "", "generic Substrate"},
		{"dot", "HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F", "", "Kusama"},
		{"dot", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "", "not a Polkadot address"},
		{"dot", "15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5", "1", "has no memo"},
	})
}

func TestZcash(t *testing.T) {
	runVectors(t, []vector{
		// ZIP 320 reference vector: a transparent address and its TEX form.
		{"zec", "t1VmmGiyjVNeCjxDZzg7vZmd99WyzVby9yC", "", ""},
		{"zec", "tex1s2rt77ggv6q989lr49rkgzmh5slsksa9khdgte", "", ""},
		// Zcash's src/wallet/test/rpc_wallet_tests.cpp (z_validateaddress).
		{"zec", "zs1z7rejlpsa98s2rrrfkwmaxu53e4ue0ulcrw0h4x5g8jl04tak0d3mm47vdtahatqrlkngh9slya", "", ""},
		{"zec", "zs1z7rejlpsa98s2rrrfkwmaxu53e4ue0ulcrw0h4x5g8jl04tak0d3mm47vdtahatqrlkngh9sly", "", "checksum"},
		// zcash-test-vectors unified_address.json (the unified_addr column,
		// hex-decoded): a transparent+Orchard and an Orchard-only address.
		{"zec", "u1z5gu8x3dvkvwcmrj0qk5hrx9pcadl56h84f7wdyp6nv53r3d5cccedechmw985tge5w3c2r569qa72lgguu5xrqxh79ajzc7kqmes20pktzqrjlpx56qhgmqm56hn9wt2hcyxpdamak", "", ""},
		{"zec", "u1p5rt2l48lpmyyeypnffal288jgf2tz50fzn23jdp68vcujvwn0uz5u0evcp35jfmfvrl26az7suqqfm0skn9mmz9un86gqkq9va32v4s", "", ""},
		{"zec", "u1p5rt2l48lpmyyeypnffal288jgf2tz50fzn23jdp68vcujvwn0uz5u0evcp35jfmfvrl26az7suqqfm0skn9mmz9un86gqkq9va32v4q", "", "checksum"},
		{"zec", "tex1s2rt77ggv6q989lr49rkgzmh5slsksa9khdgta", "", "checksum"},
		{"zec", "t1VmmGiyjVNeCjxDZzg7vZmd99WyzVby9yD", "", "checksum"},
		{"zec", "texregtest1s2rt77ggv6q989lr49rkgzmh5slsksa990zqpk", "", "testnet"},
		{"zec", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "", "Zcash addresses start with"},
		{"zec", "t1VmmGiyjVNeCjxDZzg7vZmd99WyzVby9yC", "memo", "has no memo"},
	})
}

func TestDashFiro(t *testing.T) {
	runVectors(t, []vector{
		{"dash", "XpESxaUmonkq8RaLLp46Brx2K39ggQe226", "", ""},
		{"dash", "Xb6HifW6jSGGgpQeSx36VZUDR1FVDPjdXN", "", ""},
		{"dash", "XpESxaUmonkq8RaLLp46Brx2K39ggQe227", "", "checksum"},
		{"dash", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "", "Dash addresses start with"},
		{"firo", "aEF2p3jepoWF2yRYZjb6EACCP4CaP41doV", "", ""},
		{"firo", "aEF2p3jepoWF2yRYZjb6EACCP4CaP41doW", "", "checksum"},
		{"firo", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "", "Firo addresses start with"},
		{"firo", "st1qqqqqqqqqqqqqqq", "", "testnet"},
		{"firo", "sm1qqqqqqqqqqqqqqqq", "", "checksum"},
	})
}

// Cardano CIP-19 test vectors (mainnet base, script, pointer, enterprise
// addresses; a stake address; a testnet one) and Byron addresses.
func TestCardano(t *testing.T) {
	runVectors(t, []vector{
		{"ada", "addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x", "", ""},
		{"ada", "addr1z8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gten0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs9yc0hh", "", ""},
		{"ada", "addr1gx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer5pnz75xxcrzqf96k", "", ""},
		{"ada", "addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl8", "", ""},
		{"ada", "addr1w8phkx6acpnf78fuvxn0mkew3l0fd058hzquvz7w36x4gtcyjy7wx", "", ""},
		{"ada", "addr1vx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzers66hrl9", "", "checksum"},
		{"ada", "stake1uyehkck0lajq8gr28t9uxnuvgcqrc6070x3k9r8048z8y5gh6ffgw", "", "stake"},
		{"ada", "addr_test1vz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzerspjrlsz", "", "testnet"},
		{"ada", "Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAi", "", ""},
		{"ada", "DdzFFzCqrhswMWoTiWaqXUDZJuYUx63qB6Aq8rbVbhFbc8NWqhpZkC7Lhn5eVA7kWf4JwKvJ9PqQF78AewMCzDZLabkzm99rFzpNDKp5", "", ""},
		{"ada", "Ae2tdPwUPEZFRbyhz3cpfC2CumGzNkFBN2L42rcUc2yjQpEkxDbkPodpMAj", "", "checksum"},
		{"ada", "1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa", "", "not a Cardano address"},
	})
}
