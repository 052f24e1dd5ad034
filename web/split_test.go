package web

import (
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

// A split's swap page shows one deposit box per part waiting for its
// deposit (its own amount and address), a part that is over without one,
// and the note of a part not created; never the split's total as one
// deposit.
func TestSplitPage(t *testing.T) {
	btc, xmr := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	p1 := &swapscout.Swap{ID: "a", Venue: "one", From: btc, To: xmr, Status: swapscout.StatusWaiting, AmountIn: swapscout.MustAmount("0.9"),
		DepositAddress: "bc1qpartone", Compose: swapscout.ComposeSplit, Leg: 1}
	p2 := &swapscout.Swap{ID: "b", Venue: "two", From: btc, To: xmr, Status: swapscout.StatusRefunded, AmountIn: swapscout.MustAmount("0.6"),
		DepositAddress: "bc1qparttwo", RefundTx: "rtx", AmountRefunded: swapscout.MustAmount("0.6"), Compose: swapscout.ComposeSplit, Leg: 2}
	sw := *p1
	sw.Venue, sw.Status, sw.Legs, sw.DepositAddress = "split:one+two+three", swapscout.StatusWaiting, []*swapscout.Swap{p1, p2}, ""
	sw.AmountIn, sw.PartsPlanned, sw.PartsNote = swapscout.MustAmount("1.5"), 3, "part 3 (three) was not created: refused"
	v := NewSwapView(&sw, nil, map[string]string{"one": "One", "two": "Two"}, time.Now())
	b, err := Render("swap", v)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	for _, want := range []string{`id="part-1-address" class="addr">bc1qpartone`, `id="part-1-amount" class="num big">0.9`, `data-part="2" data-status="refunded"`,
		"This part no longer waits for a deposit", "in <code class=\"addr\">rtx</code>", "part 3 (three) was not created: refused", "at One &#43; Two"} {
		if !strings.Contains(page, want) {
			t.Errorf("split page lacks %q", want)
		}
	}
	if strings.Contains(page, "bc1qparttwo") || strings.Contains(page, `id="deposit-address"`) || strings.Contains(page, "1.5</span>") {
		t.Errorf("split page shows a deposit of a part that is over, or one deposit for the whole:\n%s", page)
	}
}
