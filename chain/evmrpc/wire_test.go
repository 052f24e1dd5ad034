package evmrpc

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
)

func readResult(t testing.TB, file string) json.RawMessage {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	var env struct {
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(b, &env); err != nil {
		t.Fatal(err)
	}
	return env.Result
}

// TestRecordedReceipt: of the documented Arbitrum receipt's logs, exactly
// the ERC-20 Transfer events are read (not Approval, Sync, Swap), with
// their contract, sender, recipient and value as written; none is a
// catalogue token, so none is a transfer swapscout reports.
func TestRecordedReceipt(t *testing.T) {
	var rc receiptJSON
	if err := json.Unmarshal(readResult(t, "receipt_arbitrum_21be7a93.json"), &rc); err != nil {
		t.Fatal(err)
	}
	events, err := decodeTransferLogs(rc.Logs)
	if err != nil {
		t.Fatal(err)
	}
	const tx = "0x21be7a93a4531a76b1e15d14059582e6b6f9e36cbdc7a85c23667808f4c78b2c"
	want := []tokenTransfer{
		{Contract: "0x09e18590e8f76b6cf471b3cd75fe1a1a9d2b2c2b", From: "0x09e18590e8f76b6cf471b3cd75fe1a1a9d2b2c2b", To: "0x6a78e84fa0edad4d99eb90edc041cdbf85925961", TxHash: tx, Value: "000000000000000000000000000000000000000000000000000067d4208d2866", Block: 0x5259c43, LogIndex: 0x18},
		{Contract: "0x82af49447d8a07e3bd95bd0d56f35241523fbab1", From: "0x6a78e84fa0edad4d99eb90edc041cdbf85925961", To: "0xa6c5c7d189fa4eb5af8ba34e63dcdd3a635d433f", TxHash: tx, Value: "0000000000000000000000000000000000000000000000000000309f7337922a", Block: 0x5259c43, LogIndex: 0x19},
		{Contract: "0x912ce59144191c1204e64559fe8253a0e49e6548", From: "0xa6c5c7d189fa4eb5af8ba34e63dcdd3a635d433f", To: "0x09e18590e8f76b6cf471b3cd75fe1a1a9d2b2c2b", TxHash: tx, Value: "00000000000000000000000000000000000000000000000001061732add570c2", Block: 0x5259c43, LogIndex: 0x1c},
		{Contract: "0x09e18590e8f76b6cf471b3cd75fe1a1a9d2b2c2b", From: "0x09e18590e8f76b6cf471b3cd75fe1a1a9d2b2c2b", To: "0x000000000000000000000000000000000000dead", TxHash: tx, Value: "00000000000000000000000000000000000000000000000000000b8958f33d60", Block: 0x5259c43, LogIndex: 0x1f},
	}
	if diff := cmp.Diff(want, events); diff != "" {
		t.Errorf("Transfer events (-want +got):\n%s", diff)
	}
	var tx0 txJSON
	tx0.Hash = tx
	out, err := parseMined("arbitrum", swapscout.AssetInfo{Asset: swapscout.Asset{Ticker: "eth", Network: "arbitrum"}, Decimals: 18}, tx0, rc)
	if err != nil || len(out) != 0 {
		t.Errorf("catalogue transfers = %+v, %v; want none (WETH and ARB are not in the catalogue)", out, err)
	}
}

// TestPendingTokenCall: a pending transaction calling transfer(address,
// uint256) on a catalogue token is an unconfirmed transfer of it.
func TestPendingTokenCall(t *testing.T) {
	contract := "0xdac17f958d2ee523a2206206994597c13d831ec7"
	tx := txJSON{
		Hash: "0x" + "ab" + "00000000000000000000000000000000000000000000000000000000000000", From: "0x7435ed30a8b4aeb0877cef0c6e8cffe834eb865f",
		To: &contract, Value: "0x0",
		Input: "0xa9059cbb0000000000000000000000004dde844b71bcdf95512fb4dc94e84fb67b512ed8000000000000000000000000000000000000000000000000000000000bebc200",
	}
	out, err := parsePending("eth", swapscout.AssetInfo{Asset: swapscout.Asset{Ticker: "eth", Network: "eth"}, Decimals: 18}, tx)
	if err != nil || len(out) != 1 {
		t.Fatalf("parsePending = %+v, %v", out, err)
	}
	if tr := out[0]; tr.Asset.Ticker != "usdt" || tr.To != "0x4dde844b71bcdf95512fb4dc94e84fb67b512ed8" || tr.Amount.String() != "200" || tr.Height != 0 {
		t.Errorf("pending transfer = %+v", tr)
	}
}

// FuzzParse feeds arbitrary results to every parser of an endpoint's
// answers: logs, blocks, transactions and receipts. They must not panic,
// and what they accept must be positive amounts.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		f.Add([]byte(readResult(f, filepath.Base(p))))
	}
	native := swapscout.AssetInfo{Asset: swapscout.Asset{Ticker: "eth", Network: "eth"}, Decimals: 18}
	f.Fuzz(func(t *testing.T, raw []byte) {
		check := func(out []swapscout.Transfer) {
			for _, tr := range out {
				if !tr.Amount.Valid() || tr.Amount.Sign() <= 0 {
					t.Fatalf("accepted %+v", tr)
				}
			}
		}
		var logs []logJSON
		if json.Unmarshal(raw, &logs) == nil {
			out, _ := parseLogs("eth", logs, "")
			check(out)
		}
		if b, err := parseBlock("eth", native, raw); err == nil {
			check(b.txs)
		}
		var tx txJSON
		if json.Unmarshal(raw, &tx) == nil {
			out, _ := parsePending("eth", native, tx)
			check(out)
			var rc receiptJSON
			if json.Unmarshal(raw, &rc) == nil {
				out, _ := parseMined("eth", native, tx, rc)
				check(out)
			}
		}
	})
}

func BenchmarkParseLogs(b *testing.B) {
	raw := readResult(b, "logs_usdt.json")
	b.ReportAllocs()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		var logs []logJSON
		if err := json.Unmarshal(raw, &logs); err != nil {
			b.Fatal(err)
		}
		if out, err := parseLogs("eth", logs, "0x4dde844b71bcdf95512fb4dc94e84fb67b512ed8"); err != nil || len(out) != 1 {
			b.Fatal(out, err)
		}
	}
}

func BenchmarkParseBlock(b *testing.B) {
	raw := readResult(b, "block_2_full.json")
	native := swapscout.AssetInfo{Asset: swapscout.Asset{Ticker: "eth", Network: "eth"}, Decimals: 18}
	b.ReportAllocs()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		if _, err := parseBlock("eth", native, raw); err != nil {
			b.Fatal(err)
		}
	}
}
