package gemini_test

import (
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/gemini"
)

// TestErrorEnvelopes: the venue's error envelope is classified by its body
// (cex.Spec.ErrorBody), with HTTP 200 as with its own status, in place of a
// book or of the market list: an unknown symbol is unsupported_pair, a
// rejected key not_configured, in the venue's own words.
func TestErrorEnvelopes(t *testing.T) {
	cextest.CheckEnvelopes(t, &gemini.Descriptor, send("eth", "btc", "20"), []cextest.Route{details}, cextest.Route{Path: "/v1/book/ethbtc"}, []cextest.Envelope{
		{Fixture: "error_invalid_symbol.json", Status: 400, Want: swapscout.CodeUnsupportedPair, Words: "is not a valid symbol"},
		{Fixture: "error_invalid_symbol.json", Status: 200, Want: swapscout.CodeUnsupportedPair, Words: "is not a valid symbol"},
		{Fixture: "error_rejected_key.json", Status: 400, Want: swapscout.CodeNotConfigured, Words: "Invalid API key"},
		{Fixture: "error_rejected_key.json", Status: 400, List: true, Want: swapscout.CodeNotConfigured, Words: "Invalid API key"},
		{Fixture: "error_invalid_symbol.json", Status: 200, List: true, Want: swapscout.CodeUnsupportedPair, Words: "is not a valid symbol"},
	})
}
