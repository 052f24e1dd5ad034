package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/quotes"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
)

const (
	payoutETH = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" // EIP-55 vector
	refundBTC = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" // BIP173 vector
	// orderSecret rides in the venue's order id after a ':' (as FixedFloat's
	// token does): it must never reach a response or a log.
	orderSecret = "tok-s3cr3t-0rder"
)

type headers map[string]string

func (h headers) Peek(name string) []byte {
	for k, v := range h {
		if strings.EqualFold(k, name) {
			return []byte(v)
		}
	}
	return nil
}

// swapVenue is a venue that quotes (through the engine fake) and creates.
type swapVenue struct {
	creates atomic.Int32
	out     atomic.Value // string: the amount_out it offers now
	fail    error
}

func (v *swapVenue) CreateSwap(_ context.Context, r swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	n := v.creates.Add(1)
	if v.fail != nil {
		return swapscout.SwapOrder{}, v.fail
	}
	return swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: fmt.Sprintf("ord-%d", n), Secret: orderSecret}, DepositAddress: sim.Address("btc", fmt.Sprint(n)),
		AmountIn: r.Offer.AmountIn, AmountOut: r.Offer.AmountOut, VenueStatus: "new", ExpiresAt: time.Now().Add(time.Hour)}, nil
}

func (v *swapVenue) SwapStatus(context.Context, swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	return swapscout.SwapUpdate{}, nil
}

type swapFixture struct {
	h     *httpapi.Handler
	venue *swapVenue
	db    *sqlstore.DB
	dbDir string
	logs  *syncBuffer
	clock *atomic.Int64
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// newSwapFixture wires the API as serve does: one quote service for the API
// and the swap service, a real SQLite store, a venue "fast" that creates
// swaps and "book" that cannot.
func newSwapFixture(t testing.TB, opts ...func(*httpapi.Deps)) *swapFixture {
	dir := t.TempDir()
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(dir, "swaps.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	f := &swapFixture{venue: &swapVenue{}, db: db, dbDir: dir, logs: &syncBuffer{}, clock: new(atomic.Int64)}
	f.venue.out.Store("2.0312")
	f.clock.Store(time.Now().UnixNano())
	clock := func() time.Time { return time.Unix(0, f.clock.Load()) }
	engine := &fakeQuotes{QuoteFn: func(_ context.Context, req swapscout.QuoteRequest, sel aggregate.Selection) (*swapscout.Quote, error) {
		q := &swapscout.Quote{Request: req, CreatedAt: clock()}
		for _, o := range []swapscout.Offer{
			{Venue: "fast", AmountIn: req.Amount, AmountOut: swapscout.MustAmount(f.venue.out.Load().(string)), KYC: 'A'},
			{Venue: "book", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2.01"), KYC: 'D'},
		} {
			if len(sel.Include) == 0 || sel.Include[0] == o.Venue {
				q.Offers = append(q.Offers, o)
			}
		}
		return q, nil
	}}
	log := slog.New(slog.NewTextHandler(f.logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	d := httpapi.Deps{Quotes: engine, Store: inmem.New(inmem.Options{Now: clock}), Now: clock, Logger: log}
	book := quotes.New(d.QuoteConfig())
	d.Book = book
	for _, o := range opts {
		o(&d)
	}
	d.Swaps = &swaps.Service{Quotes: book, Store: db, Logger: log, Now: clock,
		Swapper: func(v string) (swapscout.Swapper, bool) {
			if v == "fast" {
				return f.venue, true
			}
			return nil, false
		}}
	f.h = httpapi.NewHandler(d)
	return f
}

func (f *swapFixture) quote(t testing.TB) string {
	t.Helper()
	path, query, _ := strings.Cut("/v1/quotes?from=btc&to=eth&amount=0.1", "?")
	resp := f.h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "GET", Path: []byte(path), RawQuery: []byte(query)})
	var q struct{ ID string }
	if resp.Status != 200 || json.Unmarshal(append(append([]byte(nil), resp.Head...), resp.Body...), &q) != nil || q.ID == "" {
		t.Fatalf("quote: %d %s%s", resp.Status, resp.Head, resp.Body)
	}
	return q.ID
}

func (f *swapFixture) post(key string, ctype string, body []byte) httpapi.Response {
	h := headers{}
	if ctype != "" {
		h["Content-Type"] = ctype
	}
	if key != "" {
		h["Idempotency-Key"] = key
	}
	return f.h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "POST", Path: []byte("/v1/swaps"), Header: h, Body: body})
}

func (f *swapFixture) create(key string, body map[string]any) httpapi.Response {
	b, _ := json.Marshal(body)
	return f.post(key, "application/json", b)
}

func (f *swapFixture) getSwap(id string) httpapi.Response {
	return f.h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "GET", Path: []byte("/v1/swaps/" + id)})
}

