package main

import (
	"context"
	"errors"
	"flag"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/venue/all"
)

func runOut(t *testing.T, getenv func(string) string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	if getenv == nil {
		getenv = noEnv
	}
	var out, errOut syncBuffer
	err = run(context.Background(), args, getenv, &out, &errOut)
	return out.String(), errOut.String(), err
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		out, _, err := runOut(t, nil, args...)
		if err != nil || !strings.HasPrefix(out, "swapscout ") || !strings.Contains(out, "go1") {
			t.Errorf("%v: %q, %v", args, out, err)
		}
	}
}

// TestNegativeAmount: "-1" after FROM TO is the amount, and is refused as
// such; a negative flag value still reaches its flag.
func TestNegativeAmount(t *testing.T) {
	for _, amount := range []string{"-1", "-0.5", "0"} {
		_, _, err := runOut(t, nil, "quote", "btc", "eth", amount, "--sim")
		if err == nil || !strings.Contains(err.Error(), "amount must be positive") {
			t.Errorf("quote btc eth %s: %v", amount, err)
		}
	}
	fs := newFlagSet("t", "t", io.Discard)
	seed := fs.Int64("seed", 1, "")
	sim := fs.Bool("sim", false, "")
	pos, err := parseArgs(fs, []string{"btc", "--seed", "-5", "eth", "-1", "--sim", "--", "-x"})
	if err != nil || *seed != -5 || !*sim || strings.Join(pos, " ") != "btc eth -1 -x" {
		t.Errorf("parseArgs: %q seed=%d sim=%v err=%v", pos, *seed, *sim, err)
	}
}

// TestSubcommandHelp: -h prints the usage and exits 0 (on stdout:
// TestHelpOnStdout); a command without flags prints no empty flags section.
func TestSubcommandHelp(t *testing.T) {
	if exitCode(flag.ErrHelp) != 0 {
		t.Error("-h exits non-zero")
	}
	if exitCode(errors.New("x")) != 1 {
		t.Error("an error exits 0")
	}
	var b strings.Builder
	fs := newFlagSet("bare", "bare", &b)
	fs.Usage()
	if strings.Contains(b.String(), "flags") {
		t.Errorf("usage of a flagless command: %q", b.String())
	}
}

func TestVenuesJSON(t *testing.T) {
	out, _, err := runOut(t, nil, "venues", "--json")
	if err != nil {
		t.Fatal(err)
	}
	venues, err := api.DecodeVenues([]byte(out))
	if err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if len(venues) != len(all.Descriptors) || venues[0].ID != all.Descriptors[0].ID {
		t.Errorf("%d venues, first %+v", len(venues), venues[0])
	}
	// can_swap as GET /v1/venues says it: configured here and able to swap.
	can := map[string]bool{}
	for _, v := range venues {
		can[v.ID] = v.CanSwap
	}
	if !can["exolix"] || !can["thorchain"] || can["changenow"] || can["binance"] {
		t.Errorf("--json can_swap: %v", can)
	}
}

func TestQuoteFlagConflicts(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"quote", "btc", "eth", "1", "--server", "http://127.0.0.1:1", "--venue-error-rate", "kraken=1"}, "--venue-error-rate: simulator flags do not apply with --server"},
		{[]string{"quote", "btc", "eth", "1", "--server", "http://127.0.0.1:1", "--sim"}, "--sim: simulator flags"},
		{[]string{"quote", "btc", "eth", "1", "--sim", "--venues", "kraken", "--exclude", "kraken"}, "removes every venue"},
		{[]string{"quote", "btc", "eth", "1", "--server", "http://127.0.0.1:1"}, "cannot reach the server at http://127.0.0.1:1: connection refused"},
		{[]string{"quote", "btc", "eth", "1", "--server", "127.0.0.1:1"}, "cannot reach the server at http://127.0.0.1:1"},
	} {
		_, _, err := runOut(t, nil, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.args, err, c.want)
		}
	}
}

