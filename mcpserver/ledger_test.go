package mcpserver_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/mcpserver"
	"github.com/swapscout/swapscout/quotes"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/storetest"
)

// TestMemLedgerConformance: the in-memory ledger passes the suite the swap
// databases pass.
func TestMemLedgerConformance(t *testing.T) {
	storetest.RunAgentLedger(t, func(*testing.T) (swapscout.AgentLedger, swapscout.AgentLedger) {
		l := &mcpserver.MemLedger{}
		return l, l
	})
}

func serviceOn(t *testing.T, sw mcpserver.Swaps, l swapscout.AgentLedger) *mcpserver.Service {
	qs := quotes.New(quotes.Config{Engine: engine{}, Store: inmem.New(inmem.Options{}), Venues: func() []swapscout.VenueInfo { return venues }})
	return mcpserver.New(mcpserver.Config{Quotes: qs, Swaps: sw, Venues: func() []swapscout.VenueInfo { return venues }, Ledger: l,
		Grants: grants(t), Now: func() time.Time { return time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC) }})
}

// TestTwoInstancesOneCap: two servers sharing one ledger (as two instances
// share the swap database) enforce one daily cap, and my_swaps on either
// lists the grant's swaps.
func TestTwoInstancesOneCap(t *testing.T) {
	l := &mcpserver.MemLedger{}
	sw := &swapService{}
	a, b := connect(t, serviceOn(t, sw, l), "tok-capped"), connect(t, serviceOn(t, sw, l), "tok-capped")
	if text, isErr := call(t, a, "create_swap", createArgs("0.1", payout)); isErr {
		t.Fatalf("first create: %s", text)
	}
	if text, isErr := call(t, b, "create_swap", createArgs("0.06", payout)); !isErr || !strings.Contains(text, "per day") {
		t.Errorf("the other instance's create beyond the shared cap = %s (error %t), want a refusal", text, isErr)
	}
	if sw.count() != 1 {
		t.Errorf("%d swaps created, want 1", sw.count())
	}
	if text, _ := call(t, b, "my_swaps", nil); strings.Count(text, `"swap_id":"sw`) != 1 || !strings.Contains(text, `"status":"waiting"`) {
		t.Errorf("my_swaps on the other instance = %s", text)
	}
}

// failingSwaps refuses every create with err.
type failingSwaps struct {
	swapService
	err error
}

func (f *failingSwaps) Create(context.Context, swaps.CreateRequest) (*swapscout.Swap, bool, error) {
	return nil, false, f.err
}

// TestRefusedCreateFreesTheCap: a create the swap service refused releases
// its spend; one whose outcome is unknown keeps counting (the venue may
// hold an order).
func TestRefusedCreateFreesTheCap(t *testing.T) {
	l := &mcpserver.MemLedger{}
	refused := &failingSwaps{err: swapscout.Errorf(swapscout.EVENUE, "the venue refused the order")}
	cs := connect(t, serviceOn(t, refused, l), "tok-capped")
	if _, isErr := call(t, cs, "create_swap", createArgs("0.1", payout)); !isErr {
		t.Fatal("a refused create succeeded")
	}
	if got, _ := l.AgentSpends(context.Background(), "capped", 10); len(got) != 0 {
		t.Errorf("a refused create still counts: %+v", got)
	}
	unknown := &failingSwaps{err: swapscout.Errorf(swapscout.EUNKNOWN, "no answer from the venue")}
	cs = connect(t, serviceOn(t, unknown, l), "tok-capped")
	if _, isErr := call(t, cs, "create_swap", createArgs("0.1", payout)); !isErr {
		t.Fatal("an unknown create succeeded")
	}
	if text, isErr := call(t, cs, "create_swap", createArgs("0.06", payout)); !isErr || !strings.Contains(text, "per day") {
		t.Errorf("after an unknown outcome: %s (error %t), want the cap to count it", text, isErr)
	}
}
