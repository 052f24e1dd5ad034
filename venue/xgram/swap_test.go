package xgram

import (
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

var btcUSDT = swapscout.CreateSwapRequest{
	Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "usdt", Network: "eth"},
		Amount: swapscout.MustAmount("0.01334746")},
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("0.01334746"), AmountOut: swapscout.MustAmount("992.5")},
	PayoutAddress: "0xf12fb83D413c509506635A663D188B1Dc7fA0C47", RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
}

func TestSwapReplay(t *testing.T) {
	fixed := btcUSDT
	fixed.Offer.RateType = swapscout.Fixed
	create := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Path: CreatePath, Fixture: fixture, Status: status}}
	}
	get := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Path: StatusPath, Fixture: fixture, Status: status}}
	}
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "launch", Create: &btcUSDT, Routes: create("launch_new_exchange.json", 200),
			WantOrder: swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "dyv3a2tdbgipvh0"}, DepositAddress: "bc1q8tgkyamr4jvlfw2ccaqg5gd2tskqs9h6r7fra7",
				AmountIn: swapscout.MustAmount("0.01334746"), AmountOut: swapscout.MustAmount("992.5"), VenueStatus: "x-new",
				ExpiresAt: time.Date(2026, 5, 27, 21, 27, 28, 0, time.UTC)},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				for _, p := range []string{"fromCcy=BTC", "ccyAmount=0.01334746", "type=float", "toAddress=0xf12f", "refundAddress=bc1q"} {
					if len(reqs) != 1 || !strings.Contains(reqs[0].RawQuery, p) || reqs[0].Header.Get("x-api-key") != "test-key" {
						t.Errorf("launch request lacks %s: %v", p, reqs)
					}
				}
			}},
		{Name: "launch_fixed_refused", Create: &fixed, Want: swapscout.CodeUnsupportedPair},
		{Name: "launch_bad_address", Create: &btcUSDT, Routes: create("launch_bad_address.json", 200), Want: venue.CodeBadRequest},
		{Name: "launch_below_limit", Create: &btcUSDT, Routes: create("below_limit.json", 400), Want: swapscout.CodeAmountTooSmall},
		{Name: "launch_unauthorized", Create: &btcUSDT, Routes: create("unauthorized.json", 401), Want: swapscout.CodeNotConfigured},
		{Name: "status_awaiting", OrderID: "dyv3a2tdbgipvh0", Routes: get("status_awaiting.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "x-awaiting_funds"}},
		{Name: "status_completed", OrderID: "dyv3a2tdbgipvh0", Routes: get("status_completed.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "x-completed",
				DepositTx: "deposit-hash", PayoutTx: "payout-hash", AmountReceived: swapscout.MustAmount("990.1")}},
		{Name: "status_unknown_word", OrderID: "dyv3a2tdbgipvh0", Routes: get("status_unknown_word.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "x-kyc_check",
				DepositTx: "deposit-hash", PayoutTx: "payout-hash", AmountReceived: swapscout.MustAmount("990.1")}},
		{Name: "status_not_found", OrderID: "dyv3a2tdbgipvh0", Routes: get("status_not_found.json", 404), Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every status word maps to a known status. The swap
// suite runs against the simulator, in sim/xgram.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
