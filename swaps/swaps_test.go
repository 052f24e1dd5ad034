package swaps_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
)

var (
	btc = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth = swapscout.Asset{Ticker: "eth", Network: "eth"}
)

const (
	payout = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" // EIP-55 vector
	refund = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4" // BIP173 vector
	// deposit is where the fake venue asks the deposit: another BIP173
	// vector (P2WSH), valid on the Bitcoin network.
	deposit = "bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3"
)

// fakeQuotes holds one quote and answers re-quotes with fresh.
type fakeQuotes struct {
	mu      sync.Mutex
	quote   *swapscout.Quote
	fresh   swapscout.Offer
	requote atomic.Int32
}

func (f *fakeQuotes) QuoteByID(_ context.Context, id string) (*swapscout.Quote, error) {
	if f.quote == nil || id != f.quote.ID {
		return nil, swapscout.Errorf(swapscout.ENOTFOUND, "quote not found or expired")
	}
	return f.quote, nil
}

func (f *fakeQuotes) Requote(_ context.Context, req swapscout.QuoteRequest, venue string) (*swapscout.Quote, error) {
	n := f.requote.Add(1)
	f.mu.Lock()
	o := f.fresh
	f.mu.Unlock()
	o.Venue = venue
	return &swapscout.Quote{ID: fmt.Sprintf("fresh-%d", n), Request: req, Offers: []swapscout.Offer{o}}, nil
}

// fakeSwapper creates orders, counting them; fail makes it refuse; edit,
// when set, changes the order it answers (a venue's bad answer); block,
// when set, holds the call until it is closed or the call's context ends.
type fakeSwapper struct {
	creates atomic.Int32
	fail    error
	delay   time.Duration
	edit    func(*swapscout.SwapOrder)
	block   chan struct{}
	last    swapscout.CreateSwapRequest
	lastCtx context.Context
	mu      sync.Mutex
}

func (f *fakeSwapper) CreateSwap(ctx context.Context, r swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	n := f.creates.Add(1)
	time.Sleep(f.delay)
	f.mu.Lock()
	f.lastCtx = ctx
	f.mu.Unlock()
	if f.block != nil {
		select {
		case <-f.block:
		case <-ctx.Done():
			return swapscout.SwapOrder{}, ctx.Err()
		}
	}
	if f.fail != nil {
		return swapscout.SwapOrder{}, f.fail
	}
	f.mu.Lock()
	f.last = r
	f.mu.Unlock()
	o := swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: fmt.Sprintf("ord-%d", n)}, DepositAddress: deposit, AmountIn: r.Offer.AmountIn,
		AmountOut: r.Offer.AmountOut, VenueStatus: "new"}
	if r.Offer.Deposit == swapscout.DepositMemo {
		o.DepositMemo = "=:ETH.ETH:" + r.PayoutAddress
	}
	if f.edit != nil {
		f.edit(&o)
	}
	return o, nil
}

func (f *fakeSwapper) SwapStatus(context.Context, swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	return swapscout.SwapUpdate{}, nil
}

type fixture struct {
	svc     *swaps.Service
	quotes  *fakeQuotes
	swapper *fakeSwapper
	db      *sqlstore.DB
}

func newFixture(t *testing.T, dir swapscout.Direction) *fixture {
	t.Helper()
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "s.db"), sqlstore.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	shown := swapscout.Offer{Venue: "fast", AmountIn: swapscout.MustAmount("0.5"), AmountOut: swapscout.MustAmount("10"), RateType: swapscout.Float}
	f := &fixture{
		quotes: &fakeQuotes{
			quote: &swapscout.Quote{ID: "q1", Request: swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.5"), Direction: dir},
				Offers: []swapscout.Offer{shown, {Venue: "book", AmountIn: swapscout.MustAmount("0.5"), AmountOut: swapscout.MustAmount("9")},
					{Venue: "fast>xmr@xmr>fast", AmountIn: swapscout.MustAmount("0.5"), AmountOut: swapscout.MustAmount("9.5"),
						NoSwap: "two-leg routes are created leg by leg", Legs: []swapscout.Offer{shown, shown}}}},
			fresh: shown,
		},
		swapper: &fakeSwapper{},
		db:      db,
	}
	f.svc = &swaps.Service{
		Quotes: f.quotes, Store: db,
		Swapper: func(v string) (swapscout.Swapper, bool) {
			if v == "fast" {
				return f.swapper, true
			}
			return nil, false
		},
	}
	return f
}

func request(key string) swaps.CreateRequest {
	return swaps.CreateRequest{IdempotencyKey: key, QuoteID: "q1", Venue: "fast", PayoutAddress: payout, RefundAddress: refund}
}

var ctx = context.Background()

