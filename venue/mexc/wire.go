package mexc

import "encoding/json"

// Wire types of MEXC's spot API v3, after
// ../shared/research/exchange-apis.md section B12 ([DOC] exchangeInfo,
// depth; [CODE] JKorf's error mapping). The adapter reads exchangeInfo with
// encoding/json into lenient structs (parseMarkets) and depth with
// book.Scanner (the spec's Book shape); errors are:

// errorResponse is an error: {"code":-1121,"msg":"Invalid symbol."}, usually
// with HTTP 400; MEXC's own codes are positive (30021, 730001, 700008…).
type errorResponse struct {
	Code json.Number `json:"code"`
	Msg  string      `json:"msg"`
}
