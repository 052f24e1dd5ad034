package swaps_test

import (
	"context"
	"errors"
	"log/slog"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
	"github.com/swapscout/swapscout/swaps/sqlstore"
	"github.com/swapscout/swapscout/swaps/storetest"
)

// The lifecycle's rules, one Poll at a time on an injected clock: no job
// engine, no sleeping (swaps/track runs the same polls on River).

// clock is a settable time.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// stepper is a venue whose orders move one step per status call; err,
// when set, fails the calls.
type stepper struct {
	fakeSwapper
	mu    sync.Mutex
	steps []swapscout.SwapUpdate
	asked []swapscout.OrderRef
	err   error
}

func (v *stepper) SwapStatus(_ context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.asked = append(v.asked, ref)
	if v.err != nil {
		return swapscout.SwapUpdate{}, v.err
	}
	n := min(len(v.asked), len(v.steps)) - 1
	return v.steps[n], nil
}

// heard is a Listener recording the changes it hears: each without the
// swap it carries (cs), and that apart (shown).
type heard struct {
	mu    sync.Mutex
	cs    []swapscout.SwapChange
	shown []swapscout.SwapChange
}

func (h *heard) SwapChanged(_ context.Context, c swapscout.SwapChange) {
	h.mu.Lock()
	h.shown = append(h.shown, c)
	c.Shown, c.History = nil, nil
	h.cs = append(h.cs, c)
	h.mu.Unlock()
}

func (h *heard) all() []swapscout.SwapChange {
	h.mu.Lock()
	defer h.mu.Unlock()
	return slices.Clone(h.cs)
}

// tracked is a Tracker recording what it is given.
type tracked struct {
	mu  sync.Mutex
	ids []string
	err error
}

func (tr *tracked) Track(_ context.Context, ids ...string) (int, error) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.ids = append(tr.ids, ids...)
	return len(ids), tr.err
}

type pollRig struct {
	db    *sqlstore.DB
	clock *clock
	venue *stepper
	heard *heard
	svc   *swaps.Service
}

func newPollRig(t *testing.T, steps ...swapscout.SwapUpdate) *pollRig {
	t.Helper()
	c := &clock{t: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}
	db, err := sqlstore.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "s.db"), sqlstore.Options{Now: c.now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	r := &pollRig{db: db, clock: c, venue: &stepper{steps: steps}, heard: &heard{}}
	r.svc = &swaps.Service{Store: db, Now: c.now, Listeners: []swaps.Listener{r.heard}, Logger: slog.New(slog.DiscardHandler),
		Schedule: func(age time.Duration) time.Duration { return time.Second + age/100 },
		Swapper:  func(v string) (swapscout.Swapper, bool) { return r.venue, v != "gone" }}
	return r
}

// created records a created swap, waiting at its venue, made now; edit,
// when set, changes the record first.
func (r *pollRig) created(t *testing.T, edit func(*swapscout.Swap)) *swapscout.Swap {
	t.Helper()
	s := storetest.Sample()
	s.VenueOrder, s.DepositAddress, s.Status, s.VenueStatus = swapscout.OrderRef{ID: "ord-" + s.ID[:6], Secret: "tok"}, "dep", swapscout.StatusWaiting, "waiting"
	if edit != nil {
		edit(s)
	}
	if _, err := r.db.ReserveSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	if err := r.db.CompleteSwap(ctx, s); err != nil {
		t.Fatal(err)
	}
	return s
}

func (r *pollRig) poll(t *testing.T, id string) swaps.Step {
	t.Helper()
	step, err := r.svc.Poll(ctx, id)
	if err != nil {
		t.Fatalf("Poll: %v", err)
	}
	return step
}

var progress = []swapscout.SwapUpdate{
	{Status: swapscout.StatusWaiting, VenueStatus: "waiting"},
	{Status: swapscout.StatusConfirming, VenueStatus: "confirming", DepositTx: "dtx"},
	{Status: swapscout.StatusExchanging, VenueStatus: "exchanging"},
	{Status: swapscout.StatusSending, VenueStatus: "sending"},
	{Status: swapscout.StatusFinished, VenueStatus: "finished", PayoutTx: "ptx", AmountReceived: swapscout.MustAmount("36.05")},
}

