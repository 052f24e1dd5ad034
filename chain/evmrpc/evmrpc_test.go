package evmrpc_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain/chaintest"
	"github.com/swapscout/swapscout/chain/evmrpc"
)

const (
	me       = "0x4dde844b71bcdf95512fb4dc94e84fb67b512ed8"
	meEIP55  = "0x4Dde844b71bcdf95512Fb4Dc94E84Fb67b512Ed8"
	sender   = "0x7435ed30a8b4aeb0877cef0c6e8cffe834eb865f"
	txUSDT   = "0x6f1c1b0e5e6c4b8d9a7e3f2c1d0b9a8e7f6d5c4b3a2918171615141312111009"
	txNative = "0x3f38cdc805c02e152bfed34471a3a13a786fed436b3aec0c3eca35d23e2cdd2c"
	txNone   = "0x0000000000000000000000000000000000000000000000000000000000000000"
	tip      = 0x1318ee1
)

var (
	usdt = swapscout.Asset{Ticker: "usdt", Network: "eth"}
	eth  = swapscout.Asset{Ticker: "eth", Network: "eth"}
	now  = time.Unix(1737541800, 0) // a moment after the fixtures' blocks
)

func newWatcher(t *testing.T, url string, timeout time.Duration, opt evmrpc.Options) *evmrpc.Watcher {
	t.Helper()
	cfg := chaintest.Config(t, url, func() time.Time { return now })
	cfg.Timeout = timeout
	w, err := evmrpc.New("eth", cfg, opt)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func routes() []chaintest.Route {
	return []chaintest.Route{
		{RPC: "eth_blockNumber", Fixture: "block_number.json"},
		{RPC: "eth_getLogs", Fixture: "logs_usdt.json"},
		{RPC: "eth_getBlockByNumber", Param: `["0x1318ed5",false]`, Fixture: "block_1318ed5.json"},
		{RPC: "eth_getBlockByNumber", Param: `["0x4",false]`, Fixture: "block_4.json"},
		{RPC: "eth_getTransactionByHash", Param: txNative, Fixture: "tx_3f38cdc8.json"},
		{RPC: "eth_getTransactionByHash", Param: txNone, Fixture: "null.json"},
		{RPC: "eth_getTransactionReceipt", Param: txNative, Fixture: "receipt_3f38cdc8.json"},
	}
}

func TestConformance(t *testing.T) {
	chaintest.Run(t, chaintest.Suite{
		New: func(t *testing.T, url string, timeout time.Duration) swapscout.ChainWatcher {
			return newWatcher(t, url, timeout, evmrpc.Options{})
		},
		Routes: routes(),
		Find:   swapscout.TransferQuery{Network: "eth", Address: me, Asset: usdt},
		Want: []swapscout.Transfer{{
			Network: "eth", TxID: txUSDT, Index: 0x1a, Asset: usdt, Contract: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
			From: sender, To: me, Amount: swapscout.MustAmount("200"), Height: 0x1318ed5, Confirmations: tip - 0x1318ed5 + 1,
			Time: time.Unix(0x6790c8ab, 0).UTC(),
		}},
		TxNetwork: "eth", TxID: txNative,
		WantTx: []swapscout.Transfer{{
			Network: "eth", TxID: txNative, Index: -1, Asset: eth, From: sender, To: me,
			Amount: swapscout.MustAmount("0.000000000000000001"), Height: 4, Confirmations: tip - 4 + 1, Time: time.Unix(0x28, 0).UTC(),
		}},
		NotFoundTxID: txNone,
		BadTxID:      "0x1234",
	})
}

// TestChecksumAddress: an EIP-55 mixed-case address is the same address,
// and the log filter asks for it in the lower-case topic form.
func TestChecksumAddress(t *testing.T) {
	rp := chaintest.NewReplay(t, "testdata", routes())
	w := newWatcher(t, rp.URL(), time.Second, evmrpc.Options{})
	got, err := w.FindTransfers(context.Background(), swapscout.TransferQuery{Network: "eth", Address: meEIP55, Asset: usdt})
	if err != nil || len(got) != 1 || got[0].Amount.String() != "200" {
		t.Fatalf("FindTransfers(EIP-55) = %+v, %v", got, err)
	}
	var filter struct {
		Params []struct {
			FromBlock, ToBlock, Address string
			Topics                      []any
		} `json:"params"`
	}
	for _, r := range rp.Requests() {
		if strings.Contains(string(r.Body), "eth_getLogs") {
			if err := json.Unmarshal(r.Body, &filter); err != nil {
				t.Fatal(err)
			}
		}
	}
	f := filter.Params[0]
	wantTopic := "0x000000000000000000000000" + strings.TrimPrefix(me, "0x")
	if f.Topics[0] != evmrpc.TransferTopic || f.Topics[1] != nil || f.Topics[2] != wantTopic {
		t.Errorf("topics = %v", f.Topics)
	}
	if !strings.EqualFold(f.Address, "0xdAC17F958D2ee523a2206206994597C13D831ec7") || f.ToBlock != fmt.Sprintf("0x%x", tip) {
		t.Errorf("filter = %+v", f)
	}
	// No Since: one hour back at 12 s a block, half again, 20 more: 470 blocks.
	if f.FromBlock != fmt.Sprintf("0x%x", tip-470+1) {
		t.Errorf("fromBlock = %s, want 0x%x", f.FromBlock, tip-470+1)
	}
}

// TestLogWindowSplit: a window wider than MaxLogRange is read in pieces,
// newest first, within MaxLogCalls.
func TestLogWindowSplit(t *testing.T) {
	rp := chaintest.NewReplay(t, "testdata", routes())
	w := newWatcher(t, rp.URL(), time.Second, evmrpc.Options{MaxLogRange: 200, MaxLogCalls: 3})
	_, err := w.FindTransfers(context.Background(), swapscout.TransferQuery{Network: "eth", Address: me, Asset: usdt, Since: now.Add(-48 * time.Hour)})
	if err != nil {
		t.Fatal(err)
	}
	var ranges []string
	for _, r := range rp.Requests() {
		var req struct {
			Method string `json:"method"`
			Params []struct{ FromBlock, ToBlock string }
		}
		if json.Unmarshal(r.Body, &req) == nil && req.Method == "eth_getLogs" {
			ranges = append(ranges, req.Params[0].FromBlock+"-"+req.Params[0].ToBlock)
		}
	}
	want := []string{
		fmt.Sprintf("0x%x-0x%x", tip-199, tip),
		fmt.Sprintf("0x%x-0x%x", tip-399, tip-200),
		fmt.Sprintf("0x%x-0x%x", tip-599, tip-400),
	}
	if diff := cmp.Diff(want, ranges); diff != "" {
		t.Errorf("eth_getLogs ranges (-want +got):\n%s", diff)
	}
}

// node is a fake EVM node for the scanner: blocks can be replaced to play
// a reorganization.
type node struct {
	mu       sync.Mutex
	tip      uint64
	blocks   map[uint64]string // full-block JSON results
	receipts map[string]string
	calls    map[string]int
}

func (n *node) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var req struct {
		Method string `json:"method"`
		Params []any  `json:"params"`
	}
	_ = json.NewDecoder(r.Body).Decode(&req)
	n.mu.Lock()
	defer n.mu.Unlock()
	n.calls[req.Method]++
	result := "null"
	switch req.Method {
	case "eth_blockNumber":
		result = fmt.Sprintf(`"0x%x"`, n.tip)
	case "eth_getBlockByNumber":
		var num uint64
		fmt.Sscanf(req.Params[0].(string), "0x%x", &num)
		if b, ok := n.blocks[num]; ok {
			result = b
		}
	case "eth_getTransactionReceipt":
		if rc, ok := n.receipts[req.Params[0].(string)]; ok {
			result = rc
		}
	}
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":1,"result":%s}`, result)
}

