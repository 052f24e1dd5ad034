package fixedfloat_test

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simfixedfloat "github.com/swapscout/swapscout/sim/fixedfloat"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/fixedfloat"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var (
	btc    = swapscout.Asset{Ticker: "btc", Network: "btc"}
	xmr    = swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	btcXMR = swapscout.QuoteRequest{From: btc, To: xmr, Amount: swapscout.MustAmount("0.01")}
)

func withAmount(r swapscout.QuoteRequest, a string) swapscout.QuoteRequest {
	r.Amount = swapscout.MustAmount(a)
	return r
}

func TestQuote(t *testing.T) {
	venuetest.QuoteSim(t, &fixedfloat.Descriptor, simfixedfloat.Sim, btcXMR)
}

func TestSwap(t *testing.T) {
	venuetest.RunSwapSim(t, &fixedfloat.Descriptor, simfixedfloat.Sim, venuetest.SwapOptions{
		Req:           btcXMR,
		PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
		RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
		Words:         fixedfloat.StatusWords.Words(), Map: fixedfloat.StatusWords.Status,
	})
}

func startSim(t *testing.T, secret string) string {
	t.Helper()
	s, err := sim.New(sim.Config{Seed: 1, Latency: time.Millisecond, Secrets: map[string]string{"fixedfloat": secret}},
		map[string]sim.Venue{"fixedfloat": simfixedfloat.Sim()})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s.VenueURL("fixedfloat")
}

// TestSimulator quotes every direction, rate type and limit against the
// simulator, and checks that it rejects a wrong signature with FixedFloat's
// own auth error.
func TestSimulator(t *testing.T) {
	base := startSim(t, "test-secret")
	q := venuetest.New(t, &fixedfloat.Descriptor, base)
	for _, dir := range []swapscout.Direction{swapscout.Send, swapscout.Receive} {
		for _, rt := range []swapscout.RateType{swapscout.Float, swapscout.Fixed} {
			req := btcXMR
			req.Direction, req.RateType = dir, rt
			if dir == swapscout.Receive {
				req.Amount = swapscout.MustAmount("1")
			}
			o, err := q.Quote(context.Background(), req)
			if err != nil {
				t.Fatalf("%s %s: %v", dir, rt, err)
			}
			side := o.AmountIn
			if dir == swapscout.Receive {
				side = o.AmountOut
			}
			if !side.Equal(req.Amount) || o.Min.Sign() <= 0 || o.Max.Sign() <= 0 || o.RateType != rt {
				t.Errorf("%s %s: offer %+v", dir, rt, o)
			}
		}
	}
	for _, c := range []struct {
		amount string
		want   swapscout.FailureCode
	}{{"0.00001", swapscout.CodeAmountTooSmall}, {"100", swapscout.CodeAmountTooLarge}} {
		if _, err := q.Quote(context.Background(), withAmount(btcXMR, c.amount)); venuetest.Code(err) != c.want {
			t.Errorf("%s: err %v, want %s", c.amount, err, c.want)
		}
	}
	usdt := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "usdt", Network: "trx"}, To: swapscout.Asset{Ticker: "usdc", Network: "sol"},
		Amount: swapscout.MustAmount("500")}
	if _, err := q.Quote(context.Background(), usdt); err != nil {
		t.Errorf("usdt@trx→usdc@sol: %v", err)
	}

	wrong := fixedfloat.New(venue.Config{BaseURL: base, HTTP: venuetest.Client(t), APIKey: "test-key", APISecret: "wrong"})
	if err := wrong.Refresh(context.Background()); venuetest.Code(err) != swapscout.CodeNotConfigured {
		t.Errorf("refresh with a wrong secret: err %v, want not_configured", err)
	}

	// A body altered after signing is refused with the envelope, HTTP 200.
	body := []byte(`{"type":"float","fromCcy":"BTC","toCcy":"XMR","direction":"from","amount":0.01}`)
	m := hmac.New(sha256.New, []byte("test-secret"))
	m.Write(body)
	sig := hex.EncodeToString(m.Sum(nil))
	for _, c := range []struct {
		body []byte
		code int
	}{{body, 0}, {bytes.Replace(body, []byte("0.01"), []byte("0.02"), 1), 401}} {
		req, _ := http.NewRequest("POST", base+"/api/v2/price", bytes.NewReader(c.body))
		req.Header.Set("Content-Type", "application/json; charset=UTF-8")
		req.Header.Set("X-API-KEY", "test-key")
		req.Header.Set("X-API-SIGN", sig)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		var env struct {
			Code int    `json:"code"`
			Msg  string `json:"msg"`
		}
		if err := json.Unmarshal(b, &env); err != nil || resp.StatusCode != 200 || env.Code != c.code {
			t.Errorf("price %s: HTTP %d %s, want code %d", c.body, resp.StatusCode, b, c.code)
		}
	}
	http.DefaultClient.CloseIdleConnections()
}

// TestSimulatorErrorBodies: the simulator's injected errors come as the
// envelope with HTTP 500 and, every other time, with HTTP 200; the adapter
// reads both as unavailable.
func TestSimulatorErrorBodies(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond, ListErrorRate: 1,
		Secrets: map[string]string{"fixedfloat": "test-secret"}}, "fixedfloat", simfixedfloat.Sim())
	c := fixedfloat.New(venue.Config{BaseURL: s.VenueURL("fixedfloat"), HTTP: venuetest.Client(t), APIKey: "test-key", APISecret: "test-secret"})
	for range 4 {
		if err := c.Refresh(context.Background()); venuetest.Code(err) != swapscout.CodeUnavailable {
			t.Errorf("Refresh against injected errors: %v (%s), want unavailable", err, venuetest.Code(err))
		}
	}
	statuses := map[int]int{}
	for range 4 {
		resp, err := http.Post(s.VenueURL("fixedfloat")+"/api/v2/ccies", "application/json", strings.NewReader("{}"))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		statuses[resp.StatusCode]++
	}
	http.DefaultClient.CloseIdleConnections()
	if statuses[200] != 2 || statuses[500] != 2 {
		t.Errorf("injected errors came with statuses %v, want 200 and 500 alike", statuses)
	}
}
