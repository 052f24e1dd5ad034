package solanarpc

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/swapscout/swapscout"
)

var solInfo, _ = swapscout.LookupAsset(swapscout.Asset{Ticker: "sol", Network: Network})

func result(t testing.TB, body []byte) json.RawMessage {
	var env struct {
		Result json.RawMessage `json:"result"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		t.Fatal(err)
	}
	return env.Result
}

// FuzzParse feeds arbitrary results to the parsers of signatures,
// transactions and token accounts: no panic, and only positive transfers.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add([]byte(result(f, b)))
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		var sigs []sigInfo
		if json.Unmarshal(raw, &sigs) == nil {
			_ = checkSignatures(sigs)
		}
		var tx txResult
		if json.Unmarshal(raw, &tx) == nil {
			out, err := parseTransfers(solInfo, "sig", tx)
			if err == nil {
				for _, r := range out {
					if !r.Amount.Valid() || r.Amount.Sign() <= 0 || r.Height <= 0 {
						t.Fatalf("accepted %+v", r)
					}
				}
			}
		}
		var accs tokenAccountsResult
		_ = json.Unmarshal(raw, &accs)
	})
}

func BenchmarkParseTokenTransaction(b *testing.B) {
	body, err := os.ReadFile("testdata/tx_usdc.json")
	if err != nil {
		b.Fatal(err)
	}
	raw := result(b, body)
	b.ReportAllocs()
	b.SetBytes(int64(len(raw)))
	for b.Loop() {
		var tx txResult
		if err := json.Unmarshal(raw, &tx); err != nil {
			b.Fatal(err)
		}
		if out, err := parseTransfers(solInfo, "sig", tx); err != nil || len(out) != 1 {
			b.Fatal(out, err)
		}
	}
}