func block(num uint64, hash, parent string, ts int64, txs ...string) string {
	return fmt.Sprintf(`{"number":"0x%x","hash":"%s","parentHash":"%s","timestamp":"0x%x","transactions":[%s]}`,
		num, hash, parent, ts, strings.Join(txs, ","))
}

func valueTx(hash, to string, wei int) string {
	return fmt.Sprintf(`{"hash":"%s","from":"%s","to":"%s","value":"0x%x","input":"0x","blockNumber":"0x1"}`, hash, sender, to, wei)
}

func hash(c byte) string { return "0x" + strings.Repeat(string(c), 64) }

// TestScannerReorg: the scanner reads each block once, keeps the native
// transfers, drops a block a reorganization replaced, and reads its
// replacement.
func TestScannerReorg(t *testing.T) {
	const to = "0x7dcd17433742f4c0ca53122ab541d0ba67fc27df"
	n := &node{tip: 2, calls: map[string]int{}, receipts: map[string]string{
		hash('a'): `{"status":"0x1","blockNumber":"0x2","logs":[]}`,
		hash('b'): `{"status":"0x1","blockNumber":"0x3","logs":[]}`,
		hash('c'): `{"status":"0x1","blockNumber":"0x3","logs":[]}`,
	}, blocks: map[uint64]string{
		0: block(0, hash('0'), hash('f'), 0),
		1: block(1, hash('1'), hash('0'), 12),
		2: block(2, hash('2'), hash('1'), 24, valueTx(hash('a'), to, 5)),
	}}
	srv := httptest.NewServer(n)
	defer srv.Close()
	clock := now
	cfg := chaintest.Config(t, srv.URL, func() time.Time { return clock })
	w, err := evmrpc.New("eth", cfg, evmrpc.Options{})
	if err != nil {
		t.Fatal(err)
	}
	q := swapscout.TransferQuery{Network: "eth", Address: to, Asset: eth}
	got, err := w.FindTransfers(context.Background(), q)
	if err != nil || len(got) != 1 || got[0].TxID != hash('a') || got[0].Amount.String() != "0.000000000000000005" {
		t.Fatalf("first scan = %+v, %v", got, err)
	}
	// Block 2 is replaced (its transaction dropped), block 3 built on the
	// new one.
	n.mu.Lock()
	n.tip = 3
	n.blocks[2] = block(2, hash('x'), hash('1'), 24)
	n.blocks[3] = block(3, hash('3'), hash('x'), 36, valueTx(hash('c'), to, 7))
	n.mu.Unlock()
	clock = clock.Add(time.Minute) // past the tip cache
	if _, err := w.FindTransfers(context.Background(), q); err != nil {
		t.Fatal(err) // sees block 3 does not follow the held block 2: drops it
	}
	clock = clock.Add(time.Minute)
	got, err = w.FindTransfers(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].TxID != hash('c') || got[0].Height != 3 {
		t.Errorf("after the reorganization = %+v, want only the transfer in the new block 3", got)
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	if c := n.calls["eth_getBlockByNumber"]; c > 7 {
		t.Errorf("%d block reads, want each block read about once", c)
	}
}

// TestScannerRecorded: the recorded block 2 of the execution-apis test
// chain holds two 2-wei transfers to one contract; the one whose receipt
// says reverted is not a transfer.
func TestScannerRecorded(t *testing.T) {
	rp := chaintest.NewReplay(t, "testdata", []chaintest.Route{
		{RPC: "eth_blockNumber", Fixture: "block_number_2.json"},
		{RPC: "eth_getBlockByNumber", Param: `["0x0",true]`, Fixture: "block_0_full.json"},
		{RPC: "eth_getBlockByNumber", Param: `["0x1",true]`, Fixture: "block_1_full.json"},
		{RPC: "eth_getBlockByNumber", Param: `["0x2",true]`, Fixture: "block_2_full.json"},
		{RPC: "eth_getTransactionReceipt", Param: "0x847f7a32", Fixture: "receipt_847f7a32.json"},
		{RPC: "eth_getTransactionReceipt", Param: "0xa0762610", Fixture: "receipt_a0762610_reverted.json"},
	})
	w := newWatcher(t, rp.URL(), time.Second, evmrpc.Options{})
	q := swapscout.TransferQuery{Network: "eth", Address: "0x7dcd17433742f4c0ca53122ab541d0ba67fc27df", Asset: eth}
	got, err := w.FindTransfers(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	want := []swapscout.Transfer{{
		Network: "eth", TxID: "0x847f7a3261988dc4a34be85f4c28d5d534d47775792e9d25e1d9250cb2fb77eb", Index: -1, Asset: eth,
		From: sender, To: q.Address, Amount: swapscout.MustAmount("0.000000000000000002"), Height: 2, Confirmations: 1,
		Time: time.Unix(0x14, 0).UTC(),
	}}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
	calls := rp.Count()
	if _, err := w.FindTransfers(context.Background(), q); err != nil {
		t.Fatal(err)
	}
	if extra := rp.Count() - calls; extra != 0 {
		t.Errorf("a second query within the same block made %d calls, want 0 (tip, blocks and receipts cached)", extra)
	}
	if _, err := evmrpc.New("eth", chaintest.Config(t, rp.URL(), nil), evmrpc.Options{NoScan: true}); err != nil {
		t.Fatal(err)
	}
	noScan := newWatcher(t, rp.URL(), time.Second, evmrpc.Options{NoScan: true})
	if _, err := noScan.FindTransfers(context.Background(), q); swapscout.ErrorCode(err) != swapscout.EINVALID {
		t.Errorf("with the scanner off, a native query without txid = %v, want invalid_request", err)
	}
}

func TestNewRefuses(t *testing.T) {
	if _, err := evmrpc.New("btc", chaintest.Config(t, "https://rpc.example", nil), evmrpc.Options{}); err == nil {
		t.Error("New(btc) accepted")
	}
}
