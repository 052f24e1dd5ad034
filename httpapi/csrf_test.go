package httpapi_test

import (
	"context"
	"net"
	"net/netip"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/swaps"
)

var formCookie = regexp.MustCompile(`^swapscout_form=([A-Za-z0-9_-]{43}); Path=/swap; HttpOnly; SameSite=Strict$`)

// openForm opens the swap form as a browser holding cookie (none: a new
// browser) and returns the form's key and the browser's cookie afterwards.
func openForm(t *testing.T, h *httpapi.Handler, cookie string) (key, cookieAfter string) {
	t.Helper()
	hd := headers{}
	if cookie != "" {
		hd["Cookie"] = "theme=dark; swapscout_form=" + cookie
	}
	resp := h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "GET", Path: []byte("/swap/new"), RawQuery: []byte("quote=qx&venue=changenow"), Header: hd})
	k := formKey.FindStringSubmatch(string(resp.Body))
	if k == nil {
		t.Fatalf("the form has no signed key:\n%s", resp.Body)
	}
	set := header(resp, "Set-Cookie")
	if cookie != "" {
		if set != "" {
			t.Errorf("a browser with a form cookie got another: %q", set)
		}
		return k[1], cookie
	}
	m := formCookie.FindStringSubmatch(set)
	if m == nil {
		t.Fatalf("a new browser's form sets %q, want the form cookie (HttpOnly, SameSite=Strict, Path=/swap)", set)
	}
	return k[1], m[1]
}

// TestSwapFormCSRF sends the swap form with every combination of what a
// browser says of its origin (Origin: this site, another, "null", none;
// Sec-Fetch-Site: same-origin, same-site, cross-site, none, absent) and of
// its key (signed for this browser's cookie, missing, or signed for another
// browser): only a POST a browser places on this site, or, where the
// browser says nothing, one whose key is signed for its own cookie, makes a
// swap; every other answer is 403 and asks nothing of the swap service.
func TestSwapFormCSRF(t *testing.T) {
	fs := &fakeSwaps{CreateFn: func(int, swaps.CreateRequest) (*swapscout.Swap, error) {
		return &swapscout.Swap{ID: "s" + strings.Repeat("a", 26)}, nil
	}}
	h := swapPageHandler(t, fs)
	valid, cookie := openForm(t, h, "")
	if again, _ := openForm(t, h, cookie); again == valid {
		t.Error("two forms got the same key")
	}
	forged, other := openForm(t, h, "") // another browser's
	if other == cookie {
		t.Fatal("two browsers got the same cookie")
	}
	origins := map[string]string{"same": "http://swapscout.test", "other": "https://evil.test", "null": "null", "absent": ""}
	sites := []string{"same-origin", "same-site", "cross-site", "none", ""}
	tokens := map[string]string{"valid": valid, "missing": "", "forged": forged, "unsigned": "page-k1"}
	made := 0
	for oname, origin := range origins {
		for _, site := range sites {
			for tname, key := range tokens {
				hd := headers{"Host": "swapscout.test", "Content-Type": "application/x-www-form-urlencoded", "Cookie": "swapscout_form=" + cookie}
				if origin != "" {
					hd["Origin"] = origin
				}
				if site != "" {
					hd["Sec-Fetch-Site"] = site
				}
				form := url.Values{"quote": {"qx"}, "venue": {"changenow"}, "payout_address": {"0xattacker"}, "refund_address": {"bc1qattacker"}}
				if key != "" {
					form.Set("key", key)
				}
				resp := h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "POST", Path: []byte("/swap/new"), Header: hd, Body: []byte(form.Encode())})
				ours := (oname == "same" || oname == "absent") && (site == "same-origin" || site == "none" || site == "")
				if oname == "absent" && site == "" {
					ours = tname == "valid"
				}
				want := 403
				if ours {
					want, made = 303, made+1
				}
				if resp.Status != want {
					t.Errorf("Origin %s, Sec-Fetch-Site %q, key %s: %d, want %d", oname, site, tname, resp.Status, want)
				}
				if n := len(fs.requests()); n != made {
					t.Fatalf("Origin %s, Sec-Fetch-Site %q, key %s: the swap service was asked %d times, want %d", oname, site, tname, n, made)
				}
			}
		}
	}
	// Without its cookie (blocked, or another browser's) a browser that
	// says nothing cannot use a key, however it was signed.
	for _, c := range []string{"", "swapscout_form=" + other, "swapscout_form=garbage"} {
		hd := headers{"Host": "swapscout.test", "Content-Type": "application/x-www-form-urlencoded"}
		if c != "" {
			hd["Cookie"] = c
		}
		form := url.Values{"quote": {"qx"}, "venue": {"changenow"}, "key": {valid}, "payout_address": {"0xa"}, "refund_address": {"bc1qa"}}
		if resp := h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "POST", Path: []byte("/swap/new"), Header: hd, Body: []byte(form.Encode())}); resp.Status != 403 {
			t.Errorf("Cookie %q: %d, want 403", c, resp.Status)
		}
	}
}

