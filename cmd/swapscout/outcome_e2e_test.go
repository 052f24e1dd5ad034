package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/internal/tier"
	"github.com/swapscout/swapscout/swaps/webhook"
)

// outcomeRecord is what the outcome tests read of a swap record.
type outcomeRecord = api.Swap

// shortfall is the record's shortfall past its slippage, nil when it has
// none (the API's "shortfall").
func shortfall(r outcomeRecord) *swapscout.SwapShortfall {
	if sf, ok := r.Shortfall(); ok && sf.Short {
		return &sf
	}
	return nil
}

// hookLog keeps every verified webhook body by swap id.
type hookLog struct {
	t      *testing.T
	secret []byte
	mu     sync.Mutex
	got    map[string][]outcomeRecord
}

func (h *hookLog) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if err := webhook.Verify(h.secret, r.Header.Get(webhook.SignatureHeader), body, time.Now(), time.Minute); err != nil {
		h.t.Errorf("webhook does not verify: %v", err)
		w.WriteHeader(400)
		return
	}
	rec, err := api.DecodeSwap(body)
	if err != nil {
		h.t.Errorf("webhook body %s: %v", body, err)
		rec = &api.Swap{}
	}
	h.mu.Lock()
	h.got[rec.ID] = append(h.got[rec.ID], *rec)
	h.mu.Unlock()
}

func (h *hookLog) any(id string, ok func(outcomeRecord) bool) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, r := range h.got[id] {
		if ok(r) {
			return true
		}
	}
	return false
}

