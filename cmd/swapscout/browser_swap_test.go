package main

import (
	"context"
	"github.com/swapscout/swapscout/internal/tier"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Addresses the address checks accept: BIP173's and EIP-55's published examples.
const (
	pageBTCAddress = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
	pageETHAddress = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
)

// swapDemo starts a demo with a swap database whose swaps pay themselves
// after a second, then spend stage (drawn 0.5–1.5×, halved for the demo's
// low latency) in each of confirming, exchanging and sending, and are
// polled at their venue every half second.
func swapDemo(t *testing.T, stage time.Duration) string {
	tier.E2E(t) // starts a whole server: the end-to-end tier
	t.Helper()
	return startDemo(t, "--latency", "20ms", "--auto-pay", "1s", "--swap-stage", stage.String(), "--track-interval", "500ms", "--data-dir", t.TempDir())
}

// openSwapForm goes from the results to the swap form of the best direct
// offer a venue can make a swap for (order books only give prices; a
// route's form asks a bridge refund address too: TestBrowserRouteSwap)
// with a plain transfer deposit (a memo deposit's form asks more), and
// returns the form's address.
func openSwapForm(t *testing.T, tab context.Context, url string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(tab, 20*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/quote?from=btc&to=eth&amount=0.1")); err != nil {
		t.Fatalf("the results: %v\n%s", err, pageText(tab))
	}
	href, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(`#offer-rows tr:not([data-venue*=">"]) a.swap:not([aria-describedby])`), "href"))
	if err != nil || !strings.HasPrefix(href.Value, "/swap/new?") {
		t.Fatalf("first Swap link %q (%v)\n%s", href.Value, err, pageText(tab))
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url+href.Value), chromedp.WaitVisible(chromedp.ID("payout_address"))); err != nil {
		t.Fatalf("the swap form: %v\n%s", err, pageText(tab))
	}
	return href.Value
}

