package thornode

import (
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
)

const usdtETH = "ETH.USDT-0XDAC17F958D2EE523A2206206994597C13D831EC7"

// TestSwapMemoRoundTrip: the node's memos, recorded and ours, parse and
// write back unchanged; anything else is not a swap memo.
func TestSwapMemoRoundTrip(t *testing.T) {
	for _, memo := range []string{
		"=:ETH.ETH:0x1c7b17362c84287bd1184447e6dfeaf920c31bbe::t:100", // recorded: empty LIM, affiliate
		"=:ETH.ETH:0x1c7b17362c84287bd1184447e6dfeaf920c31bbe:0/1/0",  // recorded (Maya): streaming
		"=:BTC.BTC:bc1qxhmdufsvnuaaaer4ynz88fspdsxq2h9e9cetdj",
		"=:e:dx:161e6:t:10", // THORChain's documentation, shortened
		"SWAP:ETH.ETH:0x388C818CA8B9251b393131C08a736A67ccB19297:1612345678",
		"s:ETH.USDT-EC7:0xe6a30f4f3bad978910e2cbb4d97581f5b5a0ade0/bc1qrefund:100e7/3/0:t:10",
	} {
		m, ok := ParseSwapMemo(memo)
		if !ok || m.String() != memo {
			t.Errorf("ParseSwapMemo(%q) = %+v, %v; written back %q", memo, m, ok, m.String())
		}
	}
	for _, memo := range []string{"", "=:", "=:ETH.ETH", "+:BTC.BTC:thor1x", "loan-:BTC.BTC:bc1q:0", "=:ETH.ETH:0x1:12a4", "=:ETH.ETH:0x1:1e", "=::0x1:1"} {
		if m, ok := ParseSwapMemo(memo); ok {
			t.Errorf("ParseSwapMemo(%q) = %+v, want not a swap memo", memo, m)
		}
	}
}

func TestLimit(t *testing.T) {
	for in, want := range map[string]string{"": "0", "0": "0", "13426722": "13426722", "161e6": "161000000", "100e7": "1000000000", "1e0": "1"} {
		got, ok := limitUnits(in)
		if !ok || got.String() != want {
			t.Errorf("limitUnits(%q) = %s, %v; want %s", in, got, ok, want)
		}
	}
	for _, c := range []struct {
		units string
		short bool
		want  string
	}{
		{"13426722", false, "13426722"},
		{"13426722.2", false, "13426723"}, // the least accepted is never rounded down
		{"13426722", true, "13427e3"},     // up to five digits, rounded up
		{"1612345678", true, "16124e5"},
		{"1000000000", true, "1e9"},
		{"9999950000", true, "1e10"}, // 99999.5 rounds up to 100000
		{"123456", true, "123456"},   // short already
	} {
		got := formatLimit(swapscout.MustAmount(c.units), c.short)
		if got != c.want {
			t.Errorf("formatLimit(%s, %v) = %q, want %q", c.units, c.short, got, c.want)
		}
		if back, _ := limitUnits(got); back.Cmp(swapscout.MustAmount(c.units)) < 0 {
			t.Errorf("formatLimit(%s) = %s reads back as %s: less than the limit", c.units, got, back)
		}
	}
}

func TestSameAsset(t *testing.T) {
	for _, c := range []struct {
		field, full string
		want        bool
	}{
		{"ETH.ETH", "ETH.ETH", true}, {"e", "ETH.ETH", true}, {"eth.eth", "ETH.ETH", true},
		{usdtETH, usdtETH, true}, {"ETH.USDT-EC7", usdtETH, true}, {"ETH.USDT", usdtETH, true}, {"eth.usdt-ec7", usdtETH, true},
		{"ETH.USDT-EC8", usdtETH, false}, {"ETH.USDC", usdtETH, false}, {"BSC.USDT-EC7", usdtETH, false},
		{"b", "ETH.ETH", false}, {"ETH.ETH", "BTC.BTC", false}, {"ETH.USDT-", usdtETH, false},
	} {
		if got := SameAsset(c.field, c.full); got != c.want {
			t.Errorf("SameAsset(%q, %q) = %v", c.field, c.full, got)
		}
	}
	for full, want := range map[string]string{"ETH.ETH": "e", "BTC.BTC": "b", usdtETH: "ETH.USDT-EC7", "XRP.XRP": "XRP.XRP"} {
		if got := ShortAsset(full); got != want || !SameAsset(got, full) {
			t.Errorf("ShortAsset(%s) = %s, want %s", full, got, want)
		}
	}
}