func goodBody(quoteID string) map[string]any {
	return map[string]any{"quote_id": quoteID, "venue": "fast", "payout_address": payoutETH, "refund_address": refundBTC}
}

type swapJSON struct {
	ID, Status, Venue, VenueOrderID, DepositAddress, QuoteID string
	PromisedOut                                              string `json:"promised_out"`
	History                                                  []struct{ Status string }
}

func decodeSwap(t testing.TB, resp httpapi.Response) swapJSON {
	t.Helper()
	var s struct {
		swapJSON
		VenueOrderID   string `json:"venue_order_id"`
		DepositAddress string `json:"deposit_address"`
		QuoteID        string `json:"quote_id"`
	}
	if err := json.Unmarshal(resp.Body, &s); err != nil {
		t.Fatalf("swap body: %v: %s", err, resp.Body)
	}
	s.swapJSON.VenueOrderID, s.swapJSON.DepositAddress, s.swapJSON.QuoteID = s.VenueOrderID, s.DepositAddress, s.QuoteID
	return s.swapJSON
}

func TestSwapCreateAndGet(t *testing.T) {
	f := newSwapFixture(t)
	body := goodBody(f.quote(t))
	resp := f.create("key-1", body)
	if resp.Status != 201 {
		t.Fatalf("create: %d %s", resp.Status, resp.Body)
	}
	sw := decodeSwap(t, resp)
	if !swapscout.ValidSwapID(sw.ID) || sw.Status != "waiting" || sw.Venue != "fast" || sw.DepositAddress != sim.Address("btc", "1") || sw.VenueOrderID != "ord-1" {
		t.Errorf("created swap = %+v", sw)
	}
	if len(sw.History) != 1 || sw.History[0].Status != "waiting" {
		t.Errorf("history = %+v", sw.History)
	}
	if got := header(resp, "Location"); got != "/v1/swaps/"+sw.ID {
		t.Errorf("Location = %q", got)
	}
	if got := header(resp, "Cache-Control"); got != "no-store" {
		t.Errorf("Cache-Control = %q", got)
	}
	// A retry answers the same swap, and makes no second order.
	again := f.create("key-1", body)
	if again.Status != 200 || decodeSwap(t, again).ID != sw.ID {
		t.Errorf("retry: %d %s", again.Status, again.Body)
	}
	if n := f.venue.creates.Load(); n != 1 {
		t.Errorf("%d orders at the venue after a retry, want 1", n)
	}
	// The same key with another body is a conflict.
	other := goodBody(body["quote_id"].(string))
	other["max_slippage"] = "0.01"
	if r := f.create("key-1", other); r.Status != 422 || !bytes.Contains(r.Body, []byte(`"idempotency_conflict"`)) {
		t.Errorf("same key, other body: %d %s", r.Status, r.Body)
	}
	got := f.getSwap(sw.ID)
	if got.Status != 200 || !bytes.Equal(got.Body, resp.Body) {
		t.Errorf("GET answered %d\n%s\nwant the created record\n%s", got.Status, got.Body, resp.Body)
	}
	if head := f.h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "HEAD", Path: []byte("/v1/swaps/" + sw.ID)}); head.Status != 200 {
		t.Errorf("HEAD: %d", head.Status)
	}
	for _, id := range []string{"aaaaaaaaaaaaaaaaaaaaaaaaaa", "nope", strings.Repeat("z", 300), "../../etc"} {
		if r := f.getSwap(id); r.Status != 404 {
			t.Errorf("GET /v1/swaps/%s: %d %s", id, r.Status, r.Body)
		}
	}
	for _, s := range [][]byte{resp.Body, again.Body, got.Body, []byte(f.logs.String())} {
		if bytes.Contains(s, []byte(orderSecret)) {
			t.Errorf("the order's secret leaked: %s", s)
		}
	}
}

