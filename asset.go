package swapscout

import (
	"strings"
)

// Asset is a coin on one network: USDT on Tron is not USDT on Ethereum.
// Ticker and Network are lowercase swapscout codes (see Assets); each venue maps
// them to its own symbols.
type Asset struct {
	Ticker  string
	Network string
}

// String renders the asset as "ticker@network", e.g. "usdt@trx", or as the
// bare ticker when it has no network (a balance held on an exchange, such as
// the bridge currency a trading fee is paid in).
func (a Asset) String() string {
	if a.Network == "" {
		return a.Ticker
	}
	return a.Ticker + "@" + a.Network
}

// IsZero reports whether a is the zero Asset.
func (a Asset) IsZero() bool { return a.Ticker == "" && a.Network == "" }

// AssetInfo describes an asset swapscout knows.
type AssetInfo struct {
	Asset
	Name     string
	Decimals int  // on-chain precision; amounts delivered are rounded to it
	Memo     bool // deposits to exchanges need a memo, tag or extra id
}

// Networks names the networks swapscout knows, by code (from NetworkTable).
var Networks = func() map[string]string {
	m := make(map[string]string, len(NetworkTable))
	for _, n := range NetworkTable {
		m[n.Code] = n.Name
	}
	return m
}()

// Assets is swapscout's asset catalogue. The first entry for a ticker is that
// ticker's default network when a request names none. Venue symbol tables may
// only name assets listed here (checked by tests in each venue package).
var Assets = []AssetInfo{
	{Asset{"btc", "btc"}, "Bitcoin", 8, false},
	{Asset{"eth", "eth"}, "Ethereum", 18, false},
	{Asset{"eth", "arbitrum"}, "Ether on Arbitrum", 18, false},
	{Asset{"eth", "base"}, "Ether on Base", 18, false},
	{Asset{"eth", "op"}, "Ether on Optimism", 18, false},
	{Asset{"xmr", "xmr"}, "Monero", 12, false},
	{Asset{"ltc", "ltc"}, "Litecoin", 8, false},
	{Asset{"bch", "bch"}, "Bitcoin Cash", 8, false},
	{Asset{"doge", "doge"}, "Dogecoin", 8, false},
	{Asset{"xrp", "xrp"}, "XRP", 6, true},
	{Asset{"ton", "ton"}, "Toncoin", 9, true},
	{Asset{"sol", "sol"}, "Solana", 9, false},
	{Asset{"trx", "trx"}, "Tron", 6, false},
	{Asset{"bnb", "bsc"}, "BNB", 18, false},
	{Asset{"zec", "zec"}, "Zcash", 8, false},
	{Asset{"dash", "dash"}, "Dash", 8, false},
	{Asset{"ada", "ada"}, "Cardano", 6, false},
	{Asset{"dot", "dot"}, "Polkadot", 10, false},
	{Asset{"avax", "avaxc"}, "Avalanche", 18, false},
	{Asset{"pol", "matic"}, "Polygon", 18, false},
	{Asset{"xlm", "xlm"}, "Stellar", 7, true},
	{Asset{"firo", "firo"}, "Firo", 8, false},
	// NEAR's native coin, 24 decimals (1 NEAR is 10^24 yoctoNEAR); a payout
	// goes to an account id (alice.near, or an implicit account), no memo.
	{Asset{"near", "near"}, "NEAR", 24, false},
	{Asset{"usdt", "eth"}, "Tether USD (ERC-20)", 6, false},
	{Asset{"usdt", "trx"}, "Tether USD (TRC-20)", 6, false},
	{Asset{"usdt", "bsc"}, "Tether USD (BEP-20)", 18, false},
	{Asset{"usdt", "sol"}, "Tether USD (Solana)", 6, false},
	{Asset{"usdt", "matic"}, "Tether USD (Polygon)", 6, false},
	{Asset{"usdt", "ton"}, "Tether USD (TON)", 6, true},
	{Asset{"usdt", "arbitrum"}, "Tether USD (Arbitrum)", 6, false},
	{Asset{"usdt", "avaxc"}, "Tether USD (Avalanche)", 6, false},
	{Asset{"usdc", "eth"}, "USD Coin (ERC-20)", 6, false},
	{Asset{"usdc", "sol"}, "USD Coin (Solana)", 6, false},
	{Asset{"usdc", "bsc"}, "USD Coin (BEP-20)", 18, false},
	{Asset{"usdc", "matic"}, "USD Coin (Polygon)", 6, false},
	{Asset{"usdc", "base"}, "USD Coin (Base)", 6, false},
	{Asset{"usdc", "arbitrum"}, "USD Coin (Arbitrum)", 6, false},
	{Asset{"dai", "eth"}, "Dai (ERC-20)", 18, false},
}

