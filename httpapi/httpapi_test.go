package httpapi_test

import (
	"context"
	"encoding/json"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
)

// fakeQuotes is a hand-written QuoteService.
type fakeQuotes struct {
	QuoteFn func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection) (*swapscout.Quote, error)
}

func (f *fakeQuotes) Quote(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error) {
	return f.QuoteFn(ctx, req, sel)
}

var now = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func twoOffers(_ context.Context, req swapscout.QuoteRequest, _ aggregate.Selection) (*swapscout.Quote, error) {
	return &swapscout.Quote{Request: req, CreatedAt: now, Took: 120 * time.Millisecond,
		Offers: []swapscout.Offer{
			{Venue: "changenow", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2.0312"), Rate: swapscout.MustAmount("20.312"), KYC: 'C', Took: 100 * time.Millisecond,
				Custody: swapscout.Custodial, Deposit: swapscout.DepositTransfer, CanSwap: true},
			{Venue: "binance", Route: "ETH/BTC", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2.0111"), Rate: swapscout.MustAmount("20.111"), KYC: 'D',
				Custody: swapscout.Custodial, Deposit: swapscout.DepositTransfer, NoSwap: "an exchange's price, for comparison: trading there needs an account",
				Fees: []swapscout.Fee{{Kind: "withdrawal", Amount: swapscout.MustAmount("0.0008"), Asset: req.To}}},
		},
		Failures: []swapscout.Failure{{Venue: "kraken", Code: swapscout.CodeTimeout, Message: "no answer within 1s", Took: time.Second}},
	}, nil
}

func newHandler(t testing.TB) (*httpapi.Handler, *inmem.Store) {
	store := inmem.New(inmem.Options{})
	h := httpapi.NewHandler(httpapi.Deps{
		Quotes: &fakeQuotes{QuoteFn: twoOffers}, Store: store,
		Venues: func() []swapscout.VenueInfo {
			return []swapscout.VenueInfo{{ID: "changenow", Name: "ChangeNOW", Kind: swapscout.InstantSwap, KYC: 'C', Evidence: swapscout.Recorded}}
		},
	})
	return h, store
}

func get(h *httpapi.Handler, target string) httpapi.Response {
	path, query, _ := strings.Cut(target, "?")
	return h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "GET", Path: []byte(path), RawQuery: []byte(query)})
}

func TestQuoteCreateAndGet(t *testing.T) {
	h, _ := newHandler(t)
	resp := get(h, "/v1/quotes?from=BTC&to=eth&amount=0.1")
	if resp.Status != 200 {
		t.Fatalf("status %d: %s", resp.Status, resp.Body)
	}
	var q struct {
		ID      string
		Request struct {
			From, To  struct{ Ticker, Network string }
			Amount    string
			Direction string
		}
		Offers   []struct{ Venue, Amount_out string }
		Failures []struct{ Venue, Code string }
	}
	if err := json.Unmarshal(append(append([]byte(nil), resp.Head...), resp.Body...), &q); err != nil {
		t.Fatalf("body is not JSON: %v\n%s%s", err, resp.Head, resp.Body)
	}
	if !strings.HasPrefix(q.ID, "q") || len(q.ID) != 27 {
		t.Errorf("id = %q", q.ID)
	}
	if q.Request.From.Ticker != "btc" || q.Request.To.Network != "eth" || q.Request.Amount != "0.1" || q.Request.Direction != "send" {
		t.Errorf("request echoed as %+v", q.Request)
	}
	if len(q.Offers) != 2 || q.Offers[0].Venue != "changenow" || q.Offers[0].Amount_out != "2.0312" {
		t.Errorf("offers = %+v", q.Offers)
	}
	if len(q.Failures) != 1 || q.Failures[0].Code != "timeout" {
		t.Errorf("failures = %+v", q.Failures)
	}
	again := get(h, "/v1/quotes/"+q.ID)
	if again.Status != 200 || string(again.Body) != string(resp.Body) {
		t.Errorf("GET by id = %d %s, want the same stored bytes", again.Status, again.Body)
	}
	if !strings.HasPrefix(string(resp.Head), `{"age_ms":`) || !strings.HasPrefix(string(again.Head), `{"age_ms":`) {
		t.Errorf("heads %q %q, want the age first", resp.Head, again.Head)
	}
	if r := get(h, "/v1/quotes/qnope"); r.Status != 404 {
		t.Errorf("unknown id status = %d", r.Status)
	}
}

