package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/swapscout/swapscout/internal/tier"
)

// TestTrackerMetrics: serve's /metrics counts what its tracker does: a
// swap made through the API is open (by status) at once, its status polls
// at the venue are counted and timed, their lateness recorded, and the
// webhook POSTs of its changes counted as delivered.
func TestTrackerMetrics(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a swap to its end")
	}
	tier.E2E(t)
	t.Parallel() // its own simulator, server and data: it waits on them, beside the others
	simURL, secret := startPayingSim(t)
	hooks := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer hooks.Close()
	env := func(k string) string {
		if k == envWebhookSecret {
			return "whsec-metrics"
		}
		return ""
	}
	s := startServeOn(t, simURL, secret, env, "--data-dir", t.TempDir(), "--track-interval", "100ms", "--webhook-allow-private")
	defer s.stop()
	c := &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}
	defer c.CloseIdleConnections()
	quoteID, venues := swapOffers(t, c, s.url, "from=btc&to=eth&amount=0.1", false)
	body, _ := json.Marshal(map[string]string{"quote_id": quoteID, "venue": venues[0], "payout_address": e2ePayoutETH,
		"refund_address": e2eRefundBTC, "callback_url": hooks.URL + "/hook"})
	if st, created := postJSON(t, c, s.url+"/v1/swaps", "metrics-1", "application/json", body); st != 201 {
		t.Fatalf("create: %d %s", st, created)
	}
	value := func(metrics, series string) float64 {
		m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(series) + ` (\S+)$`).FindStringSubmatch(metrics)
		if m == nil {
			return -1
		}
		v, _ := strconv.ParseFloat(m[1], 64)
		return v
	}
	_, first := get(t, c, s.url+"/metrics")
	open := 0.0
	for _, m := range regexp.MustCompile(`(?m)^swapscout_swaps_open\{status="[a-z_]+"\} (\S+)$`).FindAllStringSubmatch(first, -1) {
		v, _ := strconv.ParseFloat(m[1], 64)
		open += v
	}
	if open != 1 {
		t.Errorf("swapscout_swaps_open sums to %v just after the swap was made; want 1:\n%s", open, grepLines(first, "swaps_open"))
	}
	polls := `swapscout_track_polls_total{outcome="ok",venue="` + venues[0] + `"}`
	timed := `swapscout_track_poll_duration_seconds_count{venue="` + venues[0] + `"}`
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, m := get(t, c, s.url+"/metrics")
		p, d, lag, sent := value(m, polls), value(m, timed), value(m, "swapscout_track_poll_lag_seconds_count"), value(m, `swapscout_webhook_deliveries_total{outcome="delivered"}`)
		if p >= 2 && d >= p && lag >= p && sent >= 2 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("polls %v, timed %v, poll starts %v, webhooks delivered %v; want 2 polls or more, each timed and started, and 2 deliveries or more:\n%s",
				p, d, lag, sent, grepLines(m, "track_")+grepLines(m, "webhook"))
		}
		time.Sleep(50 * time.Millisecond)
	}
}
