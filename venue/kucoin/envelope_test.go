package kucoin_test

import (
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/kucoin"
)

// TestErrorEnvelopes: the venue's error envelope is classified by its body
// (cex.Spec.ErrorBody), with HTTP 200 as with its own status, in place of a
// book or of the market list: an unknown symbol is unsupported_pair, a
// rejected key not_configured, in the venue's own words.
func TestErrorEnvelopes(t *testing.T) {
	cextest.CheckEnvelopes(t, &kucoin.Descriptor, send("btc", "usdt@trx", "0.5"), []cextest.Route{symbolList, currencyList}, cextest.Route{Path: bookPath}, []cextest.Envelope{
		{Fixture: "error_symbol_not_exists.json", Status: 200, Want: swapscout.CodeUnsupportedPair, Words: "symbol not exists"},
		{Fixture: "error_symbol_not_exists.json", Status: 400, Want: swapscout.CodeUnsupportedPair, Words: "symbol not exists"},
		{Fixture: "error_rejected_key.json", Status: 401, Want: swapscout.CodeNotConfigured, Words: "KC-API-KEY not exists"},
		{Fixture: "error_rejected_key.json", Status: 401, List: true, Want: swapscout.CodeNotConfigured, Words: "KC-API-KEY not exists"},
		{Fixture: "error_symbol_not_exists.json", Status: 200, List: true, Want: swapscout.CodeUnsupportedPair, Words: "symbol not exists"},
	})
}
