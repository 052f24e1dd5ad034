package swapscout_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
)

// TestBracketOf: a dollar stablecoin side gives the bracket exactly; other
// swaps go by the rough figure of what was sent; none, no bracket.
func TestBracketOf(t *testing.T) {
	a := swapscout.MustAmount
	btc, eth, usdt := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "eth", Network: "eth"}, swapscout.Asset{Ticker: "USDT", Network: "trx"}
	odd := swapscout.Asset{Ticker: "nosuchcoin", Network: "x"}
	for _, c := range []struct {
		from     swapscout.Asset
		in       string
		to       swapscout.Asset
		out      string
		want     swapscout.Bracket
		describe string
	}{
		{btc, "0.001", usdt, "99.99", swapscout.BracketUnder100, "just under 100 received in USDT"},
		{usdt, "100", btc, "0.00125", swapscout.Bracket100, "100 sent in USDT"},
		{btc, "0.1", eth, "2.6", swapscout.Bracket1k, "0.1 BTC by its rough figure"},
		{eth, "10", btc, "0.37", swapscout.Bracket10k, "10 ETH by its rough figure"},
		{odd, "5", eth, "0.01", swapscout.BracketUnder100, "by what was received when the sent asset has no figure"},
		{odd, "5", odd, "5", "", "no figure either side"},
	} {
		if got := swapscout.BracketOf(c.from, a(c.in), c.to, a(c.out)); got != c.want {
			t.Errorf("%s: BracketOf = %q, want %q", c.describe, got, c.want)
		}
	}
}

// TestComputeBoardGroups: swaps are summed per venue, pair and bracket;
// groups of fewer than the minimum, and swaps with no bracket, get no line.
func TestComputeBoardGroups(t *testing.T) {
	btc, eth := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "eth", Network: "eth"}
	var rows []swapscout.BoardSwap
	add := func(n int, venue string, b swapscout.Bracket, st swapscout.SwapStatus) {
		for range n {
			rows = append(rows, swapscout.BoardSwap{Venue: venue, Status: st, From: btc, To: eth, Bracket: b})
		}
	}
	add(4, "alpha", swapscout.Bracket1k, swapscout.StatusFinished)
	add(1, "alpha", swapscout.Bracket1k, swapscout.StatusRefunded)
	add(3, "alpha", swapscout.BracketUnder100, swapscout.StatusFinished) // too few
	add(6, "beta", swapscout.Bracket10k, swapscout.StatusFailed)
	add(5, "beta", swapscout.Bracket100, swapscout.StatusFinished)
	add(9, "beta", "", swapscout.StatusFinished) // no bracket
	type line struct {
		Venue                             string
		Bracket                           swapscout.Bracket
		Swaps, Finished, Refunded, Failed int
	}
	var got []line
	for _, g := range swapscout.ComputeBoardGroups(rows, 0) {
		if g.From != btc || g.To != eth {
			t.Errorf("group pair %v>%v", g.From, g.To)
		}
		got = append(got, line{g.Venue, g.Bracket, g.Swaps, g.Finished, g.Refunded, g.Failed})
	}
	want := []line{
		{"alpha", swapscout.Bracket1k, 5, 4, 1, 0},
		{"beta", swapscout.Bracket100, 5, 5, 0, 0},
		{"beta", swapscout.Bracket10k, 6, 0, 0, 6},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("groups (-want +got):\n%s", d)
	}
}
