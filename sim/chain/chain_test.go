package chain_test

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain/all"
	"github.com/swapscout/swapscout/chain/chaintest"
	"github.com/swapscout/swapscout/chainwatch"
	"github.com/swapscout/swapscout/sim"
	simchain "github.com/swapscout/swapscout/sim/chain"
	"github.com/swapscout/swapscout/venue"
)

var t0 = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)

// clock is a settable clock shared by the chain and the watchers.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

type rig struct {
	t     *testing.T
	clk   *clock
	chain *simchain.Chain
	url   string
}

func newRig(t *testing.T) *rig {
	t.Helper()
	clk := &clock{t: t0}
	c, err := simchain.New(simchain.Config{Seed: 7, Genesis: t0, Now: clk.Now})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(c.Handler())
	t.Cleanup(srv.Close)
	return &rig{t: t, clk: clk, chain: c, url: srv.URL}
}

// watcher opens the real chain watchers of networks against the simulated
// chain, as the wiring would, and a chainwatch.Watcher over them.
func (r *rig) watcher(networks ...string) *chainwatch.Watcher {
	r.t.Helper()
	client := chaintest.Client(r.t)
	var ws []swapscout.ChainWatcher
	for _, n := range networks {
		e := all.Endpoint{Network: n, URL: simchain.URL(r.url, n)}
		e.EVM.BlockTime = simchain.DefaultBlockTimes[n]  // the simulated blocks come faster than the real ones
		e.Limit = venue.Limit{Rate: 10000, Burst: 10000} // loopback: no public endpoint's limit
		w, err := all.Open(e, client, r.clk.Now)
		if err != nil {
			r.t.Fatal(err)
		}
		ws = append(ws, w)
	}
	cw, err := chainwatch.New(chainwatch.Config{Watchers: ws, Now: r.clk.Now})
	if err != nil {
		r.t.Fatal(err)
	}
	return cw
}

func (r *rig) record(tr simchain.Transfer) simchain.Recorded {
	r.t.Helper()
	rec, err := r.chain.Record(tr)
	if err != nil {
		r.t.Fatal(err)
	}
	return rec
}

// TestEveryFormatEndToEnd: a transfer recorded on each simulated network is
// not seen before it is broadcast, seen in the mempool (where the format
// shows one) or in its block, and settled once its network's confirmations
// pass, through the real chain watcher of its format.
func TestEveryFormatEndToEnd(t *testing.T) {
	for _, tc := range []struct {
		network string
		asset   swapscout.Asset
		amount  string
		mempool bool // the format shows unconfirmed transfers
	}{
		{"btc", swapscout.Asset{Ticker: "btc", Network: "btc"}, "0.01", true},
		{"bch", swapscout.Asset{Ticker: "bch", Network: "bch"}, "1.5", true},
		{"ltc", swapscout.Asset{Ticker: "ltc", Network: "ltc"}, "2", true},
		{"doge", swapscout.Asset{Ticker: "doge", Network: "doge"}, "1000", true},
		{"eth", swapscout.Asset{Ticker: "usdt", Network: "eth"}, "250.5", false},
		{"eth", swapscout.Asset{Ticker: "eth", Network: "eth"}, "0.3", false},
		{"arbitrum", swapscout.Asset{Ticker: "usdc", Network: "arbitrum"}, "99.99", false},
		{"bsc", swapscout.Asset{Ticker: "usdt", Network: "bsc"}, "12.000000000000000001", false},
		{"trx", swapscout.Asset{Ticker: "usdt", Network: "trx"}, "500", true},
		{"trx", swapscout.Asset{Ticker: "trx", Network: "trx"}, "42.5", true},
		{"sol", swapscout.Asset{Ticker: "usdc", Network: "sol"}, "77.7", false},
		{"sol", swapscout.Asset{Ticker: "sol", Network: "sol"}, "0.25", false},
	} {
		t.Run(tc.network+"/"+tc.asset.Ticker, func(t *testing.T) {
			r := newRig(t)
			to := sim.Address(tc.network, "e2e", tc.asset.Ticker)
			sent := t0.Add(30 * time.Second)
			rec := r.record(simchain.Transfer{Network: tc.network, To: to, Asset: tc.asset, Amount: swapscout.MustAmount(tc.amount), At: sent})
			e := chainwatch.Expect{Side: chainwatch.Deposit, Network: tc.network, Address: to, Asset: tc.asset,
				Amount: swapscout.MustAmount(tc.amount), After: t0, Own: true}

			r.clk.Set(t0.Add(10 * time.Second))
			if f := r.watcher(tc.network).Check(context.Background(), e); f.State != chainwatch.NotSeen {
				t.Fatalf("before broadcast: %+v", f)
			}
			r.clk.Set(sent.Add(time.Millisecond))
			f := r.watcher(tc.network).Check(context.Background(), e)
			if tc.mempool && (f.State != chainwatch.Seen || f.Confirmations != 0 || f.Amount.String() != rec.Amount.String()) {
				t.Fatalf("broadcast, in the mempool: %+v", f)
			}
			if !tc.mempool && f.State != chainwatch.NotSeen {
				t.Fatalf("broadcast, not in a block yet: %+v", f)
			}
			r.clk.Set(rec.Block)
			f = r.watcher(tc.network).Check(context.Background(), e)
			if f.State == chainwatch.NotSeen || f.Confirmations != 1 || !f.SeenAt.Equal(rec.Block) || f.TxIDs[0] != rec.TxID {
				t.Fatalf("in its block: %+v (recorded %+v)", f, rec)
			}
			if f.Amount.String() != swapscout.MustAmount(tc.amount).String() {
				t.Errorf("amount %s, want %s", f.Amount, tc.amount)
			}
			need := swapscout.ChainConfirmations[tc.network]
			bt := simchain.DefaultBlockTimes[tc.network]
			r.clk.Set(rec.Block.Add(time.Duration(need) * bt))
			f = r.watcher(tc.network).Check(context.Background(), e)
			if f.State != chainwatch.Confirmed || f.Confirmations < need {
				t.Fatalf("after %d blocks: %+v", need, f)
			}
			// Asked by its transaction, the same.
			byTx := e
			byTx.TxID, byTx.Own = rec.TxID, false
			if f := r.watcher(tc.network).Check(context.Background(), byTx); f.State != chainwatch.Confirmed || f.Amount.String() != rec.Amount.String() {
				t.Errorf("by transaction id: %+v", f)
			}
		})
	}
}

