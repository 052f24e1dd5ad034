package cex

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// readFacts reads an order_book section into s the way Descriptor does.
func readFacts(section string, s *Spec) error {
	var f bookFacts
	if err := venue.DecodeFacts([]byte(section), &f); err != nil {
		return err
	}
	return f.apply(s)
}

// TestBookFacts: venue.json's order_book section fills the spec's stated
// fields: bridges in order, the fee and its source, depths (a whole book as
// WholeBook), paths, caps and statuses with their Retry-After.
func TestBookFacts(t *testing.T) {
	var got Spec
	err := readFacts(`{"bridges":[{"ticker":"USDT","asset":"usdt"},{"ticker":"XXBT","asset":"btc"}],
		"taker_fee":"0.001","taker_fee_source":"[DOC] fees","whole_book":true,"depths_source":"[DOC] whole",
		"book_max_body":8388608,"markets_path":"/markets","markets_max_body":1024,"networks_path":"/coins",
		"statuses":{"403":{"code":"rate_limited","msg":"X banned this IP (HTTP 403)","retry_after":"10m","source":"[DOC]"},
		"451":{"code":"unavailable","msg":"X is unavailable here (HTTP 451)"}}}`, &got)
	if err != nil {
		t.Fatal(err)
	}
	want := Spec{Bridges: []Bridge{{Ticker: "USDT", Asset: "usdt"}, {Ticker: "XXBT", Asset: "btc"}},
		TakerFee: swapscout.MustAmount("0.001"), TakerFeeSource: "[DOC] fees",
		Depths: []int{WholeBook}, DepthsSource: "[DOC] whole", BookMaxBody: 8 << 20,
		MarketsPath: "/markets", MarketsMaxBody: 1024, NetworksPath: "/coins",
		Statuses: map[int]swapscout.VenueError{
			403: {Code: swapscout.CodeRateLimited, Msg: "X banned this IP (HTTP 403)", RetryAfter: 10 * time.Minute},
			451: {Code: swapscout.CodeUnavailable, Msg: "X is unavailable here (HTTP 451)"},
		}}
	if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b swapscout.Amount) bool { return a.Cmp(b) == 0 })); diff != "" {
		t.Errorf("spec from facts (-want +got):\n%s", diff)
	}
}

// TestBookFactsRefused: a misspelt key, depths stated two ways or not at
// all, a status with an unknown code, no message or a bad Retry-After, and
// bridges in both venue.json and the spec are errors, not silent defaults.
func TestBookFactsRefused(t *testing.T) {
	const ok = `"taker_fee":"0.001","taker_fee_source":"x","markets_path":"/m"`
	for name, section := range map[string]string{
		"unknown key":       `{` + ok + `,"depth":[100]}`,
		"no depths":         `{` + ok + `}`,
		"depths twice":      `{` + ok + `,"depths":[100],"whole_book":true}`,
		"unknown code":      `{` + ok + `,"depths":[100],"statuses":{"403":{"code":"forbidden","msg":"x"}}}`,
		"no message":        `{` + ok + `,"depths":[100],"statuses":{"403":{"code":"unavailable"}}}`,
		"bad retry":         `{` + ok + `,"depths":[100],"statuses":{"403":{"code":"rate_limited","msg":"x","retry_after":"ten"}}}`,
		"status not number": `{` + ok + `,"depths":[100],"statuses":{"forbidden":{"code":"unavailable","msg":"x"}}}`,
	} {
		if err := readFacts(section, &Spec{}); err == nil {
			t.Errorf("%s: section read, want an error", name)
		}
	}
	s := Spec{Bridges: []Bridge{{Ticker: "USDT", Asset: "usdt"}}}
	err := readFacts(`{`+ok+`,"depths":[100],"bridges":[{"ticker":"BTC","asset":"btc"}]}`, &s)
	if err == nil || !strings.Contains(err.Error(), "twice") {
		t.Errorf("bridges in venue.json and the spec: %v, want stated twice", err)
	}
}

// TestBookPathTemplate: a book_path fills in the symbol, escaped for its
// place (a path segment, or a query value), and the depth; a template
// without one {symbol}, with {depth} first or twice, or not a path is
// refused.
func TestBookPathTemplate(t *testing.T) {
	m := Market{}
	m.Symbol = "BTC/USD"
	for tmpl, want := range map[string]string{
		"/depth?symbol={symbol}&limit={depth}": "/depth?symbol=BTC%2FUSD&limit=250",
		"/book/{symbol}/P0?len={depth}":        "/book/BTC%2FUSD/P0?len=250",
		"/products/{symbol}/book?level=2":      "/products/BTC%2FUSD/book?level=2",
		"/depth?symbol={symbol}&type=step0":    "/depth?symbol=BTC%2FUSD&type=step0",
	} {
		p, err := bookPath(tmpl)
		if err != nil {
			t.Fatalf("bookPath(%q): %v", tmpl, err)
		}
		if got := p(m, 250); got != want {
			t.Errorf("bookPath(%q)(BTC/USD, 250) = %s, want %s", tmpl, got, want)
		}
	}
	for _, tmpl := range []string{"/depth?limit={depth}", "/depth/{depth}/{symbol}", "/{symbol}/{symbol}",
		"/{symbol}?a={depth}&b={depth}", "depth?symbol={symbol}", "/{Symbol}", "/depth?symbol={symbol}&{level}"} {
		if _, err := bookPath(tmpl); err == nil {
			t.Errorf("bookPath(%q) made a path, want an error", tmpl)
		}
	}
	s := Spec{BookPath: func(Market, int) string { return "/x" }}
	if err := readFacts(`{"taker_fee":"0","taker_fee_source":"x","markets_path":"/m","depths":[1],"book_path":"/b/{symbol}"}`, &s); err == nil {
		t.Error("book path in venue.json and the spec read, want stated twice")
	}
}
