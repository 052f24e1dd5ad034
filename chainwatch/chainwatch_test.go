package chainwatch_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chainwatch"
)

// fake is a ChainWatcher made of function fields.
type fake struct {
	networks []string
	findFn   func(q swapscout.TransferQuery) ([]swapscout.Transfer, error)
	calls    []swapscout.TransferQuery
}

func (f *fake) Networks() []string { return f.networks }
func (f *fake) Name() string       { return "fake " + f.networks[0] }
func (f *fake) FindTransfers(_ context.Context, q swapscout.TransferQuery) ([]swapscout.Transfer, error) {
	f.calls = append(f.calls, q)
	return f.findFn(q)
}
func (f *fake) Transaction(context.Context, string, string) ([]swapscout.Transfer, error) {
	return nil, errors.New("unused")
}

var (
	t0   = time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	btc  = swapscout.Asset{Ticker: "btc", Network: "btc"}
	usdt = swapscout.Asset{Ticker: "usdt", Network: "trx"}
	addr = "bc1qjj09853tfpztjgrk4jeyzj4ml59fv9cmslv3c4gxxf57u0k3kxmqllx29y"
	amt  = swapscout.MustAmount
)

func tr(txid string, amount string, height, conf int64, at time.Time) swapscout.Transfer {
	return swapscout.Transfer{Network: "btc", TxID: txid, Asset: btc, To: addr, Amount: amt(amount), Height: height, Confirmations: conf, Time: at}
}

func newWatcher(t *testing.T, ts []swapscout.Transfer, err error) (*chainwatch.Watcher, *fake) {
	t.Helper()
	f := &fake{networks: []string{"btc"}, findFn: func(q swapscout.TransferQuery) ([]swapscout.Transfer, error) {
		if err != nil {
			return nil, err
		}
		if q.TxID != "" {
			var out []swapscout.Transfer
			for _, x := range ts {
				if x.TxID == q.TxID {
					out = append(out, x)
				}
			}
			if out == nil {
				return nil, swapscout.ErrTransactionNotFound
			}
			return out, nil
		}
		return ts, nil
	}}
	w, err2 := chainwatch.New(chainwatch.Config{Watchers: []swapscout.ChainWatcher{f}, Now: func() time.Time { return t0.Add(time.Hour) }})
	if err2 != nil {
		t.Fatal(err2)
	}
	return w, f
}

func TestCheck(t *testing.T) {
	payout := chainwatch.Expect{Side: chainwatch.Payout, Network: "btc", Address: addr, Asset: btc, Amount: amt("0.1"), After: t0}
	deposit := payout
	deposit.Side, deposit.Own = chainwatch.Deposit, true
	for _, tc := range []struct {
		name      string
		e         chainwatch.Expect
		ts        []swapscout.Transfer
		err       error
		state     chainwatch.State
		amount    string
		conf      int64
		others    int
		note      string
		retryWait time.Duration
	}{
		{name: "settled payout", e: payout, ts: []swapscout.Transfer{tr("aa", "0.1", 100, 3, t0.Add(10*time.Minute))},
			state: chainwatch.Confirmed, amount: "0.1", conf: 3, note: "on chain, 3 confirmations"},
		{name: "short payout is still the payout", e: payout, ts: []swapscout.Transfer{tr("aa", "0.088", 100, 1, t0.Add(10*time.Minute))},
			state: chainwatch.Seen, amount: "0.088", conf: 1, note: "on chain, 1 confirmation"},
		{name: "mempool", e: payout, ts: []swapscout.Transfer{tr("aa", "0.1", 0, 0, time.Time{})},
			state: chainwatch.Seen, amount: "0.1", note: "on chain, in the mempool (unconfirmed)"},
		{name: "unrelated transfers are not the payout", e: payout,
			ts:    []swapscout.Transfer{tr("aa", "0.01", 100, 3, t0.Add(time.Minute)), tr("bb", "2", 101, 2, t0.Add(2*time.Minute))},
			state: chainwatch.NotSeen, others: 2, note: "not on chain yet"},
		{name: "earliest payout in band wins", e: payout,
			ts:    []swapscout.Transfer{tr("late", "0.1", 105, 2, t0.Add(20*time.Minute)), tr("early", "0.097", 101, 6, t0.Add(5*time.Minute))},
			state: chainwatch.Confirmed, amount: "0.097", conf: 6, others: 1},
		{name: "before the swap does not count", e: payout, ts: []swapscout.Transfer{tr("old", "0.1", 90, 50, t0.Add(-3*time.Hour))},
			state: chainwatch.NotSeen, note: "not on chain yet"},
		{name: "deposit in two parts is summed", e: deposit,
			ts:    []swapscout.Transfer{tr("p1", "0.06", 100, 3, t0.Add(time.Minute)), tr("p2", "0.03", 0, 0, time.Time{})},
			state: chainwatch.Seen, amount: "0.09", conf: 0, note: "on chain, in the mempool (unconfirmed)"},
		{name: "endpoint rate limited", e: payout, err: &swapscout.VenueError{Code: swapscout.CodeRateLimited, RetryAfter: 7 * time.Second},
			state: chainwatch.Unknown, note: "the venue's word for now: the chain endpoint rate_limited", retryWait: 7 * time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, _ := newWatcher(t, tc.ts, tc.err)
			f := w.Check(context.Background(), tc.e)
			if f.State != tc.state || tc.amount != "" && f.Amount.String() != tc.amount || f.Confirmations != tc.conf || f.Others != tc.others {
				t.Errorf("Check = %+v; want %s %s, %d confirmations, %d others", f, tc.state, tc.amount, tc.conf, tc.others)
			}
			if tc.note != "" && f.Note != tc.note {
				t.Errorf("Note = %q, want %q", f.Note, tc.note)
			}
			if f.RetryAfter != tc.retryWait {
				t.Errorf("RetryAfter = %v, want %v", f.RetryAfter, tc.retryWait)
			}
			if want := chainwatch.FromChain; (tc.state == chainwatch.Unknown) == (f.Source == want) {
				t.Errorf("Source = %s for state %s", f.Source, f.State)
			}
		})
	}
}

