package htx_test

import (
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/htx"
)

// TestErrorEnvelopes: the venue's error envelope is classified by its body
// (cex.Spec.ErrorBody), with HTTP 200 as with its own status, in place of a
// book or of the market list: an unknown symbol is unsupported_pair, a
// rejected key not_configured, in the venue's own words.
func TestErrorEnvelopes(t *testing.T) {
	cextest.CheckEnvelopes(t, &htx.Descriptor, send("btc", "usdt@trx", "0.8"), []cextest.Route{symbolList}, cextest.Route{Path: depthPath}, []cextest.Envelope{
		{Fixture: "error_invalid_symbol.json", Status: 200, Want: swapscout.CodeUnsupportedPair, Words: "invalid symbol"},
		{Fixture: "error_invalid_symbol.json", Status: 400, Want: swapscout.CodeUnsupportedPair, Words: "invalid symbol"},
		{Fixture: "error_rejected_key.json", Status: 200, Want: swapscout.CodeNotConfigured, Words: "Incorrect Access key"},
		{Fixture: "error_rejected_key.json", Status: 200, List: true, Want: swapscout.CodeNotConfigured, Words: "Incorrect Access key"},
		{Fixture: "error_invalid_symbol.json", Status: 200, List: true, Want: swapscout.CodeUnsupportedPair, Words: "invalid symbol"},
	})
}
