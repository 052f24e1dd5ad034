package main

import (
	"context"
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/swaps"
)

// countingSwaps makes a swap for every create and counts them.
type countingSwaps struct {
	mu   sync.Mutex
	made []*swapscout.Swap
}

func (c *countingSwaps) Create(_ context.Context, r swaps.CreateRequest) (*swapscout.Swap, bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	sw := &swapscout.Swap{ID: swapscout.NewSwapID(), Venue: r.Venue, VenueOrder: swapscout.OrderRef{ID: "o1"}, DepositAddress: "bc1qdeposit",
		PayoutAddress: r.PayoutAddress, RefundAddress: r.RefundAddress, Status: swapscout.StatusWaiting, CreatedAt: time.Now(), UpdatedAt: time.Now()}
	c.made = append(c.made, sw)
	return sw, true, nil
}

func (c *countingSwaps) Get(_ context.Context, id string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, sw := range c.made {
		if sw.ID == id {
			return sw, []swapscout.SwapEvent{{Status: sw.Status, At: sw.CreatedAt}}, nil
		}
	}
	return nil, nil, swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")
}

func (c *countingSwaps) count() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.made)
}

type noOffers struct{}

func (noOffers) Quote(_ context.Context, req swapscout.QuoteRequest, _ aggregate.Selection, _ func(swapscout.Result)) (*swapscout.Quote, error) {
	return &swapscout.Quote{Request: req, CreatedAt: time.Now()}, nil
}

// TestBrowserCrossSiteSwapForm: in chromium, a page on another site that
// submits a swap form to the server, at the top level or from a sandboxed
// frame (Origin: null), with no key or with the visitor's own valid form
// key, makes no swap; the visitor's own form makes one.
func TestBrowserCrossSiteSwapForm(t *testing.T) {
	ctx := browser(t)
	made := &countingSwaps{}
	h := httpapi.NewHandler(httpapi.Deps{Quotes: noOffers{}, Store: inmem.New(inmem.Options{}), Swaps: made})
	var mu sync.Mutex
	var formPosts []int // statuses of the answers on /swap/new, in order
	h.Observe(func(pattern string) func(int, time.Duration) {
		return func(status int, _ time.Duration) {
			if pattern == "/swap/new" && status != 200 && status != 404 { // GETs of the form answer 200 or 404 (no such quote)
				mu.Lock()
				formPosts = append(formPosts, status)
				mu.Unlock()
			}
		}
	})
	srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown(context.Background())
	target := srv.URL()

	var key string // the visitor's own form key, as if the attacker had learnt it
	attacker := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		form := `<form id="f" method="post" action="` + target + `/swap/new">` +
			`<input name="quote" value="qx"><input name="venue" value="changenow">` +
			`<input name="payout_address" value="0xattacker"><input name="refund_address" value="bc1qattacker">`
		if r.URL.Query().Get("key") == "1" {
			form += `<input name="key" value="` + html.EscapeString(key) + `">`
		}
		form += `</form><script>document.getElementById("f").submit()</script>`
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		if r.URL.Query().Get("frame") == "1" {
			_, _ = w.Write([]byte(`<!doctype html><iframe sandbox="allow-forms allow-scripts" srcdoc="` + html.EscapeString(form) + `"></iframe>`))
			return
		}
		_, _ = w.Write([]byte("<!doctype html>" + form))
	}))
	defer attacker.Close()
	// Another site: "localhost" is not the site of "127.0.0.1".
	evil := strings.Replace(attacker.URL, "127.0.0.1", "localhost", 1)

	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	tab, tcancel := chromedp.NewContext(ctx)
	defer tcancel()
	// The visitor opens a swap form: the browser now has the form cookie.
	if err := chromedp.Do(tab, chromedp.Navigate(target+"/swap/new?quote=qx&venue=changenow"), chromedp.WaitVisible(chromedp.ID("payout_address"))); err != nil {
		t.Fatal(err)
	}
	v, err := chromedp.Run(tab, chromedp.Value(chromedp.CSS(`input[name="key"]`)))
	if err != nil || !regexp.MustCompile(`^page-[a-z2-7]{32}-[a-z2-7]{26}$`).MatchString(v) {
		t.Fatalf("the form's key %q (%v)", v, err)
	}
	key = v

	posts := func() int {
		mu.Lock()
		defer mu.Unlock()
		return len(formPosts)
	}
	for _, attack := range []string{"?key=0", "?key=1", "?frame=1&key=0", "?frame=1&key=1"} {
		before := posts()
		atab, acancel := chromedp.NewContext(tab)
		if err := chromedp.Do(atab, chromedp.Navigate(evil+"/"+attack)); err != nil {
			t.Fatalf("%s: %v", attack, err)
		}
		for deadline := time.Now().Add(10 * time.Second); posts() == before; time.Sleep(20 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s: the attacker's form never reached the server", attack)
			}
		}
		acancel()
		mu.Lock()
		last := formPosts[len(formPosts)-1]
		mu.Unlock()
		if last != 403 || made.count() != 0 {
			t.Errorf("%s: the cross-site form was answered %d and %d swaps were made; want 403 and none", attack, last, made.count())
		}
	}

	// The visitor's own form, in the same browser, makes the swap (its
	// POST carries this site's Origin: see the pages' referrer policy).
	before := posts()
	err = chromedp.Do(tab,
		chromedp.SendKeys(chromedp.ID("payout_address"), pageETHAddress),
		chromedp.SendKeys(chromedp.ID("refund_address"), pageBTCAddress),
		chromedp.Click(chromedp.ID("swap-submit")))
	if err != nil {
		t.Fatalf("the visitor's own form: %v\n%s", err, pageText(tab))
	}
	for deadline := time.Now().Add(10 * time.Second); posts() == before; time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the visitor's own form never reached the server\n%s", pageText(tab))
		}
	}
	mu.Lock()
	last := formPosts[len(formPosts)-1]
	mu.Unlock()
	if n := made.count(); last != 303 || n != 1 || made.made[0].PayoutAddress != pageETHAddress {
		t.Errorf("the visitor's own form was answered %d and made %d swaps, want 303 and one paying the visitor\n%s", last, n, pageText(tab))
	}
}
