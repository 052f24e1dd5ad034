package hostile

import (
	"encoding/json"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
)

// TestSwapCall: the create and status calls of the swap venues are told
// apart from their quotes, lists and each other, whatever their shape: a
// path, a JSON-RPC method, NEAR Intents' dry flag, THORChain's destination.
func TestSwapCall(t *testing.T) {
	for _, tc := range []struct {
		method, target, body string
		want                 Call
	}{
		{"POST", "/changenow/v2/exchange", `{}`, CreateCall},
		{"GET", "/changenow/v2/exchange/by-id?id=abc", "", StatusCall},
		{"GET", "/changenow/v2/exchange/estimated-amount?fromCurrency=btc", "", NotSwap},
		{"POST", "/exolix/api/v2/transactions", `{}`, CreateCall},
		{"GET", "/exolix/api/v2/transactions/6880e2730aee2e", "", StatusCall},
		{"GET", "/exolix/api/v2/rate?coinFrom=BTC", "", NotSwap},
		{"POST", "/changehero/v2/", `{"jsonrpc":"2.0","method":"createFixTransaction","params":{}}`, CreateCall},
		{"POST", "/changehero/v2/", `{"jsonrpc":"2.0","method":"getTransactions","params":{}}`, StatusCall},
		{"POST", "/changehero/v2/", `{"jsonrpc":"2.0","method":"getFixRate","params":{}}`, NotSwap},
		{"POST", "/nearintents/v0/quote", `{"dry":false,"amount":"1"}`, CreateCall},
		{"POST", "/nearintents/v0/quote", `{"dry":true,"amount":"1"}`, NotSwap},
		{"GET", "/thorchain/thorchain/quote/swap?from_asset=BTC.BTC&destination=0xabc", "", CreateCall},
		{"GET", "/thorchain/thorchain/quote/swap?from_asset=BTC.BTC", "", NotSwap},
		{"GET", "/thorchain/thorchain/tx/status/ABCDEF", "", StatusCall},
		{"GET", "/majesticbank/track?trx=MB1", "", StatusCall},
		{"GET", "/majesticbank/calculate?from_currency=XMR", "", NotSwap},
		{"POST", "/sideshift/api/v2/shifts/variable", `{}`, CreateCall},
		{"GET", "/sideshift/api/v2/shifts/abc", "", StatusCall},
		{"POST", "/sideshift/api/v2/cancel-order", `{}`, NotSwap},
		{"GET", "/binance/api/v3/depth?symbol=BTCUSDT", "", NotSwap},
	} {
		r := httptest.NewRequest(tc.method, tc.target, strings.NewReader(tc.body))
		if got := SwapCall(r, []byte(tc.body)); got != tc.want {
			t.Errorf("%s %s %s = %d; want %d", tc.method, tc.target, tc.body, got, tc.want)
		}
	}
	for _, s := range []string{"create", "status"} {
		if _, sc, err := ParseMode("hang:" + s); err != nil || sc.String() != s {
			t.Errorf("ParseMode(hang:%s) = %s, %v", s, sc, err)
		}
	}
}

// TestRewriteSwapAnswers: the deposit address of a create answer becomes an
// HTML snippet, numbers under address-like keys stay numbers; every expiry
// becomes one no venue means.
func TestRewriteSwapAnswers(t *testing.T) {
	in := `{"id":"x","payinAddress":"bc1qxyz","deposit":{"address":"0xabc","amount":"0.1"},"deposit_amount":"0.1",` +
		`"expiration":600,"expiresAt":"2026-07-29T14:15:00.000Z","validUntil":null,"createdAt":"2026-07-29T14:00:00Z"}`
	got, ok := Rewrite(DepositHTML, []byte(in))
	want := `{"id":"x","payinAddress":"<a href=\"https://evil.example/pay\">send here</a>","deposit":{"address":"<a href=\"https://evil.example/pay\">send here</a>","amount":"0.1"},"deposit_amount":"0.1",` +
		`"expiration":600,"expiresAt":"2026-07-29T14:15:00.000Z","validUntil":null,"createdAt":"2026-07-29T14:00:00Z"}`
	if !ok || !sameJSON(got, want) {
		t.Errorf("deposit-html:\n got %s\nwant %s", got, want)
	}
	got, ok = Rewrite(ExpiryHuge, []byte(in))
	want = `{"id":"x","payinAddress":"bc1qxyz","deposit":{"address":"0xabc","amount":"0.1"},"deposit_amount":"0.1",` +
		`"expiration":1000000000000000,"expiresAt":"9999-12-31T23:59:59Z","validUntil":null,"createdAt":"2026-07-29T14:00:00Z"}`
	if !ok || !sameJSON(got, want) {
		t.Errorf("expiry-huge:\n got %s\nwant %s", got, want)
	}
}

// sameJSON reports whether a and b are the same JSON value (escapes aside).
func sameJSON(a []byte, b string) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal([]byte(b), &y) == nil && reflect.DeepEqual(x, y)
}
