package chain_test

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain"
	"github.com/swapscout/swapscout/chain/chaintest"
)

func TestSameAddress(t *testing.T) {
	for _, tc := range []struct {
		network, a, b string
		want          bool
	}{
		{"eth", "0xdAC17F958D2ee523a2206206994597C13D831ec7", "0xdac17f958d2ee523a2206206994597c13d831ec7", true},
		{"base", "0xdAC17F958D2ee523a2206206994597C13D831ec7", "0xdAC17F958D2ee523a2206206994597C13D831ec8", false},
		{"btc", "BC1QJJ09853TFPZTJGRK4JEYZJ4ML59FV9CMSLV3C4GXXF57U0K3KXMQLLX29Y", "bc1qjj09853tfpztjgrk4jeyzj4ml59fv9cmslv3c4gxxf57u0k3kxmqllx29y", true},
		{"btc", "3L4YUynB4X44rJBY9CmiLMN8Wjti49JCYB", "3l4yuynb4x44rjby9cmilmn8wjti49jcyb", false}, // base58 is case-sensitive
		// TRON: base58, 41-prefixed hex and 20-byte hex of the USDT contract.
		{"trx", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "41a614f803b6fd780986a42c78ec9c7f77e6ded13c", true},
		{"trx", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "0xa614f803b6fd780986a42c78ec9c7f77e6ded13c", true},
		{"trx", "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "41a614f803b6fd780986a42c78ec9c7f77e6ded13d", false},
		// Bitcoin Cash: CashAddr with and without prefix, any case, and legacy.
		{"bch", "bitcoincash:qr3u8szwdl4el5ur428t3qs3cn8kqyhlesjqfjmp7k", "1MmJtaUP6rUkpoaDTjUbUBYVGz4mSj5dDR", true},
		{"bch", "bitcoincash:qr3u8szwdl4el5ur428t3qs3cn8kqyhlesjqfjmp7k", "QR3U8SZWDL4EL5UR428T3QS3CN8KQYHLESJQFJMP7K", true},
		{"bch", "bitcoincash:pq2klmc0sarndpvymenhl5ywpvgtkxynmgwgn6nv9s", "bitcoincash:prxsnmzaer7whacy04arcu4jtlm83xfvf5fxdvr36d", false},
		{"sol", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", true},
		{"sol", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v", "epjfwdd5aufqssqem2qn1xzybapc8g4weggkzwytdt1v", false},
		{"btc", "", "", false},
	} {
		if got := chain.SameAddress(tc.network, tc.a, tc.b); got != tc.want {
			t.Errorf("SameAddress(%s, %s, %s) = %v, want %v", tc.network, tc.a, tc.b, got, tc.want)
		}
	}
}

func TestBCHScriptHash(t *testing.T) {
	// The documented input's script is OP_HASH160 156fef0f…93da OP_EQUAL.
	if got := chain.Canonical("bch", "bitcoincash:pq2klmc0sarndpvymenhl5ywpvgtkxynmgwgn6nv9s"); got != "p2sh:156fef0f8747368584de677fd08e0b10bb1893da" {
		t.Errorf("Canonical = %s", got)
	}
}

func TestTronHex(t *testing.T) {
	h, ok := chain.TronHex("TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")
	if !ok || h != "a614f803b6fd780986a42c78ec9c7f77e6ded13c" {
		t.Errorf("TronHex = %s, %v", h, ok)
	}
	for _, bad := range []string{"", "T123", "42a614f803b6fd780986a42c78ec9c7f77e6ded13c", "41zz14f803b6fd780986a42c78ec9c7f77e6ded13c"} {
		if _, ok := chain.TronBase58(bad); ok {
			t.Errorf("TronBase58(%q) accepted", bad)
		}
	}
}

func TestHexAmount(t *testing.T) {
	for _, tc := range []struct {
		hex  string
		dec  int
		want string
	}{
		{"0x0000000000000000000000000000000000000000000000000000309f7337922a", 18, "0.00005346139095505"},
		{"0x1bc16d674ec80000", 18, "2"},
		{"0x0", 6, "0"},
		{"00000000000000000000000000000000000000000000000000000000000f4240", 6, "1"},
	} {
		got, err := chain.HexAmount(tc.hex, tc.dec)
		if err != nil || got.String() != tc.want {
			t.Errorf("HexAmount(%s, %d) = %s, %v; want %s", tc.hex, tc.dec, got, err, tc.want)
		}
	}
	for _, bad := range []string{"", "0x", "0xzz", "0x" + string(make([]byte, 65)), "-0x1", "0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"} {
		if got, err := chain.HexAmount(bad, 18); err == nil {
			t.Errorf("HexAmount(%q) = %s, want an error", bad, got)
		}
	}
	if n, err := chain.HexUint("0x1b4"); err != nil || n != 436 {
		t.Errorf("HexUint(0x1b4) = %d, %v", n, err)
	}
	for _, bad := range []string{"1b4", "0x", "0x10000000000000000", "0xg"} {
		if _, err := chain.HexUint(bad); err == nil {
			t.Errorf("HexUint(%q) accepted", bad)
		}
	}
}

func TestConfirmations(t *testing.T) {
	for _, tc := range []struct{ tip, height, want int64 }{{100, 95, 6}, {100, 100, 1}, {99, 100, 1}, {100, 0, 0}} {
		if got := chain.Confirmations(tc.tip, tc.height); got != tc.want {
			t.Errorf("Confirmations(%d, %d) = %d, want %d", tc.tip, tc.height, got, tc.want)
		}
	}
}

// TestTipCache: within TTL one call serves everyone, concurrent misses
// share one call, and a lagging answer never moves the tip back.
func TestTipCache(t *testing.T) {
	now := time.Unix(1000, 0)
	var mu sync.Mutex
	clock := func() time.Time { mu.Lock(); defer mu.Unlock(); return now }
	tip := chain.Tip{TTL: 10 * time.Second, Now: clock}
	var calls atomic.Int64
	answer := int64(500)
	fetch := func(context.Context) (int64, error) {
		calls.Add(1)
		time.Sleep(time.Millisecond) // let concurrent callers pile up on the miss
		return answer, nil
	}
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if h, err := tip.Get(context.Background(), fetch); err != nil || h != 500 {
				t.Errorf("Get = %d, %v", h, err)
			}
		}()
	}
	wg.Wait()
	if n := calls.Load(); n > 2 { // a goroutine may arrive after the first call ended
		t.Errorf("%d calls for 20 concurrent misses", n)
	}
	before := calls.Load()
	if h, _ := tip.Get(context.Background(), fetch); h != 500 || calls.Load() != before {
		t.Error("a fresh tip was fetched again")
	}
	mu.Lock()
	now = now.Add(11 * time.Second)
	mu.Unlock()
	answer = 499
	if h, _ := tip.Get(context.Background(), fetch); h != 500 {
		t.Errorf("a lagging backend moved the tip back to %d", h)
	}
	fail := errors.New("down")
	mu.Lock()
	now = now.Add(11 * time.Second)
	mu.Unlock()
	if _, err := tip.Get(context.Background(), func(context.Context) (int64, error) { return 0, fail }); !errors.Is(err, fail) {
		t.Errorf("Get = %v, want the fetch error", err)
	}
}

func TestMemoBounded(t *testing.T) {
	m := chain.Memo[int, int]{Max: 3}
	for i := range 10 {
		m.Put(i, i*i)
	}
	if m.Len() != 3 {
		t.Errorf("Len = %d, want 3", m.Len())
	}
	if _, ok := m.Get(0); ok {
		t.Error("the oldest entry survived")
	}
	if v, ok := m.Get(9); !ok || v != 81 {
		t.Errorf("Get(9) = %d, %v", v, ok)
	}
}

// TestCallErrors: JSON-RPC error objects become typed failures.
func TestCallErrors(t *testing.T) {
	rp := chaintest.NewReplay(t, "", []chaintest.Route{
		{RPC: "eth_getLogs", Body: `{"jsonrpc":"2.0","id":1,"error":{"code":-32005,"message":"query returned more than 10000 results"}}`},
		{RPC: "eth_call", Body: `{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"invalid block range params"}}`},
		{RPC: "eth_chainId", Body: `{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"internal error"}}`},
		{RPC: "eth_getTransactionByHash", Body: `{"jsonrpc":"2.0","id":1,"result":null}`},
		{RPC: "eth_blockNumber", Body: `{"jsonrpc":"2.0","id":1,"result":"0x1b4"}`},
	})
	cfg := chaintest.Config(t, rp.URL(), nil)
	ctx := context.Background()
	for method, want := range map[string]swapscout.FailureCode{
		"eth_getLogs": swapscout.CodeRateLimited, "eth_call": swapscout.CodeBadResponse, "eth_chainId": swapscout.CodeUnavailable,
	} {
		var v any
		_, err := chain.Call(ctx, &cfg, "test", method, []any{}, &v)
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || ve.Code != want {
			t.Errorf("%s: %v, want %s", method, err, want)
		}
		if _, ok := chain.IsRPCError(err); !ok {
			t.Errorf("%s: the JSON-RPC error object is lost: %v", method, err)
		}
	}
	var s string
	if found, err := chain.Call(ctx, &cfg, "test", "eth_getTransactionByHash", []any{"0x00"}, &s); found || err != nil {
		t.Errorf("null result: found %v, %v", found, err)
	}
	if found, err := chain.Call(ctx, &cfg, "test", "eth_blockNumber", []any{}, &s); !found || err != nil || s != "0x1b4" {
		t.Errorf("eth_blockNumber: %q, %v, %v", s, found, err)
	}
}

func TestHost(t *testing.T) {
	if got := chain.Host("https://mainnet.infura.io/v3/SECRETKEY?x=1"); got != "mainnet.infura.io" {
		t.Errorf("Host = %s", got)
	}
	if got := chain.Host("::"); got != "endpoint" {
		t.Errorf("Host(bad) = %s", got)
	}
}

func TestEndpoint(t *testing.T) {
	e := chain.NewEndpoint("btc", "esplora btc (mempool.space)")
	if got := e.Networks(); len(got) != 1 || got[0] != "btc" || e.Network() != "btc" || e.Name() != "esplora btc (mempool.space)" {
		t.Errorf("NewEndpoint(btc, …) = %v %q %q", got, e.Network(), e.Name())
	}
}
