package bitfinex_test

import (
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/bitfinex"
	"github.com/swapscout/swapscout/venue/cex/cextest"
)

// TestErrorEnvelopes: the venue's error envelope is classified by its body
// (cex.Spec.ErrorBody), with HTTP 200 as with its own status, in place of a
// book or of the market list: an unknown symbol is unsupported_pair, a
// rejected key not_configured, in the venue's own words.
func TestErrorEnvelopes(t *testing.T) {
	cextest.CheckEnvelopes(t, &bitfinex.Descriptor, send("btc", "usdt@trx", "1"), []cextest.Route{pairs}, cextest.Route{Path: "/v2/book/tBTCUST/P0"}, []cextest.Envelope{
		{Fixture: "error_symbol_invalid.json", Status: 500, Want: swapscout.CodeUnsupportedPair, Words: "symbol: invalid"},
		{Fixture: "error_symbol_invalid.json", Status: 200, Want: swapscout.CodeUnsupportedPair, Words: "symbol: invalid"},
		{Fixture: "error_rejected_key.json", Status: 500, Want: swapscout.CodeNotConfigured, Words: "apikey: invalid"},
		{Fixture: "error_rejected_key.json", Status: 500, List: true, Want: swapscout.CodeNotConfigured, Words: "apikey: invalid"},
		{Fixture: "error_symbol_invalid.json", Status: 200, List: true, Want: swapscout.CodeUnsupportedPair, Words: "symbol: invalid"},
	})
}
