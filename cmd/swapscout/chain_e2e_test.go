package main

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/internal/tier"
	"github.com/swapscout/swapscout/sim"
)

// TestChainEndToEnd: on the simulator, whose orders land on its chain,
// through serve watching that chain (Esplora for Bitcoin and Litecoin),
// three venues misbehave and each is caught by the chain and shown as
// such, in the API, the webhooks, the page and the outcome board:
//   - FixedFloat pays 30 % short: the payout on chain is 70 % of the
//     promise, and the board says so (delivered, short on chain);
//   - StealthEX holds the swap: its deposit is on chain, no payout is
//     claimed, the board counts it held;
//   - ChangeNOW says finished and pays nothing: past the grace the payout
//     is overdue, the swap unverified (a webhook carries it, the page says
//     it, the board counts it).
func TestChainEndToEnd(t *testing.T) {
	tier.E2E(t)
	t.Parallel() // its own simulator, server and data: it waits on them, beside the others
	simURL, simSecret := startPayingSim(t, "--payout-spread", "0", "--chain-block-time", "300ms",
		"--swap-outcome", "fixedfloat=short:0.3,stealthex=hold,changenow=nopay")
	hooks := &hookLog{t: t, secret: []byte("whsec-chain"), got: map[string][]outcomeRecord{}}
	recv := httptest.NewServer(hooks)
	defer recv.Close()
	env := func(k string) string {
		if k == envWebhookSecret {
			return "whsec-chain"
		}
		return ""
	}
	chains := "btc=" + simURL + "/_chain/esplora/btc,ltc=" + simURL + "/_chain/esplora/ltc"
	s := startServeOn(t, simURL, simSecret, env, "--data-dir", t.TempDir(), "--track-interval", "100ms", "--webhook-allow-private",
		"--chain", chains, "--chain-interval", "300ms", "--chain-grace", "6s")
	c := &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}
	defer c.CloseIdleConnections()
	quoteID, venues := swapOffers(t, c, s.url, "from=btc&to=ltc&amount=0.1", false)
	ids := map[string]string{}
	for _, v := range []string{"fixedfloat", "stealthex", "changenow"} {
		if !strings.Contains(","+strings.Join(venues, ",")+",", ","+v+",") {
			t.Fatalf("no %s offer among %v", v, venues)
		}
		b, _ := json.Marshal(map[string]string{"quote_id": quoteID, "venue": v, "payout_address": sim.Address("ltc", "chain-e2e", v),
			"refund_address": e2eRefundBTC, "callback_url": recv.URL + "/hook"})
		st, created := postJSON(t, c, s.url+"/v1/swaps", "chain-"+v, "application/json", b)
		if st != 201 {
			t.Fatalf("create at %s: %d %s", v, st, created)
		}
		ids[v] = swapOf(created).ID
	}
	read := func(id string) *api.Swap {
		t.Helper()
		_, body := get(t, c, s.url+"/v1/swaps/"+id)
		rec, err := api.DecodeSwap([]byte(body))
		if err != nil {
			t.Fatalf("swap %s: %v: %s", id, err, body)
		}
		return rec
	}
	wait := func(what, id string, ok func(*api.Swap) bool) *api.Swap {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for {
			rec := read(id)
			if ok(rec) {
				return rec
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: swap %s is %s with chain %+v", what, id, rec.Status, rec.Chain)
			}
			time.Sleep(200 * time.Millisecond)
		}
	}
	payout := func(r *api.Swap) swapscout.ChainFact { f, _ := r.ChainFact(swapscout.ChainPayout); return f }

	short := wait("short payer settled", ids["fixedfloat"], func(r *api.Swap) bool {
		return r.Status == swapscout.StatusFinished && payout(r).State == swapscout.ChainConfirmed
	})
	// 70 %, rounded down to the asset's decimals on the way.
	if ratio, ok := payout(short).Ratio(); !ok || ratio.Cmp(swapscout.MustAmount("0.69")) < 0 || ratio.Cmp(swapscout.MustAmount("0.7")) > 0 || short.Unverified() {
		t.Errorf("short payer: delivered %s of the promise (%v), unverified %v; want 0.7 on chain", ratio, ok, short.Unverified())
	}
	held := wait("holder's deposit", ids["stealthex"], func(r *api.Swap) bool {
		f, _ := r.ChainFact(swapscout.ChainDeposit)
		return r.Status == swapscout.StatusHeld && f.OnChain()
	})
	if _, claimed := held.ChainFact(swapscout.ChainPayout); claimed {
		t.Errorf("held swap has a payout fact: %+v", held.Chain)
	}
	nopay := wait("unpaid payout overdue", ids["changenow"], func(r *api.Swap) bool { return r.Unverified() })
	if f := payout(nopay); nopay.Status != swapscout.StatusFinished || f.State != swapscout.ChainNotSeen || !f.Overdue || nopay.PayoutTx == "" {
		t.Errorf("unpaid: %s, payout tx %q, fact %+v", nopay.Status, nopay.PayoutTx, f)
	}
	overdueEvent := false
	for _, ev := range nopay.History {
		overdueEvent = overdueEvent || ev.Chain == "payout overdue: not on chain"
	}
	if !overdueEvent {
		t.Errorf("no overdue event in the history: %+v", nopay.History)
	}
	deadline := time.Now().Add(20 * time.Second)
	for !hooks.any(ids["changenow"], func(r outcomeRecord) bool { return r.Unverified() }) {
		if time.Now().After(deadline) {
			t.Fatal("no webhook carried the unverified payout")
		}
		time.Sleep(100 * time.Millisecond)
	}
	if _, page := get(t, c, s.url+"/swap/"+ids["changenow"]); !strings.Contains(page, `id="unverified"`) {
		t.Error("the swap page does not say the payout is not on chain")
	}
	b, err := api.NewClient(s.url).Board(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	line := func(v string) api.BoardVenue { l, _ := b.Line(v); return l }
	if l := line("fixedfloat"); l.Finished != 1 || l.OnChain != 1 || l.ShortOnChain != 1 || !strings.HasPrefix(l.MedianDelivered, "0.69") && l.MedianDelivered != "0.7" {
		t.Errorf("board, short payer: %+v", l)
	}
	if l := line("stealthex"); l.Held != 1 || l.Open != 1 {
		t.Errorf("board, holder: %+v", l)
	}
	if l := line("changenow"); l.Finished != 1 || l.Unverified != 1 || l.OnChain != 0 {
		t.Errorf("board, unpaid: %+v", l)
	}
	if _, page := get(t, c, s.url+"/board"); !strings.Contains(page, `id="board-changenow"`) {
		t.Error("the board page lacks changenow")
	}
}