// TestPollToTheEnd: each Poll asks the venue by the order with its secret,
// records what changed, tells the listeners one SwapChange per change
// (numbered as the history) and asks for the schedule's next interval;
// the end is Done. A Poll of a swap that is over tells its last change
// again (a poll rescued after its server died between recording and
// telling) and is Done.
func TestPollToTheEnd(t *testing.T) {
	r := newPollRig(t, progress...)
	sw := r.created(t, nil)
	for i := range progress {
		r.clock.add(10 * time.Second)
		step := r.poll(t, sw.ID)
		want := swaps.Step{Next: time.Second + time.Duration(i+1)*100*time.Millisecond}
		if i == len(progress)-1 {
			want = swaps.Step{Done: true}
		}
		if step != want {
			t.Fatalf("poll %d = %+v; want %+v", i, step, want)
		}
	}
	got, err := r.db.Swap(ctx, sw.ID)
	if err != nil || got.Status != swapscout.StatusFinished || got.DepositTx != "dtx" || got.PayoutTx != "ptx" {
		t.Fatalf("recorded %+v, %v", got, err)
	}
	if r.venue.asked[0] != sw.VenueOrder {
		t.Errorf("asked %#v; want the order with its secret", r.venue.asked[0])
	}
	var want []swapscout.SwapChange
	for i, st := range []swapscout.SwapStatus{swapscout.StatusConfirming, swapscout.StatusExchanging, swapscout.StatusSending, swapscout.StatusFinished} {
		want = append(want, swapscout.SwapChange{SwapID: sw.ID, Seq: i + 2, Status: st})
	}
	if diff := cmp.Diff(want, r.heard.all()); diff != "" {
		t.Errorf("changes heard (-want +got):\n%s", diff)
	}
	if step := r.poll(t, sw.ID); !step.Done {
		t.Errorf("poll of a finished swap = %+v; want done", step)
	}
	if all := r.heard.all(); len(all) != 5 || !cmp.Equal(all[4], want[3]) {
		t.Errorf("a finished swap polled again told %v; want its last change again", all[4:])
	}
	if len(r.venue.asked) != len(progress) {
		t.Errorf("the venue was asked %d times; want %d", len(r.venue.asked), len(progress))
	}
}

// TestChangeCarriesTheSwapAsShown: each change told carries the swap and
// its history exactly as Get shows them after it (its order's secret not
// opened), so a watcher in the process need not read them again.
func TestChangeCarriesTheSwapAsShown(t *testing.T) {
	r := newPollRig(t, progress...)
	sw := r.created(t, nil)
	told := 0
	for range progress[:4] {
		r.clock.add(10 * time.Second)
		r.poll(t, sw.ID)
		r.heard.mu.Lock()
		shown := slices.Clone(r.heard.shown)
		r.heard.mu.Unlock()
		if len(shown) == told {
			continue // no change
		}
		told = len(shown)
		c := shown[told-1]
		if c.Shown == nil {
			t.Fatalf("change %d told without the swap", c.Seq)
		}
		got, hist, err := r.svc.Get(ctx, sw.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(got, c.Shown); diff != "" {
			t.Errorf("change %d: swap carried (-Get +carried):\n%s", c.Seq, diff)
		}
		if diff := cmp.Diff(hist, c.History); diff != "" || c.Seq != len(hist) {
			t.Errorf("change %d: history carried (-Get +carried):\n%s", c.Seq, diff)
		}
		if c.Shown.VenueOrder.Secret != "" {
			t.Errorf("change %d carries the order's secret", c.Seq)
		}
	}
	if told != 3 {
		t.Errorf("%d changes told; want 3", told)
	}
}

// TestPollExpiry: an unpaid swap is kept waiting up to ExpireAfter past its
// expiry, then expired whatever the venue keeps saying.
func TestPollExpiry(t *testing.T) {
	r := newPollRig(t, swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "waiting"})
	r.svc.ExpireAfter = 10 * time.Minute
	sw := r.created(t, func(s *swapscout.Swap) { s.ExpiresAt = r.clock.now().Add(20 * time.Minute) })
	r.clock.add(29 * time.Minute)
	if step := r.poll(t, sw.ID); step.Done {
		t.Fatal("expired within the grace")
	}
	r.clock.add(2 * time.Minute)
	if step := r.poll(t, sw.ID); !step.Done {
		t.Fatalf("poll past the grace = %+v; want done", step)
	}
	if got, _ := r.db.Swap(ctx, sw.ID); got.Status != swapscout.StatusExpired {
		t.Errorf("status %s; want expired", got.Status)
	}
}

