package godex

import (
	"encoding/json"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

var btcETH = swapscout.CreateSwapRequest{
	Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		Amount: swapscout.MustAmount("0.1")},
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("1.78"), RateType: swapscout.Fixed},
	PayoutAddress: "0x00D2a8D1cB5e0C9f3aF8e7b6C5d4E3f2A1b03B6C", RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
}

func TestSwapReplay(t *testing.T) {
	reverse := btcETH
	reverse.Request.Direction = swapscout.Receive
	create := func(path, fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Method: "POST", Path: path, Fixture: fixture, Status: status}}
	}
	get := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Path: "/api/v1/transaction/gdx5e1b9c7a3", Fixture: fixture, Status: status}}
	}
	sent := func(want map[string]any) func(*testing.T, []venuetest.Recorded) {
		return func(t *testing.T, reqs []venuetest.Recorded) {
			var m map[string]any
			if len(reqs) != 1 || json.Unmarshal(reqs[0].Body, &m) != nil {
				t.Fatalf("want one JSON request, got %v", reqs)
			}
			for k, v := range want {
				if m[k] != v {
					t.Errorf("%s = %v, want %v", k, m[k], v)
				}
			}
		}
	}
	order := swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "gdx5e1b9c7a3"}, DepositAddress: "bc1qgodexsimdeposit3e5r7t9y1u3i5o7p9a1s3d5",
		AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("1.78"), VenueStatus: "wait"}
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "create", Create: &btcETH, Routes: create("/api/v1/transaction", "create_transaction.json", 200), WantOrder: order,
			Check: sent(map[string]any{"coin_from": "BTC", "coin_to": "ETH", "coin_from_network": "BTC", "coin_to_network": "ETH",
				"deposit_amount": "0.1", "withdrawal": btcETH.PayoutAddress, "return": btcETH.RefundAddress, "isEstimate": false})},
		{Name: "create_revert", Create: &reverse, Routes: create("/api/v1/transaction-revert", "create_transaction.json", 200), WantOrder: order,
			Check: sent(map[string]any{"withdrawal_amount": "1.78"})},
		{Name: "create_bad_address", Create: &btcETH, Routes: create("/api/v1/transaction", "create_bad_address.json", 400), Want: venue.CodeBadRequest},
		{Name: "create_min", Create: &btcETH, Routes: create("/api/v1/transaction", "error_min.json", 400), Want: swapscout.CodeAmountTooSmall},
		{Name: "status_wait", OrderID: "gdx5e1b9c7a3", Routes: get("create_transaction.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "wait"}},
		{Name: "status_success", OrderID: "gdx5e1b9c7a3", Routes: get("transaction_success.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "success",
				DepositTx:      "3f1e9c2b7a6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f",
				PayoutTx:       "0x9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29180f7e6d5c4b3a2918f7e6d5c4b3",
				AmountReceived: swapscout.MustAmount("1.7765")}},
		{Name: "status_unknown_word", OrderID: "gdx5e1b9c7a3", Routes: get("transaction_unknown_word.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "kyc"}},
		{Name: "status_not_found", OrderID: "gdx5e1b9c7a3", Routes: get("transaction_not_found.json", 404), Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every status word maps to a known status. The swap
// suite runs against the simulator, in sim/godex.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
