package swapscout

import (
	_ "embed"
	"encoding/json"
	"strings"
	"sync/atomic"
)

// The catalogue: every asset-network pair the venues list, identified by
// network and contract (CAIP-2 / CAIP-19), with swapscout's short codes
// ("usdt@trx") kept as aliases for people. It is data: the catalogue
// package builds it from the venues' own currency and pool lists, and its
// generator writes assets_snapshot.json, embedded here and loaded at start.

// Network describes a network the catalogue carries.
type Network struct {
	Code   string // swapscout code ("eth", "trx", …)
	Name   string // display name
	CAIP2  string // CAIP-2 chain id ("eip155:1", "bip122:0000…", …)
	Family string // address family ("evm", "bitcoin", "solana", …)
	// Native is the ticker of the network's own coin (lower case); an
	// entry without a contract must carry it, or it cannot be identified.
	Native string
	// Slip44 is the native coin's SLIP-44 type, for its CAIP-19 id
	// (-1: none registered; the id then uses the "native" namespace).
	Slip44 int
	// Token is the CAIP-19 asset namespace of the network's tokens
	// ("erc20", "trc20", "token", …).
	Token string
	// How people name it (network.go's networkWords fills these): the
	// token standard they know ("ERC-20"; "" when none is usual), the other
	// spellings they type ("trc20", "arb"), and whether its addresses may
	// need a memo, tag or comment (a form asks for one only there).
	Standard string
	Aliases  []string
	Memo     bool
}

