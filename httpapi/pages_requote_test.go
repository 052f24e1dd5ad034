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
