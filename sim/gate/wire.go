package gate

import "github.com/swapscout/swapscout"

// Wire types of Gate's v4 spot REST API as the simulator writes them,
// mirroring ../shared/research/exchange-apis.md section B9 and
// gocryptotrader's recorded mock (exchanges/gateio/testdata/http.json,
// [REC], re-serialised with sorted keys). Answers carry no envelope: the
// pair list is a JSON array, the book an object; an error is
// {"label":"…","message":"…"} (or "detail") with a 4xx/5xx status.
// Decimals are strings with trailing zeros trimmed; times and precisions
// are JSON numbers.

// currencyPair is an item of GET /api/v4/spot/currency_pairs. fee is the
// taker fee in percent ("0.2" = 0.2%); min_base_amount and min_quote_amount
// bound an order; trade_status is tradable, untradable, buyable or sellable.
type currencyPair struct {
	AmountPrecision     int               `json:"amount_precision"`
	Base                string            `json:"base"`
	BaseName            string            `json:"base_name"`
	BuyStart            int64             `json:"buy_start"`
	DownRate            swapscout.Amount  `json:"down_rate"`
	Fee                 swapscout.Amount  `json:"fee"`
	ID                  string            `json:"id"` // BTC_USDT
	MarketOrderMaxMoney swapscout.Amount  `json:"market_order_max_money"`
	MarketOrderMaxStock swapscout.Amount  `json:"market_order_max_stock"`
	MaxBaseAmount       *swapscout.Amount `json:"max_base_amount,omitempty"`
	MaxQuoteAmount      swapscout.Amount  `json:"max_quote_amount"`
	MinBaseAmount       swapscout.Amount  `json:"min_base_amount"`
	MinQuoteAmount      swapscout.Amount  `json:"min_quote_amount"`
	Precision           int               `json:"precision"`
	Quote               string            `json:"quote"`
	QuoteName           string            `json:"quote_name"`
	SellStart           int64             `json:"sell_start"`
	Slippage            swapscout.Amount  `json:"slippage"`
	StTag               bool              `json:"st_tag"`
	TradeStatus         string            `json:"trade_status"`
	TradeURL            string            `json:"trade_url"`
	Type                string            `json:"type"` // normal
	UpRate              swapscout.Amount  `json:"up_rate"`
}