// TestImplausibleReceived: a status answer claiming 1000 times the promise
// (a misread unit) is recorded as the venue's claim with its doubt, never
// counted in the venue's accuracy.
func TestImplausibleReceived(t *testing.T) {
	r := newPollRig(t, swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "finished", PayoutTx: "ptx", AmountReceived: swapscout.MustAmount("36050")})
	sw := r.created(t, nil) // promised 0 in the sample: the promise is the shown 36.123456789012 XMR
	if step := r.poll(t, sw.ID); !step.Done {
		t.Fatalf("Poll = %+v; want done", step)
	}
	got, err := r.db.Swap(ctx, sw.ID)
	if err != nil || got.Status != swapscout.StatusFinished || got.AmountReceived.Cmp(swapscout.MustAmount("36050")) != 0 || got.ReceivedDoubt == "" {
		t.Fatalf("recorded %+v, %v; want the claim kept with its doubt", got, err)
	}
	outs, err := r.db.Outcomes(ctx, r.clock.now().Add(-time.Hour))
	if err != nil || len(outs) != 1 || !outs[0].Received.IsZero() {
		t.Errorf("outcomes %+v, %v; want the doubted amount left out", outs, err)
	}
	if a, ok := swapscout.Accuracy(outs)[sw.Venue]; ok && a.Count != 0 {
		t.Errorf("accuracy counts the doubted swap: %+v", a)
	}
}

// TestInsaneExpiryIgnored: an expiry recorded before expiries were checked
// (Majestic Bank's minutes overflowed into year −292 billion) does not end
// a swap the venue still waits for.
func TestInsaneExpiryIgnored(t *testing.T) {
	r := newPollRig(t, swapscout.SwapUpdate{Status: swapscout.StatusWaiting, VenueStatus: "Waiting for funds"})
	s := r.created(t, nil)
	if _, err := r.db.SQL().ExecContext(ctx, `UPDATE swaps SET expires_at = ? WHERE id = ?`, int64(-9223372036854775807), s.ID); err != nil {
		t.Fatal(err)
	}
	if step := r.poll(t, s.ID); step.Done {
		t.Fatalf("Poll = %+v; want the swap still followed", step)
	}
	if got, _ := r.db.Swap(ctx, s.ID); got.Status != swapscout.StatusWaiting {
		t.Errorf("status %s; want waiting: the absurd expiry is no expiry", got.Status)
	}
}

// TestPollWaits: a venue that fails makes the poll wait (its Retry-After
// when longer than the interval), as does a store that cannot be read; a
// swap that is gone, or whose venue cannot report swaps, is not followed.
func TestPollWaits(t *testing.T) {
	r := newPollRig(t, progress...)
	sw := r.created(t, nil)
	r.venue.err = &swapscout.VenueError{Code: swapscout.CodeRateLimited, Msg: "slow down", RetryAfter: time.Minute}
	if step := r.poll(t, sw.ID); step != (swaps.Step{Next: time.Minute, Wait: true}) {
		t.Errorf("poll of a venue that asks to slow down = %+v; want a minute's wait", step)
	}
	r.venue.err = errors.New("connection reset")
	if step := r.poll(t, sw.ID); step != (swaps.Step{Next: time.Second, Wait: true}) {
		t.Errorf("poll of a failing venue = %+v; want the interval's wait", step)
	}
	if _, err := r.svc.Poll(ctx, "aaaaaaaaaaaaaaaaaaaaaaaaaa"); !errors.Is(err, swaps.ErrNotFollowed) {
		t.Errorf("poll of an unknown swap: %v; want ErrNotFollowed", err)
	}
	gone := r.created(t, func(s *swapscout.Swap) { s.Venue = "gone" })
	if _, err := r.svc.Poll(ctx, gone.ID); !errors.Is(err, swaps.ErrNotFollowed) {
		t.Errorf("poll at a venue that cannot report: %v; want ErrNotFollowed", err)
	}
	if got := r.heard.all(); len(got) != 0 {
		t.Errorf("heard %v; want nothing", got)
	}
}