// Every bad input is a clear 4xx JSON error, and none reaches the venue.
func TestSwapCreateBadInput(t *testing.T) {
	f := newSwapFixture(t)
	qid := f.quote(t)
	with := func(k string, v any) []byte {
		b := goodBody(qid)
		if v == nil {
			delete(b, k)
		} else {
			b[k] = v
		}
		out, _ := json.Marshal(b)
		return out
	}
	good, _ := json.Marshal(goodBody(qid))
	big := append([]byte(`{"quote_id":"`+qid+`","venue":"fast","payout_memo":"`), bytes.Repeat([]byte("a"), httpapi.MaxBody)...)
	big = append(big, `"}`...)
	for _, c := range []struct {
		name, key, ctype string
		body             []byte
		status           int
		code, msg        string
	}{
		{"malformed JSON", "k1", "application/json", []byte(`{"quote_id":`), 400, "invalid_request", "malformed JSON"},
		{"not an object", "k1", "application/json", []byte(`[1,2]`), 400, "invalid_request", "JSON object"},
		{"null", "k1", "application/json", []byte(` null `), 400, "invalid_request", "must be a JSON object"},
		{"trailing data", "k1", "application/json", append(append([]byte(nil), good...), `{}`...), 400, "invalid_request", "after the object"},
		{"empty body", "k1", "application/json", nil, 400, "invalid_request", "empty"},
		{"unknown field", "k1", "application/json", with("amount", "1"), 400, "invalid_request", `unknown field "amount"`},
		{"wrong type", "k1", "application/json", with("venue", 7), 400, "invalid_request", "venue must be a string"},
		{"a name twice", "k1", "application/json", []byte(`{"quote_id":"` + qid + `","venue":"fast","venue":"book","payout_address":"` + payoutETH + `","refund_address":"` + refundBTC + `"}`), 400, "invalid_request", `the field "venue" is given twice`},
		{"a name twice, escaped", "k1", "application/json", []byte(`{"quote_id":"` + qid + `","venue":"fast","ven\u0075e":"book","payout_address":"` + payoutETH + `","refund_address":"` + refundBTC + `"}`), 400, "invalid_request", `the field "venue" is given twice`},
		{"a name twice in two cases", "k1", "application/json", []byte(`{"quote_id":"` + qid + `","venue":"fast","VENUE":"book","payout_address":"` + payoutETH + `","refund_address":"` + refundBTC + `"}`), 400, "invalid_request", `"venue" and "VENUE" are one field given twice`},
		{"a name in another case", "k1", "application/json", []byte(`{"quote_id":"` + qid + `","Venue":"fast","payout_address":"` + payoutETH + `","refund_address":"` + refundBTC + `"}`), 400, "invalid_request", `unknown field "Venue": names are case-sensitive ("venue")`},
		{"a name with a Kelvin sign", "k1", "application/json", []byte(`{"quote_id":"` + qid + `","venue":"fast","payout_address":"` + payoutETH + `","refund_address":"` + refundBTC + `","max_slippage":"0.01","callbac\u212a_url":""}`), 400, "invalid_request", `names are case-sensitive ("callback_url")`},
		{"a name twice in a nested object", "k1", "application/json", with("max_slippage", json.RawMessage(`{"a":1,"a":2}`)), 400, "invalid_request", `the field "a" is given twice`},
		{"oversized body", "k1", "application/json", big, 400, "request_too_large", "16384"},
		{"wrong content type", "k1", "text/plain", good, 400, "invalid_request", "Content-Type"},
		{"no content type", "k1", "", good, 400, "invalid_request", "Content-Type"},
		{"missing Idempotency-Key", "", "application/json", good, 400, "invalid_request", "Idempotency-Key"},
		{"Idempotency-Key with a space", "a b", "application/json", good, 400, "invalid_request", "Idempotency-Key"},
		{"unknown quote id", "k1", "application/json", with("quote_id", "qaaaaaaaaaaaaaaaaaaaaaaaaaa"), 404, "not_found", "quote_id"},
		{"no quote id", "k1", "application/json", with("quote_id", nil), 400, "invalid_request", "quote_id is required"},
		{"venue not in the quote", "k1", "application/json", with("venue", "kraken"), 400, "invalid_request", "no offer"},
		{"venue cannot swap", "k1", "application/json", with("venue", "book"), 422, "swap_unsupported", "book"},
		{"bad payout checksum", "k1", "application/json", with("payout_address", "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"), 400, "invalid_address", "payout_address"},
		{"refund on the wrong network", "k1", "application/json", with("refund_address", payoutETH), 400, "invalid_address", "refund_address"},
		{"bad slippage", "k1", "application/json", with("max_slippage", "lots"), 400, "invalid_request", "max_slippage"},
		{"slippage too large", "k1", "application/json", with("max_slippage", "0.5"), 400, "invalid_request", "max_slippage"},
		{"callback without webhooks", "k1", "application/json", with("callback_url", "https://example.com/hook"), 400, "invalid_request", "callback_url"},
	} {
		t.Run(c.name, func(t *testing.T) {
			resp := f.post(c.key, c.ctype, c.body)
			var e struct {
				Error struct{ Code, Message, Field string }
			}
			if err := json.Unmarshal(resp.Body, &e); err != nil || resp.ContentType != "application/json" {
				t.Fatalf("%d: not a JSON error: %s", resp.Status, resp.Body)
			}
			if resp.Status != c.status || e.Error.Code != c.code || !strings.Contains(e.Error.Message, c.msg) {
				t.Errorf("%d %s %q, want %d %s containing %q", resp.Status, e.Error.Code, e.Error.Message, c.status, c.code, c.msg)
			}
			if c.code == "invalid_address" && e.Error.Field != c.msg {
				t.Errorf("field = %q, want %q", e.Error.Field, c.msg)
			}
		})
	}
	if n := f.venue.creates.Load(); n != 0 {
		t.Errorf("%d orders created at the venue by bad requests", n)
	}
	// An expired quote.
	f.clock.Add(int64(3 * time.Minute))
	resp := f.post("k-exp", "application/json", good)
	if resp.Status != 404 || !bytes.Contains(resp.Body, []byte("expired")) {
		t.Errorf("expired quote: %d %s", resp.Status, resp.Body)
	}
}

