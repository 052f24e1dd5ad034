// Package venuetest is the conformance suite every venue adapter passes, and
// the fixture replay server its tests use: recorded-shape responses under the
// adapter's testdata/ are served over real HTTP (httptest) and the adapter's
// normalized result is compared with a golden file (rewrite with -update).
package venuetest

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/internal/httprec"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/hostile"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
)

var update = flag.Bool("update", false, "rewrite golden .want.json files")

// Route is one answer of the replay server.
type Route struct {
	Method string // GET when empty
	Path   string // request path to match (exact, without the query)
	// Query, when set, must appear in the raw query (e.g. "symbol=BTCUSDT"):
	// two routes on one path (two books of a route) differ by it. The first
	// route that matches answers.
	Query   string
	Status  int    // 200 when zero
	Fixture string // file under testdata/ with the body
	Header  map[string]string
}

// Recorded is a request the replay server received.
type Recorded = httprec.Request

// Case is one fixture-driven test of an adapter.
type Case struct {
	Name   string // subtest name; the golden file is testdata/<Name>.want.json
	Routes []Route
	Req    swapscout.QuoteRequest
	// Want is the failure code expected, from the adapter or from the
	// engine's check of its offer (aggregate.Check); empty when an offer is
	// expected, which is then compared with the golden file.
	Want swapscout.FailureCode
	// Check, when set, inspects the requests the adapter made.
	Check func(t *testing.T, reqs []Recorded)
}

// Replay is an httptest server answering fixtures by method and path. Its
// Requests and Count say what it received.
type Replay struct {
	*httptest.Server
	httprec.Log
}

// NewReplay serves routes from dir (usually "testdata") on 127.0.0.1.
func NewReplay(t testing.TB, dir string, routes []Route) *Replay {
	t.Helper()
	return newReplay(t, dir, routes, nil)
}

// newReplay is NewReplay whose answers pass through rewrite, when not nil,
// with the request and its body.
func newReplay(t testing.TB, dir string, routes []Route, rewrite func(r *http.Request, reqBody, body []byte) []byte) *Replay {
	t.Helper()
	names := make([]string, len(routes))
	for i, rt := range routes {
		names[i] = rt.Fixture
	}
	bodies := httprec.Fixtures(t, dir, names)
	rp := &Replay{}
	rp.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := new(bytes.Buffer)
		_, _ = body.ReadFrom(r.Body)
		rp.Add(r, r.URL.Path, body.Bytes())
		for i, rt := range routes {
			m := rt.Method
			if m == "" {
				m = "GET"
			}
			if m != r.Method || rt.Path != r.URL.Path || !strings.Contains(r.URL.RawQuery, rt.Query) {
				continue
			}
			for k, v := range rt.Header {
				w.Header().Set(k, v)
			}
			if w.Header().Get("Content-Type") == "" {
				w.Header().Set("Content-Type", "application/json")
			}
			st := rt.Status
			if st == 0 {
				st = 200
			}
			w.WriteHeader(st)
			b := bodies[i]
			if rewrite != nil {
				b = rewrite(r, body.Bytes(), b)
			}
			_, _ = w.Write(b)
			return
		}
		http.Error(w, `{"error":"no fixture for `+r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery+`"}`, 599)
	}))
	t.Cleanup(rp.Close)
	return rp
}

// Client returns a shared upstream client closed at test cleanup.
func Client(t testing.TB) *upstream.Client {
	c := upstream.New(upstream.Options{})
	t.Cleanup(func() { c.Close() })
	return c
}

// New builds d's adapter against baseURL with test credentials, and refreshes
// its metadata when it keeps any.
func New(t testing.TB, d *venue.Descriptor, baseURL string) swapscout.Quoter {
	t.Helper()
	cfg := venue.Config{BaseURL: baseURL, HTTP: Client(t), APIKey: "test-key", APISecret: "test-secret",
		Now: func() time.Time { return time.Date(2026, 7, 29, 14, 0, 0, 0, time.UTC) }}
	if d.IndexerURL != "" {
		cfg.IndexerURL = baseURL // served beside the venue's API, as the simulator does
	}
	q, err := d.New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	if rf, ok := q.(swapscout.Refresher); ok {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := rf.Refresh(ctx); err != nil {
			t.Fatalf("Refresh: %v", err)
		}
	}
	return q
}

