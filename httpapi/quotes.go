package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/binary"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

// quoteParams are the query parameters GET /v1/quotes accepts.
var quoteParams = []string{"from", "to", "amount", "from_network", "to_network", "direction", "rate", "deadline", "venues", "exclude", "kyc", "custody", "swappable"}

// Cache status headers; static so the hot path allocates nothing. The
// degraded variants tell the client the shared store is down and this answer
// comes from this instance's memory.
var (
	hitHeaders   = []Field{MakeField("X-Swapscout-Cache", "hit")}
	missHeaders  = []Field{MakeField("X-Swapscout-Cache", "miss")}
	storeHeaders = []Field{MakeField("X-Swapscout-Cache", "stored")}

	degradedField = MakeField("X-Swapscout-Store", "memory (shared store unreachable)")
	degraded      = map[*Field][]Field{
		&hitHeaders[0]:   {hitHeaders[0], degradedField},
		&missHeaders[0]:  {missHeaders[0], degradedField},
		&storeHeaders[0]: {storeHeaders[0], degradedField},
	}
)

// handleQuoteCreate answers a quote request. Identical requests within the
// cache window are answered from the cache, with their age; concurrent
// identical misses collapse into one fan-out. Every answer is stored under
// its id. Stored values are framed (creation time + JSON without the age) so
// a hit writes the stored bytes after a few bytes of age, with no encoding.
func handleQuoteCreate(d *deps) Action {
	return func(r *Request) (Response, error) {
		pq, err := d.parseQuote(r)
		if err != nil {
			return Response{}, err
		}
		key := appendKey(r.key[:0], &pq)
		if d.Cache != nil && d.CacheWindow > 0 {
			if v, err := d.Cache.Get(r.Ctx, key); err == nil {
				if resp, ok := d.answer(r, v, hitHeaders); ok {
					d.cached()
					return resp, nil
				}
			}
		}
		release, err := d.admit(r, key) // counts the miss, limits fan-outs per client
		if err != nil {
			return Response{}, err
		}
		defer release()
		skey := string(key)
		v, err, _ := d.book.flights.Do(skey, func() (any, error) {
			return d.fanOut(r.Ctx, &pq, skey, nil)
		})
		if err != nil {
			return Response{}, err
		}
		resp, ok := d.answer(r, v.([]byte), missHeaders)
		if !ok {
			return Response{}, errors.New("stored quote is malformed")
		}
		return resp, nil
	}
}

// fanOut runs one fan-out for pq through the quote book, and returns the
// framed value it stored.
func (d *deps) fanOut(parent context.Context, pq *parsedQuote, key string, emit func(swapscout.Result)) ([]byte, error) {
	_, v, err := d.book.make(parent, pq, key, emit)
	return v, err
}

// answer turns a framed stored value into a response: {"age_ms":N, then the
// stored JSON after its opening brace. No JSON is encoded and nothing allocates.
func (d *deps) answer(r *Request, v []byte, hdr []Field) (Response, bool) {
	if len(v) < 10 || v[8] != '{' {
		return Response{}, false
	}
	created := time.Unix(0, int64(binary.BigEndian.Uint64(v[:8])))
	now := r.Now
	if now.IsZero() {
		now = d.Now()
	}
	age := now.Sub(created).Milliseconds()
	if age < 0 {
		age = 0
	}
	if d.Degraded != nil && d.Degraded() {
		hdr = degraded[&hdr[0]]
	}
	head := append(r.head[:0], `{"age_ms":`...)
	head = strconv.AppendInt(head, age, 10)
	head = append(head, ',')
	return Response{Status: 200, ContentType: contentJSON, Head: head, Body: v[9:], Headers: hdr}, true
}