// NetworkTable lists the networks the catalogue carries. A network whose
// address family has no rules in package address is listed but not
// swappable (address.Supported says which).
var NetworkTable = []Network{
	{"btc", "Bitcoin", "bip122:000000000019d6689c085ae165831e93", "bitcoin", "btc", 0, "", "", nil, false},
	{"eth", "Ethereum", "eip155:1", "evm", "eth", 60, "erc20", "", nil, false},
	{"xmr", "Monero", "monero:418015bb9ae982a1975da7d79277c270", "monero", "xmr", 128, "", "", nil, false},
	{"ltc", "Litecoin", "bip122:12a765e31ffd4059bada1e25190f6e98", "bitcoin", "ltc", 2, "", "", nil, false},
	{"bch", "Bitcoin Cash", "bip122:000000000000000000651ef99cb9fcbe", "bitcoin", "bch", 145, "", "", nil, false},
	{"doge", "Dogecoin", "bip122:1a91e3dace36e2be3bf030a65679fe82", "bitcoin", "doge", 3, "", "", nil, false},
	{"xrp", "XRP Ledger", "xrpl:0", "xrp", "xrp", 144, "token", "", nil, false},
	{"ton", "TON", "ton:-239", "ton", "ton", 607, "jetton", "", nil, false},
	{"sol", "Solana", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "solana", "sol", 501, "token", "", nil, false},
	{"trx", "Tron", "tron:728126428", "tron", "trx", 195, "trc20", "", nil, false},
	{"bsc", "BNB Smart Chain", "eip155:56", "evm", "bnb", 60, "bep20", "", nil, false},
	{"zec", "Zcash", "bip122:00040fe8ec8471911baa1db1266ea15d", "bitcoin", "zec", 133, "", "", nil, false},
	{"dash", "Dash", "bip122:00000ffd590b1485b3caadc19b22e637", "bitcoin", "dash", 5, "", "", nil, false},
	{"ada", "Cardano", "cip34:1-764824073", "cardano", "ada", 1815, "token", "", nil, false},
	{"dot", "Polkadot", "polkadot:91b171bb158e2d3848fa23a9f1c25182", "ss58", "dot", 354, "token", "", nil, false},
	{"avaxc", "Avalanche C-Chain", "eip155:43114", "evm", "avax", 60, "erc20", "", nil, false},
	{"matic", "Polygon", "eip155:137", "evm", "pol", 60, "erc20", "", nil, false},
	{"xlm", "Stellar", "stellar:pubnet", "stellar", "xlm", 148, "token", "", nil, false},
	{"firo", "Firo", "bip122:4381deb85b1b2c9843c222944b616d99", "bitcoin", "firo", 136, "", "", nil, false},
	{"arbitrum", "Arbitrum One", "eip155:42161", "evm", "eth", 60, "erc20", "", nil, false},
	{"base", "Base", "eip155:8453", "evm", "eth", 60, "erc20", "", nil, false},
	{"op", "Optimism", "eip155:10", "evm", "eth", 60, "erc20", "", nil, false},
	{"near", "NEAR Protocol", "near:mainnet", "near", "near", 397, "nep141", "", nil, false},
	// Listed by the venues beyond the original 23.
	{"atom", "Cosmos Hub", "cosmos:cosmoshub-4", "cosmos", "atom", 118, "token", "", nil, false},
	{"scroll", "Scroll", "eip155:534352", "evm", "eth", 60, "erc20", "", nil, false},
	{"zksync", "zkSync Era", "eip155:324", "evm", "eth", 60, "erc20", "", nil, false},
	{"blast", "Blast", "eip155:81457", "evm", "eth", 60, "erc20", "", nil, false},
	{"linea", "Linea", "eip155:59144", "evm", "eth", 60, "erc20", "", nil, false},
	{"sonic", "Sonic", "eip155:146", "evm", "s", 60, "erc20", "", nil, false},
	{"bera", "Berachain", "eip155:80094", "evm", "bera", 60, "erc20", "", nil, false},
	{"hyperevm", "HyperEVM", "eip155:999", "evm", "hype", 60, "erc20", "", nil, false},
	{"ronin", "Ronin", "eip155:2020", "evm", "ron", 60, "erc20", "", nil, false},
	{"mantle", "Mantle", "eip155:5000", "evm", "mnt", 60, "erc20", "", nil, false},
	{"sei", "Sei EVM", "eip155:1329", "evm", "sei", 60, "erc20", "", nil, false},
	{"core", "Core", "eip155:1116", "evm", "core", 60, "erc20", "", nil, false},
	{"cronos", "Cronos", "eip155:25", "evm", "cro", 60, "erc20", "", nil, false},
	{"rsk", "Rootstock", "eip155:30", "evm", "rbtc", 60, "erc20", "", nil, false},
	{"kcc", "KCC", "eip155:321", "evm", "kcs", 60, "erc20", "", nil, false},
	{"celo", "Celo", "eip155:42220", "evm", "celo", 60, "erc20", "", nil, false},
	{"glmr", "Moonbeam", "eip155:1284", "evm", "glmr", 60, "erc20", "", nil, false},
	{"etc", "Ethereum Classic", "eip155:61", "evm", "etc", 61, "erc20", "", nil, false},
	{"xdc", "XDC Network", "eip155:50", "xdc", "xdc", 550, "erc20", "", nil, false},
	{"tlosevm", "Telos EVM", "eip155:40", "evm", "tlos", 60, "erc20", "", nil, false},
	{"one", "Harmony", "eip155:1666600000", "harmony", "one", 1023, "erc20", "", nil, false},
	{"kava", "Kava", "cosmos:kava_2222-10", "cosmos", "kava", 459, "token", "", nil, false},
	{"tia", "Celestia", "cosmos:celestia", "cosmos", "tia", 118, "token", "", nil, false},
	{"fet", "Fetch.ai", "cosmos:fetchhub-4", "cosmos", "fet", 118, "token", "", nil, false},
	{"kuji", "Kujira", "cosmos:kaiyo-1", "cosmos", "kuji", 118, "token", "", nil, false},
	{"orai", "Oraichain", "cosmos:Oraichain", "cosmos", "orai", 118, "token", "", nil, false},
	{"thor", "THORChain", "cosmos:thorchain-1", "cosmos", "rune", 931, "token", "", nil, false},
	{"maya", "Maya Protocol", "cosmos:mayachain-mainnet-v1", "cosmos", "cacao", 931, "token", "", nil, false},
	{"ksm", "Kusama", "polkadot:b0a8d493285c2df73290dfb7e61f870f", "ss58", "ksm", 434, "token", "", nil, false},
	{"pha", "Phala", "polkadot:1bb969d85965e4bb5a651abbedf21a54", "ss58", "pha", 354, "token", "", nil, false},
	{"liquid", "Liquid", "bip122:1466275836220db2944ca059a3a10ef6", "liquid", "btc", 1776, "asset", "", nil, false},
	{"xec", "eCash", "bip122:000000000000000000b7e3ce0d11d0b3", "ecash", "xec", 899, "", "", nil, false},
	{"aptos", "Aptos", "aptos:1", "aptos", "apt", 637, "coin", "", nil, false},
	{"sui", "Sui", "sui:mainnet", "sui", "sui", 784, "coin", "", nil, false},
	{"algo", "Algorand", "algorand:wGHE2Pwdvd7S12BL5FaOP20EGYesN73k", "algorand", "algo", 283, "asa", "", nil, false},
	{"stx", "Stacks", "stacks:1", "stacks", "stx", 5757, "token", "", nil, false},
	{"hbar", "Hedera", "hedera:mainnet", "hedera", "hbar", 3030, "token", "", nil, false},
	{"icp", "Internet Computer", "icp:mainnet", "icp", "icp", 223, "token", "", nil, false},
	{"tao", "Bittensor", "polkadot:2f0555cc76fc2840a25a6ea3b9637146", "ss58", "tao", -1, "token", "", nil, false},
	{"vet", "VeChain", "vechain:mainnet", "vechain", "vet", 818, "vip180", "", nil, false},
	{"egld", "MultiversX", "mvx:1", "multiversx", "egld", 508, "esdt", "", nil, false},
	{"xtz", "Tezos", "tezos:NetXdQprcVkpaWU", "tezos", "xtz", 1729, "fa", "", nil, false},
	{"fil", "Filecoin", "fil:f", "filecoin", "fil", 461, "", "", nil, false},
	{"xrd", "Radix", "radix:mainnet", "radix", "xrd", 1022, "resource", "", nil, false},
	{"zil", "Zilliqa", "zilliqa:1", "zilliqa", "zil", 313, "zrc2", "", nil, false},
	{"theta", "Theta", "theta:mainnet", "theta", "theta", 500, "tnt20", "", nil, false},
	{"ont", "Ontology", "ontology:mainnet", "ontology", "ont", 1024, "oep4", "", nil, false},
	{"neo3", "Neo N3", "neo3:mainnet", "neo", "neo", 888, "nep17", "", nil, false},
	{"waves", "Waves", "waves:W", "waves", "waves", 5741564, "asset", "", nil, false},
	{"kda", "Kadena", "kadena:mainnet01", "kadena", "kda", 626, "token", "", nil, false},
	{"flux", "Flux", "bip122:00000a6ce9b82c0c0b5d4e3b2a4b8a0f", "bitcoin", "flux", 19167, "", "", nil, false},
	{"zen", "Horizen", "bip122:0007104ccda289427919efc39dc9e4d4", "bitcoin", "zen", 121, "", "", nil, false},
	{"kmd", "Komodo", "bip122:027e3758c3a65b12aa1046462b486d0a", "bitcoin", "kmd", 141, "", "", nil, false},
	{"dfi", "DeFiChain", "bip122:279b1a87aedc7b9471d4ad4e5f12967a", "bitcoin", "dfi", 1129, "", "", nil, false},
	{"nim", "Nimiq", "nimiq:mainnet", "nimiq", "nim", 242, "", "", nil, false},
	{"ckb", "Nervos CKB", "ckb:mainnet", "ckb", "ckb", 309, "", "", nil, false},
	{"xym", "Symbol", "symbol:mainnet", "symbol", "xym", 4343, "mosaic", "", nil, false},
	{"oasis", "Oasis", "oasis:mainnet", "oasis", "rose", 474, "", "", nil, false},
	// EVM chains NEAR Intents' 1-Click list carries (its HOT omni ids name
	// the chain id: "143_…", "196_…", "9745_…").
	{"gnosis", "Gnosis", "eip155:100", "evm", "xdai", 60, "erc20", "", nil, false},
	{"monad", "Monad", "eip155:143", "evm", "mon", 60, "erc20", "", nil, false},
	{"xlayer", "X Layer", "eip155:196", "evm", "okb", 60, "erc20", "", nil, false},
	{"plasma", "Plasma", "eip155:9745", "evm", "xpl", 60, "erc20", "", nil, false},
	{"lunc", "Terra Classic", "cosmos:columbus-5", "cosmos", "lunc", 330, "token", "", nil, false},
}

