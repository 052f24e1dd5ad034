package fixedfloat

import (
	"testing"

	"github.com/swapscout/swapscout/venue/fixedfloat"
)

// TestCodes fails when two assets the adapter maps share a simulated
// combined code, or when a code is not the one the simulator always listed.
func TestCodes(t *testing.T) {
	seen := map[string]bool{}
	for a, c := range fixedfloat.Symbols {
		code := simCode(c)
		if seen[code] {
			t.Errorf("%s (%v): simulator code %q shared", a, c, code)
		}
		seen[code] = true
	}
	for c, want := range map[fixedfloat.Ccy]string{
		{Coin: "BTC", Network: "BTC"}: "BTC", {Coin: "USDT", Network: "TRX"}: "USDTTRC", {Coin: "USDT", Network: "ETH"}: "USDT",
		{Coin: "BNB", Network: "BSC"}: "BSC", {Coin: "ETH", Network: "OPTIMISM"}: "ETHOP", {Coin: "USDC", Network: "SOL"}: "USDCSOL",
		{Coin: "AVAX", Network: "AVAXC"}: "AVAX", {Coin: "POL", Network: "MATIC"}: "POL", {Coin: "USDT", Network: "AVAXC"}: "USDTAVAXC",
	} {
		if got := simCode(c); got != want {
			t.Errorf("simCode(%v) = %s, want %s", c, got, want)
		}
	}
}
