package httpapi

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
)

func TestAppendSwap(t *testing.T) {
	at := time.Date(2026, 11, 25, 6, 0, 0, 0, time.UTC)
	sw := &swapscout.Swap{
		ID: "abcdefghijklmnopqrstuvwxyz", Venue: "fixedfloat", VenueOrderID: "ORD1:secret-token",
		QuoteID: "q1", From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("2.5"),
		PromisedIn: swapscout.MustAmount("0.1"), PromisedOut: swapscout.MustAmount("2.49"),
		DepositAddress: "bc1qdeposit", PayoutAddress: "0xpayout", RefundAddress: "bc1qrefund",
		Status: swapscout.StatusWaiting, VenueStatus: "NEW", CreatedAt: at, UpdatedAt: at,
	}
	b := AppendSwap(nil, sw, []swapscout.SwapEvent{{At: at, Status: swapscout.StatusWaiting, VenueStatus: "NEW"}})
	if strings.Contains(string(b), "secret-token") {
		t.Fatalf("the order's secret leaked: %s", b)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b)
	}
	want := map[string]any{
		"id": "abcdefghijklmnopqrstuvwxyz", "status": "waiting", "venue_status": "NEW", "venue": "fixedfloat",
		"venue_order_id": "ORD1", "quote_id": "q1",
		"from": map[string]any{"ticker": "btc", "network": "btc"}, "to": map[string]any{"ticker": "eth", "network": "eth"},
		"direction": "send", "rate_type": "float",
		"amount_in": "0.1", "amount_out": "2.5", "promised_in": "0.1", "promised_out": "2.49",
		"deposit_address": "bc1qdeposit", "deposit": "transfer", "payout_address": "0xpayout", "refund_address": "bc1qrefund",
		"created_at": "2026-11-25T06:00:00.000Z", "updated_at": "2026-11-25T06:00:00.000Z",
		"history": []any{map[string]any{"at": "2026-11-25T06:00:00.000Z", "status": "waiting", "venue_status": "NEW"}},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("swap JSON (-want +got):\n%s", d)
	}
	// A memo deposit says so: the memo must be inside the transaction.
	sw.Deposit, sw.DepositMemo = swapscout.DepositMemo, "=:ETH.ETH:0xpayout"
	got = nil
	if err := json.Unmarshal(AppendSwap(nil, sw, nil), &got); err != nil || got["deposit"] != "memo" || got["deposit_memo"] != "=:ETH.ETH:0xpayout" {
		t.Errorf("memo swap JSON: deposit %v, memo %v, %v", got["deposit"], got["deposit_memo"], err)
	}
}
