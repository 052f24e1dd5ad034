package httpapi

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"golang.org/x/sync/singleflight"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

// QuoteKeeper is a QuoteStore that keeps the structured quote beside its
// encoded bytes (inmem.Store does), so a swap is made from the very quote
// that was shown without decoding it again. Stores without it (Redis) are
// read back from the stored encoding (DecodeQuote).
type QuoteKeeper interface {
	swapscout.QuoteStore
	PutQuote(ctx context.Context, q *swapscout.Quote, body []byte, ttl time.Duration) error
	// GetQuote returns the structured quote stored under id, or an
	// ENOTFOUND error; the quote must not be modified.
	GetQuote(ctx context.Context, id string) (*swapscout.Quote, error)
}

// QuoteBook is the one path by which quotes are made, collapsed, cached and
// stored: GET /v1/quotes, the quote stream, the web page and the swap flow
// (swaps.Quotes: Quote and Requote) all go through it, so a swap is made
// from exactly what was shown. NewHandler makes one from its Deps unless
// Deps.Book is set.
type QuoteBook struct {
	quotes          QuoteService
	store, cache    swapscout.QuoteStore
	window, ttl     time.Duration
	defaultDeadline time.Duration
	now             func() time.Time
	log             *slog.Logger
	flights         singleflight.Group // collapses concurrent identical misses
}

// NewQuoteBook returns the quote book for d's engine, store, cache and TTL
// (with NewHandler's defaults).
func NewQuoteBook(d Deps) *QuoteBook {
	d.defaults()
	return &QuoteBook{quotes: d.Quotes, store: d.Store, cache: d.Cache, window: d.CacheWindow, ttl: d.TTL,
		defaultDeadline: d.DefaultDeadline, now: d.Now, log: d.Logger}
}

// make runs one fan-out for pq, encodes and stores it (under its id, and
// under key in the cache when key is set), and returns the quote and its
// framed value. Its context is detached from the request that started it
// (other identical requests wait on it) but keeps the request's deadline.
func (b *QuoteBook) make(parent context.Context, pq *parsedQuote, key string, emit func(swapscout.Result)) (*swapscout.Quote, []byte, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(parent), pq.deadline)
	defer cancel()
	q, err := b.quotes.Quote(ctx, pq.req, pq.sel, emit)
	if err != nil {
		return nil, nil, err
	}
	q.ID = NewQuoteID()
	q.ExpiresAt = q.CreatedAt.Add(b.ttl)
	// The frame holds when the quote was assembled: a fresh answer has age 0,
	// a cached one its real age since the venues answered.
	v := make([]byte, 8, 8+1024+512*len(q.Offers)+256*len(q.Failures))
	binary.BigEndian.PutUint64(v, uint64(b.now().UnixNano()))
	v = AppendQuote(v, q)
	// Store and cache with a context of our own: the answer is good even if
	// a store is down, it only won't be readable by id (the logs say so).
	sctx, scancel := context.WithTimeout(context.WithoutCancel(parent), time.Second)
	defer scancel()
	var perr error
	if k, ok := b.store.(QuoteKeeper); ok {
		perr = k.PutQuote(sctx, q, v, b.ttl)
	} else {
		perr = b.store.Put(sctx, q.ID, v, b.ttl)
	}
	if perr != nil {
		b.log.Warn("quote store put failed", "id", q.ID, "err", perr)
	}
	if key != "" && b.cache != nil && b.window > 0 {
		if err := b.cache.Put(sctx, key, v, b.window); err != nil {
			b.log.Warn("quote cache put failed", "err", err)
		}
	}
	return q, v, nil
}

// Quote returns the quote stored under id, structured; an ENOTFOUND error
// names the quote id when it is unknown or has expired.
func (b *QuoteBook) Quote(ctx context.Context, id string) (*swapscout.Quote, error) {
	var q *swapscout.Quote
	if k, ok := b.store.(QuoteKeeper); ok {
		kq, err := k.GetQuote(ctx, id)
		if err != nil {
			return nil, quoteIDError(err)
		}
		q = kq
	} else {
		v, err := b.store.Get(ctx, []byte(id))
		if err != nil {
			return nil, quoteIDError(err)
		}
		if len(v) < 9 {
			return nil, fmt.Errorf("stored quote %s is malformed", id)
		}
		if q, err = DecodeQuote(v[8:]); err != nil {
			return nil, fmt.Errorf("stored quote %s: %w", id, err)
		}
	}
	if !q.ExpiresAt.IsZero() && !b.now().Before(q.ExpiresAt) {
		return nil, swapscout.Errorf(swapscout.ENOTFOUND, "quote_id: the quote has expired; ask for a new one")
	}
	return q, nil
}

// quoteIDError says which field a store's not-found is about.
func quoteIDError(err error) error {
	if swapscout.ErrorCode(err) == swapscout.ENOTFOUND {
		return &swapscout.Error{Code: swapscout.ENOTFOUND, Message: "quote_id: " + swapscout.ErrorMessage(err)}
	}
	return err
}

// Requote asks venue again for req, bypassing the cache (the point is a
// fresh answer), and stores the answer as a new quote, cached like any
// other.
func (b *QuoteBook) Requote(ctx context.Context, req swapscout.QuoteRequest, venue string) (*swapscout.Quote, error) {
	pq := parsedQuote{req: req, sel: aggregate.Selection{Include: []string{venue}}, deadline: b.defaultDeadline}
	key := string(appendKey(nil, &pq))
	q, _, err := b.make(ctx, &pq, key, nil)
	return q, err
}

