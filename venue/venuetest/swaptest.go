package venuetest

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/venue"
)

// SwapOptions configure RunSwapSim and RunDepositSwap.
type SwapOptions struct {
	// Req is a request the venue's simulator quotes; the swap is made on
	// the offer it gives.
	Req                       swapscout.QuoteRequest
	PayoutAddress, PayoutMemo string
	RefundAddress             string
	// Words are every status word the venue documents, and Map the
	// adapter's mapping of a word (the adapter's own tests check them with
	// CheckStatusWords): a venue with a word for a held order must be
	// simulated holding orders, and its held order must read held.
	Words []string
	Map   func(word string) swapscout.SwapStatus
	// NoAmountReceived: the venue does not report what it paid out.
	NoAmountReceived bool
	// NoRefundTx and NoRefundAmount: the venue does not report a refund's
	// transaction, its amount. NoRefund: it has no word for a refund.
	NoRefundTx, NoRefundAmount, NoRefund bool
	// SimOrderID turns the adapter's order id into the simulator's, for
	// adapters that keep more than the venue's id (default: the same).
	SimOrderID func(orderID string) string
}

// CheckStatusWords checks a venue's status table: each of words, the
// status words the venue documents, maps (through m) to a valid status
// other than StatusUnknown, and a word nobody documents to StatusUnknown.
func CheckStatusWords(t *testing.T, words []string, m func(word string) swapscout.SwapStatus) {
	t.Helper()
	if len(words) == 0 || m == nil {
		t.Fatal("the status words and their mapping are required")
	}
	for _, w := range words {
		if st := m(w); !st.Valid() || st == swapscout.StatusUnknown {
			t.Errorf("status word %q maps to %q, want a known status", w, st)
		}
	}
	if st := m("surely-not-a-status"); st != swapscout.StatusUnknown {
		t.Errorf("an undocumented word maps to %q, want unknown", st)
	}
}

// progress is the order a swap that goes well moves through.
var progress = []swapscout.SwapStatus{
	swapscout.StatusWaiting, swapscout.StatusConfirming, swapscout.StatusExchanging,
	swapscout.StatusSending, swapscout.StatusFinished,
}

// RunSwapSim is the conformance suite of a swapscout.Swapper against its
// venue's simulator (newSim builds it; a venue's simulator lives in its own
// package under sim/, whose tests call this): the adapter creates an order
// waiting for its deposit at a deposit address; once paid through /_sim/pay
// the order moves forward only, through known statuses, to finished; an
// unknown order id is a *swapscout.VenueError with code
// venue.CodeOrderNotFound; an order the simulator pays itself finishes; and
// every outcome (runOutcomes) reads as what happened.
func RunSwapSim(t *testing.T, d *venue.Descriptor, newSim func() sim.Venue, o SwapOptions) {
	t.Helper()
	t.Run("AgainstSimulator", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		s, sw, _, order := makeSwap(ctx, t, d, newSim, o, sim.Config{Seed: 1, Latency: time.Millisecond, SwapStage: 30 * time.Millisecond})
		if order.Ref.ID == "" || order.DepositAddress == "" || order.AmountIn.Sign() <= 0 || order.AmountOut.Sign() <= 0 {
			t.Fatalf("CreateSwap = %+v, want an order id, a deposit address and positive amounts", order)
		}
		u, err := sw.SwapStatus(ctx, order.Ref)
		if err != nil {
			t.Fatalf("SwapStatus after create: %v", err)
		}
		if u.Status != swapscout.StatusWaiting || u.VenueStatus == "" {
			t.Fatalf("status after create = %q (%q), want waiting with the venue's word", u.Status, u.VenueStatus)
		}
		simID := order.Ref.ID
		if o.SimOrderID != nil {
			simID = o.SimOrderID(simID)
		}
		Pay(t, s, d.ID, simID)
		last := 0
		for u.Status != swapscout.StatusFinished {
			time.Sleep(10 * time.Millisecond)
			if u, err = sw.SwapStatus(ctx, order.Ref); err != nil {
				t.Fatalf("SwapStatus: %v", err)
			}
			i := slices.Index(progress, u.Status)
			if i < last {
				t.Fatalf("status %q (%q) after %q: want forward progress to finished", u.Status, u.VenueStatus, progress[last])
			}
			last = i
		}
		if !o.NoAmountReceived && u.AmountReceived.Sign() <= 0 {
			t.Errorf("finished without the amount received: %+v", u)
		}
		_, err = sw.SwapStatus(ctx, swapscout.OrderRef{ID: "doesnotexist0000"})
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || ve.Code != venue.CodeOrderNotFound {
			t.Errorf("SwapStatus(unknown id) = %v, want a *VenueError with code %s", err, venue.CodeOrderNotFound)
		}
	})
	t.Run("AutoPay", func(t *testing.T) { runAutoPay(t, d, newSim, o) })
	t.Run("Outcomes", func(t *testing.T) { runOutcomes(t, d, newSim, o) })
}

