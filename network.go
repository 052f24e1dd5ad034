package swapscout

import (
	"sort"
	"strings"
)

// NetworkInfo is a network as people name it: NetworkTable (catalogue.go)
// carries display names, and networkWords below the token standard, the
// spellings people type and whether addresses take a memo.
type NetworkInfo = Network

// networkWord is what networkWords says of a network.
type networkWord struct {
	Standard string
	Aliases  []string
	Memo     bool
}

// networkWords: aliases are what wallets, exchanges and other aggregators
// call the network or its token standard ("trc20", "bep20", "arb",
// "polygon"). A network of NetworkTable missing here has its code only.
var networkWords = map[string]networkWord{
	"btc":      {Aliases: []string{"bitcoin", "btc-mainnet", "segwit"}},
	"eth":      {Standard: "ERC-20", Aliases: []string{"ethereum", "erc20", "erc-20", "mainnet", "eth-mainnet"}},
	"xmr":      {Aliases: []string{"monero"}},
	"ltc":      {Aliases: []string{"litecoin"}},
	"bch":      {Aliases: []string{"bitcoincash", "bitcoin-cash", "bitcoin cash"}},
	"doge":     {Aliases: []string{"dogecoin"}},
	"xrp":      {Aliases: []string{"ripple", "xrpl", "xrp ledger"}, Memo: true},
	"ton":      {Standard: "Jetton", Aliases: []string{"toncoin", "the open network", "jetton"}, Memo: true},
	"sol":      {Standard: "SPL", Aliases: []string{"solana", "spl"}},
	"trx":      {Standard: "TRC-20", Aliases: []string{"tron", "trc20", "trc-20"}},
	"bsc":      {Standard: "BEP-20", Aliases: []string{"bep20", "bep-20", "bnb", "bnbchain", "bnb smart chain", "binance smart chain"}},
	"zec":      {Aliases: []string{"zcash"}},
	"dash":     {},
	"ada":      {Aliases: []string{"cardano"}},
	"dot":      {Aliases: []string{"polkadot"}},
	"avaxc":    {Aliases: []string{"avax", "avalanche", "avax-c", "avaxcchain", "c-chain", "cchain"}},
	"matic":    {Aliases: []string{"polygon", "pol", "polygon pos", "polygon-pos"}},
	"xlm":      {Aliases: []string{"stellar"}, Memo: true},
	"firo":     {Aliases: []string{"zcoin"}},
	"arbitrum": {Aliases: []string{"arb", "arb1", "arbitrum one", "arbitrum-one", "arbitrumone"}},
	"base":     {Aliases: []string{"base-mainnet"}},
	"op":       {Aliases: []string{"optimism", "op mainnet", "op-mainnet"}},
	"near":     {Aliases: []string{"near protocol", "nep141"}},
	// Cosmos SDK chains and Algorand: exchanges tell deposits apart by a
	// memo (a transaction memo; Algorand's note field).
	"atom": {Aliases: []string{"cosmos", "cosmos hub", "gaia"}, Memo: true},
	"kava": {Memo: true},
	"tia":  {Aliases: []string{"celestia"}, Memo: true},
	"fet":  {Aliases: []string{"fetch", "fetch.ai"}, Memo: true},
	"kuji": {Aliases: []string{"kujira"}, Memo: true},
	"orai": {Aliases: []string{"oraichain"}, Memo: true},
	"thor": {Aliases: []string{"thorchain"}, Memo: true},
	"maya": {Aliases: []string{"mayachain", "maya protocol"}, Memo: true},
	"lunc": {Aliases: []string{"terra classic", "terra"}, Memo: true},
	"algo": {Aliases: []string{"algorand"}, Memo: true},
}

// stablecoins are shown to 6 decimals whatever their contract's precision
// (USDT on BNB Smart Chain has 18): nobody reads a dollar to 18 places.
var stablecoins = map[string]bool{"usdt": true, "usdc": true, "dai": true}

// maxShownDecimals is the most fractional digits an amount is shown with.
const maxShownDecimals = 10

// networkIndex finds a network by code or alias; building it gives each
// NetworkTable entry its words (a package variable, so it is ready before
// any init, the catalogue's loading included).
var networkIndex = indexNetworks()

func indexNetworks() map[string]int {
	idx := map[string]int{}
	for i, n := range NetworkTable {
		if w, ok := networkWords[n.Code]; ok {
			NetworkTable[i].Standard, NetworkTable[i].Aliases, NetworkTable[i].Memo = w.Standard, w.Aliases, w.Memo
		}
		idx[n.Code] = i
	}
	for i, n := range NetworkTable {
		for _, a := range n.Aliases {
			if _, taken := idx[a]; !taken {
				idx[a] = i
			}
		}
	}
	return idx
}

// LookupNetwork returns the network s names: a code or one of its aliases,
// in any case, with surrounding space ignored.
func LookupNetwork(s string) (NetworkInfo, bool) {
	i, ok := networkIndex[strings.ToLower(strings.TrimSpace(s))]
	if !ok {
		return NetworkInfo{}, false
	}
	return NetworkTable[i], true
}

// NetworkName returns a network's display name ("Ethereum"), or its code
// when it is not in the table.
func NetworkName(code string) string {
	if n, ok := LookupNetwork(code); ok {
		return n.Name
	}
	return code
}

// NetworkMemo reports whether addresses on the network may carry a memo,
// tag or comment (and a form should ask for one).
func NetworkMemo(code string) bool {
	n, ok := LookupNetwork(code)
	return ok && n.Memo
}

