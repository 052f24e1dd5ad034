// Package bitfinex is the adapter for Bitfinex, priced from its public order
// books: the market list from /v2/conf/pub:list:pair:exchange, the top 100
// price levels a side from /v2/book/{symbol}/P0?len=100 walked for the exact
// amount, direct or through one bridge (USD, USDT, BTC), with the taker fee
// per leg and the withdrawal fee of the asset paid out. Bitfinex names
// things its own way (USDT is UST, tBTCUST; long codes take a colon,
// tDOGE:USD), sends a book as one flat array of [PRICE, COUNT, AMOUNT]
// numbers whose sign gives the side, errors as ["error", CODE, "MESSAGE"]
// with HTTP 500, and blocks an IP that calls too often for up to a minute.
// The engine is venue/cex; this package is the wire format and the tables.
package bitfinex

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers Bitfinex.
var Descriptor = cex.Descriptor("bitfinex", &spec)

// Spec returns Bitfinex's description for the cex engine: its tickers and
// networks, fees, bridges and paths.
func Spec() cex.Spec { return spec }

// blocked is how long Bitfinex blocks an IP over its rate limit: 10 to 60
// seconds [DOC]; we wait out the longest.
const blocked = 60 * time.Second

// spec is Bitfinex for the cex engine. The book endpoint allows 240 requests
// a minute [DOC] (10-90 a minute for others): books are shared for the
// engine's BookTTL, and a rate-limit answer holds calls off for a minute.
var spec = cex.Spec{
	Symbols:           symbols,
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	ParseMarkets:      parseMarkets,
	// Book: [[PRICE,COUNT,AMOUNT],…], all numbers, bids (AMOUNT > 0) then
	// asks (AMOUNT < 0).
	Book:      book.Shape{Signed: true, Layout: book.Bitfinex},
	ErrorBody: bodyError,
}

// parseMarkets reads pub:list:pair:exchange, [["BTCUSD","DOGE:USD",…]]:
// three-letter codes are joined, longer ones split at the colon.
func parseMarkets(body []byte) ([]cex.Market, error) {
	var l pairList
	if err := json.Unmarshal(body, &l); err != nil {
		return nil, venue.BadResponse(err)
	}
	var out []cex.Market
	for _, names := range l {
		for _, name := range names {
			base, quote, ok := strings.Cut(name, ":")
			if !ok && len(name) == 6 {
				base, quote, ok = name[:3], name[3:], true
			}
			if ok && base != "" && quote != "" {
				out = append(out, cex.Market{Market: book.Market{Base: base, Quote: quote, Symbol: "t" + name}})
			}
		}
	}
	return out, nil
}

// bodyError returns the error a body holds, whatever the status: an array
// that starts with a string (["error",10020,"symbol: invalid"]) or an
// object ({"error":"ERR_RATE_LIMIT"}); nil for anything else, which the
// parsers read.
func bodyError(status int, body []byte) error {
	b := bytes.TrimLeft(body, " \t\r\n")
	if len(b) == 0 || b[0] == '[' && !bytes.HasPrefix(bytes.TrimLeft(b[1:], " \t\r\n"), []byte(`"`)) {
		return nil
	}
	if b[0] == '{' {
		var e rateLimitError
		if json.Unmarshal(b, &e) != nil || e.Error == "" {
			return nil
		}
		return apiError(status, 0, e.Error)
	}
	if b[0] != '[' {
		return nil
	}
	var e []any
	if err := json.Unmarshal(b, &e); err != nil || len(e) == 0 || e[0] != "error" {
		return nil
	}
	code, msg := 0, ""
	if len(e) > 1 {
		if f, ok := e[1].(float64); ok && f > -1e9 && f < 1e9 {
			code = int(f)
		}
	}
	if len(e) > 2 {
		msg, _ = e[2].(string)
	}
	return apiError(status, code, msg)
}

// apiError maps Bitfinex's errors (research B5): 10020 is a bad parameter,
// the symbol ("symbol: invalid" [DOC]; JKorf maps 10020 to an unknown
// symbol [CODE]) or another ("limit: invalid" [DOC]); ERR_RATE_LIMIT [DOC]
// (11010 [MEM]) a rate limit; anything else, 20060 maintenance [DOC]
// included, the venue's fault, as the HTTP 500 it comes with says.
func apiError(status, code int, msg string) error {
	lower := strings.ToLower(msg)
	fc, retry := swapscout.CodeUnavailable, time.Duration(0)
	switch {
	case code == 11010 || strings.Contains(lower, "rate_limit") || strings.Contains(lower, "ratelimit") ||
		strings.Contains(lower, "rate limit"):
		fc, retry = swapscout.CodeRateLimited, blocked
	case code == 10020 && strings.HasPrefix(lower, "symbol"):
		fc = swapscout.CodeUnsupportedPair
	case code == 10100 || strings.Contains(lower, "apikey"): // "apikey: invalid" [MEM]
		fc = swapscout.CodeNotConfigured
	case code == 10020:
		fc = swapscout.CodeBadResponse // we asked wrongly (len, prec…)
	}
	c := ""
	if code != 0 {
		c = strconv.Itoa(code)
	}
	e := cex.Error(fc, "Bitfinex", c, msg, status)
	e.RetryAfter = retry
	return e
}
