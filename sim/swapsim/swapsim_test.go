package swapsim

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
)

func TestJSON(t *testing.T) {
	rec := httptest.NewRecorder()
	JSON{ContentType: "application/json; charset=utf-8", Prefix: []byte("\t")}.Write(rec, 400, map[string]string{"error": "bad"})
	if rec.Code != 400 || rec.Header().Get("Content-Type") != "application/json; charset=utf-8" || rec.Body.String() != "\t{\"error\":\"bad\"}" {
		t.Errorf("got %d %q %q", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	rec = httptest.NewRecorder()
	JSON{EncodeError: []byte(`{"error":"internal"}`)}.Write(rec, 200, func() {})
	if rec.Code != 500 || rec.Body.String() != `{"error":"internal"}` || rec.Header().Get("Content-Type") != "application/json" {
		t.Errorf("unencodable value: %d %q", rec.Code, rec.Body)
	}
}

// TestFault: a rate limit is 429 with Retry-After; errors alternate between
// HTTP 500 and 200, with the venue's body both times.
func TestFault(t *testing.T) {
	f := Fault(JSON{}.Write, "7", map[string]string{"e": "slow"}, map[string]string{"e": "down"})
	rec := httptest.NewRecorder()
	f(rec, nil, sim.FaultRateLimit)
	if rec.Code != 429 || rec.Header().Get("Retry-After") != "7" || rec.Body.String() != `{"e":"slow"}` {
		t.Errorf("rate limit: %d %q %q", rec.Code, rec.Header().Get("Retry-After"), rec.Body)
	}
	var statuses []int
	for range 4 {
		rec := httptest.NewRecorder()
		f(rec, nil, sim.FaultError)
		if rec.Body.String() != `{"e":"down"}` {
			t.Errorf("error body %q", rec.Body)
		}
		statuses = append(statuses, rec.Code)
	}
	if want := []int{500, 200, 500, 200}; !slices.Equal(statuses, want) {
		t.Errorf("error statuses %v, want %v", statuses, want)
	}
}

// TestFaults: the venue's writers get the alternating status, and a rate
// limit goes to limited alone.
func TestFaults(t *testing.T) {
	var got []int
	f := Faults(func(w http.ResponseWriter) { got = append(got, 429) }, func(w http.ResponseWriter, status int) { got = append(got, status) })
	for _, fault := range []sim.Fault{sim.FaultError, sim.FaultRateLimit, sim.FaultError, sim.FaultError} {
		f(httptest.NewRecorder(), nil, fault)
	}
	if want := []int{500, 429, 200, 500}; !slices.Equal(got, want) {
		t.Errorf("statuses %v, want %v", got, want)
	}
}

// TestBadAddress: only what cannot be an address is refused.
func TestBadAddress(t *testing.T) {
	for addr, want := range map[string]bool{"": true, "bc1q": true, "1234567": true, "12345678": false,
		"bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq": false} {
		if got := BadAddress(addr); got != want {
			t.Errorf("BadAddress(%q) = %v, want %v", addr, got, want)
		}
	}
}

func TestKeyed(t *testing.T) {
	h := Keyed("Authorization", "Bearer ", func(w http.ResponseWriter) { w.WriteHeader(401) })(func(w http.ResponseWriter, r *http.Request) {})
	for header, want := range map[string]int{"": 401, "Bearer ": 401, "k": 401, "Bearer k": 200} {
		r := httptest.NewRequest("GET", "/", nil)
		if header != "" {
			r.Header.Set("Authorization", header)
		}
		rec := httptest.NewRecorder()
		h(rec, r)
		if rec.Code != want {
			t.Errorf("Authorization %q: %d, want %d", header, rec.Code, want)
		}
	}
}

var (
	btc = swapscout.Asset{Ticker: "btc", Network: "btc"}
	xmr = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
)

func TestPair(t *testing.T) {
	codes := map[string]swapscout.Asset{"BTC": btc, "XMR": xmr}
	if a, b, ok := Pair(codes, "BTC", "XMR"); !ok || a != btc || b != xmr {
		t.Errorf("Pair(BTC, XMR) = %s %s %v", a, b, ok)
	}
	for _, p := range [][2]string{{"BTC", "BTC"}, {"BTC", "ZZZ"}, {"ZZZ", "XMR"}} {
		if _, _, ok := Pair(codes, p[0], p[1]); ok {
			t.Errorf("Pair(%s, %s) ok", p[0], p[1])
		}
	}
}

func TestRefusal(t *testing.T) {
	var got string
	r := Refusal{
		Below: func(w http.ResponseWriter, le *sim.LimitError) { got = "below " + le.Min.String() },
		Pair:  func(w http.ResponseWriter) { got = "pair" },
	}
	for _, tc := range []struct {
		err  error
		want string
	}{
		{&sim.LimitError{Min: swapscout.MustAmount("1"), Below: true}, "below 1"},
		{&sim.LimitError{Min: swapscout.MustAmount("2")}, "below 2"}, // no Above: as Below
		{sim.ErrNoPair, "pair"},
	} {
		got = ""
		if !r.Write(nil, tc.err) || got != tc.want {
			t.Errorf("Write(%v) wrote %q, want %q", tc.err, got, tc.want)
		}
	}
	r.Above = func(w http.ResponseWriter, le *sim.LimitError) { got = "above " + le.Max.String() }
	if r.Write(nil, &sim.LimitError{Max: swapscout.MustAmount("3")}); got != "above 3" {
		t.Errorf("above: wrote %q", got)
	}
	if r.Write(nil, nil) {
		t.Error("Write(nil) answered")
	}
}

func TestWordsOf(t *testing.T) {
	tb := venue.StatusTable{"wait": swapscout.StatusWaiting, "new": swapscout.StatusWaiting, "done": swapscout.StatusFinished,
		"hold": swapscout.StatusHeld, "refund": swapscout.StatusRefunding}
	w := WordsOf(tb, "wait")
	want := Words{sim.StageWaiting: "wait", sim.StageFinished: "done", sim.StageHeld: "hold"}
	if len(w) != len(want) {
		t.Errorf("WordsOf = %v, want %v", w, want)
	}
	for st, word := range want {
		if w[st] != word {
			t.Errorf("stage %s: %q, want %q", st, w[st], word)
		}
	}
	if w.With(sim.StageExpired, "done")[sim.StageExpired] != "done" {
		t.Error("With did not name the stage")
	}
	for name, prefer := range map[string][]string{"ambiguous": nil, "unknown preferred word": {"wait", "gone"}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", name)
				}
			}()
			WordsOf(tb, prefer...)
		}()
	}
}

