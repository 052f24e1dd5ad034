package httpapi_test

import (
	"strings"
	"testing"

	"github.com/swapscout/swapscout/httpapi"
)

// A v3 onion name built for the test: base32 of a public key, the
// checksum rend-spec-v3 defines and the version byte 3.
const testOnion = "h5bq4tltsw2y2yue6czxnap3i4ub5ciqg3uyve7ahbpbmcoerktyzxqd"

// TestParseOnionURL: --onion-url takes an http URL of a v3 onion service
// alone, and says what is wrong with anything else.
func TestParseOnionURL(t *testing.T) {
	for in, want := range map[string]string{
		"http://" + testOnion + ".onion":                    "http://" + testOnion + ".onion",
		"http://" + testOnion + ".onion/":                   "http://" + testOnion + ".onion",
		" HTTP://" + strings.ToUpper(testOnion) + ".ONION ": "http://" + testOnion + ".onion",
		"http://www." + testOnion + ".onion:8080":           "http://www." + testOnion + ".onion:8080",
	} {
		got, err := httpapi.ParseOnionURL(in)
		if err != nil || got != want {
			t.Errorf("ParseOnionURL(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	bad := testOnion[:10] + "a" + testOnion[11:] // one character mistyped
	for in, why := range map[string]string{
		"https://" + testOnion + ".onion":      "scheme must be http://",
		testOnion + ".onion":                   "scheme must be http://",
		"http://example.com":                   "not an .onion address",
		"http://" + testOnion + ".onion/x":     "without path",
		"http://" + testOnion + ".onion?a=1":   "without path",
		"http://u@" + testOnion + ".onion":     "without path",
		"http://" + testOnion + ".onion:0":     "not a port number",
		"http://expyuzz4wqqyqhjn.onion":        "v2 onion address",
		"http://" + testOnion[:55] + ".onion":  "56 characters",
		"http://" + bad + ".onion":             "checksum",
		"http://" + testOnion[:55] + "a.onion": "version byte",
		"http://" + testOnion[:55] + "1.onion": "base32",
	} {
		if got, err := httpapi.ParseOnionURL(in); err == nil || !strings.Contains(err.Error(), why) {
			t.Errorf("ParseOnionURL(%q) = %q, %v; want an error saying %q", in, got, err, why)
		}
	}
}