// handleQuoteGet answers a stored quote: its bytes as stored, after its age.
func handleQuoteGet(d *deps) Action {
	return func(r *Request) (Response, error) {
		v, err := d.Store.Get(r.Ctx, r.Param("id"))
		if err != nil {
			return Response{}, err
		}
		resp, ok := d.answer(r, v, storeHeaders)
		if !ok {
			return Response{}, errors.New("stored quote is malformed")
		}
		return resp, nil
	}
}

// parseQuote parses and validates a quote request, its venue selection
// included, before any cache is consulted: a request the engine would
// refuse is refused here, whatever the cache holds. The selection comes
// back normalised (see normalizeSelection), so equivalent spellings share
// a cache key.
func (d *deps) parseQuote(r *Request) (parsedQuote, error) {
	pq, err := parseQuoteQuery(r, d.DefaultDeadline, d.MaxDeadline)
	if err != nil {
		return pq, err
	}
	if pq.sel.MaxKYC == 'D' {
		pq.sel.MaxKYC = 0 // D is the worst rating: it selects every venue
	}
	if len(pq.sel.Include) == 0 && len(pq.sel.Exclude) == 0 {
		// Nothing to check (kyc= and custody= alone leave the engine to
		// select), and the hot path allocates nothing.
		return pq, nil
	}
	return pq, d.normalizeSelection(&pq.sel)
}

