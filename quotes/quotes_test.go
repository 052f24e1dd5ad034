package quotes_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/quotes"
)

// engineFn is an Engine that runs a function.
type engineFn func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error)

func (f engineFn) Quote(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error) {
	return f(ctx, req, sel, emit)
}

var now = time.Date(2026, 11, 21, 12, 0, 0, 0, time.UTC)

func twoOffers(req swapscout.QuoteRequest) *swapscout.Quote {
	return &swapscout.Quote{Request: req, CreatedAt: now, Took: 120 * time.Millisecond,
		Offers: []swapscout.Offer{
			{Venue: "changenow", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2.0312"), Rate: swapscout.MustAmount("20.312"), KYC: 'C', Took: 100 * time.Millisecond,
				Custody: swapscout.Custodial, Deposit: swapscout.DepositTransfer, CanSwap: true},
			{Venue: "binance", Route: "ETH/BTC", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2.0111"), Rate: swapscout.MustAmount("20.111"), KYC: 'D',
				Custody: swapscout.Custodial, Deposit: swapscout.DepositTransfer, NoSwap: "an exchange's price, for comparison: trading there needs an account",
				Fees: []swapscout.Fee{{Kind: "withdrawal", Amount: swapscout.MustAmount("0.0008"), Asset: req.To}}},
		},
		Failures: []swapscout.Failure{{Venue: "kraken", Code: swapscout.CodeTimeout, Message: "no answer within 1s", Took: time.Second}},
	}
}

var btcEth = swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
	Amount: swapscout.MustAmount("0.1"), RateType: swapscout.Fixed}

// bytesOnly hides inmem.Store's Keeper methods: a store that keeps
// encoded bytes only, as Redis does.
type bytesOnly struct{ s *inmem.Store }

func (b bytesOnly) Put(ctx context.Context, id string, body []byte, ttl time.Duration) error {
	return b.s.Put(ctx, id, body, ttl)
}
func (b bytesOnly) Get(ctx context.Context, id []byte) ([]byte, error) { return b.s.Get(ctx, id) }

var amountsAndTimes = cmp.Options{cmp.Comparer(func(a, b swapscout.Amount) bool { return a.Equal(b) }),
	cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) })}

// The structured quote behind an answer is found by its id, with the
// in-memory store (kept beside the bytes) and with a bytes-only store
// (decoded from its encoding) alike, and it is the quote that was shown.
func TestQuoteByIDKeepsStructuredQuote(t *testing.T) {
	clock := now
	for name, store := range map[string]swapscout.QuoteStore{
		"keeper":     inmem.New(inmem.Options{Now: func() time.Time { return clock }}),
		"bytes-only": bytesOnly{inmem.New(inmem.Options{Now: func() time.Time { return clock }})},
	} {
		t.Run(name, func(t *testing.T) {
			clock = now
			var shown *swapscout.Quote
			eng := engineFn(func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, _ func(swapscout.Result)) (*swapscout.Quote, error) {
				q := twoOffers(req)
				q.Offers[0].RateType, q.Offers[0].RateID, q.Offers[0].ExpiresAt = swapscout.Fixed, "rid-1", now.Add(time.Minute)
				q.Offers[0].ETAMin, q.Offers[0].ETAMax = 5*time.Minute, 20*time.Minute
				q.Offers[0].Min, q.Offers[0].MaxOut = swapscout.MustAmount("0.01"), swapscout.MustAmount("100")
				shown = q
				return q, nil
			})
			s := quotes.New(quotes.Config{Engine: eng, Store: store, Now: func() time.Time { return clock }})
			a, err := s.Quote(context.Background(), quotes.Request{QuoteRequest: btcEth, Deadline: time.Second})
			if err != nil {
				t.Fatal(err)
			}
			made, err := a.Quote()
			if err != nil || made != shown {
				t.Fatalf("answer's quote %p, %v; want the one made (%p)", made, err, shown)
			}
			got, err := s.QuoteByID(context.Background(), shown.ID)
			if err != nil {
				t.Fatal(err)
			}
			// The encoding keeps every field the offer has, custody and
			// deposit kind too, and times to the millisecond.
			want := *shown
			if diff := cmp.Diff(&want, got, amountsAndTimes); diff != "" {
				t.Errorf("structured quote differs (-shown +got):\n%s", diff)
			}
			if f, err := s.Stored(context.Background(), []byte(shown.ID)); err != nil || string(f) != string(a.Frame) {
				t.Errorf("stored frame %q, %v; want the answer's %q", f, err, a.Frame)
			}
			clock = now.Add(3 * time.Minute) // past the 2-minute TTL
			if _, err := s.QuoteByID(context.Background(), shown.ID); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
				t.Errorf("expired quote: err = %v, want not_found", err)
			}
			if _, err := s.QuoteByID(context.Background(), "qnosuchquote"); swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
				t.Errorf("unknown quote: err = %v, want not_found", err)
			}
		})
	}
}

