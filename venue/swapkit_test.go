package venue

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/upstream"
)

func TestStatusTable(t *testing.T) {
	tb := StatusTable{"wait": swapscout.StatusWaiting, "success": swapscout.StatusFinished}
	for word, want := range map[string]swapscout.SwapStatus{
		"wait": swapscout.StatusWaiting, "SUCCESS": swapscout.StatusFinished, "": swapscout.StatusUnknown, "sucess": swapscout.StatusUnknown,
	} {
		if got := tb.Status(word); got != want {
			t.Errorf("Status(%q) = %q, want %q", word, got, want)
		}
	}
}

func TestRefusal(t *testing.T) {
	for _, tc := range []struct {
		status int
		order  string
		want   swapscout.FailureCode
	}{
		{400, "", CodeBadRequest}, {422, "x", CodeBadRequest}, {404, "x", CodeOrderNotFound}, {404, "", CodeBadRequest},
		{401, "", swapscout.CodeNotConfigured}, {403, "x", swapscout.CodeNotConfigured}, {502, "", swapscout.CodeUnavailable},
	} {
		if got := Refusal("V", tc.status, tc.order, "Invalid address"); got.Code != tc.want {
			t.Errorf("Refusal(%d, %q) = %s, want %s", tc.status, tc.order, got.Code, tc.want)
		}
	}
	e := Refusal("V", 400, "", "  bad\n"+strings.Repeat("é", 200))
	if strings.Contains(e.Msg, "\n") || len(e.Msg) > 200 || !strings.HasSuffix(e.Msg, "…") {
		t.Errorf("message not clipped to one line: %q", e.Msg)
	}
}

// TestOrderNotFoundHidesTheSecret: an order's secret stays out of the
// error, which is logged: adapters name the order by its public id.
func TestOrderNotFoundHidesTheSecret(t *testing.T) {
	ff := swapscout.OrderRef{ID: "AB12", Secret: "t0kenS3CR3T"}
	qx := swapscout.OrderRef{ID: "q-1", Secret: "t0kenS3CR3T"}
	for _, err := range []error{OrderNotFound("fixedfloat", ff.ID), Refusal("quickex", 404, qx.ID, "not found")} {
		if msg := err.Error(); strings.Contains(msg, "t0kenS3CR3T") || !strings.Contains(msg, `no order "`) {
			t.Errorf("error %q", msg)
		}
	}
}

func TestStatusUpdate(t *testing.T) {
	tb := StatusTable{"wait": swapscout.StatusWaiting}
	if u, err := tb.Update("V", "wait"); err != nil || u.Status != swapscout.StatusWaiting || u.VenueStatus != "wait" {
		t.Errorf("Update(wait) = %+v, %v", u, err)
	}
	if u, err := tb.Update("V", "odd"); err != nil || u.Status != swapscout.StatusUnknown || u.VenueStatus != "odd" {
		t.Errorf("Update(odd) = %+v, %v; want unknown with the word kept", u, err)
	}
	if _, err := tb.Update("V", ""); err == nil || err.(*swapscout.VenueError).Code != swapscout.CodeBadResponse {
		t.Errorf("Update of no word = %v, want bad_response", err)
	}
}

// TestSettled: the amount a venue says it paid out is received only once
// the payout transaction is known.
func TestSettled(t *testing.T) {
	tb := StatusTable{"sending": swapscout.StatusSending, "success": swapscout.StatusFinished}
	in, out, paid := "0xin", "0xout", swapscout.MustAmount("1.5")
	u, err := tb.Settled("V", "sending", &in, nil, &paid)
	if err != nil || u.DepositTx != in || u.PayoutTx != "" || !u.AmountReceived.IsZero() || u.Status != swapscout.StatusSending {
		t.Fatalf("Settled(no payout tx) = %+v, %v; want the deposit tx and no amount received", u, err)
	}
	u, err = tb.Settled("V", "success", &in, &out, &paid)
	if err != nil || u.PayoutTx != out || u.AmountReceived.String() != "1.5" || u.VenueStatus != "success" {
		t.Fatalf("Settled(payout tx) = %+v, %v; want 1.5 received by %s", u, err, out)
	}
	if _, err := tb.Settled("V", "", &in, &out, &paid); err == nil || err.(*swapscout.VenueError).Code != swapscout.CodeBadResponse {
		t.Fatalf("Settled(no word) error = %v, want bad_response", err)
	}
}

func TestCreated(t *testing.T) {
	good := swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: "1"}, DepositAddress: "addr"}
	if o, err := Created("V", good); err != nil || o != good {
		t.Errorf("Created(good) = %+v, %v", o, err)
	}
	for _, o := range []swapscout.SwapOrder{{Ref: swapscout.OrderRef{ID: "1"}}, {DepositAddress: "addr"}} {
		if _, err := Created("V", o); err == nil || err.(*swapscout.VenueError).Code != swapscout.CodeBadResponse {
			t.Errorf("Created(%+v) = %v, want bad_response", o, err)
		}
	}
}

