package bitfinex

// Wire types of Bitfinex's public REST API v2 (api-pub.bitfinex.com), after
// ../shared/research/exchange-apis.md section B5 and the docs' examples
// as JKorf's Bitfinex.Net fixtures carry them [DOC]. Bitfinex answers with
// bare arrays, numbers not strings: the adapter reads books with
// book.Scanner (the spec's Book shape) and the rest with encoding/json.

// pairList is GET /v2/conf/pub:list:pair:exchange: one array holding the
// exchange pairs' names, base and quote joined ("BTCUSD", "ETHUST"), with a
// colon when either is longer than three letters ("DOGE:USD", "AVAX:UST").
// The book of a pair is fetched as "t" + name.
type pairList [][]string

// An error is an array ["error", CODE, "MESSAGE"], e.g. ["error",10020,"symbol:
// invalid"], sent with HTTP 500; a rate limit is the object
// {"error":"ERR_RATE_LIMIT"} [DOC].
type rateLimitError struct {
	Error string `json:"error"`
}
