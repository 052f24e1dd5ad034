package changehero

import (
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

var btcXMRSwap = swapscout.CreateSwapRequest{
	Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
		Amount: swapscout.MustAmount("0.01"), RateType: swapscout.Fixed},
	Offer: swapscout.Offer{AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("1.7312"), RateType: swapscout.Fixed,
		RateID: "fix-1"},
	PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
	RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
}

func TestSwapReplay(t *testing.T) {
	float := btcXMRSwap
	float.Offer.RateType, float.Offer.RateID = swapscout.Float, ""
	rpc := func(fixture string) []venuetest.Route {
		return []venuetest.Route{{Method: "POST", Path: RPCPath, Fixture: fixture}}
	}
	method := func(want ...string) func(*testing.T, []venuetest.Recorded) {
		return func(t *testing.T, reqs []venuetest.Recorded) {
			for _, w := range want {
				if len(reqs) != 1 || !strings.Contains(string(reqs[0].Body), w) {
					t.Errorf("request %s lacks %s", reqs[0].Body, w)
				}
			}
		}
	}
	order := swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "chq7h2k9x4"}, DepositAddress: "bc1qchsimdeposit2w4e6r8t0y2u4i6o8p0a2s4d6",
		AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("1.7312"), VenueStatus: "waiting"}
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "create_fixed", Create: &btcXMRSwap, Routes: rpc("create_fix_transaction.json"), WantOrder: order,
			Check: method(`"method":"createFixTransaction"`, `"rateId":"fix-1"`, `"from":"btc"`, `"chainFrom":"bitcoin"`, `"amount":"0.01"`,
				`"address":"44AFF`, `"refundAddress":"bc1q`)},
		{Name: "create_float", Create: &float, Routes: rpc("create_fix_transaction.json"), WantOrder: order,
			Check: method(`"method":"createTransaction"`)},
		{Name: "create_bad_address", Create: &btcXMRSwap, Routes: rpc("create_bad_address.json"), Want: venue.CodeBadRequest},
		{Name: "create_invalid_currency", Create: &btcXMRSwap, Routes: rpc("invalid_currency.json"), Want: swapscout.CodeUnsupportedPair},
		{Name: "status_finished", OrderID: "chq7h2k9x4", Routes: rpc("get_transactions_finished.json"),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "finished",
				DepositTx:      "3f1e9c2b7a6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f",
				PayoutTx:       "a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8",
				AmountReceived: swapscout.MustAmount("1.7298")},
			Check: method(`"method":"getTransactions"`, `"id":"chq7h2k9x4"`)},
		{Name: "status_unknown_word", OrderID: "chq7h2k9x4", Routes: rpc("get_transactions_unknown_word.json"),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "verifying",
				DepositTx:      "3f1e9c2b7a6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f",
				PayoutTx:       "a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8",
				AmountReceived: swapscout.MustAmount("1.7298")}},
		{Name: "status_not_found", OrderID: "chq7h2k9x4", Routes: rpc("get_transactions_empty.json"), Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every status word maps to a known status. The swap
// suite runs against the simulator, in sim/changehero.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