// Label names the asset's network for people: "Ethereum (ERC-20)" for a
// token on a network whose standard people know, else the network's name
// ("Bitcoin", "Arbitrum One").
func (a Asset) NetworkLabel() string {
	n, ok := LookupNetwork(a.Network)
	if !ok {
		return a.Network
	}
	if _, token := ChainTokens[a]; n.Standard != "" && (token || stablecoins[a.Ticker]) {
		return n.Name + " (" + n.Standard + ")"
	}
	return n.Name
}

// Words says the asset for people, as messages should: "BTC on Bitcoin",
// "USDT on Tron (TRC-20)", never "usdt@trx".
func (a Asset) Words() string {
	if a.Network == "" {
		return strings.ToUpper(a.Ticker)
	}
	return strings.ToUpper(a.Ticker) + " on " + a.NetworkLabel()
}

// ShownDecimals is how many fractional digits an amount of a is shown
// with: the asset's precision, at most 10, and 6 for dollar stablecoins.
// The exact value stays in the API; pages and the CLI round to this.
func ShownDecimals(a Asset) int {
	d := maxShownDecimals
	if info, ok := LookupAsset(a); ok && info.Decimals < d {
		d = info.Decimals
	}
	if stablecoins[a.Ticker] && d > 6 {
		d = 6
	}
	return d
}

// Shown rounds a for display to scale fractional digits with mode, but
// never to zero: a positive amount smaller than the last digit shown keeps
// its first significant digit (0.000000000004 stays as it is rather than
// read "0").
func (a Amount) Shown(scale int, mode RoundingMode) Amount {
	r := a.Round(scale, mode)
	if r.IsZero() && !a.IsZero() && a.Valid() {
		return a.Significant(1, mode)
	}
	return r
}

// Significant rounds a to n significant digits with mode (for rates,
// whose useful precision is relative: 163.2 XMR, 0.006127 BTC).
func (a Amount) Significant(n int, mode RoundingMode) Amount {
	if !a.Valid() || a.IsZero() || n <= 0 {
		return a
	}
	s := a.Abs().String()
	whole, frac, _ := strings.Cut(s, ".")
	var scale int
	if whole != "0" {
		scale = n - len(whole)
	} else {
		z := len(frac) - len(strings.TrimLeft(frac, "0"))
		scale = z + n
	}
	if scale < 0 {
		scale = 0
	}
	return a.Round(scale, mode)
}

// ShownRate rounds a rate for display: 6 significant digits, and no more
// fractional digits than the asset it is counted in has to show.
func ShownRate(rate Amount, unit Asset) Amount {
	r := rate.Significant(6, RoundHalfEven)
	if d := ShownDecimals(unit); r.Scale() > d {
		r = r.Shown(d, RoundHalfEven)
	}
	return r
}

// Inverse returns 1/rate to 18 fractional digits (zero for a zero rate).
func Inverse(rate Amount) Amount {
	if !rate.Valid() || rate.Sign() <= 0 {
		return Amount{}
	}
	return AmountFromInt(1).Quo(rate, 18, RoundHalfEven)
}

// NetworkCodes lists the network codes of the table, sorted, for messages.
func NetworkCodes() []string {
	out := make([]string, 0, len(NetworkTable))
	for _, n := range NetworkTable {
		out = append(out, n.Code)
	}
	sort.Strings(out)
	return out
}

// coinNames maps what people call a coin to its ticker: an asset's name
// ("bitcoin"), then a network's name or alias for its native coin
// ("ethereum", "tron"). Built once, when the assets are loaded.
var coinNames map[string]string

func indexCoinNames() {
	coinNames = make(map[string]string, len(Assets))
	tickers := make(map[string]bool, len(Assets))
	for _, a := range Assets {
		tickers[a.Ticker] = true
	}
	for _, a := range Assets {
		// A name that is some asset's ticker ("BTC", a token's name) is
		// that ticker, never another coin's name.
		if n := strings.ToLower(a.Name); n != "" && !tickers[n] {
			if _, ok := coinNames[n]; !ok {
				coinNames[n] = a.Ticker
			}
		}
	}
	native := map[string]string{}
	for _, a := range Assets {
		if _, ok := native[a.Network]; !ok && ChainNative(a.Asset) {
			native[a.Network] = a.Ticker
		}
	}
	for name, i := range networkIndex {
		if t, ok := native[NetworkTable[i].Code]; ok {
			if _, taken := coinNames[name]; !taken {
				coinNames[name] = t
			}
		}
	}
}

// SuggestTicker returns the catalogue ticker s was most likely meant to be
// ("bitcoin" → "btc", "usdtt" → "usdt", "eht" → "eth"), or "" when none is
// close: an asset's name, or a ticker one edit away (two for long input).
func SuggestTicker(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" {
		return ""
	}
	if t, ok := coinNames[s]; ok {
		return t
	}
	best, bestD := "", 3
	limit := 1
	if len(s) >= 5 {
		limit = 2
	}
	for t := range view().r.tickerDefault {
		if d := editDistance(s, t); d <= limit && (d < bestD || d == bestD && t < best) {
			best, bestD = t, d
		}
	}
	return best
}

// editDistance is the Damerau–Levenshtein distance (adjacent swaps count
// one edit) between two short ASCII strings.
func editDistance(a, b string) int {
	if len(a) > 32 || len(b) > 32 {
		return 99
	}
	var d [34][34]int
	for i := 0; i <= len(a); i++ {
		d[i][0] = i
	}
	for j := 0; j <= len(b); j++ {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
