package httpapi_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/inmem"
)

func header(resp httpapi.Response, key string) string {
	for _, f := range resp.Headers {
		if f.Key == key {
			return f.Value
		}
	}
	return ""
}

func pageHandler(t *testing.T, fn func(context.Context, swapscout.QuoteRequest, aggregate.Selection) (*swapscout.Quote, error), venues []swapscout.VenueInfo) *httpapi.Handler {
	t.Helper()
	return httpapi.NewHandler(httpapi.Deps{
		Quotes: &fakeQuotes{QuoteFn: fn}, Store: inmem.New(inmem.Options{}),
		Venues: func() []swapscout.VenueInfo { return venues },
	})
}

var pageVenues = []swapscout.VenueInfo{
	{ID: "changenow", Name: "ChangeNOW", Kind: swapscout.InstantSwap, KYC: 'C', CanSwap: true},
	{ID: "binance", Name: "Binance", Kind: swapscout.OrderBook, KYC: 'D'},
	{ID: "kraken", Name: "Kraken", Kind: swapscout.OrderBook, KYC: 'D'},
}

// TestPageResults: without JavaScript the results page holds every offer,
// best first, with its amounts as the API gives them (grouped), a Swap link
// naming the quote and the venue, and each missing venue with its reason in
// words.
func TestPageResults(t *testing.T) {
	h := pageHandler(t, twoOffers, pageVenues)
	resp := get(h, "/quote?from=btc&to=eth&amount=0.1")
	body := string(resp.Body)
	if resp.Status != 200 || !strings.HasPrefix(resp.ContentType, "text/html") {
		t.Fatalf("status %d, content type %q:\n%s", resp.Status, resp.ContentType, body)
	}
	rows := regexp.MustCompile(`<tr data-venue="([a-z]+)"`).FindAllStringSubmatch(body, -1)
	if len(rows) != 2 || rows[0][1] != "changenow" || rows[1][1] != "binance" {
		t.Fatalf("offer rows %v, want changenow then binance", rows)
	}
	for _, want := range []string{
		"ChangeNOW", "Binance", "2.0312 ETH", "2.0111 ETH", "20.312", "ETH/BTC", "withdrawal 0.0008\u00a0ETH",
		`<span class="name">Kraken</span> <span class="reason">timed out after 1 s</span>`,
		"1 offer for 0.1 BTC sent", "Prices on exchanges, for comparison",
	} {
		if !strings.Contains(body, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	swap := regexp.MustCompile(`href="/swap/new\?quote=(q[a-z2-7]{26})&amp;venue=changenow&amp;request=amount%3D0.1%26from%3Dbtc%26to%3Deth&amp;shown=2.0312"`).FindStringSubmatch(body)
	if swap == nil {
		t.Fatalf("no Swap link for changenow with the quote id")
	}
	if r := get(h, "/v1/quotes/"+swap[1]); r.Status != 200 {
		t.Errorf("the page's quote %s is not readable by id: %d", swap[1], r.Status)
	}
}

// TestPageEscapesVenueStrings: whatever a venue sends (provider, route,
// failure message) and however a venue is named, it reaches the page as text.
func TestPageEscapesVenueStrings(t *testing.T) {
	const evil = `<script>alert(1)</script>"><img src=x onerror=alert(2)>`
	hostile := func(_ context.Context, req swapscout.QuoteRequest, _ aggregate.Selection) (*swapscout.Quote, error) {
		return &swapscout.Quote{Request: req, CreatedAt: now, Offers: []swapscout.Offer{{
			Venue: "changenow", Provider: evil, Route: evil, AmountIn: req.Amount, AmountOut: swapscout.MustAmount("1"), Rate: swapscout.MustAmount("10"), KYC: 'C',
		}}, Failures: []swapscout.Failure{{Venue: "kraken", Code: swapscout.CodeUnavailable, Message: evil}}}, nil
	}
	venues := append([]swapscout.VenueInfo{}, pageVenues...)
	venues[0].Name = evil
	h := pageHandler(t, hostile, venues)
	for _, target := range []string{"/quote?from=btc&to=eth&amount=0.1", "/venues", "/swap/new?quote=" + "%3Cscript%3E&venue=changenow", "/quote?from=%3Cscript%3Ealert(1)%3C/script%3E&to=eth&amount=1"} {
		resp := get(h, target)
		body := string(resp.Body)
		if strings.Contains(body, "<script>alert") || strings.Contains(body, "<img src=x") || strings.Contains(body, "<script>") {
			t.Errorf("%s: hostile markup reached the page unescaped:\n%s", target, body)
		}
	}
	body := string(get(h, "/quote?from=btc&to=eth&amount=0.1").Body)
	if !strings.Contains(body, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Errorf("the venue's text is not shown escaped")
	}
}

// TestPageBadInput: a bad request is a 4xx page saying what is wrong, in the
// API's own words, with the form kept; never a 500.
func TestPageBadInput(t *testing.T) {
	h := pageHandler(t, twoOffers, pageVenues)
	for q, want := range map[string]string{
		"from=btc&to=eth&amount=-1":            "amount must be positive",
		"from=btc&to=eth&amount=abc":           "amount must be a decimal number",
		"from=doge2&to=eth&amount=1":           "unknown asset",
		"from=btc&to=btc&amount=1":             "same asset",
		"from=btc&to=eth&amount=1&kyc=Z":       "kyc rating must be one of A, B, C, D",
		"from=btc&to=eth&amount=1&logpolicy=D": "logpolicy rating must be one of A, B, C",
		"from=btc&to=eth&amount=1&evil=1":      "unknown parameter",
		"from=btc&to=eth":                      "amount is required",
	} {
		resp := get(h, "/quote?"+q)
		if resp.Status != 400 || !strings.HasPrefix(resp.ContentType, "text/html") {
			t.Errorf("%s: status %d %q, want a 400 page", q, resp.Status, resp.ContentType)
		}
		if !strings.Contains(string(resp.Body), want) || !strings.Contains(string(resp.Body), `role="alert"`) {
			t.Errorf("%s: page does not say %q", q, want)
		}
		if !strings.Contains(string(resp.Body), `id="quote-form"`) {
			t.Errorf("%s: the error page has no form to correct the request", q)
		}
	}
	failing := pageHandler(t, func(context.Context, swapscout.QuoteRequest, aggregate.Selection) (*swapscout.Quote, error) {
		return nil, errors.New("secret internal detail")
	}, pageVenues)
	resp := get(failing, "/quote?from=btc&to=eth&amount=1")
	if resp.Status != 500 || strings.Contains(string(resp.Body), "secret internal detail") || !strings.HasPrefix(resp.ContentType, "text/html") {
		t.Errorf("engine failure: %d %q leaks or is not a page", resp.Status, resp.ContentType)
	}
}

// TestPagesCSP: every page carries the strict policy and comes as HTML; its
// script, stylesheet and icon are served from the page's origin with their
// content types and cached for good under hashed names.
func TestPagesCSP(t *testing.T) {
	h := pageHandler(t, twoOffers, pageVenues)
	for _, target := range []string{"/", "/quote", "/quote?from=btc&to=eth&amount=0.1", "/quote?amount=-1", "/venues", "/swap/new?quote=qx&venue=changenow"} {
		resp := get(h, target)
		csp := header(resp, "Content-Security-Policy")
		if !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe") {
			t.Errorf("%s: CSP %q", target, csp)
		}
		if !strings.HasPrefix(resp.ContentType, "text/html") {
			t.Errorf("%s: content type %q", target, resp.ContentType)
		}
		if strings.Contains(string(resp.Body), "<script>") || strings.Contains(string(resp.Body), " style=") || strings.Contains(string(resp.Body), "http://") || strings.Contains(string(resp.Body), "https://") {
			t.Errorf("%s: inline script, inline style or a third-party address", target)
		}
	}
	home := string(get(h, "/").Body)
	types := map[string]string{".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml"}
	links := regexp.MustCompile(`(?:src|href)="(/static/[^"]+)"`).FindAllStringSubmatch(home, -1)
	if len(links) < 3 {
		t.Fatalf("home links %v, want script, stylesheet and icon", links)
	}
	for _, l := range links {
		resp := get(h, l[1])
		ext := l[1][strings.LastIndexByte(l[1], '.'):]
		if resp.Status != 200 || !strings.HasPrefix(resp.ContentType, types[ext]) || !strings.Contains(header(resp, "Cache-Control"), "immutable") {
			t.Errorf("%s: %d %q cache %q", l[1], resp.Status, resp.ContentType, header(resp, "Cache-Control"))
		}
	}
	if resp := get(h, "/static/app.js"); resp.Status != 404 {
		t.Errorf("unhashed name served: %d", resp.Status)
	}
}

// TestPageRoutesApart: the pages are routed but are not API routes.
func TestPageRoutesApart(t *testing.T) {
	h := pageHandler(t, twoOffers, pageVenues)
	for _, r := range h.Routes() {
		if !strings.Contains(r, " /v1/") && !strings.Contains(r, " /trocador/") && r != "GET /healthz" && r != "GET /metrics" {
			t.Errorf("API routes list %q", r)
		}
	}
	if got := strings.Join(h.PageRoutes(), ","); got != "GET /,GET /quote,GET /venues,GET /board,GET /privacy,GET /swap/new,POST /swap/new,GET /swap/{id},POST /swap/{id}/deposit,GET /static/{name}" {
		t.Errorf("page routes %s", got)
	}
}

// TestPageDeadline: the results page waits for the fan-out with the page's
// deadline (the API's default or the query's), not longer.
func TestPageDeadline(t *testing.T) {
	var within atomic.Int64 // the time the fan-out was left when it was called
	slow := func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection) (*swapscout.Quote, error) {
		if d, ok := ctx.Deadline(); ok {
			within.Store(int64(time.Until(d)))
		}
		<-ctx.Done()
		return &swapscout.Quote{Request: req, CreatedAt: now, Failures: []swapscout.Failure{{Venue: "kraken", Code: swapscout.CodeTimeout, Took: 200 * time.Millisecond}}}, nil
	}
	h := pageHandler(t, slow, pageVenues)
	resp := get(h, "/quote?from=btc&to=eth&amount=1&deadline=200ms")
	if w := time.Duration(within.Load()); resp.Status != 200 || w <= 0 || w > 200*time.Millisecond {
		t.Fatalf("status %d, the fan-out was given %v; want 200 and at most the query's 200ms", resp.Status, w)
	}
	if !strings.Contains(string(resp.Body), "timed out after 200 ms") || !strings.Contains(string(resp.Body), "0 offers") {
		t.Errorf("page does not say the venue timed out:\n%s", resp.Body)
	}
}

