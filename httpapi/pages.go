package httpapi

import (
	"bytes"
	"encoding/json"
	"net/url"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/web"
)

// The web page is served beside the API by the same handler. Its actions
// call the same services and parsing as the API (the results page answers
// through the same quote path as GET /v1/quotes, so it validates, caches,
// limits and stores alike) and render their domain values through package
// web. Page routes are not API: Routes leaves them out and openapi.json does
// not describe them.

const contentHTML = "text/html; charset=utf-8"

var (
	pageHeaders = []Field{
		MakeField("Content-Security-Policy", web.CSP),
		MakeField("X-Content-Type-Options", "nosniff"),
		// same-origin, not no-referrer: with no-referrer our own form
		// POSTs say "Origin: null", which csrf.go must refuse; other
		// sites still learn nothing of where the visitor was.
		MakeField("Referrer-Policy", "same-origin"),
		MakeField("X-Frame-Options", "DENY"),
		MakeField("Cache-Control", "no-store"),
	}
	staticHeaders = []Field{
		MakeField("Cache-Control", "public, max-age=31536000, immutable"),
		MakeField("X-Content-Type-Options", "nosniff"),
	}
)

// handlePage registers a page route: served like any route, listed apart.
func (h *Handler) handlePage(method, pattern string, a Action) {
	if h.onion != "" {
		a = onionLocation(h.onion, a)
	}
	h.handle(method, pattern, a)
	h.routes[len(h.routes)-1].page = true
}

// PageRoutes returns "METHOD pattern" for every web page route.
func (h *Handler) PageRoutes() []string {
	var out []string
	for _, rt := range h.routes {
		if rt.page {
			out = append(out, rt.method+" "+rt.pattern)
		}
	}
	return out
}

func registerPages(h *Handler, d *deps) {
	h.handlePage("GET", "/", pageQuote(d, false))
	h.handlePage("GET", "/quote", pageQuote(d, true))
	h.handlePage("GET", "/venues", pageVenues(d))
	h.handlePage("GET", "/board", pageBoard(d))
	h.handlePage("GET", "/privacy", pagePrivacy(d))
	registerSwapPages(h, d) // pages_swap.go
	h.handlePage("GET", "/static/{name}", staticFile)
}

func htmlPage(status int, body []byte) Response {
	return Response{Status: status, ContentType: contentHTML, Body: body, Headers: pageHeaders}
}

// render renders a page; a template failure is an internal error, logged,
// and answered with a plain page.
func (d *deps) render(r *Request, status int, name string, data any) (Response, error) {
	b, err := web.Render(name, data)
	if err != nil {
		d.Logger.Error("page render failed", "path", string(r.Path), "err", err)
		return htmlPage(500, []byte("<!doctype html><title>swapscout</title><p>Something went wrong on our side.</p>\n")), nil
	}
	return htmlPage(status, b), nil
}

var choices = web.NewChoices()

