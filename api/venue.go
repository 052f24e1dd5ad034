package api

import (
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/swapscout/swapscout"
)

// Venue is one venue of GET /v1/venues: what it is, whether it is
// configured here and can make swaps, and, where the server measures them,
// its accuracy and support contact.
type Venue struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	Kind string `json:"kind"`
	KYC  string `json:"kyc"`
	// LogPolicy is the venue's log-policy rating, "A" to "C" ("?": not
	// rated).
	LogPolicy  string   `json:"log_policy"`
	NeedsKey   bool     `json:"needs_key"`
	Configured bool     `json:"configured"`
	FixedRate  bool     `json:"fixed_rate"`
	Reverse    bool     `json:"reverse"`
	Networks   []string `json:"networks"`
	Evidence   string   `json:"evidence"`
	Website    string   `json:"website,omitempty"`
	Custody    string   `json:"custody"`
	CanSwap    bool     `json:"can_swap"`
	// Accuracy: what the venue's finished swaps delivered.
	Accuracy *Accuracy `json:"accuracy,omitempty"`
	// Support: where a swap venue's users reach its support.
	Support *Support `json:"support,omitempty"`
	// Ratings: the evidence behind kyc and log_policy, and more.
	Ratings *Ratings `json:"ratings,omitempty"`
	// RateHold: for fixed-rate swap venues, how long the venue documents
	// that it holds a fixed rate once a swap is made.
	RateHold *RateHold `json:"rate_hold,omitempty"`
}

// RateHold is how long a fixed-rate swap venue documents that it holds the
// rate once a swap is made, in GET /v1/venues: seconds (and up_to_seconds
// when it states a range) from the event named by from ("creation" or
// "quote"), with the source; documented is false, and seconds absent, when
// the venue does not state it. Text says it in words.
type RateHold struct {
	Documented  bool   `json:"documented"`
	Seconds     int64  `json:"seconds,omitempty"`
	UpToSeconds int64  `json:"up_to_seconds,omitempty"`
	From        string `json:"from,omitempty"`
	Source      string `json:"source"`
	Text        string `json:"text"`
}

// Hold returns the hold in the domain's terms.
func (h *RateHold) Hold() swapscout.RateHold {
	if h == nil {
		return swapscout.RateHold{}
	}
	return swapscout.RateHold{For: time.Duration(h.Seconds) * time.Second, UpTo: time.Duration(h.UpToSeconds) * time.Second, From: h.From, Source: h.Source}
}

func rateHoldOf(name string, h swapscout.RateHold) *RateHold {
	if h.Source == "" {
		return nil
	}
	return &RateHold{Documented: h.Documented(), Seconds: int64(h.For / time.Second), UpToSeconds: int64(h.UpTo / time.Second),
		From: h.From, Source: h.Source, Text: h.Words(name)}
}

// Ratings is the evidence behind a venue's ratings in GET /v1/venues: each
// rating with its sources, the venue's own words on when it holds funds,
// whether it serves Tor traffic, whether it documents an AML pre-check of
// an address, and, when this server's own swaps at the venue contradict
// its KYC rating, that contradiction in words.
type Ratings struct {
	KYC             Rating   `json:"kyc"`
	LogPolicy       Rating   `json:"log_policy"`
	HoldsFunds      Source   `json:"holds_funds"`
	Tor             string   `json:"tor"`
	TorSources      []Source `json:"tor_sources,omitempty"`
	AMLPreCheck     bool     `json:"aml_precheck"`
	PreCheckSources []Source `json:"precheck_sources,omitempty"`
	Disagreement    string   `json:"disagreement,omitempty"`
}

// Rating is one rating with the sources it rests on.
type Rating struct {
	Rating  string   `json:"rating"`
	Sources []Source `json:"sources"`
}

// Source is one piece of evidence: the page, the words quoted from it
// exactly, a note (what was looked for when nothing was found), and the
// date it was checked.
type Source struct {
	URL     string `json:"url,omitempty"`
	Quote   string `json:"quote,omitempty"`
	Note    string `json:"note,omitempty"`
	Checked string `json:"checked"`
}

// NewRatings is r as GET /v1/venues shows it, with what this server saw of
// the venue's swaps (acc; nil when not measured) set against its KYC rating.
func NewRatings(r swapscout.Ratings, acc *Accuracy) *Ratings {
	if r.KYC == 0 {
		return nil
	}
	j := &Ratings{KYC: Rating{r.KYC.String(), sourcesOf(r.KYCSources)}, LogPolicy: Rating{r.Log.String(), sourcesOf(r.LogSources)},
		HoldsFunds: Source(r.Holds), Tor: string(r.Tor), TorSources: sourcesOf(r.TorSources),
		AMLPreCheck: r.PreCheck, PreCheckSources: sourcesOf(r.PreCheckSources)}
	if len(j.TorSources) == 0 {
		j.TorSources = nil
	}
	if len(j.PreCheckSources) == 0 {
		j.PreCheckSources = nil
	}
	if acc != nil {
		j.Disagreement = r.Disagreement(swapscout.VenueAccuracy{Count: acc.Count, Held: acc.Held})
	}
	return j
}

func sourcesOf(ss []swapscout.Source) []Source {
	out := make([]Source, len(ss))
	for i, s := range ss {
		out[i] = Source(s)
	}
	return out
}

