package kucoin

import "github.com/swapscout/swapscout"

// Wire types of KuCoin's public spot REST API as the simulator writes them,
// mirroring the docs' examples in ../shared/research/exchange-apis.md
// section B8 ([DOC] the KuCoin docs and JKorf Kucoin.Net's GetSymbols and
// GetAggregatedPartialOrderBook fixtures). Every answer is
// {"code":"200000","data":…} with code a string; an error is
// {"code":"400100","msg":"…"}. Decimals are strings; the book's sequence is
// a string and its time a number (ms).

// response is the envelope; Data is nil for an error.
type response struct {
	Code string `json:"code"`
	Data any    `json:"data,omitempty"`
	Msg  string `json:"msg,omitempty"`
}

// currency is an item of GET /api/v3/currencies: the chains a currency moves on, each with its withdrawal fee and
// whether deposits and withdrawals are open ([DOC] field names).
type currency struct {
	Currency string  `json:"currency"`
	Name     string  `json:"name"`
	FullName string  `json:"fullName"`
	Chains   []chain `json:"chains"`
}

type chain struct {
	ChainName         string           `json:"chainName"`
	ChainID           string           `json:"chainId"`
	WithdrawalMinFee  swapscout.Amount `json:"withdrawalMinFee"`
	IsWithdrawEnabled bool             `json:"isWithdrawEnabled"`
	IsDepositEnabled  bool             `json:"isDepositEnabled"`
	ContractAddress   string           `json:"contractAddress"`
}

// symbol is an item of GET /api/v2/symbols. baseMinSize is the least order
// in the base currency, quoteMinSize and minFunds in the quote (minFunds: a
// market order's least funds).
type symbol struct {
	Symbol          string           `json:"symbol"` // BTC-USDT
	Name            string           `json:"name"`
	BaseCurrency    string           `json:"baseCurrency"`
	QuoteCurrency   string           `json:"quoteCurrency"`
	FeeCurrency     string           `json:"feeCurrency"`
	Market          string           `json:"market"` // USDS, BTC, ALTS…
	BaseMinSize     swapscout.Amount `json:"baseMinSize"`
	QuoteMinSize    swapscout.Amount `json:"quoteMinSize"`
	BaseMaxSize     swapscout.Amount `json:"baseMaxSize"`
	QuoteMaxSize    swapscout.Amount `json:"quoteMaxSize"`
	BaseIncrement   swapscout.Amount `json:"baseIncrement"`
	QuoteIncrement  swapscout.Amount `json:"quoteIncrement"`
	PriceIncrement  swapscout.Amount `json:"priceIncrement"`
	PriceLimitRate  swapscout.Amount `json:"priceLimitRate"`
	MinFunds        swapscout.Amount `json:"minFunds"`
	IsMarginEnabled bool             `json:"isMarginEnabled"`
	EnableTrading   bool             `json:"enableTrading"`
}
