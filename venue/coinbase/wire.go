package coinbase

import "github.com/swapscout/swapscout"

// Wire types of the Coinbase Exchange public REST API (api.exchange.coinbase.com,
// not Advanced Trade), after ../shared/research/exchange-apis.md section B3:
// the book example of the docs page "Get product book" [DOC], the product
// fields of the docs' status channel and of maintained clients [DOC]/[CODE],
// errors as {"message":…} [MEM]. The adapter reads books with book.Scanner
// (parseBook) and the product list with encoding/json.

// Product is an item of GET /products. base_min_size, base_max_size and
// max_market_funds were removed in June 2022; min_market_funds is now the
// least notional of an order [DOC changelog 2022-06-30].
type Product struct {
	ID                     string           `json:"id"` // BTC-USD
	BaseCurrency           string           `json:"base_currency"`
	QuoteCurrency          string           `json:"quote_currency"`
	QuoteIncrement         string           `json:"quote_increment"`
	BaseIncrement          string           `json:"base_increment"`
	DisplayName            string           `json:"display_name"`
	MinMarketFunds         swapscout.Amount `json:"min_market_funds"` // string
	MarginEnabled          bool             `json:"margin_enabled"`
	PostOnly               bool             `json:"post_only"`
	LimitOnly              bool             `json:"limit_only"`
	CancelOnly             bool             `json:"cancel_only"`
	Status                 string           `json:"status"`         // online, delisted
	StatusMessage          *string          `json:"status_message"` // "" or null
	TradingDisabled        bool             `json:"trading_disabled"`
	FxStablecoin           bool             `json:"fx_stablecoin"`
	MaxSlippagePercentage  string           `json:"max_slippage_percentage"`
	AuctionMode            bool             `json:"auction_mode"`
	HighBidLimitPercentage string           `json:"high_bid_limit_percentage"`
}

// errorResponse is every error: {"message":"NotFound"}.
type errorResponse struct {
	Message string `json:"message"`
}