// TestPageVenues: the venues page is the table of /v1/venues.
func TestPageVenues(t *testing.T) {
	h := pageHandler(t, twoOffers, pageVenues)
	resp := get(h, "/venues")
	body := string(resp.Body)
	if resp.Status != 200 {
		t.Fatalf("status %d", resp.Status)
	}
	for _, want := range []string{"<span class=\"name\">ChangeNOW</span> <code>changenow</code>", "<span class=\"name\">Kraken</span>", "order book", "instant swap", `class="kyc kyc-C">C<`} {
		if !strings.Contains(body, want) {
			t.Errorf("venues page lacks %q", want)
		}
	}
}

// TestPageResultsMarks: before the user picks an offer, the results page
// (without JavaScript) marks a non-custodial venue, and warns of a deposit
// that must carry the memo inside its transaction, the Swap button pointing
// at that warning; a custodial plain-transfer offer has neither mark.
func TestPageResultsMarks(t *testing.T) {
	offers := func(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection) (*swapscout.Quote, error) {
		q, _ := twoOffers(ctx, req, sel)
		q.Offers = append([]swapscout.Offer{{Venue: "thorchain", AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2.05"),
			Rate: swapscout.MustAmount("20.5"), KYC: 'A', Custody: swapscout.NonCustodial, Deposit: swapscout.DepositMemo, CanSwap: true}}, q.Offers...)
		return q, nil
	}
	venues := append([]swapscout.VenueInfo{{ID: "thorchain", Name: "THORChain", Kind: swapscout.InstantSwap, KYC: 'A', CanSwap: true,
		Custody: swapscout.NonCustodial}}, pageVenues...)
	resp := get(pageHandler(t, offers, venues), "/quote?from=btc&to=eth&amount=0.1")
	checkPageHeaders(t, "results page", resp)
	body := string(resp.Body)
	row := func(venue string) string {
		i := strings.Index(body, `<tr data-venue="`+venue+`"`)
		if i < 0 {
			t.Fatalf("no row for %s:\n%s", venue, body)
		}
		return body[i : i+strings.Index(body[i:], "</tr>")]
	}
	thor := row("thorchain")
	for _, want := range []string{
		`<span class="badges"><span class="badge custody" title="The venue never holds your coins: the swap runs on its network">non-custodial</span> <span class="badge memo-deposit" id="memo-thorchain" title="The deposit must carry the swap's memo inside the transaction (from Bitcoin an OP_RETURN output)"><span aria-hidden="true">⚠ </span>memo in the transaction — many wallets cannot add one</span>`,
		`aria-describedby="memo-thorchain">Swap<span class="visually-hidden"> at THORChain</span></a>`,
	} {
		if !strings.Contains(thor, want) {
			t.Errorf("THORChain's row lacks %q:\n%s", want, thor)
		}
	}
	if cn := row("changenow"); !strings.Contains(cn, `<span class="badges"></span>`) || strings.Contains(cn, "badge ") || strings.Contains(cn, "aria-describedby") {
		t.Errorf("ChangeNOW's row has a mark:\n%s", cn)
	}
	// The script's template carries the same marks, for it to keep or drop.
	tpl := body[strings.Index(body, `<template id="offer-template">`):]
	for _, want := range []string{`<span class="badge custody"`, `<span class="badge memo-deposit"`, "memo in the transaction — many wallets cannot add one"} {
		if !strings.Contains(tpl, want) {
			t.Errorf("the offer template lacks %q", want)
		}
	}
}