// Listing says that a venue lists an asset, and under which code (the
// venue's own spelling: "USDT/tron", "ETH.USDT-0xdac…", "nep141:wrap.near").
type Listing struct {
	Venue string `json:"venue"`
	Code  string `json:"code"`
	// Decimals is the precision the venue's list gives the asset (0: the
	// list does not say). Venues differ (USDT on BNB Smart Chain: 18 at
	// one, 6 at another list's bridge), so an adapter takes its own.
	Decimals int `json:"decimals,omitempty"`
}

// CatalogueEntry is one asset-network pair of the catalogue.
type CatalogueEntry struct {
	AssetInfo
	ID       string    // CAIP-19 ("eip155:1/erc20:0xdac1…")
	Symbol   string    // the ticker as the venues write it ("USDT", "cbBTC")
	Contract string    // token contract, mint or id; empty for a native coin
	Listings []Listing // venues listing it, by venue id
	// RefUSD is a reference price in USD a venue's list carried (0: none);
	// the simulator's price model starts from it.
	RefUSD float64
}

// CatalogueSource is what one venue list contributed to the snapshot.
type CatalogueSource struct {
	Venue    string `json:"venue"`
	Source   string `json:"source"`   // where the recorded answer comes from
	Listed   int    `json:"listed"`   // asset-network entries in the list
	Mapped   int    `json:"mapped"`   // entries mapped to a catalogue asset
	Unmapped int    `json:"unmapped"` // entries whose network or contract could not be mapped
}

