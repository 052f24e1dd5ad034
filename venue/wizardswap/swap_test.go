package wizardswap

import (
	"encoding/json"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

var btcETH = swapscout.CreateSwapRequest{
	Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		Amount: swapscout.MustAmount("0.02")},
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("0.02"), AmountOut: swapscout.MustAmount("0.61202374")},
	PayoutAddress: "0x00D2a8D1cB5e0C9f3aF8e7b6C5d4E3f2A1b03B6C", RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
}

func TestSwapReplay(t *testing.T) {
	create := func(fixture string) []venuetest.Route {
		return []venuetest.Route{{Method: "POST", Path: "/exchange", Fixture: fixture}}
	}
	get := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Path: "/exchange/wz7a1c9e3b5d", Fixture: fixture, Status: status}}
	}
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "create", Create: &btcETH, Routes: create("exchange_create.json"),
			WantOrder: swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "wz7a1c9e3b5d"}, DepositAddress: "bc1qwizardsimdeposit7y9u1i3o5p7a9s1d3f5g7",
				AmountIn: swapscout.MustAmount("0.02"), AmountOut: swapscout.MustAmount("0.61202374"), VenueStatus: "waiting"},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				var m map[string]any
				if len(reqs) != 1 || json.Unmarshal(reqs[0].Body, &m) != nil {
					t.Fatalf("want one JSON request, got %v", reqs)
				}
				for k, v := range map[string]any{"currency_from": "btc", "currency_to": "eth", "amount_from": "0.02",
					"address_to": btcETH.PayoutAddress, "refund_address": btcETH.RefundAddress, "api_key": "test-key"} {
					if m[k] != v {
						t.Errorf("%s = %v, want %v", k, m[k], v)
					}
				}
			}},
		{Name: "create_failed_address", Create: &btcETH, Routes: create("exchange_failed_address.json"), Want: venue.CodeBadRequest},
		{Name: "create_bare_false", Create: &btcETH, Routes: create("exchange_bare_false.json"), Want: venue.CodeBadRequest},
		{Name: "create_too_low", Create: &btcETH, Routes: create("exchange_too_low.json"), Want: swapscout.CodeAmountTooSmall},
		{Name: "status_waiting", OrderID: "wz7a1c9e3b5d", Routes: get("exchange_create.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "waiting"}},
		{Name: "status_finished", OrderID: "wz7a1c9e3b5d", Routes: get("exchange_finished.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "finished",
				DepositTx: "3f1e9c2b7a6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f",
				PayoutTx:  "0x9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29180f7e6d5c4b3a2918f7e6d5c4b3"}},
		{Name: "status_unknown_word", OrderID: "wz7a1c9e3b5d", Routes: get("exchange_unknown_word.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "hold"}},
		{Name: "status_not_found", OrderID: "wz7a1c9e3b5d", Routes: get("exchange_bare_false.json", 404), Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every status word maps to a known status. The swap
// suite runs against the simulator, in sim/wizardswap.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
