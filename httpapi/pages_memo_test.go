package httpapi_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/swaps"
)

// TestSwapFormMemoConfirmation: a memo-deposit offer (THORChain, Maya) is
// never swapped by default from the page: its form asks the user to
// confirm that their wallet can put the memo inside the deposit
// transaction, and says the memo's price limit; sent without that box, the
// form comes back (400) with the question beside it and nothing is created;
// with it, the swap is made. A transfer offer's form asks nothing. Plain
// HTML: it works without JavaScript.
func TestSwapFormMemoConfirmation(t *testing.T) {
	offers := func(_ context.Context, req swapscout.QuoteRequest, _ aggregate.Selection) (*swapscout.Quote, error) {
		return &swapscout.Quote{Request: req, CreatedAt: now, Offers: []swapscout.Offer{
			{Venue: "thorchain", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2"), Rate: swapscout.MustAmount("20"), KYC: 'A',
				Custody: swapscout.NonCustodial, Deposit: swapscout.DepositMemo, CanSwap: true},
			{Venue: "changenow", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("1.9"), Rate: swapscout.MustAmount("19"), KYC: 'C',
				Custody: swapscout.Custodial, Deposit: swapscout.DepositTransfer, CanSwap: true},
		}}, nil
	}
	fs := &fakeSwaps{CreateFn: func(n int, r swaps.CreateRequest) (*swapscout.Swap, error) {
		sw := sampleSwap(swapscout.StatusWaiting)
		return sw, nil
	}}
	h := httpapi.NewHandler(httpapi.Deps{
		Quotes: &fakeQuotes{QuoteFn: offers}, Store: inmem.New(inmem.Options{}), Now: func() time.Time { return now },
		Venues: func() []swapscout.VenueInfo {
			return []swapscout.VenueInfo{{ID: "thorchain", Name: "THORChain", CanSwap: true}, {ID: "changenow", Name: "ChangeNOW", CanSwap: true}}
		},
		Swaps: fs,
	})
	id := pageQuoteID(t, h)
	form := string(get(h, "/swap/new?quote="+id+"&venue=thorchain").Body)
	for _, want := range []string{`<input type="checkbox" id="memo_confirm" name="memo_confirm" value="yes" required>`,
		"My wallet can put the swap's memo inside the deposit transaction",
		"The memo carries a price limit: if THORChain would pay out less than 1.99\u00a0ETH (0.5&nbsp;% under this offer), it refunds your deposit instead of swapping."} {
		if !strings.Contains(form, want) {
			t.Errorf("the memo offer's form lacks %q:\n%s", want, form)
		}
	}
	if body := string(get(h, "/swap/new?quote="+id+"&venue=changenow").Body); strings.Contains(body, "memo_confirm") {
		t.Error("a transfer offer's form asks about a memo")
	}
	fields := url.Values{"quote": {id}, "venue": {"thorchain"}, "key": {"page-k1"}, "payout_address": {"0xpayout"}, "refund_address": {"bc1qrefund"}}
	r := post(h, "/swap/new", fields, nil)
	body := string(r.Body)
	if r.Status != 400 || !strings.Contains(body, `<p id="memo_confirm-error" class="field-error">Confirm that your wallet can put the memo inside the deposit transaction`) ||
		!strings.Contains(body, `aria-invalid="true" aria-describedby="memo_confirm-error"`) || !strings.Contains(body, `value="0xpayout"`) {
		t.Errorf("unconfirmed memo swap: %d\n%s", r.Status, body)
	}
	if n := len(fs.requests()); n != 0 {
		t.Errorf("%d swaps created without the confirmation", n)
	}
	fields.Set("memo_confirm", "yes")
	if r := post(h, "/swap/new", fields, nil); r.Status != 303 || len(fs.requests()) != 1 {
		t.Errorf("confirmed memo swap: %d, %d created", r.Status, len(fs.requests()))
	}
	// A transfer offer needs no confirmation.
	fields = url.Values{"quote": {id}, "venue": {"changenow"}, "key": {"page-k2"}, "payout_address": {"0xpayout"}, "refund_address": {"bc1qrefund"}}
	if r := post(h, "/swap/new", fields, nil); r.Status != 303 || len(fs.requests()) != 2 {
		t.Errorf("transfer swap: %d, %d created", r.Status, len(fs.requests()))
	}
}
