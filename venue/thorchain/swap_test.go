package thorchain_test

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/thorchain"
	"github.com/swapscout/swapscout/venue/thornode"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// btcETHSwap is the swap of the recorded quote: 0.01 BTC to the recorded
// destination.
var btcETHSwap = swapscout.CreateSwapRequest{
	Request:       btcETH,
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("0.13494192")},
	PayoutAddress: "0x1c7b17362c84287bd1184447e6dfeaf920c31bbe",
	RefundAddress: "bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj",
}

var ethBTCSwap = swapscout.CreateSwapRequest{
	Request:       swapscout.QuoteRequest{From: eth, To: btc, Amount: swapscout.MustAmount("1")},
	PayoutAddress: "bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj",
	RefundAddress: "0x1c7b17362c84287bd1184447e6dfeaf920c31bbe",
}

const txHash = "A3F81568387CD3880AED812780799E8F6D3F970E071F7B1861B581B20399F21F"

func TestSwapReplay(t *testing.T) {
	status := func(fixture string, code int) []venuetest.Route {
		return []venuetest.Route{{Path: "/thorchain/tx/status/" + txHash, Fixture: fixture, Status: code}}
	}
	memo := "=:ETH.ETH:0x1c7b17362c84287bd1184447e6dfeaf920c31bbe::t:100"
	withMemo := btcETHSwap
	withMemo.PayoutMemo = "12345"
	// A swap asked with 0.5 % slippage: the memo's limit is the quote's
	// expected_amount_out (13494192) less 0.5 %, rounded up.
	limited := btcETHSwap
	limited.MaxSlippage = swapscout.MustAmount("0.005")
	limitedOrder := swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "bc1qjgxkus8e5slq06j3v8t9kzz7cflr9fa8nhu5g7"}, DepositAddress: "bc1qjgxkus8e5slq06j3v8t9kzz7cflr9fa8nhu5g7",
		DepositMemo: "=:ETH.ETH:0x1c7b17362c84287bd1184447e6dfeaf920c31bbe:13426722:t:100",
		AmountIn:    swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("0.13494192"),
		ExpiresAt: venuetest.Unix(1785334500), VenueStatus: thornode.WordUnseen}
	venuetest.RunSwapCases(t, &thorchain.Descriptor, []venuetest.SwapCase{
		{Name: "create", Create: &btcETHSwap, Routes: quote("create_btc_eth.json", 200),
			WantOrder: swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "bc1qjgxkus8e5slq06j3v8t9kzz7cflr9fa8nhu5g7"}, DepositAddress: "bc1qjgxkus8e5slq06j3v8t9kzz7cflr9fa8nhu5g7", DepositMemo: memo,
				AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("0.13494192"),
				ExpiresAt: venuetest.Unix(1785334500), VenueStatus: thornode.WordUnseen},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				if len(reqs) != 1 {
					t.Fatalf("made %d calls, want 1", len(reqs))
				}
				q, _ := url.ParseQuery(reqs[0].RawQuery)
				// From BTC the refund goes to the sender: a refund address
				// would overflow the 80-byte OP_RETURN memo.
				if q.Get("destination") != btcETHSwap.PayoutAddress || q.Has("refund_address") || q.Get("amount") != "1000000" {
					t.Errorf("quote asked with %q, want the payout address, no refund address and 1000000", reqs[0].RawQuery)
				}
			}},
		{Name: "create_limit", Create: &limited, Routes: quote("create_btc_eth.json", 200), WantOrder: limitedOrder},
		// The node's memo is checked: paying another address or asset, it is never handed over.
		{Name: "create_other_dest", Create: &limited, Routes: quote("create_btc_eth_other_dest.json", 200), Want: swapscout.CodeBadResponse},
		{Name: "create_other_asset", Create: &limited, Routes: quote("create_btc_eth_other_asset.json", 200), Want: swapscout.CodeBadResponse},
		// The recorded quote expired in 2023: no swap on it.
		{Name: "create_expired", Create: &btcETHSwap, Routes: quote("quote_btc_eth.json", 200), Want: swapscout.CodeBadResponse},
		{Name: "create_without_memo", Create: &btcETHSwap, Routes: quote("quote_btc_eth_streaming.json", 200), Want: swapscout.CodeBadResponse},
		{Name: "create_halted", Create: &btcETHSwap, Routes: quote("halted.json", 400), Want: swapscout.CodeUnavailable},
		// From an EVM chain the deposit is a router call: refused, not a transfer that would be lost.
		{Name: "create_router", Create: &ethBTCSwap, Routes: quote("create_eth_btc_router.json", 200), Want: venue.CodeBadRequest,
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				if q, _ := url.ParseQuery(reqs[0].RawQuery); q.Get("refund_address") != ethBTCSwap.RefundAddress {
					t.Errorf("quote asked with %q, want the refund address (no memo limit on ETH)", reqs[0].RawQuery)
				}
			}},
		{Name: "create_payout_memo", Create: &withMemo, Routes: quote("create_btc_eth.json", 200), Want: venue.CodeBadRequest},
		{Name: "status_unseen", OrderID: txHash, Routes: status("status_unseen.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: thornode.WordUnseen, DepositTx: txHash}},
		{Name: "status_confirming", OrderID: strings.ToLower("0x" + txHash), Routes: status("status_confirming.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusConfirming, VenueStatus: thornode.WordConfirmations, DepositTx: txHash}},
		{Name: "status_streaming", OrderID: txHash, Routes: status("status_streaming.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusExchanging, VenueStatus: thornode.WordSwapStreaming, DepositTx: txHash}},
		{Name: "status_done", OrderID: txHash, Routes: status("status_done.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: thornode.WordDone, DepositTx: txHash,
				PayoutTx: "16487E76DB13E0070F6259EB6F2A8366857E264DD93BFDA60A36213E974316B8", AmountReceived: swapscout.MustAmount("3.5412")}},
		{Name: "status_refunded", OrderID: txHash, Routes: status("status_refunded.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusRefunded, VenueStatus: thornode.WordRefunded, DepositTx: txHash}},
		{Name: "status_internal", OrderID: txHash, Routes: status("internal_error.json", 500), Want: swapscout.CodeUnavailable},
		{Name: "status_malformed_no_call", OrderID: "not-a-hash", Routes: status("status_done.json", 200), Want: venue.CodeOrderNotFound,
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				if len(reqs) != 0 {
					t.Errorf("made %d calls for a malformed hash", len(reqs))
				}
			}},
	})
}

// FuzzSwap feeds made-up quote and status answers to the Swapper.
func FuzzSwap(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	var seeds [][]byte
	for _, p := range files {
		if strings.HasSuffix(p, ".want.json") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		seeds = append(seeds, b)
	}
	venuetest.FuzzSwap(f, &thorchain.Descriptor, btcETHSwap, seeds...)
}

// TestCannotSwap: offers sending from a chain whose deposits go through the
// router contract (EVM chains) cannot become a swap, and say why; from
// other chains they can (swapscout.SwapChecker, which the engine asks).
func TestCannotSwap(t *testing.T) {
	q, err := thorchain.Descriptor.New(venue.Config{BaseURL: "http://127.0.0.1:1", HTTP: venuetest.Client(t)})
	if err != nil {
		t.Fatal(err)
	}
	c, ok := q.(swapscout.SwapChecker)
	if !ok {
		t.Fatal("the THORChain adapter is no SwapChecker")
	}
	usdt := swapscout.Asset{Ticker: "usdt", Network: "eth"}
	for _, r := range []swapscout.QuoteRequest{{From: usdt, To: eth}, {From: eth, To: btc}, {From: swapscout.Asset{Ticker: "avax", Network: "avaxc"}, To: btc}} {
		why := c.CannotSwap(r, &swapscout.Offer{})
		if !strings.Contains(why, "router contract") || !strings.Contains(why, strings.ToUpper(r.From.Ticker)) {
			t.Errorf("CannotSwap(%s → %s) = %q, want the router named", r.From, r.To, why)
		}
	}
	for _, r := range []swapscout.QuoteRequest{{From: btc, To: usdt}, {From: btc, To: eth}, {From: swapscout.Asset{Ticker: "xrp", Network: "xrp"}, To: eth}} {
		if why := c.CannotSwap(r, &swapscout.Offer{}); why != "" {
			t.Errorf("CannotSwap(%s → %s) = %q, want swappable", r.From, r.To, why)
		}
	}
}