// A worse rate at creation is 409 rate_changed with both amounts and a
// fresh quote id, and nothing is created; a venue's refusal is 502.
func TestSwapCreateRateChangedAndRefused(t *testing.T) {
	f := newSwapFixture(t)
	qid := f.quote(t)
	f.venue.out.Store("1.9")
	resp := f.create("k-rate", goodBody(qid))
	var raw struct {
		Error map[string]string
	}
	if err := json.Unmarshal(resp.Body, &raw); err != nil {
		t.Fatalf("%v: %s", err, resp.Body)
	}
	if resp.Status != 409 || raw.Error["code"] != "rate_changed" || raw.Error["shown"] != "2.0312" || raw.Error["now"] != "1.9" ||
		raw.Error["field"] != "amount_out" || !strings.HasPrefix(raw.Error["quote_id"], "q") || raw.Error["quote_id"] == qid {
		t.Errorf("rate changed: %d %s", resp.Status, resp.Body)
	}
	if f.venue.creates.Load() != 0 {
		t.Error("a swap was created at a worse rate")
	}
	// The fresh quote works, and the key can be used again.
	body := goodBody(raw.Error["quote_id"])
	if r := f.create("k-rate", body); r.Status != 201 {
		t.Errorf("with the fresh quote: %d %s", r.Status, r.Body)
	}
	f.venue.fail = &swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Msg: "below the minimum"}
	if r := f.create("k-refused", body); r.Status != 502 || !bytes.Contains(r.Body, []byte(`"venue_refused"`)) {
		t.Errorf("venue refusal: %d %s", r.Status, r.Body)
	}
}

