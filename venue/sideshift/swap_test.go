package sideshift

import (
	"encoding/json"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

var (
	btcETHReq = swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		Amount: swapscout.MustAmount("0.1")}
	variableSwap = swapscout.CreateSwapRequest{Request: btcETHReq,
		Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("3.3019083")},
		PayoutAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C", RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"}
	fixedSwap = swapscout.CreateSwapRequest{Request: btcETHReq,
		Offer: swapscout.Offer{AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("3.28571429"), RateType: swapscout.Fixed,
			RateID: "c1d79240-0117-4867-afed-9cc4605c53aa"},
		PayoutAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C", RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"}
)

// body checks a create call's JSON body and secret.
func body(want map[string]any) func(*testing.T, []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
		var m map[string]any
		if len(reqs) != 1 || json.Unmarshal(reqs[0].Body, &m) != nil {
			t.Fatalf("want one JSON request, got %v", reqs)
		}
		for k, v := range want {
			if m[k] != v {
				t.Errorf("%s = %v, want %v", k, m[k], v)
			}
		}
		if len(m) != len(want) {
			t.Errorf("body %s, want only %v", reqs[0].Body, want)
		}
		if reqs[0].Header.Get("x-sideshift-secret") != "test-key" {
			t.Error("no x-sideshift-secret")
		}
	}
}

func TestSwapReplay(t *testing.T) {
	post := func(path, fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Method: "POST", Path: path, Fixture: fixture, Status: status}}
	}
	get := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Path: "/api/v2/shifts/b5cf2a7e1d3904c6a8e1", Fixture: fixture, Status: status}}
	}
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "create_fixed", Create: &fixedSwap, Routes: post("/api/v2/shifts/fixed", "shift_fixed.json", 201),
			WantOrder: swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "f78df8663d4c4d5913b9"}, DepositAddress: "bc1qv8ml2n3y7kz4x0c5q9w6e2r8t4y6u1i3o5p7a9",
				AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("3.28571429"),
				ExpiresAt: venue.SwapTime("2026-07-29T14:15:00.000Z"), VenueStatus: "waiting"},
			Check: body(map[string]any{"quoteId": "c1d79240-0117-4867-afed-9cc4605c53aa", "settleAddress": fixedSwap.PayoutAddress,
				"refundAddress": fixedSwap.RefundAddress})},
		// A variable shift promises no amount: the order keeps the offer's.
		{Name: "create_variable", Create: &variableSwap, Routes: post("/api/v2/shifts/variable", "shift_variable.json", 201),
			WantOrder: swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "b5cf2a7e1d3904c6a8e1"}, DepositAddress: "bc1q9h7garjdzw4g5d7k3rkkk7xg6a9z2e6y0u4tm8",
				AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("3.3019083"),
				ExpiresAt: venue.SwapTime("2026-08-05T14:00:05.000Z"), VenueStatus: "waiting"},
			Check: body(map[string]any{"settleAddress": variableSwap.PayoutAddress, "refundAddress": variableSwap.RefundAddress,
				"depositCoin": "BTC", "depositNetwork": "bitcoin", "settleCoin": "ETH", "settleNetwork": "ethereum"})},
		{Name: "create_bad_address", Create: &variableSwap, Routes: post("/api/v2/shifts/variable", "create_bad_address.json", 400), Want: venue.CodeBadRequest},
		{Name: "create_bad_address_200", Create: &variableSwap, Routes: post("/api/v2/shifts/variable", "create_bad_address.json", 200), Want: venue.CodeBadRequest},
		{Name: "create_too_low", Create: &fixedSwap, Routes: post("/api/v2/shifts/fixed", "amount_too_low.json", 400), Want: swapscout.CodeAmountTooSmall},
		{Name: "create_country_blocked", Create: &fixedSwap, Routes: post("/api/v2/shifts/fixed", "country_blocked.json", 403), Want: swapscout.CodeNotConfigured},
		{Name: "status_waiting", OrderID: "b5cf2a7e1d3904c6a8e1", Routes: get("shift_variable.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "waiting"}},
		{Name: "status_settled", OrderID: "b5cf2a7e1d3904c6a8e1", Routes: get("shift_settled.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "settled", AmountReceived: swapscout.MustAmount("3.29871201"),
				DepositTx: "7c1e5f0e4b8a2d9c3f6a1b0e9d8c7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f2e1d0c",
				PayoutTx:  "0x3a5f9c2e7b1d4a8f6e0c9b2d5a7f1e4c8b3d6a9f2e5c8b1d4a7f0e3c6b9d2a5f"}},
		{Name: "status_unknown_word", OrderID: "b5cf2a7e1d3904c6a8e1", Routes: get("shift_unknown_word.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "frozen"}},
		{Name: "status_not_found", OrderID: "b5cf2a7e1d3904c6a8e1", Routes: get("shift_not_found.json", 404), Want: venue.CodeOrderNotFound},
		{Name: "status_not_found_400", OrderID: "b5cf2a7e1d3904c6a8e1", Routes: get("shift_not_found.json", 400), Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every status word maps to a known status. The swap
// suite runs against the simulator, in sim/sideshift.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}

// FuzzSwap feeds made-up create and status answers to the Swapper.
func FuzzSwap(f *testing.F) {
	venuetest.FuzzSwap(f, &Descriptor, fixedSwap, seeds(f)...)
}
