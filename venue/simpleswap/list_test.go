package simpleswap

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestFetchCurrencies: the reader sends the key in x-api-key and returns
// the result array ParseCurrencies reads; an answer without one is an
// error; a rejected key never appears in the error, though the venue
// echoes it; without a key nothing is asked.
func TestFetchCurrencies(t *testing.T) {
	t.Parallel()
	fixture, err := os.ReadFile("testdata/currencies.json")
	if err != nil {
		t.Fatal(err)
	}
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		switch key := r.Header.Get("x-api-key"); {
		case r.URL.Path != CurrenciesPath:
			w.WriteHeader(404)
		case key == "k":
			_, _ = w.Write(fixture)
		case key == "no-result":
			_, _ = w.Write([]byte(`{"result":{"ticker":"btc"}}`))
		default:
			w.WriteHeader(401)
			_, _ = w.Write([]byte(`{"code":401,"error":"Unauthorized","message":"invalid api key ` + key + `"}`))
		}
	}))
	t.Cleanup(srv.Close)
	read := func(key string) ([]Currency, error) {
		body, err := FetchCurrencies(context.Background(), &venue.Config{BaseURL: srv.URL, HTTP: venuetest.Client(t), APIKey: key, Now: time.Now})
		if err != nil {
			return nil, err
		}
		return ParseCurrencies(body)
	}
	if _, err := read(""); err == nil || calls.Load() != 0 {
		t.Errorf("without a key: err %v after %d calls, want an error and no call", err, calls.Load())
	}
	cur, err := read("k")
	if err != nil || len(cur) != 10 || cur[3].Ticker != "bnb-bsc" || cur[4].ContractAddress == nil {
		t.Errorf("read %d currencies, %v; want the fixture's 10", len(cur), err)
	}
	if _, err := read("no-result"); err == nil {
		t.Error("an answer without a result array was accepted")
	}
	if _, err := read("secret-key-123"); err == nil || strings.Contains(err.Error(), "secret-key-123") {
		t.Errorf("rejected key: err %v, want an error that does not name the key", err)
	}
}
