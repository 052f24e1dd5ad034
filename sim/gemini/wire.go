package gemini

import (
	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
)

// Wire types of Gemini's public REST API v1 as the simulator writes them,
// mirroring the recorded responses of ../shared/research/exchange-apis.md
// section B11 (gct's recording of /v1/symbols, /v1/symbols/details,
// /v1/book and an error, [REC]).

// symbolDetails is GET /v1/symbols/details/{symbol}, and an item of
// /v1/symbols/details/all. Types are mixed: tick_size and quote_increment
// are JSON numbers (1e-8 as well as 0.000001), min_order_size a string.
type symbolDetails struct {
	Symbol                string           `json:"symbol"` // uppercase: "BTCUSD"
	BaseCurrency          string           `json:"base_currency"`
	QuoteCurrency         string           `json:"quote_currency"`
	TickSize              sim.Num          `json:"tick_size"`
	QuoteIncrement        sim.Num          `json:"quote_increment"`
	MinOrderSize          swapscout.Amount `json:"min_order_size"`
	Status                string           `json:"status"` // open, closed, cancel_only, post_only, limit_only
	WrapEnabled           bool             `json:"wrap_enabled"`
	ProductType           string           `json:"product_type"` // spot, swap (the …GUSDPERP perpetuals)
	ContractType          string           `json:"contract_type"`
	ContractPriceCurrency string           `json:"contract_price_currency"`
}
