package catalogue

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
)

// TestStealthEXList replays StealthEX's currency list in its documented
// shape (venue/stealthex/testdata/currencies.json) and checks the mapping:
// natives on "mainnet" land on their chain and ETH on each L2's network;
// the same contract is one asset with the other venues' (USDT on
// Ethereum); the same ticker with another contract is an asset of its own
// (USDT on BNB Chain); a network we do not map (Asset Hub's "polkadot") is
// counted, not guessed.
func TestStealthEXList(t *testing.T) {
	body, err := os.ReadFile("../venue/stealthex/testdata/currencies.json")
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseStealthEX(body)
	if err != nil {
		t.Fatal(err)
	}
	if listed, mapped, unmapped := l.Stats(); listed != 10 || mapped != 8 || unmapped != 2 {
		t.Errorf("stats = %d listed, %d mapped, %d unmapped; want 10, 8, 2", listed, mapped, unmapped)
	}
	got := map[string]string{}
	for _, e := range l.Entries {
		got[e.Code] = e.Network + "/" + e.Contract
	}
	want := map[string]string{
		"btc/mainnet": "btc/", "eth/mainnet": "eth/", "xmr/mainnet": "xmr/", "dot/mainnet": "dot/",
		"eth/arbitrum": "arbitrum/", "eth/base": "base/",
		"usdt/eth": "eth/0xdac17f958d2ee523a2206206994597c13d831ec7",
		"usdt/bsc": "bsc/0x55d398326f99059ff775485246999027b3197955",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("entries (code → network/contract) (-want +got):\n%s", diff)
	}
	for _, u := range l.Unmapped {
		if !strings.HasSuffix(u.Code, "/polkadot") || !strings.Contains(u.Why, "unknown network") {
			t.Errorf("unmapped %v, want only the polkadot entries, as an unknown network", u)
		}
	}

	venues := mergedWith(t, l).venues
	usdtEth := swapscout.AssetID("eth", "0xdac17f958d2ee523a2206206994597c13d831ec7")
	if v := venues(usdtEth); !v["stealthex"] || !v["sideshift"] || !v["changenow"] {
		t.Errorf("USDT on Ethereum listed by %v, want StealthEX with SideShift and ChangeNOW (same contract)", v)
	}
	usdtBsc := swapscout.AssetID("bsc", "0x55d398326f99059ff775485246999027b3197955")
	if usdtBsc == usdtEth || !venues(usdtBsc)["stealthex"] {
		t.Errorf("USDT on BNB Chain (%s) is not an asset of its own listed by StealthEX", usdtBsc)
	}
	if v := venues(swapscout.AssetID("btc", "")); !v["stealthex"] {
		t.Errorf("BTC listed by %v, want StealthEX too", v)
	}

	for _, bad := range []string{`{}`, `[{"symbol":1}]`, `<html>`} {
		if _, err := ParseStealthEX([]byte(bad)); err == nil {
			t.Errorf("ParseStealthEX(%s) accepted", bad)
		}
	}
}

