package web

import (
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

func TestGroupDigits(t *testing.T) {
	const s = "\u202f"
	for _, c := range []struct{ in, want string }{
		{"0.1", "0.1"},
		{"1234.5678", "1234.5678"},
		{"12345", "12" + s + "345"},
		{"1234567.1", "1" + s + "234" + s + "567.1"},
		{"0.12345", "0.123" + s + "45"},
		{"2.029032787832747837", "2.029" + s + "032" + s + "787" + s + "832" + s + "747" + s + "837"},
		{"-12345.000001", "-12" + s + "345.000" + s + "001"},
		{"123456789012345678901234567890", "123" + s + "456" + s + "789" + s + "012" + s + "345" + s + "678" + s + "901" + s + "234" + s + "567" + s + "890"},
		// Anything that is not a plain decimal is left as it is.
		{"", ""}, {"1e5", "1e5"}, {"NaN", "NaN"}, {"1.", "1."}, {".5", ".5"}, {"12 345", "12 345"}, {"<b>12345</b>", "<b>12345</b>"},
	} {
		if got := GroupDigits(c.in); got != c.want {
			t.Errorf("GroupDigits(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// FuzzGroupDigits: grouping only inserts separators, so removing them gives
// the input back, whatever the input.
func FuzzGroupDigits(f *testing.F) {
	for _, s := range []string{"0.1", "12345.678901", "-1", "1e400", "٣٤٥٦٧"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g := GroupDigits(s)
		if strings.Contains(s, groupSep) {
			return
		}
		if back := strings.ReplaceAll(g, groupSep, ""); back != s {
			t.Fatalf("GroupDigits(%q) = %q: without separators %q", s, g, back)
		}
	})
}

func TestMillis(t *testing.T) {
	for ms, want := range map[int64]string{0: "0 ms", 999: "999 ms", 1000: "1 s", 1500: "1.5 s", 2000: "2 s", 2049: "2 s", 2960: "3 s", -5: "0 ms"} {
		if got := Millis(ms); got != want {
			t.Errorf("Millis(%d) = %q, want %q", ms, got, want)
		}
	}
}

func TestReason(t *testing.T) {
	a := swapscout.MustAmount
	for _, c := range []struct {
		f    swapscout.Failure
		want string
	}{
		{swapscout.Failure{Code: "amount_too_small", Min: a("0.0012")}, "needs at least 0.0012\u00a0BTC"},
		{swapscout.Failure{Code: "amount_too_small", MinOut: a("25")}, "needs to pay out at least 25\u00a0ETH"},
		{swapscout.Failure{Code: "amount_too_small"}, "the amount is too small for it"},
		{swapscout.Failure{Code: "amount_too_large", Max: a("12500")}, "takes at most 12\u202f500\u00a0BTC"},
		{swapscout.Failure{Code: "timeout", Took: 2000 * time.Millisecond}, "timed out after 2 s"},
		{swapscout.Failure{Code: "unsupported_pair"}, "does not offer this pair"},
		{swapscout.Failure{Code: "rate_limited", RetryAfter: 30 * time.Second}, "is limiting our requests; try again in 30 s"},
		{swapscout.Failure{Code: "not_configured"}, "is not configured on this server (it needs an API key)"},
		{swapscout.Failure{Code: "something_new"}, "gave no offer (something_new)"},
	} {
		if got := Reason(&c.f, swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "eth", Network: "eth"}); got != c.want {
			t.Errorf("Reason(%+v) = %q, want %q", c.f, got, c.want)
		}
	}
}

// TestStaticNames: every asset is served under a name carrying its content
// hash, so it can be cached as immutable.
func TestStaticNames(t *testing.T) {
	for _, name := range []string{"app.js", "style.css", "icon.svg"} {
		p := paths[name]
		f := Static(strings.TrimPrefix(p, "/static/"))
		if f == nil || f.ContentType == "" || len(f.Body) == 0 {
			t.Fatalf("%s: served as %q: %+v", name, p, f)
		}
		if p == "/static/"+name {
			t.Errorf("%s is served without a content hash", name)
		}
	}
}

// TestFormSpelling: the form shows what the API understood, whatever the
// query's case or alias.
func TestFormSpelling(t *testing.T) {
	var f Form
	for k, v := range map[string]string{"from": "BTC", "to": "Usdt", "to_network": "TRX", "kyc": "b", "direction": "to", "rate": "fixed"} {
		f.Set(k, v)
	}
	if want := (Form{From: "btc", To: "usdt", ToNetwork: "trx", KYC: "B", Direction: "receive", Rate: "fixed"}); f != want {
		t.Errorf("form %+v, want %+v", f, want)
	}
}

func TestDuration(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0: "", 45 * time.Second: "45 s", 200 * time.Second: "3 min 20 s", 3 * time.Minute: "3 min",
		2*time.Hour + 5*time.Minute: "2 h 5 min", 24 * time.Hour: "1 day", 7 * 24 * time.Hour: "7 days", 30*time.Hour + time.Minute: "1 day 6 h",
	} {
		if got := Duration(d); got != want {
			t.Errorf("Duration(%v) = %q, want %q", d, got, want)
		}
	}
}
