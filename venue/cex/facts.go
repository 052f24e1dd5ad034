package cex

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
)

// WholeBook is the depth asked of a book that always comes whole (Coinbase
// level 2, which has no size parameter; Bitstamp): never reached, so a walk
// off its end is amount_too_large at once, with no deeper fetch to try.
// venue.json says "whole_book": true for it.
const WholeBook = 1 << 30

// bookFacts is the "order_book" section of an order book's venue.json: what
// its Spec states rather than computes, each with the source that says so.
// The code (parsers, book paths, the book's shape, the error envelope) stays
// in the adapter's Go.
type bookFacts struct {
	// Bridges may stay in the spec instead, for a venue whose symbols need
	// them at init (KuCoin's catalogue assets).
	Bridges        []bridgeFacts    `json:"bridges,omitempty"`
	TakerFee       swapscout.Amount `json:"taker_fee"`
	TakerFeeSource string           `json:"taker_fee_source"`
	Depths         []int            `json:"depths,omitempty"`
	WholeBook      bool             `json:"whole_book,omitempty"`
	DepthsSource   string           `json:"depths_source,omitempty"`
	BookMaxBody    int              `json:"book_max_body,omitempty"`
	// BookPath is the book's path and query after the base URL, with
	// {symbol} for the market's symbol (escaped for where it stands) and
	// {depth}, if the venue takes one, for the levels asked:
	// "/api/v3/depth?symbol={symbol}&limit={depth}". A venue whose path is
	// more than a template keeps Spec.BookPath in code instead.
	BookPath       string `json:"book_path,omitempty"`
	MarketsPath    string `json:"markets_path"`
	MarketsMaxBody int    `json:"markets_max_body,omitempty"`
	NetworksPath   string `json:"networks_path,omitempty"`
	// Statuses are keyed by the HTTP status.
	Statuses map[int]statusFacts `json:"statuses,omitempty"`
}

type bridgeFacts struct {
	Ticker string `json:"ticker"`
	Asset  string `json:"asset"`
}

type statusFacts struct {
	Code       swapscout.FailureCode `json:"code"`
	Msg        string                `json:"msg"`
	RetryAfter string                `json:"retry_after,omitempty"` // as Go writes a duration: "10m"
	Source     string                `json:"source,omitempty"`
}

// apply sets s's stated fields from f; an error leaves s as far as it got.
func (f *bookFacts) apply(s *Spec) error {
	if f.WholeBook == (len(f.Depths) > 0) {
		return fmt.Errorf("order_book: depths or whole_book, one of them")
	}
	s.Depths = f.Depths
	if f.WholeBook {
		s.Depths = []int{WholeBook}
	}
	switch {
	case f.Bridges != nil && s.Bridges != nil:
		return fmt.Errorf("order_book: bridges stated twice, in venue.json and in the spec")
	case f.Bridges != nil:
		s.Bridges = make([]Bridge, len(f.Bridges))
		for i, b := range f.Bridges {
			s.Bridges[i] = Bridge(b)
		}
	}
	s.TakerFee, s.TakerFeeSource, s.DepthsSource = f.TakerFee, f.TakerFeeSource, f.DepthsSource
	s.BookMaxBody, s.MarketsMaxBody = f.BookMaxBody, f.MarketsMaxBody
	s.MarketsPath, s.NetworksPath = f.MarketsPath, f.NetworksPath
	switch {
	case f.BookPath != "" && s.BookPath != nil:
		return fmt.Errorf("order_book: book path stated twice, in venue.json and in the spec")
	case f.BookPath != "":
		p, err := bookPath(f.BookPath)
		if err != nil {
			return err
		}
		s.BookPath, s.BookTemplate = p, f.BookPath
	}
	if len(f.Statuses) > 0 {
		s.Statuses = make(map[int]swapscout.VenueError, len(f.Statuses))
	}
	for status, e := range f.Statuses {
		if !slices.Contains(swapscout.FailureCodes, e.Code) || e.Msg == "" {
			return fmt.Errorf("order_book: status %d: code %q with message %q", status, e.Code, e.Msg)
		}
		ve := swapscout.VenueError{Code: e.Code, Msg: e.Msg}
		if e.RetryAfter != "" {
			d, err := time.ParseDuration(e.RetryAfter)
			if err != nil {
				return fmt.Errorf("order_book: status %d: %w", status, err)
			}
			ve.RetryAfter = d
		}
		s.Statuses[status] = ve
	}
	return nil
}

// bookPath makes Spec.BookPath of a template with one {symbol} and at most
// one {depth} after it. The symbol is escaped for its place, as a path
// segment before the query and a query value in it: the market list's
// symbols are letters, digits, "-", "_" and ":" here, which neither
// changes, but a hostile list's symbol cannot rewrite the path.
func bookPath(t string) (func(Market, int) string, error) {
	head, rest, ok := strings.Cut(t, "{symbol}")
	mid, tail, depth := strings.Cut(rest, "{depth}")
	if !ok || !strings.HasPrefix(t, "/") || strings.ContainsAny(head+mid+tail, "{}") {
		return nil, fmt.Errorf("order_book: book_path %q: want a path with one {symbol}, then at most one {depth}", t)
	}
	escape := url.PathEscape
	if strings.Contains(head, "?") {
		escape = url.QueryEscape
	}
	if !depth {
		return func(m Market, _ int) string { return head + escape(m.Symbol) + rest }, nil
	}
	return func(m Market, d int) string { return head + escape(m.Symbol) + mid + strconv.Itoa(d) + tail }, nil
}