// Requote asks the one venue again, never answers from the cache, and
// stores its answer as a new quote readable by id.
func TestRequote(t *testing.T) {
	var calls atomic.Int32
	var lastSel aggregate.Selection
	eng := engineFn(func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, _ func(swapscout.Result)) (*swapscout.Quote, error) {
		calls.Add(1)
		lastSel = sel
		return twoOffers(req), nil
	})
	clock := func() time.Time { return now }
	s := quotes.New(quotes.Config{Engine: eng, Store: inmem.New(inmem.Options{Now: clock}), Cache: inmem.New(inmem.Options{Now: clock}), CacheWindow: time.Minute, Now: clock})
	for i := 1; i <= 2; i++ {
		q, err := s.Requote(context.Background(), btcEth, "changenow")
		if err != nil {
			t.Fatal(err)
		}
		if int(calls.Load()) != i {
			t.Fatalf("requote %d: %d calls to the engine, want %d (never from the cache)", i, calls.Load(), i)
		}
		if diff := cmp.Diff([]string{"changenow"}, lastSel.Include); diff != "" {
			t.Errorf("selection (-want +got):\n%s", diff)
		}
		if back, err := s.QuoteByID(context.Background(), q.ID); err != nil || back != q {
			t.Errorf("requoted quote %s not stored: %v", q.ID, err)
		}
	}
}

// TestCacheAndStream: an identical request within the cache window is a
// hit whose structured quote reads back from the frame; a stream is never
// answered from the cache and emits each venue's answer.
func TestCacheAndStream(t *testing.T) {
	var calls atomic.Int32
	eng := engineFn(func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error) {
		calls.Add(1)
		q := twoOffers(req)
		if emit != nil {
			for i := range q.Offers {
				emit(swapscout.Result{Offer: &q.Offers[i]})
			}
		}
		return q, nil
	})
	s := quotes.New(quotes.Config{Engine: eng, Store: inmem.New(inmem.Options{}), Cache: inmem.New(inmem.Options{}), CacheWindow: time.Hour})
	r := quotes.Request{QuoteRequest: btcEth, Deadline: time.Second}
	miss, err := s.Quote(context.Background(), r)
	if err != nil || miss.Hit {
		t.Fatalf("first request: hit %v, %v; want a miss", miss.Hit, err)
	}
	hit, err := s.Quote(context.Background(), r)
	if err != nil || !hit.Hit || string(hit.Frame) != string(miss.Frame) {
		t.Fatalf("identical request: hit %v, %v; want a cache hit with the same bytes", hit.Hit, err)
	}
	made, _ := miss.Quote()
	q, err := hit.Quote()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(made, q, amountsAndTimes); diff != "" {
		t.Errorf("hit's quote differs from the one made (-made +hit):\n%s", diff)
	}
	var emitted int
	if _, err := s.QuoteStream(context.Background(), r, func(swapscout.Result) { emitted++ }); err != nil {
		t.Fatal(err)
	}
	if n := calls.Load(); n != 2 || emitted != 2 {
		t.Errorf("%d fan-outs in all, %d results emitted by the stream; want 2 and 2", n, emitted)
	}
}

