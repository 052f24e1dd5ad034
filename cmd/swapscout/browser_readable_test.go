package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/swapscout/swapscout/internal/tier"
)

// readableRow is what an offer row shows: its amount and that amount's
// title (the exact value), its distance from the best, rate and estimate.
type readableRow struct {
	Venue, Amount, Title, Worse, Rate, Inverse, ETA string
}

const readRows = `Array.from(document.querySelectorAll('#offer-rows tr')).map(tr => ({
  Venue: tr.dataset.venue, Amount: tr.querySelector('.amount').textContent, Title: tr.querySelector('.amount').title,
  Worse: tr.querySelector('.worse').textContent, Rate: tr.querySelector('.rate').textContent,
  Inverse: (tr.querySelector('.rate .inverse') || {textContent: ''}).textContent, ETA: tr.querySelector('.eta').textContent}))`

// TestBrowserReadableOffers: the rows the script renders from the stream
// read like the server's — amounts at the asset's precision with the exact
// value in the title, "best" and the distance from it, the rate with units
// and inverse — and the swap form of a BTC→XMR offer has no memo fields
// but says how long the prices hold and what the venue is.
func TestBrowserReadableOffers(t *testing.T) {
	tier.E2E(t)
	ctx := browser(t)
	url := startDemo(t, "--latency", "20ms", "--latency-tail", "0.01", "--data-dir", t.TempDir())
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx,
		chromedp.Navigate(url+"/"),
		chromedp.SetValue(chromedp.ID("from"), "btc"),
		chromedp.SetValue(chromedp.ID("to"), "xmr"),
		chromedp.SendKeys(chromedp.ID("amount"), "0.1"+kb.Enter),
	); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[string](`document.getElementById('results').dataset.quote || null`,
		chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		t.Fatalf("the results never completed: %v\n%s", err, pageText(ctx))
	}
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]readableRow](readRows))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) < 5 {
		t.Fatalf("%d offers: %+v", len(rows), rows)
	}
	for _, r := range rows {
		amount := strings.NewReplacer("\u202f", "", "\u00a0", " ").Replace(r.Amount)
		num, _, _ := strings.Cut(amount, " ")
		if _, frac, ok := strings.Cut(num, "."); ok && len(frac) > 10 {
			t.Errorf("%s: %q has more than 10 decimals", r.Venue, r.Amount)
		}
		if !strings.HasSuffix(r.Title, " XMR") || !strings.HasPrefix(strings.ReplaceAll(r.Title, ".", ""), strings.ReplaceAll(strings.TrimRight(num, "0"), ".", "")) {
			t.Errorf("%s: shown %q, title %q: the title is not the exact amount", r.Venue, r.Amount, r.Title)
		}
		if !strings.HasPrefix(r.Rate, "1\u00a0BTC = ") || !strings.HasPrefix(r.Inverse, "1\u00a0XMR = ") {
			t.Errorf("%s: rate %q, inverse %q", r.Venue, r.Rate, r.Inverse)
		}
		if r.Worse != "best" && r.Worse != "" && !strings.HasPrefix(r.Worse, "\u2212") {
			t.Errorf("%s: worse %q", r.Venue, r.Worse)
		}
	}
	href, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#offer-rows a.swap[href]').getAttribute('href')`))
	if err != nil {
		t.Fatal(err)
	}
	type form struct {
		Memos    int
		Validity string
		Facts    string
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url+href)); err != nil {
		t.Fatal(err)
	}
	f, err := chromedp.Run(ctx, chromedp.Evaluate[form](`({Memos: document.querySelectorAll('[name=payout_memo],[name=refund_memo]').length,
  Validity: (document.getElementById('validity') || {textContent: ''}).textContent,
  Facts: (document.getElementById('venue-facts') || {textContent: ''}).textContent})`))
	if err != nil {
		t.Fatal(err)
	}
	if f.Memos != 0 || !strings.HasPrefix(f.Validity, "for ") || !strings.Contains(f.Facts, "Custody") || !strings.Contains(f.Facts, "Terms") {
		t.Errorf("the BTC→XMR swap form: %+v\n%s", f, pageText(ctx))
	}
}
