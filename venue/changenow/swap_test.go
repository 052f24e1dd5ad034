package changenow

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
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("18.373221")},
	PayoutAddress: "0x00D2a8D1cB5e0C9f3aF8e7b6C5d4E3f2A1b03B6C", RefundAddress: "0x00D2a8D1cB5e0C9f3aF8e7b6C5d4E3f2A1b03B6C",
}

func TestSwapReplay(t *testing.T) {
	fixed := ethUSDT
	fixed.Offer.RateType, fixed.Offer.RateID = swapscout.Fixed, "4K3rq8wbbXjPcnOvDWsZPlRFU8tkLLiO"
	create := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Method: "POST", Path: "/v2/exchange", Fixture: fixture, Status: status}}
	}
	byID := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Path: "/v2/exchange/by-id", Fixture: fixture, Status: status}}
	}
	body := func(t *testing.T, reqs []venuetest.Recorded) map[string]any {
		var m map[string]any
		if len(reqs) != 1 || json.Unmarshal(reqs[0].Body, &m) != nil {
			t.Fatalf("requests %v, want one JSON body", reqs)
		}
		if reqs[0].Header.Get("x-changenow-api-key") != "test-key" {
			t.Error("no API key header")
		}
		return m
	}
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "create", Create: &ethUSDT, Routes: create("create_exchange.json", 200),
			WantOrder: swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "c2036055d1f776"}, DepositAddress: "0x82E5678e6360596b949f2d5727b61BEa1402126d",
				AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("18.373221"), VenueStatus: "new"},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				m := body(t, reqs)
				want := map[string]any{"fromCurrency": "eth", "toCurrency": "usdt", "fromNetwork": "eth", "toNetwork": "eth",
					"fromAmount": "0.01", "address": ethUSDT.PayoutAddress, "refundAddress": ethUSDT.RefundAddress, "flow": "standard", "type": "direct"}
				for k, v := range want {
					if m[k] != v {
						t.Errorf("%s = %v, want %v", k, m[k], v)
					}
				}
				if _, ok := m["rateId"]; ok {
					t.Error("a floating create sent a rateId")
				}
			}},
		{Name: "create_fixed", Create: &fixed, Routes: create("create_exchange.json", 200),
			WantOrder: swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "c2036055d1f776"}, DepositAddress: "0x82E5678e6360596b949f2d5727b61BEa1402126d",
				AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("18.373221"), VenueStatus: "new"},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				if m := body(t, reqs); m["flow"] != "fixed-rate" || m["rateId"] != fixed.Offer.RateID {
					t.Errorf("fixed create sent flow %v rateId %v", m["flow"], m["rateId"])
				}
			}},
		{Name: "create_bad_address", Create: &ethUSDT, Routes: create("create_bad_address.json", 400), Want: venue.CodeBadRequest},
		{Name: "create_unauthorized", Create: &ethUSDT, Routes: create("unauthorized.json", 401), Want: swapscout.CodeNotConfigured},
		{Name: "create_below_min", Create: &ethUSDT, Routes: create("estimate_below_min.json", 400), Want: swapscout.CodeAmountTooSmall},
		{Name: "status_waiting", OrderID: "c2036055d1f776", Routes: byID("by_id_waiting.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "waiting"}},
		{Name: "status_finished", OrderID: "c2036055d1f776", Routes: byID("by_id_finished.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "finished",
				DepositTx:      "0x5f1c2e9a7b3d4c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6",
				PayoutTx:       "0x9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29180f7e6d5c4b3a2918f7e6d5c4b3",
				AmountReceived: swapscout.MustAmount("18.35")}},
		{Name: "status_unknown_word", OrderID: "c2036055d1f776", Routes: byID("by_id_unknown_word.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "on_hold_for_review"}},
		{Name: "status_not_found", OrderID: "nope", Routes: byID("by_id_not_found.json", 404), Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every status word maps to a known status. The swap
// suite runs against the simulator, in sim/changenow.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
