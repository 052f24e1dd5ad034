package fixedfloat

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

var btcETH = swapscout.CreateSwapRequest{
	Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		Amount: swapscout.MustAmount("0.01"), RateType: swapscout.Fixed},
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("0.18"), RateType: swapscout.Fixed},
	PayoutAddress: "0x00D2a8D1cB5e0C9f3aF8e7b6C5d4E3f2A1b03B6C", RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
}

func TestSwapReplay(t *testing.T) {
	route := func(method, fixture string) []venuetest.Route {
		return []venuetest.Route{{Method: "POST", Path: "/api/v2/ccies", Fixture: "ccies.json"},
			{Method: "POST", Path: "/api/v2/" + method, Fixture: fixture}}
	}
	const id, token = "TESTID", "abcTOKEN123"
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "create", Create: &btcETH, Routes: route("create", "create_order.json"),
			WantOrder: swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: id, Secret: token}, DepositAddress: "bc1qffsimdeposit7x9k2m4n6p8q0r2s4t6v8w0y2z4",
				AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("0.18"), VenueStatus: "NEW",
				ExpiresAt: time.Unix(1785334800, 0).UTC()},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				last := reqs[len(reqs)-1]
				var m map[string]any
				if json.Unmarshal(last.Body, &m) != nil || last.Path != "/api/v2/create" {
					t.Fatalf("last request %s %s", last.Path, last.Body)
				}
				for k, v := range map[string]any{"type": "fixed", "fromCcy": "BTC", "toCcy": "ETH", "direction": "from",
					"amount": 0.01, "toAddress": btcETH.PayoutAddress} {
					if m[k] != v {
						t.Errorf("%s = %v, want %v", k, m[k], v)
					}
				}
				if last.Header.Get("X-API-SIGN") != Sign("test-secret", last.Body) {
					t.Error("create is not signed over its body")
				}
			}},
		{Name: "create_bad_address", Create: &btcETH, Routes: route("create", "create_bad_address.json"), Want: venue.CodeBadRequest},
		{Name: "create_auth", Create: &btcETH, Routes: route("create", "error_auth.json"), Want: swapscout.CodeNotConfigured},
		{Name: "status_new", OrderID: id, Secret: token, Routes: route("order", "create_order.json"),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "NEW"},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				if b := string(reqs[len(reqs)-1].Body); b != `{"id":"TESTID","token":"abcTOKEN123"}` {
					t.Errorf("order body %s", b)
				}
			}},
		{Name: "status_done", OrderID: id, Secret: token, Routes: route("order", "order_done.json"),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "DONE",
				DepositTx:      "3f1e9c2b7a6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f",
				PayoutTx:       "0x9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29180f7e6d5c4b3a2918f7e6d5c4b3",
				AmountReceived: swapscout.MustAmount("0.1795")}},
		{Name: "status_refunded", OrderID: id, Secret: token, Routes: route("order", "order_refunded.json"),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusRefunded, VenueStatus: "DONE",
				DepositTx: "3f1e9c2b7a6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f",
				// the back leg's transaction and amount
				RefundTx:       "7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a2918f7e6d5c4b3a29180f7e6d5c4b3a2918",
				AmountRefunded: swapscout.MustAmount("0.0099")}},
		{Name: "status_unknown_word", OrderID: id, Secret: token, Routes: route("order", "order_unknown_word.json"),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "PAUSED"}},
		{Name: "status_not_found", OrderID: id, Secret: token, Routes: route("order", "order_not_found.json"), Want: venue.CodeOrderNotFound},
		{Name: "status_without_token", OrderID: "TESTID", Routes: route("order", "create_order.json"), Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every status word maps to a known status. The swap
// suite runs against the simulator, in sim/fixedfloat.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
