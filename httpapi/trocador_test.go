package httpapi_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout/httpapi"
)

const trocKey = "wallet-key-1"

func trocFixture(t *testing.T, keys string) *swapFixture {
	t.Helper()
	return newSwapFixture(t, func(d *httpapi.Deps) {
		ks, err := httpapi.ParseKeys(keys)
		if err != nil {
			t.Fatal(err)
		}
		d.TrocadorKeys = ks
	})
}

func trocGet(f *swapFixture, target string, h headers) httpapi.Response {
	path, query, _ := strings.Cut(target, "?")
	r := &httpapi.Request{Ctx: context.Background(), Method: "GET", Path: []byte(path), RawQuery: []byte(query),
		Remote: &net.TCPAddr{IP: net.IPv4(192, 0, 2, 7)}}
	if h != nil {
		r.Header = h
	}
	return f.h.Serve(r)
}

// kinds maps every key path of a JSON value to its JSON kind; arrays are
// read through their first element.
func kinds(t *testing.T, body []byte) map[string]string {
	t.Helper()
	var v any
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("%v: %s", err, body)
	}
	out := map[string]string{}
	var walk func(string, any)
	walk = func(at string, v any) {
		switch v := v.(type) {
		case map[string]any:
			out[at] = "object"
			for k, e := range v {
				walk(at+"."+k, e)
			}
		case []any:
			out[at] = "array"
			if len(v) > 0 {
				walk(at+"[]", v[0])
			}
		case json.Number:
			out[at] = "number"
		case string:
			out[at] = "string"
		case bool:
			out[at] = "bool"
		case nil:
			out[at] = "null"
		}
	}
	walk("", v)
	return out
}

