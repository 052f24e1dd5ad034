package esplora_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain"
	"github.com/swapscout/swapscout/chain/chaintest"
	"github.com/swapscout/swapscout/chain/esplora"
)

const (
	addr    = "bc1qjj09853tfpztjgrk4jeyzj4ml59fv9cmslv3c4gxxf57u0k3kxmqllx29y"
	txIn    = "1e4764f908f19b74284a889478b95d013c1bd36dc832dcb7eb36fe1801fed404"
	txMulti = "9d3ea0d131c45450c135d549b62032019bc47a80368e14edc72caf38f5a88033"
	txNone  = "0000000000000000000000000000000000000000000000000000000000000000"
)

var btc = swapscout.Asset{Ticker: "btc", Network: "btc"}

func newWatcher(t *testing.T, network, url string, timeout time.Duration) *esplora.Watcher {
	t.Helper()
	cfg := chaintest.Config(t, url, nil)
	cfg.Timeout = timeout
	w, err := esplora.New(network, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func routes() []chaintest.Route {
	return []chaintest.Route{
		{Path: "/address/" + addr + "/txs", Fixture: "address_txs.json"},
		{Path: "/blocks/tip/height", Fixture: "tip_height.txt", Header: map[string]string{"Content-Type": "text/plain"}},
		{Path: "/tx/" + txMulti, Fixture: "tx_9d3ea0d1.json"},
		{Path: "/tx/" + txNone, Status: 404, Fixture: "tx_not_found.txt", Header: map[string]string{"Content-Type": "text/plain"}},
	}
}

func TestConformance(t *testing.T) {
	chaintest.Run(t, chaintest.Suite{
		New: func(t *testing.T, url string, timeout time.Duration) swapscout.ChainWatcher {
			return newWatcher(t, "btc", url, timeout)
		},
		Routes: routes(),
		Find:   swapscout.TransferQuery{Network: "btc", Address: addr, Asset: btc},
		Want: []swapscout.Transfer{{
			Network: "btc", TxID: txIn, Index: 0, Asset: btc, To: addr,
			Amount: swapscout.MustAmount("0.02546637"), Height: 875626, Confirmations: 6,
			Time: time.Unix(1734720142, 0).UTC(),
		}},
		TxNetwork: "btc", TxID: txMulti,
		WantTx: []swapscout.Transfer{
			{Network: "btc", TxID: txMulti, Index: 0, Asset: btc, To: "bc1q9yhuu4yty2xd8hmrxnw4yhavvtn7khm62uw38p",
				Amount: swapscout.MustAmount("0.00057"), Height: 875602, Confirmations: 30, Time: time.Unix(1734704791, 0).UTC()},
			{Network: "btc", TxID: txMulti, Index: 1, Asset: btc, To: "bc1quhruqrghgcca950rvhtrg7cpd7u8k6svpzgzmrjy8xyukacl5lkq0r8l2d",
				Amount: swapscout.MustAmount("0.17343523"), Height: 875602, Confirmations: 30, Time: time.Unix(1734704791, 0).UTC()},
		},
		NotFoundTxID: txNone,
		BadTxID:      "not-a-txid",
	})
}

// TestMempool: a transaction still in the mempool is a transfer with no
// height, no confirmations and no time, and asks no tip.
func TestMempool(t *testing.T) {
	rp := chaintest.NewReplay(t, "testdata", []chaintest.Route{
		{Path: "/address/" + addr + "/txs", Fixture: "address_txs_mempool.json"},
	})
	w := newWatcher(t, "btc", rp.URL(), time.Second)
	got, err := w.FindTransfers(context.Background(), swapscout.TransferQuery{Network: "btc", Address: addr, Asset: btc})
	if err != nil {
		t.Fatal(err)
	}
	want := []swapscout.Transfer{{Network: "btc", TxID: txIn, Asset: btc, To: addr, Amount: swapscout.MustAmount("0.02546637")}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	if n := rp.Count(); n != 1 {
		t.Errorf("%d calls, want 1 (no tip for an unconfirmed transfer)", n)
	}
}

// TestBitcoinCashForms: the explorer writes CashAddr with its prefix; the
// same account asked in legacy form, or CashAddr without the prefix, is the
// same address. The documented transaction spends from the queried address
// and pays another: seen from the payer it is outgoing, not incoming.
func TestBitcoinCashForms(t *testing.T) {
	bch := swapscout.Asset{Ticker: "bch", Network: "bch"}
	const (
		payee  = "bitcoincash:qr3u8szwdl4el5ur428t3qs3cn8kqyhlesjqfjmp7k"
		legacy = "1MmJtaUP6rUkpoaDTjUbUBYVGz4mSj5dDR" // base58check(0x00, e3c3c04e…ffcc)
		payer  = "prxsnmzaer7whacy04arcu4jtlm83xfvf5fxdvr36d"
	)
	for _, q := range []string{payee, legacy, strings.TrimPrefix(payee, "bitcoincash:"), strings.ToUpper(payee)} {
		rp := chaintest.NewReplay(t, "testdata", []chaintest.Route{
			{Path: "/address/" + q + "/txs", Fixture: "bch_address_txs.json"},
			{Path: "/blocks/tip/height", Fixture: "bch_tip_height.txt"},
		})
		w := newWatcher(t, "bch", rp.URL(), time.Second)
		got, err := w.FindTransfers(context.Background(), swapscout.TransferQuery{Network: "bch", Address: q, Asset: bch})
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		if len(got) != 1 || got[0].Amount.String() != "3.36946644" || got[0].Confirmations != 6 || got[0].To != payee {
			t.Errorf("FindTransfers(%s) = %+v, want 3.36946644 BCH with 6 confirmations", q, got)
		}
	}
	rp := chaintest.NewReplay(t, "testdata", []chaintest.Route{{Path: "/address/" + payer + "/txs", Fixture: "bch_address_txs.json"}})
	w := newWatcher(t, "bch", rp.URL(), time.Second)
	got, err := w.FindTransfers(context.Background(), swapscout.TransferQuery{Network: "bch", Address: payer, Asset: bch})
	if err != nil || len(got) != 0 {
		t.Errorf("FindTransfers(payer) = %+v, %v; want nothing incoming", got, err)
	}
}

// TestPaging: with Since set, a full confirmed page newer than Since leads
// to the next confirmed page, by the last confirmed txid.
func TestPaging(t *testing.T) {
	page := fullPage(t, 1734720142)
	rp := chaintest.NewReplay(t, "testdata", []chaintest.Route{
		{Path: "/address/" + addr + "/txs", Body: page},
		{Path: "/address/" + addr + "/txs/chain/" + txIn, Fixture: "address_txs.json"},
		{Path: "/blocks/tip/height", Fixture: "tip_height.txt"},
	})
	w := newWatcher(t, "btc", rp.URL(), time.Second)
	got, err := w.FindTransfers(context.Background(), swapscout.TransferQuery{
		Network: "btc", Address: addr, Asset: btc, Since: time.Unix(1734700000, 0)})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 26 { // 25 on the first page, 1 on the second
		t.Errorf("got %d transfers, want 26", len(got))
	}
	if n := rp.Count(); n != 3 {
		t.Errorf("%d calls, want 3 (two pages and the tip)", n)
	}
}

// fullPage is 25 confirmed copies of the documented transaction, the last
// one with its real id (the id the next page is asked with).
func fullPage(t *testing.T, blockTime int64) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "address_txs.json"))
	if err != nil {
		t.Fatal(err)
	}
	first := string(b)
	start := strings.Index(first, "{")
	end := strings.Index(first, "\n  },\n  {") + len("\n  }")
	tx := first[start:end]
	var parts []string
	for i := 0; i < 24; i++ {
		id := strings.Repeat("ab", 31) + string("0123456789abcdef"[i/16]) + string("0123456789abcdef"[i%16])
		parts = append(parts, strings.Replace(tx, txIn, id, 1))
	}
	parts = append(parts, tx)
	return "[" + strings.Join(parts, ",") + "]"
}

func TestNewRefuses(t *testing.T) {
	c := chaintest.Client(t)
	for _, tc := range []struct{ network, url string }{
		{"eth", "https://blockstream.info/api"},
		{"btc", "ftp://blockstream.info/api"},
		{"btc", "blockstream.info/api"},
	} {
		if _, err := esplora.New(tc.network, chain.Config{URL: tc.url, HTTP: c}); err == nil {
			t.Errorf("New(%s, %s) accepted", tc.network, tc.url)
		}
	}
}

// TestRefusedAddress: an endpoint that cannot parse the address (a form
// its network's fork does not take) is a bad answer, not an empty history.
func TestRefusedAddress(t *testing.T) {
	rp := chaintest.NewReplay(t, "testdata", []chaintest.Route{
		{Path: "/address/" + addr + "/txs", Status: 400, Fixture: "bad_address.txt", Header: map[string]string{"Content-Type": "text/plain"}},
	})
	w := newWatcher(t, "btc", rp.URL(), time.Second)
	_, err := w.FindTransfers(context.Background(), swapscout.TransferQuery{Network: "btc", Address: addr, Asset: btc})
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeBadResponse {
		t.Errorf("FindTransfers = %v, want bad_response", err)
	}
}
