package okx

// Wire types of OKX's public REST API v5, after
// ../shared/research/exchange-apis.md section B6: the docs' examples as
// JKorf's OKX.Net fixtures carry them [DOC], error codes from gct's and
// JKorf's tables [CODE]. Every answer is the envelope {"code":"0","msg":"",
// "data":[…]}, code a string ("0" is success) and every value in data a
// string. The adapter reads books with book.Scanner (the spec's Book shape).

// Envelope is any answer; code is a string of digits.
type Envelope[T any] struct {
	Code string `json:"code"`
	Msg  string `json:"msg"`
	Data []T    `json:"data"`
}

// Instrument is an item of GET /api/v5/public/instruments?instType=SPOT.
// minSz is the least order in the base currency; state is live, suspend,
// preopen or test. Fields of other instrument types come as "".
type Instrument struct {
	InstType  string `json:"instType"`
	InstID    string `json:"instId"` // BTC-USDT
	Uly       string `json:"uly"`
	BaseCcy   string `json:"baseCcy"`
	QuoteCcy  string `json:"quoteCcy"`
	SettleCcy string `json:"settleCcy"`
	CtVal     string `json:"ctVal"`
	TickSz    string `json:"tickSz"`
	LotSz     string `json:"lotSz"`
	MinSz     string `json:"minSz"`
	MaxMktAmt string `json:"maxMktAmt"`
	MaxMktSz  string `json:"maxMktSz"`
	MaxLmtSz  string `json:"maxLmtSz"`
	State     string `json:"state"`
	ListTime  string `json:"listTime"`
	Lever     string `json:"lever"`
}
