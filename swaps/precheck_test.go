package swaps_test

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
)

// checkingSwapper is a venue with an AML pre-check: it answers risk (or
// err) and records the addresses it was sent.
type checkingSwapper struct {
	*fakeSwapper
	risk swapscout.AddressRisk
	err  error

	mu   sync.Mutex
	sent []string // network/address
}

func (c *checkingSwapper) CheckAddressRisk(_ context.Context, network, address string) (swapscout.AddressRisk, error) {
	c.mu.Lock()
	c.sent = append(c.sent, network+"/"+address)
	c.mu.Unlock()
	return c.risk, c.err
}

func (c *checkingSwapper) calls() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.sent...)
}

// withChecker makes the fixture's venue "fast" the checker.
func withChecker(f *fixture, c *checkingSwapper) {
	c.fakeSwapper = f.swapper
	f.svc.Swapper = func(v string) (swapscout.Swapper, bool) {
		if v == "fast" {
			return c, true
		}
		return nil, false
	}
}

// TestPreCheckPasses: asked for, the pre-check gets the refund address
// (only it, on the network sold) before the order, and the swap carries the
// venue's answer, shown before the deposit address.
func TestPreCheckPasses(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	c := &checkingSwapper{risk: swapscout.AddressRisk{Completed: true, Passed: true}}
	withChecker(f, c)
	r := request("pre-ok")
	r.PreCheck = true
	sw, created, err := f.svc.Create(ctx, r)
	if err != nil || !created {
		t.Fatalf("Create with a passing pre-check = %v, %v", created, err)
	}
	if got := c.calls(); len(got) != 1 || got[0] != "btc/"+refund {
		t.Errorf("pre-check sent %v, want only the refund address on btc", got)
	}
	if sw.PreCheck == nil || *sw.PreCheck != (swapscout.AddressRisk{Venue: "fast", Completed: true, Passed: true}) {
		t.Errorf("swap's pre-check = %+v, want fast's passing answer", sw.PreCheck)
	}
	if f.swapper.creates.Load() != 1 {
		t.Errorf("%d venue orders, want 1", f.swapper.creates.Load())
	}
}

// TestPreCheckRefusals: a flag, a check with no verdict, a check that did
// not answer, a venue without a pre-check and a missing refund address each
// refuse the create before any order, with an error that says what
// happened and which venue got the address; without the user's consent no
// address is sent at all.
func TestPreCheckRefusals(t *testing.T) {
	for _, tc := range []struct {
		name      string
		checker   *checkingSwapper // nil: the venue offers no pre-check
		refund    string
		code      string
		want      []string
		wantCalls int
	}{
		{"flagged", &checkingSwapper{risk: swapscout.AddressRisk{Completed: true}}, refund, swaps.EINVALIDADDRESS,
			[]string{"refund_address", "flagged this address", "no swap was made", "went to fast only"}, 1},
		{"no verdict", &checkingSwapper{risk: swapscout.AddressRisk{}}, refund, swaps.EINVALIDADDRESS,
			[]string{"reached no verdict", "no swap was made", "went to fast only"}, 1},
		{"unavailable", &checkingSwapper{err: errors.New("connection refused")}, refund, swapscout.EUNAVAILABLE,
			[]string{"pre-check did not answer", "no swap was made", "refund address went to fast only"}, 1},
		{"no pre-check at this venue", nil, refund, swapscout.EINVALID,
			[]string{"offers no AML pre-check", "no address was sent anywhere"}, 0},
		{"no refund address", &checkingSwapper{risk: swapscout.AddressRisk{Completed: true, Passed: true}}, "", swaps.EINVALIDADDRESS,
			[]string{"refund_address", "is required"}, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, swapscout.Send)
			if tc.checker != nil {
				withChecker(f, tc.checker)
			}
			r := request("pre-" + tc.name)
			r.PreCheck, r.RefundAddress = true, tc.refund
			sw, _, err := f.svc.Create(ctx, r)
			if err == nil {
				t.Fatalf("Create = %+v, want a refusal", sw)
			}
			if got := swapscout.ErrorCode(err); got != tc.code {
				t.Errorf("code %q, want %q (%v)", got, tc.code, err)
			}
			msg := swapscout.ErrorMessage(err)
			for _, w := range tc.want {
				if !strings.Contains(msg, w) {
					t.Errorf("message %q lacks %q", msg, w)
				}
			}
			if f.swapper.creates.Load() != 0 {
				t.Errorf("%d venue orders after a refused pre-check", f.swapper.creates.Load())
			}
			if tc.checker != nil && len(tc.checker.calls()) != tc.wantCalls {
				t.Errorf("pre-check called %d times, want %d", len(tc.checker.calls()), tc.wantCalls)
			}
			// Nothing was reserved: the same key makes a swap once the user
			// drops the pre-check.
			r.PreCheck, r.RefundAddress = false, refund
			if _, created, err := f.svc.Create(ctx, r); err != nil || !created {
				t.Errorf("the same key without the pre-check = %v, %v; want created", created, err)
			}
		})
	}
}

// TestNoPreCheckWithoutConsent: a venue that offers a pre-check gets no
// address for it unless the user asked.
func TestNoPreCheckWithoutConsent(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	c := &checkingSwapper{risk: swapscout.AddressRisk{Completed: true, Passed: true}}
	withChecker(f, c)
	sw, _, err := f.svc.Create(ctx, request("no-consent"))
	if err != nil {
		t.Fatal(err)
	}
	if got := c.calls(); len(got) != 0 || sw.PreCheck != nil {
		t.Errorf("pre-check called with %v (swap says %+v) though the user did not ask", got, sw.PreCheck)
	}
}
