package exolix

import (
	"encoding/json"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

var ethUSDT = swapscout.CreateSwapRequest{
	Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "eth", Network: "eth"}, To: swapscout.Asset{Ticker: "usdt", Network: "eth"},
		Amount: swapscout.MustAmount("0.01")},
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("16.467474")},
	PayoutAddress: "0x00D2a8D1cB5e0C9f3aF8e7b6C5d4E3f2A1b03B6C", RefundAddress: "0x00D2a8D1cB5e0C9f3aF8e7b6C5d4E3f2A1b03B6C",
}

func TestSwapReplay(t *testing.T) {
	create := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Method: "POST", Path: "/api/v2/transactions", Fixture: fixture, Status: status}}
	}
	get := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Path: "/api/v2/transactions/6880e2730aee2e", Fixture: fixture, Status: status}}
	}
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "create", Create: &ethUSDT, Routes: create("create_transaction.json", 201),
			WantOrder: swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "6880e2730aee2e"}, DepositAddress: "0x73Fda32d75205DEef528679B611Ac2d94c3603EE",
				AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("16.467474"), VenueStatus: "wait"},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				var m map[string]any
				if len(reqs) != 1 || json.Unmarshal(reqs[0].Body, &m) != nil {
					t.Fatalf("want one JSON request, got %v", reqs)
				}
				want := map[string]any{"coinFrom": "ETH", "networkFrom": "ETH", "coinTo": "USDT", "networkTo": "ETH", "amount": "0.01",
					"withdrawalAddress": ethUSDT.PayoutAddress, "refundAddress": ethUSDT.RefundAddress, "rateType": "float"}
				for k, v := range want {
					if m[k] != v {
						t.Errorf("%s = %v, want %v", k, m[k], v)
					}
				}
				if reqs[0].Header.Get("Authorization") != "test-key" {
					t.Error("no Authorization key")
				}
			}},
		{Name: "create_bad_address", Create: &ethUSDT, Routes: create("create_bad_address.json", 400), Want: venue.CodeBadRequest},
		{Name: "create_below_min", Create: &ethUSDT, Routes: create("rate_below_min.json", 422), Want: swapscout.CodeAmountTooSmall},
		{Name: "status_wait", OrderID: "6880e2730aee2e", Routes: get("create_transaction.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "wait"}},
		{Name: "status_success", OrderID: "6880e2730aee2e", Routes: get("transaction_success.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "success",
				DepositTx: "0x5f1c2e9a7b3d4c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6",
				PayoutTx:  "0x9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29180f7e6d5c4b3a2918f7e6d5c4b3",
				// a succeeded transaction's amountTo is what was sent
				AmountReceived: swapscout.MustAmount("16.467474")}},
		{Name: "status_unknown_word", OrderID: "6880e2730aee2e", Routes: get("transaction_unknown_word.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "kyc_required"}},
		{Name: "status_not_found", OrderID: "6880e2730aee2e", Routes: get("transaction_not_found.json", 404), Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every status word maps to a known status. The swap
// suite runs against the simulator, in sim/exolix.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