// TestVenueOutcomes: the three venues the outcome board must catch, seen
// from the chain: one that pays 20 % short, one that holds the swap after
// the deposit, and one that says "finished" while paying nothing.
func TestVenueOutcomes(t *testing.T) {
	r := newRig(t)
	w := r.watcher("btc", "eth")
	btc, usdt := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "usdt", Network: "eth"}
	type swap struct {
		name            string
		payout          string // what the venue really sends; "" nothing
		deposit, payTo  string
		promised        string
		claimedFinished bool
	}
	swaps := []swap{
		{name: "short", payout: "800", promised: "1000", claimedFinished: true},
		{name: "held", payout: "", promised: "1000"},
		{name: "phantom", payout: "", promised: "1000", claimedFinished: true},
	}
	for i := range swaps {
		s := &swaps[i]
		s.deposit, s.payTo = sim.Address("btc", "deposit", s.name), sim.Address("eth", "payout", s.name)
		r.record(simchain.Transfer{Network: "btc", To: s.deposit, Asset: btc, Amount: swapscout.MustAmount("0.0125"), At: t0.Add(time.Minute),
			TxID: "aa" + string(rune('0'+i)) + "0000000000000000000000000000000000000000000000000000000000000"})
		if s.payout != "" {
			r.record(simchain.Transfer{Network: "eth", To: s.payTo, Asset: usdt, Amount: swapscout.MustAmount(s.payout), At: t0.Add(10 * time.Minute)})
		}
	}
	claimed := t0.Add(10 * time.Minute)
	r.clk.Set(t0.Add(3 * time.Hour))
	for _, s := range swaps {
		dep := w.Check(context.Background(), chainwatch.Expect{Side: chainwatch.Deposit, Network: "btc", Address: s.deposit, Asset: btc,
			Amount: swapscout.MustAmount("0.0125"), After: t0, Own: true})
		if dep.State != chainwatch.Confirmed || dep.Note == "" {
			t.Errorf("%s: deposit %+v", s.name, dep)
		}
		pay := w.Check(context.Background(), chainwatch.Expect{Side: chainwatch.Payout, Network: "eth", Address: s.payTo, Asset: usdt,
			Amount: swapscout.MustAmount(s.promised), After: t0.Add(time.Minute)})
		switch s.name {
		case "short":
			ratio, ok := pay.Ratio()
			if pay.State != chainwatch.Confirmed || !ok || ratio.String() != "0.8" {
				t.Errorf("short payer: %+v (ratio %s)", pay, ratio)
			}
		case "held":
			if pay.State != chainwatch.NotSeen {
				t.Errorf("holder: payout %+v", pay)
			}
		case "phantom":
			if pay.State != chainwatch.NotSeen || !chainwatch.Overdue(pay, "eth", claimed) {
				t.Errorf("phantom payer: %+v, overdue %v", pay, chainwatch.Overdue(pay, "eth", claimed))
			}
		}
	}
}

