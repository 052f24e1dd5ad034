package nearintents

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// btcETHSwap is the swap of the modelled live quote
// (quote_live_btc_eth.json): 0.1 BTC to an Ethereum address.
var btcETHSwap = swapscout.CreateSwapRequest{
	Request: swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		Amount: swapscout.MustAmount("0.1")},
	Offer:         swapscout.Offer{AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("3.37150620483762145")},
	PayoutAddress: "0x00D283fFCb70F7b9A1d844e54A1AdE61E5443B6C", RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
}

// recordedAddr is the deposit address of Cake's recorded live quote.
const recordedAddr = "0x6145625D094e8C70bb94784C7d6a4390Ead6947d"

const modelledAddr = "bc1q7m3x9k2v5n8p4r6t0w2y4a6c8e0g2j4l6n8q0s"

func TestSwapReplay(t *testing.T) {
	tokens := venuetest.Route{Path: TokensPath, Fixture: "tokens.json"}
	create := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{tokens, {Method: "POST", Path: QuotePath, Fixture: fixture, Status: status}}
	}
	get := func(fixture string, status int) []venuetest.Route {
		return []venuetest.Route{tokens, {Path: StatusPath, Query: "depositAddress=" + recordedAddr, Fixture: fixture, Status: status}}
	}
	noRefund := btcETHSwap
	noRefund.RefundAddress = ""
	venuetest.RunSwapCases(t, &Descriptor, []venuetest.SwapCase{
		{Name: "create", Create: &btcETHSwap, Routes: create("quote_live_btc_eth.json", 201),
			// The order expires at the deadline asked (an hour), before the
			// deposit address's own (three days).
			WantOrder: swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: modelledAddr}, DepositAddress: modelledAddr,
				AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("3.37150620483762145"),
				ExpiresAt: time.Date(2026, 7, 29, 15, 0, 0, 0, time.UTC)},
			Check: func(t *testing.T, reqs []venuetest.Recorded) {
				var m map[string]any
				if len(reqs) != 2 || json.Unmarshal(reqs[1].Body, &m) != nil {
					t.Fatalf("want the tokens list and one JSON quote request, got %d", len(reqs))
				}
				want := map[string]any{"dry": false, "swapType": "EXACT_INPUT", "amount": "10000000",
					"recipient": btcETHSwap.PayoutAddress, "refundTo": btcETHSwap.RefundAddress,
					"originAsset": "nep141:btc.omft.near", "destinationAsset": "nep141:eth.omft.near"}
				for k, v := range want {
					if m[k] != v {
						t.Errorf("%s = %v, want %v", k, m[k], v)
					}
				}
			}},
		// A dry answer has no deposit address: no order.
		{Name: "create_without_address", Create: &btcETHSwap, Routes: create("quote_btc_eth.json", 201), Want: swapscout.CodeBadResponse},
		{Name: "create_without_refund", Create: &noRefund, Routes: create("quote_live.json", 201), Want: venue.CodeBadRequest},
		{Name: "create_bad_request", Create: &btcETHSwap, Routes: create("quote_bad_request.json", 400), Want: venue.CodeBadRequest},
		{Name: "create_too_low", Create: &btcETHSwap, Routes: create("amount_too_low.json", 400), Want: swapscout.CodeAmountTooSmall},
		{Name: "status_pending", OrderID: recordedAddr, Routes: get("status.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "PENDING_DEPOSIT"}},
		{Name: "status_incomplete", OrderID: recordedAddr, Routes: get("status_incomplete.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusActionRequired, VenueStatus: "INCOMPLETE_DEPOSIT",
				DepositTx: "8d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c6e8b0d2f"}},
		{Name: "status_success", OrderID: recordedAddr, Routes: get("status_success.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "SUCCESS",
				DepositTx:      "5e2b8c1d9f3a7e6b4c0d2f8a1e3b5c7d9f0a2e4b6c8d0f1a3e5b7c9d1f3a5e7b",
				PayoutTx:       "0x3b7c1e9f2a4d6b8c0e1f3a5b7c9d1e2f4a6b8c0d2e4f6a8b0c1d3e5f7a9b1c2d",
				AmountReceived: swapscout.MustAmount("3.369822151102930177")}},
		{Name: "status_unknown_word", OrderID: recordedAddr, Routes: get("status_unknown_word.json", 200),
			WantUpdate: swapscout.SwapUpdate{Status: swapscout.StatusUnknown, VenueStatus: "KYC_CHECK",
				DepositTx: "5e2b8c1d9f3a7e6b4c0d2f8a1e3b5c7d9f0a2e4b6c8d0f1a3e5b7c9d1f3a5e7b",
				PayoutTx:  "0x3b7c1e9f2a4d6b8c0e1f3a5b7c9d1e2f4a6b8c0d2e4f6a8b0c1d3e5f7a9b1c2d"}},
		{Name: "status_not_found", OrderID: recordedAddr, Routes: get("status_not_found.json", 404), Want: venue.CodeOrderNotFound},
		{Name: "status_error_200", OrderID: recordedAddr, Routes: get("internal_error.json", 200), Want: swapscout.CodeUnavailable},
	})
}

// TestRecipientRefused: 1Click's recorded "recipient is not valid" (HTTP
// 400) refuses an address. On a create it is the user's payout address:
// bad_request naming that field, never unsupported_pair. On a quote the
// address is our placeholder: a bad_response, with the venue's words.
func TestRecipientRefused(t *testing.T) {
	routes := []venuetest.Route{{Path: TokensPath, Fixture: "tokens.json"}, {Method: "POST", Path: QuotePath, Fixture: "recipient_invalid.json", Status: 400}}
	rp := venuetest.NewReplay(t, "testdata", routes)
	c := venuetest.New(t, &Descriptor, rp.URL).(*Client)
	_, err := c.CreateSwap(context.Background(), btcETHSwap)
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != venue.CodeBadRequest || ve.Field != "payout_address" || !strings.Contains(ve.Msg, "recipient is not valid") {
		t.Errorf("CreateSwap = %v (%+v), want bad_request for payout_address with the venue's words", err, ve)
	}
	_, err = c.Quote(context.Background(), btcETHSwap.Request)
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeBadResponse || !strings.Contains(ve.Msg, "recipient is not valid") {
		t.Errorf("Quote = %v, want bad_response with the venue's words", err)
	}
	for words, field := range map[string]string{
		"recipient is not valid": "payout_address", "refundTo is not valid": "refund_address", "Invalid recipient address": "payout_address",
		"recipient should not be empty": "", "Token not supported: nep141:eth.omft.near": "", "Failed to get quote": "",
	} {
		if got := addressField(strings.ToLower(words)); got != field {
			t.Errorf("addressField(%q) = %q, want %q", words, got, field)
		}
	}
}

// TestStatusWords: every status word maps to a known status.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
