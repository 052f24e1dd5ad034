package catalogue

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Source names a venue list, its parser and the recorded answer it replays.
type Source struct {
	Venue  string
	File   string // under testdata/
	Source string // where the recorded answer comes from
	Parse  Parser
}

// Sources are the lists the snapshot is built from.
var Sources = []Source{
	{"sideshift", "sideshift_coins.json", "SideShift GET /v2/coins, recorded in tuncatunc/clerk-tanstack-react-start-quickstart scripts/coins.ts (2025-08-22)", ParseSideShift},
	{"kucoin", "kucoin_currencies.json", "KuCoin GET /api/v3/currencies data, recorded in coder-169/Binance-lite-testing app/components/Symbols.jsx (2024-03)", ParseKuCoin},
	{"nearintents", "nearintents_1click_tokens.json", "NEAR Intents 1-Click GET /v0/tokens, recorded in cake-tech/cake_wallet test/exchange/fixtures/nearintents/tokens.json (2026-07-29; all 176 entries, priceUpdatedAt and coingeckoId dropped)", ParseNEARIntents},
	{"thorchain", "thorchain_tokens.json", "THORChain pool assets, SwapKit's list from THORNode /thorchain/pools, thorswap/SwapKit tokenLists/thorchain.ts (2024-10-22)", ParsePoolAssets("thorchain")},
	{"maya", "maya_tokens.json", "Maya pool assets, SwapKit's list from Mayanode pools, thorswap/SwapKit tokenLists/mayachain.ts (2024-10-22)", ParsePoolAssets("maya")},
	{"chainflip", "chainflip_tokens.json", "Chainflip assets, SwapKit's list from the Chainflip SDK, thorswap/SwapKit tokenLists/chainflip.ts (2024-10-22)", ParsePoolAssets("chainflip")},
	{"changenow", "changenow_currencies_edge.json", "ChangeNOW GET /v2/exchange/currencies?active=true&isFiat=false, as Edge's plugin groups it (network, ticker, tokenContract) for the networks Edge carries, recorded in EdgeApp/edge-exchange-plugins test/partnerJson/changenowMap.json @2014413 (2024-12-02)", ParseNetworkTokenMap("changenow", changenowNetworks)},
	{"letsexchange", "letsexchange_coins_edge.json", "LetsExchange GET /api/v2/coins, as Edge's plugin groups it (network code, coin code, contract_address) for the networks Edge carries, recorded in EdgeApp/edge-exchange-plugins test/partnerJson/letsexchangeMap.json @2014413 (2024-12-02)", ParseNetworkTokenMap("letsexchange", letsexchangeNetworks)},
	{"changehero", "changehero_currencies_edge.json", "ChangeHero getCurrenciesFull, as Edge's plugin groups it (blockchain, name, contractAddress) for the networks Edge carries, recorded in EdgeApp/edge-exchange-plugins test/partnerJson/changeheroMap.json @2014413 (2024-12-02)", ParseNetworkTokenMap("changehero", changeheroNetworks)},
}

// sideshiftNetworks maps SideShift's network ids to ours.
var sideshiftNetworks = map[string]string{
	"bitcoin": "btc", "ethereum": "eth", "arbitrum": "arbitrum", "base": "base", "optimism": "op",
	"monero": "xmr", "litecoin": "ltc", "bitcoincash": "bch", "doge": "doge", "ripple": "xrp", "ton": "ton",
	"solana": "sol", "tron": "trx", "bsc": "bsc", "shielded": "zec", "zcash": "zec", "dash": "dash", "cardano": "ada",
	"polkadot": "dot", "avax": "avaxc", "polygon": "matic", "stellar": "xlm", "near": "near", "cosmos": "atom",
	"scroll": "scroll", "zksyncera": "zksync", "blast": "blast", "linea": "linea", "sonic": "sonic",
	"berachain": "bera", "hyperevm": "hyperevm", "ronin": "ronin", "mantle": "mantle", "seievm": "sei",
	"core": "core", "cronos": "cronos", "rootstock": "rsk", "celestia": "tia", "fetch": "fet", "liquid": "liquid",
	"xec": "xec", "aptos": "aptos", "sui": "sui", "algorand": "algo", "stacks": "stx", "hedera": "hbar",
	"icp": "icp", "bittensor": "tao",
}

type sideshiftCoin struct {
	Coin             string   `json:"coin"`
	Name             string   `json:"name"`
	Networks         []string `json:"networks"`
	NetworksWithMemo []string `json:"networksWithMemo"`
	TokenDetails     map[string]struct {
		ContractAddress string `json:"contractAddress"`
		Decimals        int    `json:"decimals"`
	} `json:"tokenDetails"`
}

