// Package quotes is the quote service: the one path by which quotes are
// made, collapsed, cached, stored and read back. It owns what a quote
// request selects (the venues asked, normalised so that equivalent
// spellings are one request), the cache key, the collapsing of identical
// requests in flight, quote ids, the store (a quote is readable by id until
// it expires), the re-quote a swap is guarded by, and the stream of venue
// answers as they arrive. GET /v1/quotes, the quote stream, the web page,
// the CLI and the swap service (swaps.Quotes) all go through it, so a swap
// is made from exactly what was shown.
//
// Quotes are stored encoded, as Frames: when the quote was assembled, then
// its JSON (api.AppendQuote). A cache hit or a quote read by id is served
// from those bytes as they are, with no encoding and no allocation.
package quotes

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"sync/atomic"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/internal/opt"
)

// Engine fans a request out to the venues it selects
// (aggregate.Service satisfies it).
type Engine interface {
	Quote(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error)
}

// Keeper is a QuoteStore that keeps the structured quote beside its
// encoded bytes (inmem.Store does), so a swap is made from the very quote
// that was shown without decoding it again. Stores without it (Redis) are
// read back from the stored encoding (api.DecodeQuote).
type Keeper interface {
	swapscout.QuoteStore
	PutQuote(ctx context.Context, q *swapscout.Quote, body []byte, ttl time.Duration) error
	// GetQuote returns the structured quote stored under id, or an
	// ENOTFOUND error; the quote must not be modified.
	GetQuote(ctx context.Context, id string) (*swapscout.Quote, error)
}

// Config is what a Service is made of.
type Config struct {
	Engine Engine
	// Store keeps every quote under its id for TTL; nil keeps none (no
	// quote is readable by id).
	Store swapscout.QuoteStore
	// Cache, when set, answers identical requests within CacheWindow from
	// the quote they produced; it can be the shared Redis store so several
	// instances share hits.
	Cache       swapscout.QuoteStore
	CacheWindow time.Duration
	// Claim, when set with Cache, collapses identical fan-outs across
	// instances: before a fan-out for a cache key, the instance claims the
	// key for ttl (Redis SET NX); one that finds it claimed waits for the
	// claimer's answer to reach the shared Cache (polling it every
	// ClaimPoll, at most the request's deadline) rather than ask every
	// venue again, and fans out itself only if none comes. Claim answers
	// true when it cannot tell (its store is down).
	Claim func(ctx context.Context, key string, ttl time.Duration) bool
	// Venues lists the venues a selection may name; nil or empty leaves
	// the engine to check them.
	Venues          func() []swapscout.VenueInfo
	TTL             time.Duration // how long a quote id stays readable (default 2m)
	DefaultDeadline time.Duration // a re-quote's fan-out deadline (default 3s)
	Now             func() time.Time
	Logger          *slog.Logger
	// Composite: search two-leg routes and splits when a request asks
	// (Request.Routes, Request.Split); off, every quote is one fan-out
	// of direct offers.
	Composite bool
	// MaxFanOuts bounds the uncached quotes made at once (busy.go): 0 means
	// DefaultMaxFanOuts per core, negative no bound.
	MaxFanOuts int
}

// Default TTL and deadline of a Config that leaves them unset.
const (
	DefaultTTL      = 2 * time.Minute
	DefaultDeadline = 3 * time.Second
)

// Service makes, collapses, caches and stores quotes. Its methods are safe
// for concurrent use.
type Service struct {
	c        Config
	flights  singleflight.Group // collapses concurrent identical misses
	noRoutes routeMemo          // pairs whose routes routes=auto leaves alone for now
	busy     *fanOuts           // bounds the fan-outs in flight (busy.go)
}

// New returns the service c describes, with the defaults of its unset
// fields.
func New(c Config) *Service {
	c.TTL = opt.Or(c.TTL, DefaultTTL)
	c.DefaultDeadline = opt.Or(c.DefaultDeadline, DefaultDeadline)
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	if c.Venues == nil {
		c.Venues = func() []swapscout.VenueInfo { return nil }
	}
	if c.CacheWindow <= 0 {
		c.Cache = nil
	}
	return &Service{c: c, busy: newFanOuts(c.MaxFanOuts)}
}