// TestNormalize: equivalent selections share a key, different ones never
// do, and a selection that names an unknown venue or leaves none is
// refused.
func TestNormalize(t *testing.T) {
	s := quotes.New(quotes.Config{Venues: func() []swapscout.VenueInfo {
		return []swapscout.VenueInfo{{ID: "changenow", KYC: 'C', CanSwap: true}, {ID: "exolix", KYC: 'A'}, {ID: "chainflip", KYC: 'A', Custody: swapscout.NonCustodial}}
	}})
	key := func(sel aggregate.Selection) (string, error) {
		r := quotes.Request{QuoteRequest: btcEth, Selection: sel, Deadline: time.Second}
		err := s.Normalize(&r)
		k1 := string(quotes.AppendKey(nil, &r))
		if err == nil {
			if err := s.Normalize(&r); err != nil || string(quotes.AppendKey(nil, &r)) != k1 {
				t.Errorf("%+v: normalizing twice changed the key (%v)", sel, err)
			}
		}
		return k1, err
	}
	same := [][2]aggregate.Selection{
		{{Include: []string{"changenow", "exolix"}}, {Include: []string{"exolix", "changenow", "exolix"}}},
		{{Include: []string{"exolix"}, Exclude: []string{"changenow"}}, {Include: []string{"exolix"}}},
		{{MaxKYC: 'D'}, {}},
	}
	for _, p := range same {
		a, err1 := key(p[0])
		b, err2 := key(p[1])
		if err1 != nil || err2 != nil || a != b {
			t.Errorf("%+v and %+v: keys %q, %q (%v, %v); want one", p[0], p[1], a, b, err1, err2)
		}
	}
	seen := map[string]aggregate.Selection{}
	for _, sel := range []aggregate.Selection{{}, {Include: []string{"exolix"}}, {Exclude: []string{"exolix"}}, {MaxKYC: 'A'},
		{Custody: swapscout.NonCustodial}, {Swappable: true}, {Include: []string{"changenow", "exolix"}}} {
		k, err := key(sel)
		if err != nil {
			t.Errorf("%+v: %v", sel, err)
		}
		if prev, ok := seen[k]; ok {
			t.Errorf("%+v and %+v share the key %q", prev, sel, k)
		}
		seen[k] = sel
	}
	for _, sel := range []aggregate.Selection{{Include: []string{"nope"}}, {Exclude: []string{"changenow+exolix"}},
		{Include: []string{"exolix"}, Exclude: []string{"exolix"}}, {Include: []string{"changenow"}, MaxKYC: 'A'},
		{Swappable: true, Exclude: []string{"changenow"}}} {
		if _, err := key(sel); swapscout.ErrorCode(err) != swapscout.EINVALID {
			t.Errorf("%+v: err %v, want invalid", sel, err)
		}
	}
}

// sharedClaims is a Claim shared by two services, as Redis's SET NX is by
// two instances.
type sharedClaims struct {
	mu   sync.Mutex
	held map[string]bool
}

func (c *sharedClaims) claim(_ context.Context, key string, _ time.Duration) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.held[key] {
		return false
	}
	c.held[key] = true
	return true
}

// TestClaimCollapsesAcrossInstances: two instances sharing a cache and
// claims get the same request at once; one fans out, the other waits for
// its answer in the cache and never asks the venues.
func TestClaimCollapsesAcrossInstances(t *testing.T) {
	cache := inmem.New(inmem.Options{})
	claims := &sharedClaims{held: map[string]bool{}}
	release := make(chan struct{})
	var calls [2]atomic.Int32
	svc := func(i int) *quotes.Service {
		eng := engineFn(func(ctx context.Context, req swapscout.QuoteRequest, _ aggregate.Selection, _ func(swapscout.Result)) (*swapscout.Quote, error) {
			calls[i].Add(1)
			<-release
			return twoOffers(req), nil
		})
		return quotes.New(quotes.Config{Engine: eng, Store: inmem.New(inmem.Options{}), Cache: cache, CacheWindow: time.Minute, Claim: claims.claim})
	}
	a, b := svc(0), svc(1)
	r := quotes.Request{QuoteRequest: btcEth, Deadline: time.Minute}
	first, err := make(chan quotes.Answer, 1), make(chan error, 1)
	go func() {
		ans, e := a.Quote(context.Background(), r)
		first <- ans
		err <- e
	}()
	for calls[0].Load() == 0 { // a has claimed the request and is fanning out
		time.Sleep(time.Millisecond)
	}
	second := make(chan quotes.Answer, 1)
	go func() {
		ans, _ := b.Quote(context.Background(), r)
		second <- ans
	}()
	close(release)
	ansA, ansB := <-first, <-second
	if e := <-err; e != nil {
		t.Fatal(e)
	}
	if calls[1].Load() != 0 {
		t.Errorf("the second instance fanned out too (%d calls)", calls[1].Load())
	}
	if !ansB.Hit || string(ansB.Frame) != string(ansA.Frame) {
		t.Errorf("second instance's answer hit=%v, same frame %v; want the first's, from the cache", ansB.Hit, string(ansB.Frame) == string(ansA.Frame))
	}
}
