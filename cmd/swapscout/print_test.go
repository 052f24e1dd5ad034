package main

import (
	"strings"
	"testing"
	"time"

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

// TestPrintQuoteReadable: amounts rounded to the asset's useful precision,
// the distance from the best offer and the venue's time estimate, no TOOK
// column; --sort speed puts the fastest first, those without an estimate
// last; the table fits the width it is given, down to one line per offer.
func TestPrintQuoteReadable(t *testing.T) {
	const doc = `{"id":"q1","request":{"from":{"ticker":"btc","network":"btc"},"to":{"ticker":"eth","network":"eth"},"amount":"0.1","direction":"send"},
		"offers":[{"venue":"alpha","amount_in":"0.1","amount_out":"2.034324901560263456","rate":"20.34324901560263456","min":"0.000123456789","max":"12","rate_type":"float","kyc":"B","can_swap":true,"took_ms":3},
		          {"venue":"beta","amount_in":"0.1","amount_out":"2","rate":"20","rate_type":"fixed","kyc":"A","can_swap":true,"eta_min_s":300,"eta_max_s":1800,"took_ms":4}],
		"failures":[],"took_ms":5}`
	q, err := api.DecodeQuote([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	printQuoteAs(&b, q, nil, tableView{})
	out := b.String()
	for _, want := range []string{"2.0343249015", "0.00012346", "VS BEST", "best", "-1.7%", "5m-30m", "ETH/BTC", "20.3432",
		"0.1 BTC on Bitcoin → ETH on Ethereum", "best rate: 1 BTC = 20.3432 ETH (1 ETH = 0.0491564 BTC)"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "TOOK") || strings.Contains(out, "2.034324901560263456") {
		t.Errorf("a TOOK column or an unrounded amount:\n%s", out)
	}
	b.Reset()
	printQuoteAs(&b, q, nil, tableView{sort: "speed"})
	if i, j := strings.Index(b.String(), "beta"), strings.Index(b.String(), "alpha"); i < 0 || j < i {
		t.Errorf("--sort speed does not put beta (5-30 min) before alpha (no estimate):\n%s", b.String())
	}
	for _, width := range []int{100, 60, 30} {
		b.Reset()
		printQuoteAs(&b, q, nil, tableView{width: width})
		table, _, _ := strings.Cut(strings.SplitN(b.String(), "\n\n", 2)[1], "\n\n")
		if got := widest(table); got > width {
			t.Errorf("width %d: the table is %d wide:\n%s", width, got, table)
		}
		if !strings.Contains(table, "alpha") || !strings.Contains(table, "2.0343249015") {
			t.Errorf("width %d: the table lost the venue or its amount:\n%s", width, table)
		}
	}
}

// TestETAWordsFromBoard: the CLI's time column says the board's median
// where the venue has swaps enough here, the venue's estimate otherwise.
func TestETAWordsFromBoard(t *testing.T) {
	o := api.Offer{ETAMin: 5 * time.Minute, ETAMax: 30 * time.Minute}
	if got := etaWords(&o); got != "5m-30m" {
		t.Errorf("venue's estimate: %q", got)
	}
	o.Outcome = &swapscout.OfferOutcome{VenueBoard: swapscout.VenueBoard{Timed: 40, MedianTime: 12 * time.Minute}}
	if got := etaWords(&o); got != "~12m (median of 40)" {
		t.Errorf("board's median: %q", got)
	}
	if got := etaOf(&o); got != 12*time.Minute {
		t.Errorf("etaOf = %v", got)
	}
}
