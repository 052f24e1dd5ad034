package bitget

import "encoding/json"

// Wire types of Bitget's spot API v2, after
// ../shared/research/exchange-apis.md section B13 ([DOC] symbols,
// orderbook, coins; [CODE] JKorf's error mapping). The adapter reads
// symbols and coins with encoding/json into lenient structs, and orderbook
// with book.Scanner; errors are:

// errorResponse is an error envelope: {"code":"40034","msg":"Parameter … does
// not exist","requestTime":…,"data":null}, with HTTP 400, or 429 for the rate
// limit. The code is read raw, so a number would be taken too.
type errorResponse struct {
	Code json.RawMessage `json:"code"`
	Msg  string          `json:"msg"`
}