// sameShape checks that ours has every key the recording has (but those
// listed in absent, which we cannot honestly fill), each of the same JSON
// kind, and no key the recording lacks (but those in extra).
func sameShape(t *testing.T, name string, ours []byte, absent, extra []string) {
	t.Helper()
	rec, err := os.ReadFile("testdata/trocador/" + name)
	if err != nil {
		t.Fatal(err)
	}
	want, got := kinds(t, rec), kinds(t, ours)
	var diffs []string
	for k, wk := range want {
		if skipped(k, absent) {
			continue
		}
		gk, ok := got[k]
		switch {
		case !ok:
			diffs = append(diffs, "missing "+k)
		case gk != wk && !(wk == "null" || gk == "null"):
			diffs = append(diffs, fmt.Sprintf("%s is %s, recorded %s", k, gk, wk))
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok && !skipped(k, extra) {
			diffs = append(diffs, "not in the recording: "+k)
		}
	}
	sort.Strings(diffs)
	if len(diffs) > 0 {
		t.Errorf("%s: our answer's shape differs from the recording:\n%s\nours: %s", name, strings.Join(diffs, "\n"), ours)
	}
}

func skipped(k string, prefixes []string) bool {
	for _, p := range prefixes {
		if k == p || strings.HasPrefix(k, p+".") || strings.HasPrefix(k, p+"[]") {
			return true
		}
	}
	return false
}

// TestTrocadorClientShapes: a wallet's calls, as Cake Wallet makes them,
// get answers in the shapes Trocador's recorded answers have, and the
// rate → trade → status flow works through the swap service.
func TestTrocadorClientShapes(t *testing.T) {
	f := trocFixture(t, trocKey)
	key := headers{"API-Key": trocKey}
	// Cake's new_rate request (trocador_exchange_provider.dart: fetchRate).
	resp := trocGet(f, "/trocador/new_rate?ticker_from=btc&network_from=Mainnet&ticker_to=eth&network_to=ERC20&amount_from=0.1&payment=False&min_kycrating=C&markup=False&best_only=False", key)
	if resp.Status != 200 {
		t.Fatalf("new_rate: %d %s", resp.Status, resp.Body)
	}
	// Not ours to fill: USD values (we hold no USD prices), logos, spread
	// and log policies we do not rate.
	sameShape(t, "new_rate.json", resp.Body,
		[]string{".quotes.quotes[].amount_to_USD", ".quotes.quotes[].amount_from_USD", ".quotes.quotes[].USD_total_cost_percentage",
			".quotes.quotes[].unadjusted_amount_to", ".quotes.quotes[].logpolicy", ".quotes.quotes[].ad_id", ".quotes.logpolicy_list[]"},
		[]string{".quotes.quotes[].amount_from"})
	var rate struct {
		TradeID  string `json:"trade_id"`
		Provider string `json:"provider"`
		Quotes   struct {
			Markup bool `json:"markup"`
			Quotes []struct {
				Provider  string `json:"provider"`
				AmountTo  string `json:"amount_to"`
				KYCRating string `json:"kycrating"`
			} `json:"quotes"`
		} `json:"quotes"`
	}
	if err := json.Unmarshal(resp.Body, &rate); err != nil {
		t.Fatal(err)
	}
	// Best first, each with its venue's KYC letter; markup is never added.
	if rate.TradeID == "" || rate.Provider != "fast" || len(rate.Quotes.Quotes) != 2 || rate.Quotes.Quotes[0].KYCRating != "A" ||
		rate.Quotes.Quotes[1].KYCRating != "D" || rate.Quotes.Quotes[0].AmountTo != "2.0312" || rate.Quotes.Markup {
		t.Fatalf("new_rate = %s", resp.Body)
	}
	// Cake's new_trade request (createTrade).
	trade := "/trocador/new_trade?id=" + rate.TradeID + "&ticker_from=btc&network_from=Mainnet&ticker_to=eth&network_to=ERC20&amount_from=0.1" +
		"&address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&address_memo=0&refund=bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4&refund_memo=0" +
		"&provider=fast&fixed=False&payment=False&webhook=https%3A%2F%2Fwallet.example%2Fhook" // this server sends no webhooks: made without
	resp = trocGet(f, trade, key)
	if resp.Status != 200 {
		t.Fatalf("new_trade: %d %s", resp.Status, resp.Body)
	}
	// No password (we keep no Trocador-style trade page), no affiliate.
	sameShape(t, "new_trade.json", resp.Body, []string{".password", ".affiliate_partner", ".details", ".quotes.kyc_list", ".quotes.logpolicy_list", ".quotes.markup"},
		[]string{".quotes.expiresAt", ".hashout"})
	var tr struct {
		TradeID, Status, AddressProvider, AddressUserMemo string
	}
	_ = json.Unmarshal(bytes.ReplaceAll(resp.Body, []byte("_"), nil), &tr) // trade_id → tradeid: field names without underscores
	if tr.TradeID == "" || tr.Status != "waiting" || tr.AddressProvider == "" || tr.AddressUserMemo != "" {
		t.Fatalf("new_trade = %s", resp.Body)
	}
	// A retry (the answer lost) is the same trade, not a second order.
	if again := trocGet(f, trade, key); !bytes.Contains(again.Body, []byte(`"trade_id":"`+tr.TradeID+`"`)) || f.venue.creates.Load() != 1 {
		t.Errorf("new_trade again = %s, %d orders made", again.Body, f.venue.creates.Load())
	}
	resp = trocGet(f, "/trocador/trade?id="+tr.TradeID, key)
	if resp.Status != 200 {
		t.Fatalf("trade: %d %s", resp.Status, resp.Body)
	}
	sameShape(t, "trade.json", resp.Body, []string{"[].password", "[].affiliate_partner", "[].details", "[].quotes.kyc_list", "[].quotes.logpolicy_list",
		"[].quotes.markup", "[].quotes.support"}, nil)
	if resp := trocGet(f, "/trocador/trade?id=nosuchtrade", key); resp.Status != 200 || string(resp.Body) != "[]" {
		t.Errorf("trade of an unknown id = %d %s, want [] as Trocador answers", resp.Status, resp.Body)
	}
	// The same swap through the native API.
	if resp := trocGet(f, "/v1/swaps/"+tr.TradeID, nil); resp.Status != 200 {
		t.Errorf("GET /v1/swaps/%s = %d", tr.TradeID, resp.Status)
	}
}

func TestTrocadorLists(t *testing.T) {
	f := trocFixture(t, trocKey)
	key := headers{"API-Key": trocKey}
	resp := trocGet(f, "/trocador/coins", key)
	var coins []struct {
		Ticker, Network string
		Memo            bool
	}
	if err := json.Unmarshal(resp.Body, &coins); err != nil || resp.Status != 200 {
		t.Fatalf("coins: %d %s", resp.Status, resp.Body)
	}
	want := map[string]string{"btc": "Mainnet", "xmr": "Mainnet", "eth": "ERC20", "bnb": "BEP20"}
	got := map[string]string{}
	for _, c := range coins {
		if _, ok := got[c.Ticker]; !ok {
			got[c.Ticker] = c.Network
		}
		if c.Ticker == "usdt" && c.Network == "Mainnet" {
			t.Errorf("usdt listed on Mainnet: tokens go by their network's word")
		}
	}
	for tk, n := range want {
		if got[tk] != n {
			t.Errorf("coins: %s on %q, want %q", tk, got[tk], n)
		}
	}
	for q, want := range map[string]string{
		"ticker=eth&network=ERC20&address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed":   `{"result":true}`,
		"ticker=eth&network=ERC20&address=0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed":   `{"result":false}`,
		"ticker=btc&network=Mainnet&address=bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4": `{"result":true}`,
		"ticker=usdt&network=TRC20&address=bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4":  `{"result":false}`,
	} {
		if resp := trocGet(f, "/trocador/validateaddress?"+q, key); string(resp.Body) != want {
			t.Errorf("validateaddress?%s = %s, want %s", q, resp.Body, want)
		}
	}
	if resp := trocGet(f, "/trocador/exchanges", key); resp.Status != 200 || !bytes.HasPrefix(resp.Body, []byte(`{"list":[`)) {
		t.Errorf("exchanges = %d %s", resp.Status, resp.Body)
	}
}

// TestTrocadorKeys: Trocador's errors for a missing or wrong key, the older
// api_key parameter, and each key's own rate.
func TestTrocadorKeys(t *testing.T) {
	f := trocFixture(t, trocKey+",sha256:"+fmt.Sprintf("%x", sha256Sum("slow-key-1"))+"/1")
	for _, tc := range []struct {
		name   string
		target string
		h      headers
		status int
		body   string
	}{
		{"no key", "/trocador/coins", nil, 401, `{"error":"API key is missing: send it in the API-Key header"}`},
		{"wrong key", "/trocador/coins", headers{"API-Key": "wallet-key-2"}, 401, `{"error":"Invalid API key"}`},
		{"api_key parameter", "/trocador/coins?api_key=" + trocKey, nil, 200, ""},
		{"a key kept as its hash", "/trocador/coins", headers{"API-Key": "slow-key-1"}, 200, ""},
	} {
		resp := trocGet(f, tc.target, tc.h)
		if resp.Status != tc.status || (tc.body != "" && string(resp.Body) != tc.body) {
			t.Errorf("%s: %d %s, want %d %s", tc.name, resp.Status, resp.Body, tc.status, tc.body)
		}
	}
	// slow-key-1 allows 1 a second, bursts of 2: it spent one above.
	trocGet(f, "/trocador/coins", headers{"API-Key": "slow-key-1"})
	resp := trocGet(f, "/trocador/coins", headers{"API-Key": "slow-key-1"})
	if resp.Status != 429 || header(resp, "Retry-After") == "" || !bytes.HasPrefix(resp.Body, []byte(`{"error":`)) {
		t.Errorf("past its rate: %d %s (Retry-After %q)", resp.Status, resp.Body, header(resp, "Retry-After"))
	}
	if resp := trocGet(f, "/trocador/coins", headers{"API-Key": trocKey}); resp.Status != 200 {
		t.Errorf("another key is not limited by it: %d", resp.Status)
	}
	if strings.Contains(f.logs.String(), trocKey) || strings.Contains(f.logs.String(), "slow-key-1") {
		t.Errorf("a key is in the logs:\n%s", f.logs.String())
	}
	// Without keys configured, the compatible API is off.
	off := newSwapFixture(t)
	if resp := trocGet(off, "/trocador/coins", headers{"API-Key": trocKey}); resp.Status != 404 {
		t.Errorf("without keys: %d %s, want 404", resp.Status, resp.Body)
	}
}

func TestTrocadorNoRate(t *testing.T) {
	f := trocFixture(t, trocKey)
	resp := trocGet(f, "/trocador/new_rate?ticker_from=btc&network_from=Mainnet&ticker_to=nope&network_to=Mainnet&amount_from=0.1", headers{"API-Key": trocKey})
	if resp.Status != 400 || !bytes.HasPrefix(resp.Body, []byte(`{"error":"ticker_to`)) {
		t.Errorf("unknown coin: %d %s", resp.Status, resp.Body)
	}
	resp = trocGet(f, "/trocador/new_trade?id=nosuchquote&provider=fast&address=0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed&refund="+refundBTC, headers{"API-Key": trocKey})
	var e struct{ Error, Message string }
	if err := json.Unmarshal(resp.Body, &e); err != nil || resp.Status != 404 || e.Error != "not_found" || e.Message == "" {
		t.Errorf("new_trade of an unknown rate: %d %s, want 404 with error and message", resp.Status, resp.Body)
	}
}

// TestAPIKeys: native keys lift a keyed client out of its address's
// fan-out limit, an unknown key is refused, and swaps may require one.
func TestAPIKeys(t *testing.T) {
	f := newSwapFixture(t, func(d *httpapi.Deps) {
		ks, err := httpapi.ParseKeys("native-key-1/50")
		if err != nil {
			t.Fatal(err)
		}
		d.APIKeys, d.RequireKeyForSwaps = ks, true
		d.FanOutRate, d.FanOutBurst = 0.001, 1
	})
	quote := func(amount string, h headers) httpapi.Response {
		return trocGet(f, "/v1/quotes?from=btc&to=eth&amount="+amount, h)
	}
	if resp := quote("0.1", nil); resp.Status != 200 {
		t.Fatalf("first quote: %d %s", resp.Status, resp.Body)
	}
	if resp := quote("0.2", nil); resp.Status != 429 {
		t.Errorf("second uncached quote without a key: %d, want 429", resp.Status)
	}
	if resp := quote("0.3", headers{"X-API-Key": "native-key-1"}); resp.Status != 200 {
		t.Errorf("with a key: %d %s, want 200 (the key's own limit)", resp.Status, resp.Body)
	}
	if resp := quote("0.4", headers{"Authorization": "Bearer nope-nope"}); resp.Status != 401 {
		t.Errorf("unknown key: %d %s, want 401", resp.Status, resp.Body)
	}
	body := `{"quote_id":"` + f.quote(t) + `","venue":"fast","payout_address":"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"}`
	post := func(h headers) httpapi.Response {
		r := &httpapi.Request{Ctx: context.Background(), Method: "POST", Path: []byte("/v1/swaps"), Body: []byte(body), Now: time.Now(),
			Header: headers{"Content-Type": "application/json", "Idempotency-Key": "k-" + fmt.Sprint(len(h))}}
		for k, v := range h {
			r.Header.(headers)[k] = v
		}
		return f.h.Serve(r)
	}
	if resp := post(nil); resp.Status != 401 || !bytes.Contains(resp.Body, []byte(`"unauthorized"`)) {
		t.Errorf("swap without a key: %d %s, want 401 unauthorized", resp.Status, resp.Body)
	}
	if resp := post(headers{"X-API-Key": "native-key-1"}); resp.Status == 401 {
		t.Errorf("swap with a key: %d %s", resp.Status, resp.Body)
	}
	if strings.Contains(f.logs.String(), "native-key-1") {
		t.Errorf("a key is in the logs")
	}
}

func TestParseKeys(t *testing.T) {
	for _, bad := range []string{"short", "a-key-1,a-key-1", "sha256:zz", "a-good-key/0", "a-good-key/x"} {
		if _, err := httpapi.ParseKeys(bad); err == nil {
			t.Errorf("ParseKeys(%q) accepted it", bad)
		}
	}
	if ks, err := httpapi.ParseKeys(" a-good-key , sha256:" + fmt.Sprintf("%x", sha256Sum("x")) + "/5 "); err != nil || ks.Len() != 2 {
		t.Errorf("ParseKeys = %v, %v", ks.Len(), err)
	}
}

func sha256Sum(s string) [32]byte { return sha256.Sum256([]byte(s)) }
