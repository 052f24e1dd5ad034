package web

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
)

// A route's row is named by its venues and bridge and lists its legs; a
// split's by its venues, listing its parts.
func TestResultsComposite(t *testing.T) {
	firo, ton := swapscout.Asset{Ticker: "firo", Network: "firo"}, swapscout.Asset{Ticker: "ton", Network: "ton"}
	a := swapscout.MustAmount
	q := &swapscout.Quote{ID: "q1", Request: swapscout.QuoteRequest{From: firo, To: ton, Amount: a("100")}, Offers: []swapscout.Offer{
		{Venue: "alpha>xmr@xmr>bravo", AmountIn: a("100"), AmountOut: a("55.5"), Legs: []swapscout.Offer{
			{Venue: "alpha", AmountIn: a("100"), AmountOut: a("1")}, {Venue: "bravo", AmountIn: a("1"), AmountOut: a("55.5")}}},
		{Venue: "split:alpha+bravo", AmountIn: a("100"), AmountOut: a("56"), Parts: []swapscout.Offer{
			{Venue: "alpha", AmountIn: a("60"), AmountOut: a("33.6")}, {Venue: "bravo", AmountIn: a("40"), AmountOut: a("22.4")}}},
	}}
	res := NewResults(q, 0, map[string]string{"alpha": "Alpha", "bravo": "Bravo"}, "")
	type row struct {
		Name  string
		Steps []string
		Split bool
	}
	var got []row
	for _, o := range res.Offers {
		got = append(got, row{o.Name, o.Steps, o.Split})
	}
	want := []row{
		{"Alpha → XMR → Bravo", []string{"100" + nbsp + "FIRO → 1" + nbsp + "XMR at Alpha", "1" + nbsp + "XMR → 55.5" + nbsp + "TON at Bravo"}, false},
		{"Alpha + Bravo", []string{"60" + nbsp + "FIRO → 33.6" + nbsp + "TON at Alpha", "40" + nbsp + "FIRO → 22.4" + nbsp + "TON at Bravo"}, true},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}
