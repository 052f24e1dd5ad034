package bybit

import "github.com/swapscout/swapscout"

// Wire types of Bybit's v5 market REST API as the simulator writes them,
// mirroring the docs' examples in ../shared/research/exchange-apis.md
// section B7 ([DOC] the Bybit docs pages and JKorf Bybit.Net's
// GetSpotSymbols and GetOrderbook fixtures). Every answer is the envelope
// {"retCode":0,"retMsg":"OK","result":{…},"retExtInfo":{},"time":ms}; an
// error keeps the envelope, with HTTP 200, a retCode other than 0 and
// "result":{}. Decimals are strings; codes, times and sequence numbers are
// JSON numbers.

// response is the envelope, with Result one of the results below (or {}).
type response struct {
	RetCode    int            `json:"retCode"`
	RetMsg     string         `json:"retMsg"`
	Result     any            `json:"result"`
	RetExtInfo map[string]any `json:"retExtInfo"`
	Time       int64          `json:"time"`
}

// instrumentsResult is GET /v5/market/instruments-info?category=spot.
type instrumentsResult struct {
	Category string       `json:"category"`
	List     []instrument `json:"list"`
}

// instrument is one spot symbol. status is Trading, PreLaunch, Delivering or
// Closed; marginTrading none, both, utaOnly or normalSpotOnly; stTag "0"/"1".
type instrument struct {
	Symbol         string         `json:"symbol"`
	BaseCoin       string         `json:"baseCoin"`
	QuoteCoin      string         `json:"quoteCoin"`
	Status         string         `json:"status"`
	MarginTrading  string         `json:"marginTrading"`
	StTag          string         `json:"stTag"`
	LotSizeFilter  lotSizeFilter  `json:"lotSizeFilter"`
	PriceFilter    priceFilter    `json:"priceFilter"`
	RiskParameters riskParameters `json:"riskParameters"`
}

// lotSizeFilter bounds an order: minOrderQty in the base coin, minOrderAmt
// in the quote coin (a market order's least value).
type lotSizeFilter struct {
	BasePrecision  swapscout.Amount `json:"basePrecision"`
	QuotePrecision swapscout.Amount `json:"quotePrecision"`
	MinOrderQty    swapscout.Amount `json:"minOrderQty"`
	MaxOrderQty    swapscout.Amount `json:"maxOrderQty"`
	MinOrderAmt    swapscout.Amount `json:"minOrderAmt"`
	MaxOrderAmt    swapscout.Amount `json:"maxOrderAmt"`
}

type priceFilter struct {
	TickSize swapscout.Amount `json:"tickSize"`
}

type riskParameters struct {
	PriceLimitRatioX swapscout.Amount `json:"priceLimitRatioX"`
	PriceLimitRatioY swapscout.Amount `json:"priceLimitRatioY"`
}
