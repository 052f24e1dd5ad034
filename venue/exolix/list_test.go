package exolix

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// listServer serves the fixture's coins as GET /api/v2/currencies does,
// page and size honoured, with count; tweak may change a page's answer. A
// key other than "k" gets a 401 whose body echoes it, as a careless venue
// might; no key at all is served, as Exolix serves its list.
func listServer(t *testing.T, tweak func(page int, data []json.RawMessage, count int) ([]json.RawMessage, int)) *httptest.Server {
	t.Helper()
	b, err := os.ReadFile("testdata/currencies.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Data []json.RawMessage }
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if key := r.Header.Get("Authorization"); key != "" && key != "k" {
			w.WriteHeader(401)
			_, _ = w.Write([]byte(`{"message":"invalid token ` + key + `"}`))
			return
		}
		q := r.URL.Query()
		page, _ := strconv.Atoi(q.Get("page"))
		size, _ := strconv.Atoi(q.Get("size"))
		if r.URL.Path != CurrenciesPath || page < 1 || size < 1 || q.Get("withNetworks") != "true" {
			w.WriteHeader(400)
			return
		}
		data := []json.RawMessage{}
		if from := (page - 1) * size; from < len(doc.Data) {
			data = doc.Data[from:min(len(doc.Data), from+size)]
		}
		count := len(doc.Data)
		if tweak != nil {
			data, count = tweak(page, data, count)
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"data": data, "count": count})
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestFetchCurrencies: the reader asks page after page (here 3 at a time)
// until it holds count coins, with or without a key, and joins them into
// the array ParseCurrencies reads; a page over its size, a count that
// changes while paging or a venue that never ends are errors; a rejected
// key never appears in the error, though the venue echoes it.
func TestFetchCurrencies(t *testing.T) {
	t.Parallel()
	hc := venuetest.Client(t)
	read := func(srv *httptest.Server, key string, size int) ([]Currency, error) {
		body, err := fetchCurrencies(context.Background(), &venue.Config{BaseURL: srv.URL, HTTP: hc, APIKey: key, Now: time.Now}, size)
		if err != nil {
			return nil, err
		}
		return ParseCurrencies(body)
	}
	for _, key := range []string{"", "k"} {
		for _, size := range []int{3, 7, PageSize} {
			cur, err := read(listServer(t, nil), key, size)
			if err != nil || len(cur) != 6 || cur[0].Code != "BTC" || cur[5].Code != "KSM" {
				t.Errorf("key %q, pages of %d: %d coins, %v; want the fixture's 6, BTC to KSM", key, size, len(cur), err)
			}
		}
	}
	bad := map[string]func(int, []json.RawMessage, int) ([]json.RawMessage, int){
		"page over its size": func(_ int, d []json.RawMessage, c int) ([]json.RawMessage, int) { return append(d, d...), c },
		"count changes":      func(p int, d []json.RawMessage, c int) ([]json.RawMessage, int) { return d, c + p },
		"never ends": func(_ int, _ []json.RawMessage, _ int) ([]json.RawMessage, int) {
			return []json.RawMessage{json.RawMessage(`{}`), json.RawMessage(`{}`), json.RawMessage(`{}`)}, 1 << 20
		},
	}
	for name, tweak := range bad {
		if _, err := read(listServer(t, tweak), "", 3); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	_, err := read(listServer(t, nil), "secret-key-123", 3)
	if err == nil || strings.Contains(err.Error(), "secret-key-123") {
		t.Errorf("rejected key: err %v, want an error that does not name the key", err)
	}
}