func TestLimits(t *testing.T) {
	s, err := sim.New(sim.Config{Seed: 1}, map[string]sim.Venue{"v": {
		Profile: sim.Profile{Kind: swapscout.InstantSwap, MinUSD: 10, MaxUSD: 1000, NetworkFeeUSD: 1, Assets: []swapscout.Asset{btc, xmr}},
		Handler: func(*sim.Exchange) http.Handler { return http.NotFoundHandler() },
	}})
	if err != nil {
		t.Fatal(err)
	}
	x := s.Exchange("v")
	spec := sim.QuoteSpec{From: btc, To: xmr}
	min, max, err := Limits(x, spec)
	if err != nil || min.Sign() <= 0 || max.Cmp(min) <= 0 {
		t.Fatalf("Limits = %s, %s, %v", min, max, err)
	}
	if _, _, err := Limits(x, sim.QuoteSpec{From: btc, To: btc}); !errors.Is(err, sim.ErrNoPair) {
		t.Errorf("Limits of no pair: %v", err)
	}
	res, err := AtMin(x, spec)
	if err != nil || !res.Min.Equal(min) || res.AmountIn.Cmp(min) < 0 || res.Rate.Sign() <= 0 {
		t.Errorf("AtMin = %+v, %v", res, err)
	}
	if got := Received(x, spec, min.Mul(swapscout.AmountFromInt(2))); got.Sign() <= 0 {
		t.Errorf("Received(2×min) = %s", got)
	}
	if got := Received(x, spec, max.Mul(swapscout.AmountFromInt(2))); !got.IsZero() {
		t.Errorf("Received(2×max) = %s, want zero", got)
	}
}
