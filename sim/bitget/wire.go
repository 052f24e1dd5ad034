package bitget

// Wire types of Bitget's spot API v2 as the simulator writes them,
// mirroring ../shared/research/exchange-apis.md section B13: the docs'
// examples as the Bitget docs page and JKorf's Bitget.Net fixtures give
// them ([DOC] symbols, orderbook, coins). Every answer is an envelope whose
// code is the string "00000" on success; inside it every value is a string,
// the precisions, fee rates and booleans ("true") included, while
// requestTime is a number.

// envelope is every answer: {"code":"00000","msg":"success","requestTime":…,"data":…}.
type envelope[T any] struct {
	Code        string `json:"code"`
	Msg         string `json:"msg"`
	RequestTime int64  `json:"requestTime"`
	Data        T      `json:"data"`
}

// coin is an item of GET /api/v2/spot/public/coins' data: the chains a
// coin moves on, each with its withdrawal fee and whether deposits
// (rechargeable) and withdrawals are open, the booleans as strings
// ("true") [DOC].
type coin struct {
	CoinID   string      `json:"coinId"`
	Coin     string      `json:"coin"`
	Transfer string      `json:"transfer"`
	Chains   []coinChain `json:"chains"`
}

type coinChain struct {
	Chain            string `json:"chain"`
	NeedTag          string `json:"needTag"`
	Withdrawable     string `json:"withdrawable"`
	Rechargeable     string `json:"rechargeable"`
	WithdrawFee      string `json:"withdrawFee"`
	MinDepositAmount string `json:"minDepositAmount"`
	ContractAddress  string `json:"contractAddress,omitempty"`
}

// symbol is an item of GET /api/v2/spot/public/symbols' data.
type symbol struct {
	Symbol              string `json:"symbol"` // "BTCUSDT"
	BaseCoin            string `json:"baseCoin"`
	QuoteCoin           string `json:"quoteCoin"`
	MinTradeAmount      string `json:"minTradeAmount"` // the least order, in base
	MaxTradeAmount      string `json:"maxTradeAmount"`
	TakerFeeRate        string `json:"takerFeeRate"` // fraction: "0.001"
	MakerFeeRate        string `json:"makerFeeRate"`
	PricePrecision      string `json:"pricePrecision"` // decimals, as a string: "4"
	QuantityPrecision   string `json:"quantityPrecision"`
	QuotePrecision      string `json:"quotePrecision"`
	MinTradeUSDT        string `json:"minTradeUSDT"` // the least order's value in USDT
	Status              string `json:"status"`       // online, gray, halt, offline
	BuyLimitPriceRatio  string `json:"buyLimitPriceRatio"`
	SellLimitPriceRatio string `json:"sellLimitPriceRatio"`
	AreaSymbol          string `json:"areaSymbol,omitempty"` // [MEM] later fields
	OrderQuantity       string `json:"orderQuantity,omitempty"`
	OpenTime            string `json:"openTime,omitempty"`
	OffTime             string `json:"offTime,omitempty"`
}