// TestBadInput: every bad input is a 400 with the JSON error shape, never a
// 500, a panic or a hang.
func TestBadInput(t *testing.T) {
	h, _ := newHandler(t)
	long := strings.Repeat("1", 10_000)
	for _, q := range []string{
		"to=eth&amount=0.1",                           // from missing
		"from=btc&amount=0.1",                         // to missing
		"from=doge2&to=eth&amount=0.1",                // unknown asset
		"from=btc&to=eth&amount=0.1&from_network=trx", // asset not on that network
		"from=btc&to=btc&amount=0.1",                  // same from and to
		"from=btc&to=eth",                             // amount missing
		"from=btc&to=eth&amount=",                     // amount empty
		"from=btc&to=eth&amount=-1",                   // negative
		"from=btc&to=eth&amount=0",                    // zero
		"from=btc&to=eth&amount=0.000",                // zero with digits
		"from=btc&to=eth&amount=NaN",                  // NaN
		"from=btc&to=eth&amount=Inf",                  // Inf
		"from=btc&to=eth&amount=%2BInf",               // +Inf
		"from=btc&to=eth&amount=1e400",                // huge exponent
		"from=btc&to=eth&amount=0.1234567890123456789012345678901234567890", // 40 fractional digits
		"from=btc&to=eth&amount=0.123456789",                                // more digits than BTC has
		"from=btc&to=eth&amount=" + long,                                    // a 10 kB amount
		"from=btc&to=eth&amount=0.1&x=" + long,                              // a 10 kB query
		"from=btc&to=eth&amount=0x10",                                       // hex
		"from=btc&to=eth&amount=1,5",                                        // comma
		"from=btc&to=eth&amount=0.1&deadline=forever",                       // bad deadline
		"from=btc&to=eth&amount=0.1&deadline=-1s",                           // negative deadline
		"from=btc&to=eth&amount=0.1&deadline=1h",                            // too long
		"from=btc&to=eth&amount=0.1&direction=sideways",
		"from=btc&to=eth&amount=0.1&rate=maybe",
		"from=btc&to=eth&amount=0.1&kyc=E",
		"from=btc&to=eth&amount=0.1&logpolicy=D",
		"from=btc&to=eth&amount=0.1&amout=1", // unknown parameter
		"from=%ZZ&to=eth&amount=0.1",         // bad escape
		"from=b%00tc&to=eth&amount=0.1",      // NUL
	} {
		resp := get(h, "/v1/quotes?"+q)
		if resp.Status != 400 {
			t.Errorf("GET /v1/quotes?%.60s = %d, want 400: %s", q, resp.Status, resp.Body)
			continue
		}
		var e struct {
			Error struct{ Code, Message string }
		}
		if err := json.Unmarshal(resp.Body, &e); err != nil || e.Error.Code == "" || e.Error.Message == "" {
			t.Errorf("GET /v1/quotes?%.60s body %s is not the error shape", q, resp.Body)
		}
		if len(e.Error.Message) > 300 {
			t.Errorf("message echoes too much input: %d bytes", len(e.Error.Message))
		}
	}
}

func TestRoutingErrors(t *testing.T) {
	h, _ := newHandler(t)
	for _, tc := range []struct {
		method, path string
		status       int
	}{
		{"GET", "/nope", 404},
		{"POST", "/v1/quotes", 405},
		{"DELETE", "/v1/venues", 405},
		{"GET", "/v1/venues/", 200},
		{"GET", "/healthz", 200},
		{"HEAD", "/healthz", 200},
	} {
		resp := h.Serve(&httpapi.Request{Ctx: context.Background(), Method: tc.method, Path: []byte(tc.path)})
		if resp.Status != tc.status {
			t.Errorf("%s %s = %d, want %d (%s)", tc.method, tc.path, resp.Status, tc.status, resp.Body)
		}
	}
}

