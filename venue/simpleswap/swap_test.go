package simpleswap

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
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("1.7412")},
	PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
	RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
}

func TestSwapReplay(t *testing.T) {
	fixed := btcXMRSwap
	fixed.Offer.RateType, fixed.Offer.RateID = swapscout.Fixed, "rate-1"
	create := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Method: "POST", Path: "/v3/exchanges", Fixture: fixture, Status: status}}
	}
	get := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Path: "/v3/exchanges/ss7hQk2fYb9", Fixture: fixture, Status: status}}
	}
	order := swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "ss7hQk2fYb9"}, DepositAddress: "bc1qm5x0p3v8l2k9n4c7d6s3a2w1e0r9t8y7u6i5o4",
		AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("1.7412"), VenueStatus: "waiting"}
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
		{Name: "create", Create: &btcXMRSwap, Routes: create("exchange_create.json", 200), WantOrder: order,
			Check: sent(map[string]any{"tickerFrom": "btc", "networkFrom": "btc", "tickerTo": "xmr", "networkTo": "xmr", "amount": "0.01",
				"fixed": false, "reverse": false, "addressTo": btcXMRSwap.PayoutAddress, "userRefundAddress": btcXMRSwap.RefundAddress})},
		{Name: "create_fixed", Create: &fixed, Routes: create("exchange_create.json", 200), WantOrder: order,
			Check: sent(map[string]any{"fixed": true, "rateId": "rate-1"})},
		{Name: "create_bad_address", Create: &btcXMRSwap, Routes: create("create_bad_address.json", 400), Want: venue.CodeBadRequest},
		{Name: "create_out_of_range", Create: &btcXMRSwap, Routes: create("error_422.json", 422), Want: swapscout.CodeAmountTooSmall},
		{Name: "create_unauthorized", Create: &btcXMRSwap, Routes: create("error_401.json", 401), Want: swapscout.CodeNotConfigured},
		{Name: "status_waiting", OrderID: "ss7hQk2fYb9", Routes: get("exchange_create.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "waiting"}},
		{Name: "status_finished", OrderID: "ss7hQk2fYb9", Routes: get("exchange_finished.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "finished",
				DepositTx: "3f1e9c2b7a6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f",
				PayoutTx:  "a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8"}},
		{Name: "status_unknown_word", OrderID: "ss7hQk2fYb9", Routes: get("exchange_unknown_word.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "paused"}},
		{Name: "status_not_found", OrderID: "ss7hQk2fYb9", Routes: get("exchange_not_found.json", 404), Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every status word maps to a known status. The swap
// suite runs against the simulator, in sim/simpleswap.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
