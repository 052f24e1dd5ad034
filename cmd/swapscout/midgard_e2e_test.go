package main

import (
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/internal/tier"
)

// TestMemoSwapFindsItsDeposit: on a simulator that pays its orders by
// itself, a THORChain swap created through POST /v1/swaps, whose deposit
// transaction nobody gives, is found through the network's indexer
// (Midgard's /v2/actions, served by the simulator) and followed to
// finished.
func TestMemoSwapFindsItsDeposit(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a swap to its end")
	}
	tier.E2E(t)
	t.Parallel() // its own simulator, server and data: it waits on them, beside the others
	simURL, simSecret := startPayingSim(t)
	s := startServeOn(t, simURL, simSecret, func(string) string { return "" }, "--data-dir", t.TempDir(), "--track-interval", "100ms")
	c := &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}
	defer c.CloseIdleConnections()
	if !swapVenues(t, c, s.url)["thorchain"] {
		t.Fatal("THORChain cannot swap in /v1/venues")
	}
	_, qbody := get(t, c, s.url+"/v1/quotes?from=btc&to=eth&amount=0.1")
	q, err := api.DecodeQuote([]byte(qbody))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, o := range q.Offers {
		found = found || o.Venue == "thorchain" && o.Deposit == swapscout.DepositMemo
	}
	if !found {
		t.Fatalf("no THORChain memo offer in %s", qbody)
	}
	body, _ := json.Marshal(map[string]string{"quote_id": q.ID, "venue": "thorchain", "payout_address": e2ePayoutETH,
		"refund_address": e2eRefundBTC})
	st, created := postJSON(t, c, s.url+"/v1/swaps", "memo-1", "application/json", body)
	if st != 201 {
		t.Fatalf("create: %d %s", st, created)
	}
	sw := swapOf(created)
	if sw.DepositTx != "" {
		t.Fatalf("created with a deposit already: %s", created)
	}
	events, err := followEvents(c, s.url+"/v1/swaps/"+sw.ID+"/events")
	if err != nil {
		t.Fatal(err)
	}
	if len(events) == 0 || events[len(events)-1].status != "finished" {
		t.Fatalf("the swap's stream ended at %+v; want finished", events)
	}
	_, rec := get(t, c, s.url+"/v1/swaps/"+sw.ID)
	sw = swapOf(rec)
	if sw.Status != swapscout.StatusFinished || len(sw.DepositTx) != 64 {
		t.Errorf("swap ended %s with deposit %q; want finished with the found transaction: %s", sw.Status, sw.DepositTx, rec)
	}
}
