package chain_test

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simchain "github.com/swapscout/swapscout/sim/chain"
)

// FuzzHandler posts arbitrary bodies to the simulated nodes' JSON-RPC and
// wallet endpoints: whatever arrives, they answer, never panic.
func FuzzHandler(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"eth_getLogs","params":[{"fromBlock":"0x0","toBlock":"latest","address":["0xdac17f958d2ee523a2206206994597c13d831ec7"],"topics":["0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef",null,"0x00"]}]}`,
		`{"jsonrpc":"2.0","id":1,"method":"eth_getBlockByNumber","params":["0x1406f48",true]}`,
		`{"jsonrpc":"2.0","id":1,"method":"getSignaturesForAddress","params":["x",{"limit":-1,"before":"y"}]}`,
		`{"jsonrpc":"2.0","id":1,"method":"getTokenAccountsByOwner","params":["x",{"mint":"y"}]}`,
		`{"jsonrpc":"2.0","id":1,"method":"eth_getLogs","params":[{"address":[],"topics":[]}]}`,
		`{"value":"00"}`, `[]`, `{"method":7}`,
	} {
		f.Add(s)
	}
	clk := t0.Add(time.Hour)
	c, err := simchain.New(simchain.Config{Seed: 1, Genesis: t0, Now: func() time.Time { return clk }})
	if err != nil {
		f.Fatal(err)
	}
	for _, n := range []string{"eth", "sol", "trx"} {
		for _, a := range []swapscout.Asset{{Ticker: "usdt", Network: n}} {
			if _, err := c.Record(simchain.Transfer{Network: n, To: sim.Address(n, "f"), Asset: a, Amount: swapscout.MustAmount("1"), At: t0}); err != nil {
				f.Fatal(err)
			}
		}
	}
	h := c.Handler()
	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range []string{"/evm/eth", "/solana", "/trongrid/wallet/gettransactioninfobyid", "/trongrid/wallet/getblock"} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, bytes.NewBufferString(body)))
			if rec.Code == 0 {
				t.Fatal("no answer")
			}
		}
	})
}
