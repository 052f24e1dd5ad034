package catalogue

import (
	"os"
	"slices"
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
	l := listCase{file: "../venue/stealthex/testdata/currencies.json", parse: ParseStealthEX, listed: 10,
		want: map[string]string{
			"btc/mainnet": "btc/", "eth/mainnet": "eth/", "xmr/mainnet": "xmr/", "dot/mainnet": "dot/",
			"eth/arbitrum": "arbitrum/", "eth/base": "base/",
			"usdt/eth": "eth/0xdac17f958d2ee523a2206206994597c13d831ec7",
			"usdt/bsc": "bsc/0x55d398326f99059ff775485246999027b3197955",
		},
		unmapped: map[string]string{"usdt/polkadot": "unknown network", "ksm/polkadot": "unknown network"},
		bad:      []string{`{}`, `[{"symbol":1}]`, `<html>`},
	}.check(t)

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
}

// listCase is what one venue list's fixture must map to.
type listCase struct {
	file   string // the fixture, relative to this package
	parse  Parser
	listed int
	// want is every mapped entry: code → network/contract.
	want map[string]string
	// memo is the codes on a memo network; nil leaves memos unchecked.
	memo []string
	// unmapped is every unmapped entry: code → words its reason holds.
	unmapped map[string]string
	bad      []string // bodies the parser must refuse
}

// check parses the fixture, compares the mapping with c and returns the
// list.
func (c listCase) check(t *testing.T) List {
	t.Helper()
	body, err := os.ReadFile(c.file)
	if err != nil {
		t.Fatal(err)
	}
	l, err := c.parse(body)
	if err != nil {
		t.Fatal(err)
	}
	if listed, mapped, unmapped := l.Stats(); listed != c.listed || mapped != len(c.want) || unmapped != len(c.unmapped) {
		t.Errorf("stats = %d listed, %d mapped, %d unmapped; want %d, %d, %d (%v)", listed, mapped, unmapped,
			c.listed, len(c.want), len(c.unmapped), l.Unmapped)
	}
	got := map[string]string{}
	for _, e := range l.Entries {
		got[e.Code] = e.Network + "/" + e.Contract
		if c.memo != nil && e.Memo != slices.Contains(c.memo, e.Code) {
			t.Errorf("%s: memo %v, want memos on %v only", e.Code, e.Memo, c.memo)
		}
	}
	if diff := cmp.Diff(c.want, got); diff != "" {
		t.Errorf("entries (code → network/contract) (-want +got):\n%s", diff)
	}
	for _, u := range l.Unmapped {
		if words, ok := c.unmapped[u.Code]; !ok || !strings.Contains(u.Why, words) {
			t.Errorf("unmapped %v, want %q in the reason of one of %v", u, words, c.unmapped)
		}
	}
	for _, bad := range c.bad {
		if _, err := c.parse([]byte(bad)); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
	return l
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
	l := listCase{file: "../venue/exolix/testdata/currencies.json", parse: ParseExolix, listed: 11,
		want: map[string]string{
			"BTC/BTC": "btc/", "ETH/ETH": "eth/", "ETH/ARBITRUM": "arbitrum/", "XMR/XMR": "xmr/", "XRP/XRP": "xrp/",
			"ETH/BSC":  "bsc/0x2170ed0880ac9a755fd29b2688956bd959f933f8",
			"USDT/ETH": "eth/0xdac17f958d2ee523a2206206994597c13d831ec7",
			"USDT/TRX": "trx/TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
			"USDT/BSC": "bsc/0x55d398326f99059ff775485246999027b3197955",
		},
		memo:     []string{"XRP/XRP"},
		unmapped: map[string]string{"USDT/DOT": "unknown network", "KSM/KSM": "unknown network"},
		bad:      []string{`{}`, `[{"code":1}]`, `<html>`, `{"data":{}}`},
	}.check(t)

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
	l := listCase{file: "../venue/simpleswap/testdata/currencies.json", parse: ParseSimpleSwap, listed: 10,
		want: map[string]string{
			"btc/btc": "btc/", "eth/eth": "eth/", "eth/arbitrum": "arbitrum/", "bnb-bsc/bsc": "bsc/", "xrp/xrp": "xrp/",
			"usdt/eth": "eth/0xdac17f958d2ee523a2206206994597c13d831ec7",
			"usdt/trx": "trx/TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
			"usdt/bsc": "bsc/0x55d398326f99059ff775485246999027b3197955",
		},
		memo:     []string{"xrp/xrp"},
		unmapped: map[string]string{"dot/dot": "unknown network", "kas/kas": "unknown network"},
		bad:      []string{`{}`, `{"result":{}}`, `[{"ticker":1}]`, `<html>`},
	}.check(t)
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
}

// TestFixedFloatList replays FixedFloat's `ccies` in its documented shape
// (venue/fixedfloat/testdata/ccies_list.json) and checks the mapping:
// natives by their network; USDT on TRX, which `ccies` gives without a
// contract, is the token the adapter's table names (Tether's TRC-20, one
// asset with the other venues'); a token the table does not name (PEPE) is
// counted, not guessed by its ticker; so is a network the adapter does not
// send (KAS); an entry closed both ways is not listed; tag marks a memo.
func TestFixedFloatList(t *testing.T) {
	l := listCase{file: "../venue/fixedfloat/testdata/ccies_list.json", parse: ParseFixedFloat, listed: 9,
		want: map[string]string{
			"BTC/BTC": "btc/", "ETH/ETH": "eth/", "XMR/XMR": "xmr/", "BNB/BSC": "bsc/", "XRP/XRP": "xrp/", "DOGE/DOGE": "doge/",
			"USDT/TRX": "trx/TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
		},
		memo:     []string{"XRP/XRP"},
		unmapped: map[string]string{"PEPE/ETH": "no contract", "KAS/KAS": "unknown network"},
		bad:      []string{`{}`, `{"code":301,"msg":"Invalid signature","data":null}`, `[{"coin":1}]`, `<html>`},
	}.check(t)
	if v := mergedWith(t, l).venues(swapscout.AssetID("trx", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")); !v["fixedfloat"] || !v["sideshift"] {
		t.Errorf("USDT on TRON listed by %v, want FixedFloat with SideShift", v)
	}
}