// CatalogueSnapshot is the generated, embedded catalogue.
type CatalogueSnapshot struct {
	Generated string            `json:"generated"` // date of the lists (YYYY-MM-DD)
	Sources   []CatalogueSource `json:"sources"`
	Assets    []SnapshotAsset   `json:"assets"`
}

// SnapshotAsset is a CatalogueEntry as the snapshot file writes it.
type SnapshotAsset struct {
	ID       string    `json:"id"`
	Ticker   string    `json:"ticker"`
	Network  string    `json:"network"`
	Symbol   string    `json:"symbol"`
	Name     string    `json:"name"`
	Contract string    `json:"contract,omitempty"`
	Decimals int       `json:"decimals"`
	Memo     bool      `json:"memo,omitempty"`
	RefUSD   float64   `json:"ref_usd,omitempty"`
	Listings []Listing `json:"listings"`
}

//go:embed assets_snapshot.json
var snapshotJSON []byte

var (
	catalogue     []CatalogueEntry
	catalogueSnap CatalogueSnapshot
	catalogueIdx  = map[Asset]int{}
	// live is what the venues list now: the embedded snapshot at start,
	// then each refresh's (ReplaceListings). Readers load it once.
	live atomic.Pointer[catalogueView]
)

// catalogueView is one published state of the catalogue's listings.
type catalogueView struct {
	entries []CatalogueEntry
	idx     map[Asset]int
	snap    CatalogueSnapshot
	// r resolves what people type against these entries, so an asset a
	// refresh adds is quotable at once and a retired one is refused.
	r *resolverIndex
}

func view() *catalogueView { return live.Load() }

// Catalogue returns every asset-network pair, the original assets first,
// then the snapshot's in ticker order. The slice is shared: do not modify.
func Catalogue() []CatalogueEntry { return view().entries }

// ListedBy says whether venue (an id) lists e.
func (e CatalogueEntry) ListedBy(venue string) bool {
	for _, l := range e.Listings {
		if l.Venue == venue {
			return true
		}
	}
	return false
}