func TestCreate(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	sw, created, err := f.svc.Create(ctx, request("k1"))
	if err != nil || !created {
		t.Fatalf("Create = %v, %v", created, err)
	}
	if sw.VenueOrder.ID != "ord-1" || sw.DepositAddress != deposit || sw.Status != swapscout.StatusWaiting ||
		sw.AmountOut.Cmp(swapscout.MustAmount("10")) != 0 || sw.PromisedOut.Cmp(swapscout.MustAmount("10")) != 0 {
		t.Errorf("swap = %+v", sw)
	}
	if !swapscout.ValidSwapID(sw.ID) {
		t.Errorf("id %q is not a swap id", sw.ID)
	}
	got, evs, err := f.svc.Get(ctx, sw.ID)
	if err != nil || got.VenueOrder.ID != "ord-1" || len(evs) != 1 {
		t.Errorf("Get = %+v, %v, %v", got, evs, err)
	}
	if f.swapper.last.PayoutAddress != payout || f.swapper.last.RefundAddress != refund {
		t.Errorf("venue asked with %+v", f.swapper.last)
	}
}

// TestCreateKeepsDepositKind: the swap records what its offer said the
// deposit must be, so its page warns of a memo deposit after the quote is
// gone; an offer that says nothing makes a plain transfer.
func TestCreateKeepsDepositKind(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	sw, _, err := f.svc.Create(ctx, request("plain"))
	if err != nil || sw.Deposit != swapscout.DepositTransfer {
		t.Fatalf("plain offer: Deposit = %q, %v; want %q", sw.Deposit, err, swapscout.DepositTransfer)
	}
	f.quotes.quote.Offers[0].Deposit = swapscout.DepositMemo
	f.quotes.fresh.Deposit = swapscout.DepositMemo
	sw, _, err = f.svc.Create(ctx, request("memo"))
	if err != nil || sw.Deposit != swapscout.DepositMemo {
		t.Fatalf("memo offer: Deposit = %q, %v; want %q", sw.Deposit, err, swapscout.DepositMemo)
	}
	got, _, err := f.svc.Get(ctx, sw.ID)
	if err != nil || got.Deposit != swapscout.DepositMemo {
		t.Errorf("Get: Deposit = %q, %v; want %q", got.Deposit, err, swapscout.DepositMemo)
	}
}

func TestIdempotency(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	first, _, err := f.svc.Create(ctx, request("k1"))
	if err != nil {
		t.Fatal(err)
	}
	again, created, err := f.svc.Create(ctx, request("k1"))
	if err != nil || created || again.ID != first.ID {
		t.Errorf("retry = %v, %v, %v; want the first swap, not created", again, created, err)
	}
	other := request("k1")
	other.MaxSlippage = swapscout.MustAmount("0.01")
	if _, _, err := f.svc.Create(ctx, other); swapscout.ErrorCode(err) != swapscout.ECONFLICT {
		t.Errorf("same key, other body = %v; want %s", err, swapscout.ECONFLICT)
	}
	if n := f.swapper.creates.Load(); n != 1 {
		t.Errorf("%d orders at the venue; want 1", n)
	}
}

// TestConcurrentKey: many requests with one key, at once, make one order.
func TestConcurrentKey(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	f.swapper.delay = 50 * time.Millisecond
	var wg sync.WaitGroup
	ids := make(chan string, 20)
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sw, _, err := f.svc.Create(ctx, request("same"))
			switch {
			case err == nil:
				ids <- sw.ID
			case swapscout.ErrorCode(err) != swaps.EINPROGRESS:
				t.Errorf("Create = %v", err)
			}
		}()
	}
	wg.Wait()
	close(ids)
	seen := map[string]bool{}
	for id := range ids {
		seen[id] = true
	}
	if len(seen) != 1 || f.swapper.creates.Load() != 1 {
		t.Errorf("%d swap ids, %d orders at the venue; want 1 and 1", len(seen), f.swapper.creates.Load())
	}
}

