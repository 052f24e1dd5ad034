package main

import (
	"context"
	"github.com/swapscout/swapscout/internal/tier"
	"os"
	"os/exec"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
)

// browser gives t a fresh, private browsing context (its own cookies and
// storage, as a new profile would have) in the package's one headless
// chromium, or skips when there is none. Its tabs close when the test ends.
// Starting a chromium per test cost each browser test seconds under load;
// the browser process itself holds no state a test can see.
func browser(t *testing.T) context.Context {
	tier.E2E(t) // starts a whole server: the end-to-end tier
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Skip("chromium is not on PATH (apt-get install -y chromium)")
	}
	shared, err := chromium.start(path)
	if err != nil {
		t.Fatalf("starting chromium: %v", err)
	}
	ctx, cancel := chromedp.NewContext(shared, chromedp.WithNewBrowserContext())
	t.Cleanup(cancel)
	if err := chromedp.Do(ctx); err != nil { // open the tab now
		t.Fatalf("opening a tab: %v", err)
	}
	return ctx
}

// chromium is the package's browser, started by the first test that needs
// one and stopped by TestMain after the last test.
var chromium sharedChromium

type sharedChromium struct {
	once sync.Once
	ctx  context.Context // the browser's first tab: new contexts made from it share the process
	err  error
	stop func()
}

func (c *sharedChromium) start(path string) (context.Context, error) {
	c.once.Do(func() {
		dir, err := os.MkdirTemp("", "swapscout-chromium")
		if err != nil {
			c.err = err
			return
		}
		actx, acancel := chromedp.NewExecAllocator(context.Background(),
			chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
			chromedp.NoDefaultBrowserCheck, chromedp.UserDataDir(dir),
			chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true), chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.WindowSize(1280, 900))
		ctx, cancel := chromedp.NewContext(actx)
		c.ctx = ctx
		c.stop = func() {
			cancel()
			acancel()
			for range 50 { // chromium's children may still write there for a moment
				if os.RemoveAll(dir) == nil {
					return
				}
				time.Sleep(100 * time.Millisecond)
			}
		}
		c.err = chromedp.Do(ctx) // start the browser now
	})
	return c.ctx, c.err
}

// close stops the browser, if a test started one.
func (c *sharedChromium) close() {
	c.once.Do(func() {}) // no test may start one after this
	if c.stop != nil {
		c.stop()
	}
}

// watchConsole collects the tab's console errors and uncaught exceptions
// until stop is called. Console messages arrive as events, after the actions
// that cause them: stop logs a marker and waits for it, so every message
// before it has been seen.
func watchConsole(tab context.Context) (stop func() []string) {
	const marker = "swapscout-console-end"
	ctx, cancel := context.WithCancel(tab)
	msgs := chromedp.Console(ctx)
	var errs []string
	done := make(chan struct{})
	seen := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range msgs {
			if err != nil {
				return
			}
			switch {
			case m.Text == marker:
				close(seen)
				return
			case m.Type == chromedp.ConsoleError || m.IsException():
				errs = append(errs, m.String()+" at "+m.URL)
			}
		}
	}()
	return func() []string {
		defer func() { cancel(); <-done }()
		// The marker runs with scripts off too: Runtime.evaluate is not page script.
		if _, err := chromedp.Run(tab, chromedp.Evaluate[chromedp.Void](`console.info("`+marker+`")`)); err != nil {
			return append(errs, "console marker: "+err.Error())
		}
		select {
		case <-seen:
		case <-time.After(5 * time.Second):
			cancel()
			<-done
			return append(errs, "the console marker never arrived")
		}
		<-done
		return errs
	}
}

// pageRow is an offer row as shown; Text is all of it, spaces folded, so
// the script's rendering can be compared with the server's. Table is
// "offer" (the offers) or "book" (the exchanges' prices, apart); CanSwap
// the row's data-can-swap.
type pageRow struct{ Venue, Amount, Text, Table, CanSwap string }

type pageState struct {
	Rows     []pageRow
	Failures []string // "name reason", as shown
	Quote    string
}

const readPage = `(() => ({
  Rows: Array.from(document.querySelectorAll('#offer-rows tr, #book-rows tr')).map(tr => ({Venue: tr.dataset.venue,
    Amount: tr.querySelector('.amount').textContent.trim(), Text: tr.textContent.replace(/[ \t\n]+/g, ' ').trim(),
    Table: tr.parentElement.id.replace('-rows', ''), CanSwap: tr.dataset.canSwap || ''})),
  Failures: Array.from(document.querySelectorAll('#failures li')).map(li => li.dataset.venue + ': ' + li.textContent.replace(/[ \t\n]+/g, ' ').trim()),
  Quote: document.getElementById('results').dataset.quote || ''
}))()`