// Accuracy is a venue's accuracy in GET /v1/venues: over its swaps
// finished in the last window_seconds, how many had a known amount received
// (count), the median and worst percentage of the promised amount that did
// not arrive (negative: more did), and over those whose deposit was seen
// (timed), the median seconds from deposit to payout.
type Accuracy struct {
	WindowSeconds   int64  `json:"window_seconds"`
	Count           int    `json:"count"`
	MedianShortfall string `json:"median_shortfall_pct,omitempty"`
	WorstShortfall  string `json:"worst_shortfall_pct,omitempty"`
	Timed           int    `json:"timed"`
	MedianSeconds   *int64 `json:"median_seconds,omitempty"`
	// P90Seconds is the venue's usual time (its timed swaps' 90th
	// percentile); Short the finished swaps short of their promise by more
	// than their slippage; Held the swaps it held for verification.
	P90Seconds *int64 `json:"p90_seconds,omitempty"`
	Short      int    `json:"short"`
	Held       int    `json:"held"`
}

// Support is a swap venue's support contact in GET /v1/venues: its
// address or page as it documents them, and the page that says so; none
// (false) when it documents none.
type Support struct {
	Documented bool   `json:"documented"`
	Email      string `json:"email,omitempty"`
	URL        string `json:"url,omitempty"`
	Source     string `json:"source"`
}

// Contact returns the support contact in the domain's terms.
func (s *Support) Contact() swapscout.SupportContact {
	if s == nil {
		return swapscout.SupportContact{}
	}
	return swapscout.SupportContact{Email: s.Email, URL: s.URL, Source: s.Source}
}

// NewVenue is v as GET /v1/venues shows it, with its accuracy (nil when
// not measured).
func NewVenue(v swapscout.VenueInfo, acc *Accuracy) Venue {
	nets := v.Networks
	custody := v.Custody
	if custody == "" {
		custody = swapscout.Custodial
	}
	if nets == nil {
		nets = []string{}
	}
	return Venue{ID: v.ID, Name: v.Name, Kind: string(v.Kind), KYC: v.KYC.String(), LogPolicy: v.Ratings.Log.String(),
		NeedsKey: v.NeedsKey, Configured: v.Configured, FixedRate: v.FixedRate, Reverse: v.Reverse,
		Networks: nets, Evidence: string(v.Evidence), Website: v.Website,
		Custody: string(custody), CanSwap: v.CanSwap, Accuracy: acc, Support: supportOf(v.Support),
		Ratings: NewRatings(v.Ratings, acc), RateHold: rateHoldOf(v.Name, v.Hold)}
}

func supportOf(c swapscout.SupportContact) *Support {
	if c.Source == "" {
		return nil
	}
	return &Support{Documented: c.Documented(), Email: c.Email, URL: c.URL, Source: c.Source}
}

// NewAccuracy is a venue's accuracy over window as GET /v1/venues shows it.
func NewAccuracy(a swapscout.VenueAccuracy, window time.Duration) *Accuracy {
	j := &Accuracy{WindowSeconds: int64(window.Seconds()), Count: a.Count, Timed: a.Timed, Short: a.Short, Held: a.Held}
	if a.Count > 0 {
		j.MedianShortfall, j.WorstShortfall = a.MedianShortfall.String(), a.WorstShortfall.String()
	}
	if a.Timed > 0 {
		s, p90 := int64(a.MedianTime.Seconds()), int64(a.P90Time.Seconds())
		j.MedianSeconds, j.P90Seconds = &s, &p90
	}
	return j
}

type venuesJSON struct {
	Venues []Venue `json:"venues"`
}

// AppendVenues appends GET /v1/venues's answer: {"venues":[…]}. It is not
// on a hot path, so encoding/json writes it.
func AppendVenues(dst []byte, vs []Venue) ([]byte, error) {
	if vs == nil {
		vs = []Venue{}
	}
	b, err := json.Marshal(venuesJSON{Venues: vs})
	if err != nil {
		return dst, err
	}
	return append(append(dst, b...), '\n'), nil
}

// DecodeVenues reads GET /v1/venues's answer.
func DecodeVenues(body []byte) ([]Venue, error) {
	var w venuesJSON
	if err := json.Unmarshal(body, &w); err != nil {
		return nil, fmt.Errorf("decode venues: %w", err)
	}
	return w.Venues, nil
}

// Health is GET /healthz's answer: the overall status ("ok", or
// "degraded" when a dependency says so) and each dependency's state
// ("store": "memory", "database": "sqlite", …).
type Health struct {
	Status string
	Checks map[string]string
}

// AppendHealth appends h as JSON: "status" first, then the checks by name.
func AppendHealth(dst []byte, h Health) []byte {
	keys := make([]string, 0, len(h.Checks))
	for k := range h.Checks {
		if k != "status" {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	dst = appendString(append(dst, `{"status":`...), h.Status)
	for _, k := range keys {
		dst = append(dst, ',')
		dst = appendString(dst, k)
		dst = append(dst, ':')
		dst = appendString(dst, h.Checks[k])
	}
	return append(dst, "}\n"...)
}

// DecodeHealth reads GET /healthz's answer.
func DecodeHealth(body []byte) (*Health, error) {
	var m map[string]string
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, fmt.Errorf("decode health: %w", err)
	}
	h := &Health{Status: m["status"], Checks: m}
	delete(m, "status")
	return h, nil
}
