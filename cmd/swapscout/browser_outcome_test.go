package main

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

type outcomePage struct {
	Status, Heading, HeadingClass, HeadingColor, Deposit, Received, Late, Refund, Short, Packet, Contact string
	QR                                                                                                   int
}

const readOutcomePage = `(() => {
  const s = document.getElementById('swap'), t = id => ((document.getElementById(id) || {}).textContent || '').trim();
  const h = document.getElementById('status-text');
  return {Status: s ? s.dataset.status : '', Heading: t('status-text'), HeadingClass: h ? h.className : '',
    HeadingColor: h ? getComputedStyle(h).color : '', Deposit: t('deposit-address'), Received: t('received'),
    Late: t('late'), Refund: t('refund'), Short: t('shortfall'), Packet: t('support-packet'),
    Contact: (document.querySelector('#support-contact a[href^="mailto:"]') || {}).textContent || '',
    QR: document.querySelectorAll('.qr svg').length};
})()`

// TestBrowserSwapOutcome: the swap page shows what arrived, with and
// without JavaScript, on the demo's simulator set to end FixedFloat's swaps
// 30 % short, hold StealthEX's for verification and refund ChangeNOW's:
// the short swap is red and says so, never "paid out"; the held one says it
// is held and, past the venue's usual time (--late-after 2s), late, with
// what is normal and what to do; the refund shows its transaction; each
// page offers the support packet with the venue's contact, and none shows
// its deposit address once the swap is over. With JavaScript the page
// follows the swap there by itself (the end and the late mark reload it).
func TestBrowserSwapOutcome(t *testing.T) {
	ctx := browser(t)
	url := startDemo(t, "--latency", "20ms", "--auto-pay", "1s", "--swap-stage", "600ms", "--track-interval", "300ms",
		"--late-after", "2s", "--data-dir", t.TempDir(), "--swap-outcome", "fixedfloat=short:0.3,stealthex=hold,changenow=refund")
	ctx, cancel := context.WithTimeout(ctx, 120*time.Second)
	defer cancel()
	// With and without JavaScript side by side, each in a tab of its own
	// with swaps of its own: each mostly waits on the simulator's stages.
	t.Run("both", func(t *testing.T) {
		for _, js := range []bool{true, false} {
			t.Run(map[bool]string{true: "js", false: "nojs"}[js], func(t *testing.T) {
				t.Parallel()
				outcomeFlow(t, ctx, url, js)
			})
		}
	})
}

// outcomeFlow makes a short, a held and a refunded swap, and checks what
// their pages say, with JavaScript or without.
func outcomeFlow(t *testing.T, ctx context.Context, url string, js bool) {
	c := &http.Client{Timeout: 20 * time.Second}
	ids := map[string]string{}
	for _, v := range []string{"fixedfloat", "stealthex", "changenow"} {
		quoteID, _ := swapOffers(t, c, url, "from=btc&to=eth&amount=0.1&venues="+v, false)
		b, _ := json.Marshal(map[string]string{"quote_id": quoteID, "venue": v, "payout_address": pageETHAddress, "refund_address": pageBTCAddress})
		key := v + map[bool]string{true: "-js", false: "-nojs"}[js]
		st, created := postJSON(t, c, url+"/v1/swaps", key, "application/json", b)
		if st != 201 {
			t.Fatalf("create at %s: %d %s", v, st, created)
		}
		ids[v] = swapOf(created).ID
	}
	tab, tcancel := chromedp.NewContext(ctx)
	defer tcancel()
	console := watchConsole(tab)
	if !js {
		if _, err := chromedp.Call(tab, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
			t.Fatal(err)
		}
	}
	// until opens the swap's page and waits until it says what ok
	// wants: with JavaScript the page gets there by itself; without,
	// it is loaded again (as its own refresh would).
	until := func(id string, ok func(outcomePage) bool) outcomePage {
		t.Helper()
		if err := chromedp.Do(tab, chromedp.Navigate(url+"/swap/"+id), chromedp.WaitVisible(chromedp.ID("swap"))); err != nil {
			t.Fatalf("js=%v: %v", js, err)
		}
		var p outcomePage
		for deadline := time.Now().Add(40 * time.Second); ; time.Sleep(200 * time.Millisecond) {
			var err error
			if p, err = chromedp.Run(tab, chromedp.Evaluate[outcomePage](readOutcomePage)); err == nil && ok(p) {
				return p
			}
			if time.Now().After(deadline) {
				t.Fatalf("js=%v: swap %s's page never got there: %+v\n%s", js, id, p, pageText(tab))
			}
			if !js {
				time.Sleep(300 * time.Millisecond)
				_ = chromedp.Do(tab, chromedp.Reload(), chromedp.WaitVisible(chromedp.ID("swap")))
			}
		}
	}
	// The end reloads a page with JavaScript: until the reloaded page is
	// there (its support packet), the status may have moved in place alone.
	short := until(ids["fixedfloat"], func(p outcomePage) bool { return p.Status == "finished" && p.Packet != "" })
	if !strings.HasPrefix(short.Heading, "Finished, but short: 30") || short.HeadingClass != "status-short" || short.HeadingColor != "rgb(207, 34, 46)" ||
		!strings.Contains(short.Short, "ETH") || strings.Contains(short.Heading, "paid out") {
		t.Errorf("js=%v: the short swap's page: %+v", js, short)
	}
	late := until(ids["stealthex"], func(p outcomePage) bool { return p.Status == "held" && p.Late != "" })
	if late.Heading != "Held for verification" || !strings.Contains(late.Late, "StealthEX usually pays out within 2 s of the deposit") ||
		!strings.Contains(late.Late, "write to its support") || late.Contact != "support@stealthex.io" {
		t.Errorf("js=%v: the held, late swap's page: %+v", js, late)
	}
	refunded := until(ids["changenow"], func(p outcomePage) bool { return p.Status == "refunded" && p.Packet != "" })
	if !strings.Contains(refunded.Refund, "BTC in") || refunded.Contact != "support@changenow.io" {
		t.Errorf("js=%v: the refunded swap's page: %+v", js, refunded)
	}
	for name, p := range map[string]outcomePage{"short": short, "refunded": refunded} {
		if p.Deposit != "" || p.QR != 0 {
			t.Errorf("js=%v: the %s swap is over, yet its page shows its deposit address %q or QR code (%d)", js, name, p.Deposit, p.QR)
		}
		if !strings.Contains(p.Packet, "Order id:") || !strings.Contains(p.Packet, "Deposit transaction:") {
			t.Errorf("js=%v: the %s swap's support packet: %q", js, name, p.Packet)
		}
	}
	if errs := console(); len(errs) > 0 {
		t.Errorf("js=%v: console errors:\n%s", js, strings.Join(errs, "\n"))
	}
}
