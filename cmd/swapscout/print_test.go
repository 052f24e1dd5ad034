package main

import (
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

// TestPrintQuoteLimits: limit columns name their asset, and receive-side
// columns appear only when some venue gave such limits.
func TestPrintQuoteLimits(t *testing.T) {
	const doc = `{"id":"q1","request":{"from":{"ticker":"btc","network":"btc"},"to":{"ticker":"xmr","network":"xmr"},"amount":"1","direction":"receive"},
		"offers":[{"venue":"godex","amount_in":"0.0025","amount_out":"1","rate":"400","min_out":"0.09","max_out":"1700","rate_type":"fixed","kyc":"B","took_ms":3},
		          {"venue":"exolix","amount_in":"0.0026","amount_out":"1","rate":"390","min":"0.0001","max":"10","rate_type":"fixed","kyc":"A","took_ms":4}],
		"failures":[],"took_ms":5}`
	for _, withOut := range []bool{true, false} {
		q, err := api.DecodeQuote([]byte(doc))
		if err != nil {
			t.Fatal(err)
		}
		if !withOut {
			q.Offers[0].MinOut, q.Offers[0].MaxOut = swapscout.Amount{}, swapscout.Amount{}
		}
		var b strings.Builder
		printQuote(&b, q, nil)
		out := b.String()
		if !strings.Contains(out, "MIN BTC") || !strings.Contains(out, "MAX BTC") {
			t.Errorf("send-side limit columns lack their asset:\n%s", out)
		}
		if got := strings.Contains(out, "MIN XMR"); got != withOut {
			t.Errorf("receive-side columns shown %v, want %v:\n%s", got, withOut, out)
		}
		if withOut && !strings.Contains(out, "1700") {
			t.Errorf("max_out missing:\n%s", out)
		}
	}
}
