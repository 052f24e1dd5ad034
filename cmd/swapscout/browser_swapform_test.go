package main

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/swapscout/swapscout/internal/tier"
)

// TestBrowserSwapFormCountsAndRequotes: a fixed-rate offer's swap form
// counts its quote down with the script ("1:59 more") and says how long the
// venue holds a fixed rate once the swap is made; a Swap link whose quote is
// gone (a results page left open past its expiry) asks the venues again in
// place and says so, with a form for the fresh quote, never the dead end.
func TestBrowserSwapFormCountsAndRequotes(t *testing.T) {
	tier.E2E(t)
	ctx := browser(t)
	url := startDemo(t, "--latency", "20ms", "--latency-tail", "0.01", "--data-dir", t.TempDir())
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/quote?from=btc&to=eth&amount=0.1&rate=fixed")); err != nil {
		t.Fatal(err)
	}
	href, err := chromedp.Run(ctx, chromedp.Poll[string](`(document.querySelector('#offer-rows a.swap[href]') || {}).getAttribute ? document.querySelector('#offer-rows a.swap[href]').getAttribute('href') : null`,
		chromedp.WithPollingTimeout(20*time.Second)))
	if err != nil {
		t.Fatalf("no Swap link: %v\n%s", err, pageText(ctx))
	}
	if !strings.Contains(href, "request=") || !strings.Contains(href, "shown=") {
		t.Errorf("Swap link %q does not carry its request and amount", href)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate(url+href)); err != nil {
		t.Fatal(err)
	}
	type form struct{ Left, Hold, Validity string }
	read := `({Left: (document.getElementById('validity-left') || {textContent: ''}).textContent,
  Hold: (document.getElementById('rate-hold') || {textContent: ''}).textContent,
  Validity: (document.getElementById('validity') || {textContent: ''}).textContent})`
	f, err := chromedp.Run(ctx, chromedp.Evaluate[form](read))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`^[12]:\d\d$`).MatchString(f.Left) || !strings.Contains(f.Validity, "valid until") {
		t.Errorf("the form's countdown: %+v\n%s", f, pageText(ctx))
	}
	if !strings.Contains(f.Hold, "fixed rate") {
		t.Errorf("a fixed-rate offer's form says nothing of how long the rate holds: %+v\n%s", f, pageText(ctx))
	}

	gone := regexp.MustCompile(`quote=q[a-z2-7]{26}`).ReplaceAllString(href, "quote=q"+strings.Repeat("a", 26))
	if err := chromedp.Do(ctx, chromedp.Navigate(url+gone)); err != nil {
		t.Fatal(err)
	}
	type requoted struct {
		Validity, Quote string
		Form            bool
	}
	r, err := chromedp.Run(ctx, chromedp.Evaluate[requoted](`({Validity: (document.getElementById('validity') || {textContent: ''}).textContent,
  Quote: (document.querySelector('#swap-form [name=quote]') || {value: ''}).value, Form: !!document.getElementById('swap-form')})`))
	if err != nil {
		t.Fatal(err)
	}
	if !r.Form || !strings.Contains(r.Validity, "asked again just now") || r.Quote == "" || strings.HasPrefix(r.Quote, "qaaaa") {
		t.Errorf("a Swap link whose quote is gone: %+v\n%s", r, pageText(ctx))
	}
}