func TestQueryValues(t *testing.T) {
	r := &httpapi.Request{RawQuery: []byte("a=1&b=x%20y&c=p+q&d&e=&a=2&%66rom=btc")}
	for k, want := range map[string]string{"a": "1", "b": "x y", "c": "p q", "d": "", "e": "", "from": "btc"} {
		if got := string(r.Query(k)); got != want {
			t.Errorf("Query(%q) = %q, want %q", k, got, want)
		}
	}
	if r.HasQuery("z") || !r.HasQuery("d") {
		t.Error("HasQuery wrong")
	}
}

// TestOpenAPIMatchesRoutes fails when a route exists that the document does
// not describe, or the other way round, and when the documented error and
// failure codes drift from the code.
func TestOpenAPIMatchesRoutes(t *testing.T) {
	h, _ := newHandler(t)
	var doc struct {
		OpenAPI string                                       `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage        `json:"paths"`
		Comps   struct{ Schemas map[string]json.RawMessage } `json:"components"`
	}
	if err := json.Unmarshal(httpapi.OpenAPI(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.2.0" { // 3.2: itemSchema types each server-sent event
		t.Errorf("openapi = %q", doc.OpenAPI)
	}
	var documented []string
	for p, ops := range doc.Paths {
		for m := range ops {
			documented = append(documented, strings.ToUpper(m)+" "+p)
		}
	}
	routes := h.Routes()
	sort.Strings(documented)
	sort.Strings(routes)
	if diff := cmp.Diff(routes, documented); diff != "" {
		t.Errorf("routes (-code +openapi.json):\n%s", diff)
	}
	body := string(httpapi.OpenAPI())
	for _, c := range swapscout.ErrorCodes {
		if !strings.Contains(body, `"`+c+`"`) {
			t.Errorf("error code %s is not documented", c)
		}
	}
	for _, c := range swapscout.FailureCodes {
		if !strings.Contains(body, `"`+string(c)+`"`) {
			t.Errorf("failure code %s is not documented", c)
		}
	}
	// Every documented query parameter of /v1/quotes is accepted and the other way round.
	for _, p := range []string{"from", "to", "amount", "from_network", "to_network", "direction", "rate", "deadline", "venues", "exclude", "kyc", "custody"} {
		if !strings.Contains(body, `"name": "`+p+`"`) {
			t.Errorf("parameter %s is not documented", p)
		}
	}
}

func TestSelectionParams(t *testing.T) {
	var got aggregate.Selection
	var gotReq swapscout.QuoteRequest
	h := httpapi.NewHandler(httpapi.Deps{Store: inmem.New(inmem.Options{}), Quotes: &fakeQuotes{QuoteFn: func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection) (*swapscout.Quote, error) {
		got, gotReq = sel, req
		return twoOffers(ctx, req, sel)
	}}})
	q := url.Values{"from": {"usdt"}, "from_network": {"TRX"}, "to": {"xmr"}, "amount": {"250"}, "direction": {"receive"}, "rate": {"fixed"},
		"venues": {"changenow, exolix"}, "exclude": {"kraken"}, "kyc": {"b"}, "logpolicy": {"a"}}
	if resp := get(h, "/v1/quotes?"+q.Encode()); resp.Status != 200 {
		t.Fatalf("status %d: %s", resp.Status, resp.Body)
	}
	// Normalised: with a list of venues, excluding another changes nothing.
	want := aggregate.Selection{Include: []string{"changenow", "exolix"}, MaxKYC: 'B', MaxLog: 'A'}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("selection (-want +got):\n%s", diff)
	}
	if gotReq.From != (swapscout.Asset{Ticker: "usdt", Network: "trx"}) || gotReq.Direction != swapscout.Receive || gotReq.RateType != swapscout.Fixed {
		t.Errorf("request = %+v", gotReq)
	}
}