// Request is a quote request: what to quote, which venues to ask, and how
// long to wait for them.
type Request struct {
	swapscout.QuoteRequest
	Selection aggregate.Selection
	Deadline  time.Duration
	// Routes and Split say whether two-leg routes (routes.go) and splits
	// across venues (split.go) are searched beside the direct offers; the
	// zero values search neither.
	Routes RouteMode
	Split  SplitMode
}

// Answer is a quote as the service answers it: its frame, whether it came
// from the identical-request cache, and the structured quote when it was
// made for this request.
type Answer struct {
	Frame Frame
	Hit   bool
	quote *swapscout.Quote
}

// Quote returns the answer's structured quote: the one made, or, for a
// cache hit, the one its frame holds. It must not be modified.
func (a *Answer) Quote() (*swapscout.Quote, error) {
	if a.quote != nil {
		return a.quote, nil
	}
	if !a.Frame.Valid() {
		return nil, fmt.Errorf("cached quote is malformed")
	}
	q, err := api.DecodeQuote(a.Frame.JSON())
	if err != nil {
		return nil, fmt.Errorf("cached quote: %w", err)
	}
	return &q.Quote, nil
}

func invalid(format string, args ...any) error {
	return swapscout.Errorf(swapscout.EINVALID, format, args...)
}

// Normalize checks r's selection and rewrites it in canonical form, so
// equivalent spellings share a cache key: a KYC rating of D (the worst)
// selects every venue; venue ids are sorted and de-duplicated and, with a
// venue list, the excluded ids taken out of it. Every id must be a venue
// the service lists (when Config.Venues gives a list; else the engine checks
// them), and a selection that leaves no venue to ask is refused (an empty
// list would mean every venue). Both are EINVALID errors. It allocates
// nothing for a request without venue lists. Normalizing twice changes
// nothing.
func (s *Service) Normalize(r *Request) error {
	sel := &r.Selection
	if sel.MaxKYC == 'D' {
		sel.MaxKYC = 0 // D is the worst rating: it selects every venue
	}
	// C, the worst log-policy rating, is not "any": it leaves out a venue
	// not rated at all.
	if len(sel.Include) == 0 && len(sel.Exclude) == 0 {
		// Nothing to check (kyc=, logpolicy= and custody= alone leave the
		// engine to select), and the hot path allocates nothing.
		return nil
	}
	infos := s.c.Venues()
	if infos != nil {
		known := func(id string) bool {
			return slices.ContainsFunc(infos, func(v swapscout.VenueInfo) bool { return v.ID == id })
		}
		if id, ok := sel.Unknown(known); ok {
			return invalid("unknown venue %q (GET /v1/venues lists them)", clip(id))
		}
	}
	slices.Sort(sel.Include)
	sel.Include = slices.Compact(sel.Include)
	slices.Sort(sel.Exclude)
	sel.Exclude = slices.Compact(sel.Exclude)
	if len(sel.Include) > 0 {
		sel.Include = slices.DeleteFunc(sel.Include, func(id string) bool { return slices.Contains(sel.Exclude, id) })
		sel.Exclude = nil
		if len(sel.Include) == 0 {
			return invalid("venues and exclude leave no venue to ask")
		}
	}
	if infos != nil && !slices.ContainsFunc(infos, func(v swapscout.VenueInfo) bool {
		return sel.Selects(v.ID, v.KYC, v.Ratings.Log, v.Custody, v.CanSwap, v.Ratings.PreCheck)
	}) {
		return invalid("no venue matches venues, exclude, kyc, logpolicy, custody, swappable and precheck together")
	}
	return nil
}

func clip(s string) string {
	if len(s) > 32 {
		return s[:32] + "…"
	}
	return s
}