// memoVenue follows swaps by their deposit and finds deposits from the
// found-th look-up on.
type memoVenue struct {
	*stepper
	found, looks int
	tx           string
}

func (*memoVenue) DepositTxID(id string) (string, bool) { return id, id != "" }

func (m *memoVenue) FindDeposit(_ context.Context, s *swapscout.Swap) (string, bool, error) {
	m.looks++
	if s.DepositTx != "" {
		panic("asked to find a deposit already known")
	}
	return m.tx, m.tx != "" && m.looks >= m.found, nil
}

// TestPollMemoDeposit: a memo swap whose deposit nobody gave waits, looked
// for at the network on its schedule; once found it is recorded, told, and
// the swap is asked by it. Never found, it expires.
func TestPollMemoDeposit(t *testing.T) {
	// The network reports the deposit it is asked about: the steps name none.
	steps := slices.Clone(progress[1:])
	for i := range steps {
		steps[i].DepositTx = ""
	}
	r := newPollRig(t, steps...)
	m := &memoVenue{stepper: r.venue, found: 2, tx: "ftx"}
	r.svc.Swapper = func(string) (swapscout.Swapper, bool) { return m, true }
	r.svc.ExpireAfter = time.Minute
	sw := r.created(t, nil)
	if step := r.poll(t, sw.ID); step != (swaps.Step{Next: time.Second, Wait: true}) || len(r.venue.asked) != 0 {
		t.Fatalf("poll before the deposit = %+v, asked %v; want a wait and no question", step, r.venue.asked)
	}
	r.poll(t, sw.ID)
	got, _ := r.db.Swap(ctx, sw.ID)
	if got.DepositTx != "ftx" || len(r.venue.asked) != 1 || r.venue.asked[0] != (swapscout.OrderRef{ID: "ftx"}) {
		t.Fatalf("deposit %q, asked %v; want ftx found and asked by", got.DepositTx, r.venue.asked)
	}
	if h := r.heard.all(); len(h) != 2 || h[0].Status != swapscout.StatusWaiting || h[1].Status != swapscout.StatusConfirming {
		t.Errorf("heard %+v; want the deposit found, then confirming", h)
	}

	m.tx = ""
	never := r.created(t, func(s *swapscout.Swap) { s.ExpiresAt = r.clock.now().Add(time.Minute) })
	r.clock.add(90 * time.Second)
	if step := r.poll(t, never.ID); step.Done {
		t.Fatal("expired within the grace")
	}
	r.clock.add(time.Minute)
	if step := r.poll(t, never.ID); !step.Done {
		t.Fatalf("poll past the grace = %+v; want done", step)
	}
	if got, _ := r.db.Swap(ctx, never.ID); got.Status != swapscout.StatusExpired {
		t.Errorf("status %s; want expired", got.Status)
	}
}

// slowVenue is a venue whose status calls take took on the rig's clock.
type slowVenue struct {
	swapscout.Swapper
	clock *clock
	took  time.Duration
}

func (v slowVenue) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	v.clock.add(v.took)
	return v.Swapper.SwapStatus(ctx, ref)
}

