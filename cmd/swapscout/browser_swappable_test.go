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

// TestBrowserSwappableFirst: the results rank what a person can take
// first, with JavaScript (rows rendered from the stream) and without (the
// server's rows), alike: USDT on Ethereum → ETH, where THORChain and Maya
// quote but take such deposits through a router contract only, so their
// offers follow every offer that can be swapped, without a Swap button,
// saying why; the exchanges' prices are apart, under their own heading,
// without a Swap button however good.
func TestBrowserSwappableFirst(t *testing.T) {
	ctx := browser(t)
	url := startDemo(t, "--latency", "20ms", "--latency-tail", "0.01", "--cache-window", "30s")
	ctx, cancel := context.WithTimeout(ctx, 40*time.Second)
	defer cancel()
	console := watchConsole(ctx)
	err := chromedp.Do(ctx,
		chromedp.Navigate(url+"/"),
		chromedp.SetValue(chromedp.ID("from"), "usdt"),
		chromedp.SetValue(chromedp.ID("to"), "eth"),
		chromedp.SendKeys(chromedp.ID("amount"), "500"+kb.Enter),
	)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[string](`document.getElementById('results').dataset.quote || null`,
		chromedp.WithPollingTimeout(15*time.Second))); err != nil {
		t.Fatalf("the results never completed: %v\n%s", err, pageText(ctx))
	}
	const readArranged = `(() => ({
  Page: ` + readPage + `,
  NoSwap: Array.from(document.querySelectorAll('#offer-rows tr[data-can-swap="false"]')).map(tr =>
    tr.dataset.venue + ': ' + (tr.querySelector('a.swap') ? 'has a Swap button' : tr.querySelector('.no-swap').textContent.replace(/\s+/g, ' ').trim())),
  BookButtons: document.querySelectorAll('#book-rows a.swap').length,
  BooksTitle: document.getElementById('books-section').hidden ? '' : document.getElementById('books-title').textContent + ' ' +
    document.querySelector('#books-section .hint').textContent,
}))()`
	type arranged struct {
		Page        pageState
		NoSwap      []string
		BookButtons int
		BooksTitle  string
	}
	js, err := chromedp.Run(ctx, chromedp.Evaluate[arranged](readArranged))
	if err != nil {
		t.Fatal(err)
	}
	checkRanked(t, "with JavaScript", js.Page.Rows)
	for _, v := range []string{"thorchain", "maya"} {
		want := v + ": no swap here"
		if !strings.Contains(strings.Join(js.NoSwap, "\n"), want) {
			t.Errorf("no row says %q: %q", want, js.NoSwap)
		}
	}
	for _, line := range js.NoSwap {
		if strings.Contains(line, "Swap button") || !strings.Contains(line, "router contract") {
			t.Errorf("a row that cannot be swapped: %q", line)
		}
	}
	books := 0
	for _, r := range js.Page.Rows {
		if r.Table == "book" {
			books++
		}
		if r.Table == "offer" && r.CanSwap == "true" && strings.Contains(r.Text, "no swap here") {
			t.Errorf("swappable row %s says no swap: %s", r.Venue, r.Text)
		}
	}
	if books < 5 || js.BookButtons != 0 || js.BooksTitle != "Prices on exchanges, for comparison They need an account there: these are not swaps this site can make for you." {
		t.Errorf("exchange prices: %d rows, %d Swap buttons, heading %q", books, js.BookButtons, js.BooksTitle)
	}
	if js.Page.Rows[0].CanSwap != "true" || js.Page.Rows[0].Table != "offer" {
		t.Errorf("first row %+v, want an offer that can be swapped", js.Page.Rows[0])
	}

	// Without JavaScript, in another tab: the server arranges the same
	// quote (from the cache window) the same way.
	nctx, ncancel := chromedp.NewContext(ctx)
	defer ncancel()
	nconsole := watchConsole(nctx)
	if _, err := chromedp.Call(nctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(nctx, chromedp.EmulateViewport(320, 700), chromedp.Navigate(url+"/quote?from=usdt&to=eth&amount=500")); err != nil {
		t.Fatal(err)
	}
	nojs, err := chromedp.Run(nctx, chromedp.Evaluate[arranged](readArranged))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(js, nojs); diff != "" {
		t.Errorf("the results with JavaScript (-) and without (+) differ:\n%s", diff)
	}
	if w, err := chromedp.Run(nctx, chromedp.Evaluate[[]int](`[window.innerWidth, document.documentElement.scrollWidth]`)); err != nil || len(w) != 2 || w[1] > 320 {
		t.Errorf("without JavaScript at 320 px, [viewport, page] widths are %v (%v)", w, err)
	}
	if errs := append(console(), nconsole()...); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// TestBrowserMemoConfirmation: the Swap button of a memo-deposit offer
// (THORChain) leads to a form that asks whether the wallet can put the memo
// inside the deposit transaction, and says the memo's price limit; sent
// without the box ticked, the form comes back with the question marked
// and nothing is made; ticked, the swap is made. With JavaScript and
// without, at a phone's width.
func TestBrowserMemoConfirmation(t *testing.T) {
	ctx := browser(t)
	url := startDemo(t, "--latency", "20ms", "--auto-pay", "0", "--data-dir", t.TempDir())
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	for _, js := range []bool{true, false} {
		tab, tcancel := chromedp.NewContext(ctx)
		console := watchConsole(tab)
		if !js {
			if _, err := chromedp.Call(tab, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Do(tab, chromedp.EmulateViewport(320, 700)); err != nil {
				t.Fatal(err)
			}
		}
		if err := chromedp.Do(tab, chromedp.Navigate(url+"/quote?from=btc&to=eth&amount=0.1")); err != nil {
			t.Fatal(err)
		}
		href, err := chromedp.Run(tab, chromedp.AttributeValue(chromedp.CSS(`#offer-rows tr[data-venue="thorchain"] a.swap`), "href"))
		if err != nil || href.Value == "" {
			t.Fatalf("js=%v: THORChain's Swap link %q (%v)\n%s", js, href.Value, err, pageText(tab))
		}
		payout := map[bool]string{true: pageETHAddress, false: "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"}[js]
		err = chromedp.Do(tab,
			chromedp.Navigate(url+href.Value),
			chromedp.SendKeys(chromedp.ID("payout_address"), payout),
			chromedp.SendKeys(chromedp.ID("refund_address"), pageBTCAddress),
			chromedp.Click(chromedp.ID("swap-submit")),
			chromedp.WaitVisible(chromedp.ID("memo_confirm-error")))
		if err != nil {
			t.Fatalf("js=%v: the form sent without the box: %v\n%s", js, err, pageText(tab))
		}
		st, err := chromedp.Run(tab, chromedp.Evaluate[[]string](`[document.getElementById('memo_confirm-error').textContent,
			document.getElementById('memo_confirm').getAttribute('aria-invalid') || '', document.getElementById('payout_address').value,
			document.getElementById('memo-limit').textContent, location.pathname]`))
		if err != nil || len(st) != 5 || !strings.Contains(st[0], "Confirm that your wallet can put the memo inside the deposit transaction") ||
			st[1] != "true" || st[2] != payout || !strings.Contains(st[3], "The memo carries a price limit: if THORChain would pay out less than") ||
			st[4] != "/swap/new" {
			t.Errorf("js=%v: the form after it was sent without the box: %q (%v)", js, st, err)
		}
		err = chromedp.Do(tab,
			chromedp.Click(chromedp.ID("memo_confirm")),
			chromedp.Click(chromedp.ID("swap-submit")),
			chromedp.WaitVisible(chromedp.ID("deposit-memo")))
		if err != nil {
			t.Fatalf("js=%v: the form sent with the box: %v\n%s", js, err, pageText(tab))
		}
		memo, err := chromedp.Run(tab, chromedp.Text(chromedp.ID("deposit-memo")))
		if err != nil || !strings.HasPrefix(memo, "=:") || !strings.Contains(memo, ":"+payout+":") {
			t.Errorf("js=%v: the swap's memo %q (%v)", js, memo, err)
		}
		if !js {
			if w, err := chromedp.Run(tab, chromedp.Evaluate[[]int](`[window.innerWidth, document.documentElement.scrollWidth]`)); err != nil || len(w) != 2 || w[1] > 320 {
				t.Errorf("the memo swap's page at 320 px: [viewport, page] widths are %v (%v)", w, err)
			}
		}
		for _, e := range console() {
			if !strings.Contains(e, "status of 400") {
				t.Errorf("js=%v: console: %s", js, e)
			}
		}
		tcancel()
	}
}
