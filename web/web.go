// Package web is swapscout's web page: html/template pages, one stylesheet
// and one script, all embedded so the page works offline and over Tor with
// nothing fetched from anywhere else. It renders view models built from the
// domain's values (a swapscout.Quote, a swapscout.Swap and its history),
// never from JSON read back; package httpapi serves the pages beside the API.
package web

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"html/template"
	"io/fs"
	"path"
	"strings"

	"github.com/swapscout/swapscout"
)

//go:embed templates/*.html static/*
var files embed.FS

// CSP is the Content-Security-Policy of every page: the page's own script,
// stylesheet and icon, the API on the same origin, and nothing else.
const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
	"form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// StaticFile is an embedded asset served under a content-hashed name, so it
// can be cached for good.
type StaticFile struct {
	Name        string // "app.3f2a9c1d0b7e.js"
	ContentType string
	Body        []byte
}

var (
	statics = map[string]*StaticFile{} // by hashed name
	paths   = map[string]string{}      // plain name → "/static/hashed name"
	pages   = map[string]*template.Template{}
)

var contentTypes = map[string]string{
	".css": "text/css; charset=utf-8",
	".js":  "text/javascript; charset=utf-8",
	".svg": "image/svg+xml",
}

func init() {
	entries, err := fs.ReadDir(files, "static")
	if err != nil {
		panic(err)
	}
	for _, e := range entries {
		body, err := files.ReadFile("static/" + e.Name())
		if err != nil {
			panic(err)
		}
		sum := sha256.Sum256(body)
		ext := path.Ext(e.Name())
		hashed := strings.TrimSuffix(e.Name(), ext) + "." + hex.EncodeToString(sum[:6]) + ext
		statics[hashed] = &StaticFile{Name: hashed, ContentType: contentTypes[ext], Body: body}
		paths[e.Name()] = "/static/" + hashed
	}
	funcs := template.FuncMap{
		"asset": func(name string) string {
			p, ok := paths[name]
			if !ok {
				panic("web: no static file " + name)
			}
			return p
		},
		"group": GroupDigits,
	}
	layout := template.Must(template.New("layout.html").Funcs(funcs).ParseFS(files, "templates/layout.html"))
	for _, name := range []string{"quote", "venues", "board", "privacy", "swap", "swapnew", "swapconfirm", "swapunavailable", "notfound"} {
		pages[name] = template.Must(template.Must(layout.Clone()).ParseFS(files, "templates/"+name+".html"))
	}
}

// Static returns the asset with the hashed name, or nil.
func Static(name string) *StaticFile { return statics[name] }

// Render executes the page template name ("quote", "venues", "swap",
// "swapnew", "swapconfirm", "swapunavailable", "notfound") with data.
func Render(name string, data any) ([]byte, error) {
	t, ok := pages[name]
	if !ok {
		panic("web: no page " + name)
	}
	var b bytes.Buffer
	if err := t.ExecuteTemplate(&b, "layout.html", data); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// VenuesPage is the data of the venues page.
type VenuesPage struct {
	Venues      []VenueRow
	HasAccuracy bool   // the server measures accuracy
	Window      string // over which, in words ("7 days")
}

// VenueRow is a row of the venues table (GET /v1/venues).
type VenueRow struct {
	ID, Name, Kind, KYC, Evidence, Website   string
	NeedsKey, Configured, FixedRate, Reverse bool
	Networks                                 []string
	Custody                                  string // "custodial", "non_custodial" or empty
	CanSwap                                  bool
	Accuracy                                 *Accuracy // nil until the server measures it
	// LogPolicy is the venue's log-policy rating; Ratings the evidence
	// behind both ratings (nil when not rated).
	LogPolicy string
	Ratings   *Ratings
}

// Ratings is the evidence behind a venue's ratings, for the venues page.
type Ratings struct {
	KYC, Log     []swapscout.Source
	Holds        swapscout.Source
	Tor          string // "allowed", "refused" or "unknown"
	PreCheck     bool
	Disagreement string // where this server's own swaps contradict the KYC rating
}

// NewRatings is r for the venues page, with the contradiction (if any)
// between r and what this server saw of the venue's swaps.
func NewRatings(r swapscout.Ratings, disagreement string) *Ratings {
	if r.KYC == 0 {
		return nil
	}
	return &Ratings{KYC: r.KYCSources, Log: r.LogSources, Holds: r.Holds, Tor: string(r.Tor), PreCheck: r.PreCheck, Disagreement: disagreement}
}

// Accuracy is how well a venue paid what it promised, over its finished
// swaps: figures as the API gives them.
type Accuracy struct {
	Swaps                           int
	MedianShortfall, WorstShortfall string // percent of the promise that did not arrive
	MedianTime                      string // deposit to payout, in words; empty when unknown
}

// NotFound is the data of a 404 page.
type NotFound struct{ Title, Message string }

// PrivacyPage is the data of the privacy page.
type PrivacyPage struct {
	Retention  string   // how long a finished swap is kept whole, in words; empty: forever
	Swaps      bool     // the server makes swaps (it has a database)
	Onion      string   // the onion address, when configured
	TorRefused []string // venues that refuse Tor traffic
	PreCheck   []string // venues that offer an AML pre-check of an address
}
