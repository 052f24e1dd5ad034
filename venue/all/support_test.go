package all_test

import (
	"net/mail"
	"net/url"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/all"
)

// TestSwapVenuesNameTheirSupport: every venue that makes swaps says where
// its users reach its support, with the source that says so, or names the
// sources read that document none; every address is an address and every
// page an https URL. A venue that makes no swaps names none.
func TestSwapVenuesNameTheirSupport(t *testing.T) {
	for _, d := range all.Descriptors {
		q, err := d.New(venue.Config{BaseURL: "http://127.0.0.1:1"})
		if err != nil {
			t.Fatalf("%s: %v", d.ID, err)
		}
		_, swaps := q.(swapscout.Swapper)
		c := d.Support
		switch {
		case !swaps && c != (swapscout.SupportContact{}):
			t.Errorf("%s makes no swaps, yet names support %+v", d.ID, c)
		case !swaps:
		case c.Source == "":
			t.Errorf("%s makes swaps and names no support contact nor the sources read", d.ID)
		case !c.Documented() && !strings.Contains(c.Source, "documents no support contact"):
			t.Errorf("%s: no contact, and its source does not say none is documented: %q", d.ID, c.Source)
		}
		if c.Email != "" {
			if a, err := mail.ParseAddress(c.Email); err != nil || a.Address != c.Email {
				t.Errorf("%s: support email %q is not a plain address", d.ID, c.Email)
			}
		}
		if c.URL != "" {
			if u, err := url.Parse(c.URL); err != nil || u.Scheme != "https" || u.Host == "" {
				t.Errorf("%s: support page %q is not an https URL", d.ID, c.URL)
			}
		}
	}
}