// TestExolixList replays Exolix's currency list in its documented shape
// (venue/exolix/testdata/currencies.json) and checks the mapping: ETH's
// placeholder contract on Ethereum and Arbitrum is the native coin; the
// same contract is one asset with the other venues' (USDT on Ethereum and
// TRON); the same ticker with another contract is an asset of its own
// (Binance-Peg ETH on BNB Chain is not ETH); a memo network is marked; a
// network the adapter does not send (Asset Hub, Kusama) is counted, not
// guessed.
func TestExolixList(t *testing.T) {
	body, err := os.ReadFile("../venue/exolix/testdata/currencies.json")
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseExolix(body)
	if err != nil {
		t.Fatal(err)
	}
	if listed, mapped, unmapped := l.Stats(); listed != 11 || mapped != 9 || unmapped != 2 {
		t.Errorf("stats = %d listed, %d mapped, %d unmapped; want 11, 9, 2 (%v)", listed, mapped, unmapped, l.Unmapped)
	}
	got := map[string]string{}
	for _, e := range l.Entries {
		got[e.Code] = e.Network + "/" + e.Contract
		if e.Memo != (e.Code == "XRP/XRP") {
			t.Errorf("%s: memo %v, want it only on XRP", e.Code, e.Memo)
		}
	}
	want := map[string]string{
		"BTC/BTC": "btc/", "ETH/ETH": "eth/", "ETH/ARBITRUM": "arbitrum/", "XMR/XMR": "xmr/", "XRP/XRP": "xrp/",
		"ETH/BSC":  "bsc/0x2170ed0880ac9a755fd29b2688956bd959f933f8",
		"USDT/ETH": "eth/0xdac17f958d2ee523a2206206994597c13d831ec7",
		"USDT/TRX": "trx/TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
		"USDT/BSC": "bsc/0x55d398326f99059ff775485246999027b3197955",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("entries (code → network/contract) (-want +got):\n%s", diff)
	}
	for _, u := range l.Unmapped {
		if u.Code != "USDT/DOT" && u.Code != "KSM/KSM" || !strings.Contains(u.Why, "unknown network") {
			t.Errorf("unmapped %v, want only Asset Hub's USDT and Kusama, as unknown networks", u)
		}
	}

	merged := mergedWith(t, l)
	if v := merged.venues(swapscout.AssetID("eth", "0xdac17f958d2ee523a2206206994597c13d831ec7")); !v["exolix"] || !v["sideshift"] {
		t.Errorf("USDT on Ethereum listed by %v, want Exolix with SideShift (same contract)", v)
	}
	if v := merged.venues(swapscout.AssetID("trx", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")); !v["exolix"] || !v["sideshift"] {
		t.Errorf("USDT on TRON listed by %v, want Exolix with SideShift (same contract)", v)
	}
	peg := swapscout.AssetID("bsc", "0x2170ed0880ac9a755fd29b2688956bd959f933f8")
	if a := merged[peg]; !merged.venues(peg)["exolix"] || a.Ticker == "eth" {
		t.Errorf("Binance-Peg ETH on BNB Chain = %+v, want an asset of its own listed by Exolix, not ticker eth", a)
	}
	if v := merged.venues(swapscout.AssetID("eth", "")); !v["exolix"] {
		t.Errorf("ETH listed by %v, want Exolix too (its 0xeee…e placeholder is the coin)", v)
	}

	for _, bad := range []string{`{}`, `[{"code":1}]`, `<html>`, `{"data":{}}`} {
		if _, err := ParseExolix([]byte(bad)); err == nil {
			t.Errorf("ParseExolix(%s) accepted", bad)
		}
	}
}

// merged is the catalogue's assets by id.
type merged map[string]swapscout.SnapshotAsset

// mergedWith merges l with the recorded lists the snapshot is built from.
func mergedWith(t *testing.T, l List) merged {
	t.Helper()
	lists, err := Load(os.DirFS("testdata"))
	if err != nil {
		t.Fatal(err)
	}
	m := merged{}
	for _, a := range Merge(append(lists, l)) {
		m[a.ID] = a
	}
	return m
}

// venues are the venues listing asset id.
func (m merged) venues(id string) map[string]bool {
	v := map[string]bool{}
	for _, li := range m[id].Listings {
		v[li.Venue] = true
	}
	return v
}

// TestSimpleSwapList replays SimpleSwap's currency list in its documented
// shape (venue/simpleswap/testdata/currencies.json) and checks the
// mapping: SimpleSwap's own native tickers (bnb-bsc) are the coins the
// adapter's table says; the same contract is one asset with the other
// venues' (USDT on TRON); the same ticker with another contract is an
// asset of its own (USDT on BNB Chain); a memo network is marked; a
// network the adapter does not send is counted, not guessed.
func TestSimpleSwapList(t *testing.T) {
	body, err := os.ReadFile("../venue/simpleswap/testdata/currencies.json")
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseSimpleSwap(body)
	if err != nil {
		t.Fatal(err)
	}
	if listed, mapped, unmapped := l.Stats(); listed != 10 || mapped != 8 || unmapped != 2 {
		t.Errorf("stats = %d listed, %d mapped, %d unmapped; want 10, 8, 2 (%v)", listed, mapped, unmapped, l.Unmapped)
	}
	got := map[string]string{}
	for _, e := range l.Entries {
		got[e.Code] = e.Network + "/" + e.Contract
		if e.Memo != (e.Code == "xrp/xrp") {
			t.Errorf("%s: memo %v, want it only on XRP", e.Code, e.Memo)
		}
	}
	want := map[string]string{
		"btc/btc": "btc/", "eth/eth": "eth/", "eth/arbitrum": "arbitrum/", "bnb-bsc/bsc": "bsc/", "xrp/xrp": "xrp/",
		"usdt/eth": "eth/0xdac17f958d2ee523a2206206994597c13d831ec7",
		"usdt/trx": "trx/TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
		"usdt/bsc": "bsc/0x55d398326f99059ff775485246999027b3197955",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("entries (code → network/contract) (-want +got):\n%s", diff)
	}
	for _, u := range l.Unmapped {
		if u.Code != "dot/dot" && u.Code != "kas/kas" || !strings.Contains(u.Why, "unknown network") {
			t.Errorf("unmapped %v, want only dot and kas, as unknown networks", u)
		}
	}
	merged := mergedWith(t, l)
	usdtTrx := swapscout.AssetID("trx", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")
	if v := merged.venues(usdtTrx); !v["simpleswap"] || !v["sideshift"] {
		t.Errorf("USDT on TRON listed by %v, want SimpleSwap with SideShift (same contract)", v)
	}
	usdtBsc := swapscout.AssetID("bsc", "0x55d398326f99059ff775485246999027b3197955")
	if usdtBsc == usdtTrx || !merged.venues(usdtBsc)["simpleswap"] {
		t.Errorf("USDT on BNB Chain (%s) is not an asset of its own listed by SimpleSwap", usdtBsc)
	}
	if a := merged[swapscout.AssetID("bsc", "")]; !merged.venues(a.ID)["simpleswap"] || a.Ticker != "bnb" {
		t.Errorf("BNB on BNB Chain = %+v, want it listed by SimpleSwap (as bnb-bsc)", a)
	}
	for _, bad := range []string{`{}`, `{"result":{}}`, `[{"ticker":1}]`, `<html>`} {
		if _, err := ParseSimpleSwap([]byte(bad)); err == nil {
			t.Errorf("ParseSimpleSwap(%s) accepted", bad)
		}
	}
}

// TestFixedFloatList replays FixedFloat's `ccies` in its documented shape
// (venue/fixedfloat/testdata/ccies_list.json) and checks the mapping:
// natives by their network; USDT on TRX, which `ccies` gives without a
// contract, is the token the adapter's table names (Tether's TRC-20, one
// asset with the other venues'); a token the table does not name (PEPE) is
// counted, not guessed by its ticker; so is a network the adapter does not
// send (KAS); an entry closed both ways is not listed; tag marks a memo.
func TestFixedFloatList(t *testing.T) {
	body, err := os.ReadFile("../venue/fixedfloat/testdata/ccies_list.json")
	if err != nil {
		t.Fatal(err)
	}
	l, err := ParseFixedFloat(body)
	if err != nil {
		t.Fatal(err)
	}
	if listed, mapped, unmapped := l.Stats(); listed != 9 || mapped != 7 || unmapped != 2 {
		t.Errorf("stats = %d listed, %d mapped, %d unmapped; want 9, 7, 2 (%v)", listed, mapped, unmapped, l.Unmapped)
	}
	got := map[string]string{}
	for _, e := range l.Entries {
		got[e.Code] = e.Network + "/" + e.Contract
		if e.Memo != (e.Code == "XRP/XRP") {
			t.Errorf("%s: memo %v, want it only on XRP", e.Code, e.Memo)
		}
	}
	want := map[string]string{
		"BTC/BTC": "btc/", "ETH/ETH": "eth/", "XMR/XMR": "xmr/", "BNB/BSC": "bsc/", "XRP/XRP": "xrp/", "DOGE/DOGE": "doge/",
		"USDT/TRX": "trx/TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("entries (code → network/contract) (-want +got):\n%s", diff)
	}
	why := map[string]string{}
	for _, u := range l.Unmapped {
		why[u.Code] = u.Why
	}
	if !strings.Contains(why["PEPE/ETH"], "no contract") || !strings.Contains(why["KAS/KAS"], "unknown network") || len(why) != 2 {
		t.Errorf("unmapped %v, want PEPE/ETH for its missing contract and KAS/KAS as an unknown network", why)
	}
	if v := mergedWith(t, l).venues(swapscout.AssetID("trx", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")); !v["fixedfloat"] || !v["sideshift"] {
		t.Errorf("USDT on TRON listed by %v, want FixedFloat with SideShift", v)
	}
	for _, bad := range []string{`{}`, `{"code":301,"msg":"Invalid signature","data":null}`, `[{"coin":1}]`, `<html>`} {
		if _, err := ParseFixedFloat([]byte(bad)); err == nil {
			t.Errorf("ParseFixedFloat(%s) accepted", bad)
		}
	}
}
