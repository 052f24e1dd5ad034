package thornode

import (
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
)

// Swap memos, as THORChain's documentation writes them ("Transaction
// Memos", "Memo Length Reduction"):
//
//	SWAP:ASSET:DESTADDR:LIM/INTERVAL/QUANTITY:AFFILIATE:FEE
//
// The function is SWAP, s or = (the node writes =). DESTADDR may carry a
// refund address after a slash. LIM is the least the swap may pay out, in
// 1e8 units of ASSET, written as digits or as digits, e and an exponent
// (161e6 is 161000000); 0 or nothing is no limit, and the network refunds a
// swap (or, streaming, each sub-swap) that would pay less. ASSET may be
// shortened: a letter for a chain's own coin (e is ETH.ETH) or a token
// without its contract, or with its contract's last characters
// (ETH.USDT-EC7). From Bitcoin-like chains the memo is an OP_RETURN output
// of at most 80 bytes.

// MaxUTXOMemo is the longest memo a deposit from a Bitcoin-like chain
// carries: an OP_RETURN output of 80 bytes.
const MaxUTXOMemo = 80

// SwapMemo is a swap memo's fields, as written.
type SwapMemo struct {
	fn     string
	Asset  string // ASSET: the asset received, possibly short (SameAsset)
	dest   string
	limit  string   // LIM as written: "", "0", digits, or digits e digits
	stream string   // "/INTERVAL/QUANTITY" as written, or ""
	rest   []string // AFFILIATE, FEE and anything after
}

// ParseSwapMemo reads a swap memo; false for any other memo.
func ParseSwapMemo(memo string) (SwapMemo, bool) {
	f := strings.Split(strings.TrimSpace(memo), ":")
	if len(f) < 3 {
		return SwapMemo{}, false
	}
	switch strings.ToLower(f[0]) {
	case "=", "s", "swap":
	default:
		return SwapMemo{}, false
	}
	m := SwapMemo{fn: f[0], Asset: f[1], dest: f[2]}
	if m.Asset == "" || m.dest == "" {
		return SwapMemo{}, false
	}
	if len(f) > 3 {
		m.limit, m.stream, _ = strings.Cut(f[3], "/")
		if m.stream != "" || strings.Contains(f[3], "/") {
			m.stream = "/" + m.stream
		}
		m.rest = f[4:]
	}
	if _, ok := limitUnits(m.limit); !ok {
		return SwapMemo{}, false
	}
	return m, true
}

// String writes m back as a memo.
func (m SwapMemo) String() string {
	var b strings.Builder
	b.WriteString(m.fn + ":" + m.Asset + ":" + m.dest)
	if m.limit != "" || m.stream != "" || len(m.rest) > 0 {
		b.WriteString(":" + m.limit + m.stream)
	}
	for _, r := range m.rest {
		b.WriteString(":" + r)
	}
	return b.String()
}

// LimitUnits is the memo's LIM in 1e8 units of the asset received: the
// least the swap may pay out; zero for no limit.
func (m SwapMemo) LimitUnits() swapscout.Amount {
	lim, _ := limitUnits(m.limit) // ParseSwapMemo checked it
	return lim
}

// limitUnits reads LIM: zero for "" or "0" (no limit); false when it is
// neither digits nor digits e digits.
func limitUnits(s string) (swapscout.Amount, bool) {
	if s == "" {
		return swapscout.AmountFromInt(0), true
	}
	mant, exp, sci := strings.Cut(strings.ToLower(s), "e")
	if !digits(mant) || sci && (!digits(exp) || len(exp) > 2) {
		return swapscout.Amount{}, false
	}
	a, err := swapscout.ParseAmount(mant)
	if err != nil {
		return swapscout.Amount{}, false
	}
	if sci {
		n, _ := strconv.Atoi(exp)
		a = a.Mul(pow10(n))
	}
	return a, true
}