func TestPluralsAndDurations(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{plural(1, "failure"), "1 failure"}, {plural(2, "failure"), "2 failures"}, {plural(0, "offer"), "0 offers"},
		{fmtDuration(1001 * time.Millisecond), "1.0 s"}, {fmtDuration(245 * time.Millisecond), "245 ms"},
		{fmtDuration(12345 * time.Millisecond), "12.3 s"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	q, _ := api.DecodeQuote([]byte(`{"request":{"amount":"1"},"offers":[{"venue":"a","took_ms":1001}],"failures":[{"venue":"b","code":"timeout"}],"took_ms":1001}`))
	var b strings.Builder
	printQuote(&b, q, nil)
	if out := b.String(); !strings.Contains(out, "1 offer, 1 failure, 1.0 s") || strings.Contains(out, "1001") {
		t.Errorf("header:\n%s", out)
	}
	for in, want := range map[string]string{
		"no answer within 1.001s": "no answer within 1.0 s", "no answer within 250ms": "no answer within 250 ms",
		"Binance maximum is 5000 btc": "Binance maximum is 5000 btc",
	} {
		if got := readableDurations(in); got != want {
			t.Errorf("readableDurations(%q) = %q, want %q", in, got, want)
		}
	}
	q.Offers = nil
	b.Reset()
	printQuote(&b, q, nil)
	if out := b.String(); !strings.Contains(out, "no offers") || strings.Contains(out, "VENUE") {
		t.Errorf("no offers, yet a table header:\n%s", out)
	}
}

// TestQuoteInjectedFaults: the rate-limit knob shows as rate_limited (not as
// a market list that never loaded), and an error rate of 1 on quote calls
// leaves the lists loading; progress on a non-terminal has no escape codes.
func TestQuoteInjectedFaults(t *testing.T) {
	out, stderr, err := runOut(t, nil, "quote", "btc", "eth", "0.1", "--sim", "--walk", "0", "--json", "--venues", "binance,kraken,fixedfloat",
		"--venue-rate-limit-rate", "binance=1", "--venue-error-rate", "kraken=1", "--error-rate", "0")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(stderr, "\033[") {
		t.Errorf("escape codes in progress to a non-terminal: %q", stderr)
	}
	q, err := api.DecodeQuote([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	codes := map[string]string{}
	for _, f := range q.Failures {
		codes[f.Venue] = string(f.Code) + ": " + f.Message
	}
	if !strings.HasPrefix(codes["binance"], "rate_limited") {
		t.Errorf("binance under rate-limit-rate 1: %q", codes["binance"])
	}
	if c := codes["kraken"]; c == "" || strings.Contains(c, "not loaded") {
		t.Errorf("kraken under error-rate 1: %q", c)
	}
	if !contains(q.Offers, "fixedfloat") {
		t.Errorf("fixedfloat gave no offer: %+v", q.Failures)
	}

	var k simKnobs
	fs := newFlagSet("t", "", io.Discard)
	k.register(fs)
	_ = fs.Parse([]string{"--walk", "0", "--latency", "1ms", "--error-rate", "1"})
	s, err := k.newSim()
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st, err := newStack(context.Background(), stackOptions{simURL: s.URL(), secret: k.secret, getenv: noEnv})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	n := 0
	for _, v := range st.registry.Venues() {
		if rf, ok := v.Quoter.(swapscout.Refresher); ok {
			n++
			if err := rf.Refresh(context.Background()); err != nil {
				t.Errorf("%s: list did not load under --error-rate 1: %v", v.ID, err)
			}
		}
	}
	if n < 10 {
		t.Errorf("only %d venues load lists", n)
	}
}

// TestDemoFlagsLikeServe: demo takes --ttl and SWAPSCOUT_TRANSPORT as serve does.
func TestDemoFlagsLikeServe(t *testing.T) {
	var ttl string
	afterParse = func(fs *flag.FlagSet, _ []string) error {
		if f := fs.Lookup("ttl"); f != nil {
			ttl = f.Value.String()
		}
		if tr := fs.Lookup("transport").Value.String(); tr != "nethttp" {
			t.Errorf("demo --transport from SWAPSCOUT_TRANSPORT = %q", tr)
		}
		return errParsed
	}
	defer func() { afterParse = nil }()
	getenv := func(k string) string {
		if k == "SWAPSCOUT_TRANSPORT" {
			return "nethttp"
		}
		return ""
	}
	if _, _, err := runOut(t, getenv, "demo", "--ttl", "30s"); !errors.Is(err, errParsed) || ttl != "30s" {
		t.Errorf("demo --ttl 30s: %v, ttl %q", err, ttl)
	}
}
