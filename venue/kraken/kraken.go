// Package kraken is the adapter for Kraken spot, priced from its public order
// books: the market list from /0/public/AssetPairs (online pairs, each with
// its taker fee from the first tier of `fees` and its ordermin/costmin),
// books from /0/public/Depth walked for the exact amount, direct or through
// one bridge (USD, BTC, USDT, EUR), and the withdrawal fee of the asset paid
// out. Kraken names assets its own way (XXBT, ZUSD), keys each answer by the
// pair's canonical name whatever spelling was asked, and sends every error
// with HTTP 200 inside {"error":[…]}. The engine is venue/cex.
package kraken

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Descriptor registers Kraken.
var Descriptor = cex.Descriptor("kraken", &spec)

// Spec returns Kraken's description for the cex engine: its tickers and
// networks, fees, bridges and paths.
func Spec() cex.Spec { return spec }

// spec is Kraken for the cex engine. Public calls are limited to about one a
// second per IP and endpoint ([CODE] JKorf; [MEM]): books are shared for the
// engine's BookTTL, and a rate-limit error, which carries no Retry-After,
// holds calls off for the venue's Limit.Backoff (venue/limits.go), doubling
// while they repeat.
var spec = cex.Spec{
	Symbols:           symbols,
	WithdrawFees:      withdrawFees,
	WithdrawFeeSource: withdrawFeeSource,
	ParseMarkets:      parseMarkets,
	// Book: {"error":[],"result":{"XXBTZUSD":{"asks":[["price","volume",ts],…],"bids":[…]}}},
	// keyed by the pair's canonical name, which need not be the name asked.
	Book:      book.Shape{In: "result", First: true},
	ErrorBody: errorBody,
}

// percent is 0.01: Kraken's fees are percentages.
var percent = swapscout.NewAmount(1, 2)

// parseMarkets reads AssetPairs: pairs whose status is online (or unstated),
// not the ".d" dark-pool twins, keyed by base and quote; the book is fetched
// by altname.
func parseMarkets(body []byte) ([]cex.Market, error) {
	var r AssetPairs
	if err := json.Unmarshal(body, &r); err != nil {
		return nil, venue.BadResponse(err)
	}
	if r.Result == nil {
		return nil, swapscout.NewVenueError(swapscout.CodeBadResponse, "Kraken AssetPairs has no result")
	}
	keys := make([]string, 0, len(r.Result))
	for k := range r.Result {
		keys = append(keys, k)
	}
	slices.Sort(keys) // deterministic when two keys name one market
	return cex.Markets(keys, func(k string) (cex.Market, bool) {
		p := r.Result[k]
		m := cex.Market{Market: book.Market{Base: p.Base, Quote: p.Quote, Symbol: p.Altname}}
		if m.Symbol == "" {
			m.Symbol = k
		}
		if len(p.Fees) > 0 && len(p.Fees[0]) >= 2 {
			f := p.Fees[0][1].Mul(percent)
			m.TakerFee = cex.TakerFee(f, true)
		}
		if p.Ordermin != nil && p.Ordermin.Sign() > 0 {
			m.MinBase = *p.Ordermin
		}
		if p.Costmin != nil && p.Costmin.Sign() > 0 {
			m.MinQuote = *p.Costmin
		}
		return m, !strings.HasSuffix(k, ".d") && (p.Status == "" || p.Status == "online")
	}), nil
}

// errorPrefixes map Kraken's "<severity><category>:<message>" errors to
// failure codes by prefix, first match wins ([CODE] JKorf's mapping uses the
// prefixes; the texts are [MEM]).
var errorPrefixes = []struct {
	prefix string
	code   swapscout.FailureCode
}{
	{"EQuery:Unknown asset", swapscout.CodeUnsupportedPair}, // … pair, or asset
	{"EGeneral:Too many requests", swapscout.CodeRateLimited},
	{"EAPI:Rate limit exceeded", swapscout.CodeRateLimited},
	{"EGeneral:Temporary lockout", swapscout.CodeRateLimited},
	{"EService:", swapscout.CodeUnavailable}, // Unavailable, Busy, Deadline elapsed, Market in cancel_only mode…
	{"EGeneral:Internal error", swapscout.CodeUnavailable},
	{"EAPI:Invalid key", swapscout.CodeNotConfigured},
	{"EAPI:Invalid signature", swapscout.CodeNotConfigured},
	{"EGeneral:Permission denied", swapscout.CodeNotConfigured},
}

// apiError maps the first of Kraken's errors (bad_response when unknown,
// such as EGeneral:Invalid arguments, which means we asked wrongly).
func apiError(errs []string) error {
	msg := errs[0]
	code := swapscout.CodeBadResponse
	for _, p := range errorPrefixes {
		if strings.HasPrefix(msg, p.prefix) {
			code = p.code
			break
		}
	}
	return cex.Error(code, "Kraken", "", msg, 0)
}

// errorBody reads Kraken's envelope, {"error":["EQuery:Unknown asset
// pair"],…}, at any status (Kraken answers errors with HTTP 200); nil when
// its error list is empty or body is not one.
func errorBody(status int, body []byte) error {
	var e struct {
		Error []string `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil || len(e.Error) == 0 {
		return nil
	}
	return apiError(e.Error)
}
