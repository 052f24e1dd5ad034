package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/quotes"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
)

// memoVenue follows its swaps by their deposit, like THORChain: its
// transaction ids are 64 hex digits.
type memoVenue struct{ swapVenue }

func (*memoVenue) DepositTxID(id string) (string, bool) {
	id = strings.TrimPrefix(id, "0x")
	if len(id) != 64 || strings.Trim(strings.ToLower(id), "0123456789abcdef") != "" {
		return "", false
	}
	return strings.ToUpper(id), true
}

// newDepositFixture wires the API with a memo venue "memo" and a venue
// "fast" that follows its own orders.
func newDepositFixture(t *testing.T) *swapFixture {
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "swaps.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	f := &swapFixture{venue: &swapVenue{}, db: db}
	memo := &memoVenue{}
	engine := &fakeQuotes{QuoteFn: func(_ context.Context, req swapscout.QuoteRequest, sel aggregate.Selection) (*swapscout.Quote, error) {
		q := &swapscout.Quote{Request: req, CreatedAt: time.Now()}
		for _, v := range []string{"fast", "memo"} {
			if len(sel.Include) == 0 || sel.Include[0] == v {
				q.Offers = append(q.Offers, swapscout.Offer{Venue: v, AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2.0312"), KYC: 'A'})
			}
		}
		return q, nil
	}}
	d := httpapi.Deps{Quotes: engine, Store: inmem.New(inmem.Options{})}
	d.Book = quotes.New(d.QuoteConfig())
	d.Swaps = &swaps.Service{Quotes: d.Book, Store: db, Swapper: func(v string) (swapscout.Swapper, bool) {
		switch v {
		case "fast":
			return f.venue, true
		case "memo":
			return memo, true
		}
		return nil, false
	}}
	f.h = httpapi.NewHandler(d)
	return f
}

func (f *swapFixture) deposit(id, ctype, body string) httpapi.Response {
	h := headers{}
	if ctype != "" {
		h["Content-Type"] = ctype
	}
	return f.h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "POST", Path: []byte("/v1/swaps/" + id + "/deposit"), Header: h, Body: []byte(body)})
}

func TestSwapDeposit(t *testing.T) {
	f := newDepositFixture(t)
	qid := f.quote(t)
	body := goodBody(qid)
	body["venue"] = "memo"
	resp := f.create("k-memo", body)
	if resp.Status != 201 {
		t.Fatalf("create: %d %s", resp.Status, resp.Body)
	}
	memoID := decodeSwap(t, resp).ID
	resp = f.create("k-fast", goodBody(qid))
	if resp.Status != 201 {
		t.Fatalf("create: %d %s", resp.Status, resp.Body)
	}
	fastID := decodeSwap(t, resp).ID
	tx := strings.Repeat("a3f8", 16)
	for _, c := range []struct {
		name, id, ctype, body string
		status                int
		code                  string
	}{
		{"malformed_json", memoID, "application/json", `{"tx_id":`, 400, "invalid_request"},
		{"unknown_field", memoID, "application/json", `{"tx_id":"` + tx + `","txid":"x"}`, 400, "invalid_request"},
		{"wrong_type", memoID, "text/plain", `{"tx_id":"` + tx + `"}`, 400, "invalid_request"},
		{"missing", memoID, "application/json", `{}`, 400, "invalid_request"},
		{"not_a_hash", memoID, "application/json", `{"tx_id":"deadbeef"}`, 400, "invalid_request"},
		{"unknown_swap", "aaaaaaaaaaaaaaaaaaaaaaaaaa", "application/json", `{"tx_id":"` + tx + `"}`, 404, "not_found"},
		{"malformed_swap_id", "nope", "application/json", `{"tx_id":"` + tx + `"}`, 404, "not_found"},
		{"order_venue", fastID, "application/json", `{"tx_id":"` + tx + `"}`, 422, "swap_unsupported"},
		{"recorded", memoID, "application/json", `{"tx_id":"0x` + tx + `"}`, 200, ""},
		{"again", memoID, "application/json", `{"tx_id":"` + strings.ToUpper(tx) + `"}`, 200, ""},
		{"other_tx", memoID, "application/json", `{"tx_id":"` + strings.Repeat("b", 64) + `"}`, 409, "deposit_conflict"},
	} {
		resp := f.deposit(c.id, c.ctype, c.body)
		if resp.Status != c.status || c.code != "" && !bytes.Contains(resp.Body, []byte(`"`+c.code+`"`)) {
			t.Errorf("%s: %d %s, want %d %s", c.name, resp.Status, resp.Body, c.status, c.code)
			continue
		}
		if c.status == 200 {
			var sw struct {
				DepositTx string `json:"deposit_tx"`
				Status    string
			}
			if json.Unmarshal(resp.Body, &sw) != nil || sw.DepositTx != strings.ToUpper(tx) || sw.Status != "waiting" {
				t.Errorf("%s: swap %s", c.name, resp.Body)
			}
			if got := header(resp, "Cache-Control"); got != "no-store" {
				t.Errorf("%s: Cache-Control %q", c.name, got)
			}
		}
	}
	// The route takes POST only; other paths under a swap are not routes.
	if r := f.h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "GET", Path: []byte("/v1/swaps/" + memoID + "/deposit")}); r.Status != 405 {
		t.Errorf("GET deposit: %d %s", r.Status, r.Body)
	}
	if r := f.h.Serve(&httpapi.Request{Ctx: context.Background(), Method: "POST", Path: []byte("/v1/swaps/" + memoID + "/other")}); r.Status != 404 {
		t.Errorf("POST other: %d %s", r.Status, r.Body)
	}
	if r := f.getSwap(memoID); r.Status != 200 || !bytes.Contains(r.Body, []byte(strings.ToUpper(tx))) {
		t.Errorf("GET swap after the deposit: %d %s", r.Status, r.Body)
	}
}