// TestOutcomesEndToEnd: on the simulator, through serve, a swap at each
// venue ends as its mode says and the API, the webhooks, the metrics, the
// accuracy figures and the CLI tell it as it is:
//   - FixedFloat paid 30 % short: finished, with a shortfall (API and
//     webhook), and swapscout track exits non-zero;
//   - StealthEX held for verification: held, then late past the default
//     usual time (--late-after 1s, too few swaps seen), with a webhook, the
//     late metric, and the hold in /v1/venues' accuracy;
//   - ChangeNOW refunded: refunded, with the refund's transaction and
//     amount, which swapscout track names;
//   - every other swap venue pays exactly its promise for the deposit the
//     user was told to send: no shortfall (SideShift's variable shift paid
//     85 % short before).
//
// swapscout track --support prints the held swap's packet with StealthEX's
// support contact.
func TestOutcomesEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("runs swaps to their end")
	}
	tier.E2E(t)
	t.Parallel() // its own simulator, server and data: it waits on them, beside the others
	// Each venue's model paid exactly (no payout spread), but for these three.
	simURL, simSecret := startPayingSim(t, "--payout-spread", "0", "--swap-outcome", "fixedfloat=short:0.3,stealthex=hold,changenow=refund")
	hooks := &hookLog{t: t, secret: []byte("whsec-outcome"), got: map[string][]outcomeRecord{}}
	recv := httptest.NewServer(hooks)
	defer recv.Close()
	env := func(k string) string {
		if k == envWebhookSecret {
			return "whsec-outcome"
		}
		return ""
	}
	s := startServeOn(t, simURL, simSecret, env, "--data-dir", t.TempDir(), "--track-interval", "100ms", "--webhook-allow-private", "--late-after", "1s")
	c := &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}
	defer c.CloseIdleConnections()
	quoteID, venues := swapOffers(t, c, s.url, "from=btc&to=eth&amount=0.1", false)
	ids := map[string]string{}
	for _, v := range venues {
		b, _ := json.Marshal(map[string]string{"quote_id": quoteID, "venue": v, "payout_address": e2ePayoutETH,
			"refund_address": e2eRefundBTC, "callback_url": recv.URL + "/hook"})
		st, created := postJSON(t, c, s.url+"/v1/swaps", "outcome-"+v, "application/json", b)
		if st != 201 {
			t.Errorf("create at %s: %d %s", v, st, created)
			continue
		}
		ids[v] = swapOf(created).ID
	}
	for _, v := range []string{"fixedfloat", "stealthex", "changenow", "sideshift"} {
		if ids[v] == "" {
			t.Fatalf("no swap at %s among %v", v, venues)
		}
	}
	read := func(id string) outcomeRecord {
		t.Helper()
		_, body := get(t, c, s.url+"/v1/swaps/"+id)
		rec, err := api.DecodeSwap([]byte(body))
		if err != nil {
			t.Fatalf("swap %s: %v: %s", id, err, body)
		}
		return *rec
	}
	wait := func(what, id string, ok func(outcomeRecord) bool) outcomeRecord {
		t.Helper()
		deadline := time.Now().Add(40 * time.Second)
		for {
			rec := read(id)
			if ok(rec) {
				return rec
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: swap %s is %+v", what, id, rec)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	ended := func(r outcomeRecord) bool { return swapscout.SwapStatus(r.Status).Terminal() }

	// Paid short.
	short := wait("short", ids["fixedfloat"], ended)
	if short.Status != "finished" || shortfall(short) == nil || !strings.HasPrefix(shortfall(short).Percent.String(), "30") || short.MaxSlippage.String() != "0.005" {
		t.Errorf("FixedFloat paid 30 %% short: %+v", short)
	}
	// Held, then late.
	held := wait("held and late", ids["stealthex"], func(r outcomeRecord) bool { return r.Late() })
	if held.Status != "held" || held.UsualTime != time.Second || held.UsualBasis != 0 || !held.History[len(held.History)-1].Late {
		t.Errorf("StealthEX held and late: %+v", held)
	}
	// Refunded.
	refunded := wait("refunded", ids["changenow"], ended)
	if refunded.Status != "refunded" || refunded.RefundTx == "" || refunded.AmountRefunded.String() != "0.1" {
		t.Errorf("ChangeNOW refunded: %+v", refunded)
	}
	// The others pay what they promised for the deposit the user was told.
	for v, id := range ids {
		if v == "fixedfloat" || v == "stealthex" || v == "changenow" {
			continue
		}
		rec := wait(v, id, ended)
		if rec.Status != "finished" || shortfall(rec) != nil {
			t.Errorf("%s: ended %s, shortfall %+v; want finished as promised", v, rec.Status, shortfall(rec))
			continue
		}
		if rec.AmountReceived.IsZero() {
			continue // the venue does not say what it paid
		}
		sw := swapscout.Swap{Status: swapscout.StatusFinished, PromisedOut: rec.PromisedOut, AmountReceived: rec.AmountReceived}
		if sf, _ := sw.Shortfall(); sf.Percent.Abs().Cmp(swapscout.MustAmount("0.05")) > 0 {
			t.Errorf("%s: received %s of %s promised (%s %% short); want the promise for the deposit told", v, rec.AmountReceived, rec.PromisedOut, sf.Percent)
		}
	}

	// The webhooks carry the shortfall, the late mark and the refund.
	deadline := time.Now().Add(10 * time.Second)
	for _, w := range []struct {
		what string
		id   string
		ok   func(outcomeRecord) bool
	}{
		{"shortfall", ids["fixedfloat"], func(r outcomeRecord) bool { return r.Status == "finished" && shortfall(r) != nil }},
		{"late", ids["stealthex"], func(r outcomeRecord) bool { return r.Late() && r.Status == "held" }},
		{"refund", ids["changenow"], func(r outcomeRecord) bool { return r.Status == "refunded" && r.RefundTx != "" }},
	} {
		for !hooks.any(w.id, w.ok) {
			if time.Now().After(deadline) {
				t.Fatalf("no webhook delivered the %s of swap %s", w.what, w.id)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	// The late metric, and the hold in the accuracy figures (read at most
	// every 5 s).
	if _, m := get(t, c, s.url+"/metrics"); !strings.Contains(m, `swapscout_swaps_late_total{venue="stealthex"} 1`) {
		t.Errorf("/metrics has no late StealthEX swap:\n%s", grepLines(m, "late"))
	}
	for deadline := time.Now().Add(8 * time.Second); ; time.Sleep(250 * time.Millisecond) {
		_, vbody := get(t, c, s.url+"/v1/venues")
		vs, _ := api.DecodeVenues([]byte(vbody))
		var heldN, shortN int
		for _, v := range vs {
			if v.Accuracy != nil && v.ID == "stealthex" {
				heldN = v.Accuracy.Held
			}
			if v.Accuracy != nil && v.ID == "fixedfloat" {
				shortN = v.Accuracy.Short
			}
		}
		if heldN == 1 && shortN == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("/v1/venues: stealthex held %d, fixedfloat short %d; want 1 and 1", heldN, shortN)
		}
	}

	// The CLI: a short swap exits non-zero, a refund names its transaction,
	// and --support prints the packet with the venue's contact.
	track := func(args ...string) (string, error) {
		var out syncBuffer
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		err := run(ctx, append([]string{"track", "--server", s.url}, args...), noEnv, &out, io.Discard)
		return out.String(), err
	}
	if out, err := track(ids["fixedfloat"]); err == nil || exitCode(err) == 0 || !strings.Contains(err.Error(), "finished short") || !strings.Contains(out, "Short by:") {
		t.Errorf("track of the short swap: exit %d, %v\n%s", exitCode(err), err, out)
	}
	if _, err := track(ids["changenow"]); err == nil || !strings.Contains(err.Error(), "in tx "+refunded.RefundTx) {
		t.Errorf("track of the refunded swap: %v", err)
	}
	out, err := track("--support", ids["stealthex"])
	if err != nil || !strings.Contains(out, "support@stealthex.io") || !strings.Contains(out, swapscout.SupportWarning) || !strings.Contains(out, `held (the venue says "verifying")`) {
		t.Errorf("track --support: %v\n%s", err, out)
	}
}

func grepLines(s, word string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, word) {
			out = append(out, l)
		}
	}
	return fmt.Sprint(out)
}
