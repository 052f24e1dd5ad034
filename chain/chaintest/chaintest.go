// Package chaintest is the conformance suite every swapscout.ChainWatcher
// implementation passes, and the fixture replay server its tests use:
// answers recorded from (or documented by) public explorers, kept under the
// implementation's testdata/, are served over real HTTP (httptest) by
// method, path, query and, for JSON-RPC, the method called.
package chaintest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain"
	"github.com/swapscout/swapscout/internal/httprec"
	"github.com/swapscout/swapscout/upstream"
)

// Secret is a path segment every suite's endpoint URL carries, as an RPC
// provider's key would: no error may show it.
const Secret = "/k3y-s3cret"

// Route is one answer of the replay server.
type Route struct {
	Method string // GET when empty (POST when RPC is set)
	Path   string // request path after the endpoint root, without the query
	// Query, when set, must appear in the raw query.
	Query string
	// RPC, when set, is the JSON-RPC method the POSTed body must call.
	RPC string
	// Param, when set, must appear in the request body (a txid, an address).
	Param   string
	Status  int    // 200 when zero
	Fixture string // file under the replay's directory with the body
	Body    string // the body, when there is no fixture
	Header  map[string]string
}

// Recorded is a request the replay server received.
type Recorded = httprec.Request

// Replay is an httptest server answering fixtures. The endpoint's root is
// URL(): the server's address plus Secret. Its Requests and Count say what
// it received.
type Replay struct {
	*httptest.Server
	httprec.Log
}

// NewReplay serves routes from dir on 127.0.0.1; the first route that
// matches answers, and a request no route matches fails the test.
func NewReplay(t testing.TB, dir string, routes []Route) *Replay {
	t.Helper()
	names := make([]string, len(routes))
	for i, r := range routes {
		names[i] = r.Fixture
	}
	bodies := httprec.Fixtures(t, dir, names)
	for i, r := range routes {
		if r.Fixture == "" {
			bodies[i] = []byte(r.Body)
		}
	}
	rp := &Replay{}
	rp.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
		path, ok := strings.CutPrefix(r.URL.Path, Secret)
		rp.Add(r, path, body)
		if !ok {
			t.Errorf("replay: request %s %s lost the endpoint's path", r.Method, r.URL.Path)
			http.Error(w, "no such endpoint", http.StatusNotFound)
			return
		}
		for i, rt := range routes {
			if rt.match(r.Method, path, r.URL.RawQuery, body) {
				for k, v := range rt.Header {
					w.Header().Set(k, v)
				}
				if w.Header().Get("Content-Type") == "" {
					w.Header().Set("Content-Type", "application/json")
				}
				w.WriteHeader(or(rt.Status, 200))
				_, _ = w.Write(bodies[i])
				return
			}
		}
		t.Errorf("replay: no route for %s %s?%s %s", r.Method, path, r.URL.RawQuery, clip(body))
		http.Error(w, "no route", http.StatusNotImplemented)
	}))
	t.Cleanup(rp.Close)
	return rp
}

// URL is the endpoint root to configure: the server plus Secret.
func (rp *Replay) URL() string { return rp.Server.URL + Secret }

func (rt Route) match(method, path, query string, body []byte) bool {
	want := rt.Method
	if want == "" {
		want = "GET"
		if rt.RPC != "" {
			want = "POST"
		}
	}
	if method != want || path != rt.Path || rt.Query != "" && !strings.Contains(query, rt.Query) {
		return false
	}
	if rt.RPC != "" {
		var req struct {
			Method string `json:"method"`
		}
		if json.Unmarshal(body, &req) != nil || req.Method != rt.RPC {
			return false
		}
	}
	return rt.Param == "" || bytes.Contains(body, []byte(rt.Param))
}

// or returns a, or b when a is the zero value.
func or[T comparable](a, b T) T {
	var zero T
	if a == zero {
		return b
	}
	return a
}

func clip(b []byte) string {
	if len(b) > 200 {
		return string(b[:200]) + "…"
	}
	return string(b)
}

// Client returns an upstream client for tests, closed at cleanup.
func Client(t testing.TB) *upstream.Client {
	c := upstream.New(upstream.Options{})
	t.Cleanup(func() { c.Close() })
	return c
}

// Config returns the chain.Config of an endpoint at url for tests: the
// shared test client, no guard, a short timeout and the given clock.
func Config(t testing.TB, url string, now func() time.Time) chain.Config {
	return chain.Config{URL: url, HTTP: Client(t), Timeout: 2 * time.Second, Now: now}
}

// Suite describes one implementation to the conformance suite.
type Suite struct {
	// New builds the watcher of the endpoint at url (a replay or fault
	// server's root, Secret included) with timeout as its per-call deadline.
	New func(t *testing.T, url string, timeout time.Duration) swapscout.ChainWatcher
	Dir string // fixtures; "testdata" when empty
	// Routes answer Find, TxID and NotFoundTxID.
	Routes []Route
	Find   swapscout.TransferQuery
	Want   []swapscout.Transfer
	// TxNetwork and TxID name a transaction the routes answer, with the
	// transfers it made (WantTx).
	TxNetwork, TxID string
	WantTx          []swapscout.Transfer
	NotFoundTxID    string // a well-formed id the routes answer as unknown
	BadTxID         string // an id malformed for the network (refused before any call)
	// OtherAsset is a catalogue asset on Find.Network the watcher does not
	// carry (zero when it carries them all).
	OtherAsset swapscout.Asset
}