// DecodeQuote reads a quote back from the JSON AppendQuote wrote: the
// request, and each offer's venue, provider, route, amounts, limits, rate
// type, rate id, expiry, fees, ETA, KYC rating, custody, deposit kind and
// whether it can be swapped (what a swap needs of the quote it is made
// from), and the failures' venues, codes and messages.
func DecodeQuote(body []byte) (*swapscout.Quote, error) {
	type assetJSON struct {
		Ticker  string `json:"ticker"`
		Network string `json:"network"`
	}
	var w struct {
		ID      string `json:"id"`
		Request struct {
			From      assetJSON        `json:"from"`
			To        assetJSON        `json:"to"`
			Amount    swapscout.Amount `json:"amount"`
			Direction string           `json:"direction"`
			Rate      string           `json:"rate"`
		} `json:"request"`
		Offers []struct {
			Venue     string           `json:"venue"`
			Provider  string           `json:"provider"`
			Route     string           `json:"route"`
			AmountIn  swapscout.Amount `json:"amount_in"`
			AmountOut swapscout.Amount `json:"amount_out"`
			Rate      swapscout.Amount `json:"rate"`
			Min       swapscout.Amount `json:"min"`
			Max       swapscout.Amount `json:"max"`
			MinOut    swapscout.Amount `json:"min_out"`
			MaxOut    swapscout.Amount `json:"max_out"`
			RateType  string           `json:"rate_type"`
			RateID    string           `json:"rate_id"`
			ExpiresAt *time.Time       `json:"expires_at"`
			Fees      []struct {
				Kind   string           `json:"kind"`
				Amount swapscout.Amount `json:"amount"`
				Asset  assetJSON        `json:"asset"`
			} `json:"fees"`
			ETAMin  int64  `json:"eta_min_s"`
			ETAMax  int64  `json:"eta_max_s"`
			KYC     string `json:"kyc"`
			Custody string `json:"custody"`
			Deposit string `json:"deposit"`
			CanSwap bool   `json:"can_swap"`
			NoSwap  string `json:"no_swap_reason"`
			TookMS  int64  `json:"took_ms"`
		} `json:"offers"`
		Failures []struct {
			Venue   string           `json:"venue"`
			Code    string           `json:"code"`
			Message string           `json:"message"`
			Min     swapscout.Amount `json:"min"`
			Max     swapscout.Amount `json:"max"`
			MinOut  swapscout.Amount `json:"min_out"`
			MaxOut  swapscout.Amount `json:"max_out"`
			Retry   int64            `json:"retry_after_s"`
			TookMS  int64            `json:"took_ms"`
		} `json:"failures"`
		CreatedAt *time.Time `json:"created_at"`
		ExpiresAt *time.Time `json:"expires_at"`
		TookMS    int64      `json:"took_ms"`
	}
	if err := json.Unmarshal(body, &w); err != nil {
		return nil, fmt.Errorf("decode quote: %w", err)
	}
	dir, err := swapscout.ParseDirection(w.Request.Direction)
	if err != nil {
		return nil, err
	}
	rt, err := swapscout.ParseRateType(w.Request.Rate)
	if err != nil {
		return nil, err
	}
	tm := func(t *time.Time) time.Time {
		if t == nil {
			return time.Time{}
		}
		return *t
	}
	q := &swapscout.Quote{
		ID: w.ID,
		Request: swapscout.QuoteRequest{
			From:   swapscout.Asset{Ticker: w.Request.From.Ticker, Network: w.Request.From.Network},
			To:     swapscout.Asset{Ticker: w.Request.To.Ticker, Network: w.Request.To.Network},
			Amount: w.Request.Amount, Direction: dir, RateType: rt,
		},
		CreatedAt: tm(w.CreatedAt), ExpiresAt: tm(w.ExpiresAt), Took: time.Duration(w.TookMS) * time.Millisecond,
	}
	q.Offers = make([]swapscout.Offer, len(w.Offers))
	for i, o := range w.Offers {
		ort, err := swapscout.ParseRateType(o.RateType)
		if err != nil {
			return nil, err
		}
		kyc, _ := swapscout.ParseKYCRating(o.KYC)
		off := swapscout.Offer{
			Venue: o.Venue, Provider: o.Provider, Route: o.Route,
			AmountIn: o.AmountIn, AmountOut: o.AmountOut, Rate: o.Rate,
			Min: o.Min, Max: o.Max, MinOut: o.MinOut, MaxOut: o.MaxOut,
			RateType: ort, RateID: o.RateID, ExpiresAt: tm(o.ExpiresAt),
			ETAMin: time.Duration(o.ETAMin) * time.Second, ETAMax: time.Duration(o.ETAMax) * time.Second,
			KYC: kyc, Custody: swapscout.Custody(o.Custody), Deposit: swapscout.DepositKind(o.Deposit),
			CanSwap: o.CanSwap, NoSwap: o.NoSwap, Took: time.Duration(o.TookMS) * time.Millisecond,
		}
		for _, f := range o.Fees {
			off.Fees = append(off.Fees, swapscout.Fee{Kind: f.Kind, Amount: f.Amount, Asset: swapscout.Asset{Ticker: f.Asset.Ticker, Network: f.Asset.Network}})
		}
		q.Offers[i] = off
	}
	for _, f := range w.Failures {
		q.Failures = append(q.Failures, swapscout.Failure{
			Venue: f.Venue, Code: swapscout.FailureCode(f.Code), Message: f.Message,
			Min: f.Min, Max: f.Max, MinOut: f.MinOut, MaxOut: f.MaxOut,
			RetryAfter: time.Duration(f.Retry) * time.Second, Took: time.Duration(f.TookMS) * time.Millisecond,
		})
	}
	return q, nil
}
