package binance

// Wire types of Binance's spot REST API, after the recorded responses of
// ../shared/research/exchange-apis.md section B1 (gct's recording of
// exchangeInfo and depth, [REC]) and the official docs ([DOC]
// binance-spot-api-docs rest-api.md). The adapter reads exchangeInfo with
// encoding/json into lenient structs (parseMarkets) and depth with
// book.Scanner (the spec's Book shape); errors are:

// errorResponse is the body of an error: {"code":-1121,"msg":"Invalid symbol."}.
type errorResponse struct {
	Code int    `json:"code"`
	Msg  string `json:"msg"`
}
