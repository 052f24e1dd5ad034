package changehero_test

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/changehero"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var btcETH = swapscout.QuoteRequest{
	From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
	Amount: swapscout.MustAmount("0.1"), RateType: swapscout.Fixed,
}

// rpc answers every JSON-RPC call (all posted to /v2/) with one fixture.
func rpc(fixture string, status int) []venuetest.Route {
	return []venuetest.Route{{Method: "POST", Path: "/v2/", Fixture: fixture, Status: status}}
}

// rpcBody is what the adapter posts.
type rpcBody struct {
	JSONRPC string            `json:"jsonrpc"`
	ID      any               `json:"id"`
	Method  string            `json:"method"`
	Params  map[string]string `json:"params"`
}

func parseBody(t *testing.T, b []byte) rpcBody {
	t.Helper()
	var r rpcBody
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatalf("request body %q: %v", b, err)
	}
	if r.JSONRPC != "2.0" || r.ID == nil {
		t.Errorf("request %q is not JSON-RPC 2.0 with an id", b)
	}
	return r
}

var okCase = venuetest.Case{Name: "quote_fixed", Req: btcETH, Routes: rpc("fix_rate.json", 200),
	Check: func(t *testing.T, reqs []venuetest.Recorded) {
		if len(reqs) != 1 {
			t.Fatalf("made %d calls, want 1", len(reqs))
		}
		r := reqs[0]
		if r.Header.Get("api-key") != "test-key" {
			t.Error("sent no api-key header")
		}
		b := parseBody(t, r.Body)
		want := map[string]string{"from": "btc", "to": "eth", "chainFrom": "bitcoin", "chainTo": "ethereum"}
		if b.Method != "getFixRate" {
			t.Errorf("method %q, want getFixRate", b.Method)
		}
		for k, v := range want {
			if b.Params[k] != v {
				t.Errorf("params.%s = %q, want %q", k, b.Params[k], v)
			}
		}
	}}