// runAutoPay creates an order on a simulator that pays every order itself
// (Config.AutoPay) and pays out below the promise (Config.PayoutSpread):
// the order finishes without /_sim/pay, and a floating order reports less
// received than promised.
func runAutoPay(t *testing.T, d *venue.Descriptor, newSim func() sim.Venue, o SwapOptions) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_, sw, offer, order := makeSwap(ctx, t, d, newSim, o, sim.Config{Seed: 2, Latency: time.Millisecond, SwapStage: 20 * time.Millisecond,
		AutoPay: 30 * time.Millisecond, PayoutSpread: 0.01})
	u := follow(ctx, t, sw, order.Ref, swapscout.StatusFinished)
	if !o.NoAmountReceived && offer.RateType != swapscout.Fixed && u.AmountReceived.Cmp(order.AmountOut) >= 0 {
		t.Errorf("received %s of a promised %s with a 1%% payout spread, want less", u.AmountReceived, order.AmountOut)
	}
}

// makeSwap serves d's simulated API (newSim) with cfg (and the test secret), builds
// the adapter against it, and creates o's swap on the offer its quote of
// o.Req gives; any failure ends the test.
func makeSwap(ctx context.Context, t *testing.T, d *venue.Descriptor, newSim func() sim.Venue, o SwapOptions, cfg sim.Config) (*sim.Server, swapscout.Swapper, swapscout.Offer, swapscout.SwapOrder) {
	t.Helper()
	cfg.Secrets = map[string]string{d.ID: "test-secret"}
	s := StartSim(t, cfg, d.ID, newSim())
	q := New(t, d, s.VenueURL(d.ID))
	sw, ok := q.(swapscout.Swapper)
	if !ok {
		t.Fatalf("%s's adapter %T does not implement swapscout.Swapper", d.ID, q)
	}
	offer, err := q.Quote(ctx, o.Req)
	if err != nil {
		t.Fatalf("Quote: %v", err)
	}
	order, err := sw.CreateSwap(ctx, swapscout.CreateSwapRequest{Request: o.Req, Offer: offer,
		PayoutAddress: o.PayoutAddress, PayoutMemo: o.PayoutMemo, RefundAddress: o.RefundAddress})
	if err != nil {
		t.Fatalf("CreateSwap: %v", err)
	}
	return s, sw, offer, order
}

// follow asks the order's status until it is want, and returns that
// update; any other end, or an error, ends the test.
func follow(ctx context.Context, t *testing.T, sw swapscout.Swapper, ref swapscout.OrderRef, want swapscout.SwapStatus) swapscout.SwapUpdate {
	t.Helper()
	var u swapscout.SwapUpdate
	for u.Status != want {
		time.Sleep(10 * time.Millisecond)
		var err error
		if u, err = sw.SwapStatus(ctx, ref); err != nil {
			t.Fatalf("SwapStatus: %v", err)
		}
		if u.Status.Terminal() && u.Status != want {
			t.Fatalf("the order ended %s (%s), want %s", u.Status, u.VenueStatus, want)
		}
	}
	return u
}

// Pay pays order id at simulated venue through POST /_sim/pay.
func Pay(t testing.TB, s *sim.Server, venueID, id string) {
	t.Helper()
	resp, err := http.Post(s.URL()+"/_sim/pay/"+venueID+"/"+url.PathEscape(id), "application/json", nil)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST /_sim/pay/%s/%s: HTTP %d", venueID, id, resp.StatusCode)
	}
}

