package venue

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"time"

	"github.com/swapscout/swapscout"
	"golang.org/x/time/rate"
)

// factsFS holds every venue's venue.json, beside its ratings.json: the facts
// about a venue that rest on evidence rather than on code (its names and
// addresses, the call budget, its support contact and how long it holds a
// fixed rate, each with the source that says so). The adapter's Go code keeps
// what is behaviour: its kind, its capabilities and its constructor.
//
//go:embed */venue.json
var factsFS embed.FS

// factsFile is venue.json's shape; a field it does not name is refused, so a
// misspelt key cannot silently leave a fact out.
type factsFile struct {
	Name       string        `json:"name"`
	BaseURL    string        `json:"base_url"`
	IndexerURL string        `json:"indexer_url,omitempty"`
	Website    string        `json:"website"`
	Timeout    jsonSpan      `json:"timeout"`
	Evidence   string        `json:"evidence"`
	Custody    string        `json:"custody,omitempty"`
	Support    *supportFacts `json:"support,omitempty"`
	Hold       *holdFacts    `json:"rate_hold,omitempty"`
	Limit      *limitFacts   `json:"rate_limit,omitempty"`
	// OrderBook holds an order book's facts for the kit that prices it
	// (venue/cex reads them: its bridges, fees, depths, paths and the HTTP
	// statuses it knows), read by FactsWith, as strictly as the rest.
	OrderBook json.RawMessage `json:"order_book,omitempty"`
}

type supportFacts struct {
	Email  string `json:"email,omitempty"`
	URL    string `json:"url,omitempty"`
	Source string `json:"source"`
}

type holdFacts struct {
	For    jsonSpan `json:"for,omitempty"`
	UpTo   jsonSpan `json:"up_to,omitempty"`
	From   string   `json:"from,omitempty"`
	Source string   `json:"source"`
}

type limitFacts struct {
	Rate        float64  `json:"rate"`
	Burst       int      `json:"burst"`
	Backoff     jsonSpan `json:"backoff,omitempty"`
	PerKey      bool     `json:"per_key,omitempty"`
	Stated      float64  `json:"stated,omitempty"`
	StatedBurst int      `json:"stated_burst,omitempty"`
	Source      string   `json:"source"`
	Documented  bool     `json:"documented,omitempty"`
}

// jsonSpan is a duration written as Go writes one ("4s", "20m", "1h30m").
type jsonSpan time.Duration

func (s *jsonSpan) UnmarshalJSON(b []byte) error {
	var v string
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		return err
	}
	*s = jsonSpan(d)
	return nil
}

// Facts completes d, which names its ID and carries its behaviour (kind,
// capabilities, networks, constructor), with the facts kept in
// venue/<id>/venue.json, and its KYC rating from venue/<id>/ratings.json
// (one place for each fact). A file that is missing or does not read is
// kept on d and returned by Validate, so the registry refuses the venue at
// startup rather than a package panicking at init.
func Facts(d Descriptor) Descriptor { return FactsWith(d, nil) }

// FactsWith is Facts for a venue priced by a kit, whose kit reads the
// venue.json's "order_book" section (with DecodeFacts, as strictly as the
// rest). A section without a kit to read it, a kit without its section, or
// an error of kit is kept on d like the others.
func FactsWith(d Descriptor, kit func(section json.RawMessage) error) Descriptor {
	if err := d.readFacts(kit); err != nil {
		d.factsErr = fmt.Errorf("venue %s: %w", d.ID, err)
	}
	return d
}

func (d *Descriptor) readFacts(kit func(json.RawMessage) error) error {
	b, err := factsFS.ReadFile(d.ID + "/venue.json")
	if err != nil {
		return fmt.Errorf("no venue.json beside its descriptor")
	}
	if err := d.applyFacts(b, kit); err != nil {
		return err
	}
	r, err := Ratings(d.ID)
	if err != nil {
		return err
	}
	d.KYC = r.KYC
	return nil
}

// applyFacts sets d's facts from b, a venue.json, and kit's from its
// "order_book" section.
func (d *Descriptor) applyFacts(b []byte, kit func(json.RawMessage) error) error {
	var f factsFile
	if err := DecodeFacts(b, &f); err != nil {
		return fmt.Errorf("venue.json: %w", err)
	}
	switch {
	case kit == nil && f.OrderBook != nil:
		return fmt.Errorf("venue.json: an order_book section, but no kit reads it")
	case kit != nil && f.OrderBook == nil:
		return fmt.Errorf("venue.json: no order_book section")
	case kit != nil:
		if err := kit(f.OrderBook); err != nil {
			return fmt.Errorf("venue.json: order_book: %w", err)
		}
	}
	switch swapscout.Evidence(f.Evidence) {
	case swapscout.Recorded, swapscout.Documented, swapscout.FromCode:
	default:
		return fmt.Errorf("venue.json: unknown evidence %q", f.Evidence)
	}
	d.Name, d.BaseURL, d.IndexerURL, d.Website = f.Name, f.BaseURL, f.IndexerURL, f.Website
	d.Timeout, d.Evidence, d.Custody = time.Duration(f.Timeout), swapscout.Evidence(f.Evidence), swapscout.Custody(f.Custody)
	if s := f.Support; s != nil {
		d.Support = swapscout.SupportContact{Email: s.Email, URL: s.URL, Source: s.Source}
	}
	if h := f.Hold; h != nil {
		d.Hold = swapscout.RateHold{For: time.Duration(h.For), UpTo: time.Duration(h.UpTo), From: h.From, Source: h.Source}
	}
	if l := f.Limit; l != nil {
		d.Limit = Limit{Rate: rate.Limit(l.Rate), Burst: l.Burst, Backoff: time.Duration(l.Backoff), PerKey: l.PerKey,
			Stated: rate.Limit(l.Stated), StatedBurst: l.StatedBurst, Source: l.Source, Documented: l.Documented}
	}
	return nil
}

// DecodeFacts decodes b, facts in JSON, into v, refusing a key v does not
// name: a misspelt key cannot silently leave a fact out.
func DecodeFacts(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	return dec.Decode(v)
}

// Constructor adapts an adapter's New, which returns its own client type and
// cannot fail, to Descriptor.New.
func Constructor[Q swapscout.Quoter](newQ func(Config) Q) func(Config) (swapscout.Quoter, error) {
	return func(c Config) (swapscout.Quoter, error) { return newQ(c), nil }
}