// TestNamedTransaction: a venue's payout transaction answers first; one
// that is not on chain or pays elsewhere is said so, and the address is
// searched anyway.
func TestNamedTransaction(t *testing.T) {
	e := chainwatch.Expect{Side: chainwatch.Payout, Network: "btc", Address: addr, Asset: btc, Amount: amt("0.1"), After: t0, TxID: "named"}
	w, f := newWatcher(t, []swapscout.Transfer{tr("other", "0.1", 100, 3, t0.Add(time.Minute))}, nil)
	got := w.Check(context.Background(), e)
	if got.State != chainwatch.Confirmed || got.TxIDs[0] != "other" || !strings.Contains(got.Note, "the named transaction named is not on chain") {
		t.Errorf("Check = %+v", got)
	}
	if len(f.calls) != 2 || f.calls[0].TxID != "named" || f.calls[1].TxID != "" {
		t.Errorf("queries = %+v, want the transaction, then the address", f.calls)
	}
	w, _ = newWatcher(t, []swapscout.Transfer{tr("named", "0.05", 100, 3, t0.Add(time.Minute))}, nil)
	if got := w.Check(context.Background(), e); got.State != chainwatch.Confirmed || got.Amount.String() != "0.05" {
		t.Errorf("named transaction paying half = %+v; the named one counts whatever its amount", got)
	}
}

func TestNotWatchedNotVerifiable(t *testing.T) {
	w, f := newWatcher(t, nil, nil)
	got := w.Check(context.Background(), chainwatch.Expect{Side: chainwatch.Payout, Network: "trx", Address: "T", Asset: usdt, Amount: amt("1")})
	if got.State != chainwatch.NotWatched || got.Source != chainwatch.FromVenue || !strings.Contains(got.Note, "no chain endpoint is configured for Tron") {
		t.Errorf("no endpoint: %+v", got)
	}
	got = w.Check(context.Background(), chainwatch.Expect{Side: chainwatch.Payout, Network: "xmr", Address: "4", Asset: swapscout.Asset{Ticker: "xmr", Network: "xmr"}, Amount: amt("1")})
	if got.State != chainwatch.NotVerifiable || !strings.Contains(got.Note, "view key") {
		t.Errorf("Monero: %+v", got)
	}
	if len(f.calls) != 0 {
		t.Errorf("%d queries, want none", len(f.calls))
	}
	if _, ok := w.Next(chainwatch.Expect{}, got); ok {
		t.Error("a not verifiable transfer is watched again")
	}
}

