package maya_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/maya"
	"github.com/swapscout/swapscout/venue/thornode"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth = swapscout.Asset{Ticker: "eth", Network: "eth"}
)

// btcETH is the request of Maya's recorded quote.
var btcETH = swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("1")}

const quotePath = "/mayachain/quote/swap"

func quote(fixture string, status int) []venuetest.Route {
	return []venuetest.Route{{Path: quotePath, Fixture: fixture, Status: status}}
}

var okCase = venuetest.Case{Name: "quote_ok", Req: btcETH, Routes: quote("quote_btc_eth.json", 200),
	Check: func(t *testing.T, reqs []venuetest.Recorded) {
		if len(reqs) != 1 || reqs[0].Path != quotePath || !strings.Contains(reqs[0].RawQuery, "amount=100000000") ||
			!strings.Contains(reqs[0].RawQuery, "from_asset=BTC.BTC") || strings.Contains(reqs[0].RawQuery, "destination") {
			t.Errorf("requests %+v, want one quote of 100000000 BTC.BTC without a destination", reqs)
		}
	}}

func TestQuote(t *testing.T) {
	venuetest.RunCases(t, &maya.Descriptor, []venuetest.Case{
		okCase,
		{Name: "halted", Req: btcETH, Routes: quote("halted.json", 400), Want: swapscout.CodeUnavailable},
		{Name: "halted_500", Req: btcETH, Routes: quote("halted.json", 500), Want: swapscout.CodeUnavailable},
	})
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &maya.Descriptor, venuetest.Options{OK: okCase})
}

func TestDuplicateKeys(t *testing.T) {
	venuetest.CheckDuplicateKeys(t, &maya.Descriptor, okCase)
}

func TestSwapReplay(t *testing.T) {
	create := swapscout.CreateSwapRequest{Request: btcETH, Offer: swapscout.Offer{AmountIn: btcETH.Amount},
		PayoutAddress: "0x1c7b17362c84287bd1184447e6dfeaf920c31bbe"}
	memo := "=:ETH.ETH:0x1c7b17362c84287bd1184447e6dfeaf920c31bbe:0/1/0"
	hash := "A3F81568387CD3880AED812780799E8F6D3F970E071F7B1861B581B20399F21F"
	status := []venuetest.Route{{Path: "/mayachain/tx/status/" + hash, Fixture: "status_done.json"}}
	venuetest.RunSwapCases(t, &maya.Descriptor, []venuetest.SwapCase{
		{Name: "create", Create: &create, Routes: quote("create_btc_eth.json", 200),
			WantOrder: swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "bc1q0cyg49kz2u982x0m57f8ces0296s04wedddrcs"}, DepositAddress: "bc1q0cyg49kz2u982x0m57f8ces0296s04wedddrcs", DepositMemo: memo,
				AmountIn: swapscout.MustAmount("1"), AmountOut: swapscout.MustAmount("17.40667871"),
				ExpiresAt: venuetest.Unix(1785334500), VenueStatus: thornode.WordUnseen}},
		// Without a destination the recorded quote has an empty memo: no swap on it.
		{Name: "create_without_memo", Create: &create, Routes: quote("quote_btc_eth.json", 200), Want: swapscout.CodeBadResponse},
		{Name: "status_done", OrderID: hash, Routes: status,
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: thornode.WordDone, DepositTx: hash,
				PayoutTx: "16487E76DB13E0070F6259EB6F2A8366857E264DD93BFDA60A36213E974316B8", AmountReceived: swapscout.MustAmount("3.5412")}},
	})
}

func FuzzSwap(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	var seeds [][]byte
	for _, p := range files {
		if b, err := os.ReadFile(p); err == nil && !strings.HasSuffix(p, ".want.json") {
			seeds = append(seeds, b)
		}
	}
	venuetest.FuzzSwap(f, &maya.Descriptor, swapscout.CreateSwapRequest{Request: btcETH, Offer: swapscout.Offer{AmountIn: btcETH.Amount},
		PayoutAddress: "0x1c7b17362c84287bd1184447e6dfeaf920c31bbe"}, seeds...)
}