// With the database down, creation is 503 and nothing is created at the
// venue.
func TestSwapCreateDatabaseDown(t *testing.T) {
	f := newSwapFixture(t)
	qid := f.quote(t)
	f.db.Close()
	resp := f.create("k-down", goodBody(qid))
	if resp.Status != 503 || !bytes.Contains(resp.Body, []byte(`"unavailable"`)) {
		t.Errorf("database down: %d %s", resp.Status, resp.Body)
	}
	if f.venue.creates.Load() != 0 {
		t.Error("an order was created at the venue with the database down")
	}
	if r := f.getSwap("aaaaaaaaaaaaaaaaaaaaaaaaaa"); r.Status != 503 {
		t.Errorf("GET with the database down: %d %s", r.Status, r.Body)
	}
	// Quotes keep working.
	if f.quote(t) == "" {
		t.Error("no quote with the database down")
	}
}

// Without a swap service the routes answer 503, saying why.
func TestSwapRoutesWithoutDatabase(t *testing.T) {
	h, _ := newHandler(t)
	resp := h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "POST", Path: []byte("/v1/swaps"), Header: headers{"Content-Type": "application/json"}, Body: []byte(`{}`)})
	if resp.Status != 503 {
		t.Errorf("POST without a database: %d %s", resp.Status, resp.Body)
	}
	if r := get(h, "/v1/swaps/aaaaaaaaaaaaaaaaaaaaaaaaaa"); r.Status != 503 {
		t.Errorf("GET without a database: %d %s", r.Status, r.Body)
	}
	if r := get(h, "/v1/swaps"); r.Status != 405 || header(r, "Allow") != "POST" {
		t.Errorf("GET /v1/swaps: %d Allow %q", r.Status, header(r, "Allow"))
	}
}

// Neither the venue's API key nor the order's secret is written to a
// response, a log line or (for the key) the database file.
func TestSwapSecretsStayOut(t *testing.T) {
	f := newSwapFixture(t)
	const apiKey = "sk-live-venue-api-key"
	f.venue.fail = &swapscout.VenueError{Code: swapscout.CodeNotConfigured, Msg: "rejected", Err: errors.New("401 from venue")}
	qid := f.quote(t)
	r1 := f.create("k-a", goodBody(qid))
	f.venue.fail = nil
	r2 := f.create("k-b", goodBody(qid))
	sw := decodeSwap(t, r2)
	r3 := f.getSwap(sw.ID)
	f.db.Close()
	var files []byte
	entries, _ := os.ReadDir(f.dbDir)
	for _, e := range entries {
		b, _ := os.ReadFile(filepath.Join(f.dbDir, e.Name()))
		files = append(files, b...)
	}
	for what, s := range map[string][]byte{"refusal": r1.Body, "create": r2.Body, "get": r3.Body, "logs": []byte(f.logs.String())} {
		if bytes.Contains(s, []byte(orderSecret)) || bytes.Contains(s, []byte(apiKey)) {
			t.Errorf("%s holds a secret: %s", what, s)
		}
	}
	if bytes.Contains(files, []byte(apiKey)) {
		t.Error("the database holds the venue's API key")
	}
}

// FuzzSwapBody: whatever the body and content type, POST /v1/swaps answers
// a JSON error or a swap, never a 500 or a panic.
func FuzzSwapBody(f *testing.F) {
	for _, s := range []string{`{}`, `{"quote_id":"q","venue":"fast","payout_address":"x","refund_address":"y"}`, `{"max_slippage":0.01}`,
		`{"max_slippage":"1e-3"}`, `[`, `{"a":1}`, `null`, `"str"`, `{"quote_id":"q"}{"x":1}`, "{\"venue\":\"\xff\"}", `{"quote_id":null}`} {
		f.Add([]byte(s), "application/json")
	}
	f.Add([]byte(`{}`), "application/json; charset=utf-8")
	f.Add([]byte(`{}`), "text/json")
	fx := newSwapFixture(f)
	f.Fuzz(func(t *testing.T, body []byte, ctype string) {
		resp := fx.post("fuzz-key", ctype, body)
		if resp.Status >= 500 || resp.Status < 200 {
			t.Fatalf("status %d for %q: %s", resp.Status, body, resp.Body)
		}
		if !json.Valid(resp.Body) {
			t.Fatalf("not JSON: %s", resp.Body)
		}
	})
}