func TestSwapRefusal(t *testing.T) {
	limit := swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "V: too small")
	unclear := swapscout.NewVenueError(swapscout.CodeBadResponse, "V: ?")
	for _, tc := range []struct {
		name         string
		status       int
		order, words string
		quote        error
		want         swapscout.FailureCode
	}{
		{"status 404", 404, "o1", "gone", limit, CodeOrderNotFound},
		{"not found words", 200, "o1", "Order not found", limit, CodeOrderNotFound},
		{"404 on create", 404, "", "route gone", limit, swapscout.CodeAmountTooSmall},
		{"key", 401, "", "bad key", limit, swapscout.CodeNotConfigured},
		{"address field", 400, "", "Invalid withdrawal Address", limit, CodeBadRequest},
		{"quote decides", 400, "", "amount too small", limit, swapscout.CodeAmountTooSmall},
		{"quote unclear", 200, "", "something odd", unclear, CodeBadRequest},
		{"unclear without words", 400, "", "", unclear, CodeBadRequest},
		{"no quote reading", 400, "", "odd", nil, CodeBadRequest},
		// A 2xx body nobody could read may hide a made order: never a refusal,
		// which would free the Idempotency-Key for a second order.
		{"unreadable 2xx", 200, "", "", unclear, swapscout.CodeBadResponse},
	} {
		err := SwapRefusal("V", tc.status, tc.order, tc.words, tc.quote, "address", "memo")
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || ve.Code != tc.want {
			t.Errorf("%s: %v, want %s", tc.name, err, tc.want)
		}
	}
}

func TestRawText(t *testing.T) {
	for raw, want := range map[string]string{`"memo 1"`: "memo 1", `12345`: "12345", `null`: "", ``: "", ` "x" `: "x"} {
		if got := RawText(json.RawMessage(raw)); got != want {
			t.Errorf("RawText(%s) = %q, want %q", raw, got, want)
		}
	}
}

func TestRequestJSON(t *testing.T) {
	r := Request{Method: "GET", URL: "u"}.JSON(nil)
	if r.Body != nil || r.ContentType != "" {
		t.Errorf("JSON(nil) = %+v, want no body", r)
	}
	if r = (Request{Method: "POST"}).JSON([]byte(`{}`)); string(r.Body) != "{}" || r.ContentType != "application/json" {
		t.Errorf("JSON(body) = %+v", r)
	}
}

func TestSymbolsPair(t *testing.T) {
	btc, xmr, eth := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "xmr", Network: "xmr"}, swapscout.Asset{Ticker: "eth", Network: "eth"}
	s := Symbols[string]{btc: "BTC", xmr: "XMR"}
	if from, to, err := s.Pair("V", swapscout.QuoteRequest{From: btc, To: xmr}); err != nil || from != "BTC" || to != "XMR" {
		t.Errorf("Pair(btc, xmr) = %q, %q, %v", from, to, err)
	}
	for _, req := range []swapscout.QuoteRequest{{From: btc, To: eth}, {From: eth, To: xmr}, {From: btc, To: btc}} {
		if _, _, err := s.Pair("V", req); err == nil || err.(*swapscout.VenueError).Code != swapscout.CodeUnsupportedPair {
			t.Errorf("Pair(%s, %s) = %v, want unsupported_pair", req.From, req.To, err)
		}
	}
}

func TestMapAssets(t *testing.T) {
	if err := Symbols[string](MapAssets(SwapAssets, func(a swapscout.Asset) string { return a.String() })).Check(); err != nil {
		t.Errorf("SwapAssets: %v", err)
	}
	got := MapAssets(Except(AssetList("btc@btc eth@eth usdt@trx"), "eth@eth"), func(a swapscout.Asset) string { return strings.ToUpper(a.Ticker) })
	want := Symbols[string]{{Ticker: "btc", Network: "btc"}: "BTC", {Ticker: "usdt", Network: "trx"}: "USDT"}
	if len(got) != len(want) || got[swapscout.Asset{Ticker: "btc", Network: "btc"}] != "BTC" || got[swapscout.Asset{Ticker: "usdt", Network: "trx"}] != "USDT" {
		t.Errorf("MapAssets = %v, want %v", got, want)
	}
	defer func() {
		if recover() == nil {
			t.Error("AssetList of a malformed name did not panic")
		}
	}()
	AssetList("btc")
}

