package cex

import (
	"context"
	"testing"

	"github.com/swapscout/swapscout"
)

// TestAbsurdMarketListKept: a market list with absurd values is an error
// (so the registry retries soon) and the last good list keeps quoting.
func TestAbsurdMarketListKept(t *testing.T) {
	zero, tenth, half := amt("0"), amt("0.002"), amt("0.5")
	good := []fakeMarket{{Base: "BTC", Quote: "USDT", Fee: &tenth}, {Base: "ETH", Quote: "USDT", Fee: &tenth},
		{Base: "XMR", Quote: "BTC", Fee: &tenth}, {Base: "LTC", Quote: "USDT", Fee: &tenth}}
	withFees := func(fees ...*swapscout.Amount) []fakeMarket {
		out := append([]fakeMarket(nil), good...)
		for i, f := range fees {
			out[i].Fee = f
		}
		return out
	}
	tests := []struct {
		name    string
		markets []fakeMarket
		ok      bool
	}{
		{"one zero fee is a promotion", withFees(&zero), true},
		{"no fee of their own", withFees(nil, nil, nil, nil), true},
		{"three zero fees of three", withFees(&zero, &zero, &zero, nil), true}, // under the quorum of four
		{"all fees zero", withFees(&zero, &zero, &zero, &zero), false},
		{"a 50% taker fee", withFees(&half), false},
		{"astronomical minimum", []fakeMarket{{Base: "BTC", Quote: "USDT", MinBase: amt("1e12")}}, false},
		{"a minimum of a thousand bitcoin", []fakeMarket{{Base: "BTC", Quote: "USDT", MinBase: amt("1000")}}, false}, // ×10^6: worth $8e7
		{"a minimum notional of five billion dollars", []fakeMarket{{Base: "BTC", Quote: "USDT", MinQuote: amt("5000000000")}}, false},
		{"a large but real minimum", []fakeMarket{{Base: "BTC", Quote: "USDT", MinBase: amt("10"), MinQuote: amt("10000")}}, true},
		{"negative minimum", []fakeMarket{{Base: "BTC", Quote: "USDT", MinQuote: amt("-1")}}, false},
		{"no market of ours", []fakeMarket{{Base: "DOGE", Quote: "SHIB"}}, false},
		{"empty", nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := btcusdt(t)
			c, _ := loaded(t, f, fakeSpec())
			f.mu.Lock()
			f.markets = nil
			f.mu.Unlock()
			for _, m := range tt.markets {
				f.add(m)
			}
			err := c.Refresh(context.Background())
			if tt.ok {
				if err != nil {
					t.Fatalf("Refresh: %v, want the list accepted", err)
				}
				return
			}
			if code(err) != swapscout.CodeBadResponse {
				t.Fatalf("Refresh: %v, want bad_response", err)
			}
			// The last good list (BTC/USDT at the spec's 0.1%) still quotes.
			wantOffer(t, quote(t, c, send(btc, usdtTRX, "1")), "1", "98.9", "BTC/USDT",
				"trading 0.1 usdt@trx", "withdrawal 1 usdt@trx")
		})
	}
}

// TestAbsurdCurrencyListKept: a currency list with absurd fees or minimums
// is an error and the last good one keeps serving its fees.
func TestAbsurdCurrencyListKept(t *testing.T) {
	good := map[string]string{"BTC BTC": "0.0002 1 1", "ETH ETH": "0.002 1 1", "USDT TRC20": "2 1 1", "USDT ERC20": "4 1 1", "LTC LTC": "0.001 1 1"}
	with := func(kv ...string) map[string]string {
		out := map[string]string{}
		for k, v := range good {
			out[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			out[kv[i]] = kv[i+1]
		}
		return out
	}
	tests := []struct {
		name string
		nets map[string]string
		ok   bool
	}{
		{"one free network", with("LTC LTC", "0 1 1"), true},
		{"a fee up 50 times", with("USDT TRC20", "50 1 1"), true},
		{"fees nearly all zero", with("BTC BTC", "0 1 1", "ETH ETH", "0 1 1", "USDT TRC20", "0 1 1", "LTC LTC", "0 1 1"), false},
		{"a fee up 200 times", with("USDT TRC20", "200 1 1"), false},
		{"astronomical fee of an asset free on record", with("LTC LTC", "1e12 1 1"), false},
		{"astronomical deposit minimum", with("BTC BTC", "0.0002 1 1 1e15"), false},
		{"a deposit minimum worth billions", with("ETH ETH", "0.002 1 1 1000000000"), false},
		{"a large but real deposit minimum", with("ETH ETH", "0.002 1 1 100"), true},
		{"negative fee", with("ETH ETH", "-0.002 1 1"), false},
		{"none of ours", map[string]string{"DOGE DOGE": "5 1 1"}, false},
		{"empty", map[string]string{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := btcusdt(t)
			f.networks = good
			c, _ := loaded(t, f, withNetworks(fakeSpec()))
			f.mu.Lock()
			f.networks = tt.nets
			f.mu.Unlock()
			err := c.Refresh(context.Background())
			if tt.ok {
				if err != nil {
					t.Fatalf("Refresh: %v, want the list accepted", err)
				}
				return
			}
			if code(err) != swapscout.CodeBadResponse {
				t.Fatalf("Refresh: %v, want bad_response", err)
			}
			// The last good list's 2 USDT on TRC-20 still applies.
			wantOffer(t, quote(t, c, send(btc, usdtTRX, "1")), "1", "97.9", "BTC/USDT",
				"trading 0.1 usdt@trx", "withdrawal 2 usdt@trx")
		})
	}
}
