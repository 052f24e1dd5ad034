package hostile

import (
	"fmt"
	"sort"
	"strings"
)

// Mode is one way a hostile upstream misbehaves. The server applies one mode
// to every venue at once.
type Mode string

// Scope says which of a venue's endpoints a mode hits.
type Scope int

const (
	// ScopeDefault is the mode's own scope (see Modes).
	ScopeDefault Scope = iota
	// ScopeAll hits every endpoint.
	ScopeAll
	// ScopeQuotes hits the endpoints a quote calls (estimates, rates,
	// order books) and leaves the market and currency lists healthy.
	ScopeQuotes
	// ScopeLists hits only the market and currency list endpoints.
	ScopeLists
	// ScopeCreate hits only the swap venues' create-order endpoints (and
	// THORChain's and Maya's quote with a destination, which is their
	// create), so a quote and its re-quote stay healthy.
	ScopeCreate
	// ScopeStatus hits only the swap venues' order status endpoints (and
	// the indexers THORChain and Maya swaps are found through).
	ScopeStatus
)

func (s Scope) String() string {
	switch s {
	case ScopeAll:
		return "all"
	case ScopeQuotes:
		return "quotes"
	case ScopeLists:
		return "lists"
	case ScopeCreate:
		return "create"
	case ScopeStatus:
		return "status"
	}
	return "default"
}

// The modes. Off forwards everything to the simulator untouched.
const (
	Off Mode = "off"

	// Transport faults.
	Hang    Mode = "hang"    // accept, read the request, never answer
	Reset   Mode = "reset"   // read the request, then RST the connection
	Refused Mode = "refused" // the port is closed: connections are refused

	// Status faults.
	HTML5xx           Mode = "5xx-html"            // 502 with an HTML error page
	RateLimit429      Mode = "429"                 // 429 without Retry-After
	RateLimit429Secs  Mode = "429-retry-seconds"   // 429, Retry-After: 2
	RateLimit429Date  Mode = "429-retry-date"      // 429, Retry-After as an HTTP-date 2s ahead
	RateLimit429Huge  Mode = "429-retry-huge"      // 429, Retry-After: 1000000000
	RateLimit418      Mode = "418"                 // Binance's ban: 418 without Retry-After
	RateLimit418Secs  Mode = "418-retry-seconds"   // 418, Retry-After: 2
	RateLimit418Date  Mode = "418-retry-date"      // 418, Retry-After as an HTTP-date
	RateLimit418Huge  Mode = "418-retry-huge"      // 418, Retry-After: 1000000000
	Error200          Mode = "error-200"           // 200 with a generic {"error":"..."} body
	VenueError200     Mode = "venue-error-200"     // 200 with the venue's own error body
	Malformed         Mode = "malformed-json"      // the real answer with a syntax error
	Truncated         Mode = "truncated"           // Content-Length larger than sent, then close
	DuplicateKeys     Mode = "duplicate-keys"      // every amount key repeated with a value ×1000
	HugeChunked       Mode = "huge-chunked"        // 100 MB of JSON, chunked
	HugeLength        Mode = "huge-length"         // 100 MB of JSON with its Content-Length
	GzipBomb          Mode = "gzip-bomb"           // 10 MB gzip that inflates to 10 GB
	GzipBombSmall     Mode = "gzip-bomb-small"     // 1 MB gzip that inflates to 1 GB: under body caps on the wire
	Trickle           Mode = "trickle"             // the real answer, one byte per 100 ms
	HugeHeaders       Mode = "huge-headers"        // 1 MB of header lines before the real answer
	AmountsX1000      Mode = "amounts-x1000"       // every amount, price, qty, rate ×1000
	AmountsX1e12      Mode = "amounts-x1e12"       // … ×1e12
	AmountsZero       Mode = "amounts-zero"        // … set to 0
	AmountsNegative   Mode = "amounts-negative"    // … negated
	WrongEcho         Mode = "wrong-echo"          // the echoed amount-in doubled
	DepositHTML       Mode = "deposit-html"        // every address in the answer an HTML snippet
	ExpiryHuge        Mode = "expiry-huge"         // every expiry 1e15 (units) or the year 9999
	ListsEmpty        Mode = "lists-empty"         // market and currency lists empty
	ListsZeroFee      Mode = "lists-zero-fee"      // every fee in the lists 0
	ListsHugeMinimums Mode = "lists-huge-minimums" // every minimum in the lists 1e30
)

// ModeInfo describes a mode.
type ModeInfo struct {
	Mode  Mode
	Scope Scope // the endpoints it hits by default
	Doc   string
}

