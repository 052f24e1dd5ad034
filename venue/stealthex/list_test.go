package stealthex

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// pagedServer serves items as GET /v4/currencies does, limit and offset
// honoured (unless ignoreOffset), to the key "k" only; a wrong key gets a
// 401 whose body echoes it, as a careless venue might.
func pagedServer(t *testing.T, items []json.RawMessage, ignoreOffset bool) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		if got := r.Header.Get("Authorization"); got != "Bearer k" {
			w.WriteHeader(401)
			_, _ = w.Write([]byte(`{"message":"invalid api key ` + strings.TrimPrefix(got, "Bearer ") + `"}`))
			return
		}
		q := r.URL.Query()
		limit, _ := strconv.Atoi(q.Get("limit"))
		offset, _ := strconv.Atoi(q.Get("offset"))
		if r.URL.Path != CurrenciesPath || limit < 1 {
			w.WriteHeader(400)
			return
		}
		if ignoreOffset {
			offset = 0
		}
		page := []json.RawMessage{}
		if offset < len(items) {
			page = items[offset:min(len(items), offset+limit)]
		}
		_ = json.NewEncoder(w).Encode(page)
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

func fixtureItems(t *testing.T) []json.RawMessage {
	t.Helper()
	b, err := os.ReadFile("testdata/currencies.json")
	if err != nil {
		t.Fatal(err)
	}
	var items []json.RawMessage
	if err := json.Unmarshal(b, &items); err != nil {
		t.Fatal(err)
	}
	return items
}

// TestFetchCurrenciesPages reads the recorded-shape list in pages of 3, 5
// and more than its length: every page is asked with the key, up to the
// short one, and the joined array is the whole list in order.
func TestFetchCurrenciesPages(t *testing.T) {
	items := fixtureItems(t)
	for _, size := range []int{3, 5, len(items), 250} {
		srv, calls := pagedServer(t, items, false)
		cfg := &venue.Config{BaseURL: srv.URL, HTTP: venuetest.Client(t), APIKey: "k", Now: time.Now}
		body, err := fetchCurrencies(context.Background(), cfg, size)
		if err != nil {
			t.Fatalf("pages of %d: %v", size, err)
		}
		got, err := ParseCurrencies(body)
		if err != nil || len(got) != len(items) || got[0].Symbol != "btc" || got[len(got)-1].Symbol != "ksm" {
			t.Errorf("pages of %d: %d currencies, %v; want the %d of the list in order", size, len(got), err, len(items))
		}
		if want := int32(len(items)/size + 1); calls.Load() != want {
			t.Errorf("pages of %d: %d calls, want %d", size, calls.Load(), want)
		}
	}
}

// TestFetchCurrenciesRefusals: no key asks nothing; a wrong key is
// refused as not configured and the error never carries the key, even
// though the venue echoed it; a venue ignoring offset is caught, not
// looped on.
func TestFetchCurrenciesRefusals(t *testing.T) {
	items := fixtureItems(t)
	srv, calls := pagedServer(t, items, false)
	cfg := &venue.Config{BaseURL: srv.URL, HTTP: venuetest.Client(t), Now: time.Now}
	if _, err := FetchCurrencies(context.Background(), cfg); !errors.Is(err, swapscout.ErrNotConfigured) || calls.Load() != 0 {
		t.Errorf("without a key: %v after %d calls; want not configured, no call", err, calls.Load())
	}

	const secret = "wrong-key-5f3a9c"
	cfg.APIKey = secret
	_, err := FetchCurrencies(context.Background(), cfg)
	if !errors.Is(err, swapscout.ErrNotConfigured) || strings.Contains(err.Error(), secret) {
		t.Errorf("wrong key: %v; want not configured, without the key", err)
	}

	rep, _ := pagedServer(t, items, true)
	cfg = &venue.Config{BaseURL: rep.URL, HTTP: venuetest.Client(t), APIKey: "k", Now: time.Now}
	if _, err := fetchCurrencies(context.Background(), cfg, 3); err == nil || !strings.Contains(err.Error(), "repeats") {
		t.Errorf("a venue ignoring offset: %v; want the repeat caught", err)
	}
}
