package main

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"

	"github.com/swapscout/swapscout"
)

// routeRow is a route's row on the results page, as shown.
type routeRow struct {
	Venue, Name, Href string
	Steps             []string
}

const readRoutes = `Array.from(document.querySelectorAll('#offer-rows tr')).filter(tr => tr.dataset.venue.includes('>')).map(tr => ({
  Venue: tr.dataset.venue, Name: tr.querySelector('.name').textContent,
  Href: (tr.querySelector('a.swap:not([aria-describedby])') || {getAttribute: () => ''}).getAttribute('href') || '',
  Steps: Array.from(tr.querySelectorAll('.offer-steps li')).map(li => li.textContent)}))`

// overflowing lists the innermost elements that run past a 320 px page's
// right edge, for a failure's message.
const overflowing = `(() => {
  const past = e => e.getBoundingClientRect().left + e.scrollWidth > 321;
  return Array.from(document.body.querySelectorAll('*')).filter(e => past(e) && !Array.from(e.children).some(past)).slice(0, 8).map(e =>
    e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.className ? '.' + String(e.className).replace(/ /g, '.') : '') + ' ' +
    Math.round(e.getBoundingClientRect().left + e.scrollWidth) + ': ' + (e.textContent || '').trim().slice(0, 60));
})()`

// TestBrowserRouteSwap: routes are on by default on the page; a route's
// row names both venues and the bridge and lists both legs; its Swap
// button opens a form that asks for a refund address on the bridge asset
// and says why; the swap it makes has a page listing each leg's status,
// which follows both legs to finished. With JavaScript, and without on a
// 320 px phone (nothing runs off the side).
func TestBrowserRouteSwap(t *testing.T) {
	ctx := browser(t)
	url := swapDemo(t, 300*time.Millisecond)
	ctx, cancel := context.WithTimeout(ctx, 100*time.Second)
	defer cancel()
	t.Run("both", func(t *testing.T) {
		for _, js := range []bool{true, false} {
			t.Run(map[bool]string{true: "js", false: "nojs"}[js], func(t *testing.T) {
				t.Parallel()
				routeFlow(t, ctx, url, js)
			})
		}
	})
}

func routeFlow(t *testing.T, ctx context.Context, url string, js bool) {
	tab, tcancel := chromedp.NewContext(ctx)
	defer tcancel()
	console := watchConsole(tab)
	if !js {
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
			wide, _ := chromedp.Run(tab, chromedp.Evaluate[[]string](overflowing))
			t.Errorf("%s at 320 px: [viewport, page] widths are %v (%v); past the edge: %v", page, w, err, wide)
		}
	}
	// The results: with JavaScript they stream in (the routes come with
	// the whole quote), without the server renders them.
	if err := chromedp.Do(tab, chromedp.Navigate(url+"/quote?from=btc&to=eth&amount=0.1")); err != nil {
		t.Fatal(err)
	}
	if js {
		if _, err := chromedp.Run(tab, chromedp.Poll[string](`document.getElementById('results').dataset.quote || null`, chromedp.WithPollingTimeout(15*time.Second))); err != nil {
			t.Fatalf("the streamed results never completed: %v\n%s", err, pageText(tab))
		}
	}
	narrow("the results")
	rows, err := chromedp.Run(tab, chromedp.Evaluate[[]routeRow](readRoutes))
	if err != nil {
		t.Fatal(err)
	}
	var pick routeRow
	var bridge swapscout.Asset
	for _, r := range rows {
		first, x, second, ok := swapscout.RouteLegs(r.Venue)
		if !ok {
			t.Fatalf("row %q is not a route's name", r.Venue)
		}
		tk := strings.ToUpper(x.Ticker)
		if !strings.Contains(r.Name, " → "+tk+" → ") || len(r.Steps) != 2 ||
			!strings.Contains(r.Steps[0], "\u00a0"+tk+" at ") || !strings.Contains(r.Steps[1], "\u00a0"+tk+" → ") {
			t.Errorf("js=%v: route row %+v: want its bridge in its name and two legs", js, r)
		}
		if first == "" || second == "" {
			t.Errorf("route %q without its venues", r.Venue)
		}
		if pick.Href == "" && r.Href != "" && routeAddrs[x.Network] != "" {
			pick, bridge = r, x
		}
	}
	if pick.Href == "" {
		t.Fatalf("js=%v: no swappable route with a plain deposit among %+v", js, rows)
	}
	// The route's form asks where the second leg refunds, and why.
	if err := chromedp.Do(tab, chromedp.Navigate(url+pick.Href), chromedp.WaitVisible(chromedp.ID("bridge_refund_address"))); err != nil {
		t.Fatalf("js=%v: the route's swap form: %v\n%s", js, err, pageText(tab))
	}
	narrow("the route's swap form")
	hint, err := chromedp.Run(tab, chromedp.Text(chromedp.ID("bridge_refund_address-hint")))
	if err != nil || !strings.Contains(hint, "refunds in "+strings.ToUpper(bridge.Ticker)) || !strings.Contains(hint, "two legs") {
		t.Errorf("js=%v: the bridge refund address's hint %q (%v), want why it is asked", js, hint, err)
	}
	payout := pageETHAddress
	if !js {
		payout = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359" // EIP-55 vector: each tab its own payout address
	}
	err = chromedp.Do(tab,
		chromedp.SendKeys(chromedp.ID("payout_address"), payout),
		chromedp.SendKeys(chromedp.ID("refund_address"), pageBTCAddress),
		chromedp.SendKeys(chromedp.ID("bridge_refund_address"), routeAddrs[bridge.Network]),
		chromedp.Click(chromedp.ID("swap-submit")))
	if err != nil {
		t.Fatalf("js=%v: %v\n%s", js, err, pageText(tab))
	}
	// A rate that moved asks for a confirmation first.
	for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("js=%v: no swap page after the form\n%s", js, pageText(tab))
		}
		n, err := chromedp.Run(tab, chromedp.Evaluate[int](`document.querySelectorAll('#swap, #confirm-form').length`))
		if err != nil || n == 0 {
			continue
		}
		if c, _ := chromedp.Run(tab, chromedp.Evaluate[bool](`!!document.getElementById('confirm-form')`)); c {
			if err := chromedp.Do(tab, chromedp.Click(chromedp.CSS(`#confirm-form button[type=submit]`))); err != nil {
				t.Fatal(err)
			}
			continue
		}
		break
	}
	narrow("the route's swap page")
	type legs struct {
		Status string
		Legs   []string // each leg's data-status
		Names  []string
	}
	read := `(() => ({Status: document.getElementById('swap').dataset.status,
  Legs: Array.from(document.querySelectorAll('#legs li')).map(li => li.dataset.status),
  Names: Array.from(document.querySelectorAll('#legs li strong')).map(s => s.textContent)}))()`
	var st legs
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(250 * time.Millisecond) {
		st, err = chromedp.Run(tab, chromedp.Evaluate[legs](read))
		if err == nil && st.Status == "finished" && len(st.Legs) == 2 && st.Legs[0] == "finished" && st.Legs[1] == "finished" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("js=%v: the route's page ended at %+v (%v)\n%s", js, st, err, pageText(tab))
		}
	}
	if !strings.HasPrefix(st.Names[0], "Leg 1: ") || !strings.HasPrefix(st.Names[1], "Leg 2: ") {
		t.Errorf("js=%v: legs named %v", js, st.Names)
	}
	for _, e := range console() {
		t.Errorf("js=%v: console: %s", js, e)
	}
}
