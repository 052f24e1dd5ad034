package sim

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

// fakeCalls records what the fake venue was asked.
type fakeCalls struct {
	handled atomic.Int64 // requests that reached the handler
	faults  atomic.Int64 // calls of Fault
	last    atomic.Int64 // last Fault passed
}

// fakeVenue is a tiny venue: /quote and /book expose the Exchange as JSON,
// /echo writes back the path it saw, /plain writes text without a
// Content-Type.
func fakeVenue(p Profile, c *fakeCalls) Venue {
	if c == nil {
		c = new(fakeCalls)
	}
	return Venue{
		Profile: p,
		Handler: func(x *Exchange) http.Handler {
			mux := http.NewServeMux()
			mux.HandleFunc("/echo", func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/x-echo")
				fmt.Fprintf(w, "%s?%s", r.URL.Path, r.URL.RawQuery)
			})
			mux.HandleFunc("/plain", func(w http.ResponseWriter, r *http.Request) {
				io.WriteString(w, strings.Repeat("hello simulator ", 100))
			})
			mux.HandleFunc("/quote", func(w http.ResponseWriter, r *http.Request) {
				q := r.URL.Query()
				from, _, _ := strings.Cut(q.Get("from"), "@")
				to, _, _ := strings.Cut(q.Get("to"), "@")
				fi, _ := swapscout.ResolveAsset(from, "")
				ti, _ := swapscout.ResolveAsset(to, "")
				dir, _ := swapscout.ParseDirection(q.Get("dir"))
				res, err := x.Quote(QuoteSpec{From: fi.Asset, To: ti.Asset, Amount: swapscout.MustAmount(q.Get("amount")),
					Direction: dir, Fixed: q.Get("fixed") != ""})
				w.Header().Set("Content-Type", "application/json")
				if err != nil {
					w.WriteHeader(http.StatusBadRequest)
					json.NewEncoder(w).Encode(map[string]string{"error": err.Error()})
					return
				}
				json.NewEncoder(w).Encode(res)
			})
			mux.HandleFunc("/book", func(w http.ResponseWriter, r *http.Request) {
				bids, asks, ok := x.Book(r.URL.Query().Get("base"), r.URL.Query().Get("quote"), 5)
				if !ok {
					http.NotFound(w, r)
					return
				}
				w.Header().Set("Content-Type", "application/json")
				json.NewEncoder(w).Encode(map[string][]Level{"bids": bids, "asks": asks})
			})
			return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				c.handled.Add(1)
				mux.ServeHTTP(w, r)
			})
		},
		Fault: func(w http.ResponseWriter, r *http.Request, f Fault) {
			c.faults.Add(1)
			c.last.Store(int64(f))
			w.Header().Set("Content-Type", "application/json")
			if f == FaultRateLimit {
				w.WriteHeader(http.StatusTooManyRequests)
				io.WriteString(w, `{"error":"too many requests"}`)
				return
			}
			w.WriteHeader(http.StatusBadGateway)
			io.WriteString(w, `{"error":"boom"}`)
		},
	}
}

var (
	swapProfile = Profile{
		Kind: swapscout.InstantSwap, Spread: 0.005, FixedExtra: 0.01,
		MinUSD: 10, MaxUSD: 50000, NetworkFeeUSD: 1,
	}
	bookProfile = Profile{
		Kind: swapscout.OrderBook, Spread: 0.0005, Depth: 50,
		Markets: []string{"BTC/USDT", "ETH/BTC", "BTC/USD", "DOGE/USDT", "XMR/BTC"},
	}
)

// clock is a settable clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *clock { return &clock{t: time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)} }

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// newServer returns a server closed at the end of the test.
func newServer(t *testing.T, cfg Config, venues map[string]Venue) *Server {
	t.Helper()
	s, err := New(cfg, venues)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}

// startServer is newServer, listening on loopback.
func startServer(t *testing.T, cfg Config, venues map[string]Venue) *Server {
	t.Helper()
	s := newServer(t, cfg, venues)
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	return s
}

// newClient returns a client whose idle connections are closed at the end of
// the test; it does not decode gzip by itself.
func newClient(t *testing.T) *http.Client {
	tr := &http.Transport{DisableCompression: true}
	t.Cleanup(tr.CloseIdleConnections)
	return &http.Client{Transport: tr, Timeout: 5 * time.Second}
}

