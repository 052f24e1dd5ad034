package nearintents_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/nearintents"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestSimulatorErrorBodies: the simulator's injected errors come as 1Click's
// error body with HTTP 500 and, every other time, with HTTP 200; the adapter
// reads both as unavailable.
func TestSimulatorErrorBodies(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond, VenueErrorRate: map[string]float64{"nearintents": 1}},
		"nearintents", nearintents.Sim())
	statuses := map[int]int{}
	for range 4 {
		resp, err := http.Post(s.VenueURL("nearintents")+"/v0/quote", "application/json", nil)
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
	q := venuetest.New(t, &nearintents.Descriptor, s.VenueURL("nearintents"))
	req := swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.1")}
	for range 4 {
		if _, err := q.Quote(context.Background(), req); venuetest.Code(err) != swapscout.CodeUnavailable {
			t.Errorf("Quote against injected errors: %v (%s), want unavailable", err, venuetest.Code(err))
		}
	}
}

// TestSimulatorQuirks: the simulator speaks in base units, answers 201,
// pays 0.2% less to a quote asked without a key, and refuses an amount
// below its minimum in 1Click's words, with the minimum in base units.
func TestSimulatorQuirks(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 1, Latency: time.Millisecond}, "nearintents", nearintents.Sim())
	keyed := venuetest.New(t, &nearintents.Descriptor, s.VenueURL("nearintents"))
	ctx := context.Background()
	req := swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.1")}
	o, err := keyed.Quote(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if o.ExpiresAt.IsZero() || o.AmountOut.Scale() > 18 {
		t.Errorf("offer %+v: want an expiry and at most 18 decimals of ETH", o)
	}
	anon, err := nearintents.Descriptor.New(venueConfig(t, s.VenueURL("nearintents")))
	if err != nil {
		t.Fatal(err)
	}
	o2, err := anon.Quote(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if o2.AmountOut.Cmp(o.AmountOut) >= 0 {
		t.Errorf("without a key %s, with one %s: want less without", o2.AmountOut, o.AmountOut)
	}
	dust := req
	dust.Amount = swapscout.MustAmount("0.00000001")
	_, err = keyed.Quote(ctx, dust)
	if code := venuetest.Code(err); code != swapscout.CodeAmountTooSmall {
		t.Fatalf("dust: %v (%s), want amount_too_small", err, code)
	}
	var ve *swapscout.VenueError
	if !errorsAs(err, &ve) || ve.Min.Sign() <= 0 {
		t.Errorf("dust refusal %v without the minimum", err)
	}
}