// amountOf reads a row's amount as the page shows it ("2.029 032 ETH").
func amountOf(t *testing.T, s string) swapscout.Amount {
	t.Helper()
	num, _, _ := strings.Cut(strings.ReplaceAll(s, "\u00a0", " "), " ")
	a, err := swapscout.ParseAmount(strings.ReplaceAll(num, "\u202f", ""))
	if err != nil {
		t.Fatalf("amount %q on the page: %v", s, err)
	}
	return a
}

// checkRanked checks the rows are ranked for people: in the offers, those
// that can become a swap first, each group best first; the exchanges'
// prices apart, best first.
func checkRanked(t *testing.T, when string, rows []pageRow) {
	t.Helper()
	for i := 1; i < len(rows); i++ {
		a, b := rows[i-1], rows[i]
		if a.Table != b.Table {
			continue
		}
		if a.CanSwap != b.CanSwap {
			if a.CanSwap != "true" {
				t.Fatalf("%s: %s, which cannot be swapped here, ranks above %s, which can", when, a.Venue, b.Venue)
			}
			continue
		}
		if amountOf(t, a.Amount).Cmp(amountOf(t, b.Amount)) < 0 {
			t.Fatalf("%s: %s (%s) ranks above %s (%s)", when, rows[i-1].Venue, rows[i-1].Amount, rows[i].Venue, rows[i].Amount)
		}
	}
}

// TestBrowserResultsStreamIn drives the page in chromium against the demo
// with one venue slowed down: with JavaScript the offers appear before the
// slowest venue answers and stay ranked as they come; the slow venue's offer
// then takes its rank; without JavaScript the server renders the same
// offers; and the page logs no error.
func TestBrowserResultsStreamIn(t *testing.T) {
	const slow = "bitget"
	ctx := browser(t)
	url := startDemo(t, "--latency", "20ms", "--latency-tail", "0.01", "--venue-latency", slow+"=1s", "--cache-window", "30s")
	ctx, cancel := context.WithTimeout(ctx, 40*time.Second)
	defer cancel()
	console := watchConsole(ctx)

	// With JavaScript: fill the form with the keyboard and watch the results arrive.
	err := chromedp.Do(ctx,
		chromedp.Navigate(url+"/"),
		chromedp.SetValue(chromedp.ID("from"), "btc"),
		chromedp.SetValue(chromedp.ID("to"), "eth"),
		chromedp.SendKeys(chromedp.ID("amount"), "0.1"+kb.Enter),
	)
	if err != nil {
		t.Fatal(err)
	}
	var st pageState
	sawEarly := false
	for deadline := time.Now().Add(15 * time.Second); ; {
		if time.Now().After(deadline) {
			t.Fatalf("the results never completed: %+v", st)
		}
		st, err = chromedp.Run(ctx, chromedp.Evaluate[pageState](readPage))
		if err != nil {
			t.Fatal(err)
		}
		checkRanked(t, "while streaming", st.Rows)
		if st.Quote != "" {
			break
		}
		if len(st.Rows) >= 5 && !slices.ContainsFunc(st.Rows, func(r pageRow) bool { return r.Venue == slow }) && !slices.ContainsFunc(st.Failures, func(f string) bool { return strings.HasPrefix(f, slow+":") }) {
			sawEarly = true
		}
		time.Sleep(40 * time.Millisecond)
	}
	if !sawEarly {
		t.Errorf("the page never showed offers before %s answered", slow)
	}
	i := slices.IndexFunc(st.Rows, func(r pageRow) bool { return r.Venue == slow })
	if i < 0 || len(st.Rows) < 15 {
		t.Fatalf("final rows %+v, want %s among 15 or more", st.Rows, slow)
	}
	if i == len(st.Rows)-1 || st.Rows[i+1].Table != st.Rows[i].Table {
		t.Errorf("%s answered last and stayed last of its table: the rows were not re-ranked", slow)
	}
	checkRanked(t, "at the end", st.Rows)
	loc, err := chromedp.Run(ctx, chromedp.Location())
	if err != nil || !strings.Contains(loc, "/quote?from=btc&to=eth&amount=0.1") {
		t.Errorf("location %q (%v), want the results' address", loc, err)
	}
	swap, err := chromedp.Run(ctx, chromedp.AttributeValue(chromedp.CSS("#offer-rows tr a.swap"), "href"))
	if err != nil || !strings.Contains(swap.Value, "quote="+st.Quote) {
		t.Errorf("first Swap link %q (%v), want quote=%s", swap.Value, err, st.Quote)
	}

	expiry, err := chromedp.Run(ctx, chromedp.Text(chromedp.ID("expiry")))
	if err != nil || !regexp.MustCompile(`^Prices hold for [12]:\d\d more\.$`).MatchString(expiry) {
		t.Errorf("expiry %q (%v), want a countdown", expiry, err)
	}

	// Refresh asks the venues again, in place: a new quote.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.ID("refresh"))); err != nil {
		t.Fatal(err)
	}
	refreshed, err := chromedp.Run(ctx, chromedp.Poll[string](
		`(q => q && q !== `+strconv.Quote(st.Quote)+` ? q : null)(document.getElementById('results').dataset.quote)`,
		chromedp.WithPollingTimeout(10*time.Second)))
	if err != nil || refreshed == "" {
		t.Errorf("refresh gave no new quote: %q %v", refreshed, err)
	}
	st2, err := chromedp.Run(ctx, chromedp.Evaluate[pageState](readPage))
	if err != nil || len(st2.Rows) < 15 {
		t.Errorf("after refresh: %d rows (%v), want 15 or more", len(st2.Rows), err)
	}
	checkRanked(t, "after refresh", st2.Rows)
	st = st2

	// Without JavaScript, in another tab: the server renders the same offers
	// (the refreshed quote, from the cache window).
	nctx, ncancel := chromedp.NewContext(ctx)
	defer ncancel()
	nconsole := watchConsole(nctx)
	if _, err := chromedp.Call(nctx, emulation.SetScriptExecutionDisabled, emulation.SetScriptExecutionDisabledParams{Value: true}); err != nil {
		t.Fatal(err)
	}
	// At a phone's width (320 px) nothing runs off the side.
	if err := chromedp.Do(nctx, chromedp.EmulateViewport(320, 700), chromedp.Navigate(url+"/quote?from=btc&to=eth&amount=0.1")); err != nil {
		t.Fatal(err)
	}
	if w, err := chromedp.Run(nctx, chromedp.Evaluate[[]int](`[window.innerWidth, document.documentElement.scrollWidth]`)); err != nil || len(w) != 2 || w[0] != 320 || w[1] > 320 {
		t.Errorf("at 320 px, [viewport, page] widths are %v (%v)", w, err)
	}
	nojs, err := chromedp.Run(nctx, chromedp.Evaluate[pageState](readPage))
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(st, nojs); diff != "" {
		t.Errorf("the page with JavaScript (-) and without (+) differ:\n%s", diff)
	}
	if errs := append(console(), nconsole()...); len(errs) > 0 {
		t.Errorf("console errors:\n%s", strings.Join(errs, "\n"))
	}
}

