package bitget_test

import (
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/bitget"
	"github.com/swapscout/swapscout/venue/cex/cextest"
)

// TestErrorEnvelopes: the venue's error envelope is classified by its body
// (cex.Spec.ErrorBody), with HTTP 200 as with its own status, in place of a
// book or of the market list: an unknown symbol is unsupported_pair, a
// rejected key not_configured, in the venue's own words.
func TestErrorEnvelopes(t *testing.T) {
	cextest.CheckEnvelopes(t, &bitget.Descriptor, send("btc", "usdt@trx", "0.3"), []cextest.Route{symbolList, coinList}, cextest.Route{Path: bookPath}, []cextest.Envelope{
		{Fixture: "error_symbol_removed.json", Status: 400, Want: swapscout.CodeUnsupportedPair, Words: "The symbol has been removed"},
		{Fixture: "error_symbol_removed.json", Status: 200, Want: swapscout.CodeUnsupportedPair, Words: "The symbol has been removed"},
		{Fixture: "error_rejected_key.json", Status: 400, Want: swapscout.CodeNotConfigured, Words: "Invalid ACCESS_KEY"},
		{Fixture: "error_rejected_key.json", Status: 400, List: true, Want: swapscout.CodeNotConfigured, Words: "Invalid ACCESS_KEY"},
		{Fixture: "error_symbol_removed.json", Status: 200, List: true, Want: swapscout.CodeUnsupportedPair, Words: "The symbol has been removed"},
	})
}
