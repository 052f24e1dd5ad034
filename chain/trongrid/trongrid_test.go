package trongrid_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain/chaintest"
	"github.com/swapscout/swapscout/chain/trongrid"
)

const (
	usdtContract = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
	txUSDT       = "77ff0c0819cc39b3d24c98a3e94c1789f9e4376509aaadc82894896474c0e6b2"
	txNone       = "0000000000000000000000000000000000000000000000000000000000000000"
	ledgerAddr   = "TAVrrARNdnjHgCGMQYeQV7hv4PSu7mVsMj" // 4105cc125604448afeb6867eb688efb7e80411d57a
)

var (
	usdt = swapscout.Asset{Ticker: "usdt", Network: "trx"}
	trx  = swapscout.Asset{Ticker: "trx", Network: "trx"}
)

func newWatcher(t *testing.T, url, key string, timeout time.Duration) *trongrid.Watcher {
	t.Helper()
	cfg := chaintest.Config(t, url, nil)
	cfg.Timeout, cfg.Key = timeout, key
	w, err := trongrid.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

var usdtTransfer = swapscout.Transfer{
	Network: "trx", TxID: txUSDT, Index: 0, Asset: usdt, Contract: usdtContract,
	From: "TNtbiqvanUnm4YHK9SYzRGR8ktiHRduDbM", To: usdtContract, Amount: swapscout.MustAmount("195.17"),
	Height: 84657420, Confirmations: 51, Time: time.UnixMilli(1784641290000).UTC(),
}

func routes() []chaintest.Route {
	return []chaintest.Route{
		{Path: "/v1/accounts/" + usdtContract + "/transactions/trc20", Query: "contract_address=" + usdtContract, Fixture: "trc20_usdt.json"},
		{Method: "POST", Path: "/wallet/gettransactioninfobyid", Param: txUSDT, Fixture: "info_77ff0c08.json"},
		{Method: "POST", Path: "/wallet/gettransactionbyid", Param: txUSDT, Fixture: "tx_77ff0c08.json"},
		{Method: "POST", Path: "/wallet/gettransactionbyid", Param: txNone, Fixture: "empty.json"},
		{Method: "POST", Path: "/wallet/getblock", Param: `"detail":false`, Fixture: "getblock.json"},
	}
}

func TestConformance(t *testing.T) {
	chaintest.Run(t, chaintest.Suite{
		New: func(t *testing.T, url string, timeout time.Duration) swapscout.ChainWatcher {
			return newWatcher(t, url, "", timeout)
		},
		Routes:    routes(),
		Find:      swapscout.TransferQuery{Network: "trx", Address: usdtContract, Asset: usdt},
		Want:      []swapscout.Transfer{usdtTransfer},
		TxNetwork: "trx", TxID: txUSDT,
		WantTx:       []swapscout.Transfer{usdtTransfer},
		NotFoundTxID: txNone,
		BadTxID:      "T-not-a-txid",
	})
}

// TestNativeRecorded: the recorded account history holds two incoming TRX
// transfers and one outgoing; asked by base58 or by 41-hex address, the
// same two are found.
func TestNativeRecorded(t *testing.T) {
	for _, addr := range []string{ledgerAddr, "4105cc125604448afeb6867eb688efb7e80411d57a"} {
		rp := chaintest.NewReplay(t, "testdata", []chaintest.Route{
			{Path: "/v1/accounts/" + ledgerAddr + "/transactions", Query: "only_to=true", Fixture: "trx_transactions.json"},
			{Method: "POST", Path: "/wallet/getblock", Fixture: "getblock_62258717.json"},
		})
		w := newWatcher(t, rp.URL(), "", time.Second)
		got, err := w.FindTransfers(context.Background(), swapscout.TransferQuery{Network: "trx", Address: addr, Asset: trx,
			Since: time.UnixMilli(1717419000000)})
		if err != nil {
			t.Fatal(err)
		}
		want := []swapscout.Transfer{
			{Network: "trx", TxID: "47086db397eac45d2fe7dacedcb6f77267d6895dce645210e495e64f8a2a7910", Index: -1, Asset: trx,
				From: "TQ7pF3NTDL2Tjz5rdJ6ECjQWjaWHpLZJMH", To: ledgerAddr, Amount: swapscout.MustAmount("0.000005"),
				Height: 62258698, Confirmations: 20, Time: time.UnixMilli(1717419792000).UTC()},
			{Network: "trx", TxID: "37c2bfbd2324e68588745ff34de0cc64c9ce6704e52ebee31410617e1c99e38d", Index: -1, Asset: trx,
				From: "TE6fbAMXq7WbsHvxViZPJtF9nB92EmuJMH", To: ledgerAddr, Amount: swapscout.MustAmount("0.000001"),
				Height: 62258696, Confirmations: 22, Time: time.UnixMilli(1717419786000).UTC()},
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: mismatch (-want +got):\n%s", addr, diff)
		}
		if q := rp.Requests()[0].RawQuery; !strings.Contains(q, "min_timestamp=1717419000000") {
			t.Errorf("query %q lacks min_timestamp", q)
		}
	}
}

// TestFrequencyLimit: TronGrid's 403 "frequency limit" answer is a rate
// limit with its 30-second suspension, not a bad answer.
func TestFrequencyLimit(t *testing.T) {
	rp := chaintest.NewReplay(t, "testdata", []chaintest.Route{
		{Path: "/v1/accounts/" + usdtContract + "/transactions/trc20", Status: 403, Fixture: "frequency_limit_403.json"},
	})
	w := newWatcher(t, rp.URL(), "", time.Second)
	_, err := w.FindTransfers(context.Background(), swapscout.TransferQuery{Network: "trx", Address: usdtContract, Asset: usdt})
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) || ve.Code != swapscout.CodeRateLimited || ve.RetryAfter != 30*time.Second {
		t.Errorf("FindTransfers = %v, want rate_limited for 30s", err)
	}
}

