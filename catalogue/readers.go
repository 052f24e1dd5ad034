package catalogue

import (
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/exolix"
	"github.com/swapscout/swapscout/venue/fixedfloat"
	"github.com/swapscout/swapscout/venue/simpleswap"
	"github.com/swapscout/swapscout/venue/stealthex"
)

// Readers are the lists read in the venue's own format that no recorded
// answer feeds the snapshot with yet: the format is the venue's documented
// one (the adapter's list.go names the document), so a refresh from the
// venue (or its simulator) reads it, but the snapshot adds none of its
// entries until a real answer is recorded under testdata/.
var Readers = map[string]Parser{
	"stealthex":  ParseStealthEX,
	"exolix":     ParseExolix,
	"simpleswap": ParseSimpleSwap,
	"fixedfloat": ParseFixedFloat,
}

// ParseStealthEX reads StealthEX's GET /v4/currencies (the pages joined
// into one array): one entry per symbol and network; a token names its
// contract_address, a native coin sits on "mainnet" or on its L2's network;
// extra_id names the memo field of a network that takes one.
func ParseStealthEX(body []byte) (List, error) {
	cur, err := stealthex.ParseCurrencies(body)
	if err != nil {
		return List{}, err
	}
	l := List{Venue: "stealthex"}
	for _, c := range cur {
		network, _ := c.OurNetwork()
		e := Entry{Code: c.Symbol + "/" + c.Network, Symbol: c.Symbol, Name: c.Name, Network: network,
			Memo: c.ExtraID != nil && *c.ExtraID != ""}
		if c.ContractAddress != nil {
			e.Contract = *c.ContractAddress
		}
		resolve(&l, e, c.Network)
	}
	return l, nil
}

// ParseExolix reads Exolix's GET /api/v2/currencies?withNetworks=true (the
// pages joined into one array, or one page): one entry per coin and
// network, "COIN/NETWORK" as the adapter sends them; a token names its
// contract, memoNeeded marks a memo network. A network the adapter does
// not send is counted, not guessed.
func ParseExolix(body []byte) (List, error) {
	cur, err := exolix.ParseCurrencies(body)
	if err != nil {
		return List{}, err
	}
	l := List{Venue: "exolix"}
	for _, c := range cur {
		for _, n := range c.Networks {
			network, _ := exolix.OurNetwork(n.Network)
			e := Entry{Code: strings.ToUpper(c.Code) + "/" + strings.ToUpper(n.Network), Symbol: c.Code, Name: c.Name,
				Network: network, Memo: n.MemoNeeded}
			if n.Contract != nil {
				e.Contract = *n.Contract
			}
			resolve(&l, e, n.Network)
		}
	}
	return l, nil
}

// ParseSimpleSwap reads SimpleSwap's GET /v3/currencies (the answer or its
// result array): one entry per ticker and network, "ticker/network" as the
// adapter sends them; a token names its contractAddress, hasExtraId marks
// a memo network. A network's own coin under a ticker of SimpleSwap's
// (bnb-bsc, avaxc) is the coin the adapter's table says it is; a network
// the adapter does not send is counted, not guessed.
func ParseSimpleSwap(body []byte) (List, error) {
	cur, err := simpleswap.ParseCurrencies(body)
	if err != nil {
		return List{}, err
	}
	l := List{Venue: "simpleswap"}
	for _, c := range cur {
		network, _ := simpleswap.OurNetwork(c.Network)
		e := Entry{Code: strings.ToLower(c.Ticker) + "/" + strings.ToLower(c.Network), Symbol: c.Ticker, Name: c.Name,
			Network: network, Memo: c.HasExtraID}
		if c.ContractAddress != nil {
			e.Contract = *c.ContractAddress
		}
		if a, ok := simpleswap.HandAsset(c.Ticker, c.Network); ok && e.Contract == "" {
			e.Symbol = a.Ticker
		}
		resolve(&l, e, c.Network)
	}
	return l, nil
}

// ParseFixedFloat reads FixedFloat's `ccies` (its data array, or the whole
// answer): one entry per coin and network open in either direction,
// "COIN/NETWORK" as the adapter looks them up; tag marks a memo network.
// `ccies` names no contract, so a token maps only where the adapter's own
// table names that coin on that network (USDT on TRX: Tether's TRC-20
// contract, what the adapter quotes it as; USDT on TON the jetton the
// catalogue lists as usdt@ton); any other token, and any
// network the adapter does not send, is counted, never guessed by ticker.
func ParseFixedFloat(body []byte) (List, error) {
	cur, err := fixedfloat.ParseCurrencies(body)
	if err != nil {
		return List{}, err
	}
	l := List{Venue: "fixedfloat"}
	for _, c := range cur {
		if !c.Open() {
			continue
		}
		network, _ := fixedfloat.OurNetwork(c.Network)
		e := Entry{Code: strings.ToUpper(c.Coin) + "/" + strings.ToUpper(c.Network), Symbol: c.Coin, Name: c.Name,
			Network: network, Memo: c.Tag != nil && *c.Tag != ""}
		if a, ok := fixedfloat.HandAsset(c.Coin, c.Network); ok {
			e.Symbol = a.Ticker
			e.Contract = handContract(a)
		}
		resolve(&l, e, c.Network)
	}
	return l, nil
}

// handContract is the contract of a hand-written asset: its recorded one,
// else the one the catalogue lists it with (USDT on TON has no recorded
// contract; its code names the jetton the venues list).
func handContract(a swapscout.Asset) string {
	if c, ok := swapscout.ChainToken(a); ok && c != "" {
		return c
	}
	e, _ := swapscout.LookupCatalogue(a)
	return e.Contract
}
