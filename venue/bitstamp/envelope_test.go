package bitstamp_test

import (
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/bitstamp"
	"github.com/swapscout/swapscout/venue/cex/cextest"
)

// TestErrorEnvelopes: the venue's error envelope is classified by its body
// (cex.Spec.ErrorBody), with HTTP 200 as with its own status, in place of a
// book or of the market list: an unknown symbol is unsupported_pair, a
// rejected key not_configured, in the venue's own words.
func TestErrorEnvelopes(t *testing.T) {
	cextest.CheckEnvelopes(t, &bitstamp.Descriptor, send("eth", "btc", "20"), []cextest.Route{pairs}, cextest.Route{Path: bookPath + "ethbtc/"}, []cextest.Envelope{
		{Fixture: "error_not_found.json", Status: 404, Want: swapscout.CodeUnsupportedPair, Words: "Not found"},
		{Fixture: "error_not_found.json", Status: 200, Want: swapscout.CodeUnsupportedPair, Words: "Not found"},
		{Fixture: "error_rejected_key.json", Status: 403, Want: swapscout.CodeNotConfigured, Words: "Invalid signature"},
		{Fixture: "error_rejected_key.json", Status: 403, List: true, Want: swapscout.CodeNotConfigured, Words: "Invalid signature"},
		{Fixture: "error_not_found.json", Status: 200, List: true, Want: swapscout.CodeUnsupportedPair, Words: "Not found"},
	})
}
