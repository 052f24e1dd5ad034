package httpapi_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

// TestPageResultsArranged: the results page ranks for people, as the API
// does not: the offers that can become a swap here first, best first,
// then those that cannot (no Swap button, the reason shown); the order
// books' prices apart, under "Prices on exchanges, for comparison", with
// no Swap button, however good their price.
func TestPageResultsArranged(t *testing.T) {
	a := swapscout.MustAmount
	offers := func(_ context.Context, req swapscout.QuoteRequest, _ aggregate.Selection) (*swapscout.Quote, error) {
		o := func(venue, out string, can bool, why string) swapscout.Offer {
			return swapscout.Offer{Venue: venue, AmountIn: req.Amount, AmountOut: a(out), Rate: a(out), KYC: 'B',
				Custody: swapscout.Custodial, Deposit: swapscout.DepositTransfer, CanSwap: can, NoSwap: why}
		}
		return &swapscout.Quote{Request: req, Offers: []swapscout.Offer{ // ranked as the API ranks: by amount
			o("binance", "2.2", false, "an exchange's price, for comparison: trading there needs an account"),
			o("thorchain", "2.1", false, "THORChain takes deposits of USDT on Ethereum through its router contract"),
			o("changenow", "2.05", true, ""),
			o("kraken", "2.04", false, "an exchange's price, for comparison: trading there needs an account"),
			o("exolix", "2.0", true, ""),
		}}, nil
	}
	venues := append([]swapscout.VenueInfo{{ID: "thorchain", Name: "THORChain", Kind: swapscout.InstantSwap, CanSwap: true},
		{ID: "exolix", Name: "Exolix", Kind: swapscout.InstantSwap, CanSwap: true}}, pageVenues...)
	body := string(get(pageHandler(t, offers, venues), "/quote?from=usdt&to=eth&amount=500").Body)
	books := strings.Index(body, `id="books-section"`)
	if books < 0 {
		t.Fatalf("no exchange prices section:\n%s", body)
	}
	rows := func(html string) []string {
		var out []string
		for _, m := range regexp.MustCompile(`<tr data-venue="([a-z]+)"[^>]*>\s*<td class="rank">(\d+)</td>`).FindAllStringSubmatch(html, -1) {
			out = append(out, m[2]+" "+m[1])
		}
		return out
	}
	if diff := cmp.Diff([]string{"1 changenow", "2 exolix", "3 thorchain"}, rows(body[:books])); diff != "" {
		t.Errorf("offers (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"1 binance", "2 kraken"}, rows(body[books:])); diff != "" {
		t.Errorf("exchange prices (-want +got):\n%s", diff)
	}
	for _, want := range []string{"Prices on exchanges, for comparison", "They need an account there",
		`<span class="no-swap">no swap here <small class="why">THORChain takes deposits of USDT on Ethereum through its router contract</small></span>`,
		"3 offers for 500 USDT sent"} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	for _, v := range []string{"binance", "kraken", "thorchain"} {
		if strings.Contains(body, "venue="+v+`"`) {
			t.Errorf("%s's offer has a Swap button", v)
		}
	}
}
