// Package fixedfloat is the adapter for FixedFloat's API v2: `price` in both
// directions at floating and fixed rates, every call a POST of a JSON body
// signed with HMAC-SHA256 over its exact bytes, the {"code","msg","data"}
// envelope whose non-zero code is an error even with HTTP 200, and the
// errors[] list of a quotable-looking answer (LIMIT_MIN, OFFLINE_TO, …)
// mapped to failure codes. Combined currency codes (BTC, USDTTRC) come from
// `ccies`, refreshed in the background.
package fixedfloat

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Descriptor registers FixedFloat.
var Descriptor = venue.Facts(venue.Descriptor{ID: "fixedfloat", Kind: swapscout.InstantSwap,
	NeedsKey: true, NeedsSecret: true, FixedRate: true, Reverse: true, Networks: Symbols.Networks(), New: venue.Constructor(New)})

// Client quotes FixedFloat.
type Client struct {
	cfg   venue.Config
	ccies atomic.Pointer[map[Ccy]listed] // nil until the first refresh
}

// listed is a currency as `ccies` lists it.
type listed struct {
	Code       string
	Send, Recv bool
}

// New returns a Client; it does no I/O.
func New(cfg venue.Config) *Client { return &Client{cfg: cfg} }

// RefreshInterval is how often the currency list is fetched again: often
// enough that a failed first load (quotes answer unavailable meanwhile) is
// soon retried, at 1 of FixedFloat's 250 weight units a minute.
func (c *Client) RefreshInterval() time.Duration { return 5 * time.Minute }

// Refresh loads `ccies`: the combined code and availability of each coin on
// each network. A list that names none of our currencies, or gives one of
// them an absurd code or another's code, is rejected (venue.ListCheck); on any
// error the last good list stays and the error makes the registry retry soon.
func (c *Client) Refresh(ctx context.Context) error {
	var items []Currency
	if err := c.call(ctx, "ccies", []byte("{}"), &items); err != nil {
		return err
	}
	m, err := checkCcies(items)
	if err != nil {
		return err
	}
	c.ccies.Store(&m)
	return nil
}

// ours is every (coin, network) the adapter maps.
var ours = Symbols.Reverse()

// checkCcies builds the lookup from `ccies` and vets the entries we use.
func checkCcies(items []Currency) (map[Ccy]listed, error) {
	lc := venue.ListCheck{What: "FixedFloat currency list"}
	m := make(map[Ccy]listed, len(items))
	owner := make(map[string]Ccy)
	kept := 0
	for _, it := range items {
		if it.Code == "" {
			continue
		}
		k := Ccy{strings.ToUpper(it.Coin), strings.ToUpper(it.Network)}
		if _, used := ours[k]; used {
			kept++
			if !plausibleCode(it.Code) {
				lc.Problem(k.Coin+"/"+k.Network, "code %q", it.Code)
			} else if o, dup := owner[it.Code]; dup && o != k {
				lc.Problem(k.Coin+"/"+k.Network, "code %s already names %s/%s", it.Code, o.Coin, o.Network)
			}
			owner[it.Code] = k
		}
		m[k] = listed{Code: it.Code, Send: bool(it.Send), Recv: bool(it.Recv)}
	}
	if err := lc.Err(kept); err != nil {
		return nil, err
	}
	return m, nil
}

// plausibleCode: FixedFloat's combined codes are short upper-case letters and
// digits (BTC, USDTTRC, USDCBSC).
func plausibleCode(s string) bool {
	if len(s) > 16 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 'A' || c > 'Z') && (c < '0' || c > '9') {
			return false
		}
	}
	return true
}

// Quote asks `price` for the pair, once its codes are known.
func (c *Client) Quote(ctx context.Context, req swapscout.QuoteRequest) (swapscout.Offer, error) {
	from, to, err := Symbols.Pair(Descriptor.Name, req)
	if err != nil {
		return swapscout.Offer{}, err
	}
	list := c.ccies.Load()
	if list == nil {
		return swapscout.Offer{}, venue.ListLoading("FixedFloat")
	}
	f, okf := (*list)[from]
	t, okt := (*list)[to]
	switch {
	case !okf || !okt:
		return swapscout.Offer{}, venue.Unsupported(Descriptor.Name, req)
	case !f.Send:
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "FixedFloat does not accept %s at the moment", req.From)
	case !t.Recv:
		return swapscout.Offer{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "FixedFloat does not pay out %s at the moment", req.To)
	}
	pr := priceRequest{Type: "float", FromCcy: f.Code, ToCcy: t.Code, Direction: "from", Amount: json.Number(req.Amount.String())}
	if req.RateType == swapscout.Fixed {
		pr.Type = "fixed"
	}
	if req.Direction == swapscout.Receive {
		pr.Direction = "to"
	}
	body, err := json.Marshal(pr)
	if err != nil {
		return swapscout.Offer{}, venue.BadResponse(err)
	}
	var p priceData
	if err := c.call(ctx, "price", body, &p); err != nil {
		return swapscout.Offer{}, err
	}
	if err := quoteErrors(&p); err != nil {
		return swapscout.Offer{}, err
	}
	if p.From == nil || p.To == nil || p.From.Amount == nil || p.To.Amount == nil ||
		p.From.Amount.Sign() <= 0 || p.To.Amount.Sign() <= 0 {
		return swapscout.Offer{}, venue.BadResponse(errors.New("price without positive from and to amounts"))
	}
	o := swapscout.Offer{AmountIn: *p.From.Amount, AmountOut: *p.To.Amount, RateType: req.RateType}
	o.Min, o.Max, o.MinOut, o.MaxOut = p.limits()
	return o, nil
}

