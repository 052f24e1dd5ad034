package trocador

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
	Offer: swapscout.Offer{AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("18.475"), RateID: "poUZze6vYp",
		Provider: "FixedFloat"},
	PayoutAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C", RefundAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C",
}

func TestSwapReplay(t *testing.T) {
	noRate := ethUSDT
	noRate.Offer.RateID = ""
	create := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Path: NewTradePath, Fixture: fixture, Status: status}}
	}
	get := func(fixture string) []venuetest.Route { return []venuetest.Route{{Path: TradePath, Fixture: fixture}} }
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "new_trade", Create: &ethUSDT, Routes: create("new_trade.json", 200),
			WantOrder: swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "poUZze6vYp"}, DepositAddress: "0xe5b2f8d7bfeb88a9f97d85e7a869aeb4083ad14b",
				AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("18.475"), VenueStatus: "waiting"},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				for _, p := range []string{"id=poUZze6vYp", "provider=FixedFloat", "ticker_from=eth", "network_to=ERC20", "amount_from=0.01",
					"address=0x00D2", "refund=0x00D2", "address_memo=0", "fixed=False", "payment=False"} {
					if len(reqs) != 1 || !strings.Contains(reqs[0].RawQuery, p) {
						t.Errorf("new_trade query lacks %s: %v", p, reqs)
					}
				}
			}},
		{Name: "new_trade_without_rate", Create: &noRate, Want: venue.CodeBadRequest},
		{Name: "new_trade_bad_address", Create: &ethUSDT, Routes: create("new_trade_bad_address.json", 400), Want: venue.CodeBadRequest},
		{Name: "new_trade_no_partner", Create: &ethUSDT, Routes: create("no_rate.json", 404), Want: swapscout.CodeUnsupportedPair},
		{Name: "trade_waiting", OrderID: "poUZze6vYp", Routes: get("trade.json"),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "waiting"}},
		{Name: "trade_finished", OrderID: "poUZze6vYp", Routes: get("trade_finished.json"),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "finished",
				PayoutTx: "0x9e8d7c6b5a4f3e2d1c0b9a8f7e6d5c4b3a29180f7e6d5c4b3a2918f7e6d5c4b3"}},
		{Name: "trade_unknown_word", OrderID: "poUZze6vYp", Routes: get("trade_unknown_word.json"),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "on_hold"}},
		{Name: "trade_not_found", OrderID: "poUZze6vYp", Routes: get("trade_empty.json"), Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every status word maps to a known status. The swap
// suite runs against the simulator, in sim/trocador.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