// pageText is where the tab is and what its page says, for a failure's message.
func pageText(tab context.Context) string {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(tab), 5*time.Second)
	defer cancel()
	loc, _ := chromedp.Run(ctx, chromedp.Location())
	text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText : ''`))
	return "at " + loc + ":\n" + text
}

type fieldState struct {
	Error, Value, Invalid, DescribedBy string
	Beside                             bool // the error is in the field's own box, right after its input
}

const readPayoutField = `(() => {
  const i = document.getElementById('payout_address'), e = document.getElementById('payout_address-error');
  return {Error: e ? e.textContent : '', Value: i.value, Invalid: i.getAttribute('aria-invalid') || '',
    DescribedBy: i.getAttribute('aria-describedby') || '', Beside: !!e && e.parentElement === i.parentElement && i.nextElementSibling === e};
})()`

// TestBrowserSwapAddressError: a payout address the API's checks refuse
// comes back beside its field, with what the user typed kept, with and
// without JavaScript.
func TestBrowserSwapAddressError(t *testing.T) {
	ctx := browser(t)
	url := swapDemo(t, 300*time.Millisecond)
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	// With and without JavaScript side by side, each in a tab of its own.
	t.Run("both", func(t *testing.T) {
		for _, js := range []bool{true, false} {
			t.Run(map[bool]string{true: "js", false: "nojs"}[js], func(t *testing.T) {
				t.Parallel()
				addressError(t, ctx, url, js)
			})
		}
	})
}

// addressError sends the swap form a payout address with a bad checksum,
// with JavaScript or without, and checks the error comes back beside it.
func addressError(t *testing.T, ctx context.Context, url string, js bool) {
	tab, tcancel := chromedp.NewContext(ctx)
	defer tcancel()
	console := watchConsole(tab)
	if !js {
		if _, err := chromedp.Call(tab, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
			t.Fatal(err)
		}
	}
	openSwapForm(t, tab, url)
	const bad = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD" // one letter's case off: a bad EIP-55 checksum
	err := chromedp.Do(tab,
		chromedp.SendKeys(chromedp.ID("payout_address"), bad),
		chromedp.SendKeys(chromedp.ID("refund_address"), pageBTCAddress),
		chromedp.Click(chromedp.ID("swap-submit")),
		chromedp.WaitVisible(chromedp.ID("payout_address-error")))
	if err != nil {
		t.Fatalf("js=%v: %v\n%s", js, err, pageText(tab))
	}
	st, err := chromedp.Run(tab, chromedp.Evaluate[fieldState](readPayoutField))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(st.Error, "checksum") || !st.Beside || st.Value != bad ||
		st.Invalid != "true" || !strings.Contains(st.DescribedBy, "payout_address-error") {
		t.Errorf("js=%v: payout field after a bad address: %+v", js, st)
	}
	refund, err := chromedp.Run(tab, chromedp.Value(chromedp.ID("refund_address")))
	if err != nil || refund != pageBTCAddress {
		t.Errorf("js=%v: the refund address came back as %q (%v)", js, refund, err)
	}
	// The form's 400 is the browser's own console line; the page adds none.
	for _, e := range console() {
		if !strings.Contains(e, "status of 400") || !strings.HasSuffix(e, "/swap/new") {
			t.Errorf("js=%v: console: %s", js, e)
		}
	}
}

type swapState struct {
	Status, Heading, Deposit, Amount, VenueStatus, Received string
	QR, Steps                                               int
	Refresh                                                 bool // the page would refresh itself without scripts
}

const readSwap = `(() => {
  const s = document.getElementById('swap'), t = id => (document.getElementById(id) || {}).textContent || '';
  return {Status: s ? s.dataset.status : '', Heading: t('status-text'), Deposit: t('deposit-address'), Amount: t('send-amount'),
    VenueStatus: t('venue-status'), Received: t('received').trim(), QR: document.querySelectorAll('.qr svg path').length,
    Steps: document.querySelectorAll('#steps .step.done').length,
    Refresh: Array.from(document.querySelectorAll('noscript')).some(n => n.textContent.includes('refresh'))};
})()`

// (goleak checks these tests with the package's others: main_test.go's TestMain.)

// TestBrowserSwapFlow: from the results to a finished swap through the page,
// against the demo's simulator (which pays each order itself): the form
// makes the swap and redirects to its page, which shows where to send what,
// with a QR code, and follows the swap to "finished" — live over the event
// stream with JavaScript, by refreshing itself without — with no console
// errors.
func TestBrowserSwapFlow(t *testing.T) {
	ctx := browser(t)
	// Stages of 1–3 s, polled every half second: the page sees each step.
	url := swapDemo(t, 4*time.Second)
	ctx, cancel := context.WithTimeout(ctx, 100*time.Second)
	defer cancel()
	t.Run("both", func(t *testing.T) {
		for _, js := range []bool{true, false} {
			t.Run(map[bool]string{true: "js", false: "nojs"}[js], func(t *testing.T) {
				t.Parallel()
				swapFlow(t, ctx, url, js)
			})
		}
	})
}

// swapFlow makes a swap through the page in a tab of its own, with
// JavaScript or without, and follows it to its end.
func swapFlow(t *testing.T, ctx context.Context, url string, js bool) {
	tab, tcancel := chromedp.NewContext(ctx)
	defer tcancel()
	console := watchConsole(tab)
	if !js { // and on a 320 px phone
		if _, err := chromedp.Call(tab, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(tab, chromedp.EmulateViewport(320, 700)); err != nil {
			t.Fatal(err)
		}
	}
	narrow := func(page string) {
		t.Helper()
		if js {
			return
		}
		if w, err := chromedp.Run(tab, chromedp.Evaluate[[]int](`[window.innerWidth, document.documentElement.scrollWidth]`)); err != nil || len(w) != 2 || w[0] != 320 || w[1] > 320 {
			t.Errorf("%s at 320 px: [viewport, page] widths are %v (%v)", page, w, err)
		}
	}
	// Each tab pays out to its own address: at a memo venue (THORChain,
	// Maya) the deposit is found by the payout address, and two equal
	// swaps to one address cannot be told apart (both keep waiting).
	payout := pageETHAddress
	if !js {
		payout = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359" // EIP-55 vector
	}
	openSwapForm(t, tab, url)
	narrow("the swap form")
	err := chromedp.Do(tab,
		chromedp.SendKeys(chromedp.ID("payout_address"), payout),
		chromedp.SendKeys(chromedp.ID("refund_address"), pageBTCAddress),
		chromedp.Click(chromedp.ID("swap-submit")),
		chromedp.WaitVisible(chromedp.ID("swap")))
	if err != nil {
		t.Fatalf("js=%v: %v\n%s", js, err, pageText(tab))
	}
	loc, err := chromedp.Run(tab, chromedp.Location())
	if err != nil || !strings.HasPrefix(loc, url+"/swap/") || strings.HasPrefix(loc, url+"/swap/new") {
		t.Fatalf("js=%v: after the form the browser is at %q (%v), want the swap's page", js, loc, err)
	}
	first, err := chromedp.Run(tab, chromedp.Evaluate[swapState](readSwap))
	if err != nil {
		t.Fatal(err)
	}
	if first.Deposit == "" || first.Amount == "" || first.QR != 1 || first.Status == "" {
		t.Errorf("js=%v: the new swap's page: %+v", js, first)
	}
	narrow("the swap page")
	// The swap runs to its end by itself; the page follows it. With
	// JavaScript the steps between move in place, without a reload (the
	// marker set now stays); the end reloads the page.
	if js {
		if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](`window.swapscoutTestMarker = true`)); err != nil {
			t.Fatal(err)
		}
	}
	var st swapState
	live := false
	for deadline := time.Now().Add(45 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		st, err = chromedp.Run(tab, chromedp.Evaluate[swapState](readSwap))
		if err == nil && st.Status == "finished" {
			break
		}
		if js && err == nil && st.Status != first.Status && st.Status != "" {
			if m, err := chromedp.Run(tab, chromedp.Evaluate[bool](`window.swapscoutTestMarker === true`)); err == nil && m {
				live = true
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("js=%v: the page never showed the swap finished: %+v (%v)", js, st, err)
		}
	}
	if js && !live {
		t.Errorf("the page never moved to another step in place (status %q, then %q)", first.Status, st.Status)
	}
	// Over: the deposit address and its QR code are gone.
	if st.Steps != 5 || !strings.HasPrefix(st.Heading, "Finished") || st.Refresh || st.Deposit != "" || st.QR != 0 || !strings.HasSuffix(st.Received, "ETH") {
		t.Errorf("js=%v: the finished swap's page: %+v", js, st)
	}
	if errs := console(); len(errs) > 0 {
		t.Errorf("js=%v: console errors:\n%s", js, strings.Join(errs, "\n"))
	}
}
