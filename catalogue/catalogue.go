// Package catalogue builds swapscout's asset catalogue from the venues' own
// currency and pool lists, read in their real formats (SideShift /v2/coins,
// KuCoin /api/v3/currencies, NEAR Intents tokens, THORChain, Maya and
// Chainflip pool assets; StealthEX, Exolix, SimpleSwap and FixedFloat
// currency lists, read live only: Readers). Each list entry maps to a canonical asset by
// network and contract: two venues' entries are one asset only when both
// agree; an entry whose network is unknown, or a token without a contract,
// is counted and reported, never guessed.
//
// The generator (go generate ./catalogue) replays the recorded lists under
// testdata/ and writes the embedded snapshot, assets_snapshot.json, at the
// module root.
package catalogue

//go:generate go run ./gen -out ../assets_snapshot.json

import (
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/swapscout/swapscout"
)

// Entry is one asset-network entry of a venue's list, mapped to our terms.
type Entry struct {
	Venue    string // venue id
	Code     string // the venue's own code for it
	Symbol   string // ticker as the venue writes it
	Name     string
	Network  string // swapscout network code
	Contract string // "" for the network's native coin
	Decimals int    // 0 when the list does not say
	Memo     bool
	RefUSD   float64
}

// Unmapped is a list entry that could not be mapped, and why.
type Unmapped struct {
	Venue, Code, Why string
}

// List is one venue's parsed list.
type List struct {
	Venue    string
	Source   string
	Listed   int
	Entries  []Entry
	Unmapped []Unmapped
}

// Parser reads a venue's list in its wire format.
type Parser func(body []byte) (List, error)

// resolve checks an entry's network and contract and fills what the network
// implies; ok is false (with a reason) for an entry that cannot be mapped.
func resolve(l *List, e Entry, venueNet string) {
	l.Listed++
	e.Venue = l.Venue
	if e.Network == "" {
		l.Unmapped = append(l.Unmapped, Unmapped{l.Venue, e.Code, fmt.Sprintf("unknown network %q", venueNet)})
		return
	}
	n, ok := swapscout.LookupNetwork(e.Network)
	if !ok {
		l.Unmapped = append(l.Unmapped, Unmapped{l.Venue, e.Code, fmt.Sprintf("network %q has no catalogue entry", e.Network)})
		return
	}
	sym := strings.ToLower(e.Symbol)
	if e.Contract != "" && n.Token == "" {
		l.Unmapped = append(l.Unmapped, Unmapped{l.Venue, e.Code, fmt.Sprintf("%s has no tokens, yet %s names contract %q", e.Network, e.Symbol, e.Contract)})
		return
	}
	if e.Contract == "" && sym != n.Native && !(sym == "eth" && n.Native == "eth") {
		l.Unmapped = append(l.Unmapped, Unmapped{l.Venue, e.Code, fmt.Sprintf("%s on %s names no contract and is not the network's coin", e.Symbol, e.Network)})
		return
	}
	if n.Family == "evm" && e.Contract != "" {
		c := strings.ToLower(e.Contract)
		if len(c) != 42 || !strings.HasPrefix(c, "0x") {
			l.Unmapped = append(l.Unmapped, Unmapped{l.Venue, e.Code, fmt.Sprintf("contract %q is not an EVM address", e.Contract)})
			return
		}
		e.Contract = c
	}
	// Some lists give a network's own coin a placeholder contract: its
	// ticker (LetsExchange's "ada" on Cardano) or a well-known address, or
	// the coin's own resource where the chain has one (KuCoin's XRD names
	// Radix's XRD resource).
	if e.Contract != "" && sym == n.Native && (strings.EqualFold(e.Contract, n.Native) || n.Family == "evm" && isWrappedNative(e.Contract) ||
		nativeResource[n.Code] == e.Contract) {
		e.Contract = ""
	}
	l.Entries = append(l.Entries, e)
}

// isWrappedNative reports the placeholder some lists give a native coin:
// the zero address, 0xeee…e, or Polygon's native-token system contract
// (0x…1010, what POL's balance is read through).
func isWrappedNative(c string) bool {
	return c == "0x0000000000000000000000000000000000000000" || c == "0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee" ||
		c == "0x0000000000000000000000000000000000001010"
}

// nativeResource is the address of a network's own coin on chains where
// that coin is a resource like any token: XRD on Radix (Radix's
// well-known addresses; the wallet core Sargon's fixtures write it).
var nativeResource = map[string]string{
	"xrd": "resource_rdx1tknxxxxxxxxxradxrdxxxxxxxxx009923554798xxxxxxxxxradxrd",
}

// key identifies a canonical asset: network and contract.
func key(e Entry) string { return e.Network + "/" + e.Contract }