// documented checks a swap route's answer against openapi.json: its status
// is documented for the operation, and its body matches that status's
// schema (objects closed: an undocumented field fails).
func documented(t *testing.T, method, pattern string, resp httpapi.Response) {
	t.Helper()
	doc := loadDoc(t)
	op := mapOf(mapOf(doc.root["paths"])[pattern])[strings.ToLower(method)]
	rdoc, ok := mapOf(mapOf(op)["responses"])[fmt.Sprint(resp.Status)]
	if !ok {
		t.Errorf("%s %s: status %d is not documented: %s", method, pattern, resp.Status, resp.Body)
		return
	}
	media := mapOf(mapOf(doc.resolve(rdoc)["content"])[resp.ContentType])
	if media == nil {
		t.Errorf("%s %s %d: content type %q is not documented", method, pattern, resp.Status, resp.ContentType)
		return
	}
	dec := json.NewDecoder(bytes.NewReader(resp.Body))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Errorf("%s %s %d: not JSON: %s", method, pattern, resp.Status, resp.Body)
		return
	}
	if err := doc.validate(media["schema"], v, method+" "+pattern); err != nil {
		t.Errorf("%v\nbody: %s", err, resp.Body)
	}
}

// TestSwapAnswersDocumented: every kind of answer of the swap routes is
// documented, body and all.
func TestSwapAnswersDocumented(t *testing.T) {
	f := newSwapFixture(t)
	qid := f.quote(t)
	body := goodBody(qid)
	created := f.create("doc-1", body)
	documented(t, "POST", "/v1/swaps", created)
	documented(t, "POST", "/v1/swaps", f.create("doc-1", body)) // 200
	other := goodBody(qid)
	other["payout_memo"] = "1"
	documented(t, "POST", "/v1/swaps", f.create("doc-1", other))                                   // 422 conflict
	documented(t, "POST", "/v1/swaps", f.post("doc-2", "application/json", []byte(`{`)))           // 400
	documented(t, "POST", "/v1/swaps", f.create("doc-3", goodBody("qaaaaaaaaaaaaaaaaaaaaaaaaaa"))) // 404
	bad := goodBody(qid)
	bad["payout_address"] = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD"
	documented(t, "POST", "/v1/swaps", f.create("doc-4", bad)) // 400 invalid_address
	book := goodBody(qid)
	book["venue"] = "book"
	documented(t, "POST", "/v1/swaps", f.create("doc-5", book)) // 422 unsupported
	f.venue.out.Store("1")
	documented(t, "POST", "/v1/swaps", f.create("doc-6", body)) // 409 rate_changed
	documented(t, "GET", "/v1/swaps/{id}", f.getSwap(decodeSwap(t, created).ID))
	documented(t, "GET", "/v1/swaps/{id}", f.getSwap("aaaaaaaaaaaaaaaaaaaaaaaaaa"))
	f.db.Close()
	documented(t, "POST", "/v1/swaps", f.create("doc-7", body)) // 503
}

// Concurrent requests with one key make one order: one 201, the others
// the same swap (200) or in_progress (409).
func TestSwapCreateConcurrentKey(t *testing.T) {
	f := newSwapFixture(t)
	body := goodBody(f.quote(t))
	var wg sync.WaitGroup
	var mu sync.Mutex
	got := map[int]int{}
	ids := map[string]bool{}
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp := f.create("same-key", body)
			mu.Lock()
			defer mu.Unlock()
			got[resp.Status]++
			if resp.Status < 300 {
				ids[decodeSwap(t, resp).ID] = true
			}
		}()
	}
	wg.Wait()
	if got[201] != 1 || got[200]+got[409] != 19 || len(ids) != 1 {
		t.Errorf("statuses %v, %d distinct swaps", got, len(ids))
	}
	if n := f.venue.creates.Load(); n != 1 {
		t.Errorf("%d orders at the venue, want 1", n)
	}
}