// ListingCode returns venue's code for a in what the catalogue lists now
// (its first listing there): how an adapter that follows the venue's list
// names an asset a refresh added.
func ListingCode(venue string, a Asset) (string, bool) {
	v := view()
	i, ok := v.idx[a]
	if !ok {
		return "", false
	}
	for _, l := range v.entries[i].Listings {
		if l.Venue == venue {
			return l.Code, true
		}
	}
	return "", false
}

// VenueListing is one asset a venue lists, with the venue's code for it.
type VenueListing struct {
	Asset    Asset
	Code     string
	Decimals int // the venue's own, from its list (0: not given)
}

// ListingsOf returns the catalogue's assets venue lists, each with its
// first code there, in catalogue order: what an adapter maps beyond its
// hand table.
func ListingsOf(venue string) []VenueListing {
	var out []VenueListing
	for _, e := range view().entries {
		for _, l := range e.Listings {
			if l.Venue == venue {
				out = append(out, VenueListing{e.Asset, l.Code, l.Decimals})
				break
			}
		}
	}
	return out
}

// Matches says whether the search q (lower case) is in e's ticker,
// network code or name, symbol, name, CAIP-19 id or contract: what GET
// /v1/assets?q= and the assets command search.
func (e CatalogueEntry) Matches(q string) bool {
	for _, s := range []string{e.Ticker, e.Network, e.Symbol, e.Name, e.ID, e.Contract, Networks[e.Network]} {
		if strings.Contains(strings.ToLower(s), q) {
			return true
		}
	}
	return false
}

// CatalogueInfo returns the snapshot's date and sources.
func CatalogueInfo() (generated string, sources []CatalogueSource) {
	v := view()
	return v.snap.Generated, v.snap.Sources
}

// LookupCatalogue returns the catalogue entry of a.
func LookupCatalogue(a Asset) (CatalogueEntry, bool) {
	v := view()
	i, ok := v.idx[a]
	if !ok {
		return CatalogueEntry{}, false
	}
	return v.entries[i], true
}

// TickerNetworks lists the networks a ticker is listed on, in catalogue order.
func TickerNetworks(ticker string) []string {
	var out []string
	for _, e := range view().entries {
		if e.Ticker == ticker {
			out = append(out, e.Network)
		}
	}
	return out
}

// loadCatalogue merges the embedded snapshot into base (the hand-written
// assets, which keep their place and default networks) and returns the
// assets to serve. A snapshot that does not parse is a build defect: the
// generator wrote it, and a test reads it.
func loadCatalogue(base []AssetInfo) []AssetInfo {
	for _, n := range NetworkTable {
		if _, ok := Networks[n.Code]; !ok {
			Networks[n.Code] = n.Name
		}
	}
	if err := json.Unmarshal(snapshotJSON, &catalogueSnap); err != nil {
		panic("swapscout: assets_snapshot.json: " + err.Error())
	}
	snap := map[Asset]SnapshotAsset{}
	for _, s := range catalogueSnap.Assets {
		snap[Asset{s.Ticker, s.Network}] = s
	}
	out := make([]AssetInfo, 0, len(base)+len(catalogueSnap.Assets))
	seen := map[Asset]bool{}
	add := func(info AssetInfo, s SnapshotAsset, ok bool) {
		e := CatalogueEntry{AssetInfo: info, Symbol: strings.ToUpper(info.Ticker)}
		if ok {
			e.ID, e.Symbol, e.Contract, e.Listings, e.RefUSD = s.ID, s.Symbol, s.Contract, s.Listings, s.RefUSD
		}
		if e.ID == "" {
			e.ID = AssetID(info.Network, e.Contract)
		}
		if c, tok := ChainTokens[info.Asset]; tok && e.Contract == "" {
			e.Contract = c
			e.ID = AssetID(info.Network, c)
		}
		catalogueIdx[info.Asset] = len(catalogue)
		catalogue = append(catalogue, e)
		out = append(out, info)
		seen[info.Asset] = true
	}
	for _, a := range base {
		s, ok := snap[a.Asset]
		add(a, s, ok)
	}
	for _, s := range catalogueSnap.Assets {
		a := Asset{s.Ticker, s.Network}
		if seen[a] {
			continue
		}
		add(AssetInfo{Asset: a, Name: s.Name, Decimals: s.Decimals, Memo: s.Memo}, s, true)
	}
	live.Store(&catalogueView{entries: catalogue, idx: catalogueIdx, snap: catalogueSnap})
	return out
}