// AppendKey appends the cache key of r, a normalised request: identical
// requests, however spelled, get the same key, and different ones never do
// (each venue id is prefixed by its length, so no id can pose as a list of
// others). The deadline is part of it, to the nanosecond: an answer cut
// short by one client's deadline is never served from the cache, nor
// shared in flight, to a request that allowed more time (the venue calls
// themselves are shared anyway: see aggregate.Engine.Quote).
func AppendKey(dst []byte, r *Request) []byte {
	dst = append(dst, r.From.Ticker...)
	dst = append(dst, '@')
	dst = append(dst, r.From.Network...)
	dst = append(dst, '>')
	dst = append(dst, r.To.Ticker...)
	dst = append(dst, '@')
	dst = append(dst, r.To.Network...)
	dst = append(dst, '|')
	dst = r.Amount.Append(dst)
	dst = append(dst, '|', byte('0'+r.Direction), byte('0'+r.RateType), '|')
	dst = strconv.AppendInt(dst, int64(r.Deadline), 10)
	dst = append(dst, '|', byte(r.Selection.MaxKYC), byte(r.Selection.MaxLog))
	switch r.Selection.Custody {
	case swapscout.Custodial:
		dst = append(dst, 'c')
	case swapscout.NonCustodial:
		dst = append(dst, 'n')
	}
	if r.Selection.Swappable {
		dst = append(dst, 's')
	}
	if r.Selection.PreCheck {
		dst = append(dst, 'k')
	}
	dst = append(dst, 'r', byte('0'+r.Routes), 'p', byte('0'+r.Split))
	for _, v := range r.Selection.Include {
		dst = append(dst, '+')
		dst = strconv.AppendInt(dst, int64(len(v)), 10)
		dst = append(dst, ':')
		dst = append(dst, v...)
	}
	for _, v := range r.Selection.Exclude {
		dst = append(dst, '-')
		dst = strconv.AppendInt(dst, int64(len(v)), 10)
		dst = append(dst, ':')
		dst = append(dst, v...)
	}
	return dst
}

// CacheWindow is how long an identical request is answered from the cache;
// 0 when there is no cache.
func (s *Service) CacheWindow() time.Duration {
	if s.c.Cache == nil {
		return 0
	}
	return s.c.CacheWindow
}

// Cached returns the cached frame for key (AppendKey), if there is one. It
// allocates nothing: the hot path of identical requests.
func (s *Service) Cached(ctx context.Context, key []byte) (Frame, bool) {
	if s.c.Cache == nil {
		return nil, false
	}
	v, err := s.c.Cache.Get(ctx, key)
	if err != nil || !Frame(v).Valid() {
		return nil, false
	}
	return Frame(v), true
}

// Make runs one fan-out for r, a normalised request whose cache key is
// key, and stores its quote (under its id, and under key in the cache).
// Concurrent calls for the same key share one fan-out and its answer.
func (s *Service) Make(ctx context.Context, r *Request, key string) (Answer, error) {
	v, err, _ := s.flights.Do(key, func() (any, error) {
		// The claim lasts no longer than the cache keeps the answer, so a
		// claim never outlives the answer it promises and stalls a later
		// request.
		if s.c.Claim != nil && s.c.Cache != nil && !s.c.Claim(ctx, key, min(r.Deadline, s.c.CacheWindow)) {
			// Another instance is fanning out for this very request.
			if f, ok := s.awaitCached(ctx, key, r.Deadline); ok {
				return made{frame: f, hit: true}, nil
			}
		}
		q, f, err := s.make(ctx, r, key, nil)
		return made{quote: q, frame: f}, err
	})
	if err != nil {
		return Answer{}, err
	}
	m := v.(made)
	return Answer{Frame: m.frame, Hit: m.hit, quote: m.quote}, nil
}

// ClaimPoll is how often an instance that found a fan-out claimed looks
// for its answer in the shared cache.
const ClaimPoll = 10 * time.Millisecond

// awaitCached waits, at most wait, for key's answer to reach the cache.
func (s *Service) awaitCached(ctx context.Context, key string, wait time.Duration) (Frame, bool) {
	t := time.NewTicker(ClaimPoll)
	defer t.Stop()
	end := time.NewTimer(wait)
	defer end.Stop()
	k := []byte(key)
	for {
		select {
		case <-ctx.Done():
			return nil, false
		case <-end.C:
			return nil, false
		case <-t.C:
			if f, ok := s.Cached(ctx, k); ok {
				return f, true
			}
		}
	}
}

type made struct {
	quote *swapscout.Quote
	frame Frame
	hit   bool // the answer of another instance's fan-out, from the cache
}

// Quote answers r: from the cache when an identical request was answered
// within the cache window, else by one fan-out (Make). Callers that limit
// fan-outs per client call Normalize, Cached and Make themselves.
func (s *Service) Quote(ctx context.Context, r Request) (Answer, error) {
	if err := s.Normalize(&r); err != nil {
		return Answer{}, err
	}
	key := AppendKey(nil, &r)
	if f, ok := s.Cached(ctx, key); ok {
		return Answer{Frame: f, Hit: true}, nil
	}
	return s.Make(ctx, &r, string(key))
}