// pageQuote serves the quote form and, when results is set, the results of
// the query: the quote the API would answer, rendered. Bad input is a 4xx
// page saying what is wrong.
func pageQuote(d *deps, results bool) Action {
	return func(r *Request) (Response, error) {
		page := web.QuotePage{Choices: choices, Form: web.Form{From: "btc", To: "xmr"}, Decimals: web.ShownDecimalsJSON}
		infos := d.Venues()
		names := make(map[string]string, len(infos))
		books := []string{} // order-book venues: their prices are shown apart
		for _, v := range infos {
			names[v.ID] = v.Name
			page.Venues = append(page.Venues, web.VenueEntry{ID: v.ID, Name: v.Name})
			if v.Kind == swapscout.OrderBook {
				books = append(books, v.ID)
			}
		}
		nb, _ := json.Marshal(names)
		page.Names = string(nb)
		bb, _ := json.Marshal(books)
		page.OrderBooks = string(bb)
		if !results || len(r.RawQuery) == 0 {
			return d.render(r, 200, "quote", page)
		}
		for _, k := range web.FormFields {
			page.Form.Set(k, string(r.Query(k)))
		}
		query := url.Values{} // for the refresh link: every API parameter given
		for _, k := range quoteParams {
			if v := r.Query(k); len(v) > 0 {
				query.Set(k, string(v))
			}
		}
		if page.Form.Sort != "" {
			query.Set(web.SortParam, page.Form.Sort)
		}
		if v := r.Query(web.SortParam); len(v) > 0 && string(v) != "rank" && string(v) != "speed" {
			page.Error = "sort must be rank or speed"
			return d.render(r, 400, "quote", page)
		}
		// sort is the page's, not the API's: the quote is asked without it.
		r.RawQuery = withoutParam(r.RawQuery, web.SortParam)
		a, _, err := d.quote(r)
		var q *swapscout.Quote
		if err == nil {
			q, err = a.Quote()
		}
		if err != nil {
			code := swapscout.ErrorCode(err)
			msg := swapscout.ErrorMessage(err)
			if code == swapscout.EINTERNAL {
				d.Logger.Error("internal error", "path", string(r.Path), "err", err)
			}
			page.Error = msg
			return d.render(r, StatusOf(code), "quote", page)
		}
		now := r.Now
		if now.IsZero() {
			now = d.Now()
		}
		res := web.NewResults(q, a.Frame.Age(now), names, query.Encode())
		res.Arrange(books, page.Form.Sort)
		page.Results = res
		return d.render(r, 200, "quote", page)
	}
}

func pageVenues(d *deps) Action {
	return func(r *Request) (Response, error) {
		var page web.VenuesPage
		acc := d.venueAccuracy(r)
		page.HasAccuracy = d.Accuracy != nil
		page.Window = web.Duration(d.AccuracyWindow)
		for _, v := range d.Venues() {
			page.Venues = append(page.Venues, web.VenueRow{ID: v.ID, Name: v.Name, Kind: v.Kind.Label(), KYC: v.KYC.String(),
				Evidence: string(v.Evidence), Website: v.Website, NeedsKey: v.NeedsKey, Configured: v.Configured,
				FixedRate: v.FixedRate, Reverse: v.Reverse, Networks: v.Networks, Custody: string(v.Custody), CanSwap: v.CanSwap, Accuracy: pageAccuracy(acc[v.ID]),
				LogPolicy: v.Ratings.Log.String(), Ratings: web.NewRatings(v.Ratings, disagreement(v.Ratings, acc[v.ID]))})
		}
		return d.render(r, 200, "venues", page)
	}
}

var staticNotFound = []byte("not found\n")

func staticFile(r *Request) (Response, error) {
	f := web.Static(string(r.Param("name")))
	if f == nil {
		return Response{Status: 404, ContentType: "text/plain; charset=utf-8", Body: staticNotFound, Headers: staticHeaders[1:]}, nil
	}
	return Response{Status: 200, ContentType: f.ContentType, Body: f.Body, Headers: staticHeaders}, nil
}

// disagreement is where the venue's swaps here contradict its KYC rating.
func disagreement(r swapscout.Ratings, a *api.Accuracy) string {
	if a == nil {
		return ""
	}
	return r.Disagreement(swapscout.VenueAccuracy{Count: a.Count, Held: a.Held})
}

func pageAccuracy(a *api.Accuracy) *web.Accuracy {
	if a == nil {
		return nil
	}
	p := &web.Accuracy{Swaps: a.Count, MedianShortfall: a.MedianShortfall, WorstShortfall: a.WorstShortfall}
	if a.MedianSeconds != nil {
		p.MedianTime = web.Duration(time.Duration(*a.MedianSeconds) * time.Second)
	}
	return p
}

// withoutParam returns the raw query q without the parameter name (as
// typed, unescaped names aside: the page's own sort parameter).
func withoutParam(q []byte, name string) []byte {
	out := make([]byte, 0, len(q))
	for _, pair := range bytes.Split(q, []byte("&")) {
		k, _, _ := bytes.Cut(pair, []byte("="))
		if len(pair) == 0 || string(k) == name {
			continue
		}
		if len(out) > 0 {
			out = append(out, '&')
		}
		out = append(out, pair...)
	}
	return out
}