// limits are from.min/max, in From units whatever the direction, and
// to.min/max, in To units; zero where absent.
func (p *priceData) limits() (min, max, minOut, maxOut swapscout.Amount) {
	get := func(s *priceSide) (lo, hi swapscout.Amount) {
		if s == nil {
			return lo, hi
		}
		if s.Min != nil {
			lo = *s.Min
		}
		if s.Max != nil {
			hi = *s.Max
		}
		return lo, hi
	}
	min, max = get(p.From)
	minOut, maxOut = get(p.To)
	return min, max, minOut, maxOut
}

// call POSTs body to /api/v2/<method>, signed over exactly these bytes, and
// decodes the envelope's data into v.
func (c *Client) call(ctx context.Context, method string, body []byte, v any) error {
	req := venue.Request{
		Method: "POST", URL: c.cfg.BaseURL + APIPath + method, Body: body,
		ContentType: "application/json; charset=UTF-8",
		Header:      []venue.Field{{Key: "X-API-KEY", Value: c.cfg.APIKey}, {Key: "X-API-SIGN", Value: Sign(c.cfg.APISecret, body)}},
	}
	return venue.Fetch(ctx, &c.cfg, req, func(status int, b []byte) error { return decode(status, b, v) })
}

// Sign is FixedFloat's X-API-SIGN: lowercase hex HMAC-SHA256 of body.
func Sign(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// decode reads the envelope: a non-zero code is an error whatever the HTTP
// status; with code 0, data must decode into v.
func decode(status int, body []byte, v any) error {
	var env envelope
	if err := json.Unmarshal(body, &env); err != nil || env.Code == nil {
		switch {
		case status == 401 || status == 403:
			return venue.KeyRejected("FixedFloat", status, body)
		case status < 200 || status > 299:
			return venue.StatusError(status)
		case err == nil:
			err = errors.New("no code in the envelope")
		}
		return venue.BadResponse(err)
	}
	if *env.Code != 0 {
		return codeError(status, int64(*env.Code), env.Msg)
	}
	if status < 200 || status > 299 {
		return venue.StatusError(status)
	}
	if len(env.Data) == 0 || string(env.Data) == "null" {
		return venue.BadResponse(errors.New("no data in the envelope"))
	}
	if err := json.Unmarshal(env.Data, v); err != nil {
		return venue.BadResponse(err)
	}
	return nil
}

// codeError maps an envelope with code != 0. FixedFloat's code numbers are not
// in any source we could read ([MEM]), so the HTTP status and the message decide.
func codeError(status int, code int64, msg string) error {
	m := strings.ToLower(msg)
	has := func(words ...string) bool { return venue.ContainsAny(m, words...) }
	var fc swapscout.FailureCode
	switch {
	case status == 401 || status == 403 || has("signature", "api key", "apikey", "api-key", "unauthori", "authoriz", "permission", "access denied"):
		fc = swapscout.CodeNotConfigured
	case status == 429 || has("too many", "rate limit", "request limit"):
		fc = swapscout.CodeRateLimited
	case has("currenc", "pair", "not supported", "unsupported", "not found"):
		fc = swapscout.CodeUnsupportedPair
	case has("minimum", "too small", "too low"):
		fc = swapscout.CodeAmountTooSmall
	case has("maximum", "too large", "too high", "exceed"):
		fc = swapscout.CodeAmountTooLarge
	case status >= 500 || has("maintenance", "unavailable", "offline", "internal"):
		fc = swapscout.CodeUnavailable
	default:
		fc = swapscout.CodeBadResponse
	}
	if msg == "" {
		msg = "error"
	}
	return venue.WithBound(swapscout.NewVenueError(fc, "FixedFloat: %s (code %d)", venue.Clip(msg), code), msg)
}

// quoteErrors maps data.errors of a code-0 price: the most telling error
// decides. Outages rank first (limits are moot while a currency is offline),
// then the limits, then reserves, then names we do not know.
func quoteErrors(p *priceData) error {
	if len(p.Errors) == 0 {
		return nil
	}
	names := make([]string, 0, len(p.Errors))
	best, code := len(errorRanks), swapscout.CodeUnavailable
	for _, raw := range p.Errors {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			s = string(raw)
		}
		names = append(names, venue.Clip(s))
		for i, r := range errorRanks {
			if i < best && strings.HasPrefix(s, r.prefix) {
				best, code = i, r.code
			}
		}
	}
	ve := swapscout.NewVenueError(code, "FixedFloat cannot quote this: %s", strings.Join(names, ", "))
	if code == swapscout.CodeAmountTooSmall || code == swapscout.CodeAmountTooLarge {
		ve.Min, ve.Max, ve.MinOut, ve.MaxOut = p.limits()
	}
	return ve
}

// errorRanks orders the names of data.errors ([MEM] list from the docs).
var errorRanks = []struct {
	prefix string
	code   swapscout.FailureCode
}{
	{"OFFLINE_", swapscout.CodeUnavailable},
	{"MAINTENANCE_", swapscout.CodeUnavailable},
	{"LIMIT_MIN", swapscout.CodeAmountTooSmall},
	{"LIMIT_MAX", swapscout.CodeAmountTooLarge},
	// The reserve cannot cover this amount; a smaller one may pass.
	{"RESERVE_", swapscout.CodeAmountTooLarge},
}

var (
	_ swapscout.Quoter    = (*Client)(nil)
	_ swapscout.Refresher = (*Client)(nil)
)
