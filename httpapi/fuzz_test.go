package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"testing"
	"time"

	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
)

// FuzzServe sends arbitrary methods, paths and queries to the API (with a
// cache, so cached answers are exercised too). Whatever comes in, the answer
// is a 2xx or a 4xx with a JSON body (a stream runs to its end): never a 500,
// a panic or a hang.
func FuzzServe(f *testing.F) {
	for _, s := range []struct{ method, path, query string }{
		{"GET", "/v1/quotes", "from=btc&to=eth&amount=0.1"},
		{"GET", "/v1/quotes", "from=usdt&from_network=trx&to=xmr&amount=100&direction=receive&rate=fixed&kyc=B&venues=changenow&exclude=kraken&deadline=2s"},
		{"GET", "/v1/quotes/stream", "from=btc&to=eth&amount=0.1"},
		{"GET", "/v1/quotes/qaaaaaaaaaaaaaaaaaaaaaaaaaa", ""},
		{"GET", "/v1/quotes/%2e%2e", ""},
		{"GET", "/v1/venues", ""},
		{"HEAD", "/healthz", ""},
		{"GET", "/v1/openapi.json", ""},
		{"POST", "/v1/quotes", "from=btc"},
		{"GET", "/v1/quotes", "from=btc&to=eth&amount=1e-3&amount=2&%66rom=eth"},
		{"GET", "/v1/quotes", "from=b%00tc&to=eth&amount=0.1&deadline=1ns"},
	} {
		f.Add(s.method, []byte(s.path), []byte(s.query))
	}
	store, cache := inmem.New(inmem.Options{}), inmem.New(inmem.Options{})
	h := httpapi.NewHandler(httpapi.Deps{
		Quotes: &fakeQuotes{QuoteFn: twoOffers}, Store: store, Cache: cache, CacheWindow: time.Minute,
	})
	f.Fuzz(func(t *testing.T, method string, path, query []byte) {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		resp := h.Serve(&httpapi.Request{Ctx: ctx, Method: method, Path: path, RawQuery: query})
		if resp.Status < 200 || resp.Status >= 500 {
			t.Fatalf("%s %q ? %q = %d: %s", method, path, query, resp.Status, resp.Body)
		}
		body := append(append([]byte(nil), resp.Head...), resp.Body...)
		if resp.Stream != nil {
			if err := resp.Stream(ctx, io.Discard, func() error { return nil }); err != nil && ctx.Err() != nil {
				t.Fatalf("stream did not end: %v", err)
			}
			return
		}
		if len(body) > 0 && resp.ContentType == "application/json" && !json.Valid(body) {
			t.Fatalf("%s %q ? %q: invalid JSON body %q", method, path, query, body)
		}
	})
}
