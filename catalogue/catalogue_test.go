package catalogue

import (
	"os"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
)

// TestFixturesMap replays every recorded list and checks the mapping rules.
func TestFixturesMap(t *testing.T) {
	lists, err := Load(os.DirFS("testdata"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range lists {
		listed, mapped, unmapped := l.Stats()
		if listed == 0 || mapped == 0 || listed != mapped+unmapped {
			t.Errorf("%s: listed %d, mapped %d, unmapped %d", l.Venue, listed, mapped, unmapped)
		}
	}
	assets := Merge(lists)
	if len(assets) < 500 {
		t.Errorf("Merge gave %d asset-networks, want ≥ 500", len(assets))
	}
	byID := map[string]swapscout.SnapshotAsset{}
	for _, a := range assets {
		if _, dup := byID[a.ID]; dup {
			t.Errorf("id %s twice", a.ID)
		}
		byID[a.ID] = a
	}
	// Same contract → same asset: USDT on Ethereum is listed by SideShift,
	// KuCoin, NEAR Intents, THORChain, Maya and Chainflip under one id.
	usdt := byID["eip155:1/erc20:0xdac17f958d2ee523a2206206994597c13d831ec7"]
	if usdt.Ticker != "usdt" || usdt.Network != "eth" || len(usdt.Listings) < 4 {
		t.Errorf("USDT on Ethereum = %+v, want usdt@eth listed by ≥ 4 venues", usdt)
	}
	// Same ticker, other contract → not merged: PEPE on Ethereum and PEPE
	// on Arbitrum are different assets.
	var pepes []string
	for _, a := range assets {
		if strings.HasPrefix(a.Ticker, "pepe") {
			pepes = append(pepes, a.ID)
		}
	}
	if len(pepes) < 2 {
		t.Errorf("PEPE assets = %v, want one per contract", pepes)
	}
}

func TestUnknownNetworkCounted(t *testing.T) {
	l, err := ParseSideShift([]byte(`[{"coin":"X","name":"X","networks":["mars","ethereum"],"tokenDetails":{"ethereum":{"contractAddress":"0x1111111111111111111111111111111111111111","decimals":6}}},
		{"coin":"Y","name":"Y","networks":["ethereum"]}]`))
	if err != nil {
		t.Fatal(err)
	}
	listed, mapped, unmapped := l.Stats()
	if listed != 3 || mapped != 1 || unmapped != 2 {
		t.Fatalf("stats = %d/%d/%d, want 3 listed, 1 mapped, 2 unmapped (unknown network; token without contract)", listed, mapped, unmapped)
	}
}

// TestSnapshotCurrent fails when the checked-in snapshot is not what the
// generator makes of testdata (run go generate ./catalogue).
func TestSnapshotCurrent(t *testing.T) {
	lists, err := Load(os.DirFS("testdata"))
	if err != nil {
		t.Fatal(err)
	}
	date, _ := swapscout.CatalogueInfo()
	want := Merge(lists)
	n := 0
	for _, e := range swapscout.Catalogue() {
		if e.ID != "" && len(e.Listings) > 0 {
			n++
		}
	}
	if n != len(want) || date == "" {
		t.Errorf("embedded snapshot (%s) has %d listed assets, the lists give %d: run go generate ./catalogue", date, n, len(want))
	}
}

// TestNEARIntentsOneClick reads 1-Click's /v0/tokens spelling: a token on a
// chain we carry maps by contract, a contract on a chain without tokens and
// an unknown chain are counted, and each listing keeps the list's decimals.
func TestNEARIntentsOneClick(t *testing.T) {
	l, err := ParseNEARIntents([]byte(`[
		{"assetId":"nep245:v2_1.omni.hot.tg:56_2CMMyVTGZkeyNZTSvS5sarzfir6g","decimals":18,"blockchain":"bsc","symbol":"USDT","price":0.999161,"contractAddress":"0x55d398326f99059ff775485246999027b3197955"},
		{"assetId":"1cs_v1:btc:native:coin","decimals":8,"blockchain":"btc","symbol":"BTC(OMNI)","price":64525,"contractAddress":"coin"},
		{"assetId":"nep141:starknet.omft.near","decimals":18,"blockchain":"starknet","symbol":"STRK","price":0.027391}]`))
	if err != nil {
		t.Fatal(err)
	}
	if listed, mapped, unmapped := l.Stats(); listed != 3 || mapped != 1 || unmapped != 2 {
		t.Fatalf("stats = %d/%d/%d, want 3 listed, 1 mapped, 2 unmapped", listed, mapped, unmapped)
	}
	a := Merge([]List{l})
	if len(a) != 1 || a[0].ID != "eip155:56/bep20:0x55d398326f99059ff775485246999027b3197955" || a[0].Listings[0].Decimals != 18 {
		t.Errorf("Merge = %+v, want USDT on BSC with the list's 18 decimals", a)
	}
}

// TestKuCoinRadixIsTheCoin: KuCoin lists XRD on its "radix" chain with
// XRD's own resource address as the contract; that is Radix's coin, the
// asset Maya lists as XRD.XRD, not a token of its own.
func TestKuCoinRadixIsTheCoin(t *testing.T) {
	lists, err := Load(os.DirFS("testdata"))
	if err != nil {
		t.Fatal(err)
	}
	var xrd []swapscout.SnapshotAsset
	for _, a := range Merge(lists) {
		if a.Network == "xrd" {
			xrd = append(xrd, a)
		}
	}
	if len(xrd) != 1 || xrd[0].Contract != "" || xrd[0].Ticker != "xrd" {
		t.Fatalf("Radix assets = %+v, want one: the native XRD", xrd)
	}
	venues := map[string]string{}
	for _, l := range xrd[0].Listings {
		venues[l.Venue] = l.Code
	}
	if venues["kucoin"] != "XRD/XRD" || venues["maya"] != "XRD.XRD" {
		t.Errorf("XRD listed by %v, want KuCoin (XRD/XRD) and Maya (XRD.XRD)", venues)
	}
}