// TestRecord: recording is idempotent by transaction id, refuses what no
// chain could carry, rounds to the asset's decimals, and hides a transfer
// recorded ahead of time until it is due.
func TestRecord(t *testing.T) {
	r := newRig(t)
	btc := swapscout.Asset{Ticker: "btc", Network: "btc"}
	to := sim.Address("btc", "x")
	a := r.record(simchain.Transfer{Network: "btc", To: to, Asset: btc, Amount: swapscout.MustAmount("0.123456789"), At: t0.Add(time.Hour), TxID: "ab"})
	if a.Amount.String() != "0.12345678" {
		t.Errorf("amount %s, want rounded down to 8 decimals", a.Amount)
	}
	b := r.record(simchain.Transfer{Network: "btc", To: to, Asset: btc, Amount: swapscout.MustAmount("5"), At: t0, TxID: "AB"})
	if b.TxID != a.TxID || !b.Amount.Equal(a.Amount) {
		t.Errorf("a second record of one transaction changed it: %+v", b)
	}
	for _, bad := range []simchain.Transfer{
		{Network: "xmr", To: "4x", Asset: swapscout.Asset{Ticker: "xmr", Network: "xmr"}, Amount: swapscout.MustAmount("1")},
		{Network: "btc", To: to, Asset: swapscout.Asset{Ticker: "eth", Network: "eth"}, Amount: swapscout.MustAmount("1")},
		{Network: "btc", To: to, Asset: btc, Amount: swapscout.MustAmount("0.000000001")},
		{Network: "btc", To: "", Asset: btc, Amount: swapscout.MustAmount("1")},
	} {
		if _, err := r.chain.Record(bad); err == nil {
			t.Errorf("Record(%+v) accepted", bad)
		}
	}
	if _, err := r.chain.Record(simchain.Transfer{Network: "nope"}); !errors.Is(err, simchain.ErrNetwork) {
		t.Errorf("unknown network: %v", err)
	}
	w := r.watcher("btc")
	e := chainwatch.Expect{Side: chainwatch.Payout, Network: "btc", Address: to, Asset: btc, Amount: swapscout.MustAmount("0.12345678"), After: t0}
	r.clk.Set(t0.Add(59 * time.Minute))
	if f := w.Check(context.Background(), e); f.State != chainwatch.NotSeen {
		t.Errorf("a transfer due in a minute is visible: %+v", f)
	}
}

// TestRecorderIDs: the order engine's 64-hex ids become each network's
// form, and the chain watchers find the transfer by the form returned.
func TestRecorderIDs(t *testing.T) {
	r := newRig(t)
	const id = "00000000000000010000000000000002000000000000000300000000000000AB"
	for _, tc := range []struct {
		network string
		asset   swapscout.Asset
		want    func(string) bool
	}{
		{"eth", swapscout.Asset{Ticker: "eth", Network: "eth"}, func(s string) bool { return s == "0x"+strings.ToLower(id) }},
		{"btc", swapscout.Asset{Ticker: "btc", Network: "btc"}, func(s string) bool { return s == strings.ToLower(id) }},
		{"sol", swapscout.Asset{Ticker: "sol", Network: "sol"}, func(s string) bool { return len(s) >= 86 && !strings.Contains(s, "0") }},
	} {
		rec := r.record(simchain.Transfer{Network: tc.network, To: sim.Address(tc.network, "ids"), Asset: tc.asset, Amount: swapscout.MustAmount("1"), At: t0, TxID: id})
		if !tc.want(rec.TxID) {
			t.Errorf("%s: id %q", tc.network, rec.TxID)
		}
		again := r.record(simchain.Transfer{Network: tc.network, To: "elsewhere", Asset: tc.asset, Amount: swapscout.MustAmount("9"), TxID: id})
		if again.TxID != rec.TxID || again.To != rec.To {
			t.Errorf("%s: recording the engine's id again made %+v", tc.network, again)
		}
		r.clk.Set(t0.Add(time.Hour))
		e := chainwatch.Expect{Side: chainwatch.Payout, Network: tc.network, Address: rec.To, Asset: tc.asset, Amount: swapscout.MustAmount("1"), After: t0, TxID: rec.TxID}
		if f := r.watcher(tc.network).Check(context.Background(), e); f.State != chainwatch.Confirmed || f.TxIDs[0] != rec.TxID {
			t.Errorf("%s: by the returned id: %+v", tc.network, f)
		}
		r.clk.Set(t0)
	}
}

// TestDeterministic: two chains with one seed and clock answer alike.
func TestDeterministic(t *testing.T) {
	mk := func() simchain.Recorded {
		c, err := simchain.New(simchain.Config{Seed: 42, Genesis: t0, Now: func() time.Time { return t0.Add(time.Hour) }})
		if err != nil {
			t.Fatal(err)
		}
		rec, err := c.Record(simchain.Transfer{Network: "sol", To: sim.Address("sol", "d"), Asset: swapscout.Asset{Ticker: "sol", Network: "sol"},
			Amount: swapscout.MustAmount("1"), At: t0.Add(time.Minute)})
		if err != nil {
			t.Fatal(err)
		}
		return rec
	}
	if a, b := mk(), mk(); a.TxID != b.TxID || a.From != b.From || a.Height != b.Height {
		t.Errorf("same seed, different chains: %+v vs %+v", a, b)
	}
}
