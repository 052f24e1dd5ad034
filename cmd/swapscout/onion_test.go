package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"
)

// TestOnionURLCheckedAtStart: serve refuses an --onion-url that is
// not an http URL of a v3 onion service, naming the flag, before they bind
// or start anything.
func TestOnionURLCheckedAtStart(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for _, cmd := range []string{"serve"} {
		for url, why := range map[string]string{
			"https://h5bq4tltsw2y2yue6czxnap3i4ub5ciqg3uyve7ahbpbmcoerktyzxqd.onion": "scheme must be http://",
			"http://swapscout.example":      "not an .onion address",
			"http://expyuzz4wqqyqhjn.onion": "v2 onion address",
		} {
			err := run(ctx, []string{cmd, "--addr", "127.0.0.1:0", "--onion-url", url}, noEnv, &bytes.Buffer{}, &bytes.Buffer{})
			if err == nil || !strings.Contains(err.Error(), "--onion-url") || !strings.Contains(err.Error(), why) {
				t.Errorf("%s --onion-url %s: %v, want an error saying %q", cmd, url, err, why)
			}
		}
	}
}
