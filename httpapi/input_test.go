package httpapi_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestFriendlyInput: what people type is understood — an amount without
// its leading zero, networks by the names wallets use — and what cannot
// be is answered with what would be.
func TestFriendlyInput(t *testing.T) {
	h, _ := newHandler(t)
	for _, tc := range []struct{ query, amount, fromNet string }{
		{"from=btc&to=eth&amount=.1", "0.1", "btc"},
		{"from=usdt&from_network=tron&to=eth&amount=100", "100", "trx"},
		{"from=usdt&from_network=TRC20&to=eth&amount=100", "100", "trx"},
		{"from=usdt&from_network=bep20&to=eth&amount=100", "100", "bsc"},
		{"from=usdc&from_network=polygon&to=eth&amount=100", "100", "matic"},
	} {
		resp := get(h, "/v1/quotes?"+tc.query)
		if resp.Status != 200 {
			t.Errorf("GET /v1/quotes?%s = %d: %s", tc.query, resp.Status, resp.Body)
			continue
		}
		var q struct {
			Request struct {
				From   struct{ Network string }
				Amount string
			}
		}
		if err := json.Unmarshal(append(append([]byte(nil), resp.Head...), resp.Body...), &q); err != nil {
			t.Fatal(err)
		}
		if q.Request.Amount != tc.amount || q.Request.From.Network != tc.fromNet {
			t.Errorf("GET /v1/quotes?%s asked for %s on %s, want %s on %s", tc.query, q.Request.Amount, q.Request.From.Network, tc.amount, tc.fromNet)
		}
	}
	for query, want := range map[string]string{
		"from=ethereum&to=btc&amount=0.1":                "did you mean eth?",
		"from=usdt&from_network=doge&to=eth&amount=10":   "USDT is not available on Dogecoin here; its networks: eth (Ethereum (ERC-20)), trx (Tron (TRC-20))",
		"from=usdt&from_network=nowhere&to=eth&amount=1": "; USDT's networks: eth (Ethereum (ERC-20))",
		"from=btc&to=btc&amount=0.1":                     "from and to are the same asset (BTC on Bitcoin)",
	} {
		resp := get(h, "/v1/quotes?"+query)
		if resp.Status != 400 || !strings.Contains(string(resp.Body), want) {
			t.Errorf("GET /v1/quotes?%s = %d %s, want 400 saying %q", query, resp.Status, resp.Body, want)
		}
	}
}