// ParseSideShift reads SideShift's GET /v2/coins: one entry per coin and
// network; tokenDetails gives a network's contract (and decimals).
func ParseSideShift(body []byte) (List, error) {
	var coins []sideshiftCoin
	if err := json.Unmarshal(body, &coins); err != nil {
		return List{}, fmt.Errorf("sideshift coins: %w", err)
	}
	l := List{Venue: "sideshift"}
	for _, c := range coins {
		for _, n := range c.Networks {
			e := Entry{Code: c.Coin + "/" + n, Symbol: c.Coin, Name: c.Name, Network: sideshiftNetworks[n]}
			if td, ok := c.TokenDetails[n]; ok {
				e.Contract, e.Decimals = td.ContractAddress, td.Decimals
			}
			for _, m := range c.NetworksWithMemo {
				e.Memo = e.Memo || m == n
			}
			resolve(&l, e, n)
		}
	}
	return l, nil
}

// kucoinChains maps KuCoin's chainId values to our networks.
var kucoinChains = map[string]string{
	"btc": "btc", "eth": "eth", "bsc": "bsc", "sol": "sol", "matic": "matic", "arbitrum": "arbitrum",
	"optimism": "op", "trx": "trx", "avaxc": "avaxc", "sui": "sui", "ada": "ada", "vet": "vet", "xlm": "xlm",
	"egld": "egld", "ont": "ont", "algo": "algo", "theta": "theta", "stx": "stx", "zil": "zil", "near": "near",
	"hbar": "hbar", "kava": "kava", "glmr": "glmr", "neon3": "neo3", "lunc": "lunc", "kmd": "kmd", "atom": "atom",
	"nim": "nim", "xtz": "xtz", "zec": "zec", "one": "one", "ksm": "ksm", "dot": "dot", "waves": "waves",
	"ckb2": "ckb", "fil": "fil", "oasis": "oasis", "dfi": "dfi", "zen": "zen", "doge": "doge", "orai": "orai",
	"pha": "pha", "xym": "xym", "flux": "flux", "xdc": "xdc", "kda": "kda", "icp": "icp", "celo": "celo",
	"tlosevm": "tlosevm", "kcc": "kcc", "ltc": "ltc", "bch": "bch", "xrp": "xrp", "ton": "ton", "dash": "dash",
	"xmr": "xmr", "etc": "etc", "base": "base", "apt": "aptos", "kaspa": "", "tia": "tia", "radix": "xrd",
}

// KuCoinChainID is KuCoin's chainId for our network, what ParseKuCoin
// reads back to it (a simulator writes the list the parser reads).
func KuCoinChainID(network string) (string, bool) {
	id := ""
	for k, n := range kucoinChains {
		if n == network && (id == "" || k < id) {
			id = k
		}
	}
	return id, id != ""
}

type kucoinCurrency struct {
	Currency  string `json:"currency"`
	FullName  string `json:"fullName"`
	Precision int    `json:"precision"`
	Chains    []struct {
		ChainName         string `json:"chainName"`
		ChainID           string `json:"chainId"`
		ContractAddress   string `json:"contractAddress"`
		IsDepositEnabled  bool   `json:"isDepositEnabled"`
		IsWithdrawEnabled bool   `json:"isWithdrawEnabled"`
	} `json:"chains"`
}

// ParseKuCoin reads the data of KuCoin's GET /api/v3/currencies (bare or
// in its {"code","data"} envelope): one entry per currency and chain open
// for both deposits and withdrawals.
func ParseKuCoin(body []byte) (List, error) {
	var cur []kucoinCurrency
	if err := json.Unmarshal(body, &cur); err != nil {
		var env struct {
			Data []kucoinCurrency `json:"data"`
		}
		if err2 := json.Unmarshal(body, &env); err2 != nil {
			return List{}, fmt.Errorf("kucoin currencies: %w", err)
		}
		cur = env.Data
	}
	l := List{Venue: "kucoin"}
	for _, c := range cur {
		for _, ch := range c.Chains {
			if !ch.IsDepositEnabled || !ch.IsWithdrawEnabled {
				continue
			}
			e := Entry{Code: c.Currency + "/" + ch.ChainName, Symbol: c.Currency, Name: c.FullName,
				Network: kucoinChains[ch.ChainID], Contract: ch.ContractAddress}
			resolve(&l, e, ch.ChainID)
		}
	}
	return l, nil
}

// nearBlockchains maps NEAR Intents' blockchain names to our networks.
var nearBlockchains = map[string]string{
	"near": "near", "eth": "eth", "btc": "btc", "sol": "sol", "base": "base", "arb": "arbitrum", "zec": "zec",
	"doge": "doge", "xrp": "xrp", "bsc": "bsc", "pol": "matic", "op": "op", "avax": "avaxc", "tron": "trx",
	"ton": "ton", "sui": "sui", "ltc": "ltc", "bch": "bch", "cardano": "ada", "stellar": "xlm", "gnosis": "gnosis", "dash": "dash", "monad": "monad", "xlayer": "xlayer",
	"plasma": "plasma",
	"bera":   "bera", "aptos": "aptos", "scroll": "scroll",
	// Listed by 1-Click, not carried by the catalogue (counted as unmapped):
	// abs, adi, aleo, fogo, hypercore, movement, starknet.
}

