package httpapi

import (
	"errors"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/quotes"
)

// quoteParams are the query parameters GET /v1/quotes accepts.
var quoteParams = []string{"from", "to", "amount", "from_network", "to_network", "direction", "rate", "deadline", "venues", "exclude", "kyc", "logpolicy", "custody", "swappable", "precheck", "routes", "split"}

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
// identical misses collapse into one fan-out (package quotes). A hit writes
// the stored bytes after a few bytes of age, with no encoding.
func handleQuoteCreate(d *deps) Action {
	return func(r *Request) (Response, error) {
		a, hdr, err := d.quote(r)
		if err != nil {
			return Response{}, err
		}
		return d.answer(r, a.Frame, hdr), nil
	}
}

// quote answers a quote request through the quote service: parsed and
// normalised, from the cache, or, once the client may start a fan-out
// (admit), by one; hdr is the cache status to answer with. The API and the
// web page both answer this way.
func (d *deps) quote(r *Request) (a quotes.Answer, hdr []Field, err error) {
	pq, err := d.parseQuote(r)
	if err != nil {
		return a, nil, err
	}
	key := quotes.AppendKey(r.key[:0], &pq)
	if f, ok := d.quotes.Cached(r.Ctx, key); ok {
		d.cached()
		return quotes.Answer{Frame: f, Hit: true}, hitHeaders, nil
	}
	release, err := d.admit(r, key) // counts the miss, limits fan-outs per client
	if err != nil {
		return a, nil, err
	}
	defer release()
	// A copy for the miss: the request escapes through Make (goroutines
	// read it), and taking pq's own address would move pq to the heap on
	// every request, cache hits included (TestCacheHitAllocs).
	miss := pq
	a, err = d.quotes.Make(r.Ctx, &miss, string(key))
	return a, missHeaders, err
}

// answer turns a quote's frame into a response: {"age_ms":N, then the
// stored JSON after its opening brace. No JSON is encoded and nothing
// allocates.
func (d *deps) answer(r *Request, f quotes.Frame, hdr []Field) Response {
	now := r.Now
	if now.IsZero() {
		now = d.Now()
	}
	if d.Degraded != nil && d.Degraded() {
		hdr = degraded[&hdr[0]]
	}
	head := api.AppendAge(r.head[:0], f.Age(now))
	return Response{Status: 200, ContentType: contentJSON, Head: head, Body: f.Rest(), Headers: hdr}
}

// handleQuoteGet answers a stored quote: its bytes as stored, after its age.
func handleQuoteGet(d *deps) Action {
	return func(r *Request) (Response, error) {
		f, err := d.quotes.Stored(r.Ctx, r.Param("id"))
		if err != nil {
			return Response{}, err
		}
		return d.answer(r, f, storeHeaders), nil
	}
}

// parseQuote parses and validates a quote request, its venue selection
// included, before any cache is consulted: a request the engine would
// refuse is refused here, whatever the cache holds. The selection comes
// back normalised (quotes.Service.Normalize), so equivalent spellings
// share a cache key.
func (d *deps) parseQuote(r *Request) (quotes.Request, error) {
	pq, err := parseQuoteQuery(r, d.DefaultDeadline, d.MaxDeadline)
	if err != nil {
		return pq, err
	}
	return pq, d.quotes.Normalize(&pq)
}

func invalid(format string, args ...any) error {
	return swapscout.Errorf(swapscout.EINVALID, format, args...)
}

// parseQuoteQuery validates every parameter of a quote request; anything wrong
// is an EINVALID error with a message naming the parameter. It allocates
// nothing for a well-formed request without venue lists.
func parseQuoteQuery(r *Request, def, max time.Duration) (quotes.Request, error) {
	var pq quotes.Request
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
		return pq, invalid("from and to are the same asset (%s)", from.Asset.Words())
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
	pq.QuoteRequest = swapscout.QuoteRequest{From: from.Asset, To: to.Asset, Amount: amount, Direction: dir, RateType: rt}
	pq.Deadline = def
	if v := r.Query("deadline"); len(v) > 0 {
		dl, ok := parseDuration(v)
		if !ok || dl <= 0 {
			return pq, invalid("deadline must be a positive duration such as 2s or 1500ms")
		}
		if dl > max {
			return pq, invalid("deadline must be at most %s", max)
		}
		pq.Deadline = dl
	}
	pq.Selection.Include = splitList(r.Query("venues"))
	pq.Selection.Exclude = splitList(r.Query("exclude"))
	if v := r.Query("kyc"); len(v) > 0 {
		if len(v) != 1 || (v[0]|0x20) < 'a' || (v[0]|0x20) > 'd' {
			return pq, invalid("kyc rating must be one of A, B, C, D")
		}
		pq.Selection.MaxKYC = swapscout.KYCRating(v[0] &^ 0x20)
	}
	if v := r.Query("logpolicy"); len(v) > 0 {
		if len(v) != 1 || (v[0]|0x20) < 'a' || (v[0]|0x20) > 'c' {
			return pq, invalid("logpolicy rating must be one of A, B, C")
		}
		pq.Selection.MaxLog = swapscout.LogRating(v[0] &^ 0x20)
	}
	if pq.Selection.Custody, err = swapscout.ParseCustody(string(r.Query("custody"))); err != nil {
		return pq, err
	}
	switch v := r.Query("swappable"); string(v) {
	case "", "false":
	case "true":
		pq.Selection.Swappable = true
	default:
		return pq, invalid("swappable must be true or false")
	}
	switch v := r.Query("precheck"); string(v) {
	case "", "false":
	case "true":
		pq.Selection.PreCheck, pq.Selection.Swappable = true, true
	default:
		return pq, invalid("precheck must be true or false")
	}
	switch v := r.Query("routes"); string(v) {
	case "", "auto": // by default: searched when the deadline leaves room, ranked beside direct offers
		pq.Routes = quotes.RoutesAuto
	case "1", "true":
		pq.Routes = quotes.RoutesOn
	case "0", "false":
	default:
		return pq, invalid("routes must be 1 (always search two-leg routes), 0 (never) or auto")
	}
	switch v := r.Query("split"); string(v) {
	case "", "auto":
		pq.Split = quotes.SplitAuto
	case "2":
		pq.Split = quotes.Split2
	case "3":
		pq.Split = quotes.Split3
	case "0":
	default:
		return pq, invalid("split must be 2 or 3 (parts at most), 0 (never) or auto")
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
	if v[0] == '.' {
		// ".1" as people type it, like 0.1 (1e-1 is accepted too). The
		// stack buffer keeps the common case free of allocations.
		var buf [64]byte
		v = append(append(buf[:0], '0'), v...)
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