var modes = []ModeInfo{
	{Off, ScopeAll, "forward to the simulator untouched"},
	{Hang, ScopeAll, "accept, read the request, never answer"},
	{Reset, ScopeAll, "read the request, then reset the connection (RST)"},
	{Refused, ScopeAll, "close the port: connections are refused"},
	{HTML5xx, ScopeAll, "502 with an HTML error page"},
	{RateLimit429, ScopeAll, "429 without Retry-After"},
	{RateLimit429Secs, ScopeAll, "429 with Retry-After: 2"},
	{RateLimit429Date, ScopeAll, "429 with Retry-After as an HTTP-date 2s ahead"},
	{RateLimit429Huge, ScopeAll, "429 with Retry-After: 1000000000"},
	{RateLimit418, ScopeAll, "418 without Retry-After"},
	{RateLimit418Secs, ScopeAll, "418 with Retry-After: 2"},
	{RateLimit418Date, ScopeAll, "418 with Retry-After as an HTTP-date 2s ahead"},
	{RateLimit418Huge, ScopeAll, "418 with Retry-After: 1000000000"},
	{Error200, ScopeAll, `HTTP 200 with {"error":"..."}`},
	{VenueError200, ScopeAll, "HTTP 200 with the venue's own error body (the simulator's injected error)"},
	{Malformed, ScopeAll, "the real answer with a JSON syntax error"},
	{Truncated, ScopeAll, "Content-Length larger than the body sent, then close"},
	{DuplicateKeys, ScopeQuotes, "every amount-like key repeated with its value ×1000"},
	{HugeChunked, ScopeAll, "a 100 MB JSON body, chunked"},
	{HugeLength, ScopeAll, "a 100 MB JSON body with Content-Length"},
	{GzipBomb, ScopeAll, "Content-Encoding: gzip, 10 MB that inflate to 10 GB"},
	{GzipBombSmall, ScopeAll, "Content-Encoding: gzip, 1 MB that inflate to 1 GB (fits body caps on the wire)"},
	{Trickle, ScopeAll, "the real answer, one byte per 100 ms"},
	{HugeHeaders, ScopeAll, "1 MB of header lines before the real answer"},
	{AmountsX1000, ScopeQuotes, "every amount, price, quantity and rate in the real answer ×1000"},
	{AmountsX1e12, ScopeQuotes, "every amount, price, quantity and rate ×1e12"},
	{AmountsZero, ScopeQuotes, "every amount, price, quantity and rate 0"},
	{AmountsNegative, ScopeQuotes, "every amount, price, quantity and rate negated"},
	{WrongEcho, ScopeQuotes, "the amount-in the venue echoes back doubled"},
	{DepositHTML, ScopeCreate, "every address (deposit, payin, inbound) in the real answer an HTML snippet"},
	{ExpiryHuge, ScopeCreate, "every expiry in the real answer 1e15 (seconds, minutes…) or the year 9999"},
	{ListsEmpty, ScopeLists, "market and currency lists answered empty"},
	{ListsZeroFee, ScopeLists, "every fee in the lists 0"},
	{ListsHugeMinimums, ScopeLists, "every minimum in the lists 1e30"},
}

// Modes returns every mode with its default scope and description.
func Modes() []ModeInfo { return append([]ModeInfo(nil), modes...) }

func lookup(m Mode) (ModeInfo, bool) {
	for _, mi := range modes {
		if mi.Mode == m {
			return mi, true
		}
	}
	return ModeInfo{}, false
}

// ParseMode parses "MODE" or "MODE:SCOPE" (SCOPE is all, quotes, lists,
// create or status).
func ParseMode(s string) (Mode, Scope, error) {
	name, sc, hasScope := strings.Cut(strings.TrimSpace(s), ":")
	m := Mode(strings.ToLower(name))
	if _, ok := lookup(m); !ok {
		names := make([]string, len(modes))
		for i, mi := range modes {
			names[i] = string(mi.Mode)
		}
		sort.Strings(names)
		return "", 0, fmt.Errorf("unknown fault mode %q (one of %s)", name, strings.Join(names, ", "))
	}
	scope := ScopeDefault
	if hasScope {
		switch strings.ToLower(sc) {
		case "all":
			scope = ScopeAll
		case "quotes":
			scope = ScopeQuotes
		case "lists":
			scope = ScopeLists
		case "create":
			scope = ScopeCreate
		case "status":
			scope = ScopeStatus
		default:
			return "", 0, fmt.Errorf("fault scope %q: want all, quotes, lists, create or status", sc)
		}
	}
	return m, scope, nil
}
