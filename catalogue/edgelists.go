package catalogue

import (
	"encoding/json"
	"fmt"
)

// The instant-swap services ChangeNOW, LetsExchange and ChangeHero publish
// their currency lists behind an API key; the recorded answers we have are
// Edge's (EdgeApp/edge-exchange-plugins test/partnerJson/*Map.json): each
// service's own list (ChangeNOW GET /v2/exchange/currencies, LetsExchange
// GET /api/v2/coins, ChangeHero getCurrenciesFull) reduced by Edge's
// plugins to [network, [{contractAddress, tokenCode}]] for the networks
// Edge carries. The network codes and tickers are the service's own, so
// the same map reads a live answer grouped the same way.

// changenowNetworks maps ChangeNOW's network codes to ours. Not carried
// (counted as unmapped): bnb (BEP2), ftm, eos, waxp, rvn, qtum, pulse,
// osmo, fio, ethw, dgb, coreum, btg, bsv, axl.
var changenowNetworks = map[string]string{
	"eth": "eth", "bsc": "bsc", "sol": "sol", "matic": "matic", "arbitrum": "arbitrum", "trx": "trx",
	"base": "base", "ton": "ton", "op": "op", "avaxc": "avaxc", "celo": "celo", "algo": "algo",
	"zksync": "zksync", "xtz": "xtz", "xlm": "xlm", "ada": "ada", "zec": "zec", "xrp": "xrp", "xmr": "xmr",
	"ltc": "ltc", "hbar": "hbar", "firo": "firo", "fil": "fil", "etc": "etc", "dot": "dot", "doge": "doge",
	"dash": "dash", "btc": "btc", "bch": "bch", "atom": "atom",
}

// letsexchangeNetworks maps LetsExchange's network codes to ours. Not
// carried: BEP2, FTM, EOS, QTUM, WAX, WAXL, TLOS (native), PLS, OSMO, FIO,
// ETHW, DGB, COREUM, BTG, BSV, ARRR.
var letsexchangeNetworks = map[string]string{
	"ERC20": "eth", "BEP20": "bsc", "SOL": "sol", "POL": "matic", "ARBITRUM": "arbitrum", "AVAXC": "avaxc",
	"TRC20": "trx", "OPTIMISM": "op", "TON": "ton", "XLM": "xlm", "XRP": "xrp", "ALGO": "algo", "ADA": "ada",
	"HBAR": "hbar", "CELO": "celo", "ZKSERA": "zksync", "XTZ": "xtz", "BTC": "btc", "DOT": "dot",
	"DOGE": "doge", "BCH": "bch", "ZEC": "zec", "XMR": "xmr", "RSK": "rsk", "LTC": "ltc", "FIL": "fil",
	"ETC": "etc", "DASH": "dash", "ATOM": "atom", "RUNE": "thor", "FIRO": "firo",
}

// changeheroNetworks maps ChangeHero's blockchain names to ours. Not
// carried: qtum, ftm, digibyte, bitcoin_sv.
var changeheroNetworks = map[string]string{
	"ethereum": "eth", "binance_smart_chain": "bsc", "solana": "sol", "tron": "trx", "polygon": "matic",
	"base": "base", "arbitrum": "arbitrum", "optimism": "op", "avalanche_(c-chain)": "avaxc",
	"algorand": "algo", "zcash": "zec", "tezos": "xtz", "stellar": "xlm", "ripple": "xrp",
	"polkadot": "dot", "monero": "xmr", "litecoin": "ltc", "hedera": "hbar", "ethereum_classic": "etc",
	"doge": "doge", "dash": "dash", "cardano": "ada", "bitcoin_cash": "bch", "bitcoin": "btc",
}

// networkTokens is one network's group of a network-token map.
type networkTokens struct {
	Network string
	Tokens  []struct {
		Contract *string `json:"contractAddress"`
		Code     string  `json:"tokenCode"`
	}
}

// ParseNetworkTokenMap reads a currency list grouped by the venue's
// network: [[network, [{"contractAddress": string|null, "tokenCode"}]]].
// An entry's code is the venue's ticker and network ("usdt/bsc"), what
// these services' APIs take as the currency and its network.
func ParseNetworkTokenMap(venue string, networks map[string]string) Parser {
	return func(body []byte) (List, error) {
		var raw [][2]json.RawMessage
		if err := json.Unmarshal(body, &raw); err != nil {
			return List{}, fmt.Errorf("%s currencies: %w", venue, err)
		}
		groups := make([]networkTokens, len(raw))
		for i, g := range raw {
			if err := json.Unmarshal(g[0], &groups[i].Network); err != nil {
				return List{}, fmt.Errorf("%s currencies: network of group %d: %w", venue, i, err)
			}
			if err := json.Unmarshal(g[1], &groups[i].Tokens); err != nil {
				return List{}, fmt.Errorf("%s currencies: tokens of %s: %w", venue, groups[i].Network, err)
			}
		}
		l := List{Venue: venue}
		for _, g := range groups {
			for _, t := range g.Tokens {
				if t.Code == "" {
					l.Listed++
					l.Unmapped = append(l.Unmapped, Unmapped{venue, "/" + g.Network, "no ticker"})
					continue
				}
				e := Entry{Code: t.Code + "/" + g.Network, Symbol: t.Code, Name: t.Code, Network: networks[g.Network]}
				if t.Contract != nil {
					e.Contract = *t.Contract
				}
				resolve(&l, e, g.Network)
			}
		}
		return l, nil
	}
}
