package bitstamp

// Wire types of Bitstamp's public HTTP API v2, after
// ../shared/research/exchange-apis.md section B4: gct's recordings of
// trading-pairs-info and order_book [REC] (re-serialised: keys sorted), the
// response codes of bitstamp.net/api [DOC], the error envelope [MEM]. The
// adapter reads books with book.Scanner (the spec's Book shape), the pair list and
// errors with encoding/json into these.

// PairInfo is an item of GET /api/v2/trading-pairs-info/. minimum_order is a
// decimal and a currency in one string ("20.0 USD", "0.0002 BTC").
type PairInfo struct {
	BaseDecimals    int    `json:"base_decimals"`
	CounterDecimals int    `json:"counter_decimals"`
	Description     string `json:"description"`   // "Bitcoin / U.S. dollar"
	MinimumOrder    string `json:"minimum_order"` // "20.0 USD"
	Name            string `json:"name"`          // "BTC/USD"
	Trading         string `json:"trading"`       // Enabled, Disabled
	URLSymbol       string `json:"url_symbol"`    // btcusd
	// InstantAndMarketOrders is "Enabled" or "Disabled" in newer answers
	// [MEM]; absent from the 2019 recording.
	InstantAndMarketOrders string `json:"instant_and_market_orders,omitempty"`
}

// errorResponse is an error: {"status":"error","reason":…,"code":…} [MEM],
// with response_code such as "400.002" (rate limit) [DOC]. reason may be a
// string or an object of field errors ({"__all__":["…"]}).
type errorResponse struct {
	Status              string `json:"status"`
	Reason              any    `json:"reason,omitempty"`
	Code                string `json:"code,omitempty"`
	ResponseCode        string `json:"response_code,omitempty"`
	ResponseExplanation string `json:"response_explanation,omitempty"`
}