// QuoteStream answers r with one fan-out of its own, calling emit (from
// the calling goroutine) with each venue's result as it arrives; the quote
// is stored and cached like any other. Streams are never collapsed: each
// sees its own venues answer. It is OpenStream and Run in one call.
func (s *Service) QuoteStream(ctx context.Context, r Request, emit func(swapscout.Result)) (Answer, error) {
	st, err := s.OpenStream(ctx, r)
	if err != nil {
		return Answer{}, err
	}
	return st.Run(ctx, emit)
}

// A Stream is a streamed quote whose request was checked and whose fan-out
// slot is taken, not yet run: a transport opens it before it answers
// anything, so a request it cannot serve (bad input, busy) is refused with
// a status of its own rather than a 200 whose first event is the error.
type Stream struct {
	s    *Service
	r    Request
	took atomic.Bool // the stream holds a fan-out slot, given back once
}

// OpenStream normalises r and takes its fan-out slot, waiting for one as
// Quote does; it answers busy (EUNAVAILABLE, Retry-After) when none comes.
// Run the stream once, or Close it to give the slot back unused.
func (s *Service) OpenStream(ctx context.Context, r Request) (*Stream, error) {
	if err := s.Normalize(&r); err != nil {
		return nil, err
	}
	took, err := s.busy.acquire(ctx, r.Deadline)
	if err != nil {
		return nil, err
	}
	st := &Stream{s: s, r: r}
	st.took.Store(took)
	return st, nil
}

// Run makes the stream's fan-out with the slot OpenStream took, calling
// emit with each venue's result as it arrives, and gives the slot back.
func (st *Stream) Run(ctx context.Context, emit func(swapscout.Result)) (Answer, error) {
	defer st.Close()
	q, f, err := st.s.fanOut(ctx, &st.r, string(AppendKey(nil, &st.r)), emit)
	if err != nil {
		return Answer{}, err
	}
	return Answer{Frame: f, quote: q}, nil
}

// Close gives back the stream's fan-out slot if it still holds it; it is
// safe to call more than once, and after Run.
func (st *Stream) Close() {
	if st.took.Swap(false) {
		st.s.busy.release()
	}
}

// make runs one fan-out for r, encodes and stores it (under its id, and
// under key in the cache when key is set), and returns the quote and its
// frame. Its context is detached from the request that started it (other
// identical requests wait on it) but keeps the request's deadline.
func (s *Service) make(parent context.Context, r *Request, key string, emit func(swapscout.Result)) (*swapscout.Quote, Frame, error) {
	took, err := s.busy.acquire(parent, r.Deadline)
	if err != nil {
		return nil, nil, err
	}
	if took {
		defer s.busy.release()
	}
	return s.fanOut(parent, r, key, emit)
}

// fanOut is make once the fan-out slot is settled.
func (s *Service) fanOut(parent context.Context, r *Request, key string, emit func(swapscout.Result)) (*swapscout.Quote, Frame, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(parent), r.Deadline)
	defer cancel()
	var routes []swapscout.Offer
	routed := make(chan struct{})
	direct := newDirectQuote()
	if s.c.Composite && wantsRoutes(parent, r) && (r.Routes != RoutesAuto || s.busy.roomy() && !s.noRoutes.hopeless(routeMemoKey(r), s.c.Now())) {
		s.searchRoutes(ctx, r, direct, func(o []swapscout.Offer) {
			routes = o
			close(routed)
		})
	} else {
		close(routed)
	}
	q, err := s.c.Engine.Quote(ctx, r.QuoteRequest, r.Selection, emit)
	// The route search reads the direct offers until routed: q is only
	// read (searchSplit) until then.
	direct.set(q)
	if err != nil {
		cancel()
		<-routed
		return nil, nil, err
	}
	var extra []swapscout.Offer
	if s.c.Composite && wantsSplit(r, q) {
		if o, ok := s.searchSplit(ctx, r, q); ok {
			extra = append(extra, o)
		}
	}
	<-routed
	extra = append(extra, routes...)
	if r.Selection.Swappable {
		// swappable=true lists what a click creates from a payout and a
		// refund address alone; a route also asks where its second leg
		// refunds (the bridge asset), so it is left out there.
		extra = slices.DeleteFunc(extra, func(o swapscout.Offer) bool { return !o.CanSwap || len(o.Legs) > 0 })
	}
	if len(extra) > 0 {
		aggregate.Rank(r.Direction, extra)
		q.Offers = mergeRanked(r.Direction, q.Offers, extra)
		q.Took = max(q.Took, time.Since(q.CreatedAt))
	}
	q.ID = NewID()
	q.ExpiresAt = q.CreatedAt.Add(s.c.TTL)
	// The frame holds when the quote was assembled: a fresh answer has age
	// 0, a cached one its real age since the venues answered.
	f := NewFrame(s.c.Now(), q)
	// Store and cache with a context of our own: the answer is good even if
	// a store is down, it only won't be readable by id (the logs say so).
	sctx, scancel := context.WithTimeout(context.WithoutCancel(parent), time.Second)
	defer scancel()
	var perr error
	if k, ok := s.c.Store.(Keeper); ok {
		perr = k.PutQuote(sctx, q, f, s.c.TTL)
	} else if s.c.Store != nil {
		perr = s.c.Store.Put(sctx, q.ID, f, s.c.TTL)
	}
	if perr != nil {
		s.c.Logger.Warn("quote store put failed", "id", q.ID, "err", perr)
	}
	if key != "" && s.c.Cache != nil {
		if err := s.c.Cache.Put(sctx, key, f, s.c.CacheWindow); err != nil {
			s.c.Logger.Warn("quote cache put failed", "err", err)
		}
	}
	return q, f, nil
}

