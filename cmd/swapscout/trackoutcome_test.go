package main

import (
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

// outcomeSwap renders a ChangeNOW swap after steps (status, word), each
// 90 s apart, as the server does, with mod applied to the record last.
func outcomeSwap(mod func(*swapscout.Swap, []swapscout.SwapEvent) []swapscout.SwapEvent, steps ...swapStep) []byte {
	sw := &swapscout.Swap{
		ID: testSwapID, QuoteID: testQuoteID, Venue: "changenow", VenueOrder: swapscout.OrderRef{ID: "a1b2c3d4e5"},
		From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("2.024356592"),
		PromisedIn: swapscout.MustAmount("0.1"), PromisedOut: swapscout.MustAmount("2.0240"), MaxSlippage: swapscout.MustAmount("0.005"),
		DepositAddress: depositAddr, PayoutAddress: payoutAddr, RefundAddress: refundAddr, DepositTx: "9f2c4e1a7b",
		CreatedAt: fixtureT0, ExpiresAt: fixtureT0.Add(30 * time.Minute),
	}
	var hist []swapscout.SwapEvent
	for i, st := range steps {
		at := fixtureT0.Add(time.Duration(i) * 90 * time.Second)
		sw.Status, sw.VenueStatus, sw.UpdatedAt = st.status, st.word, at
		if st.payoutTx != "" {
			sw.PayoutTx = st.payoutTx
		}
		if st.received != "" {
			sw.AmountReceived = swapscout.MustAmount(st.received)
		}
		hist = append(hist, swapscout.SwapEvent{At: at, Status: st.status, VenueStatus: st.word})
	}
	if mod != nil {
		hist = mod(sw, hist)
	}
	return api.AppendSwap(nil, sw, hist)
}

var (
	cnNew        = swapStep{status: swapscout.StatusWaiting, word: "new"}
	cnConfirming = swapStep{status: swapscout.StatusConfirming, word: "confirming"}
	cnExchanging = swapStep{status: swapscout.StatusExchanging, word: "exchanging"}
	cnHeld       = swapStep{status: swapscout.StatusHeld, word: "verifying"}
)

// outcomeCLIFixtures are the records of swaps that did not end as promised.
func outcomeCLIFixtures() map[string][]byte {
	return map[string][]byte{
		// The case: promised 2.024, paid 0.31 and called finished.
		"swap_finished_short.json": outcomeSwap(nil, cnNew, cnConfirming, cnExchanging,
			swapStep{status: swapscout.StatusFinished, word: "finished", payoutTx: "0xab12cd34", received: "0.31"}),
		"swap_finished_silent.json": outcomeSwap(nil, cnNew, cnConfirming,
			swapStep{status: swapscout.StatusFinished, word: "finished", payoutTx: "0xab12cd34"}),
		"swap_refunded_tx.json": outcomeSwap(func(sw *swapscout.Swap, h []swapscout.SwapEvent) []swapscout.SwapEvent {
			sw.RefundTx, sw.AmountRefunded = "77e1refund", swapscout.MustAmount("0.0999")
			return h
		}, cnNew, cnConfirming, swapStep{status: swapscout.StatusRefunded, word: "refunded"}),
		"swap_held.json": outcomeSwap(nil, cnNew, cnConfirming, cnHeld),
		"swap_late.json": outcomeSwap(func(sw *swapscout.Swap, h []swapscout.SwapEvent) []swapscout.SwapEvent {
			sw.LateAt, sw.UsualTime, sw.UsualBasis = fixtureT0.Add(time.Hour), 25*time.Minute, 14
			return append(h, swapscout.SwapEvent{At: sw.LateAt, Status: sw.Status, VenueStatus: sw.VenueStatus, Late: true})
		}, cnNew, cnConfirming, cnExchanging),
	}
}

// withOutcomeFixtures adds the outcome fixtures to m, for
// TestSwapCLIFixtures to check and rewrite with the others.
func withOutcomeFixtures(m map[string][]byte) map[string][]byte {
	maps.Copy(m, outcomeCLIFixtures())
	return m
}

// venuesWithSupport is GET /v1/venues with ChangeNOW's support contact.
var venuesWithSupport = []byte(`{"venues":[{"id":"changenow","name":"ChangeNOW","kind":"instant_swap","can_swap":true,
	"support":{"documented":true,"email":"support@changenow.io","source":"the venue's integration notes"}}]}`)

// TestTrackOutcome: what swapscout track shows is what arrived. A swap
// finished short of its promise past its slippage exits non-zero with the
// shortfall and the support packet; one whose venue gave no amount says so
// and exits 0; a refund names its transaction and amount; a held swap, and
// one marked late, say what it means and offer the packet, once.
func TestTrackOutcome(t *testing.T) {
	run := func(steps ...string) (string, error) {
		t.Helper()
		f := newFakeAPI(t, steps...)
		f.venues = venuesWithSupport
		out, errOut, err := runTrackTest(t, f.start(), testSwapID)
		if errOut != "" && !strings.Contains(errOut, "reconnecting") {
			t.Errorf("stderr: %s", errOut)
		}
		return out, err
	}
	out, err := run("swap_finished_short.json")
	if err == nil || exitCode(err) == 0 {
		t.Fatalf("a swap paid short exits %d (%v)\n%s", exitCode(err), err, out)
	}
	if want := "swap " + testSwapID + " finished short: changenow received 0.31 ETH of the 2.024 promised, 1.714 ETH (84.684 %) less, past the 0.5 % allowed"; !strings.HasPrefix(err.Error(), want) {
		t.Errorf("error %q\nwant it to begin %q", err, want)
	}
	wantInOrder(t, out, "support packet: write to ChangeNOW's support at support@changenow.io (source: the venue's integration notes)",
		"Order id:", "a1b2c3d4e5", "Deposit transaction:", "9f2c4e1a7b", "Received:", "0.31 ETH", "Short by:", "1.714 ETH (84.684 % of the promise)",
		swapscout.SupportWarning)
	if strings.Contains(out, testSwapID+"\n") || strings.Contains(out, "Deposit address:") {
		t.Errorf("the packet holds the swap id or, the swap over, its deposit address:\n%s", out)
	}

	out, err = run("swap_finished_silent.json")
	if err != nil || !strings.Contains(out, "finished: sent to "+payoutAddr+" in tx 0xab12cd34; changenow did not say how much (it promised 2.024 ETH)") {
		t.Errorf("finished without an amount: %v\n%s", err, out)
	}

	out, err = run("swap_refunded_tx.json")
	if want := "swap " + testSwapID + " was refunded 0.0999 BTC in tx 77e1refund to " + refundAddr + ": no ETH was bought"; err == nil || err.Error() != want {
		t.Errorf("refunded: %v\nwant %s", err, want)
	}
	wantInOrder(t, out, "refunded 0.0999 BTC", "refund tx 77e1refund")

	out, err = run("swap_held.json", "swap_finished_silent.json")
	if err != nil {
		t.Errorf("held then finished: %v", err)
	}
	wantInOrder(t, out, `held        (venue: "verifying")`, "changenow holds this swap for verification", "support packet:", swapscout.SupportWarning, "finished:")
	if n := strings.Count(out, "support packet:"); n != 1 {
		t.Errorf("support packet printed %d times:\n%s", n, out)
	}

	out, _ = run("swap_late.json", "swap_finished_silent.json")
	wantInOrder(t, out, "late        taking longer than usual: changenow usually pays out within 25m of the deposit (the 14 of its swaps this server has seen finish)",
		"support packet:", "Late since:", "finished:")
	if strings.Count(out, "  exchanging  (venue") != 1 {
		t.Errorf("the late mark printed as a status line again:\n%s", out)
	}
}

// TestTrackSupport: swapscout track --support prints the packet and exits,
// following nothing.
func TestTrackSupport(t *testing.T) {
	f := newFakeAPI(t, "swap_held.json")
	f.venues = venuesWithSupport
	out, _, err := runTrackTest(t, f.start(), "--support", testSwapID)
	if err != nil {
		t.Fatal(err)
	}
	wantInOrder(t, out, "support packet: write to ChangeNOW's support at support@changenow.io", "Venue:", "ChangeNOW", "Deposit address:", depositAddr,
		"Status:", `held (the venue says "verifying")`, swapscout.SupportWarning)
	if f.Streams() != 0 || strings.Contains(out, "following swap") {
		t.Errorf("--support followed the swap:\n%s", out)
	}
}

// TestPrintAccuracy: swapscout venues' accuracy table counts, per venue,
// the swaps paid short past their slippage and the swaps held for
// verification, beside the usual time (p90) a swap is late past.
func TestPrintAccuracy(t *testing.T) {
	var out strings.Builder
	printAccuracy(&out, map[string]swapscout.VenueAccuracy{
		"stealthex": {Venue: "stealthex", Count: 12, MedianShortfall: swapscout.MustAmount("0.1"), WorstShortfall: swapscout.MustAmount("31"),
			Short: 2, Held: 3, Timed: 11, MedianTime: 9 * time.Minute, P90Time: 24 * time.Minute},
	}, 720*time.Hour)
	wantInOrder(t, out.String(), "SHORT", "HELD", "TIMED", "MEDIAN TIME", "P90 TIME", "\nstealthex", "12", "0.1 %", "31 %", "2", "3", "11", "9m0s", "24m0s")
}
