package stealthex

import (
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

var ethUSDT = swapscout.CreateSwapRequest{
	Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "eth", Network: "eth"}, To: swapscout.Asset{Ticker: "usdt", Network: "eth"},
		Amount: swapscout.MustAmount("0.01")},
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("18.722082")},
	PayoutAddress: "0x00D2a8D1cB5e0C9f3aF8e7b6C5d4E3f2A1b03B6C", RefundAddress: "0x00D2a8D1cB5e0C9f3aF8e7b6C5d4E3f2A1b03B6C",
}

func TestSwapReplay(t *testing.T) {
	fixed := ethUSDT
	fixed.Offer.RateType, fixed.Offer.RateID = swapscout.Fixed, "r-77"
	create := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Method: "POST", Path: "/v4/exchanges", Fixture: fixture, Status: status}}
	}
	get := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Path: "/v4/exchanges/GYfebH4n7", Fixture: fixture, Status: status}}
	}
	order := swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "GYfebH4n7"}, DepositAddress: "0x0f735f51c2936d313777b1d183d63d9bd6da5ea3",
		AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("18.722082"), VenueStatus: "waiting"}
	tagged := order
	tagged.DepositAddress, tagged.DepositMemo = "rXrpDeposit4Sim9b8e7d6c5b4a3f2e1d", "123456789"
	body := func(want ...string) func(*testing.T, []venuetest.Recorded) {
		return func(t *testing.T, reqs []venuetest.Recorded) {
			if len(reqs) != 1 {
				t.Fatalf("%d requests", len(reqs))
			}
			for _, w := range want {
				if !strings.Contains(string(reqs[0].Body), w) {
					t.Errorf("body %s lacks %s", reqs[0].Body, w)
				}
			}
			if reqs[0].Header.Get("Authorization") != "Bearer test-key" {
				t.Error("no Bearer key")
			}
		}
	}
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "create", Create: &ethUSDT, Routes: create("create_exchange.json", 201), WantOrder: order,
			Check: body(`"route":{"from":{"symbol":"eth","network":"mainnet"},"to":{"symbol":"usdt","network":"eth"}}`,
				`"estimation":"direct"`, `"rate":"floating"`, `"amount":0.01,`, `"address":"0x00D2`, `"refund_address":"0x00D2`)},
		{Name: "create_fixed", Create: &fixed, Routes: create("create_exchange.json", 201), WantOrder: order,
			Check: body(`"rate":"fixed"`, `"rate_id":"r-77"`)},
		{Name: "create_numeric_tag", Create: &ethUSDT, Routes: create("create_exchange_numeric_tag.json", 201), WantOrder: tagged},
		{Name: "create_bad_address", Create: &ethUSDT, Routes: create("create_bad_address.json", 400), Want: venue.CodeBadRequest},
		{Name: "create_no_pair", Create: &ethUSDT, Routes: create("rates_range_no_pair.json", 404), Want: swapscout.CodeUnsupportedPair},
		{Name: "create_below_min", Create: &ethUSDT, Routes: create("invalid_amount_min.json", 400), Want: swapscout.CodeAmountTooSmall},
		{Name: "status_waiting", OrderID: "GYfebH4n7", Routes: get("exchange.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "waiting"}},
		{Name: "status_finished", OrderID: "GYfebH4n7", Routes: get("exchange_finished.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "finished",
				DepositTx:      "0x5f1c2e9a7b3d4c6e8f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3e4f5a6",
				PayoutTx:       "0x9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29180f7e6d5c4b3a2918f7e6d5c4b3",
				AmountReceived: swapscout.MustAmount("18.69")}},
		{Name: "status_unknown_word", OrderID: "GYfebH4n7", Routes: get("exchange_unknown_word.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "hold"}},
		{Name: "status_not_found", OrderID: "GYfebH4n7", Routes: get("exchange_not_found.json", 404), Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every status word maps to a known status. The swap
// suite runs against the simulator, in sim/stealthex.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
