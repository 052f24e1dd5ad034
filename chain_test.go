package swapscout_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

func TestAmountFromUnits(t *testing.T) {
	for _, tc := range []struct {
		units    string
		decimals int
		want     string // "" : an error
	}{
		{"2546637", 8, "0.02546637"},
		{"336946644", 8, "3.36946644"},
		{"100000000", 8, "1"},
		{"0", 8, "0"},
		{"000120", 2, "1.2"},
		{"5", 0, "5"},
		{"1", 18, "0.000000000000000001"},
		{"1000000000000000000", 18, "1"},
		{"195170000", 6, "195.17"},
		{"340282366920938463463374607431768211455", 0, "340282366920938463463374607431768211455"}, // 2^128-1
		{"340282366920938463463374607431768211456", 0, ""},                                        // 2^128
		{"1" + strings.Repeat("0", 70), 18, ""},
		{"", 8, ""},
		{"-1", 8, ""},
		{"1.5", 8, ""},
		{"1e8", 8, ""},
		{" 1", 8, ""},
		{"0x10", 8, ""},
		{"1", -1, ""},
		{"1", swapscout.MaxScale + 1, ""},
	} {
		got, err := swapscout.AmountFromUnits(tc.units, tc.decimals)
		switch {
		case tc.want == "" && err == nil:
			t.Errorf("AmountFromUnits(%q, %d) = %s, want an error", tc.units, tc.decimals, got)
		case tc.want != "" && err != nil:
			t.Errorf("AmountFromUnits(%q, %d): %v", tc.units, tc.decimals, err)
		case tc.want != "" && got.String() != tc.want:
			t.Errorf("AmountFromUnits(%q, %d) = %s, want %s", tc.units, tc.decimals, got, tc.want)
		}
	}
	if _, err := swapscout.AmountFromUnits("340282366920938463463374607431768211456", 0); !errors.Is(err, swapscout.ErrAmountRange) {
		t.Errorf("2^128 units: %v, want ErrAmountRange", err)
	}
}

func TestAmountUnits(t *testing.T) {
	for _, tc := range []struct {
		amount   string
		decimals int
		want     string
	}{
		{"0.02546637", 8, "2546637"},
		{"1", 18, "1000000000000000000"},
		{"195.17", 6, "195170000"},
		{"0", 6, "0"},
		{"12.5", 1, "125"},
	} {
		got, err := swapscout.AmountUnits(swapscout.MustAmount(tc.amount), tc.decimals)
		if err != nil || got != tc.want {
			t.Errorf("AmountUnits(%s, %d) = %q, %v; want %q", tc.amount, tc.decimals, got, err, tc.want)
		}
	}
	for _, tc := range []struct {
		amount   swapscout.Amount
		decimals int
	}{
		{swapscout.MustAmount("0.123"), 2},
		{swapscout.MustAmount("-1"), 8},
		{swapscout.Amount{}.Quo(swapscout.Amount{}, 2, swapscout.RoundDown), 8}, // invalid
	} {
		if got, err := swapscout.AmountUnits(tc.amount, tc.decimals); err == nil {
			t.Errorf("AmountUnits(%s, %d) = %q, want an error", tc.amount, tc.decimals, got)
		}
	}
}

func FuzzAmountFromUnits(f *testing.F) {
	for _, s := range []string{"2546637", "0", "000120", "340282366920938463463374607431768211455", "1e8", ""} {
		f.Add(s, 8)
	}
	f.Fuzz(func(t *testing.T, units string, decimals int) {
		a, err := swapscout.AmountFromUnits(units, decimals)
		if err != nil {
			return
		}
		back, err := swapscout.AmountUnits(a, decimals)
		if err != nil {
			t.Fatalf("AmountUnits(%s, %d): %v", a, decimals, err)
		}
		if want := strings.TrimLeft(units, "0"); back != want && !(want == "" && back == "0") {
			t.Fatalf("round trip of %q with %d decimals gave %q", units, decimals, back)
		}
	})
}

// TestChainTokens: every token named is a catalogue asset, on a network
// with contracts, written the way its network's explorers write it.
func TestChainTokens(t *testing.T) {
	for a, c := range swapscout.ChainTokens {
		if _, ok := swapscout.LookupAsset(a); !ok {
			t.Errorf("ChainTokens names %s, not in the catalogue", a)
		}
		switch a.Network {
		case "trx":
			if !strings.HasPrefix(c, "T") || len(c) != 34 {
				t.Errorf("%s: TRON contract %q is not base58 T…", a, c)
			}
		case "sol":
			if len(c) < 32 || len(c) > 44 {
				t.Errorf("%s: mint %q is not base58 of 32 bytes", a, c)
			}
		default:
			if !strings.HasPrefix(c, "0x") || len(c) != 42 {
				t.Errorf("%s: contract %q is not 0x and 40 hex digits", a, c)
			}
		}
		if info, ok := swapscout.ChainTokenByContract(a.Network, strings.ToLower(c)); a.Network != "trx" && a.Network != "sol" && (!ok || info.Asset != a) {
			t.Errorf("ChainTokenByContract(%s, lower-case %s) = %v, %v", a.Network, c, info.Asset, ok)
		}
		if swapscout.ChainNative(a) {
			t.Errorf("ChainNative(%s) = true for a token", a)
		}
	}
	for _, a := range []swapscout.Asset{{"btc", "btc"}, {"eth", "arbitrum"}, {"pol", "matic"}, {"trx", "trx"}, {"sol", "sol"}} {
		if !swapscout.ChainNative(a) {
			t.Errorf("ChainNative(%s) = false", a)
		}
	}
	if _, ok := swapscout.ChainTokenByContract("sol", strings.ToLower(swapscout.ChainTokens[swapscout.Asset{"usdc", "sol"}])); ok {
		t.Error("a Solana mint matched in another case: base58 is case-sensitive")
	}
}

func TestChainVerifiable(t *testing.T) {
	if err := swapscout.ChainVerifiable("xmr"); !errors.Is(err, swapscout.ErrNotVerifiable) || !strings.Contains(err.Error(), "view key") {
		t.Errorf("ChainVerifiable(xmr) = %v", err)
	}
	if err := swapscout.ChainVerifiable("btc"); err != nil {
		t.Errorf("ChainVerifiable(btc) = %v", err)
	}
}

func TestChainSettled(t *testing.T) {
	at := time.Unix(1734720142, 0)
	for _, tc := range []struct {
		tr   swapscout.Transfer
		want bool
	}{
		{swapscout.Transfer{Network: "btc", Height: 10, Confirmations: 2, Time: at}, true},
		{swapscout.Transfer{Network: "btc", Height: 10, Confirmations: 1, Time: at}, false},
		{swapscout.Transfer{Network: "btc"}, false},
		{swapscout.Transfer{Network: "eth", Height: 10, Confirmations: 11, Time: at}, false},
		{swapscout.Transfer{Network: "sol", Height: 10, Confirmations: 3, Final: true, Time: at}, true},
		{swapscout.Transfer{Network: "xrp", Height: 10, Confirmations: 1, Time: at}, true},
	} {
		if got := swapscout.ChainSettled(tc.tr); got != tc.want {
			t.Errorf("ChainSettled(%s, %d confirmations, final %v) = %v", tc.tr.Network, tc.tr.Confirmations, tc.tr.Final, got)
		}
	}
}
