package kraken_test

import (
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/cex/cextest"
	"github.com/swapscout/swapscout/venue/kraken"
)

// TestErrorEnvelopes: the venue's error envelope is classified by its body
// (cex.Spec.ErrorBody), with HTTP 200 as with its own status, in place of a
// book or of the market list: an unknown symbol is unsupported_pair, a
// rejected key not_configured, in the venue's own words.
func TestErrorEnvelopes(t *testing.T) {
	cextest.CheckEnvelopes(t, &kraken.Descriptor, send("btc", "xmr", "0.05"), []cextest.Route{assetPairs}, cextest.Route{Path: depthPath}, []cextest.Envelope{
		{Fixture: "error_unknown_pair.json", Status: 200, Want: swapscout.CodeUnsupportedPair, Words: "EQuery:Unknown asset pair"},
		{Fixture: "error_unknown_pair.json", Status: 400, Want: swapscout.CodeUnsupportedPair, Words: "EQuery:Unknown asset pair"},
		{Fixture: "error_rejected_key.json", Status: 200, Want: swapscout.CodeNotConfigured, Words: "EAPI:Invalid key"},
		{Fixture: "error_rejected_key.json", Status: 200, List: true, Want: swapscout.CodeNotConfigured, Words: "EAPI:Invalid key"},
		{Fixture: "error_unknown_pair.json", Status: 200, List: true, Want: swapscout.CodeUnsupportedPair, Words: "EQuery:Unknown asset pair"},
	})
}
