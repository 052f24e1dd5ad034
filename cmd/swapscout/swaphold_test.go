package main

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

// TestSwapNoDeadlineSaysTheHold: a fixed-rate swap whose venue gave no
// deadline says how long that venue documents holding the rate, as the swap
// page does; a floating one, or a venue that cannot be read, keeps the rate
// type's general rule.
func TestSwapNoDeadlineSaysTheHold(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/venues" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write([]byte(`{"venues":[{"id":"changenow","name":"ChangeNOW","rate_hold":{"documented":true,"seconds":1200,"from":"creation","source":"https://changenow.io/faq","text":"x"}},{"id":"exolix","name":"Exolix","rate_hold":{"documented":false,"source":"its API docs","text":"y"}}]}`))
	}))
	defer srv.Close()
	s := &swapCommand{c: api.NewClient(srv.URL)}
	created := time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)
	cases := []struct {
		venue string
		rt    swapscout.RateType
		want  string
	}{
		{"changenow", swapscout.Fixed, "so until about 07:20:00 UTC"},
		{"exolix", swapscout.Fixed, swapscout.HeldNoDeadline("Exolix", swapscout.RateHold{Source: "its API docs"}, created)},
		{"changenow", swapscout.Float, swapscout.NoDeadline(swapscout.Float)},
		{"nowhere", swapscout.Fixed, swapscout.NoDeadline(swapscout.Fixed)},
	}
	for _, c := range cases {
		got := s.noDeadline(&api.Swap{Swap: swapscout.Swap{Venue: c.venue, RateType: c.rt, CreatedAt: created}})
		if !strings.Contains(got, c.want) {
			t.Errorf("%s %s: %q, want it to say %q", c.venue, c.rt, got, c.want)
		}
	}
	s.c = api.NewClient("http://127.0.0.1:1") // nothing listens: the general rule
	if got := s.noDeadline(&api.Swap{Swap: swapscout.Swap{Venue: "changenow", RateType: swapscout.Fixed, CreatedAt: created}}); got != swapscout.NoDeadline(swapscout.Fixed) {
		t.Errorf("venues unreadable: %q", got)
	}
}
