package httpapi_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
)

// TestSwapFormRequotes: a form whose quote expired while it was filled in
// is never the dead end "quote expired": the venues are asked again in
// place, and the swap is made from the fresh quote when the amount did not
// get worse, or the rate-change confirmation shows both amounts when it did.
func TestSwapFormRequotes(t *testing.T) {
	expired := swapscout.Errorf(swapscout.ENOTFOUND, "quote_id: the quote has expired; ask for a new one")
	for _, tc := range []struct {
		shown      string // what the form showed; the fake venue offers 2.0312 ETH
		status     int
		wantCreate int
		want       string
	}{
		{"2.0312", 303, 2, ""},
		{"2.1", 409, 1, "The quote had expired, so the venues were asked again just now"},
	} {
		f := &fakeSwaps{CreateFn: func(n int, r swaps.CreateRequest) (*swapscout.Swap, error) {
			if n == 1 {
				return nil, expired
			}
			return &swapscout.Swap{ID: "swfresh0000000000000000000000000"}, nil
		}}
		h := swapPageHandler(t, f)
		pageQuoteID(t, h) // the venues have answered once: the store is up
		form := url.Values{"quote": {"qgone000000000000000000000000"}, "venue": {"changenow"}, "key": {"k1"},
			"payout_address": {"0x52908400098527886E0F7030069857D2E4169EE7"}, "refund_address": {"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"},
			"request": {"amount=0.1&from=btc&to=eth"}, "shown": {tc.shown}}
		resp := post(h, "/swap/new", form, nil)
		reqs := f.requests()
		if resp.Status != tc.status || len(reqs) != tc.wantCreate || !strings.Contains(string(resp.Body), tc.want) {
			t.Errorf("shown %s: status %d, %d creates, want %d and %d:\n%s", tc.shown, resp.Status, len(reqs), tc.status, tc.wantCreate, resp.Body)
			continue
		}
		if tc.wantCreate == 2 && (reqs[1].QuoteID == reqs[0].QuoteID || reqs[1].QuoteID == "" || reqs[1].PayoutAddress != form.Get("payout_address")) {
			t.Errorf("the second create %+v does not use a fresh quote with the same addresses", reqs[1])
		}
	}
}

// TestSwapFormGetRequotes: opening a Swap link whose quote expired (the
// page stood open) asks the venues again in place, as the POST does: the
// form carries the fresh quote, says it was asked again and how the amount
// moved since the offer chosen, and counts the fresh quote down; a link
// without its request stays the plain "expired" answer.
func TestSwapFormGetRequotes(t *testing.T) {
	h := swapPageHandler(t, &fakeSwaps{})
	pageQuoteID(t, h)
	link := "/swap/new?quote=qgone000000000000000000000000&venue=changenow&" + url.Values{"request": {"amount=0.1&from=btc&to=eth&sort=speed"}, "shown": {"2.1"}}.Encode()
	resp := get(h, link)
	body := string(resp.Body)
	if resp.Status != 200 {
		t.Fatalf("status %d:\n%s", resp.Status, body)
	}
	for _, want := range []string{
		`<form id="swap-form"`, "asked again just now: the first quote had expired; it was 2.1\u00a0ETH, now 2.0312\u00a0ETH: 3.3\u00a0% less",
		`<span id="validity-left" data-valid-s="120">2 min</span> more, valid until`, `name="shown" value="2.0312"`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("requoted form lacks %q:\n%s", want, body)
		}
	}
	if strings.Contains(body, `name="quote" value="qgone`) || strings.Contains(body, "expired or is unknown") {
		t.Errorf("the requoted form keeps the dead quote:\n%s", body)
	}
	if resp := get(h, "/swap/new?quote=qgone000000000000000000000000&venue=changenow"); resp.Status != 404 || !strings.Contains(string(resp.Body), "expired or is unknown") {
		t.Errorf("a link without its request: %d", resp.Status)
	}
	if resp := get(h, "/swap/new?quote=qgone000000000000000000000000&venue=nosuch&request=amount%3D0.1%26from%3Dbtc%26to%3Deth"); resp.Status != 409 || !strings.Contains(string(resp.Body), "asked again just now") {
		t.Errorf("requoted without the venue's offer: %d\n%s", resp.Status, resp.Body)
	}
}
