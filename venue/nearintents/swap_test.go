package nearintents

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// usdcNEARSwap is the swap Cake recorded: 10 USDC on Arbitrum to a NEAR
// account, refunded to an Arbitrum address.
var usdcNEARSwap = swapscout.CreateSwapRequest{
	Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "usdc", Network: "arbitrum"}, To: swapscout.Asset{Ticker: "near", Network: "near"},
		Amount: swapscout.MustAmount("10")},
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("10"), AmountOut: swapscout.MustAmount("6.160820348891358620689654")},
	PayoutAddress: "cakewallet.near", RefundAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C",
}

const recordedAddr = "0x6145625D094e8C70bb94784C7d6a4390Ead6947d"

func TestSwapReplay(t *testing.T) {
	tokens := venuetest.Route{Path: tokensPath, Fixture: "tokens.json"}
	create := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{tokens, {Method: "POST", Path: quotePath, Fixture: fixture, Status: status}}
	}
	get := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{tokens, {Path: statusPath, Query: "depositAddress=" + recordedAddr, Fixture: fixture, Status: status}}
	}
	noRefund := usdcNEARSwap
	noRefund.RefundAddress = ""
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "create", Create: &usdcNEARSwap, Routes: create("quote_live.json", 201),
			// The order expires at the deadline asked (an hour), before the
			// deposit address's own (three days).
			WantOrder: swapscout.SwapOrder{OrderID: recordedAddr, DepositAddress: recordedAddr,
				AmountIn: swapscout.MustAmount("10"), AmountOut: swapscout.MustAmount("6.160820348891358620689654"),
				ExpiresAt: time.Date(2026, 7, 29, 15, 4, 56, 287e6, time.UTC)},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				var m map[string]any
				if len(reqs) != 2 || json.Unmarshal(reqs[1].Body, &m) != nil {
					t.Fatalf("want the tokens list and one JSON quote request, got %d", len(reqs))
				}
				want := map[string]any{"dry": false, "swapType": "EXACT_INPUT", "amount": "10000000",
					"recipient": usdcNEARSwap.PayoutAddress, "refundTo": usdcNEARSwap.RefundAddress,
					"originAsset": "nep141:arb-0xaf88d065e77c8cc2239327c5edb3a432268e5831.omft.near", "destinationAsset": "nep141:wrap.near"}
				for k, v := range want {
					if m[k] != v {
						t.Errorf("%s = %v, want %v", k, m[k], v)
					}
				}
			}},
		// A dry answer has no deposit address: no order.
		{Name: "create_without_address", Create: &usdcNEARSwap, Routes: create("quote_dry.json", 201), Want: swapscout.CodeBadResponse},
		{Name: "create_without_refund", Create: &noRefund, Routes: create("quote_live.json", 201), Want: venue.CodeBadRequest},
		{Name: "create_bad_request", Create: &usdcNEARSwap, Routes: create("quote_bad_request.json", 400), Want: venue.CodeBadRequest},
		{Name: "create_too_low", Create: &usdcNEARSwap, Routes: create("amount_too_low.json", 400), Want: swapscout.CodeAmountTooSmall},
		{Name: "status_pending", OrderID: recordedAddr, Routes: get("status.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "PENDING_DEPOSIT"}},
		{Name: "status_incomplete", OrderID: recordedAddr, Routes: get("status_incomplete.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusHold, VenueStatus: "INCOMPLETE_DEPOSIT",
				DepositTx: "0x8d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f"}},
		{Name: "status_success", OrderID: recordedAddr, Routes: get("status_success.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "SUCCESS",
				DepositTx:      "0x3b7c1e9f2a4d6b8c0e1f3a5b7c9d1e2f4a6b8c0d2e4f6a8b0c1d3e5f7a9b1c2d",
				PayoutTx:       "7hQ3pX9vN2kL5mR8tB1cW4yF6gJ0dS3aE5uK7iO9zV2x",
				AmountReceived: swapscout.MustAmount("6.158127740553617702811004")}},
		{Name: "status_unknown_word", OrderID: recordedAddr, Routes: get("status_unknown_word.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "KYC_CHECK",
				DepositTx: "0x3b7c1e9f2a4d6b8c0e1f3a5b7c9d1e2f4a6b8c0d2e4f6a8b0c1d3e5f7a9b1c2d",
				PayoutTx:  "7hQ3pX9vN2kL5mR8tB1cW4yF6gJ0dS3aE5uK7iO9zV2x"}},
		{Name: "status_not_found", OrderID: recordedAddr, Routes: get("status_not_found.json", 404), Want: venue.CodeOrderNotFound},
		{Name: "status_error_200", OrderID: recordedAddr, Routes: get("internal_error.json", 200), Want: swapscout.CodeUnavailable},
	})
}

func TestSwapConformance(t *testing.T) {
	venuetest.RunSwap(t, &Descriptor, venuetest.SwapOptions{
		Req: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
			Amount: swapscout.MustAmount("0.01")},
		PayoutAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C",
		RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
		Words:         statusWords.Words(), Map: statusWords.Status, SimOrderID: simOrderID,
	})
}
