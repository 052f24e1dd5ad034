package venuetest

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
)

// RunDepositSwap is RunSwapSim for a swapscout.DepositTracked venue
// (THORChain, Maya), whose swaps are followed by the deposit's transaction
// id, against its simulated network (newSim builds it): the adapter creates
// a swap with a deposit address and memo and nothing to ask before the
// deposit (StatusKey is not ready); once the simulated network
// has the deposit (the order its address and memo name is paid), the
// transaction's status moves forward only, through known statuses, to
// finished with the amount received; a well-formed transaction the network
// never saw is waiting; a malformed id is order_not_found. o.SimOrderID is
// not used: the order is found by its deposit address and memo.
func RunDepositSwap(t *testing.T, d *venue.Descriptor, newSim func() sim.Venue, o SwapOptions) {
	t.Helper()
	for _, auto := range []bool{false, true} {
		name := "AgainstSimulator"
		cfg := sim.Config{Seed: 1, Latency: time.Millisecond, SwapStage: 30 * time.Millisecond}
		if auto {
			name = "AutoPay"
			cfg.Seed, cfg.SwapStage, cfg.AutoPay, cfg.PayoutSpread = 2, 20*time.Millisecond, 30*time.Millisecond, 0.01
		}
		t.Run(name, func(t *testing.T) {
			s := StartSim(t, cfg, d.ID, newSim())
			q := New(t, d, s.VenueURL(d.ID))
			sw, ok := q.(swapscout.DepositTracked)
			if !ok {
				t.Fatalf("%s's adapter %T is not a swapscout.DepositTracked", d.ID, q)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			offer, err := q.Quote(ctx, o.Req)
			if err != nil {
				t.Fatalf("Quote: %v", err)
			}
			if offer.Deposit != swapscout.DepositMemo || offer.Custody != swapscout.NonCustodial || offer.ExpiresAt.IsZero() {
				t.Errorf("offer deposit %q custody %q expiry %v, want a memo deposit, non-custodial, with an expiry", offer.Deposit, offer.Custody, offer.ExpiresAt)
			}
			created := time.Now().Add(-time.Second)
			order, err := sw.CreateSwap(ctx, swapscout.CreateSwapRequest{Request: o.Req, Offer: offer,
				PayoutAddress: o.PayoutAddress, PayoutMemo: o.PayoutMemo, RefundAddress: o.RefundAddress})
			if err != nil {
				t.Fatalf("CreateSwap: %v", err)
			}
			if order.Ref.ID == "" || order.DepositAddress == "" || order.DepositMemo == "" || order.AmountIn.Sign() <= 0 ||
				order.AmountOut.Sign() <= 0 || order.ExpiresAt.IsZero() || order.VenueStatus == "" {
				t.Fatalf("CreateSwap = %+v, want an order id, an inbound address, a memo, positive amounts, an expiry and a word", order)
			}
			if !strings.Contains(order.DepositMemo, o.PayoutAddress) {
				t.Errorf("memo %q does not name the payout address %s", order.DepositMemo, o.PayoutAddress)
			}
			rec := &swapscout.Swap{VenueOrder: order.Ref}
			if key, ok := swapscout.StatusKey(sw, rec); ok {
				t.Errorf("StatusKey before the deposit = %q, want nothing to ask", key)
			}
			x := s.Exchange(d.ID)
			so, err := x.OrderByDeposit(order.DepositAddress, order.DepositMemo)
			if err != nil {
				t.Fatalf("the simulated network has no swap for %s with memo %q", order.DepositAddress, order.DepositMemo)
			}
			// The network's indexer lists the deposit once it is paid,
			// for an adapter that finds deposits (DepositFinder).
			finder, finds := sw.(swapscout.DepositFinder)
			want := &swapscout.Swap{From: o.Req.From, To: o.Req.To, AmountIn: o.Req.Amount, PromisedIn: order.AmountIn,
				PayoutAddress: o.PayoutAddress, DepositMemo: order.DepositMemo, CreatedAt: created}
			if finds && !auto {
				if tx, found, err := finder.FindDeposit(ctx, want); found || err != nil {
					t.Errorf("FindDeposit before the deposit = %q, %v, %v; want nothing found", tx, found, err)
				}
			}
			if !auto {
				Pay(t, s, d.ID, so.ID)
			}
			for so.DepositTx == "" {
				time.Sleep(5 * time.Millisecond)
				if so, err = x.Order(so.ID); err != nil {
					t.Fatal(err)
				}
			}
			rec.DepositTx = so.DepositTx
			if finds {
				tx, found, err := finder.FindDeposit(ctx, want)
				if err != nil || !found || !strings.EqualFold(tx, so.DepositTx) {
					t.Errorf("FindDeposit after the deposit = %q, %v, %v; want %s", tx, found, err, so.DepositTx)
				}
				other := *want
				other.DepositMemo += ":x"
				if tx, found, _ := finder.FindDeposit(ctx, &other); found {
					t.Errorf("FindDeposit with another memo found %q; want nothing", tx)
				}
			}
			key, ok := swapscout.StatusKey(sw, rec)
			if !ok || key.ID != so.DepositTx {
				t.Fatalf("StatusKey after the deposit = %q, %v; want the deposit's transaction %s", key, ok, so.DepositTx)
			}
			var u swapscout.SwapUpdate
			last := 0
			for u.Status != swapscout.StatusFinished {
				time.Sleep(10 * time.Millisecond)
				if u, err = sw.SwapStatus(ctx, key); err != nil {
					t.Fatalf("SwapStatus: %v", err)
				}
				if u.VenueStatus == "" {
					t.Fatalf("status %q without the network's word", u.Status)
				}
				i := slices.Index(progress, u.Status)
				if i < last {
					t.Fatalf("status %q (%q) after %q: want forward progress to finished", u.Status, u.VenueStatus, progress[last])
				}
				last = i
			}
			if u.AmountReceived.Sign() <= 0 || u.PayoutTx == "" || !strings.EqualFold(u.DepositTx, so.DepositTx) {
				t.Errorf("finished as %+v, want the amount received, the payout and the deposit transactions", u)
			}
			if auto && u.AmountReceived.Cmp(order.AmountOut) >= 0 {
				t.Errorf("received %s of an expected %s with a 1%% payout spread, want less", u.AmountReceived, order.AmountOut)
			}
			u, err = sw.SwapStatus(ctx, swapscout.OrderRef{ID: strings.Repeat("0", 63) + "1"})
			if err != nil || u.Status != swapscout.StatusWaiting {
				t.Errorf("SwapStatus(a transaction never seen) = %+v, %v; want waiting", u, err)
			}
			_, err = sw.SwapStatus(ctx, swapscout.OrderRef{ID: "doesnotexist0000"})
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) || ve.Code != venue.CodeOrderNotFound {
				t.Errorf("SwapStatus(malformed id) = %v, want a *VenueError with code %s", err, venue.CodeOrderNotFound)
			}
		})
	}
}

// Unix is the UTC time of unix seconds, for expected expiries.
func Unix(sec int64) time.Time { return time.Unix(sec, 0).UTC() }