func TestRateGuard(t *testing.T) {
	for _, tc := range []struct {
		name     string
		dir      swapscout.Direction
		in, out  string
		slippage string
		changed  bool
	}{
		{"send same", swapscout.Send, "0.5", "10", "", false},
		{"send within default", swapscout.Send, "0.5", "9.951", "", false},
		{"send beyond default", swapscout.Send, "0.5", "9.949", "", true},
		{"send better", swapscout.Send, "0.5", "11", "", false},
		{"send allowed 2%", swapscout.Send, "0.5", "9.81", "0.02", false},
		{"receive within", swapscout.Receive, "0.5024", "10", "", false},
		{"receive beyond", swapscout.Receive, "0.5026", "10", "", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, tc.dir)
			f.quotes.fresh.AmountIn, f.quotes.fresh.AmountOut = swapscout.MustAmount(tc.in), swapscout.MustAmount(tc.out)
			r := request("k")
			if tc.slippage != "" {
				r.MaxSlippage = swapscout.MustAmount(tc.slippage)
			}
			_, _, err := f.svc.Create(ctx, r)
			var rc *swaps.RateChangedError
			if got := errors.As(err, &rc); got != tc.changed {
				t.Fatalf("Create = %v; rate changed %v, want %v", err, got, tc.changed)
			}
			if !tc.changed {
				return
			}
			if swapscout.ErrorCode(err) != swaps.ERATECHANGED || rc.QuoteID != "fresh-1" {
				t.Errorf("error %v code %s quote %s", err, swapscout.ErrorCode(err), rc.QuoteID)
			}
			if n := f.swapper.creates.Load(); n != 0 {
				t.Errorf("%d orders created despite the rate change", n)
			}
			// Nothing was created: the same key may try again.
			f.quotes.fresh.AmountIn, f.quotes.fresh.AmountOut = swapscout.MustAmount("0.5"), swapscout.MustAmount("10")
			if _, created, err := f.svc.Create(ctx, r); err != nil || !created {
				t.Errorf("retry after rate change = %v, %v", created, err)
			}
		})
	}
}

func TestRefusals(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(*swaps.CreateRequest)
		code string
	}{
		{"no key", func(r *swaps.CreateRequest) { r.IdempotencyKey = "" }, swapscout.EINVALID},
		{"unknown quote", func(r *swaps.CreateRequest) { r.QuoteID = "nope" }, swapscout.ENOTFOUND},
		{"venue not in quote", func(r *swaps.CreateRequest) { r.Venue = "slow" }, swapscout.EINVALID},
		{"venue cannot swap", func(r *swaps.CreateRequest) { r.Venue = "book" }, swaps.EUNSUPPORTED},
		{"no payout", func(r *swaps.CreateRequest) { r.PayoutAddress = "" }, swaps.EINVALIDADDRESS},
		{"bad checksum", func(r *swaps.CreateRequest) { r.PayoutAddress = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD" }, swaps.EINVALIDADDRESS},
		{"refund on the wrong network", func(r *swaps.CreateRequest) { r.RefundAddress = payout }, swaps.EINVALIDADDRESS},
		{"memo on a network without", func(r *swaps.CreateRequest) { r.PayoutMemo = "123" }, swaps.EINVALIDADDRESS},
		{"slippage too wide", func(r *swaps.CreateRequest) { r.MaxSlippage = swapscout.MustAmount("0.5") }, swapscout.EINVALID},
		{"negative slippage", func(r *swaps.CreateRequest) { r.MaxSlippage = swapscout.MustAmount("-0.01") }, swapscout.EINVALID},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := newFixture(t, swapscout.Send)
			r := request("k")
			tc.edit(&r)
			_, _, err := f.svc.Create(ctx, r)
			if code := swapscout.ErrorCode(err); code != tc.code {
				t.Errorf("Create = %v (%s); want %s", err, code, tc.code)
			}
			if n := f.quotes.requote.Load() + f.swapper.creates.Load(); n != 0 {
				t.Errorf("the venue was called %d times for a refused request", n)
			}
		})
	}
}

func TestAddressErrorNamesField(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	r := request("k")
	r.RefundAddress = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5" // checksum broken
	_, _, err := f.svc.Create(ctx, r)
	var ae *swaps.AddressError
	if !errors.As(err, &ae) || ae.Field != "refund_address" {
		t.Fatalf("Create = %v; want an address error on refund_address", err)
	}
	if msg := swapscout.ErrorMessage(err); msg == "" || msg == "internal error" {
		t.Errorf("client message %q", msg)
	}
}

func TestVenueRefuses(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	f.swapper.fail = swapscout.NewVenueError(swapscout.CodeAmountTooSmall, "minimum is 0.6 BTC")
	_, _, err := f.svc.Create(ctx, request("k"))
	if swapscout.ErrorCode(err) != swaps.EVENUE {
		t.Fatalf("Create = %v; want %s", err, swaps.EVENUE)
	}
	// Nothing exists: the key is free again.
	f.swapper.fail = nil
	if _, created, err := f.svc.Create(ctx, request("k")); err != nil || !created {
		t.Errorf("retry = %v, %v", created, err)
	}
}