func digits(s string) bool {
	if s == "" || len(s) > 40 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// formatLimit writes u (whole 1e8 units) as LIM: its digits, or, short,
// five digits then e and an exponent, rounded up (at most 0.01 % above u:
// the limit is the least the user accepts, never less).
func formatLimit(u swapscout.Amount, short bool) string {
	u = u.Round(0, swapscout.RoundUp)
	s := u.String()
	if !short || len(s) <= 6 {
		return s
	}
	exp := len(s) - 5
	mant := u.Quo(pow10(exp), 0, swapscout.RoundUp).String()
	if len(mant) > 5 { // 99999.5 rounded up to 100000
		exp++
		mant = u.Quo(pow10(exp), 0, swapscout.RoundUp).String()
	}
	for len(mant) > 1 && mant[len(mant)-1] == '0' {
		mant, exp = mant[:len(mant)-1], exp+1
	}
	return mant + "e" + strconv.Itoa(exp)
}

func pow10(n int) swapscout.Amount {
	p := swapscout.AmountFromInt(1)
	for range n {
		p = p.Mul(swapscout.AmountFromInt(10))
	}
	return p
}

// shortCodes are the one-letter names of chains' own coins a memo may use.
var shortCodes = map[string]string{
	"a": "AVAX.AVAX", "b": "BTC.BTC", "c": "BCH.BCH", "d": "DOGE.DOGE", "e": "ETH.ETH",
	"g": "GAIA.ATOM", "l": "LTC.LTC", "n": "BNB.BNB", "r": "THOR.RUNE", "s": "BSC.BNB",
}

// SameAsset reports whether a memo's ASSET field names the asset full
// (CHAIN.SYMBOL or CHAIN.SYMBOL-CONTRACT, as the network writes it): the
// name itself, its one-letter code, or the token with its contract cut
// to its last characters or left out.
func SameAsset(field, full string) bool {
	field, full = strings.ToUpper(field), strings.ToUpper(full)
	if field == full || shortCodes[strings.ToLower(field)] == full {
		return true
	}
	fs, fsuf, fok := strings.Cut(field, "-")
	ws, contract, wok := strings.Cut(full, "-")
	return wok && fs == ws && (!fok || fsuf != "" && strings.HasSuffix(contract, fsuf))
}

// ShortAsset is full as short as a memo may name it: a chain's coin by its
// letter, a token with its contract's last three characters.
func ShortAsset(full string) string {
	for code, name := range shortCodes {
		if strings.EqualFold(name, full) {
			return code
		}
	}
	if sym, contract, ok := strings.Cut(full, "-"); ok && len(contract) > 3 {
		return sym + "-" + contract[len(contract)-3:]
	}
	return full
}

// sameDest reports whether a memo's destination is addr (EVM addresses in
// any case, the node may write them lower-case).
func sameDest(memoDest, addr string) bool {
	d, _, _ := strings.Cut(memoDest, "/")
	if strings.HasPrefix(strings.ToLower(addr), "0x") {
		return strings.EqualFold(d, addr)
	}
	return d == addr
}

// memoAddress is addr as a memo field holds it: without a "bitcoincash:"
// style prefix, whose colon would split the memo.
func memoAddress(addr string) string {
	if i := strings.LastIndexByte(addr, ':'); i >= 0 {
		return addr[i+1:]
	}
	return addr
}

// MemoIntent is what a swap memo asks, without the limit the depositor
// sets: the function, the asset (resolved to its full name against
// symbols, the network's names), the destination and what follows the
// limit. Two memos with one intent are one swap asked with different
// limits. "" for a memo that is not a swap's.
func MemoIntent(memo string, names []string) string {
	m, ok := ParseSwapMemo(memo)
	if !ok {
		return ""
	}
	asset := strings.ToUpper(m.Asset)
	for _, n := range names {
		if SameAsset(m.Asset, n) {
			asset = strings.ToUpper(n)
			break
		}
	}
	dest := m.dest
	if strings.HasPrefix(strings.ToLower(dest), "0x") {
		dest = strings.ToLower(dest)
	}
	return "=:" + asset + ":" + dest + ":" + m.stream + ":" + strings.Join(m.rest, ":")
}

// withLimit returns the node's memo with LIM set to lim (whole 1e8 units
// of the asset received), as short as it must be for the chain sent from:
// from a Bitcoin-like chain, within MaxUTXOMemo bytes, writing LIM short
// and then the asset short; false when even so it does not fit.
func withLimit(m SwapMemo, lim swapscout.Amount, utxo bool) (string, bool) {
	m.limit = formatLimit(lim, false)
	if s := m.String(); !utxo || len(s) <= MaxUTXOMemo {
		return s, true
	}
	m.limit = formatLimit(lim, true)
	if s := m.String(); len(s) <= MaxUTXOMemo {
		return s, true
	}
	m.Asset = ShortAsset(m.Asset)
	s := m.String()
	return s, len(s) <= MaxUTXOMemo
}