func get(t *testing.T, c *http.Client, url string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

func TestNewValidation(t *testing.T) {
	good := fakeVenue(swapProfile, nil)
	withProfile := func(f func(p *Profile)) Venue {
		v := fakeVenue(bookProfile, nil)
		v.Profile.Markets = append([]string(nil), v.Profile.Markets...)
		f(&v.Profile)
		return v
	}
	tests := []struct {
		name   string
		cfg    Config
		venues map[string]Venue
		want   string
	}{
		{"error rate", Config{ErrorRate: 1.5}, map[string]Venue{"a": good}, "ErrorRate"},
		{"rate limit rate", Config{RateLimitRate: -0.1}, map[string]Venue{"a": good}, "RateLimitRate"},
		{"venue error rate", Config{VenueErrorRate: map[string]float64{"a": 2}}, map[string]Venue{"a": good}, "VenueErrorRate[a]"},
		{"unknown override", Config{VenueLatency: map[string]time.Duration{"b": 1}}, map[string]Venue{"a": good}, `unknown venue "b"`},
		{"negative latency", Config{Latency: -1}, map[string]Venue{"a": good}, "negative"},
		{"sigma", Config{Sigma: -1}, map[string]Venue{"a": good}, "Sigma"},
		{"uppercase id", Config{}, map[string]Venue{"Abc": good}, "lowercase"},
		{"nil handler", Config{}, map[string]Venue{"a": {Profile: swapProfile}}, "Handler is nil"},
		{"kind", Config{}, map[string]Venue{"a": withProfile(func(p *Profile) { p.Kind = "" })}, "kind"},
		{"spread", Config{}, map[string]Venue{"a": withProfile(func(p *Profile) { p.Spread = 1 })}, "spread"},
		{"limits", Config{}, map[string]Venue{"a": withProfile(func(p *Profile) { p.MinUSD, p.MaxUSD = 10, 5 })}, "MaxUSD"},
		{"lowercase market", Config{}, map[string]Venue{"a": withProfile(func(p *Profile) { p.Markets[0] = "btc/usdt" })}, "uppercase"},
		{"market syntax", Config{}, map[string]Venue{"a": withProfile(func(p *Profile) { p.Markets[0] = "BTCUSDT" })}, "BASE/QUOTE"},
		{"market ticker", Config{}, map[string]Venue{"a": withProfile(func(p *Profile) { p.Markets[0] = "BTC/XYZ" })}, "no reference price"},
		{"market same", Config{}, map[string]Venue{"a": withProfile(func(p *Profile) { p.Markets[0] = "BTC/BTC" })}, "same"},
		{"market twice", Config{}, map[string]Venue{"a": withProfile(func(p *Profile) { p.Markets[1] = "BTC/USDT" })}, "twice"},
		{"asset", Config{}, map[string]Venue{"a": withProfile(func(p *Profile) {
			p.Assets = []swapscout.Asset{{Ticker: "btc", Network: "eth"}}
		})}, "catalogue"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := New(tt.cfg, tt.venues)
			if err == nil {
				s.Close()
				t.Fatal("New succeeded")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q does not mention %q", err, tt.want)
			}
		})
	}
}

func TestExchangeBasics(t *testing.T) {
	clk := newClock()
	s := newServer(t, Config{Seed: 1, Now: clk.Now, Secrets: map[string]string{"swap": "s3cret", "other": "x"}},
		map[string]Venue{"swap": fakeVenue(swapProfile, nil), "book": fakeVenue(bookProfile, nil)})
	x := s.Exchange("swap")
	if x == nil || s.Exchange("nope") != nil {
		t.Fatal("Exchange lookup")
	}
	if x.ID() != "swap" || x.Secret() != "s3cret" || s.Exchange("book").Secret() != "" {
		t.Errorf("ID %q, Secret %q", x.ID(), x.Secret())
	}
	if !x.Now().Equal(clk.Now()) {
		t.Errorf("Now = %v", x.Now())
	}
	p := x.Profile()
	if p.Depth != DefaultDepth || p.LevelUSD != DefaultLevelUSD || p.RateTTL != DefaultRateTTL || p.Spread != swapProfile.Spread {
		t.Errorf("Profile defaults: %+v", p)
	}
	if p.Assets != nil || len(x.Assets()) != len(swapscout.Assets) {
		t.Errorf("Assets: profile %v, served %d", p.Assets, len(x.Assets()))
	}
	want := []Market{{"BTC", "USDT"}, {"ETH", "BTC"}, {"BTC", "USD"}, {"DOGE", "USDT"}, {"XMR", "BTC"}}
	got := s.Exchange("book").Markets()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("Markets = %v, want %v", got, want)
	}
}

func TestNewID(t *testing.T) {
	ids := func(seed int64, venue string) []string {
		s := newServer(t, Config{Seed: seed}, map[string]Venue{"a": fakeVenue(swapProfile, nil), "b": fakeVenue(swapProfile, nil)})
		x := s.Exchange(venue)
		var out []string
		for range 3 {
			out = append(out, x.NewID("ord-"))
		}
		return out
	}
	a1, a2, b, other := ids(7, "a"), ids(7, "a"), ids(7, "b"), ids(8, "a")
	if fmt.Sprint(a1) != fmt.Sprint(a2) {
		t.Errorf("same seed: %v vs %v", a1, a2)
	}
	if a1[0] == b[0] || a1[0] == other[0] || a1[0] == a1[1] {
		t.Errorf("ids collide: %v %v %v", a1, b, other)
	}
	if !strings.HasPrefix(a1[0], "ord-") || len(a1[0]) != len("ord-")+16 {
		t.Errorf("id %q", a1[0])
	}
}
