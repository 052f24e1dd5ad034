package web

import (
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

var (
	btc  = swapscout.Asset{Ticker: "btc", Network: "btc"}
	xmr  = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	eth  = swapscout.Asset{Ticker: "eth", Network: "eth"}
	usdt = swapscout.Asset{Ticker: "usdt", Network: "bsc"}
)

func unsep(s string) string {
	return strings.NewReplacer(groupSep, "", nbsp, " ").Replace(s)
}

func TestShow(t *testing.T) {
	a := swapscout.MustAmount
	for _, tc := range []struct {
		v    string
		of   swapscout.Asset
		mode swapscout.RoundingMode
		want string
	}{
		{"2.034324901560263456", eth, swapscout.RoundDown, "2.0343249015"},
		{"0.123456789", btc, swapscout.RoundUp, "0.12345679"},
		{"100.123456789012345678", usdt, swapscout.RoundDown, "100.123456"}, // 18 decimals on chain, 6 shown
		{"1.5", xmr, swapscout.RoundDown, "1.5"},
	} {
		if got := unsep(Show(a(tc.v), tc.of, tc.mode)); got != tc.want {
			t.Errorf("Show(%s %v) = %q, want %q", tc.v, tc.of, got, tc.want)
		}
	}
}

func TestRateWithUnits(t *testing.T) {
	fwd, inv := Rate(swapscout.MustAmount("163.24915832091234"), btc, xmr)
	if unsep(fwd) != "1 BTC = 163.249 XMR" || unsep(inv) != "1 XMR = 0.00612561 BTC" {
		t.Errorf("Rate = %q, %q", unsep(fwd), unsep(inv))
	}
	if fwd, inv := Rate(swapscout.Amount{}, btc, xmr); fwd != "" || inv != "" {
		t.Errorf("Rate(0) = %q, %q, want nothing", fwd, inv)
	}
}

func TestETA(t *testing.T) {
	m := time.Minute
	for _, tc := range []struct {
		min, max time.Duration
		want     string
	}{
		{0, 0, ""},
		{10 * m, 10 * m, "about 10 min"},
		{0, 30 * m, "up to 30 min"},
		{5 * m, 0, "about 5 min"},
		{5 * m, 90 * m, "5 min–1 h 30 min"},
	} {
		if got := ETA(tc.min, tc.max); got != tc.want {
			t.Errorf("ETA(%s, %s) = %q, want %q", tc.min, tc.max, got, tc.want)
		}
	}
}

func TestWorse(t *testing.T) {
	a := swapscout.MustAmount
	best := &swapscout.Offer{AmountIn: a("0.1"), AmountOut: a("16.3")}
	for _, tc := range []struct {
		d       swapscout.Direction
		in, out string
		want    string
	}{
		{swapscout.Send, "0.1", "16.3", "best"},
		{swapscout.Send, "0.1", "16.163", "0.84 %"},
		{swapscout.Send, "0.1", "14.67", "10 %"},
		{swapscout.Receive, "0.1", "16.3", "best"},
		{swapscout.Receive, "0.105", "16.3", "5 %"},
	} {
		o := &swapscout.Offer{AmountIn: a(tc.in), AmountOut: a(tc.out)}
		if got := unsep(Worse(tc.d, best, o)); got != tc.want {
			t.Errorf("Worse(%v, in %s out %s) = %q, want %q", tc.d, tc.in, tc.out, got, tc.want)
		}
	}
}

// TestResultsReadable: the rows round amounts, limits and fees to the
// asset's useful precision and keep the exact values for the title; an
// offer's ETA and distance from the best are there; sort=speed orders by
// the estimate, offers without one last.
func TestResultsReadable(t *testing.T) {
	a := swapscout.MustAmount
	q := &swapscout.Quote{ID: "q1", Request: swapscout.QuoteRequest{From: btc, To: eth, Amount: a("0.1")}}
	q.Offers = []swapscout.Offer{
		{Venue: "a", AmountIn: a("0.1"), AmountOut: a("2.034324901560263456"), Rate: a("20.34324901560263456"), CanSwap: true,
			Min: a("0.000123456789"), Max: a("12.123456789"), ETAMin: 20 * time.Minute, ETAMax: 40 * time.Minute},
		{Venue: "b", AmountIn: a("0.1"), AmountOut: a("2.0"), Rate: a("20"), CanSwap: true, ETAMax: 5 * time.Minute,
			Fees: []swapscout.Fee{{Kind: "network", Amount: a("0.000420000000000001"), Asset: eth}}},
		{Venue: "c", AmountIn: a("0.1"), AmountOut: a("1.9"), Rate: a("19"), CanSwap: true},
	}
	r := NewResults(q, 0, nil, "")
	o := r.Offers[0]
	if unsep(o.AmountOut) != "2.0343249015" || o.ExactOut != "2.034324901560263456" || o.ShownExact != "2.034324901560263456 ETH" {
		t.Errorf("amount out %q exact %q title %q", unsep(o.AmountOut), o.ExactOut, o.ShownExact)
	}
	if got := unsep(o.Limits); got != "min 0.00012346 BTC · max 12.12345678 BTC" {
		t.Errorf("limits %q", got)
	}
	if unsep(o.Rate) != "1 BTC = 20.3432 ETH" || unsep(o.RateInverse) != "1 ETH = 0.0491564 BTC" {
		t.Errorf("rate %q / %q", unsep(o.Rate), unsep(o.RateInverse))
	}
	if o.ETA != "20 min–40 min" || o.Worse != "best" || unsep(r.Offers[1].Worse) != "1.7 %" {
		t.Errorf("eta %q, worse %q, %q", o.ETA, o.Worse, r.Offers[1].Worse)
	}
	if got := unsep(r.Offers[1].Fees[0]); got != "network 0.00042 ETH" {
		t.Errorf("fee %q", got)
	}
	r.Arrange(nil, "speed")
	var order []string
	for _, o := range r.Offers {
		order = append(order, o.Venue)
	}
	if strings.Join(order, ",") != "b,a,c" {
		t.Errorf("sort=speed order %v, want b,a,c (no estimate last)", order)
	}
}

// TestNetworkChoices: a ticker on several networks gets one option per
// network, named for people.
func TestNetworkChoices(t *testing.T) {
	c := NewChoices()
	found := false
	for _, n := range c.Networks {
		if n.Tickers == "usdt" && n.Value == "trx" {
			found = n.Label == "USDT — Tron (TRC-20)"
		}
	}
	if !found {
		t.Errorf("no option \"USDT — Tron (TRC-20)\" among %v", c.Networks)
	}
	for _, tk := range c.Tickers {
		if tk.Value == "usdt" && tk.Default != "Ethereum (ERC-20)" {
			t.Errorf("usdt's usual network %q", tk.Default)
		}
	}
}

// TestSwapViewNoDeadline: a swap whose venue gave no deadline says what is
// known, by its rate type, never only "send soon".
func TestSwapViewNoDeadline(t *testing.T) {
	now := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	for rt, want := range map[swapscout.RateType]string{swapscout.Fixed: "a fixed rate holds only as long as the venue's quote", swapscout.Float: "a floating rate is set when the deposit arrives"} {
		sw := &swapscout.Swap{ID: "s1", Venue: "v", Status: swapscout.StatusWaiting, RateType: rt, From: btc, To: xmr}
		if got := NewSwapView(sw, nil, nil, now).NoDeadline; !strings.Contains(got, want) {
			t.Errorf("%v: NoDeadline %q, want %q", rt, got, want)
		}
		sw.ExpiresAt = now.Add(time.Hour)
		if got := NewSwapView(sw, nil, nil, now).NoDeadline; got != "" {
			t.Errorf("%v with a deadline: NoDeadline %q", rt, got)
		}
	}
}

// TestRateHoldShown: a fixed-rate offer's form says how long its venue
// holds the rate once the swap is made (a floating one says nothing of it),
// and a fixed-rate swap its venue gave no deadline says what the venue
// documents ("ChangeNOW holds a fixed rate for 20 minutes …, so until about
// 00:20:00 UTC") or that it states nothing, never only "send soon".
func TestRateHoldShown(t *testing.T) {
	now := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	hold := swapscout.RateHold{For: 20 * time.Minute, From: swapscout.HoldFromCreation, Source: "[DOC] faq"}
	for rt, want := range map[string]string{"fixed": "ChangeNOW holds a fixed rate for 20 minutes from the swap's creation", "float": ""} {
		f := SwapForm{Name: "ChangeNOW", Offer: &OfferRow{RateType: rt}}
		f.SetHold(hold)
		if f.Facts.Hold != want {
			t.Errorf("%s offer: hold %q, want %q", rt, f.Facts.Hold, want)
		}
	}
	names := map[string]string{"v": "ChangeNOW"}
	sw := &swapscout.Swap{ID: "s1", Venue: "v", Status: swapscout.StatusWaiting, RateType: swapscout.Fixed, From: btc, To: xmr, CreatedAt: now}
	for h, want := range map[swapscout.RateHold]string{
		hold:                     "the venue gave no deadline, but ChangeNOW holds a fixed rate for 20 minutes from the swap's creation, so until about 00:20:00 UTC",
		{Source: "undocumented"}: "the venue gave no deadline, and ChangeNOW does not state how long it holds a fixed rate",
	} {
		v := NewSwapView(sw, nil, names, now)
		v.SetHold(h, sw.CreatedAt)
		if !strings.HasPrefix(v.NoDeadline, want) {
			t.Errorf("hold %+v: NoDeadline %q, want %q…", h, v.NoDeadline, want)
		}
	}
	floating := *sw
	floating.RateType = swapscout.Float
	v := NewSwapView(&floating, nil, names, now)
	v.SetHold(hold, sw.CreatedAt)
	if !strings.Contains(v.NoDeadline, "a floating rate is set when the deposit arrives") {
		t.Errorf("a floating swap: NoDeadline %q", v.NoDeadline)
	}
}

// TestSwapFormMoved: a requoted form says how the amount moved since the
// offer chosen, by how much, both ways, and nothing when it is unknown.
func TestSwapFormMoved(t *testing.T) {
	for _, c := range []struct{ shown, now, want string }{
		{"2.1", "2.0312", "it was 2.1\u00a0ETH, now 2.0312\u00a0ETH: 3.3\u00a0% less"},
		{"2", "2.02", "it was 2\u00a0ETH, now 2.02\u00a0ETH: 1\u00a0% more"},
		{"2.02", "2.02", "the amount did not move"},
		{"", "2.02", ""},
		{"junk", "2.02", ""},
	} {
		f := SwapForm{To: "ETH", Shown: c.now}
		f.SetMoved(c.shown)
		if f.Moved != c.want {
			t.Errorf("SetMoved(%q) from %q = %q, want %q", c.shown, c.now, f.Moved, c.want)
		}
	}
}
