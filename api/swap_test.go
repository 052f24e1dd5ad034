package api

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
		ID: "abcdefghijklmnopqrstuvwxyz", Venue: "fixedfloat", VenueOrder: swapscout.OrderRef{ID: "ORD1", Secret: "secret-token"},
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
		"history":      []any{map[string]any{"at": "2026-11-25T06:00:00.000Z", "status": "waiting", "venue_status": "NEW"}},
		"max_slippage": "0.005", "late": false,
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

// TestAppendSwapOutcome: a finished swap short of its promise by more than
// its slippage says so (shortfall), one within it does not; a refund shows
// its transaction and amount; a late swap its mark and its venue's usual
// time, and the history entry that recorded it.
func TestAppendSwapOutcome(t *testing.T) {
	at := time.Date(2026, 12, 1, 9, 0, 0, 0, time.UTC)
	sw := &swapscout.Swap{ID: "abcdefghijklmnopqrstuvwxyz", Status: swapscout.StatusFinished, VenueStatus: "settled",
		AmountOut: swapscout.MustAmount("20.1"), PromisedOut: swapscout.MustAmount("20.05"), AmountReceived: swapscout.MustAmount("3.08"),
		MaxSlippage: swapscout.MustAmount("0.01"), CreatedAt: at, UpdatedAt: at}
	read := func(sw *swapscout.Swap, hist []swapscout.SwapEvent) map[string]any {
		t.Helper()
		var got map[string]any
		if err := json.Unmarshal(AppendSwap(nil, sw, hist), &got); err != nil {
			t.Fatal(err)
		}
		return got
	}
	got := read(sw, nil)
	if d := cmp.Diff(map[string]any{"amount": "16.97", "percent": "84.638"}, got["shortfall"]); d != "" || got["max_slippage"] != "0.01" {
		t.Errorf("short swap: shortfall (-want +got):\n%s max_slippage %v", d, got["max_slippage"])
	}
	sw.AmountReceived = swapscout.MustAmount("19.9")
	if got := read(sw, nil); got["shortfall"] != nil {
		t.Errorf("a swap 0.75 %% short with 1 %% allowed: shortfall %v; want none", got["shortfall"])
	}
	sw.Status, sw.RefundTx, sw.AmountRefunded = swapscout.StatusRefunded, "0xback", swapscout.MustAmount("0.0999")
	sw.LateAt, sw.UsualTime, sw.UsualBasis = at.Add(time.Hour), 25*time.Minute, 14
	got = read(sw, []swapscout.SwapEvent{{At: at, Status: swapscout.StatusExchanging, VenueStatus: "processing", Late: true}})
	want := map[string]any{"refund_tx": "0xback", "amount_refunded": "0.0999", "late": true, "late_at": "2026-12-01T10:00:00.000Z",
		"usual_seconds": float64(1500), "usual_basis": float64(14)}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v; want %v", k, got[k], v)
		}
	}
	if h := got["history"].([]any)[0].(map[string]any); h["late"] != true {
		t.Errorf("late history entry %v; want late: true", h)
	}
}