// ReplaceListings publishes snap, a fresh merge of the venues' lists, as
// what the catalogue lists now, without a restart: an asset the lists
// still carry takes their listings; one they no longer carry is retired
// (a hand-written asset stays, listed by no venue); one they newly carry
// is added, listed, searchable and resolvable at once (the resolver is
// rebuilt with the view; adapters that follow the catalogue's listings,
// venue.Follow, quote it without a restart).
// It returns the ids of the assets added and retired. Readers see the old
// view or the new one, never a mix.
func ReplaceListings(snap CatalogueSnapshot) (added, retired []string) {
	old := view()
	// Assets are matched by CAIP-19 id, never by short code: a refresh may
	// hand a contested code ("pepe@eth") to another contract, and the code
	// people and adapters already use keeps meaning the asset it named.
	byID := make(map[string]SnapshotAsset, len(snap.Assets))
	for _, s := range snap.Assets {
		if s.ID != "" {
			byID[s.ID] = s
		}
	}
	nv := &catalogueView{snap: CatalogueSnapshot{Generated: snap.Generated, Sources: snap.Sources},
		idx: make(map[Asset]int, len(snap.Assets)+len(baseAssets))}
	add := func(e CatalogueEntry) {
		nv.idx[e.Asset] = len(nv.entries)
		nv.entries = append(nv.entries, e)
	}
	for _, e := range old.entries {
		s, ok := byID[e.ID]
		switch {
		case ok:
			e.Listings, e.RefUSD = s.Listings, s.RefUSD
			delete(byID, e.ID)
		case isBaseAsset(e.Asset):
			e.Listings = nil
		default:
			retired = append(retired, e.ID)
			continue
		}
		add(e)
	}
	for _, s := range snap.Assets { // in the snapshot's order
		if _, ok := byID[s.ID]; !ok {
			continue
		}
		a := Asset{s.Ticker, s.Network}
		if _, taken := nv.idx[a]; taken {
			tag := strings.TrimPrefix(strings.ToLower(s.Contract), "0x")
			a.Ticker = strings.SplitN(s.Ticker, "-", 2)[0] + "-" + tag[:min(4, len(tag))]
			if _, taken := nv.idx[a]; taken || tag == "" {
				continue // no free code: listed again once one is
			}
		}
		info := AssetInfo{Asset: a, Name: s.Name, Decimals: s.Decimals, Memo: s.Memo}
		add(CatalogueEntry{AssetInfo: info, ID: s.ID, Symbol: s.Symbol, Contract: s.Contract, Listings: s.Listings, RefUSD: s.RefUSD})
		added = append(added, s.ID)
	}
	nv.r = buildResolver(nv.entries)
	live.Store(nv)
	return added, retired
}

func isBaseAsset(a Asset) bool {
	for _, b := range baseAssets {
		if b.Asset == a {
			return true
		}
	}
	return false
}

// AssetID returns the CAIP-19 id of the asset with contract on network
// (a native coin when contract is empty); "" for an unknown network.
func AssetID(network, contract string) string {
	n, ok := LookupNetwork(network)
	if !ok {
		return ""
	}
	if contract == "" {
		if n.Slip44 < 0 {
			return n.CAIP2 + "/native:" + n.Native
		}
		return n.CAIP2 + "/slip44:" + itoa(n.Slip44)
	}
	if n.Family == "evm" {
		contract = strings.ToLower(contract)
	}
	ns := n.Token
	if ns == "" {
		ns = "token"
	}
	return n.CAIP2 + "/" + ns + ":" + contract
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}
