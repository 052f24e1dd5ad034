package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"errors"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

// quoteParams are the query parameters GET /v1/quotes accepts.
var quoteParams = []string{"from", "to", "amount", "from_network", "to_network", "direction", "rate", "deadline", "venues", "exclude", "kyc"}

// handleQuoteCreate fans the request out and answers the ranked quote, which
// is stored encoded under its id.
func handleQuoteCreate(d *Deps) Action {
	return func(r *Request) (Response, error) {
		pq, err := parseQuoteQuery(r, d.DefaultDeadline, d.MaxDeadline)
		if err != nil {
			return Response{}, err
		}
		ctx, cancel := context.WithTimeout(r.Ctx, pq.deadline)
		defer cancel()
		q, err := d.Quotes.Quote(ctx, pq.req, pq.sel, nil)
		if err != nil {
			return Response{}, err
		}
		q.ID = NewQuoteID()
		q.ExpiresAt = q.CreatedAt.Add(d.TTL)
		body := AppendQuote(make([]byte, 0, 1024+512*len(q.Offers)+256*len(q.Failures)), q)
		if err := d.Store.Put(r.Ctx, q.ID, body, d.TTL); err != nil {
			// The answer is still good; only its id won't be readable later.
			d.Logger.Warn("quote store put failed", "id", q.ID, "err", err)
		}
		return JSON(200, body), nil
	}
}

// handleQuoteGet answers a stored quote's bytes as they were stored.
func handleQuoteGet(d *Deps) Action {
	return func(r *Request) (Response, error) {
		body, err := d.Store.Get(r.Ctx, r.Param("id"))
		if err != nil {
			return Response{}, err
		}
		return Response{Status: 200, ContentType: contentJSON, Body: body}, nil
	}
}

type parsedQuote struct {
	req      swapscout.QuoteRequest
	sel      aggregate.Selection
	deadline time.Duration
}

func invalid(format string, args ...any) error {
	return swapscout.Errorf(swapscout.EINVALID, format, args...)
}

// parseQuoteQuery validates every parameter of a quote request; anything wrong
// is an EINVALID error with a message naming the parameter.
func parseQuoteQuery(r *Request, def, max time.Duration) (parsedQuote, error) {
	var pq parsedQuote
	var unknown []byte
	r.QueryKeys(func(k []byte) bool {
		for _, p := range quoteParams {
			if string(k) == p {
				return true
			}
		}
		unknown = k
		return false
	})
	if unknown != nil {
		return pq, invalid("unknown parameter %q (accepted: %s)", clip(string(unknown)), strings.Join(quoteParams, ", "))
	}
	from, err := swapscout.ResolveAsset(string(r.Query("from")), string(r.Query("from_network")))
	if err != nil {
		return pq, prefix("from: ", err)
	}
	to, err := swapscout.ResolveAsset(string(r.Query("to")), string(r.Query("to_network")))
	if err != nil {
		return pq, prefix("to: ", err)
	}
	if from.Asset == to.Asset {
		return pq, invalid("from and to are the same asset (%s)", from.Asset)
	}
	dir, err := swapscout.ParseDirection(string(r.Query("direction")))
	if err != nil {
		return pq, err
	}
	rt, err := swapscout.ParseRateType(string(r.Query("rate")))
	if err != nil {
		return pq, err
	}
	decimals := from.Decimals
	side := from.Ticker
	if dir == swapscout.Receive {
		decimals, side = to.Decimals, to.Ticker
	}
	amount, err := parseAmountParam(r.Query("amount"), decimals, side)
	if err != nil {
		return pq, err
	}
	pq.req = swapscout.QuoteRequest{From: from.Asset, To: to.Asset, Amount: amount, Direction: dir, RateType: rt}
	pq.deadline = def
	if v := r.Query("deadline"); len(v) > 0 {
		dl, err := time.ParseDuration(string(v))
		if err != nil || dl <= 0 {
			return pq, invalid("deadline must be a positive duration such as 2s or 1500ms")
		}
		if dl > max {
			return pq, invalid("deadline must be at most %s", max)
		}
		pq.deadline = dl
	}
	pq.sel.Include = splitList(r.Query("venues"))
	pq.sel.Exclude = splitList(r.Query("exclude"))
	if v := r.Query("kyc"); len(v) > 0 {
		k, err := swapscout.ParseKYCRating(string(v))
		if err != nil {
			return pq, err
		}
		pq.sel.MaxKYC = k
	}
	return pq, nil
}

// parseAmountParam parses a positive amount with no more fractional digits
// than the asset has.
func parseAmountParam(v []byte, decimals int, ticker string) (swapscout.Amount, error) {
	if len(v) == 0 {
		return swapscout.Amount{}, invalid("amount is required")
	}
	a, err := swapscout.ParseAmountBytes(v)
	switch {
	case errors.Is(err, swapscout.ErrAmountRange):
		return a, invalid("amount is out of range")
	case errors.Is(err, swapscout.ErrAmountPrecision):
		return a, invalid("amount has too many fractional digits (%s has %d)", ticker, decimals)
	case err != nil:
		return a, invalid("amount must be a decimal number such as 0.1")
	case a.Sign() <= 0:
		return a, invalid("amount must be positive")
	case a.Scale() > decimals && !a.Equal(a.Round(decimals, swapscout.RoundDown)):
		return a, invalid("amount has too many fractional digits (%s has %d)", ticker, decimals)
	}
	return a, nil
}

func splitList(v []byte) []string {
	if len(v) == 0 {
		return nil
	}
	var out []string
	for _, s := range strings.Split(string(v), ",") {
		if s = strings.ToLower(strings.TrimSpace(s)); s != "" {
			out = append(out, s)
		}
	}
	return out
}

func prefix(p string, err error) error {
	var e *swapscout.Error
	if errors.As(err, &e) {
		return &swapscout.Error{Code: e.Code, Message: p + e.Message, Err: e.Err}
	}
	return err
}

func clip(s string) string {
	if len(s) > 32 {
		return s[:32] + "…"
	}
	return s
}

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// NewQuoteID returns a fresh random quote id: "q" and 26 base32 characters (128 bits).
func NewQuoteID() string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return "q" + idEncoding.EncodeToString(b[:])
}
