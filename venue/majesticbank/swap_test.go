package majesticbank

import (
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

var xmrBTC = swapscout.CreateSwapRequest{
	Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "xmr", Network: "xmr"}, To: swapscout.Asset{Ticker: "btc", Network: "btc"},
		Amount: swapscout.MustAmount("1.5")},
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("1.5"), AmountOut: swapscout.MustAmount("0.00245301")},
	PayoutAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
}

func TestSwapReplay(t *testing.T) {
	fixed := xmrBTC
	fixed.Offer.RateType = swapscout.Fixed
	const deposit = "8BsimMajesticDeposit5t7y9u1i3o5p7a9s1d3f5g7h9j1k3l5z7x9c1v3b5n7m9q2w4e6r8t0y2u4i6o8p0a2s4d6f8g0h2j4k"
	order := swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "MBSc9a71e2f4"}, DepositAddress: deposit, AmountIn: swapscout.MustAmount("1.5"),
		AmountOut: swapscout.MustAmount("0.00245301"), VenueStatus: "Waiting for funds",
		ExpiresAt: time.Date(2026, 7, 29, 14, 0, 0, 0, time.UTC).Add(600 * time.Minute)}
	noExpiry := order
	noExpiry.ExpiresAt = time.Time{}
	route := func(path, fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Path: path, Fixture: fixture, Status: status}}
	}
	query := func(want ...string) func(*testing.T, []venuetest.Recorded) {
		return func(t *testing.T, reqs []venuetest.Recorded) {
			for _, w := range want {
				if len(reqs) != 1 || !strings.Contains(reqs[0].RawQuery, w) {
					t.Errorf("query lacks %s: %v", w, reqs)
				}
			}
		}
	}
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "exchange", Create: &xmrBTC, Routes: route(ExchangePath, "exchange_ok.json", 200), WantOrder: order,
			Check: query("from_currency=XMR", "receive_currency=BTC", "from_amount=1.5", "receive_address=bc1q")},
		{Name: "pay_fixed", Create: &fixed, Routes: route(PayPath, "exchange_ok.json", 200), WantOrder: order,
			Check: query("receive_amount=0.00245301")},
		{Name: "exchange_expiry_overflow", Create: &xmrBTC, Routes: route(ExchangePath, "exchange_expiry_overflow.json", 200), WantOrder: noExpiry},
		{Name: "exchange_bad_address", Create: &xmrBTC, Routes: route(ExchangePath, "exchange_bad_address.json", 400), Want: venue.CodeBadRequest},
		{Name: "exchange_bad_symbol", Create: &xmrBTC, Routes: route(ExchangePath, "calculate_bad_symbol.json", 400), Want: swapscout.CodeUnsupportedPair},
		{Name: "track_waiting", OrderID: "MBSc9a71e2f4", Routes: route(TrackPath, "track_waiting.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "Waiting for funds"},
			Check:      query("trx=MBSc9a71e2f4")},
		{Name: "track_completed", OrderID: "MBSc9a71e2f4", Routes: route(TrackPath, "track_completed.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "Completed"}},
		{Name: "track_unknown_word", OrderID: "MBSc9a71e2f4", Routes: route(TrackPath, "track_unknown_word.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "Confirming"}},
		{Name: "track_not_found", OrderID: "MBSc9a71e2f4", Routes: route(TrackPath, "track_not_found.json", 404), Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every status word maps to a known status. The swap
// suite runs against the simulator, in sim/majesticbank.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