// baseAssets are the hand-written assets, before the catalogue's.
var baseAssets []AssetInfo

// BaseAssets returns the hand-written assets (the first entries of Assets),
// which keep their codes and default networks whatever the venues list.
func BaseAssets() []AssetInfo { return baseAssets }

func init() {
	baseAssets = Assets[:len(Assets):len(Assets)]
	Assets = loadCatalogue(Assets)
	v := view()
	v.r = buildResolver(v.entries)
	// Coin names are indexed once, from the start's assets: they steer
	// suggestions and bare names ("bitcoin"), which a refresh does not
	// move. The resolver is built again to leave them out of its fast path.
	indexCoinNames()
	v.r = buildResolver(v.entries)
}

// LookupAsset returns the catalogue entry for a.
func LookupAsset(a Asset) (AssetInfo, bool) {
	v := view()
	i, ok := v.r.index[a]
	if !ok {
		return AssetInfo{}, false
	}
	return v.entries[i].AssetInfo, true
}

// ResolveAsset turns user input into a catalogue asset. Ticker and network are
// case-insensitive; an empty network selects the ticker's default network; a
// network may be named by its code or a common alias ("trc20", "erc20",
// "polygon", "arb"). Errors say what would be accepted: the ticker's
// networks, or the ticker meant ("did you mean btc?").
func ResolveAsset(ticker, network string) (AssetInfo, error) {
	t := strings.ToLower(strings.TrimSpace(ticker))
	n := strings.ToLower(strings.TrimSpace(network))
	if t == "" {
		return AssetInfo{}, Errorf(EINVALID, "asset is required")
	}
	r := view().r
	def, known := r.tickerDefault[t]
	nets, amb := r.ambiguous[t]
	if !known && !amb {
		if s := SuggestTicker(t); s != "" {
			return AssetInfo{}, Errorf(EINVALID, "unknown asset %q: did you mean %s?", clip(t), s)
		}
		return AssetInfo{}, Errorf(EINVALID, "unknown asset %q (GET /v1/assets lists every asset)", clip(t))
	}
	if n == "" {
		// A coin's name that is also some token's ticker ("bitcoin" on
		// Ethereum): a person typing it means the coin far more often;
		// the token needs its network named.
		if s, ok := coinNames[t]; ok && s != t && known {
			return AssetInfo{}, Errorf(EINVALID, "%q is also the ticker of a token on %s: did you mean %s? Name the token's network to mean the token", clip(t), def.NetworkLabel(), s)
		}
		if !known {
			return AssetInfo{}, Errorf(EINVALID, "%s: on which network? listed on %s", strings.ToUpper(clip(t)), strings.Join(nets, ", "))
		}
		info, _ := LookupAsset(def)
		return info, nil
	}
	if ni, ok := LookupNetwork(n); ok {
		n = ni.Code
	}
	info, ok := LookupAsset(Asset{t, n})
	if !ok {
		if _, isNet := LookupNetwork(n); isNet {
			return AssetInfo{}, Errorf(EINVALID, "%s is not available on %s here; its networks: %s", strings.ToUpper(t), NetworkName(n), tickerNetworks(t))
		}
		return AssetInfo{}, Errorf(EINVALID, "unknown network %q; %s's networks: %s", clip(n), strings.ToUpper(t), tickerNetworks(t))
	}
	return info, nil
}

// tickerNetworks lists a ticker's networks for a message:
// "eth (Ethereum (ERC-20)), trx (Tron (TRC-20))".
func tickerNetworks(t string) string {
	var parts []string
	for _, a := range view().entries {
		if a.Ticker == t {
			parts = append(parts, a.Network+" ("+a.NetworkLabel()+")")
		}
	}
	return strings.Join(parts, ", ")
}

// clip keeps user input echoed in error messages short.
func clip(s string) string {
	if len(s) > 32 {
		return s[:32] + "…"
	}
	return s
}

// ResolveAssetBytes is ResolveAsset for raw query bytes; it does not allocate
// when the asset is found (the serving hot path parses quotes with it).
func ResolveAssetBytes(ticker, network []byte) (AssetInfo, error) {
	var buf [48]byte
	if len(ticker) == 0 || len(ticker)+len(network)+1 > len(buf) {
		return ResolveAsset(string(ticker), string(network))
	}
	n := lowerInto(buf[:0], ticker)
	if len(network) > 0 {
		n = append(n, '@')
		n = lowerInto(n, network)
	}
	v := view()
	if i, ok := v.r.byName[string(n)]; ok {
		return v.entries[i].AssetInfo, nil
	}
	return ResolveAsset(string(ticker), string(network))
}

func lowerInto(dst, src []byte) []byte {
	for _, c := range src {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		dst = append(dst, c)
	}
	return dst
}
