package web_test

import (
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/web"
)

// TestSwapPageChain: the page shows each side the chain was asked about,
// with its amount, its words and what it lacks; a payout the venue claims
// that the chain does not show is said at the top.
func TestSwapPageChain(t *testing.T) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	sw := &swapscout.Swap{ID: "s", Venue: "changenow", Status: swapscout.StatusFinished, VenueStatus: "finished",
		From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("3"), CreatedAt: now}
	sw.SetChainFact(swapscout.ChainFact{Side: swapscout.ChainPayout, State: swapscout.ChainConfirmed, Source: "chain",
		Amount: swapscout.MustAmount("2.4"), Expected: swapscout.MustAmount("3"), TxIDs: []string{"0xabc"}, Confirmations: 12, Required: 12, Note: "on chain, 12 confirmations"})
	sw.SetChainFact(swapscout.ChainFact{Side: swapscout.ChainDeposit, State: swapscout.ChainConfirmed, Source: "chain",
		Amount: swapscout.MustAmount("0.1"), Expected: swapscout.MustAmount("0.1"), Note: "on chain, 2 confirmations"})
	v := web.NewSwapView(sw, nil, nil, now)
	if len(v.Chain) != 2 || v.Chain[0].Side != "deposit" || v.Chain[1].Short != "20" || v.Unverified {
		t.Fatalf("chain lines %+v, unverified %v", v.Chain, v.Unverified)
	}
	page, err := web.Render("swap", v)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`id="chain-payout"`, "2.4", "on chain, 12 confirmations", "20&nbsp;% less", "0xabc"} {
		if !strings.Contains(string(page), want) {
			t.Errorf("page lacks %q", want)
		}
	}
	sw.SetChainFact(swapscout.ChainFact{Side: swapscout.ChainPayout, State: swapscout.ChainNotSeen, Source: "chain", Overdue: true, Note: "not on chain yet; … (unverified)"})
	v = web.NewSwapView(sw, nil, nil, now)
	page, _ = web.Render("swap", v)
	if !v.Unverified || !strings.Contains(string(page), `id="unverified"`) {
		t.Errorf("an overdue payout is not said: %+v", v.Chain)
	}
}