// TestSwapFormOrigins: the site's own origin is recognised with its
// default port written or not, behind a trusted proxy by X-Forwarded-Host,
// and not by an X-Forwarded-Host from anyone else.
func TestSwapFormOrigins(t *testing.T) {
	fs := &fakeSwaps{CreateFn: func(int, swaps.CreateRequest) (*swapscout.Swap, error) { return &swapscout.Swap{ID: "sx"}, nil }}
	h := httpapi.NewHandler(httpapi.Deps{Quotes: &fakeQuotes{QuoteFn: twoOffers}, Store: inmem.New(inmem.Options{}), Swaps: fs,
		TrustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}})
	form := url.Values{"quote": {"qx"}, "venue": {"changenow"}, "key": {"page-k"}, "payout_address": {"0xa"}, "refund_address": {"bc1qa"}}
	for _, c := range []struct {
		peer, origin, host, xfh string
		want                    int
	}{
		{"192.0.2.1", "http://swapscout.test", "swapscout.test", "", 303},
		{"192.0.2.1", "http://swapscout.test", "swapscout.test:80", "", 303},
		{"192.0.2.1", "https://swapscout.test:443", "swapscout.test", "", 303},
		{"192.0.2.1", "http://SwapScout.test", "swapscout.test", "", 303},
		{"192.0.2.1", "http://swapscout.test:8080", "swapscout.test", "", 403},
		{"192.0.2.1", "http://swapscout.test.evil", "swapscout.test", "", 403},
		{"192.0.2.1", "ftp://swapscout.test", "swapscout.test", "", 403},
		{"192.0.2.1", "swapscout.test", "swapscout.test", "", 403},
		{"10.0.0.5", "https://swap.example", "127.0.0.1:8080", "swap.example", 303},
		{"10.0.0.5", "https://swap.example", "127.0.0.1:8080", "swap.example, proxy.internal", 303},
		{"192.0.2.1", "https://swap.example", "127.0.0.1:8080", "swap.example", 403},
	} {
		hd := headers{"Origin": c.origin, "Host": c.host, "Content-Type": "application/x-www-form-urlencoded"}
		if c.xfh != "" {
			hd["X-Forwarded-Host"] = c.xfh
		}
		r := &httpapi.Request{Ctx: context.Background(), Method: "POST", Path: []byte("/swap/new"), Header: hd, Body: []byte(form.Encode()),
			Remote: &net.TCPAddr{IP: net.ParseIP(c.peer), Port: 4000}}
		if resp := h.Serve(r); resp.Status != c.want {
			t.Errorf("%+v: %d, want %d", c, resp.Status, c.want)
		}
	}
}

// TestSwapDepositCSRF: the deposit form of a swap's page is refused from
// another site like the swap form; where the browser says nothing, the
// swap's unguessable id in its address is the proof (no key is needed).
func TestSwapDepositCSRF(t *testing.T) {
	sw := sampleSwap(swapscout.StatusWaiting)
	fd := &fakeDeposits{}
	fd.GetFn = func(string) (*swapscout.Swap, []swapscout.SwapEvent, error) { return sw, nil, nil }
	h := swapPageHandler(t, fd)
	form := url.Values{"tx_id": {strings.Repeat("ab", 32)}}
	for _, c := range []struct {
		origin, site string
		want         int
	}{
		{"", "", 303}, {"http://swapscout.test", "", 303}, {"", "same-origin", 303},
		{"null", "", 403}, {"null", "same-origin", 403}, {"https://evil.test", "", 403}, {"", "cross-site", 403}, {"", "same-site", 403},
	} {
		hd := headers{"Host": "swapscout.test", "Content-Type": "application/x-www-form-urlencoded"}
		if c.origin != "" {
			hd["Origin"] = c.origin
		}
		if c.site != "" {
			hd["Sec-Fetch-Site"] = c.site
		}
		resp := h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "POST", Path: []byte("/swap/" + sw.ID + "/deposit"), Header: hd, Body: []byte(form.Encode())})
		if resp.Status != c.want {
			t.Errorf("Origin %q, Sec-Fetch-Site %q: %d, want %d", c.origin, c.site, resp.Status, c.want)
		}
	}
}

// TestPagesReferrerPolicy: our pages' referrer policy lets their own form
// POSTs carry a real Origin (no-referrer makes browsers send "null") and
// tells other sites nothing.
func TestPagesReferrerPolicy(t *testing.T) {
	h := swapPageHandler(t, &fakeSwaps{})
	resp := get(h, "/swap/new?quote=qx&venue=changenow")
	if got := header(resp, "Referrer-Policy"); got != "same-origin" {
		t.Errorf("Referrer-Policy %q, want same-origin", got)
	}
	if body := string(resp.Body); !strings.Contains(body, `<meta name="referrer" content="same-origin">`) || strings.Contains(body, "no-referrer") {
		t.Error("the page's referrer meta is not same-origin")
	}
}