// RunCases runs each case against a replay of its routes.
func RunCases(t *testing.T, d *venue.Descriptor, cases []Case) {
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			rp := NewReplay(t, "testdata", c.Routes)
			q := New(t, d, rp.URL)
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			offer, err := q.Quote(ctx, c.Req)
			if c.Check != nil {
				c.Check(t, rp.Requests())
			}
			if c.Want != "" && err == nil {
				// An offer the engine would refuse (amounts not positive,
				// another amount than asked) fails as it would say.
				err = aggregate.Check(c.Req, &offer)
			}
			if c.Want != "" {
				if err == nil {
					t.Fatalf("Quote(%s→%s) = offer %s, want failure %s", c.Req.From, c.Req.To, offer.AmountOut, c.Want)
				}
				if code := Code(err); code != c.Want {
					t.Fatalf("Quote(%s→%s) error %v has code %s, want %s", c.Req.From, c.Req.To, err, code, c.Want)
				}
				return
			}
			if err != nil {
				t.Fatalf("Quote(%s→%s): %v", c.Req.From, c.Req.To, err)
			}
			Golden(t, filepath.Join("testdata", c.Name+".want.json"), d.ID, offer)
		})
	}
}

// Code returns the failure code of an adapter error, as the engine would.
func Code(err error) swapscout.FailureCode {
	var ve *swapscout.VenueError
	switch {
	case errors.As(err, &ve):
		return ve.Code
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return swapscout.CodeTimeout
	}
	return swapscout.CodeUnavailable
}

// Golden compares offer's JSON with the file, rewriting it under -update.
func Golden(t *testing.T, path, venueID string, o swapscout.Offer) {
	t.Helper()
	o.Venue, o.Took = venueID, 0
	got := append(api.AppendOffer(nil, &o), '\n')
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("offer differs from %s (rerun with -update if intended):\n got: %s\nwant: %s", path, got, want)
	}
}

// Options tune Run's generic checks.
type Options struct {
	// OK is a case whose routes give an offer; the generic checks reuse its
	// request and routes (stalling, failing or oversizing them).
	OK Case
	// Meta are routes an adapter needs before it can quote (market lists);
	// the fault checks still answer them from fixtures.
	Meta []Route
}

// Run is the conformance suite: the descriptor is valid; symbols the catalogue
// lacks are unsupported without a call; cancellation and deadlines are
// honoured promptly; rate limits, 5xx, HTML block pages and oversized bodies
// map to their codes. (That the adapter answers its own simulator is
// sim/all's test, for every venue at once.)
func Run(t *testing.T, d *venue.Descriptor, o Options) {
	t.Run("Descriptor", func(t *testing.T) {
		if err := d.Validate(); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("UnknownAssetNoCall", func(t *testing.T) {
		rp := NewReplay(t, "testdata", o.OK.Routes)
		q := New(t, d, rp.URL)
		before := rp.Count()
		req := o.OK.Req
		req.To = swapscout.Asset{Ticker: "zzz", Network: "zzz"}
		_, err := q.Quote(context.Background(), req)
		if code := Code(err); code != swapscout.CodeUnsupportedPair {
			t.Errorf("Quote(→zzz) code = %s (%v), want unsupported_pair", code, err)
		}
		if n := rp.Count() - before; n != 0 {
			t.Errorf("Quote(→zzz) made %d calls, want 0", n)
		}
	})
	t.Run("Cancel", func(t *testing.T) {
		release := make(chan struct{})
		defer close(release)
		q := newFaulty(t, d, o.Meta, func(w http.ResponseWriter, r *http.Request) {
			select {
			case <-release:
			case <-r.Context().Done():
			}
		})
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(50*time.Millisecond, cancel)
		start := time.Now()
		_, err := q.Quote(ctx, o.OK.Req)
		if err == nil {
			t.Fatal("Quote on a stalled venue succeeded")
		}
		if took := time.Since(start); took > time.Second {
			t.Errorf("Quote returned %s after cancel, want promptly", took-50*time.Millisecond)
		}
	})
	faults := []struct {
		name   string
		status int
		body   string
		ct     string
		want   swapscout.FailureCode
	}{
		{"RateLimited", 429, `{"error":"too many requests"}`, "application/json", swapscout.CodeRateLimited},
		{"ServerError", 503, `<html>down</html>`, "text/html", swapscout.CodeUnavailable},
		{"HTMLBlockPage", 200, `<html>blocked</html>`, "text/html; charset=utf-8", swapscout.CodeUnavailable},
		{"Oversized", 200, `{"x":"` + strings.Repeat("a", 5<<20) + `"}`, "application/json", swapscout.CodeBadResponse},
		{"Garbage", 200, `{"unexpected`, "application/json", swapscout.CodeBadResponse},
	}
	for _, f := range faults {
		t.Run(f.name, func(t *testing.T) {
			q := newFaulty(t, d, o.Meta, func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", f.ct)
				w.WriteHeader(f.status)
				_, _ = w.Write([]byte(f.body))
			})
			_, err := q.Quote(context.Background(), o.OK.Req)
			if code := Code(err); code != f.want {
				t.Errorf("Quote with HTTP %d %q… = code %s (%v), want %s", f.status, trim(f.body), code, err, f.want)
			}
		})
	}
	// A venue answering zero or negative amounts is wrong, not refusing: the
	// OK case's answers with every amount, price and rate zeroed or negated
	// (the market and currency lists left healthy, as hostile's quote scope
	// does) must end as a bad_response, from the adapter itself or from the
	// engine's check of every offer (aggregate.Check), never as a limit or
	// an unserved pair.
	for _, m := range []hostile.Mode{hostile.AmountsZero, hostile.AmountsNegative} {
		t.Run(string(m), func(t *testing.T) {
			rp := newReplay(t, "testdata", o.OK.Routes, func(r *http.Request, reqBody, body []byte) []byte {
				if hostile.IsListRequest(r, reqBody) {
					return body
				}
				if out, ok := hostile.Rewrite(m, body); ok {
					return out
				}
				return body
			})
			offer, err := New(t, d, rp.URL).Quote(context.Background(), o.OK.Req)
			if err == nil {
				err = aggregate.Check(o.OK.Req, &offer)
			}
			if code := Code(err); code != swapscout.CodeBadResponse {
				t.Errorf("Quote with %s answers = code %s (%v), want bad_response", m, code, err)
			}
		})
	}
}

// newFaulty builds the adapter against a server that answers the Meta
// routes from fixtures and every other request with fault.
func newFaulty(t *testing.T, d *venue.Descriptor, meta []Route, fault http.HandlerFunc) swapscout.Quoter {
	t.Helper()
	bodies := map[string][]byte{}
	for _, rt := range meta {
		b, err := os.ReadFile(filepath.Join("testdata", rt.Fixture))
		if err != nil {
			t.Fatal(err)
		}
		bodies[rt.Path] = b
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if b, ok := bodies[r.URL.Path]; ok {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write(b)
			return
		}
		fault(w, r)
	}))
	t.Cleanup(srv.Close)
	return New(t, d, srv.URL)
}

