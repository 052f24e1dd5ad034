package thorchain_test

import (
	"net/url"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/thorchain"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc     = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth     = swapscout.Asset{Ticker: "eth", Network: "eth"}
	trx     = swapscout.Asset{Ticker: "trx", Network: "trx"}
	usdtTRX = swapscout.Asset{Ticker: "usdt", Network: "trx"}
)

var btcETH = swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.01")}

const quotePath = "/thorchain/quote/swap"

func quote(fixture string, status int) []venuetest.Route {
	return []venuetest.Route{{Path: quotePath, Fixture: fixture, Status: status}}
}

// query checks the one quote call's parameters: want maps a name to its
// value, "" meaning the parameter must be absent.
func query(want map[string]string) func(*testing.T, []venuetest.Recorded) {
	return func(t *testing.T, reqs []venuetest.Recorded) {
		t.Helper()
		if len(reqs) != 1 {
			t.Fatalf("made %d calls, want 1", len(reqs))
		}
		if r := reqs[0]; r.Method != "GET" || r.Path != quotePath {
			t.Errorf("called %s %s, want GET %s", r.Method, r.Path, quotePath)
		}
		q, err := url.ParseQuery(reqs[0].RawQuery)
		if err != nil {
			t.Fatal(err)
		}
		for k, v := range want {
			if got := q.Get(k); got != v || (v == "" && q.Has(k)) {
				t.Errorf("query %q: %s = %q, want %q", reqs[0].RawQuery, k, got, v)
			}
		}
	}
}

var okCase = venuetest.Case{Name: "quote_ok", Req: btcETH, Routes: quote("quote_btc_eth.json", 200),
	Check: query(map[string]string{"from_asset": "BTC.BTC", "to_asset": "ETH.ETH", "amount": "1000000",
		"streaming_interval": "1", "streaming_quantity": "0", "destination": "", "affiliate": ""})}

func TestQuote(t *testing.T) {
	big := btcETH
	big.Amount = swapscout.MustAmount("1")
	tron := swapscout.QuoteRequest{From: trx, To: usdtTRX, Amount: swapscout.MustAmount("1.7")}
	fixed := btcETH
	fixed.RateType = swapscout.Fixed
	receive := btcETH
	receive.Direction = swapscout.Receive
	dust := btcETH
	dust.Amount = swapscout.MustAmount("0.0001")
	none := func(t *testing.T, reqs []venuetest.Recorded) {
		if len(reqs) != 0 {
			t.Errorf("made %d calls, want 0", len(reqs))
		}
	}
	venuetest.RunCases(t, &thorchain.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_streaming", Req: big, Routes: quote("quote_btc_eth_streaming.json", 200),
			Check: query(map[string]string{"amount": "100000000"})},
		{Name: "dust", Req: dust, Routes: quote("quote_btc_eth.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "min_swap_amount", Req: tron, Routes: quote("min_swap_amount.json", 400), Want: swapscout.CodeAmountTooSmall,
			Check: query(map[string]string{"from_asset": "TRON.TRX", "to_asset": "TRON.USDT-TR7NHQJEKQXGTCI8Q8ZY4PL8OTSZGJLJ6T", "amount": "170000000"})},
		{Name: "halted", Req: btcETH, Routes: quote("halted.json", 400), Want: swapscout.CodeUnavailable},
		{Name: "no_pool", Req: btcETH, Routes: quote("no_pool.json", 500), Want: swapscout.CodeUnsupportedPair},
		{Name: "internal", Req: btcETH, Routes: quote("internal_error.json", 500), Want: swapscout.CodeUnavailable},
		{Name: "fixed_no_call", Req: fixed, Routes: quote("quote_btc_eth.json", 200), Want: swapscout.CodeUnsupportedPair, Check: none},
		{Name: "receive_no_call", Req: receive, Routes: quote("quote_btc_eth.json", 200), Want: swapscout.CodeUnsupportedPair, Check: none},
	})
}

// TestRefusalBodies: refusals are read by their words, whatever the status,
// and a minimum named in 1e8 units comes back in the asset's units.
func TestRefusalBodies(t *testing.T) {
	tron := swapscout.QuoteRequest{From: trx, To: usdtTRX, Amount: swapscout.MustAmount("1.7")}
	big := btcETH
	big.Amount = swapscout.MustAmount("0.00001")
	venuetest.RunRefusals(t, &thorchain.Descriptor, []venuetest.Refusal{
		{Name: "min_400", Req: tron, Routes: quote("min_swap_amount.json", 400), Code: swapscout.CodeAmountTooSmall,
			Words: "amount less than min swap amount", Min: "33.556631"},
		{Name: "min_500", Req: tron, Routes: quote("min_swap_amount.json", 500), Code: swapscout.CodeAmountTooSmall,
			Words: "recommended_min_amount_in: 3355663041", Min: "33.556631"},
		{Name: "halted_500", Req: btcETH, Routes: quote("halted.json", 500), Code: swapscout.CodeUnavailable, Words: "trading is halted"},
		{Name: "halted_200", Req: btcETH, Routes: quote("halted.json", 200), Code: swapscout.CodeUnavailable, Words: "trading is halted"},
		{Name: "no_pool_400", Req: btcETH, Routes: quote("no_pool.json", 400), Code: swapscout.CodeUnsupportedPair, Words: "pool does not exist"},
		{Name: "recommended_min", Req: big, Routes: quote("quote_btc_eth_streaming.json", 200), Code: swapscout.CodeAmountTooSmall,
			Words: "at least 0.00006309", Min: "0.00006309"},
	})
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &thorchain.Descriptor, venuetest.Options{OK: okCase})
}

func TestDuplicateKeys(t *testing.T) {
	venuetest.CheckDuplicateKeys(t, &thorchain.Descriptor, okCase)
}