// TestWithLimit: the limit goes into the memo as digits; from a
// Bitcoin-like chain a memo over 80 bytes takes the limit short, then the
// asset short, and one that still does not fit is refused.
func TestWithLimit(t *testing.T) {
	const eth = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
	lim := swapscout.MustAmount("49751234567")
	for _, c := range []struct {
		memo string
		utxo bool
		want string
		ok   bool
	}{
		{"=:ETH.ETH:" + eth + "::t:100", true, "=:ETH.ETH:" + eth + ":49751234567:t:100", true},
		{"=:ETH.ETH:" + eth + ":0/1/0", true, "=:ETH.ETH:" + eth + ":49751234567/1/0", true},
		{"=:ETH.ETH:" + eth, false, "=:ETH.ETH:" + eth + ":49751234567", true},
		// Over 80 bytes from BTC: the limit short is enough.
		{"=:ETH.USDT-EC7:" + eth + ":0/1/0:swapsc:0", true, "=:ETH.USDT-EC7:" + eth + ":49752e6/1/0:swapsc:0", true},
		// Then the asset short too.
		{"=:" + usdtETH + ":" + eth + ":0/1/0", true, "=:ETH.USDT-EC7:" + eth + ":49752e6/1/0", true},
		// From ETH, no limit on length.
		{"=:" + usdtETH + ":" + eth + ":0/1/0", false, "=:" + usdtETH + ":" + eth + ":49751234567/1/0", true},
		{"=:ETH.ETH:" + eth + "/" + strings.Repeat("x", 40) + ":0/1/0", true, "", false},
	} {
		m, ok := ParseSwapMemo(c.memo)
		if !ok {
			t.Fatalf("ParseSwapMemo(%q) failed", c.memo)
		}
		got, ok := withLimit(m, lim, c.utxo)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("withLimit(%q, utxo %v) = %q, %v; want %q, %v", c.memo, c.utxo, got, ok, c.want, c.ok)
		}
		if ok && c.utxo && len(got) > MaxUTXOMemo {
			t.Errorf("withLimit(%q) = %d bytes", c.memo, len(got))
		}
	}
}

// TestMemoIntent: memos asking one swap with different limits, or the
// asset written short, have one intent; another destination, asset or
// streaming is another swap.
func TestMemoIntent(t *testing.T) {
	names := []string{"ETH.ETH", "BTC.BTC", usdtETH}
	const dest = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed"
	base := MemoIntent("=:"+usdtETH+":"+dest+":0/1/0", names)
	if base == "" {
		t.Fatal("no intent")
	}
	for _, same := range []string{"=:ETH.USDT-EC7:" + dest + ":49752e6/1/0", "=:" + usdtETH + ":" + strings.ToLower(dest) + ":49751234567/1/0", "SWAP:eth.usdt:" + dest + ":/1/0"} {
		if got := MemoIntent(same, names); got != base {
			t.Errorf("MemoIntent(%q) = %q, want %q", same, got, base)
		}
	}
	for _, other := range []string{"=:ETH.ETH:" + dest + ":0/1/0", "=:" + usdtETH + ":0x1c7b17362c84287bd1184447e6dfeaf920c31bbe:0/1/0", "=:" + usdtETH + ":" + dest + ":0/2/0", "=:" + usdtETH + ":" + dest + ":0/1/0:t:10"} {
		if got := MemoIntent(other, names); got == base {
			t.Errorf("MemoIntent(%q) = %q, the same swap as the base", other, got)
		}
	}
	if MemoIntent("+:BTC.BTC:thor1x", names) != "" {
		t.Error("an add-liquidity memo has a swap intent")
	}
}