// nearToken is one token of a NEAR Intents list, in either spelling.
type nearToken struct {
	AssetID    string  `json:"assetId"`
	Decimals   int     `json:"decimals"`
	Blockchain string  `json:"blockchain"`
	Symbol     string  `json:"symbol"`
	Price      float64 `json:"price"`
	Contract   string  `json:"contractAddress"`
}

// ParseNEARIntents reads NEAR Intents' token list: the 1-Click API's GET
// /v0/tokens (a bare array, camel case), or the older Defuse list
// {"items":[…]} with the same fields in snake case.
func ParseNEARIntents(body []byte) (List, error) {
	var toks []nearToken
	if err := json.Unmarshal(body, &toks); err != nil {
		var doc struct {
			Items []struct {
				AssetID    string  `json:"defuse_asset_id"`
				Decimals   int     `json:"decimals"`
				Blockchain string  `json:"blockchain"`
				Symbol     string  `json:"symbol"`
				Price      float64 `json:"price"`
				Contract   string  `json:"contract_address"`
			} `json:"items"`
		}
		if err2 := json.Unmarshal(body, &doc); err2 != nil {
			return List{}, fmt.Errorf("near intents tokens: %w", err)
		}
		for _, t := range doc.Items {
			toks = append(toks, nearToken(t))
		}
	}
	l := List{Venue: "nearintents"}
	for _, t := range toks {
		e := Entry{Code: t.AssetID, Symbol: t.Symbol, Name: t.Symbol, Network: nearBlockchains[t.Blockchain],
			Contract: t.Contract, Decimals: t.Decimals, RefUSD: t.Price}
		if e.Network == "near" && strings.EqualFold(t.Symbol, "wnear") {
			// wrap.near is the NEP-141 token wNEAR, not NEAR itself.
			e.Symbol = "wNEAR"
		}
		resolve(&l, e, t.Blockchain)
	}
	return l, nil
}

// poolChains maps THORChain/Maya/Chainflip chain prefixes to our networks.
var poolChains = map[string]string{
	"BTC": "btc", "ETH": "eth", "BSC": "bsc", "AVAX": "avaxc", "BCH": "bch", "LTC": "ltc", "DOGE": "doge",
	"GAIA": "atom", "ARB": "arbitrum", "DASH": "dash", "KUJI": "kuji", "XRD": "xrd", "DOT": "dot", "SOL": "sol",
	"BASE": "base", "THOR": "thor", "MAYA": "maya", "ZEC": "zec", "XRP": "xrp", "TRON": "trx",
}

// ParsePoolAssets reads a pool-asset list in THORChain's asset notation
// ("CHAIN.TICKER-CONTRACT", "CHAIN.TICKER" for a chain's coin), as SwapKit
// records it from THORNode, Mayanode and the Chainflip SDK: {"tokens":
// [{"identifier","decimals",…}]}. Synthetic and trade assets
// ("THOR.ETH/ETH") are balances inside the protocol, not coins on a chain.
func ParsePoolAssets(venue string) Parser {
	return func(body []byte) (List, error) {
		var doc struct {
			Tokens []struct {
				Identifier string `json:"identifier"`
				Decimals   int    `json:"decimals"`
			} `json:"tokens"`
		}
		if err := json.Unmarshal(body, &doc); err != nil {
			return List{}, fmt.Errorf("%s pools: %w", venue, err)
		}
		l := List{Venue: venue}
		for _, t := range doc.Tokens {
			if strings.Contains(t.Identifier, "/") || strings.Contains(t.Identifier, "~") {
				continue
			}
			chain, rest, ok := strings.Cut(t.Identifier, ".")
			if !ok {
				l.Listed++
				l.Unmapped = append(l.Unmapped, Unmapped{venue, t.Identifier, "not CHAIN.ASSET"})
				continue
			}
			sym, contract, _ := strings.Cut(rest, "-")
			e := Entry{Code: t.Identifier, Symbol: sym, Name: sym, Network: poolChains[chain], Contract: contract,
				Decimals: t.Decimals}
			if e.Network == "eth" || e.Network == "bsc" || e.Network == "avaxc" || e.Network == "arbitrum" || e.Network == "base" {
				// Pools count 8 decimals whatever the token's own.
				e.Decimals = 0
			}
			resolve(&l, e, chain)
		}
		return l, nil
	}
}

// Stats summarises one list for the docs table.
func (l List) Stats() (listed, mapped, unmapped int) {
	return l.Listed, len(l.Entries), len(l.Unmapped)
}

func (u Unmapped) String() string { return u.Venue + " " + strconv.Quote(u.Code) + ": " + u.Why }
