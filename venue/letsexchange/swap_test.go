package letsexchange

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

var usdtUSDC = swapscout.CreateSwapRequest{
	Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "usdt", Network: "eth"}, To: swapscout.Asset{Ticker: "usdc", Network: "eth"},
		Amount: swapscout.MustAmount("150")},
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("150"), AmountOut: swapscout.MustAmount("145.467368")},
	PayoutAddress: "0x00D2a8D1cB5e0C9f3aF8e7b6C5d4E3f2A1b03B6C", RefundAddress: "0x00D2a8D1cB5e0C9f3aF8e7b6C5d4E3f2A1b03B6C",
}

func TestSwapReplay(t *testing.T) {
	fixed := usdtUSDC
	fixed.Offer.RateType, fixed.Offer.RateID = swapscout.Fixed, "fae43fa3-eaf4-4bf2-a6d4-6389914b4462"
	reverse := fixed
	reverse.Request.Direction = swapscout.Receive
	create := func(path, fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Method: "POST", Path: path, Fixture: fixture, Status: status}}
	}
	get := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Path: "/api/v1/transaction/c6a6a086fc476c", Fixture: fixture, Status: status}}
	}
	order := swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "c6a6a086fc476c"}, DepositAddress: "0x7f4C2496B5306F558E5fF5247c132517a7a70F62",
		AmountIn: swapscout.MustAmount("150"), AmountOut: swapscout.MustAmount("145.467368"), VenueStatus: "wait",
		ExpiresAt: time.Unix(1785335671, 0).UTC()}
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
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "create", Create: &usdtUSDC, Routes: create(venue.TxCreatePath, "create_transaction.json", 200), WantOrder: order,
			Check: sent(map[string]any{"coin_from": "USDT", "coin_to": "USDC", "network_from": "ERC20", "network_to": "ERC20",
				"deposit_amount": "150", "withdrawal": usdtUSDC.PayoutAddress, "return": usdtUSDC.RefundAddress, "float": true})},
		{Name: "create_fixed", Create: &fixed, Routes: create(venue.TxCreatePath, "create_transaction.json", 200), WantOrder: order,
			Check: sent(map[string]any{"float": false, "rate_id": fixed.Offer.RateID})},
		{Name: "create_revert", Create: &reverse, Routes: create(venue.TxRevertPath, "create_transaction.json", 200), WantOrder: order,
			Check: sent(map[string]any{"withdrawal_amount": "145.467368", "rate_id": fixed.Offer.RateID})},
		{Name: "create_bad_address", Create: &usdtUSDC, Routes: create(venue.TxCreatePath, "create_bad_address.json", 422), Want: venue.CodeBadRequest},
		{Name: "create_unauthenticated", Create: &usdtUSDC, Routes: create(venue.TxCreatePath, "unauthenticated.json", 401), Want: swapscout.CodeNotConfigured},
		// The recorded status answer already carries real_withdrawal_amount
		// while waiting: it is not reported before a payout hash.
		{Name: "status_wait", OrderID: "c6a6a086fc476c", Routes: get("transaction.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "wait"}},
		{Name: "status_success", OrderID: "c6a6a086fc476c", Routes: get("transaction_success.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "success",
				DepositTx:      "0x5f1c2e9a7b3d4c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6",
				PayoutTx:       "0x9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29180f7e6d5c4b3a2918f7e6d5c4b3",
				AmountReceived: swapscout.MustAmount("145.2")}},
		{Name: "status_unknown_word", OrderID: "c6a6a086fc476c", Routes: get("transaction_unknown_word.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "aml_check",
				DepositTx:      "0x5f1c2e9a7b3d4c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6",
				PayoutTx:       "0x9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29180f7e6d5c4b3a2918f7e6d5c4b3",
				AmountReceived: swapscout.MustAmount("145.2")}},
		{Name: "status_not_found", OrderID: "c6a6a086fc476c", Routes: get("transaction_not_found.json", 404), Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every status word maps to a known status. The swap
// suite runs against the simulator, in sim/letsexchange.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