// Run runs the conformance suite.
func Run(t *testing.T, s Suite) {
	dir := or(s.Dir, "testdata")
	rp := NewReplay(t, dir, s.Routes)
	w := s.New(t, rp.URL(), 2*time.Second)
	ctx := context.Background()

	t.Run("Networks", func(t *testing.T) {
		nets := w.Networks()
		if len(nets) == 0 {
			t.Fatal("Networks() is empty")
		}
		for _, n := range nets {
			if _, ok := swapscout.Networks[n]; !ok {
				t.Errorf("Networks() lists %q, not a swapscout network", n)
			}
		}
		if !chain.Serves(nets, s.Find.Network) {
			t.Errorf("Networks() = %v lacks the suite's network %q", nets, s.Find.Network)
		}
	})

	t.Run("FindTransfers", func(t *testing.T) {
		got, err := w.FindTransfers(ctx, s.Find)
		if err != nil {
			t.Fatalf("FindTransfers(%+v): %v", s.Find, err)
		}
		for _, tr := range got {
			checkTransfer(t, tr, s.Find.Network)
			if tr.Asset != s.Find.Asset || !chain.SameAddress(s.Find.Network, tr.To, s.Find.Address) {
				t.Errorf("FindTransfers returned %s to %s, want %s to %s", tr.Asset, tr.To, s.Find.Asset, s.Find.Address)
			}
		}
		if diff := cmp.Diff(Sorted(s.Want), Sorted(got)); diff != "" {
			t.Errorf("FindTransfers mismatch (-want +got):\n%s", diff)
		}
	})

	t.Run("Transaction", func(t *testing.T) {
		got, err := w.Transaction(ctx, s.TxNetwork, s.TxID)
		if err != nil {
			t.Fatalf("Transaction(%s): %v", s.TxID, err)
		}
		for _, tr := range got {
			checkTransfer(t, tr, s.TxNetwork)
		}
		if diff := cmp.Diff(Sorted(s.WantTx), Sorted(got)); diff != "" {
			t.Errorf("Transaction mismatch (-want +got):\n%s", diff)
		}
	})

	t.Run("NotFound", func(t *testing.T) {
		_, err := w.Transaction(ctx, s.TxNetwork, s.NotFoundTxID)
		if !errors.Is(err, swapscout.ErrTransactionNotFound) {
			t.Errorf("Transaction(unknown id) = %v, want ErrTransactionNotFound", err)
		}
	})

	t.Run("RefusedBeforeCall", func(t *testing.T) {
		before := rp.Count()
		bad := []swapscout.TransferQuery{
			withNetwork(s.Find, "nosuchnet"),
			withAsset(s.Find, swapscout.Asset{Ticker: "nosuch", Network: s.Find.Network}),
			withAsset(s.Find, swapscout.Asset{Ticker: "xmr", Network: "xmr"}),
			withAddress(s.Find, ""),
			withAddress(s.Find, strings.Repeat("a", 200)),
		}
		if !s.OtherAsset.IsZero() {
			bad = append(bad, withAsset(s.Find, s.OtherAsset))
		}
		for _, q := range bad {
			if _, err := w.FindTransfers(ctx, q); swapscout.ErrorCode(err) != swapscout.EINVALID {
				t.Errorf("FindTransfers(%s %s %q) = %v, want an invalid_request error", q.Network, q.Asset, clipS(q.Address), err)
			}
		}
		if _, err := w.Transaction(ctx, "nosuchnet", s.TxID); swapscout.ErrorCode(err) != swapscout.EINVALID {
			t.Errorf("Transaction(other network) = %v, want an invalid_request error", err)
		}
		if _, err := w.Transaction(ctx, s.TxNetwork, s.BadTxID); swapscout.ErrorCode(err) != swapscout.EINVALID {
			t.Errorf("Transaction(%q) = %v, want an invalid_request error", s.BadTxID, err)
		}
		if n := rp.Count() - before; n != 0 {
			t.Errorf("refused queries made %d calls, want none", n)
		}
	})

	t.Run("Faults", func(t *testing.T) { runFaults(t, s) })
}

// Sorted returns ts ordered by transaction and index, for comparisons.
func Sorted(ts []swapscout.Transfer) []swapscout.Transfer {
	ts = slices.Clone(ts)
	slices.SortFunc(ts, func(a, b swapscout.Transfer) int {
		if c := strings.Compare(a.TxID, b.TxID); c != 0 {
			return c
		}
		if a.Index != b.Index {
			return a.Index - b.Index
		}
		return strings.Compare(a.To, b.To)
	})
	return ts
}

