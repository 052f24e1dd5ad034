package httpserver_test

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/httpserver"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/swaps"
)

// formSwaps makes one swap per idempotency key and refuses the payout
// address "bad".
type formSwaps struct {
	mu    sync.Mutex
	byKey map[string]*swapscout.Swap
}

func (f *formSwaps) Create(_ context.Context, r swaps.CreateRequest) (*swapscout.Swap, bool, error) {
	if r.PayoutAddress == "bad" {
		return nil, false, &swaps.AddressError{Field: "payout_address", Reason: "is not an address"}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if sw := f.byKey[r.IdempotencyKey]; sw != nil {
		return sw, false, nil
	}
	sw := &swapscout.Swap{ID: swapscout.NewSwapID(), VenueOrder: swapscout.OrderRef{ID: "o1"}, Venue: r.Venue, DepositAddress: "bc1qdeposit", Status: swapscout.StatusWaiting}
	f.byKey[r.IdempotencyKey] = sw
	return sw, true, nil
}

func (f *formSwaps) Get(_ context.Context, id string) (*swapscout.Swap, []swapscout.SwapEvent, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, sw := range f.byKey {
		if sw.ID == id {
			return sw, nil, nil
		}
	}
	return nil, nil, swapscout.Errorf(swapscout.ENOTFOUND, "no such swap")
}

// TestSwapFormOverHTTP: on both transports the swap form's plain POST is
// read, answered 303 to the swap's page, the same form sent twice lands on
// the same swap, an address error comes back as a 400 page, and a POST from
// another site is refused; a POST that says nothing of its origin needs the
// key of a form opened with the same cookie.
func TestSwapFormOverHTTP(t *testing.T) {
	for _, transport := range []string{"fasthttp", "nethttp"} {
		t.Run(transport, func(t *testing.T) {
			h := httpapi.NewHandler(httpapi.Deps{Quotes: fakeQuotes{}, Store: inmem.New(inmem.Options{}),
				Swaps: &formSwaps{byKey: map[string]*swapscout.Swap{}}})
			srv, err := httpserver.Listen("127.0.0.1:0", h, httpserver.Options{Transport: transport})
			if err != nil {
				t.Fatal(err)
			}
			defer func() {
				if err := srv.Shutdown(context.Background()); err != nil {
					t.Error(err)
				}
			}()
			c := &http.Client{Transport: &http.Transport{}, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
			defer c.CloseIdleConnections()
			var cookies []*http.Cookie
			post := func(form url.Values, site string) (*http.Response, string) {
				t.Helper()
				req, _ := http.NewRequest("POST", srv.URL()+"/swap/new", strings.NewReader(form.Encode()))
				req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
				switch site {
				case "null":
					req.Header.Set("Origin", "null")
				case "":
				default:
					req.Header.Set("Origin", srv.URL())
					req.Header.Set("Sec-Fetch-Site", site)
				}
				for _, c := range cookies {
					req.AddCookie(c)
				}
				resp, err := c.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				defer resp.Body.Close()
				b, _ := io.ReadAll(resp.Body)
				return resp, string(b)
			}
			form := url.Values{"quote": {"qx"}, "venue": {"changenow"}, "key": {"page-k"}, "payout_address": {"0xpayout"}, "refund_address": {"bc1qrefund"}}
			r1, _ := post(form, "same-origin")
			r2, _ := post(form, "same-origin")
			loc := r1.Header.Get("Location")
			if r1.StatusCode != 303 || !strings.HasPrefix(loc, "/swap/") || r2.Header.Get("Location") != loc {
				t.Fatalf("POST twice: %d %q, then %d %q", r1.StatusCode, loc, r2.StatusCode, r2.Header.Get("Location"))
			}
			resp, err := c.Get(srv.URL() + loc)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != 200 || !strings.Contains(string(b), "bc1qdeposit") {
				t.Errorf("GET %s = %d", loc, resp.StatusCode)
			}
			form.Set("payout_address", "bad")
			if resp, body := post(form, "same-origin"); resp.StatusCode != 400 || !strings.Contains(body, `id="payout_address-error"`) {
				t.Errorf("a bad address: %d", resp.StatusCode)
			}
			for _, site := range []string{"cross-site", "null", ""} {
				if resp, _ := post(form, site); resp.StatusCode != 403 {
					t.Errorf("a POST from another site (%q): %d", site, resp.StatusCode)
				}
			}
			// A browser that sends neither Origin nor Sec-Fetch-Site: the
			// form's own key, with the cookie the form set.
			resp, err = c.Get(srv.URL() + "/swap/new?quote=qx&venue=changenow")
			if err != nil {
				t.Fatal(err)
			}
			b, _ = io.ReadAll(resp.Body)
			resp.Body.Close()
			cookies = resp.Cookies()
			key := regexp.MustCompile(`name="key" value="([^"]+)"`).FindStringSubmatch(string(b))
			if len(cookies) != 1 || key == nil {
				t.Fatalf("the form set cookies %v, key %v", cookies, key)
			}
			form.Set("payout_address", "0xpayout")
			form.Set("key", key[1])
			if resp, body := post(form, ""); resp.StatusCode != 303 {
				t.Errorf("no origin, the form's key and cookie: %d %s", resp.StatusCode, body)
			}
			cookies = nil
			if resp, _ := post(form, ""); resp.StatusCode != 403 {
				t.Errorf("no origin, the form's key without its cookie: %d", resp.StatusCode)
			}
		})
	}
}
