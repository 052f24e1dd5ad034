package easybit

import (
	"encoding/json"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

var btcXMRSwap = swapscout.CreateSwapRequest{
	Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
		Amount: swapscout.MustAmount("0.01")},
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("1.7204")},
	PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
	RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
}

func TestSwapReplay(t *testing.T) {
	fixed := btcXMRSwap
	fixed.Offer.RateType = swapscout.Fixed
	create := func(fixture string) []venuetest.Route {
		return []venuetest.Route{{Method: "POST", Path: "/order", Fixture: fixture}}
	}
	get := func(fixture string) []venuetest.Route { return []venuetest.Route{{Path: "/orders", Fixture: fixture}} }
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "create", Create: &btcXMRSwap, Routes: create("order_create.json"),
			WantOrder: swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "ebt81f3c2a9d"}, DepositAddress: "bc1qeasybitsimdeposit4r6t8y0u2i4o6p8a0s2d",
				AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("1.7204"), VenueStatus: "Awaiting Deposit"},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				var m map[string]any
				if len(reqs) != 1 || json.Unmarshal(reqs[0].Body, &m) != nil || reqs[0].Header.Get("API-KEY") != "test-key" {
					t.Fatalf("want one keyed JSON request, got %v", reqs)
				}
				for k, v := range map[string]any{"send": "BTC", "receive": "XMR", "sendNetwork": "BTC", "receiveNetwork": "XMR",
					"amount": "0.01", "receiveAddress": btcXMRSwap.PayoutAddress, "refundAddress": btcXMRSwap.RefundAddress} {
					if m[k] != v {
						t.Errorf("%s = %v, want %v", k, m[k], v)
					}
				}
			}},
		{Name: "create_fixed_refused", Create: &fixed, Want: swapscout.CodeUnsupportedPair},
		{Name: "create_bad_address", Create: &btcXMRSwap, Routes: create("order_bad_address.json"), Want: venue.CodeBadRequest},
		{Name: "create_unauthorized", Create: &btcXMRSwap, Routes: []venuetest.Route{{Method: "POST", Path: "/order", Fixture: "unauthorized.json", Status: 401}},
			Want: swapscout.CodeNotConfigured},
		{Name: "status_complete", OrderID: "ebt81f3c2a9d", Routes: get("orders_complete.json"),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "Complete",
				DepositTx: "3f1e9c2b7a6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f",
				PayoutTx:  "a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8"},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				if reqs[0].RawQuery != "id=ebt81f3c2a9d" {
					t.Errorf("query %q", reqs[0].RawQuery)
				}
			}},
		{Name: "status_unknown_word", OrderID: "ebt81f3c2a9d", Routes: get("orders_unknown_word.json"),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "Under Review"}},
		{Name: "status_not_found", OrderID: "ebt81f3c2a9d", Routes: get("orders_empty.json"), Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every status word maps to a known status. The swap
// suite runs against the simulator, in sim/easybit.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
