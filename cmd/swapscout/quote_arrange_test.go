package main

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout/api"
)

// TestPrintQuoteForPeople: `swapscout quote` ranks for people, as the API
// does not: the offers that can become a swap here first (a memo deposit
// marked), then those that cannot, with why; the order books' prices
// apart, for comparison, however good.
func TestPrintQuoteForPeople(t *testing.T) {
	const doc = `{"id":"q1","request":{"from":{"ticker":"usdt","network":"eth"},"to":{"ticker":"eth","network":"eth"},"amount":"500","direction":"send"},
		"offers":[
		 {"venue":"binance","amount_in":"500","amount_out":"0.16","rate":"0.00032","rate_type":"float","kyc":"D","can_swap":false,"no_swap_reason":"an exchange's price","took_ms":3},
		 {"venue":"thorchain","amount_in":"500","amount_out":"0.158","rate":"0.000316","rate_type":"float","kyc":"A","deposit":"memo","can_swap":false,"no_swap_reason":"THORChain takes deposits of USDT on Ethereum through its router contract","took_ms":3},
		 {"venue":"maya","amount_in":"500","amount_out":"0.157","rate":"0.000314","rate_type":"float","kyc":"A","deposit":"memo","can_swap":true,"took_ms":3},
		 {"venue":"changenow","amount_in":"500","amount_out":"0.156","rate":"0.000312","rate_type":"float","kyc":"C","deposit":"transfer","can_swap":true,"took_ms":4}],
		"failures":[],"took_ms":5}`
	q, err := api.DecodeQuote([]byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	bookIDs := orderBooks(context.Background(), "")
	var b strings.Builder
	printQuote(&b, q, bookIDs)
	out := b.String()
	main, books, ok := strings.Cut(out, "prices on exchanges, for comparison; they need an account there:")
	if !ok {
		t.Fatalf("no exchange prices apart:\n%s", out)
	}
	rows := func(s string) []string {
		var got []string
		for _, m := range regexp.MustCompile(`(?m)^\s*(\d+)\s+([a-z]+)\s.*?(yes|no|memo)?\s*$`).FindAllStringSubmatch(s, -1) {
			got = append(got, strings.TrimSpace(m[1]+" "+m[2]+" "+m[3]))
		}
		return got
	}
	if diff := cmp.Diff([]string{"1 maya memo", "2 changenow yes", "3 thorchain no"}, rows(main)); diff != "" {
		t.Errorf("offers (-want +got):\n%s\n%s", diff, out)
	}
	if diff := cmp.Diff([]string{"1 binance"}, rows(books)); diff != "" {
		t.Errorf("exchange prices (-want +got):\n%s\n%s", diff, out)
	}
	if !strings.Contains(main, "cannot be swapped here:\n  thorchain  THORChain takes deposits of USDT on Ethereum through its router contract") {
		t.Errorf("no reason for THORChain:\n%s", out)
	}
	if !memoShown(q, bookIDs) {
		t.Error("memoShown is false with Maya's memo offer")
	}
}