// TestVenueRefusesAddress: a venue that refuses the user's address and says
// which field (NEAR Intents' "recipient is not valid") gives a 400
// invalid_address on that field, not a venue failure; nothing is created and
// the key is free again.
func TestVenueRefusesAddress(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	ve := swapscout.NewVenueError("bad_request", "NEAR Intents refused this address: recipient is not valid")
	ve.Field = "payout_address"
	f.swapper.fail = ve
	_, _, err := f.svc.Create(ctx, request("k"))
	var ae *swaps.AddressError
	if !errors.As(err, &ae) || ae.Field != "payout_address" || swapscout.ErrorCode(err) != swaps.EINVALIDADDRESS ||
		!strings.Contains(swapscout.ErrorMessage(err), "recipient is not valid") {
		t.Fatalf("Create = %v (%s); want invalid_address on payout_address with the venue's words", err, swapscout.ErrorCode(err))
	}
	ve.Field = "deposit_address" // not a field of the request: the venue's failure
	if _, _, err := f.svc.Create(ctx, request("k")); swapscout.ErrorCode(err) != swaps.EVENUE {
		t.Errorf("Create with an unknown field = %v; want %s", err, swaps.EVENUE)
	}
	f.swapper.fail = nil
	if _, created, err := f.svc.Create(ctx, request("k")); err != nil || !created {
		t.Errorf("retry = %v, %v", created, err)
	}
}

// TestStoreDown: with the database gone, creation answers unavailable and
// nothing is created at the venue.
func TestStoreDown(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	f.db.Close()
	_, _, err := f.svc.Create(ctx, request("k"))
	if swapscout.ErrorCode(err) != swapscout.EUNAVAILABLE {
		t.Errorf("Create = %v; want %s", err, swapscout.EUNAVAILABLE)
	}
	if n := f.swapper.creates.Load(); n != 0 {
		t.Errorf("%d orders created with the database down", n)
	}
}

// A retry is answered after its quote expired (a client retrying after a
// crash or a lost answer), and a new key for that quote is refused.
func TestRetryAfterQuoteExpired(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	first, created, err := f.svc.Create(ctx, request("late"))
	if err != nil || !created {
		t.Fatalf("create: %v %v", created, err)
	}
	f.quotes.quote = nil // expired
	again, created, err := f.svc.Create(ctx, request("late"))
	if err != nil || created || again.ID != first.ID {
		t.Fatalf("retry after expiry: %+v %v %v", again, created, err)
	}
	other := request("late")
	other.PayoutMemo = "1"
	if _, _, err := f.svc.Create(ctx, other); swapscout.ErrorCode(err) != swapscout.ECONFLICT {
		t.Errorf("same key, other request: %v", err)
	}
	if _, _, err := f.svc.Create(ctx, request("new")); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
		t.Errorf("new key, expired quote: %v", err)
	}
	if n := f.swapper.creates.Load(); n != 1 {
		t.Errorf("%d orders, want 1", n)
	}
}

// failComplete loses the venue's answer: the server stopped between
// reserving a key and recording the order.
type failComplete struct{ *sqlstore.DB }

func (failComplete) CompleteSwap(context.Context, *swapscout.Swap) error {
	return errors.New("the process died here")
}

// A reservation cut short answers in_progress until its deadline (and the
// time to record it) has passed; then its outcome is unknown, and the
// answer says so truthfully: the venue may hold an order nobody was shown,
// the key never makes another. No retry makes a second order.
func TestInterruptedCreation(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	f.svc.Store = failComplete{f.db}
	if _, _, err := f.svc.Create(ctx, request("cut")); err == nil {
		t.Fatal("created with the record lost")
	}
	f.svc.Store = f.db
	_, _, err := f.svc.Create(ctx, request("cut"))
	if swapscout.ErrorCode(err) != swapscout.EINPROGRESS || swapscout.RetryAfterOf(err) <= 0 ||
		!strings.Contains(swapscout.ErrorMessage(err), "Do not pay anything you were not shown") {
		t.Errorf("retry at once: %v (retry after %s)", err, swapscout.RetryAfterOf(err))
	}
	f.svc.Now = func() time.Time { return time.Now().Add(swaps.DefaultCreateTimeout + swaps.RecordSlack + time.Second) }
	_, _, err = f.svc.Create(ctx, request("cut"))
	if swapscout.ErrorCode(err) != swapscout.EUNKNOWN || !strings.Contains(swapscout.ErrorMessage(err), "use a new one") ||
		strings.Contains(swapscout.ErrorMessage(err), "nothing is owed") {
		t.Errorf("retry later: %v", err)
	}
	if n := f.swapper.creates.Load(); n != 1 {
		t.Errorf("%d orders, want 1", n)
	}
}

// A route the quote judged unswappable is refused before any venue is
// called, with the offer's own reason, even when every one of its venues
// creates swaps.
func TestCreateRefusesComposite(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	r := request("k")
	r.Venue = "fast>xmr@xmr>fast"
	_, _, err := f.svc.Create(ctx, r)
	if code := swapscout.ErrorCode(err); code != swaps.EUNSUPPORTED || !strings.Contains(err.Error(), "leg by leg") {
		t.Errorf("Create(route) = %v (%s); want %s with the offer's reason", err, code, swaps.EUNSUPPORTED)
	}
	if n := f.quotes.requote.Load() + f.swapper.creates.Load(); n != 0 {
		t.Errorf("the venue was called %d times for a refused route", n)
	}
}