// Merge joins the lists into the catalogue's assets: one per network and
// contract, listed by every venue whose entry agrees. Short codes are the
// lower-case ticker and network ("usdt@trx"); the first asset (by number
// of venues, then id) keeps a contested code, the others get the ticker
// with the contract's first characters ("pepe-6982@eth"), so a ticker that
// means different coins never merges.
func Merge(lists []List) []swapscout.SnapshotAsset {
	type agg struct {
		swapscout.SnapshotAsset
		venues map[string]bool
	}
	byKey := map[string]*agg{}
	var order []string
	for _, l := range lists {
		for _, e := range l.Entries {
			k := key(e)
			a := byKey[k]
			if a == nil {
				a = &agg{venues: map[string]bool{}}
				a.Network, a.Contract, a.Symbol = e.Network, e.Contract, e.Symbol
				a.ID = swapscout.AssetID(e.Network, e.Contract)
				byKey[k] = a
				order = append(order, k)
			}
			if a.Name == "" || a.Name == a.Symbol {
				a.Name = e.Name
			}
			if a.Decimals == 0 {
				a.Decimals = e.Decimals
			}
			a.Memo = a.Memo || e.Memo
			if a.RefUSD == 0 && e.RefUSD > 0 {
				a.RefUSD = e.RefUSD
			}
			if !a.venues[e.Venue] {
				a.venues[e.Venue] = true
				a.Listings = append(a.Listings, swapscout.Listing{Venue: e.Venue, Code: e.Code, Decimals: e.Decimals})
			}
		}
	}
	all := make([]*agg, 0, len(order))
	for _, k := range order {
		all = append(all, byKey[k])
	}
	sort.SliceStable(all, func(i, j int) bool {
		if len(all[i].Listings) != len(all[j].Listings) {
			return len(all[i].Listings) > len(all[j].Listings)
		}
		return all[i].ID < all[j].ID
	})
	taken := map[swapscout.Asset]bool{}
	// The hand-written assets own their codes: an entry with another
	// contract under one of them is a different coin.
	for _, a := range swapscout.Assets[:baseLen()] {
		taken[a.Asset] = true
	}
	coins := nativeTickers()
	out := make([]swapscout.SnapshotAsset, 0, len(all))
	for _, a := range all {
		t := shortTicker(a.Symbol)
		if t == "" {
			continue
		}
		code := swapscout.Asset{Ticker: t, Network: a.Network}
		if base, ok := baseAsset(code); ok {
			// Same code as a hand-written asset: the same coin only when the
			// contract agrees.
			// A hand-written asset without a recorded contract takes the
			// venues' (USDT on TON: the jetton they list).
			if bc := baseContract(base); bc != "" && !strings.EqualFold(bc, a.Contract) {
				code.Ticker = t + "-" + contractTag(a.Contract)
			}
		} else if taken[code] || a.Contract != "" && coins[t] {
			// A token named like a coin ("BTC" on Ethereum, a wrapped or
			// pegged copy) is not that coin: it never takes the coin's
			// ticker bare.
			code.Ticker = t + "-" + contractTag(a.Contract)
		}
		if taken[code] && !isBase(code) {
			continue
		}
		taken[code] = true
		a.Ticker, a.Network = code.Ticker, code.Network
		if a.Name == "" {
			a.Name = a.Symbol
		}
		if a.Decimals == 0 {
			a.Decimals = defaultDecimals(a.Network)
		}
		sort.Slice(a.Listings, func(i, j int) bool { return a.Listings[i].Venue < a.Listings[j].Venue })
		out = append(out, a.SnapshotAsset)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Ticker != out[j].Ticker {
			return out[i].Ticker < out[j].Ticker
		}
		return out[i].Network < out[j].Network
	})
	return out
}

// shortTicker lowercases a venue's ticker into a short code, keeping only
// letters, digits and dots; "" when nothing is left.
func shortTicker(sym string) string {
	var b strings.Builder
	for _, c := range strings.ToLower(sym) {
		if ('a' <= c && c <= 'z') || ('0' <= c && c <= '9') || c == '.' {
			b.WriteRune(c)
		}
	}
	return b.String()
}

func contractTag(c string) string {
	c = strings.TrimPrefix(strings.ToLower(c), "0x")
	if len(c) > 4 {
		c = c[:4]
	}
	return c
}

func defaultDecimals(network string) int {
	if n, ok := swapscout.LookupNetwork(network); ok && n.Family == "evm" {
		return 18
	}
	return 8
}

func baseLen() int { return len(swapscout.BaseAssets()) }

func baseAsset(a swapscout.Asset) (swapscout.AssetInfo, bool) {
	for _, b := range swapscout.BaseAssets() {
		if b.Asset == a {
			return b, true
		}
	}
	return swapscout.AssetInfo{}, false
}

func isBase(a swapscout.Asset) bool { _, ok := baseAsset(a); return ok }

// nativeTickers are the tickers whose default asset (the first hand-written
// one) is a chain's own coin, not a token: btc, eth, xmr, ...
func nativeTickers() map[string]bool {
	out := map[string]bool{}
	seen := map[string]bool{}
	for _, b := range swapscout.BaseAssets() {
		if seen[b.Ticker] {
			continue
		}
		seen[b.Ticker] = true
		if _, token := swapscout.ChainTokens[b.Asset]; !token {
			out[b.Ticker] = true
		}
	}
	return out
}

func baseContract(b swapscout.AssetInfo) string {
	c, _ := swapscout.ChainToken(b.Asset)
	return c
}

// Load parses every Source's recorded list from fsys.
func Load(fsys fs.FS) ([]List, error) {
	lists := make([]List, 0, len(Sources))
	for _, s := range Sources {
		b, err := fs.ReadFile(fsys, s.File)
		if err != nil {
			return nil, err
		}
		l, err := s.Parse(b)
		if err != nil {
			return nil, err
		}
		l.Source = s.Source
		lists = append(lists, l)
	}
	return lists, nil
}

// Snapshot merges lists into the snapshot written on date.
func Snapshot(lists []List, date string) swapscout.CatalogueSnapshot {
	snap := swapscout.CatalogueSnapshot{Generated: date, Assets: Merge(lists)}
	for _, l := range lists {
		listed, mapped, unmapped := l.Stats()
		snap.Sources = append(snap.Sources, swapscout.CatalogueSource{Venue: l.Venue, Source: l.Source,
			Listed: listed, Mapped: mapped, Unmapped: unmapped})
	}
	return snap
}