// Stored returns the frame stored under id, as it is: the quote-by-id hot
// path, which allocates nothing. A quote unknown or expired is the
// store's ENOTFOUND error.
func (s *Service) Stored(ctx context.Context, id []byte) (Frame, error) {
	if s.c.Store == nil {
		return nil, errNoStore
	}
	v, err := s.c.Store.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if !Frame(v).Valid() {
		return nil, fmt.Errorf("stored quote %s is malformed", id)
	}
	return Frame(v), nil
}

// QuoteByID returns the quote stored under id, structured; an ENOTFOUND
// error names the quote id when it is unknown or has expired. The quote
// must not be modified.
func (s *Service) QuoteByID(ctx context.Context, id string) (*swapscout.Quote, error) {
	var q *swapscout.Quote
	if s.c.Store == nil {
		return nil, quoteIDError(errNoStore)
	}
	if k, ok := s.c.Store.(Keeper); ok {
		kq, err := k.GetQuote(ctx, id)
		if err != nil {
			return nil, quoteIDError(err)
		}
		q = kq
	} else {
		v, err := s.c.Store.Get(ctx, []byte(id))
		if err != nil {
			return nil, quoteIDError(err)
		}
		if !Frame(v).Valid() {
			return nil, fmt.Errorf("stored quote %s is malformed", id)
		}
		aq, err := api.DecodeQuote(Frame(v).JSON())
		if err != nil {
			return nil, fmt.Errorf("stored quote %s: %w", id, err)
		}
		q = &aq.Quote
	}
	if !q.ExpiresAt.IsZero() && !s.c.Now().Before(q.ExpiresAt) {
		return nil, swapscout.Errorf(swapscout.ENOTFOUND, "quote_id: the quote has expired; ask for a new one")
	}
	return q, nil
}

// errNoStore answers a read of a service that keeps no quotes.
var errNoStore = swapscout.Errorf(swapscout.ENOTFOUND, "no quotes are kept here")

// quoteIDError says which field a store's not-found is about.
func quoteIDError(err error) error {
	if swapscout.ErrorCode(err) == swapscout.ENOTFOUND {
		return &swapscout.Error{Code: swapscout.ENOTFOUND, Message: "quote_id: " + swapscout.ErrorMessage(err)}
	}
	return err
}

// Requote asks venue again for req, bypassing the cache (the point is a
// fresh answer: never one derived from earlier answers), and stores the answer as a new quote, cached like any
// other.
func (s *Service) Requote(ctx context.Context, req swapscout.QuoteRequest, venue string) (*swapscout.Quote, error) {
	r := Request{QuoteRequest: req, Selection: aggregate.Selection{Include: []string{venue}}, Deadline: s.c.DefaultDeadline}
	// Never a derived answer: the offer is about to be taken.
	q, _, err := s.make(swapscout.WithFresh(ctx), &r, string(AppendKey(nil, &r)), nil)
	return q, err
}

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// NewID returns a fresh random quote id: "q" and 26 base32 characters (128
// bits).
func NewID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return "q" + idEncoding.EncodeToString(b[:])
}