// TestPending: a transaction not in a block yet (its info is {}) is an
// unconfirmed transfer, read from its transfer(address,uint256) call.
func TestPending(t *testing.T) {
	rp := chaintest.NewReplay(t, "testdata", []chaintest.Route{
		{Method: "POST", Path: "/wallet/gettransactionbyid", Fixture: "tx_77ff0c08.json"},
		{Method: "POST", Path: "/wallet/gettransactioninfobyid", Fixture: "empty.json"},
	})
	w := newWatcher(t, rp.URL(), "", time.Second)
	got, err := w.Transaction(context.Background(), "trx", txUSDT)
	if err != nil {
		t.Fatal(err)
	}
	want := usdtTransfer
	want.Index, want.Height, want.Confirmations, want.Time = -1, 0, 0, time.Time{}
	if diff := cmp.Diff([]swapscout.Transfer{want}, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	if n := rp.Count(); n != 2 {
		t.Errorf("%d calls, want 2 (no tip for a pending transfer)", n)
	}
}

// TestKey: the API key goes in TronGrid's header, and nowhere else.
func TestKey(t *testing.T) {
	const key = "0b1f2e3d-secret-key"
	rp := chaintest.NewReplay(t, "testdata", routes())
	w := newWatcher(t, rp.URL(), key, time.Second)
	if _, err := w.FindTransfers(context.Background(), swapscout.TransferQuery{Network: "trx", Address: usdtContract, Asset: usdt}); err != nil {
		t.Fatal(err)
	}
	for _, r := range rp.Requests() {
		if r.Header.Get("TRON-PRO-API-KEY") != key {
			t.Errorf("%s %s without the key header", r.Method, r.Path)
		}
		if strings.Contains(r.RawQuery, key) || strings.Contains(string(r.Body), key) {
			t.Errorf("%s %s carries the key outside its header", r.Method, r.Path)
		}
	}
	bad := newWatcher(t, "http://127.0.0.1:1"+chaintest.Secret, key, time.Second)
	if _, err := bad.FindTransfers(context.Background(), swapscout.TransferQuery{Network: "trx", Address: usdtContract, Asset: usdt}); err == nil || strings.Contains(err.Error(), key) {
		t.Errorf("error %v shows the key", err)
	}
}

// TestPaging: a full page (50 rows) with a fingerprint leads to the next
// page, asked with that fingerprint.
func TestPaging(t *testing.T) {
	row := `{"ret":[{"contractRet":"SUCCESS"}],"txID":"%064x","blockNumber":62258690,"block_timestamp":1717419760000,` +
		`"raw_data":{"contract":[{"parameter":{"value":{"amount":7,"owner_address":"419b3281a60ab7a44f351ef2896c653f134972ad22",` +
		`"to_address":"4105cc125604448afeb6867eb688efb7e80411d57a"}},"type":"TransferContract"}]}}`
	var rows []string
	for i := range 50 {
		rows = append(rows, fmt.Sprintf(row, i+1))
	}
	page1 := `{"data":[` + strings.Join(rows, ",") + `],"success":true,"meta":{"fingerprint":"fp1","page_size":50}}`
	rp := chaintest.NewReplay(t, "testdata", []chaintest.Route{
		{Path: "/v1/accounts/" + ledgerAddr + "/transactions", Query: "fingerprint=fp1", Fixture: "trx_transactions.json"},
		{Path: "/v1/accounts/" + ledgerAddr + "/transactions", Body: page1},
		{Method: "POST", Path: "/wallet/getblock", Fixture: "getblock_62258717.json"},
	})
	w := newWatcher(t, rp.URL(), "", time.Second)
	got, err := w.FindTransfers(context.Background(), swapscout.TransferQuery{Network: "trx", Address: ledgerAddr, Asset: trx})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 52 {
		t.Errorf("%d transfers, want 50 from the first page and 2 from the second", len(got))
	}
}