// TestBrowserForm: the form offers only the chosen asset's networks (none
// for an asset on one network), and a request the API refuses, sent with
// JavaScript, ends on the server's page saying why.
func TestBrowserForm(t *testing.T) {
	ctx := browser(t)
	url := startDemo(t, "--latency", "20ms")
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	console := watchConsole(ctx)
	if err := chromedp.Do(ctx, chromedp.Navigate(url+"/")); err != nil {
		t.Fatal(err)
	}
	networks := func(id, ticker string) []string {
		t.Helper()
		nets, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`(() => {
  const s = document.getElementById(`+strconv.Quote(id)+`), n = document.getElementById(`+strconv.Quote(id+"_network")+`);
  s.value = `+strconv.Quote(ticker)+`; s.dispatchEvent(new Event('change'));
  return n.hidden ? [] : Array.from(n.options).filter(o => o.value && !o.hidden && !o.disabled).map(o => o.value);
})()`))
		if err != nil {
			t.Fatal(err)
		}
		return nets
	}
	if got := strings.Join(networks("to", "usdt"), " "); !strings.Contains(got, "eth") || !strings.Contains(got, "trx") || !strings.Contains(got, "sol") {
		t.Errorf("usdt networks offered: %v", got)
	}
	if got := networks("from", "xmr"); len(got) != 0 {
		t.Errorf("xmr networks offered: %v, want the choice hidden (one network)", got)
	}
	if got := networks("to", "xmr"); len(got) != 0 {
		t.Errorf("xmr networks offered: %v", got)
	}
	if err := chromedp.Do(ctx, chromedp.SendKeys(chromedp.ID("amount"), "0.1"+kb.Enter)); err != nil {
		t.Fatal(err)
	}
	// The script sees the stream refused and loads the server's page, which says why.
	var msg string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		m, err := chromedp.Run(ctx, chromedp.Evaluate[*string](`(p => p ? p.textContent : null)(document.querySelector('.problem'))`))
		// The server's page may still be arriving: its section can be in
		// the document before its words are, so read until they are there.
		if err == nil && m != nil {
			msg = *m
			if strings.Contains(msg, "same asset") {
				break
			}
		}
	}
	if !strings.Contains(msg, "same asset") {
		t.Errorf("btc→btc with JavaScript: problem %q, want the API's reason", msg)
	}
	// The refused stream request is the browser's own console error; the page adds none.
	for _, e := range console() {
		if !strings.Contains(e, "/v1/quotes/stream") && !strings.Contains(e, "400") {
			t.Errorf("console: %s", e)
		}
	}
}
