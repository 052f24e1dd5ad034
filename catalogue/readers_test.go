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

	lists, err := Load(os.DirFS("testdata"))
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]swapscout.SnapshotAsset{}
	for _, a := range Merge(append(lists, l)) {
		byID[a.ID] = a
	}
	venues := func(id string) map[string]bool {
		v := map[string]bool{}
		for _, li := range byID[id].Listings {
			v[li.Venue] = true
		}
		return v
	}
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
