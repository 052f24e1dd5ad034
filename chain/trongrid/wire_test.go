package trongrid

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout"
)

var (
	usdtInfo, _ = swapscout.LookupAsset(swapscout.Asset{Ticker: "usdt", Network: Network})
	trxInfo, _  = swapscout.LookupAsset(swapscout.Asset{Ticker: "trx", Network: Network})
)

const usdtContract = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"

// FuzzParse feeds arbitrary bodies to every parser of TronGrid's answers:
// the v1 lists (TRC-20 and TRX), a transaction with its info, a block.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, b)
	}
	f.Fuzz(func(t *testing.T, body, infoBody []byte) {
		check := func(out []swapscout.Transfer) {
			for _, tr := range out {
				if !tr.Amount.Valid() || tr.Amount.Sign() <= 0 || tr.Network != Network {
					t.Fatalf("accepted %+v", tr)
				}
			}
		}
		var env v1Envelope
		if json.Unmarshal(body, &env) == nil {
			var rows []trc20Row
			if json.Unmarshal(env.Data, &rows) == nil {
				out, _ := parseTRC20(usdtInfo, usdtContract, rows, usdtContract)
				check(out)
			}
			var txs []txJSON
			if json.Unmarshal(env.Data, &txs) == nil {
				out, _ := parseNative(trxInfo, txs, "TAVrrARNdnjHgCGMQYeQV7hv4PSu7mVsMj")
				check(out)
			}
		}
		var tx txJSON
		var ti txInfo
		if json.Unmarshal(body, &tx) == nil && json.Unmarshal(infoBody, &ti) == nil && ti.check(tx.TxID) == nil {
			out, _ := parseTransaction(trxInfo, tx, ti)
			check(out)
		}
		var b blockJSON
		_ = json.Unmarshal(body, &b)
	})
}

// benchBody reads a fixture and readies b to measure its parse.
func benchBody(b *testing.B, file string) []byte {
	body, err := os.ReadFile("testdata/" + file)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	return body
}

func BenchmarkParseTRC20(b *testing.B) {
	body := benchBody(b, "trc20_usdt.json")
	for b.Loop() {
		var env v1Envelope
		var rows []trc20Row
		if json.Unmarshal(body, &env) != nil || json.Unmarshal(env.Data, &rows) != nil {
			b.Fatal("decode")
		}
		if out, err := parseTRC20(usdtInfo, usdtContract, rows, usdtContract); err != nil || len(out) != 1 {
			b.Fatal(out, err)
		}
	}
}

func BenchmarkParseTRXHistory(b *testing.B) {
	body := benchBody(b, "trx_transactions.json")
	for b.Loop() {
		var env v1Envelope
		var txs []txJSON
		if json.Unmarshal(body, &env) != nil || json.Unmarshal(env.Data, &txs) != nil {
			b.Fatal("decode")
		}
		if out, err := parseNative(trxInfo, txs, "TAVrrARNdnjHgCGMQYeQV7hv4PSu7mVsMj"); err != nil || len(out) != 2 {
			b.Fatal(out, err)
		}
	}
}