func TestQuote(t *testing.T) {
	reverse := btcETH
	reverse.Direction, reverse.Amount = swapscout.Receive, swapscout.MustAmount("1")
	small := btcETH
	small.Amount = swapscout.MustAmount("0.001")
	large := btcETH
	large.Amount = swapscout.MustAmount("3")
	reverseSmall := reverse
	reverseSmall.Amount = swapscout.MustAmount("0.01")
	float := btcETH
	float.RateType = swapscout.Float
	receiveFloat := float
	receiveFloat.Direction = swapscout.Receive
	firo := btcETH
	firo.To = swapscout.Asset{Ticker: "firo", Network: "firo"}
	venuetest.RunCases(t, &changehero.Descriptor, []venuetest.Case{
		okCase,
		{Name: "quote_fixed_reverse", Req: reverse, Routes: rpc("fix_rate.json", 200)},
		{Name: "fixed_below_min", Req: small, Routes: rpc("fix_rate.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "fixed_above_max", Req: large, Routes: rpc("fix_rate.json", 200), Want: swapscout.CodeAmountTooLarge},
		{Name: "fixed_reverse_below_min", Req: reverseSmall, Routes: rpc("fix_rate.json", 200), Want: swapscout.CodeAmountTooSmall},
		{Name: "fixed_no_rate", Req: btcETH, Routes: rpc("fix_rate_empty.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "fixed_invalid_currency", Req: btcETH, Routes: rpc("invalid_currency.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "float_invalid_currency", Req: float, Routes: rpc("invalid_currency.json", 200), Want: swapscout.CodeUnsupportedPair},
		{Name: "float_invalid_amount", Req: float, Routes: rpc("invalid_amount.json", 200), Want: swapscout.CodeAmountTooSmall},
		// A zero or negative estimate is the venue's mistake, not a limit
		// (both methods answer it, so no minimum is known).
		{Name: "float_zero", Req: float, Routes: rpc("exchange_amount_zero.json", 200), Want: swapscout.CodeBadResponse},
		{Name: "float_negative", Req: float, Routes: rpc("exchange_amount_negative.json", 200), Want: swapscout.CodeBadResponse},
		{Name: "unauthorized", Req: btcETH, Routes: rpc("unauthorized.json", 401), Want: swapscout.CodeNotConfigured},
		{Name: "internal_error", Req: btcETH, Routes: rpc("internal_error.json", 200), Want: swapscout.CodeUnavailable},
		{Name: "null_result", Req: btcETH, Routes: rpc("null_result.json", 200), Want: swapscout.CodeBadResponse},
		{Name: "receive_float_unsupported", Req: receiveFloat, Want: swapscout.CodeUnsupportedPair, Check: noCalls},
		{Name: "firo_unmapped", Req: firo, Want: swapscout.CodeUnsupportedPair, Check: noCalls},
	})
}

func noCalls(t *testing.T, reqs []venuetest.Recorded) {
	if len(reqs) != 0 {
		t.Errorf("made %d calls, want none", len(reqs))
	}
}

// methodReplay serves fixtures by JSON-RPC method, since every method shares
// POST /v2/ and venuetest.Route matches on the path only.
type methodReplay struct {
	*httptest.Server
	mu      sync.Mutex
	methods []string
}

func newMethodReplay(t *testing.T, fixtures map[string]string) *methodReplay {
	t.Helper()
	bodies := map[string][]byte{}
	for m, f := range fixtures {
		b, err := os.ReadFile(filepath.Join("testdata", f))
		if err != nil {
			t.Fatal(err)
		}
		bodies[m] = b
	}
	mr := &methodReplay{}
	mr.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw, _ := io.ReadAll(r.Body)
		var b rpcBody
		if err := json.Unmarshal(raw, &b); err != nil {
			t.Errorf("request body %q: %v", raw, err)
		}
		if r.Method != "POST" || r.URL.Path != "/v2/" || r.Header.Get("api-key") != "test-key" {
			t.Errorf("%s %s api-key %q, want POST /v2/ with the key", r.Method, r.URL.Path, r.Header.Get("api-key"))
		}
		if b.Params["chainFrom"] != "bitcoin" || b.Params["chainTo"] != "ethereum" {
			t.Errorf("%s params %v lack the chains", b.Method, b.Params)
		}
		mr.mu.Lock()
		mr.methods = append(mr.methods, b.Method)
		mr.mu.Unlock()
		body, ok := bodies[b.Method]
		if !ok {
			http.Error(w, "no fixture for "+b.Method, 599)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(body)
	}))
	t.Cleanup(mr.Close)
	return mr
}

// TestQuoteFloat covers the floating path, which makes two calls at once
// (getExchangeAmount and getMinAmount).
func TestQuoteFloat(t *testing.T) {
	float := btcETH
	float.RateType = swapscout.Float
	small := float
	small.Amount = swapscout.MustAmount("0.0001")
	both := map[string]string{"getExchangeAmount": "exchange_amount.json", "getMinAmount": "min_amount.json"}
	cases := []struct {
		name     string
		req      swapscout.QuoteRequest
		fixtures map[string]string
		want     swapscout.FailureCode
		wantMin  string
	}{
		{name: "quote_ok", req: float, fixtures: both},
		{name: "quote_ok_without_min", req: float, fixtures: map[string]string{"getExchangeAmount": "exchange_amount.json", "getMinAmount": "internal_error.json"}},
		// The venue priced it, but the deposit is below its minimum.
		{name: "below_min_priced", req: small, fixtures: both, want: swapscout.CodeAmountTooSmall, wantMin: "0.00031"},
		{name: "below_min_refused", req: small, fixtures: map[string]string{"getExchangeAmount": "invalid_amount.json", "getMinAmount": "min_amount.json"},
			want: swapscout.CodeAmountTooSmall, wantMin: "0.00031"},
		{name: "invalid_currency", req: float, fixtures: map[string]string{"getExchangeAmount": "invalid_currency.json", "getMinAmount": "invalid_currency.json"},
			want: swapscout.CodeUnsupportedPair},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			mr := newMethodReplay(t, c.fixtures)
			q := venuetest.New(t, &changehero.Descriptor, mr.URL)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			offer, err := q.Quote(ctx, c.req)
			mr.mu.Lock()
			methods := append([]string(nil), mr.methods...)
			mr.mu.Unlock()
			sort.Strings(methods)
			if len(methods) != 2 || methods[0] != "getExchangeAmount" || methods[1] != "getMinAmount" {
				t.Errorf("called %v, want getExchangeAmount and getMinAmount", methods)
			}
			if c.want == "" {
				if err != nil {
					t.Fatalf("Quote: %v", err)
				}
				venuetest.Golden(t, filepath.Join("testdata", "float_"+c.name+".want.json"), changehero.Descriptor.ID, offer)
				return
			}
			if code := venuetest.Code(err); code != c.want {
				t.Fatalf("Quote error %v has code %s, want %s", err, code, c.want)
			}
			var ve *swapscout.VenueError
			if c.wantMin != "" && (!errors.As(err, &ve) || !ve.Min.Equal(swapscout.MustAmount(c.wantMin))) {
				t.Errorf("error %v does not name the minimum %s", err, c.wantMin)
			}
		})
	}
}

func TestConformance(t *testing.T) {
	venuetest.Run(t, &changehero.Descriptor, venuetest.Options{OK: okCase})
}

// TestRefusalBodies: a JSON-RPC error is read by its words, and a limit
// carries the bound they name when getMinAmount gives none.
func TestRefusalBodies(t *testing.T) {
	float := btcETH
	float.RateType = swapscout.Float
	float.Amount = swapscout.MustAmount("0.0001")
	venuetest.RunRefusals(t, &changehero.Descriptor, []venuetest.Refusal{
		{Name: "min_in_words", Req: float, Routes: rpc("invalid_amount.json", 200), Code: swapscout.CodeAmountTooSmall, Words: "minimal amount is 0.00031", Min: "0.00031"},
		{Name: "invalid_currency", Req: float, Routes: rpc("invalid_currency.json", 200), Code: swapscout.CodeUnsupportedPair, Words: "Invalid currency"},
	})
}
