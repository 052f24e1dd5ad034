package thornode

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// TestSimulatedMidgard: the simulator's /v2/actions lists a paid order
// paying out to the address as a swap action in Midgard's format, pending
// and then success, with the deposit's transaction and memo; unpaid orders
// are not listed, and a limit out of Midgard's range is refused.
func TestSimulatedMidgard(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 3, Latency: time.Millisecond, SwapStage: 40 * time.Millisecond},
		"thorchain", THORChain())
	base := s.VenueURL("thorchain")
	c := &http.Client{Timeout: 5 * time.Second}
	defer c.CloseIdleConnections()
	const payout = "0x1c7b17362c84287bd1184447e6dfeaf920c31bbe"
	r, err := c.Get(base + "/thorchain/quote/swap?from_asset=BTC.BTC&to_asset=ETH.ETH&amount=1000000&destination=" + payout)
	if err != nil {
		t.Fatal(err)
	}
	var quote struct {
		InboundAddress string `json:"inbound_address"`
		Memo           string `json:"memo"`
	}
	json.NewDecoder(r.Body).Decode(&quote)
	r.Body.Close()
	type actions struct {
		Actions []struct {
			Date, Height, Status, Type string
			In                         []struct {
				TxID  string
				Coins []struct{ Asset, Amount string }
			}
			Metadata struct{ Swap struct{ Memo string } }
		}
		Count string
	}
	list := func(query string) (int, actions) {
		r, err := c.Get(base + "/v2/actions?" + query)
		if err != nil {
			t.Fatal(err)
		}
		defer r.Body.Close()
		var a actions
		json.NewDecoder(r.Body).Decode(&a)
		return r.StatusCode, a
	}
	if st, a := list("address=" + payout + "&type=swap&limit=50"); st != 200 || len(a.Actions) != 0 || a.Count != "0" {
		t.Fatalf("before the deposit: %d %+v; want no action", st, a)
	}
	if st, _ := list("address=" + payout + "&limit=500"); st != 400 {
		t.Errorf("limit=500 answered %d; want 400", st)
	}
	x := s.Exchange("thorchain")
	o, err := x.OrderByDeposit(quote.InboundAddress, quote.Memo)
	if err != nil {
		t.Fatal(err)
	}
	venuetest.Pay(t, s, "thorchain", o.ID)
	o, _ = x.Order(o.ID)
	seen := map[string]bool{}
	deadline := time.Now().Add(10 * time.Second)
	for !seen["success"] && time.Now().Before(deadline) {
		st, a := list("address=" + strings.ToUpper(payout[2:]) + "," + payout + "&type=swap")
		if st != 200 || len(a.Actions) != 1 || a.Count != "1" {
			t.Fatalf("after the deposit: %d %+v; want one action", st, a)
		}
		act := a.Actions[0]
		if act.Type != "swap" || act.Metadata.Swap.Memo != quote.Memo || len(act.In) != 1 || act.In[0].TxID != strings.ToUpper(o.DepositTx) ||
			act.In[0].Coins[0].Asset != "BTC.BTC" || act.In[0].Coins[0].Amount != "1000000" || act.Date == "" || act.Height == "" {
			t.Fatalf("action %+v; want the deposit %s of 1000000 BTC.BTC with memo %q", act, o.DepositTx, quote.Memo)
		}
		seen[act.Status] = true
		time.Sleep(10 * time.Millisecond)
	}
	if !seen["pending"] || !seen["success"] {
		t.Errorf("statuses seen %v; want pending then success", seen)
	}
}
