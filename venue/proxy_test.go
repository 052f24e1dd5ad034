package venue_test

import (
	"testing"

	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/changenow"
	"github.com/swapscout/swapscout/venue/thorchain"
)

// TestProxyFor: a venue's own proxy wins, "direct" exempts it, the proxy
// for all covers the rest, and a venue that refuses Tor goes direct unless
// it names its own.
func TestProxyFor(t *testing.T) {
	const tor = "socks5://127.0.0.1:9050"
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, tc := range []struct {
		name string
		d    *venue.Descriptor
		all  string
		env  map[string]string
		want string
	}{
		{"none", &thorchain.Descriptor, "", nil, ""},
		{"all", &thorchain.Descriptor, tor, nil, tor},
		{"own", &thorchain.Descriptor, "", map[string]string{"SWAPSCOUT_THORCHAIN_PROXY": "socks5://10.0.0.1:1080"}, "socks5://10.0.0.1:1080"},
		{"direct", &thorchain.Descriptor, tor, map[string]string{"SWAPSCOUT_THORCHAIN_PROXY": "direct"}, ""},
		{"refuses Tor", &changenow.Descriptor, tor, nil, ""},
		{"refuses Tor, own proxy", &changenow.Descriptor, tor, map[string]string{"SWAPSCOUT_CHANGENOW_PROXY": tor}, tor},
	} {
		if got := venue.ProxyFor(tc.d, tc.all, env(tc.env)); got.URL != tc.want {
			t.Errorf("%s: %+v, want %q", tc.name, got, tc.want)
		}
	}
}