// normalizeSelection checks every venue id against the venues the API
// serves (when Deps.Venues lists any; else the service checks them) and
// rewrites sel in canonical form: ids sorted and de-duplicated, and with a
// venue list, the excluded ids taken out of it. A selection that leaves no venue to ask is refused: an
// empty Include would mean every venue.
func (d *deps) normalizeSelection(sel *aggregate.Selection) error {
	infos := d.Venues()
	if infos != nil {
		for _, ids := range [][]string{sel.Include, sel.Exclude} {
			for _, id := range ids {
				if !slices.ContainsFunc(infos, func(v swapscout.VenueInfo) bool { return v.ID == id }) {
					return invalid("unknown venue %q (GET /v1/venues lists them)", clip(id))
				}
			}
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
	if infos != nil {
		n := 0
		for _, v := range infos {
			if (len(sel.Include) == 0 || slices.Contains(sel.Include, v.ID)) && !slices.Contains(sel.Exclude, v.ID) &&
				(sel.MaxKYC == 0 || v.KYC <= sel.MaxKYC) && (sel.Custody == "" || infoCustody(v) == sel.Custody) &&
				(!sel.Swappable || v.CanSwap) {
				n++
			}
		}
		if n == 0 {
			return invalid("no venue matches venues, exclude, kyc, custody and swappable together")
		}
	}
	return nil
}

// infoCustody is a venue's custody as /v1/venues shows it: custodial when
// the venue does not say.
func infoCustody(v swapscout.VenueInfo) swapscout.Custody {
	if v.Custody == "" {
		return swapscout.Custodial
	}
	return v.Custody
}

// appendKey appends the canonical form of a quote request, built from the
// parsed, normalised request: identical requests, however spelled, get the
// same key, and different ones never do (each venue id is prefixed by its
// length, so no id can pose as a list of others). The deadline is part of
// it, to the nanosecond: an answer cut short by one client's deadline is
// never served from the cache, nor shared in flight, to a request that
// allowed more time (the venue calls themselves are shared anyway: see
// aggregate.Engine.Quote).
func appendKey(dst []byte, pq *parsedQuote) []byte {
	dst = append(dst, pq.req.From.Ticker...)
	dst = append(dst, '@')
	dst = append(dst, pq.req.From.Network...)
	dst = append(dst, '>')
	dst = append(dst, pq.req.To.Ticker...)
	dst = append(dst, '@')
	dst = append(dst, pq.req.To.Network...)
	dst = append(dst, '|')
	dst = pq.req.Amount.Append(dst)
	dst = append(dst, '|', byte('0'+pq.req.Direction), byte('0'+pq.req.RateType), '|')
	dst = strconv.AppendInt(dst, int64(pq.deadline), 10)
	dst = append(dst, '|', byte(pq.sel.MaxKYC))
	switch pq.sel.Custody {
	case swapscout.Custodial:
		dst = append(dst, 'c')
	case swapscout.NonCustodial:
		dst = append(dst, 'n')
	}
	if pq.sel.Swappable {
		dst = append(dst, 's')
	}
	for _, v := range pq.sel.Include {
		dst = append(dst, '+')
		dst = strconv.AppendInt(dst, int64(len(v)), 10)
		dst = append(dst, ':')
		dst = append(dst, v...)
	}
	for _, v := range pq.sel.Exclude {
		dst = append(dst, '-')
		dst = strconv.AppendInt(dst, int64(len(v)), 10)
		dst = append(dst, ':')
		dst = append(dst, v...)
	}
	return dst
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
// is an EINVALID error with a message naming the parameter. It allocates
// nothing for a well-formed request without venue lists.
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
	from, err := swapscout.ResolveAssetBytes(r.Query("from"), r.Query("from_network"))
	if err != nil {
		return pq, prefix("from: ", err)
	}
	to, err := swapscout.ResolveAssetBytes(r.Query("to"), r.Query("to_network"))
	if err != nil {
		return pq, prefix("to: ", err)
	}
	if from.Asset == to.Asset {
		return pq, invalid("from and to are the same asset (%s)", from.Asset)
	}
	var dir swapscout.Direction
	switch v := r.Query("direction"); string(v) {
	case "", "send", "from":
	case "receive", "to":
		dir = swapscout.Receive
	default:
		return pq, invalid("direction must be send or receive")
	}
	var rt swapscout.RateType
	switch v := r.Query("rate"); string(v) {
	case "", "float", "floating":
	case "fixed":
		rt = swapscout.Fixed
	default:
		return pq, invalid("rate must be float or fixed")
	}
	decimals, side := from.Decimals, from.Ticker
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
		dl, ok := parseDuration(v)
		if !ok || dl <= 0 {
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
		if len(v) != 1 || (v[0]|0x20) < 'a' || (v[0]|0x20) > 'd' {
			return pq, invalid("kyc rating must be one of A, B, C, D")
		}
		pq.sel.MaxKYC = swapscout.KYCRating(v[0] &^ 0x20)
	}
	switch v := r.Query("custody"); string(v) {
	case "":
	case "custodial":
		pq.sel.Custody = swapscout.Custodial
	case "non_custodial":
		pq.sel.Custody = swapscout.NonCustodial
	default:
		return pq, invalid("custody must be custodial or non_custodial")
	}
	switch v := r.Query("swappable"); string(v) {
	case "", "false":
	case "true":
		pq.sel.Swappable = true
	default:
		return pq, invalid("swappable must be true or false")
	}
	return pq, nil
}

// parseDuration parses durations like "2s", "1.5s", "1500ms", "1m" without
// allocating.
func parseDuration(b []byte) (time.Duration, bool) {
	i := 0
	var whole, frac, scale int64 = 0, 0, 1
	for i < len(b) && b[i] >= '0' && b[i] <= '9' {
		whole = whole*10 + int64(b[i]-'0')
		if whole > 1e9 {
			return 0, false
		}
		i++
	}
	if i == 0 {
		return 0, false
	}
	if i < len(b) && b[i] == '.' {
		i++
		for i < len(b) && b[i] >= '0' && b[i] <= '9' {
			if scale < 1e9 {
				frac = frac*10 + int64(b[i]-'0')
				scale *= 10
			}
			i++
		}
	}
	var unit time.Duration
	switch string(b[i:]) {
	case "ns":
		unit = time.Nanosecond
	case "us", "µs":
		unit = time.Microsecond
	case "ms":
		unit = time.Millisecond
	case "s":
		unit = time.Second
	case "m":
		unit = time.Minute
	default:
		return 0, false
	}
	return time.Duration(whole)*unit + time.Duration(frac)*unit/time.Duration(scale), true
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
