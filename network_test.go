package swapscout_test

import (
	"testing"

	"github.com/swapscout/swapscout"
)

func TestAssetWords(t *testing.T) {
	for _, tc := range []struct {
		a           swapscout.Asset
		words, netw string
	}{
		{swapscout.Asset{Ticker: "btc", Network: "btc"}, "BTC on Bitcoin", "Bitcoin"},
		{swapscout.Asset{Ticker: "usdt", Network: "trx"}, "USDT on Tron (TRC-20)", "Tron (TRC-20)"},
		{swapscout.Asset{Ticker: "usdt", Network: "eth"}, "USDT on Ethereum (ERC-20)", "Ethereum (ERC-20)"},
		{swapscout.Asset{Ticker: "eth", Network: "eth"}, "ETH on Ethereum", "Ethereum"}, // a native coin has no token standard
		{swapscout.Asset{Ticker: "eth", Network: "arbitrum"}, "ETH on Arbitrum One", "Arbitrum One"},
		{swapscout.Asset{Ticker: "usdc", Network: "sol"}, "USDC on Solana (SPL)", "Solana (SPL)"},
		{swapscout.Asset{Ticker: "usd"}, "USD", ""},
	} {
		if got := tc.a.Words(); got != tc.words {
			t.Errorf("%v.Words() = %q, want %q", tc.a, got, tc.words)
		}
		if tc.a.Network != "" {
			if got := tc.a.NetworkLabel(); got != tc.netw {
				t.Errorf("%v.NetworkLabel() = %q, want %q", tc.a, got, tc.netw)
			}
		}
	}
}

// TestNetworkTable: every catalogue network is in the table, and no alias
// names two networks.
func TestNetworkTable(t *testing.T) {
	for _, a := range swapscout.Assets {
		if _, ok := swapscout.LookupNetwork(a.Network); !ok {
			t.Errorf("network %q of %v is not in NetworkTable", a.Network, a.Asset)
		}
	}
	seen := map[string]string{}
	for _, n := range swapscout.NetworkTable {
		for _, s := range append([]string{n.Code}, n.Aliases...) {
			if prev, dup := seen[s]; dup {
				t.Errorf("%q names both %s and %s", s, prev, n.Code)
			}
			seen[s] = n.Code
		}
	}
	for net, want := range map[string]bool{"xrp": true, "xlm": true, "ton": true, "btc": false, "xmr": false, "eth": false} {
		if got := swapscout.NetworkMemo(net); got != want {
			t.Errorf("NetworkMemo(%q) = %v, want %v", net, got, want)
		}
	}
}

func TestShownDecimals(t *testing.T) {
	for a, want := range map[swapscout.Asset]int{
		{Ticker: "btc", Network: "btc"}:   8,
		{Ticker: "eth", Network: "eth"}:   10, // 18 on chain, 10 shown
		{Ticker: "xmr", Network: "xmr"}:   10,
		{Ticker: "usdt", Network: "eth"}:  6,
		{Ticker: "usdt", Network: "bsc"}:  6, // 18 on chain: a dollar is not read to 18 places
		{Ticker: "trx", Network: "trx"}:   6,
		{Ticker: "near", Network: "near"}: 10,
		{Ticker: "zzz", Network: "zzz"}:   10,
	} {
		if got := swapscout.ShownDecimals(a); got != want {
			t.Errorf("ShownDecimals(%v) = %d, want %d", a, got, want)
		}
	}
}

func TestShownAndSignificant(t *testing.T) {
	m := swapscout.MustAmount
	for _, tc := range []struct {
		in    string
		scale int
		mode  swapscout.RoundingMode
		want  string
	}{
		{"2.034324901560263456", 10, swapscout.RoundDown, "2.0343249015"},
		{"2.034324901560263456", 10, swapscout.RoundUp, "2.0343249016"},
		{"1.5", 8, swapscout.RoundDown, "1.5"},
		{"0.000000000004", 10, swapscout.RoundDown, "0.000000000004"}, // never shown as 0
		{"0", 10, swapscout.RoundDown, "0"},
	} {
		if got := m(tc.in).Shown(tc.scale, tc.mode).String(); got != tc.want {
			t.Errorf("%s.Shown(%d, %v) = %s, want %s", tc.in, tc.scale, tc.mode, got, tc.want)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"163.24915832", "163.249"},
		{"0.00612747123", "0.00612747"},
		{"1234567.89", "1234568"},
		{"0.5", "0.5"},
	} {
		if got := m(tc.in).Significant(6, swapscout.RoundHalfEven).String(); got != tc.want {
			t.Errorf("%s.Significant(6) = %s, want %s", tc.in, got, tc.want)
		}
	}
	xmr := swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	btc := swapscout.Asset{Ticker: "btc", Network: "btc"}
	if got := swapscout.ShownRate(m("163.2491583209"), xmr).String(); got != "163.249" {
		t.Errorf("ShownRate(163.2491583209 XMR) = %s", got)
	}
	if got := swapscout.ShownRate(swapscout.Inverse(m("163.2491583209")), btc).String(); got != "0.00612561" {
		t.Errorf("ShownRate(1/163.2491583209 BTC) = %s", got)
	}
	if got := swapscout.Inverse(swapscout.Amount{}); !got.IsZero() {
		t.Errorf("Inverse(0) = %s, want 0", got)
	}
}
