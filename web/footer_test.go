package web

import (
	"strings"
	"testing"
)

// TestFooterSaysWhatIsStored: the footer tells the truth page by page. Quote
// and venue pages store nothing typed into them; the swap form and the
// rate-change page store the addresses with the swap once it is made; a
// swap's page is stored with its addresses, for as long as the server keeps
// swaps. No page that stores addresses says nothing is stored.
func TestFooterSaysWhatIsStored(t *testing.T) {
	const nothing, form, swap = "Nothing you type here is stored", "stored with the swap in this server's database once you press Swap",
		"This swap is stored in this server's database with the payout and refund addresses you gave"
	for _, c := range []struct {
		page string
		data any
		want string
	}{
		{"quote", QuotePage{}, nothing},
		{"venues", VenuesPage{}, nothing},
		{"notfound", NotFound{Title: "x"}, nothing},
		{"swapunavailable", SwapUnavailable{}, nothing},
		{"swapnew", SwapForm{}, form},
		{"swapconfirm", SwapConfirm{}, form},
		{"swap", SwapView{}, swap},
	} {
		b, err := Render(c.page, c.data)
		if err != nil {
			t.Fatalf("%s: %v", c.page, err)
		}
		_, foot, _ := strings.Cut(string(b), `<footer class="foot">`)
		if !strings.Contains(foot, c.want) {
			t.Errorf("%s footer: %q, want %q", c.page, foot, c.want)
		}
		if c.want != nothing && strings.Contains(foot, "Nothing you type") {
			t.Errorf("%s footer says nothing is stored: %q", c.page, foot)
		}
	}
}
