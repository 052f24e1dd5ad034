package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
)

// TestSwapPageOutcome: what a finished swap shows is what arrived. A swap
// paid short of its promise past its slippage is red, never "paid out"; a
// finished swap whose venue gave no amount says so; a refund shows its
// transaction and amount; a held swap says it is held; a late swap says
// what is normal for its venue and what to do; every page carries the
// support packet, with the venue's contact and its source, the warning, and
// no secret.
func TestSwapPageOutcome(t *testing.T) {
	var sw *swapscout.Swap
	var hist []swapscout.SwapEvent
	fs := &fakeSwaps{GetFn: func(string) (*swapscout.Swap, []swapscout.SwapEvent, error) { return sw, hist, nil }}
	venues := []swapscout.VenueInfo{
		{ID: "changenow", Name: "ChangeNOW", Kind: swapscout.InstantSwap, CanSwap: true,
			Support: swapscout.SupportContact{Email: "support@changenow.io", Source: "the venue's integration notes"}},
		{ID: "wizardswap", Name: "WizardSwap", Kind: swapscout.InstantSwap, CanSwap: true,
			Support: swapscout.SupportContact{Source: "WizardSwap documents no support contact in the sources read (research)"}},
	}
	h := httpapi.NewHandler(httpapi.Deps{Quotes: &fakeQuotes{QuoteFn: twoOffers}, Store: inmem.New(inmem.Options{}),
		Venues: func() []swapscout.VenueInfo { return venues }, Now: func() time.Time { return now }, Swaps: fs})
	page := func(s *swapscout.Swap, h2 []swapscout.SwapEvent) string {
		t.Helper()
		sw, hist = s, h2
		resp := get(h, "/swap/"+s.ID)
		if resp.Status != 200 {
			t.Fatalf("status %d:\n%s", resp.Status, resp.Body)
		}
		return string(resp.Body)
	}
	check := func(name, body string, want, not []string) {
		t.Helper()
		for _, w := range want {
			if !strings.Contains(body, w) {
				t.Errorf("%s: page lacks %q", name, w)
			}
		}
		for _, n := range not {
			if strings.Contains(body, n) {
				t.Errorf("%s: page shows %q", name, n)
			}
		}
	}
	dep := []swapscout.SwapEvent{{At: now.Add(-time.Hour), Status: swapscout.StatusWaiting}, {At: now.Add(-50 * time.Minute), Status: swapscout.StatusConfirming}}

	short := sampleSwap(swapscout.StatusFinished)
	short.PromisedOut, short.AmountReceived, short.MaxSlippage, short.DepositTx = swapscout.MustAmount("20.05"), swapscout.MustAmount("3.08"), swapscout.MustAmount("0.005"), "deptx1"
	check("short", page(short, dep), []string{`class="status-short"`, "Finished, but short: 84.6\u00a0% of the promise did not arrive",
		`id="shortfall" class="short"`, "16.97</span>&nbsp;XMR", "past the 0.5&nbsp;% allowed", `class="outcome outcome-short"`,
		"Short by: 16.97 XMR (84.638 % of the promise)", "Received: 3.08 XMR", "Deposit transaction: deptx1"},
		[]string{">Finished: paid out</h2>", "bc1qdepositaddress"})

	silent := sampleSwap(swapscout.StatusFinished)
	check("no amount given", page(silent, dep), []string{"the venue did not say", ">Finished: paid out</h2>", "Received: the venue did not say"},
		[]string{`<span class="quiet">not yet</span></dd>`})

	refunded := sampleSwap(swapscout.StatusRefunded)
	refunded.RefundTx, refunded.AmountRefunded = "0xrefundtx", swapscout.MustAmount("0.0999")
	check("refunded", page(refunded, dep), []string{`id="refund"`, "0.0999</span>&nbsp;BTC in <code class=\"addr\">0xrefundtx</code>",
		"in transaction <code class=\"addr\">0xrefundtx</code>", "Refund: 0.0999 BTC 0xrefundtx"}, nil)

	held := sampleSwap(swapscout.StatusHeld)
	held.VenueStatus = "verifying"
	check("held", page(held, dep), []string{"Held for verification", `class="outcome outcome-held"`, "holds this swap for verification"}, nil)

	late := sampleSwap(swapscout.StatusExchanging)
	late.LateAt, late.UsualTime, late.UsualBasis = now.Add(-5*time.Minute), 25*time.Minute, 14
	check("late", page(late, dep), []string{`data-late="true"`, `id="late"`, "Taking longer than usual.", "ChangeNOW usually pays out within 25 min of the deposit",
		"the 14 swaps of ChangeNOW this server has seen finish", "this swap has taken 50 min so far", "write to its support"}, nil)
	late.UsualBasis = 0
	check("late by default", page(late, dep), []string{"a default: this server has seen too few swaps of ChangeNOW finish"}, nil)

	// The packet: the contact, its source, the warning; the order's public
	// id, never its secret, nor this page's key (the swap id).
	body := page(late, dep)
	check("support", body, []string{`<a href="mailto:support@changenow.io">support@changenow.io</a>`, "Source: the venue&#39;s integration notes.",
		"never writes to you first", "seed words", `id="support-packet"`, "Order id: ord123\n", "Deposit address: bc1qdepositaddress"},
		[]string{"secret-token"})
	if i := strings.Index(body, `id="support-packet"`); strings.Contains(body[i:i+strings.Index(body[i:], "</pre>")], late.ID) {
		t.Error("the support packet holds the swap id, the key to this page")
	}
	wiz := sampleSwap(swapscout.StatusFailed)
	wiz.Venue = "wizardswap"
	check("no documented contact", page(wiz, dep), []string{"WizardSwap documents no support contact that swapscout could find",
		"Source: WizardSwap documents no support contact in the sources read (research)."}, []string{"mailto:"})
}