func trim(s string) string {
	if len(s) > 24 {
		return s[:24]
	}
	return s
}

var _ = fmt.Sprintf

// StartSim serves one venue's simulated API with cfg on 127.0.0.1 and closes
// it when the test ends.
func StartSim(t testing.TB, cfg sim.Config, id string, v sim.Venue) *sim.Server {
	t.Helper()
	s, err := sim.New(cfg, map[string]sim.Venue{id: v})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// Refusal is an error body an adapter must classify by what it says: the
// failure code, the venue's own words in the message, and the limits when
// the venue (or its range) gave them ("" for none).
type Refusal struct {
	Name     string
	Req      swapscout.QuoteRequest
	Routes   []Route
	Code     swapscout.FailureCode
	Words    string
	Min, Max string
}

// RunRefusals replays each case's routes to d's adapter and checks its
// refusal: code, words and limits.
func RunRefusals(t *testing.T, d *venue.Descriptor, cases []Refusal) {
	t.Helper()
	or0 := func(s string) string {
		if s == "" {
			return "0"
		}
		return s
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			rp := NewReplay(t, "testdata", c.Routes)
			_, err := New(t, d, rp.URL).Quote(context.Background(), c.Req)
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) {
				t.Fatalf("err %v, want a %s refusal", err, c.Code)
			}
			if ve.Code != c.Code || !strings.Contains(ve.Msg, c.Words) {
				t.Errorf("err %q (%s), want %s saying %q", ve.Msg, ve.Code, c.Code, c.Words)
			}
			if got, want := ve.Min.String(), or0(c.Min); got != want {
				t.Errorf("Min %s, want %s", got, want)
			}
			if got, want := ve.Max.String(), or0(c.Max); got != want {
				t.Errorf("Max %s, want %s", got, want)
			}
		})
	}
}

// CheckDuplicateKeys holds d's adapter to the rule for repeated JSON keys
// (venue/text.go): the last occurrence wins, as encoding/json does. For
// each route of ok with a testdata/dup_<fixture> beside its fixture (the
// same answer with its amount and limit keys repeated, a decoy first), the
// adapter must quote exactly what it quotes from the original.
func CheckDuplicateKeys(t *testing.T, d *venue.Descriptor, ok Case) {
	t.Helper()
	quote := func(routes []Route) swapscout.Offer {
		t.Helper()
		rp := NewReplay(t, "testdata", routes)
		o, err := New(t, d, rp.URL).Quote(context.Background(), ok.Req)
		if err != nil {
			t.Fatalf("Quote: %v", err)
		}
		return o
	}
	dup := make([]Route, len(ok.Routes))
	swapped := 0
	for i, r := range ok.Routes {
		if _, err := os.Stat(filepath.Join("testdata", "dup_"+r.Fixture)); r.Fixture != "" && err == nil {
			r.Fixture = "dup_" + r.Fixture
			swapped++
		}
		dup[i] = r
	}
	if swapped == 0 {
		t.Fatal("no dup_ fixture for the OK case")
	}
	want, got := quote(ok.Routes), quote(dup)
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(swapscout.Amount{})); diff != "" {
		t.Errorf("a repeated key did not take its last value (-original +duplicated):\n%s", diff)
	}
}