// checkTransfer enforces what every transfer must be, whatever the format.
func checkTransfer(t *testing.T, tr swapscout.Transfer, network string) {
	t.Helper()
	switch {
	case tr.Network != network:
		t.Errorf("transfer %s: network %q, want %q", tr.TxID, tr.Network, network)
	case tr.TxID == "":
		t.Errorf("transfer without a transaction id: %+v", tr)
	case !tr.Amount.Valid() || tr.Amount.Sign() <= 0:
		t.Errorf("transfer %s: amount %s is not positive", tr.TxID, tr.Amount)
	case tr.Asset.Network != network:
		t.Errorf("transfer %s: asset %s is not on %s", tr.TxID, tr.Asset, network)
	case (tr.Height == 0) != (tr.Confirmations == 0) || (tr.Height == 0) != tr.Time.IsZero():
		t.Errorf("transfer %s: height %d, %d confirmations, time %v: unconfirmed means all three zero", tr.TxID, tr.Height, tr.Confirmations, tr.Time)
	case tr.Height < 0 || tr.Confirmations < 0:
		t.Errorf("transfer %s: negative height or confirmations", tr.TxID)
	}
	if _, ok := swapscout.LookupAsset(tr.Asset); !ok {
		t.Errorf("transfer %s: asset %s is not in the catalogue", tr.TxID, tr.Asset)
	}
	if c, token := swapscout.ChainToken(tr.Asset); token != (tr.Contract != "") || token && c != tr.Contract {
		t.Errorf("transfer %s: contract %q for %s, want %q", tr.TxID, tr.Contract, tr.Asset, c)
	}
}

func withNetwork(q swapscout.TransferQuery, n string) swapscout.TransferQuery {
	q.Network = n
	return q
}

func withAsset(q swapscout.TransferQuery, a swapscout.Asset) swapscout.TransferQuery {
	q.Asset = a
	return q
}

func withAddress(q swapscout.TransferQuery, a string) swapscout.TransferQuery {
	q.Address = a
	return q
}

func clipS(s string) string {
	if len(s) > 20 {
		return s[:20] + "…"
	}
	return s
}

// fault is one way an endpoint misbehaves, and the failure it must become.
type fault struct {
	name    string
	handler http.HandlerFunc
	want    swapscout.FailureCode // "" : context.Canceled
}

func runFaults(t *testing.T, s Suite) {
	faults := []fault{
		{"429", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", "7")
			http.Error(w, "slow down", http.StatusTooManyRequests)
		}, swapscout.CodeRateLimited},
		{"503", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "down for maintenance", http.StatusServiceUnavailable)
		}, swapscout.CodeUnavailable},
		{"html", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			_, _ = io.WriteString(w, "<html><body>Attention required</body></html>")
		}, swapscout.CodeUnavailable},
		{"garbage", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = io.WriteString(w, `{"result": [1, 2, `)
		}, swapscout.CodeBadResponse},
		{"huge", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write(bytes.Repeat([]byte(" "), chain.DefaultMaxBody+1))
		}, swapscout.CodeBadResponse},
		{"silent", func(w http.ResponseWriter, r *http.Request) {
			// Never answers; the watcher's deadline must end the call. The
			// body is read first so the server notices the client leave.
			_, _ = io.Copy(io.Discard, r.Body)
			<-r.Context().Done()
		}, swapscout.CodeTimeout},
	}
	for _, f := range faults {
		t.Run(f.name, func(t *testing.T) {
			srv := httptest.NewServer(f.handler)
			defer srv.Close()
			// Only the silent endpoint must be ended by the deadline; the
			// others answer at once, and a deadline they could miss on a
			// loaded machine (reading a huge body under -race) would turn
			// their failure into a timeout.
			deadline := 30 * time.Second
			if f.want == swapscout.CodeTimeout {
				deadline = 300 * time.Millisecond
			}
			w := s.New(t, srv.URL+Secret, deadline)
			_, err := w.FindTransfers(context.Background(), s.Find)
			checkFault(t, "FindTransfers", err, f.want)
			_, err = w.Transaction(context.Background(), s.TxNetwork, s.TxID)
			checkFault(t, "Transaction", err, f.want)
		})
	}
	t.Run("canceled", func(t *testing.T) {
		srv := httptest.NewServer(http.NotFoundHandler())
		defer srv.Close()
		w := s.New(t, srv.URL+Secret, time.Second)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := w.FindTransfers(ctx, s.Find); !errors.Is(err, context.Canceled) {
			t.Errorf("FindTransfers(canceled) = %v, want context.Canceled", err)
		}
	})
}

func checkFault(t *testing.T, call string, err error, want swapscout.FailureCode) {
	t.Helper()
	var ve *swapscout.VenueError
	switch {
	case err == nil:
		t.Errorf("%s: no error, want %s", call, want)
	case !errors.As(err, &ve):
		t.Errorf("%s: %v (%T), want a %s failure", call, err, err, want)
	case ve.Code != want:
		t.Errorf("%s: code %s (%v), want %s", call, ve.Code, err, want)
	}
	if err != nil && strings.Contains(err.Error(), strings.TrimPrefix(Secret, "/")) {
		t.Errorf("%s: error shows the endpoint's path (a key may be there): %v", call, err)
	}
}
