package swapscout_test

import (
	"testing"

	"github.com/swapscout/swapscout"
)

func TestAssetString(t *testing.T) {
	for _, tc := range []struct {
		a    swapscout.Asset
		want string
	}{
		{swapscout.Asset{Ticker: "usdt", Network: "trx"}, "usdt@trx"},
		{swapscout.Asset{Ticker: "usd"}, "usd"}, // held on an exchange: no network, no dangling '@'
		{swapscout.Asset{}, ""},
	} {
		if got := tc.a.String(); got != tc.want {
			t.Errorf("%#v.String() = %q, want %q", tc.a, got, tc.want)
		}
	}
}

// TestResolveAsset: both resolvers agree, whatever the case and spacing, and
// fail with EINVALID and a clear message.
func TestResolveAsset(t *testing.T) {
	for _, tc := range []struct {
		ticker, network string
		want            string // asset, or the error message
	}{
		{"BTC", "", "btc@btc"},
		{"usdt", "TRX", "usdt@trx"},
		{"xmr", "xmr", "xmr@xmr"},
		{"NEAR", "", "near@near"},
		{"near", "Near", "near@near"},
		{"near", "eth", `NEAR is not available on Ethereum here; its networks: near (NEAR Protocol)`},
		{"btc", "dash", `BTC is not available on Dash here; its networks: btc (Bitcoin)`},
		{"zqxjv", "", `unknown asset "zqxjv" (GET /v1/assets lists every asset)`},
		// Networks by the names people type for them.
		{"usdt", "tron", "usdt@trx"},
		{"usdt", "TRC20", "usdt@trx"},
		{"usdt", "erc-20", "usdt@eth"},
		{"usdt", "bep20", "usdt@bsc"},
		{"usdc", "sol", "usdc@sol"},
		{"usdc", "polygon", "usdc@matic"},
		{"usdt", "matic", "usdt@matic"},
		{"eth", "arb", "eth@arbitrum"},
		{"eth", "optimism", "eth@op"},
		{"usdt", "avax", "usdt@avaxc"},
		{"usdc", "base", "usdc@base"},
		{"usdt", "bsc", "usdt@bsc"},
		{"usdt", "dogechain", `unknown network "dogechain"; USDT's networks: eth (Ethereum (ERC-20)), trx (Tron (TRC-20)), bsc (BNB Smart Chain (BEP-20)), sol (Solana (SPL)), matic (Polygon), ton (TON (Jetton)), arbitrum (Arbitrum One), avaxc (Avalanche C-Chain), algo (Algorand), aptos (Aptos), celo (Celo), gnosis (Gnosis), kcc (KCC), liquid (Liquid), near (NEAR Protocol), op (Optimism), scroll (Scroll), xtz (Tezos)`},
		// Near misses: did you mean.
		{"bitcoin", "", `"bitcoin" is also the ticker of a token on Ethereum: did you mean btc? Name the token's network to mean the token`},
		{"bitcoin", "eth", "bitcoin@eth"}, // the token, asked for by its network
		{"usdtt", "", `unknown asset "usdtt": did you mean usdt?`},
		{"eht", "", `unknown asset "eht": did you mean eth?`},
		{"monero", "", `unknown asset "monero": did you mean xmr?`},
		{"", "", "asset is required"},
	} {
		info, err := swapscout.ResolveAsset(tc.ticker, tc.network)
		binfo, berr := swapscout.ResolveAssetBytes([]byte(tc.ticker), []byte(tc.network))
		got, bgot := info.String(), binfo.String()
		if err != nil {
			got = swapscout.ErrorMessage(err)
			if swapscout.ErrorCode(err) != swapscout.EINVALID {
				t.Errorf("ResolveAsset(%q, %q): code %q, want EINVALID", tc.ticker, tc.network, swapscout.ErrorCode(err))
			}
		}
		if berr != nil {
			bgot = swapscout.ErrorMessage(berr)
		}
		if got != tc.want || bgot != tc.want || (err == nil) != (berr == nil) {
			t.Errorf("ResolveAsset(%q, %q) = %q, bytes %q; want %q", tc.ticker, tc.network, got, bgot, tc.want)
		}
	}
}