// TestPollOnPoll: OnPoll hears of each status call a poll asks of a venue,
// with the time the venue took and its error; a poll that asks no venue (a
// memo swap whose deposit is not known, even once it expires) is no call.
func TestPollOnPoll(t *testing.T) {
	type call struct {
		venue string
		took  time.Duration
		err   string
	}
	var calls []call
	r := newPollRig(t, progress...)
	r.svc.OnPoll = func(venue string, took time.Duration, err error) {
		c := call{venue: venue, took: took}
		if err != nil {
			c.err = err.Error()
		}
		calls = append(calls, c)
	}
	r.svc.ExpireAfter = time.Minute
	sv := slowVenue{Swapper: r.venue, clock: r.clock, took: 3 * time.Second}
	r.svc.Swapper = func(string) (swapscout.Swapper, bool) { return sv, true }
	sw := r.created(t, nil)
	r.poll(t, sw.ID)
	r.venue.err = errors.New("connection reset")
	r.poll(t, sw.ID)
	want := []call{{sw.Venue, 3 * time.Second, ""}, {sw.Venue, 3 * time.Second, "connection reset"}}
	if diff := cmp.Diff(want, calls, cmp.AllowUnexported(call{})); diff != "" {
		t.Errorf("OnPoll heard (-want +got):\n%s", diff)
	}

	calls = nil
	m := &memoVenue{stepper: r.venue}
	r.svc.Swapper = func(string) (swapscout.Swapper, bool) { return m, true }
	memo := r.created(t, func(s *swapscout.Swap) { s.ExpiresAt = r.clock.now().Add(time.Minute) })
	r.poll(t, memo.ID)
	r.clock.add(3 * time.Minute)
	if step := r.poll(t, memo.ID); !step.Done {
		t.Fatalf("memo swap past its expiry's grace = %+v; want done", step)
	}
	if len(calls) != 0 {
		t.Errorf("OnPoll heard %+v of a memo swap whose deposit is unknown; want no call", calls)
	}
}

// usualTimes is an OutcomeReader whose venues' finished swaps all took
// their usual time, twelve of each; reads counts its reads.
type usualTimes struct {
	mu    sync.Mutex
	times map[string]time.Duration
	reads int
}

func (u *usualTimes) Outcomes(context.Context, time.Time) ([]swapscout.SwapOutcome, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.reads++
	var outs []swapscout.SwapOutcome
	dep := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	for v, took := range u.times {
		for range 12 {
			outs = append(outs, swapscout.SwapOutcome{Venue: v, Status: swapscout.StatusFinished, DepositAt: dep, PaidAt: dep.Add(took)})
		}
	}
	return outs, nil
}

// TestPollLate: a swap whose deposit was seen longer ago than its venue's
// usual time is marked late once, with the usual time and its basis; the
// listeners hear of it and OnLate counts it. A swap younger than that is
// not.
func TestPollLate(t *testing.T) {
	r := newPollRig(t, swapscout.SwapUpdate{Status: swapscout.StatusConfirming, VenueStatus: "confirming", DepositTx: "dtx"})
	times := &usualTimes{times: map[string]time.Duration{"changenow": 10 * time.Minute}}
	r.svc.Accuracy = &swaps.Accuracy{Outcomes: times, Now: r.clock.now}
	var counted []string
	r.svc.OnLate = func(venue string) { counted = append(counted, venue) }
	sw := r.created(t, nil)
	r.poll(t, sw.ID) // confirming
	r.clock.add(9 * time.Minute)
	r.poll(t, sw.ID)
	if got, _ := r.db.Swap(ctx, sw.ID); got.Late() {
		t.Fatal("late before its usual time")
	}
	r.clock.add(2 * time.Minute)
	r.poll(t, sw.ID)
	r.clock.add(time.Minute)
	r.poll(t, sw.ID)
	got, _ := r.db.Swap(ctx, sw.ID)
	if !got.Late() || got.UsualTime != 10*time.Minute || got.UsualBasis != 12 || got.Status != swapscout.StatusConfirming {
		t.Errorf("late %v, usual %s from %d, status %s; want late against 10m from 12, still confirming", got.Late(), got.UsualTime, got.UsualBasis, got.Status)
	}
	if h := r.heard.all(); len(h) != 2 || !cmp.Equal(h[1], swapscout.SwapChange{SwapID: sw.ID, Seq: 3, Status: swapscout.StatusConfirming}) {
		t.Errorf("heard %+v; want confirming, then the late mark", h)
	}
	if !slices.Equal(counted, []string{"changenow"}) {
		t.Errorf("counted %v; want the one late swap", counted)
	}
}

// subscriptions is a Subscriber recording what it keeps.
type subscriptions map[string]string

func (s subscriptions) SetCallback(_ context.Context, id, url string, delivered int) error {
	s[id] = url
	return nil
}

