package cex

import (
	"encoding/json"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
)

// What every market list parser shares: a market is kept only when the
// venue lists it as open and names its base, quote and symbol (the book is
// fetched by the symbol, and a route needs both tickers), and a per-market
// taker fee is believed only as a fraction in [0, 1). Each adapter says
// where its list keeps those facts; the rules are applied here, once.

// Markets makes the markets of a list's items: read returns an item's
// market and whether the venue lists it as open. Closed items, and those
// whose market lacks a base, quote or symbol, are left out.
func Markets[T any](items []T, read func(T) (Market, bool)) []Market {
	var out []Market
	for _, it := range items {
		m, open := read(it)
		if open && m.Base != "" && m.Quote != "" && m.Symbol != "" {
			out = append(out, m)
		}
	}
	return out
}

// ListMarkets decodes the array body holds at path, as List does, and makes
// its markets as Markets does.
func ListMarkets[T any](body []byte, venueName, what string, path []string, read func(T) (Market, bool)) ([]Market, error) {
	items, err := List[T](body, venueName, what, path...)
	if err != nil {
		return nil, err
	}
	return Markets(items, read), nil
}

// UnmarshalMarkets decodes body, a JSON array of the venue's market
// records, strictly (an answer that does not decode is bad_response), and
// makes its markets as Markets does.
func UnmarshalMarkets[T any](body []byte, read func(T) (Market, bool)) ([]Market, error) {
	var items []T
	if err := json.Unmarshal(body, &items); err != nil {
		return nil, venue.BadResponse(err)
	}
	return Markets(items, read), nil
}

// Named is the market base/quote that the venue's book endpoint names
// symbol, from a list's Text fields.
func Named(base, quote, symbol Text) Market {
	return Market{Market: book.Market{Base: string(base), Quote: string(quote), Symbol: string(symbol)}}
}

// TakerFee is a market's own taker fee when the list states one (ok) that
// is a fraction in [0, 1); nil, for Spec.TakerFee, otherwise.
func TakerFee(f swapscout.Amount, ok bool) *swapscout.Amount {
	if !ok || !f.Valid() || f.Sign() < 0 || f.Cmp(swapscout.AmountFromInt(1)) >= 0 {
		return nil
	}
	return &f
}

// CoinChains reads a currency list whose items each name their ticker at
// tickerKey and list the chains they move on at "chains" (Bitget's coins,
// KuCoin's currencies): the array body holds at path, as List finds it,
// into live terms by Code, chain giving a chain's network and terms. Chains
// that do not decode (as Items), and unnamed currencies and chains, are
// left out: no Code of Symbols can match them.
func CoinChains[N any](body []byte, venueName, what string, path []string, tickerKey string, chain func(N) (Text, Network)) (map[Code]Network, error) {
	coins, err := List[map[string]json.RawMessage](body, venueName, what, path...)
	if err != nil {
		return nil, err
	}
	out := make(map[Code]Network)
	for _, c := range coins {
		var ticker Text
		_ = ticker.UnmarshalJSON(c[tickerKey]) // never fails; absent reads as ""
		chains, _ := Items[N](c["chains"])
		for _, ch := range chains {
			network, n := chain(ch)
			if ticker != "" && network != "" {
				out[Code{Ticker: string(ticker), Network: string(network)}] = n
			}
		}
	}
	return out, nil
}
