package thorchain_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/thorchain"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// midgardSwap is the swap the Midgard fixtures are about: 0.01 BTC to ETH,
// created at 14:00 UTC on 2026-07-29, its deposit pending at 14:01:40.
func midgardSwap() *swapscout.Swap {
	return &swapscout.Swap{ID: "s1", Venue: "thorchain", From: btc, To: eth,
		AmountIn: swapscout.MustAmount("0.01"), PromisedIn: swapscout.MustAmount("0.01"),
		PayoutAddress: "0x1c7b17362c84287bd1184447e6dfeaf920c31bbe",
		DepositMemo:   "=:ETH.ETH:0x1c7b17362c84287bd1184447e6dfeaf920c31bbe::t:100",
		CreatedAt:     time.Date(2026, 7, 29, 14, 0, 0, 0, time.UTC)}
}

// finder builds the adapter against a replay of fixture on Midgard's path.
func finder(t *testing.T, fixture string, status int) (swapscout.DepositFinder, *venuetest.Replay) {
	t.Helper()
	rp := venuetest.NewReplay(t, "testdata", []venuetest.Route{{Path: "/v2/actions", Fixture: fixture, Status: status}})
	q, err := thorchain.Descriptor.New(venue.Config{BaseURL: "http://127.0.0.1:1", IndexerURL: rp.URL, HTTP: venuetest.Client(t),
		Now: func() time.Time { return time.Date(2026, 7, 29, 14, 5, 0, 0, time.UTC) }})
	if err != nil {
		t.Fatal(err)
	}
	f, ok := q.(swapscout.DepositFinder)
	if !ok {
		t.Fatal("the THORChain adapter cannot find deposits")
	}
	return f, rp
}

const foundTx = "A3F81568387CD3880AED812780799E8F6D3F970E071F7B1861B581B20399F21F"

// TestFindDeposit replays Midgard's /v2/actions: the swap's deposit is the
// one inbound of its asset, amount and memo dated after its creation;
// none, several, or a broken answer find nothing (and never panic).
func TestFindDeposit(t *testing.T) {
	for _, c := range []struct {
		name, fixture string
		status        int
		swap          func(*swapscout.Swap)
		want          string
		wantErr       bool
	}{
		{name: "pending", fixture: "actions_pending.json", want: foundTx},
		{name: "success", fixture: "actions_success.json", want: foundTx},
		// A refunded swap's deposit is still its deposit: its status says refunded.
		{name: "refund", fixture: "actions_refund.json", want: foundTx},
		{name: "ambiguous", fixture: "actions_ambiguous.json"},
		{name: "none", fixture: "actions_none.json"},
		{name: "empty", fixture: "actions_empty.json"},
		{name: "malformed", fixture: "actions_malformed.json", wantErr: true},
		{name: "unavailable", fixture: "actions_empty.json", status: 503, wantErr: true},
		// The recording off the wire: an ETH.USDT inbound of 1735.562067 to a BTC payout.
		{name: "recorded", fixture: "actions_recorded.json", want: "5378E62D1426BA399753583F01E8655C508DE22903352D1CAFA10942222CF7A1",
			swap: func(s *swapscout.Swap) {
				s.From, s.To = swapscout.Asset{Ticker: "usdt", Network: "eth"}, btc
				s.AmountIn, s.PromisedIn = swapscout.MustAmount("1735.562067"), swapscout.Amount{}
				s.PayoutAddress = "bc1q269j5rs4rm5tjpvm6adcchhvgmghc4p46250ra"
				s.DepositMemo = "loan-:BTC.BTC:bc1q269j5rs4rm5tjpvm6adcchhvgmghc4p46250ra:0"
				s.CreatedAt = time.Date(2024, 1, 10, 0, 0, 0, 0, time.UTC)
			}},
		// The deposit asks the swap with another limit (the simulator's
		// automatic payment carries the node's memo, without ours): the
		// same swap, when no deposit carries the very memo.
		{name: "other_limit", fixture: "actions_pending.json", want: foundTx,
			swap: func(s *swapscout.Swap) {
				s.DepositMemo = "=:e:0x1c7b17362c84287bd1184447e6dfeaf920c31bbe:13426722:t:100"
			}},
		// A checksummed EVM address is asked as written and in lower case.
		{name: "checksummed", fixture: "actions_pending.json", want: foundTx,
			swap: func(s *swapscout.Swap) { s.PayoutAddress = "0x1C7b17362c84287bd1184447e6dfeaf920c31bbe" }},
		{name: "recorded_other_memo", fixture: "actions_recorded.json",
			swap: func(s *swapscout.Swap) {
				s.From, s.To = swapscout.Asset{Ticker: "usdt", Network: "eth"}, btc
				s.AmountIn, s.PromisedIn = swapscout.MustAmount("1735.562067"), swapscout.Amount{}
				s.PayoutAddress = "bc1q269j5rs4rm5tjpvm6adcchhvgmghc4p46250ra"
				s.DepositMemo = "=:BTC.BTC:bc1q269j5rs4rm5tjpvm6adcchhvgmghc4p46250ra"
				s.CreatedAt = time.Date(2024, 1, 10, 0, 0, 0, 0, time.UTC)
			}},
		{name: "recorded_before_creation", fixture: "actions_recorded.json",
			swap: func(s *swapscout.Swap) {
				s.From, s.To = swapscout.Asset{Ticker: "usdt", Network: "eth"}, btc
				s.AmountIn = swapscout.MustAmount("1735.562067")
				s.PayoutAddress = "bc1q269j5rs4rm5tjpvm6adcchhvgmghc4p46250ra"
				s.DepositMemo = "loan-:BTC.BTC:bc1q269j5rs4rm5tjpvm6adcchhvgmghc4p46250ra:0"
				s.CreatedAt = time.Date(2024, 1, 11, 0, 0, 0, 0, time.UTC)
			}},
	} {
		t.Run(c.name, func(t *testing.T) {
			st := c.status
			if st == 0 {
				st = 200
			}
			f, rp := finder(t, c.fixture, st)
			s := midgardSwap()
			if c.swap != nil {
				c.swap(s)
			}
			tx, found, err := f.FindDeposit(context.Background(), s)
			if (err != nil) != c.wantErr {
				t.Fatalf("err = %v, want error %v", err, c.wantErr)
			}
			if tx != c.want || found != (c.want != "") {
				t.Errorf("found %q (%v), want %q", tx, found, c.want)
			}
			reqs := rp.Requests()
			if len(reqs) != 1 {
				t.Fatalf("made %d calls, want 1", len(reqs))
			}
			addr := s.PayoutAddress
			if low := strings.ToLower(addr); low != addr {
				addr += "," + low
			}
			if q := reqs[0].RawQuery; q != (url.Values{"address": {addr}, "limit": {"50"}, "type": {"swap"}}).Encode() {
				t.Errorf("asked %q", q)
			}
		})
	}
}

// TestFindDepositNoIndexer: without an indexer URL nothing is asked.
func TestFindDepositNoIndexer(t *testing.T) {
	q, _ := thorchain.Descriptor.New(venue.Config{BaseURL: "http://127.0.0.1:1", HTTP: venuetest.Client(t)})
	tx, found, err := q.(swapscout.DepositFinder).FindDeposit(context.Background(), midgardSwap())
	if tx != "" || found || err != nil {
		t.Errorf("got %q %v %v without an indexer", tx, found, err)
	}
}