// SwapCase is one fixture-driven test of a Swapper: CreateSwap when Create
// is set, else SwapStatus of the order OrderID (with Secret, for venues
// that keep one beside the id).
type SwapCase struct {
	Name            string
	Routes          []Route
	Create          *swapscout.CreateSwapRequest
	OrderID, Secret string
	// Want is the failure code expected; empty when an answer is expected,
	// which is then compared with WantOrder or WantUpdate.
	Want       swapscout.FailureCode
	WantOrder  swapscout.SwapOrder
	WantUpdate swapscout.SwapUpdate
	Check      func(t *testing.T, reqs []Recorded)
}

var amountEqual = cmp.Comparer(func(a, b swapscout.Amount) bool { return a.Equal(b) })

// RunSwapCases runs each case against a replay of its routes.
func RunSwapCases(t *testing.T, d *venue.Descriptor, cases []SwapCase) {
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			rp := NewReplay(t, "testdata", c.Routes)
			sw, ok := New(t, d, rp.URL).(swapscout.Swapper)
			if !ok {
				t.Fatalf("%s's adapter does not implement swapscout.Swapper", d.ID)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			var got any
			var err error
			if c.Create != nil {
				got, err = sw.CreateSwap(ctx, *c.Create)
			} else {
				got, err = sw.SwapStatus(ctx, swapscout.OrderRef{ID: c.OrderID, Secret: c.Secret})
			}
			if c.Check != nil {
				c.Check(t, rp.Requests())
			}
			if c.Secret != "" && err != nil && strings.Contains(err.Error(), c.Secret) {
				t.Errorf("error %q shows the order's secret", err)
			}
			if c.Want != "" {
				if err == nil {
					t.Fatalf("got %+v, want failure %s", got, c.Want)
				}
				if code := Code(err); code != c.Want {
					t.Fatalf("error %v has code %s, want %s", err, code, c.Want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var want any = c.WantUpdate
			if c.Create != nil {
				want = c.WantOrder
			}
			if diff := cmp.Diff(want, got, amountEqual); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

// FuzzSwap fuzzes a Swapper's create and status parsers: every body and
// status the fuzzer makes up is served (at every path) to CreateSwap on
// create and SwapStatus, which must not panic and must answer either a
// *swapscout.VenueError or a result with a valid status and, for an order,
// an id and a deposit address. seeds are bodies to start from (the
// adapter's fixtures).
func FuzzSwap(f *testing.F, d *venue.Descriptor, create swapscout.CreateSwapRequest, seeds ...[]byte) {
	f.Helper()
	var mu sync.Mutex
	var body []byte
	var status int
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		b, st := body, status
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(st)
		_, _ = w.Write(b)
	}))
	f.Cleanup(srv.Close)
	q, err := d.New(venue.Config{BaseURL: srv.URL, HTTP: Client(f), APIKey: "test-key", APISecret: "test-secret",
		Now: func() time.Time { return time.Date(2026, 7, 29, 14, 0, 0, 0, time.UTC) }})
	if err != nil {
		f.Fatal(err)
	}
	sw, ok := q.(swapscout.Swapper)
	if !ok {
		f.Fatalf("%s does not implement swapscout.Swapper", d.ID)
	}
	for _, s := range seeds {
		f.Add(200, s)
		f.Add(400, s)
	}
	f.Fuzz(func(t *testing.T, st int, b []byte) {
		if st < 200 || st > 599 {
			st = 200
		}
		mu.Lock()
		body, status = b, st
		mu.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		check := func(what string, err error) {
			var ve *swapscout.VenueError
			if err != nil && !errors.As(err, &ve) {
				t.Fatalf("%s: error %T %v is not a *VenueError", what, err, err)
			}
		}
		// Venues that need metadata first may refuse before any call; that is fine.
		order, err := sw.CreateSwap(ctx, create)
		check("CreateSwap", err)
		if err == nil && (order.Ref.ID == "" || order.DepositAddress == "") {
			t.Fatalf("CreateSwap = %+v without an error, id or deposit address", order)
		}
		u, err := sw.SwapStatus(ctx, swapscout.OrderRef{ID: "order1", Secret: "payout"})
		check("SwapStatus", err)
		if err == nil && !u.Status.Valid() {
			t.Fatalf("SwapStatus status %q is not valid", u.Status)
		}
	})
}
