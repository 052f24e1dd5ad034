package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"
)

// offerMarks is what an offer row says of its custody and deposit, as
// shown: each visible badge's class and text, and what the Swap button
// is described by.
type offerMarks struct {
	Venue     string
	Badges    []string // "class: text"
	Described string   // the text the Swap button's aria-describedby points at
}

const readMarks = `Array.from(document.querySelectorAll('#offer-rows tr')).map(tr => {
  const a = tr.querySelector('a.swap'), d = a && a.getAttribute('aria-describedby');
  return {Venue: tr.dataset.venue,
    Badges: Array.from(tr.querySelectorAll('.badge')).filter(b => b.getBoundingClientRect().width > 0)
      .map(b => b.className + ': ' + b.textContent.trim()),
    Described: d ? (document.getElementById(d) || {textContent: 'missing #' + d}).textContent.trim() : ''};
})`

// TestBrowserOfferMarks: before an offer is picked, the results page marks
// the non-custodial venues and warns, visibly and to a screen reader (the
// Swap button is described by the warning), of a deposit that must carry
// the memo inside its transaction (THORChain, Maya) — the same with
// JavaScript (the rows the script renders from the stream) and without (the
// server's rows), at desktop and phone widths.
func TestBrowserOfferMarks(t *testing.T) {
	ctx := browser(t)
	url := startDemo(t, "--latency", "20ms", "--latency-tail", "0.01", "--cache-window", "30s")
	ctx, cancel := context.WithTimeout(ctx, 40*time.Second)
	defer cancel()
	console := watchConsole(ctx)
	err := chromedp.Do(ctx,
		chromedp.Navigate(url+"/"),
		chromedp.SetValue(chromedp.ID("from"), "btc"),
		chromedp.SetValue(chromedp.ID("to"), "eth"),
		chromedp.SendKeys(chromedp.ID("amount"), "0.1"+kb.Enter),
	)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[string](`document.getElementById('results').dataset.quote || null`,
		chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		t.Fatalf("the results never completed: %v\n%s", err, pageText(ctx))
	}
	js, err := chromedp.Run(ctx, chromedp.Evaluate[[]offerMarks](readMarks))
	if err != nil {
		t.Fatal(err)
	}
	const memo = "badge memo-deposit: ⚠ memo in the transaction — many wallets cannot add one"
	byVenue := map[string]offerMarks{}
	for _, m := range js {
		byVenue[m.Venue] = m
	}
	for _, v := range []string{"thorchain", "maya"} {
		m, ok := byVenue[v]
		if !ok {
			t.Errorf("no offer from %s: %+v", v, js)
			continue
		}
		if !cmp.Equal(m.Badges, []string{"badge custody: non-custodial", memo}) || !strings.HasPrefix(m.Described, "⚠ memo in the transaction") {
			t.Errorf("%s's row (with JavaScript): %+v", v, m)
		}
	}
	if m, ok := byVenue["changenow"]; !ok || len(m.Badges) != 0 || m.Described != "" {
		t.Errorf("ChangeNOW's row (custodial, a plain transfer): %+v, %v", m, ok)
	}
	if m, ok := byVenue["chainflip"]; ok && !cmp.Equal(m.Badges, []string{"badge custody: non-custodial"}) {
		t.Errorf("Chainflip's row (non-custodial, a plain transfer): %+v", m)
	}
	// At a phone's width the marks wrap inside the page.
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(320, 700)); err != nil {
		t.Fatal(err)
	}
	if w, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[window.innerWidth, document.documentElement.scrollWidth]`)); err != nil || len(w) != 2 || w[1] > 320 {
		t.Errorf("with JavaScript at 320 px, [viewport, page] widths are %v (%v)", w, err)
	}

	// Without JavaScript, in another tab: the server's rows (the same quote,
	// from the cache window) carry the same marks.
	nctx, ncancel := chromedp.NewContext(ctx)
	defer ncancel()
	nconsole := watchConsole(nctx)
	if _, err := chromedp.Call(nctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(nctx, chromedp.EmulateViewport(320, 700), chromedp.Navigate(url+"/quote?from=btc&to=eth&amount=0.1")); err != nil {
		t.Fatal(err)
	}
	if w, err := chromedp.Run(nctx, chromedp.Evaluate[[]int](`[window.innerWidth, document.documentElement.scrollWidth]`)); err != nil || len(w) != 2 || w[1] > 320 {
		t.Errorf("without JavaScript at 320 px, [viewport, page] widths are %v (%v)", w, err)
	}
	nojs, err := chromedp.Run(nctx, chromedp.Evaluate[[]offerMarks](readMarks))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(js, nojs); diff != "" {
		t.Errorf("the marks with JavaScript (-) and without (+) differ:\n%s", diff)
	}
	if errs := append(console(), nconsole()...); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// TestBrowserMemoSwapDeposit: a THORChain swap made from the page, without
// JavaScript, keeps its memo warning on its page and offers the deposit
// transaction form; a malformed id comes back beside the field, a good one
// is recorded and shown on the page the form redirects to.
func TestBrowserMemoSwapDeposit(t *testing.T) {
	ctx := browser(t)
	url := startDemo(t, "--latency", "20ms", "--track-interval", "500ms", "--data-dir", t.TempDir())
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	console := watchConsole(ctx)
	if _, err := chromedp.Call(ctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/quote?from=btc&to=eth&amount=0.1")); err != nil {
		t.Fatal(err)
	}
	href, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS(`#offer-rows tr[data-venue="thorchain"] a.swap`), "href"))
	if err != nil || href.Value == "" {
		t.Fatalf("THORChain's Swap link %q (%v)\n%s", href.Value, err, pageText(ctx))
	}
	err = chromedp.Do(ctx,
		chromedp.Navigate(url+href.Value),
		chromedp.SendKeys(chromedp.ID("payout_address"), pageETHAddress),
		chromedp.SendKeys(chromedp.ID("refund_address"), pageBTCAddress),
		chromedp.Click(chromedp.ID("memo_confirm")), // the wallet can add the memo (TestBrowserMemoConfirmation)
		chromedp.Click(chromedp.ID("swap-submit")),
		chromedp.WaitVisible(chromedp.ID("deposit-tx-form")))
	if err != nil {
		t.Fatalf("the THORChain swap's page: %v\n%s", err, pageText(ctx))
	}
	text := pageText(ctx)
	if !strings.Contains(text, "The memo must be inside your deposit transaction") || !strings.Contains(text, "Already sent? Give the deposit transaction id") {
		t.Errorf("the memo swap's page:\n%s", text)
	}
	swapURL, _ := chromedp.Run(ctx, chromedp.Location())

	err = chromedp.Do(ctx,
		chromedp.SendKeys(chromedp.ID("tx_id"), "not-a-tx"),
		chromedp.Submit(chromedp.ID("tx_id")),
		chromedp.WaitVisible(chromedp.ID("tx_id-error")))
	if err != nil {
		t.Fatalf("a malformed tx id: %v\n%s", err, pageText(ctx))
	}
	st, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[document.getElementById('tx_id-error').textContent, document.getElementById('tx_id').value, document.getElementById('tx_id').getAttribute('aria-invalid')]`))
	if err != nil || len(st) != 3 || !strings.Contains(st[0], "not-a-tx") || st[1] != "not-a-tx" || st[2] != "true" {
		t.Errorf("the field after a malformed tx id: %q (%v)", st, err)
	}

	const tx = "A1B2C3D4E5F60718293A4B5C6D7E8F90A1B2C3D4E5F60718293A4B5C6D7E8F90"
	err = chromedp.Do(ctx,
		chromedp.SetValue(chromedp.ID("tx_id"), tx),
		chromedp.Submit(chromedp.ID("tx_id")),
		chromedp.WaitVisible(chromedp.ID("deposit-tx")))
	if err != nil {
		t.Fatal(err)
	}
	loc, _ := chromedp.Run(ctx, chromedp.Location())
	got, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("deposit-tx")))
	if err != nil || loc != swapURL || !strings.EqualFold(strings.TrimSpace(got), tx) {
		t.Errorf("after recording: at %q (want %q), deposit transaction %q (%v)\n%s", loc, swapURL, got, err, pageText(ctx))
	}
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#deposit-tx-form').length`)); n != 0 {
		t.Error("the form is still shown once the deposit is recorded")
	}
	for _, e := range console() {
		if !strings.Contains(e, "status of 400") {
			t.Errorf("console: %s", e)
		}
	}
}
