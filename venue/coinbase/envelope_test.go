package coinbase_test

import (
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/coinbase"
)

// TestErrorEnvelopes: the venue's error envelope is classified by its body
// (cex.Spec.ErrorBody), with HTTP 200 as with its own status, in place of a
// book or of the market list: an unknown symbol is unsupported_pair, a
// rejected key not_configured, in the venue's own words.
func TestErrorEnvelopes(t *testing.T) {
	cextest.CheckEnvelopes(t, &coinbase.Descriptor, send("eth", "btc", "10"), []cextest.Route{products}, cextest.Route{Path: "/products/ETH-BTC/book"}, []cextest.Envelope{
		{Fixture: "error_not_found.json", Status: 404, Want: swapscout.CodeUnsupportedPair, Words: "NotFound"},
		{Fixture: "error_not_found.json", Status: 200, Want: swapscout.CodeUnsupportedPair, Words: "NotFound"},
		{Fixture: "error_rejected_key.json", Status: 401, Want: swapscout.CodeNotConfigured, Words: "invalid api key"},
		{Fixture: "error_rejected_key.json", Status: 401, List: true, Want: swapscout.CodeNotConfigured, Words: "invalid api key"},
		{Fixture: "error_not_found.json", Status: 200, List: true, Want: swapscout.CodeUnsupportedPair, Words: "NotFound"},
	})
}