func TestNew(t *testing.T) {
	a := &fake{networks: []string{"btc"}}
	b := &fake{networks: []string{"btc"}}
	if _, err := chainwatch.New(chainwatch.Config{Watchers: []swapscout.ChainWatcher{a, b}}); err == nil {
		t.Error("two watchers for one network accepted")
	}
	if _, err := chainwatch.New(chainwatch.Config{Band: amt("1")}); err == nil {
		t.Error("a band of 100 % accepted")
	}
	if _, err := chainwatch.New(chainwatch.Config{Schedule: chainwatch.Schedule{Steps: []chainwatch.Step{{Until: time.Hour}}, Seen: time.Minute}}); err == nil {
		t.Error("a schedule step without interval accepted")
	}
}

func TestNext(t *testing.T) {
	w, _ := newWatcher(t, nil, nil)
	e := chainwatch.Expect{After: t0}
	for _, tc := range []struct {
		age   time.Duration
		state chainwatch.State
		retry time.Duration
		want  time.Duration
		ok    bool
	}{
		{5 * time.Minute, chainwatch.NotSeen, 0, 30 * time.Second, true},
		{30 * time.Minute, chainwatch.NotSeen, 0, time.Minute, true},
		{3 * time.Hour, chainwatch.NotSeen, 0, 5 * time.Minute, true},
		{3 * time.Hour, chainwatch.Seen, 0, time.Minute, true},
		{20 * time.Hour, chainwatch.NotSeen, 0, 15 * time.Minute, true},
		{49 * time.Hour, chainwatch.NotSeen, 0, 0, false},
		{5 * time.Minute, chainwatch.Unknown, 2 * time.Minute, 2 * time.Minute, true},
		{5 * time.Minute, chainwatch.Confirmed, 0, 0, false},
	} {
		got, ok := w.Next(e, chainwatch.Fact{State: tc.state, CheckedAt: t0.Add(tc.age), RetryAfter: tc.retry})
		if got != tc.want || ok != tc.ok {
			t.Errorf("Next(age %v, %s) = %v, %v; want %v, %v", tc.age, tc.state, got, ok, tc.want, tc.ok)
		}
	}
}

func TestOverdue(t *testing.T) {
	claimed := t0
	for _, tc := range []struct {
		network string
		state   chainwatch.State
		after   time.Duration
		want    bool
	}{
		{"btc", chainwatch.NotSeen, 69 * time.Minute, false},
		{"btc", chainwatch.NotSeen, 71 * time.Minute, true},
		{"eth", chainwatch.Seen, 36 * time.Minute, true},
		{"eth", chainwatch.Confirmed, 10 * time.Hour, false},
		{"eth", chainwatch.Unknown, 10 * time.Hour, false},
		{"trx", chainwatch.NotWatched, 10 * time.Hour, false},
	} {
		f := chainwatch.Fact{State: tc.state, CheckedAt: claimed.Add(tc.after)}
		if got := chainwatch.Overdue(f, tc.network, claimed); got != tc.want {
			t.Errorf("Overdue(%s, %s, +%v) = %v", tc.network, tc.state, tc.after, got)
		}
	}
}

func TestRatio(t *testing.T) {
	f := chainwatch.Fact{Amount: amt("0.088"), Expected: amt("0.1")}
	if r, ok := f.Ratio(); !ok || r.String() != "0.88" {
		t.Errorf("Ratio = %s, %v", r, ok)
	}
	if _, ok := (chainwatch.Fact{Expected: amt("1")}).Ratio(); ok {
		t.Error("a ratio of nothing received")
	}
}

// BenchmarkCheck is the Watcher's own work for one check of a payout
// against an address history of 25 transfers (the chain watcher's call is
// the fake's, free).
func BenchmarkCheck(b *testing.B) {
	var ts []swapscout.Transfer
	for i := range 25 {
		ts = append(ts, tr(strings.Repeat(string(rune('a'+i%26)), 64), "0.0"+string(rune('1'+i%9)), int64(100+i), 3, t0.Add(time.Duration(i)*time.Minute)))
	}
	f := &fake{networks: []string{"btc"}, findFn: func(swapscout.TransferQuery) ([]swapscout.Transfer, error) { return ts, nil }}
	w, err := chainwatch.New(chainwatch.Config{Watchers: []swapscout.ChainWatcher{f}, Now: func() time.Time { return t0.Add(time.Hour) }})
	if err != nil {
		b.Fatal(err)
	}
	e := chainwatch.Expect{Side: chainwatch.Payout, Network: "btc", Address: addr, Asset: btc, Amount: amt("0.05"), After: t0}
	b.ReportAllocs()
	for b.Loop() {
		f.calls = f.calls[:0]
		if got := w.Check(context.Background(), e); got.State != chainwatch.Confirmed {
			b.Fatal(got)
		}
	}
}
