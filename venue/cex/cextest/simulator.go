package cextest

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
)

// Asset reads "ticker@network" ("usdt@trx"); a ticker alone is the coin on
// its own network ("btc" is btc@btc).
func Asset(s string) swapscout.Asset {
	ticker, network, ok := strings.Cut(s, "@")
	if !ok {
		network = ticker
	}
	return swapscout.Asset{Ticker: ticker, Network: network}
}

// Send asks to send amount of from for to (assets as Asset reads them).
func Send(from, to, amount string) swapscout.QuoteRequest {
	return swapscout.QuoteRequest{From: Asset(from), To: Asset(to), Amount: swapscout.MustAmount(amount)}
}

// Receive asks to receive amount of to for from.
func Receive(from, to, amount string) swapscout.QuoteRequest {
	r := Send(from, to, amount)
	r.Direction = swapscout.Receive
	return r
}

// Answer is what a simulated venue must answer a GET of Path: Status (200
// when zero) and a body that starts with Prefix. Header is sent with the
// request.
type Answer struct {
	Path   string
	Header map[string]string
	Status int
	Prefix string
}

// CheckAnswers GETs each answer's path from the simulated venue at base (a
// sim.Server's VenueURL) and checks its status and the start of its body.
// It returns the bodies by path, for closer checks.
func CheckAnswers(t *testing.T, base string, answers []Answer) map[string]string {
	t.Helper()
	bodies := make(map[string]string, len(answers))
	for _, a := range answers {
		status, _, body := Get(t, base+a.Path, a.Header)
		want := a.Status
		if want == 0 {
			want = 200
		}
		if status != want || !strings.HasPrefix(body, a.Prefix) {
			t.Errorf("GET %s = %d %.120s, want %d %s…", a.Path, status, body, want, a.Prefix)
		}
		bodies[a.Path] = body
	}
	return bodies
}

// Get GETs url with header and returns the answer's status, header and body.
func Get(t testing.TB, url string, header map[string]string) (int, http.Header, string) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, string(b)
}
