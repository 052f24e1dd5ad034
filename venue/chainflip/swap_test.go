package chainflip

import (
	"net/url"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// ethUSDC is the channel Cake's recording opened: ETH into USDC on Ethereum.
var ethUSDC = swapscout.CreateSwapRequest{
	Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "eth", Network: "eth"}, To: swapscout.Asset{Ticker: "usdc", Network: "eth"},
		Amount: swapscout.MustAmount("0.01")},
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("18.9")},
	PayoutAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C", RefundAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C",
}

const channelID = "14138313-Ethereum-13128"

func TestSwapReplay(t *testing.T) {
	open := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{{Path: "/assets", Fixture: "assets.json"}, {Path: "/swap", Fixture: fixture, Status: status}}
	}
	status := func(fixture string, code int) []venuetest.Route {
		return []venuetest.Route{{Path: "/assets", Fixture: "assets.json"},
			{Path: "/status-by-deposit-channel", Query: "issuedBlock=14138313", Fixture: fixture, Status: code}}
	}
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "open_channel", Create: &ethUSDC, Routes: open("swap.json", 200),
			WantOrder: swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: channelID}, DepositAddress: "0x4fab7dc9d763a21e01c1799d72900b02d0a5f092",
				AmountIn: swapscout.MustAmount("0.01"), AmountOut: swapscout.MustAmount("18.9"), VenueStatus: "waiting"},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				reqs = reqs[1:] // the asset list, loaded first
				if len(reqs) != 1 {
					t.Fatalf("made %d calls, want 1", len(reqs))
				}
				q, _ := url.ParseQuery(reqs[0].RawQuery)
				for k, v := range map[string]string{"apiKey": "test-key", "sourceAsset": "eth.eth", "destinationAsset": "usdc.eth",
					"destinationAddress": ethUSDC.PayoutAddress, "refundAddress": ethUSDC.RefundAddress,
					"minimumPrice": "1833.3", "retryDurationInBlocks": "100"} {
					if q.Get(k) != v {
						t.Errorf("%s = %q, want %q", k, q.Get(k), v)
					}
				}
			}},
		{Name: "open_bad_address", Create: &ethUSDC, Routes: open("swap_bad_address.json", 400), Want: venue.CodeBadRequest},
		{Name: "open_key", Create: &ethUSDC, Routes: open("unauthorized.json", 401), Want: swapscout.CodeNotConfigured},
		{Name: "status_waiting", OrderID: channelID, Routes: status("status_by_deposit_channel.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "waiting"},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				q, _ := url.ParseQuery(reqs[len(reqs)-1].RawQuery)
				if q.Get("network") != "Ethereum" || q.Get("channelId") != "13128" || q.Get("apiKey") != "test-key" {
					t.Errorf("status query %q", reqs[0].RawQuery)
				}
			}},
		{Name: "status_completed", OrderID: channelID, Routes: status("status_completed.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "completed", AmountReceived: swapscout.MustAmount("18.86521"),
				DepositTx: "0x8f2a6d1c3b5e7f9a0c2e4d6b8a1f3e5d7c9b0a2f4e6d8c1b3a5f7e9d0c2b4a6f",
				PayoutTx:  "0x1d3f5b7d9f1b3d5f7a9c1e3a5c7e9b1d3f5a7c9e1b3d5f7a9c1e3b5d7f9a1c3e"}},
		{Name: "status_refunded", OrderID: channelID, Routes: status("status_refunded.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusRefunded, VenueStatus: "failed",
				DepositTx: "0x8f2a6d1c3b5e7f9a0c2e4d6b8a1f3e5d7c9b0a2f4e6d8c1b3a5f7e9d0c2b4a6f",
				// the refundEgress: its transaction and amount, in the source asset
				RefundTx:       "0x6b8d0f2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f4a6c8e0b2d4f6a8c",
				AmountRefunded: swapscout.MustAmount("0.00999")}},
		{Name: "status_expired", OrderID: channelID, Routes: status("status_expired.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusExpired, VenueStatus: "waiting"}},
		{Name: "status_unknown_word", OrderID: channelID, Routes: status("status_unknown_word.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "pondering",
				DepositTx: "0x8f2a6d1c3b5e7f9a0c2e4d6b8a1f3e5d7c9b0a2f4e6d8c1b3a5f7e9d0c2b4a6f"}},
		{Name: "status_not_found", OrderID: channelID, Routes: status("status_not_found.json", 404), Want: venue.CodeOrderNotFound},
		{Name: "status_bad_id", OrderID: "not-a-channel", Routes: status("status_by_deposit_channel.json", 200), Want: venue.CodeOrderNotFound},
	})
}

// TestStatusWords: every state word maps to a known status.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}

// FuzzSwap feeds made-up channel and status answers to the Swapper.
func FuzzSwap(f *testing.F) {
	venuetest.FuzzSwap(f, &Descriptor, ethUSDC, seeds(f)...)
}
