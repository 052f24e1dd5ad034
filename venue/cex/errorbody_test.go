package cex

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
)

// fakeErrorBody reads the fake's envelope, {"error":"…"}, at any status.
func fakeErrorBody(status int, body []byte) error {
	var e struct{ Error string }
	if json.Unmarshal(body, &e) != nil || e.Error == "" {
		return nil
	}
	code := swapscout.CodeBadResponse
	switch e.Error {
	case "unknown symbol":
		code = swapscout.CodeUnsupportedPair
	case "invalid key":
		code = swapscout.CodeNotConfigured
	}
	return swapscout.NewVenueError(code, "Fake: %s (HTTP %d)", e.Error, status)
}

// TestErrorBody: an error sent with HTTP 200 is classified by its body
// through Spec.ErrorBody — an unknown symbol in place of a book is
// unsupported_pair, not "empty order book"; a rejected key in place of the
// market or currency list is not_configured, not bad_response — and the
// message carries the venue's words.
func TestErrorBody(t *testing.T) {
	f := btcusdt(t)
	spec := withNetworks(fakeSpec())
	spec.ErrorBody = fakeErrorBody
	f.networks = map[string]string{"USDT TRC20": "2 1 1"}
	c, _ := loaded(t, f, spec)
	f.mu.Lock()
	f.fault = func(w http.ResponseWriter, r *http.Request) bool {
		_, _ = w.Write([]byte(`{"error":"unknown symbol"}`)) // HTTP 200
		return true
	}
	f.mu.Unlock()
	_, err := c.Quote(context.Background(), send(btc, usdtTRX, "1"))
	if code(err) != swapscout.CodeUnsupportedPair || !strings.Contains(err.Error(), "Fake: unknown symbol (HTTP 200)") {
		t.Errorf("unknown symbol with HTTP 200: %v, want unsupported_pair in the venue's words", err)
	}

	// The rejected key on the market list, then on the currency list.
	f.mu.Lock()
	f.markets = nil
	f.front = func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path != "/markets" {
			return false
		}
		_, _ = w.Write([]byte(`{"error":"invalid key"}`))
		return true
	}
	f.mu.Unlock()
	if err := c.Refresh(context.Background()); code(err) != swapscout.CodeNotConfigured {
		t.Errorf("rejected key on the market list with HTTP 200: %v, want not_configured", err)
	}
	f.mu.Lock()
	f.front = func(w http.ResponseWriter, r *http.Request) bool {
		if r.URL.Path != "/networks" {
			return false
		}
		w.WriteHeader(401)
		_, _ = w.Write([]byte(`{"error":"invalid key"}`))
		return true
	}
	f.mu.Unlock()
	f.add(fakeMarket{Base: "BTC", Quote: "USDT"})
	if err := c.Refresh(context.Background()); code(err) != swapscout.CodeNotConfigured {
		t.Errorf("rejected key on the currency list with HTTP 401: %v, want not_configured", err)
	}
}