// TestCreateFollows: a created swap is followed at once, its callback URL
// subscribed; a retry is followed again (in case the first follow failed),
// its URL not subscribed twice; a tracker that fails does not fail the
// swap.
func TestCreateFollows(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	tr, subs := &tracked{}, subscriptions{}
	f.svc.Tracker, f.svc.Callbacks = tr, subs
	f.svc.CheckCallback = func(string) error { return nil }
	r := request("k1")
	r.CallbackURL = "https://hooks.example/1"
	sw, _, err := f.svc.Create(ctx, r)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tr.ids, []string{sw.ID}) || subs[sw.ID] != r.CallbackURL {
		t.Errorf("tracked %v, subscribed %v; want the new swap and its URL", tr.ids, subs)
	}
	delete(subs, sw.ID)
	if _, created, err := f.svc.Create(ctx, r); err != nil || created {
		t.Fatalf("retry = %v, %v", created, err)
	}
	if !slices.Equal(tr.ids, []string{sw.ID, sw.ID}) || len(subs) != 0 {
		t.Errorf("after a retry: tracked %v, subscribed %v; want it tracked again, not subscribed again", tr.ids, subs)
	}
	tr.err = errors.New("the job engine is down")
	if _, _, err := f.svc.Create(ctx, request("k2")); err != nil {
		t.Errorf("Create with a failing tracker: %v; want the swap all the same", err)
	}
}

// TestRecordDepositFollows: a recorded deposit is told to the listeners and
// the swap is followed by it.
func TestRecordDepositFollows(t *testing.T) {
	f := newFixture(t, swapscout.Send)
	dep := &depositSwapper{}
	f.svc.Swapper = func(string) (swapscout.Swapper, bool) { return dep, true }
	sw, _, err := f.svc.Create(ctx, request("k1"))
	if err != nil {
		t.Fatal(err)
	}
	tr, h := &tracked{}, &heard{}
	f.svc.Tracker, f.svc.Listeners = tr, []swaps.Listener{h}
	if _, _, err := f.svc.RecordDeposit(ctx, sw.ID, "deadbeef"); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(tr.ids, []string{sw.ID}) || len(h.all()) != 1 || !cmp.Equal(h.all()[0], swapscout.SwapChange{SwapID: sw.ID, Seq: 1, Status: swapscout.StatusWaiting}) {
		t.Errorf("tracked %v, heard %+v; want the swap followed and its change told", tr.ids, h.all())
	}
}

// TestSweep: every open swap, and only those, is handed to the tracker.
func TestSweep(t *testing.T) {
	r := newPollRig(t, progress...)
	open := r.created(t, nil)
	over := r.created(t, nil)
	if _, err := r.db.UpdateSwap(ctx, over.ID, swapscout.SwapUpdate{Status: swapscout.StatusFinished, VenueStatus: "done"}, r.clock.now()); err != nil {
		t.Fatal(err)
	}
	tr := &tracked{}
	r.svc.Tracker = tr
	if added, err := r.svc.Sweep(ctx); err != nil || added != 1 || !slices.Equal(tr.ids, []string{open.ID}) {
		t.Errorf("Sweep = %d, %v, tracked %v; want the open swap alone", added, err, tr.ids)
	}
}

// TestAccuracyCache: the venues' figures are read at most every MaxAge.
func TestAccuracyCache(t *testing.T) {
	c := &clock{t: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}
	times := &usualTimes{times: map[string]time.Duration{"changenow": 10 * time.Minute}}
	a := &swaps.Accuracy{Outcomes: times, Now: c.now, MaxAge: time.Minute, UsualDefault: 2 * time.Hour}
	for range 3 {
		if usual, basis := a.Usual(ctx, "changenow"); usual != 10*time.Minute || basis != 12 {
			t.Fatalf("Usual = %s from %d", usual, basis)
		}
		c.add(20 * time.Second)
	}
	if usual, basis := a.Usual(ctx, "sideshift"); usual != 2*time.Hour || basis != 0 {
		t.Errorf("Usual of a venue never timed = %s from %d; want the default", usual, basis)
	}
	if times.reads != 2 {
		t.Errorf("%d reads over 80 s; want 2 (every minute)", times.reads)
	}
}
