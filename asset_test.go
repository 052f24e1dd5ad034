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
		{"near", "eth", `asset "near" is not supported on network "eth"`},
		{"btc", "eth", `asset "btc" is not supported on network "eth"`},
		{"nope", "", `unknown asset "nope"`},
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
