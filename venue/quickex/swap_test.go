package quickex

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

var btcUSDT = swapscout.CreateSwapRequest{
	Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "usdt", Network: "trx"},
		Amount: swapscout.MustAmount("0.1")},
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("6421.5")},
	PayoutAddress: "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE", RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
}

func TestSwapReplay(t *testing.T) {
	const id, payout = "4815162342", "TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE"
	create := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Method: "POST", Path: "/v2/orders/public/create", Fixture: fixture, Status: status}}
	}
	info := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Path: "/v2/orders/public-info", Fixture: fixture, Status: status}}
	}
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "create", Create: &btcUSDT, Routes: create("create_order.json", 200),
			WantOrder: swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: id, Secret: payout}, DepositAddress: "bc1qquickexsimdeposit5t7y9u1i3o5p7a9s1d3f",
				AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("6421.5"), VenueStatus: "CREATION_END"},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				var m map[string]any
				if len(reqs) != 1 || json.Unmarshal(reqs[0].Body, &m) != nil {
					t.Fatalf("want one JSON request, got %v", reqs)
				}
				if m["destinationAddress"] != btcUSDT.PayoutAddress || m["claimedDepositAmount"] != "0.1" || m["rateMode"] != "FLOATING" {
					t.Errorf("body %s", reqs[0].Body)
				}
				h := reqs[0].Header
				if h.Get("X-Api-Public-Key") != "test-key" ||
					h.Get("X-Api-Signature") != SignOrder("test-secret", h.Get("X-Api-Timestamp"), string(reqs[0].Body), "test-key") {
					t.Error("create is not signed over timestamp+body+key")
				}
			}},
		{Name: "create_bad_address", Create: &btcUSDT, Routes: create("create_bad_address.json", 400), Want: venue.CodeBadRequest},
		{Name: "create_below_min", Create: &btcUSDT, Routes: create("rate_below_min.json", 422), Want: swapscout.CodeAmountTooSmall},
		{Name: "create_pair", Create: &btcUSDT, Routes: create("pair_unsupported.json", 422), Want: swapscout.CodeUnsupportedPair},
		{Name: "status_unknown_event", OrderID: id, Secret: payout, Routes: info("order_unknown_event.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "REFUND_START"}},
		{Name: "status_sending", OrderID: id, Secret: payout, Routes: info("order_sending.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusSending, VenueStatus: "FUNDS_WITHDRAWAL_START"},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				if q := reqs[0].RawQuery; !strings.Contains(q, "orderId=4815162342") || !strings.Contains(q, "destinationAddress=TQn9Y2") {
					t.Errorf("query %q", q)
				}
			}},
		{Name: "status_completed", OrderID: id, Secret: payout, Routes: info("order_completed.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "completed",
				DepositTx:      "3f1e9c2b7a6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f",
				PayoutTx:       "a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8",
				AmountReceived: swapscout.MustAmount("6409.2")}},
		{Name: "status_not_found", OrderID: id, Secret: payout, Routes: info("order_not_found.json", 404), Want: venue.CodeOrderNotFound},
		{Name: "status_bad_id", OrderID: "4815162342", Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every status word maps to a known status. The swap
// suite runs against the simulator, in sim/quickex.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
