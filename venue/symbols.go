package venue

import (
	"fmt"
	"strings"

	"github.com/swapscout/swapscout"
)

// Symbols maps swapscout assets to a venue's own codes (a ticker, a
// ticker+network pair, a combined code…). Unmapped assets are unsupported
// without a network call.
type Symbols[C comparable] map[swapscout.Asset]C

// Reverse returns the code → asset map (the simulator's view).
func (s Symbols[C]) Reverse() map[C]swapscout.Asset {
	r := make(map[C]swapscout.Asset, len(s))
	for a, c := range s {
		r[c] = a
	}
	return r
}

// Check reports a mapping that names an asset the catalogue lacks, or two
// assets mapped to one code.
func (s Symbols[C]) Check() error {
	seen := make(map[C]swapscout.Asset, len(s))
	for a, c := range s {
		if _, ok := swapscout.LookupAsset(a); !ok {
			return fmt.Errorf("%s is not in the asset catalogue", a)
		}
		if other, dup := seen[c]; dup {
			return fmt.Errorf("%s and %s both map to %v", a, other, c)
		}
		seen[c] = a
	}
	return nil
}

// Assets lists the mapped assets (for the simulator's profile).
func (s Symbols[C]) Assets() []swapscout.Asset {
	out := make([]swapscout.Asset, 0, len(s))
	for _, a := range swapscout.Assets {
		if _, ok := s[a.Asset]; ok {
			out = append(out, a.Asset)
		}
	}
	return out
}

// Networks lists the distinct networks of the mapped assets, in catalogue order.
func (s Symbols[C]) Networks() []string {
	var out []string
	seen := map[string]bool{}
	for _, a := range s.Assets() {
		if !seen[a.Network] {
			seen[a.Network] = true
			out = append(out, a.Network)
		}
	}
	return out
}

// Pair returns the codes of req's two assets, or the unsupported_pair error
// of venue name when either is unmapped or both are one asset: a pair the
// venue cannot quote, found without a call.
func (s Symbols[C]) Pair(name string, req swapscout.QuoteRequest) (from, to C, err error) {
	from, ok1 := s.Code(req.From)
	to, ok2 := s.Code(req.To)
	if !ok1 || !ok2 || req.From == req.To {
		return from, to, Unsupported(name, req)
	}
	return from, to, nil
}

// MapAssets builds a venue's table from the assets it serves and the rule
// by which it names them: most venues name an asset by its ticker and a
// code of its network, after a pattern of their own.
func MapAssets[C comparable](assets []swapscout.Asset, code func(swapscout.Asset) C) Symbols[C] {
	s := make(Symbols[C], len(assets))
	for _, a := range assets {
		s[a] = code(a)
	}
	return s
}

// SwapAssets are the assets most instant-swap services serve and their
// adapters map (Edge's mappings, research Appendix A): the chains' own coins,
// ETH on its layer twos, and the stablecoins on the chains that carry them.
// A venue's table starts from them; Except leaves out what it does not serve.
var SwapAssets = AssetList(`btc@btc eth@eth eth@arbitrum eth@base eth@op xmr@xmr ltc@ltc bch@bch doge@doge xrp@xrp
	ton@ton sol@sol trx@trx bnb@bsc zec@zec dash@dash ada@ada dot@dot avax@avaxc pol@matic xlm@xlm firo@firo
	usdt@eth usdt@trx usdt@bsc usdt@sol usdt@matic usdt@ton usdt@arbitrum usdt@avaxc
	usdc@eth usdc@sol usdc@bsc usdc@matic usdc@base usdc@arbitrum dai@eth`)

// AssetList reads assets written "ticker@network", separated by spaces. It
// panics on a malformed one: lists are written in the source.
func AssetList(names string) []swapscout.Asset {
	var out []swapscout.Asset
	for _, n := range strings.Fields(names) {
		t, nw, ok := strings.Cut(n, "@")
		if !ok || t == "" || nw == "" {
			panic("venue: asset " + n + " is not ticker@network")
		}
		out = append(out, swapscout.Asset{Ticker: t, Network: nw})
	}
	return out
}

// Except returns assets without those named ("ticker@network").
func Except(assets []swapscout.Asset, names ...string) []swapscout.Asset {
	drop := map[swapscout.Asset]bool{}
	for _, a := range AssetList(strings.Join(names, " ")) {
		drop[a] = true
	}
	out := make([]swapscout.Asset, 0, len(assets))
	for _, a := range assets {
		if !drop[a] {
			out = append(out, a)
		}
	}
	return out
}

// IsToken reports whether a is a token (USDT, USDC, DAI) rather than the
// own coin of its network, which venues often name differently.
func IsToken(a swapscout.Asset) bool {
	switch a.Ticker {
	case "usdt", "usdc", "dai":
		return true
	}
	return false
}

// UpperCase names a the way many venues do: its ticker and network id in
// upper case, but for the networks in names (by our id).
func UpperCase(a swapscout.Asset, names map[string]string) (ticker, network string) {
	network, ok := names[a.Network]
	if !ok {
		network = strings.ToUpper(a.Network)
	}
	return strings.ToUpper(a.Ticker), network
}

// NetworkIndex maps a venue's network codes to ours, as its table names
// them: network reads the venue's network from one of its codes, fold is
// how the venue's codes compare (strings.ToUpper, strings.ToLower). A
// currency-list reader maps a listed network with it; a code the table
// does not name is not guessed (ok false).
func NetworkIndex[C comparable](table map[C]swapscout.Asset, network func(C) string, fold func(string) string) func(code string) (ours string, ok bool) {
	m := make(map[string]string, len(table))
	for c, a := range table {
		m[network(c)] = a.Network
	}
	return func(code string) (string, bool) {
		n, ok := m[fold(code)]
		return n, ok
	}
}
