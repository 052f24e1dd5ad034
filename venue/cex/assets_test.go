package cex

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

func TestParseAssets(t *testing.T) {
	symbols, fees, err := ParseAssets(`
# asset     ticker  network             fee
btc@btc     XXBT    Bitcoin             0.0002
usdt@trx    USDT    Tether USD (TRC20)  2.5     # [MEM]

  usdt@eth	USDT	ERC20	0   # tabs, a free withdrawal
`)
	if err != nil {
		t.Fatal(err)
	}
	btc, usdtTRX, usdtETH := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "usdt", Network: "trx"}, swapscout.Asset{Ticker: "usdt", Network: "eth"}
	want := venue.Symbols[Code]{btc: {"XXBT", "Bitcoin"}, usdtTRX: {"USDT", "Tether USD (TRC20)"}, usdtETH: {"USDT", "ERC20"}}
	if diff := cmp.Diff(want, symbols); diff != "" {
		t.Errorf("symbols (-want +got):\n%s", diff)
	}
	if len(fees) != 3 || fees[btc].String() != "0.0002" || fees[usdtTRX].String() != "2.5" || fees[usdtETH].Sign() != 0 {
		t.Errorf("fees %v", fees)
	}
	for _, bad := range []string{
		"btc XXBT Bitcoin 0.1",         // no network
		"btc@btc XXBT 0.1",             // no venue network
		"btc@btc XXBT Bitcoin lots",    // no fee
		"btc@btc A B 1\nbtc@btc A B 2", // twice
		"@btc XXBT Bitcoin 0.1",        // no ticker
	} {
		if _, _, err := ParseAssets(bad); err == nil || !strings.Contains(err.Error(), "asset table line") {
			t.Errorf("ParseAssets(%q) = %v, want an error naming the line", bad, err)
		}
	}
}