func TestStatusNames(t *testing.T) {
	tb := StatusNames("waiting finished", StatusTable{"hold": swapscout.StatusHeld})
	if len(tb) != 3 || tb.Status("waiting") != swapscout.StatusWaiting || tb.Status("finished") != swapscout.StatusFinished ||
		tb.Status("hold") != swapscout.StatusHeld {
		t.Errorf("StatusNames = %v", tb)
	}
	defer func() {
		if recover() == nil {
			t.Error("a name that is no status did not panic")
		}
	}()
	StatusNames("waiting paid", nil)
}

// TestExchangeStatuses: the family's words, verifying held, and a venue's
// own words beside them; each call is a table of its own.
func TestExchangeStatuses(t *testing.T) {
	tb := ExchangeStatuses(StatusTable{"expired": swapscout.StatusExpired})
	if len(tb) != 9 || tb.Status("verifying") != swapscout.StatusHeld || tb.Status("refunded") != swapscout.StatusRefunded ||
		tb.Status("expired") != swapscout.StatusExpired {
		t.Errorf("ExchangeStatuses = %v", tb)
	}
	if other := ExchangeStatuses(nil); len(other) != 8 || other.Status("expired") != swapscout.StatusUnknown {
		t.Errorf("ExchangeStatuses(nil) = %v", other)
	}
}

// TestPriceAndLimits: both calls are made; the price's failure is the
// quote's, the limits' comes apart.
func TestPriceAndLimits(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch r.URL.Path {
		case "/price":
			_, _ = w.Write([]byte(`{"n":1}`))
		case "/limits":
			w.WriteHeader(500)
			_, _ = w.Write([]byte(`{}`))
		default:
			w.WriteHeader(404)
			_, _ = w.Write([]byte(`{}`))
		}
	}))
	defer srv.Close()
	hc := upstream.New(upstream.Options{})
	defer hc.Close()
	cfg := &Config{BaseURL: srv.URL, HTTP: hc}
	decode := func(status int, body []byte, v any) error {
		if status != 200 {
			return StatusError(status)
		}
		return json.Unmarshal(body, v)
	}
	var price, limits struct{ N int }
	err, limitsErr := PriceAndLimits(context.Background(), cfg, decode, Request{URL: srv.URL + "/price"}, &price, Request{URL: srv.URL + "/limits"}, &limits)
	if err != nil || price.N != 1 || limitsErr == nil {
		t.Errorf("PriceAndLimits = %v, %v (price %d), want the price and the limits' error apart", err, limitsErr, price.N)
	}
	err, limitsErr = PriceAndLimits(context.Background(), cfg, decode, Request{URL: srv.URL + "/none"}, &price, Request{URL: srv.URL + "/price"}, &limits)
	if err == nil || limitsErr != nil || limits.N != 1 {
		t.Errorf("PriceAndLimits = %v, %v (limits %d), want the price's error and the limits", err, limitsErr, limits.N)
	}
}

// TestSwapTime: RFC 3339 with a "T" or a space between date and time (as
// Trocador writes it); anything else is no time.
func TestSwapTime(t *testing.T) {
	want := time.Date(2026, 7, 29, 14, 34, 45, 0, time.UTC)
	for _, s := range []string{"2026-07-29T14:34:45Z", " 2026-07-29 14:34:45+00:00 ", "2026-07-29T16:34:45+02:00"} {
		if got := SwapTime(s); !got.Equal(want) {
			t.Errorf("SwapTime(%q) = %v, want %v", s, got, want)
		}
	}
	for _, s := range []string{"", "2026-07-29", "2026-07-29 14:34:45", "yesterday"} {
		if got := SwapTime(s); !got.IsZero() {
			t.Errorf("SwapTime(%q) = %v, want zero", s, got)
		}
	}
}

// TestFetchValue: the parser's value comes back with the call's error.
func TestFetchValue(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/n" {
			w.WriteHeader(404)
		}
		_, _ = w.Write([]byte(`{"n":7}`))
	}))
	defer srv.Close()
	hc := upstream.New(upstream.Options{})
	defer hc.Close()
	cfg := &Config{BaseURL: srv.URL, HTTP: hc}
	parse := func(status int, body []byte) (int, error) {
		var v struct{ N int }
		if status != 200 {
			return 0, StatusError(status)
		}
		err := json.Unmarshal(body, &v)
		return v.N, err
	}
	if n, err := FetchValue(context.Background(), cfg, Request{URL: srv.URL + "/n"}, parse); n != 7 || err != nil {
		t.Errorf("FetchValue = %d, %v; want 7, nil", n, err)
	}
	if n, err := FetchValue(context.Background(), cfg, Request{URL: srv.URL + "/none"}, parse); n != 0 || err == nil {
		t.Errorf("FetchValue of a 404 = %d, %v; want 0 and an error", n, err)
	}
}
