package gemini

// Wire types of Gemini's public REST API v1, after the recorded responses
// of ../shared/research/exchange-apis.md section B11 (gct's recording of
// /v1/symbols, /v1/symbols/details, /v1/book and an error, [REC]). The
// adapter reads the market list with encoding/json into lenient structs
// (parseMarkets) and books with book.Scanner (the spec's Book shape); errors are:

// ErrorResponse is every error, usually with HTTP 400 (unknown symbol), 429,
// 500 or 503: {"result":"error","reason":"Bad Request","message":"Supplied
// value 'bla' is not a valid symbol. …"}.
type ErrorResponse struct {
	Result  string `json:"result"`
	Reason  string `json:"reason"`
	Message string `json:"message"`
}
