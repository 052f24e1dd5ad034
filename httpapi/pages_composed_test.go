package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
)

// TestComposedSwapPage: a split's page draws one QR code per part that
// waits for its deposit (its own address, as a direct swap's deposit has;
// none for a part that is over), and the support section of a split or a
// route names each part's or leg's venue, its contact and its order id,
// each with its own packet, so a user whose second leg stalls knows to
// write to the second venue, with that order's id.
func TestComposedSwapPage(t *testing.T) {
	venues := []swapscout.VenueInfo{
		{ID: "changenow", Name: "ChangeNOW", Kind: swapscout.InstantSwap, CanSwap: true,
			Support: swapscout.SupportContact{Email: "support@changenow.io", Source: "the venue's integration notes"}},
		{ID: "exolix", Name: "Exolix", Kind: swapscout.InstantSwap, CanSwap: true,
			Support: swapscout.SupportContact{URL: "https://exolix.com/contact", Source: "exolix.com"}},
	}
	var sw *swapscout.Swap
	fs := &fakeSwaps{GetFn: func(string) (*swapscout.Swap, []swapscout.SwapEvent, error) { return sw, nil, nil }}
	h := httpapi.NewHandler(httpapi.Deps{Quotes: &fakeQuotes{QuoteFn: twoOffers}, Store: inmem.New(inmem.Options{}),
		Venues: func() []swapscout.VenueInfo { return venues }, Now: func() time.Time { return now }, Swaps: fs})
	page := func() string {
		t.Helper()
		resp := get(h, "/swap/"+sw.ID)
		if resp.Status != 200 {
			t.Fatalf("status %d:\n%s", resp.Status, resp.Body)
		}
		return string(resp.Body)
	}
	// section is the page's text from the element with id on, to the end
	// of its block (the next part, leg or section).
	section := func(body, id, end string) string {
		t.Helper()
		i := strings.Index(body, `id="`+id+`"`)
		if i < 0 {
			t.Fatalf("no %s on the page", id)
		}
		rest := body[i:]
		if j := strings.Index(rest[1:], end); j >= 0 {
			rest = rest[:j+1]
		}
		return rest
	}

	p1 := sampleSwap(swapscout.StatusWaiting)
	p1.ID, p1.VenueOrder.ID, p1.DepositAddress, p1.Compose, p1.Leg = "s"+strings.Repeat("a", 26), "cn-part-1", "bc1qpartonedeposit", swapscout.ComposeSplit, 1
	p2 := sampleSwap(swapscout.StatusWaiting)
	p2.ID, p2.Venue, p2.VenueOrder.ID, p2.DepositAddress, p2.Compose, p2.Leg = "s"+strings.Repeat("b", 26), "exolix", "ex-part-2", "bc1qparttwodeposit", swapscout.ComposeSplit, 2
	split := *p1
	split.Venue, split.DepositAddress, split.Legs = "split:changenow+exolix", "", []*swapscout.Swap{p1, p2}
	sw = &split
	body := page()
	for n, addr := range map[string]string{"1": p1.DepositAddress, "2": p2.DepositAddress} {
		part := section(body, "part-"+n, `class="part"`)
		if !strings.Contains(part, `id="part-`+n+`-qr"`) || !strings.Contains(part, "<svg") || !strings.Contains(part, addr) {
			t.Errorf("part %s has no QR code of its own beside its address:\n%s", n, part)
		}
	}
	if strings.Count(body, "<svg") != 2 {
		t.Errorf("split page draws %d QR codes, want one per open part (2)", strings.Count(body, "<svg"))
	}
	for n, want := range map[string][]string{
		"1": {"Part 1: ChangeNOW, order", "cn-part-1", "mailto:support@changenow.io", "Order id: cn-part-1\n", "Deposit address: bc1qpartonedeposit"},
		"2": {"Part 2: Exolix, order", "ex-part-2", `href="https://exolix.com/contact"`, "Order id: ex-part-2\n", "Deposit address: bc1qparttwodeposit"},
	} {
		s := section(body, "support-part-"+n, `class="leg-support"`)
		for _, w := range want {
			if !strings.Contains(s, w) {
				t.Errorf("part %s's support lacks %q:\n%s", n, w, s)
			}
		}
	}
	// A part over shows neither its deposit nor a code for it.
	p2.Status, p2.PayoutTx = swapscout.StatusFinished, "0xpaid"
	body = page()
	if strings.Contains(section(body, "part-2", `class="part"`), "<svg") || strings.Count(body, "<svg") != 1 {
		t.Errorf("a finished part still has a QR code:\n%s", section(body, "part-2", `class="part"`))
	}

	// A route: leg 2 at another venue, its own order, refunding to the
	// bridge refund address.
	usdt := swapscout.Asset{Ticker: "usdt", Network: "trx"}
	l1 := sampleSwap(swapscout.StatusFinished)
	l1.To, l1.VenueOrder.ID, l1.PayoutAddress, l1.Compose, l1.Leg = usdt, "cn-leg-1", "TLegTwoDeposit", swapscout.ComposeRoute, 1
	l2 := sampleSwap(swapscout.StatusExchanging)
	l2.ID, l2.Venue, l2.From, l2.VenueOrder.ID, l2.DepositAddress, l2.RefundAddress = "s"+strings.Repeat("c", 26), "exolix", usdt, "ex-leg-2", "TLegTwoDeposit", "TBridgeRefund"
	l2.Compose, l2.Leg = swapscout.ComposeRoute, 2
	route := *l1
	route.Venue, route.Status, route.To, route.Legs = "changenow>usdt@trx>exolix", swapscout.StatusExchanging, l2.To, []*swapscout.Swap{l1, l2}
	sw = &route
	body = page()
	for n, want := range map[string][]string{
		"1": {"Leg 1: ChangeNOW, order", "mailto:support@changenow.io", "Order id: cn-leg-1\n", "Payout address: TLegTwoDeposit"},
		"2": {"Leg 2: Exolix, order", `href="https://exolix.com/contact"`, "Order id: ex-leg-2\n", "Refund address: TBridgeRefund", "Asked to send", "USDT"},
	} {
		s := section(body, "support-leg-"+n, `class="leg-support"`)
		for _, w := range want {
			if !strings.Contains(s, w) {
				t.Errorf("leg %s's support lacks %q:\n%s", n, w, s)
			}
		}
	}
	if !strings.Contains(body, "Write to the venue of the leg that stalls") {
		t.Errorf("the route's support section does not say whom to write to")
	}
}
