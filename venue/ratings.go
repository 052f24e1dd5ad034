package venue

import (
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"sync"

	"github.com/swapscout/swapscout"
)

// ratingsFS holds every venue's ratings.json, kept beside its descriptor:
// the KYC (A–D) and log-policy (A–C) ratings with the dated evidence behind
// each, the venue's own words on holding funds, and its stance on Tor.
//
//go:embed */ratings.json
var ratingsFS embed.FS

// ratingsFile is ratings.json's shape.
type ratingsFile struct {
	KYC         string   `json:"kyc"`
	KYCEvidence []source `json:"kyc_evidence"`
	LogPolicy   string   `json:"log_policy"`
	LogEvidence []source `json:"log_evidence"`
	HoldsFunds  source   `json:"holds_funds"`
	Tor         string   `json:"tor"`
	TorEvidence []source `json:"tor_evidence"`
	PreCheck    bool     `json:"aml_precheck"`
	// PreCheckEvidence documents the pre-check endpoint, when PreCheck.
	PreCheckEvidence []source `json:"precheck_evidence"`
}

type source struct {
	URL     string `json:"url"`
	Quote   string `json:"quote"`
	Note    string `json:"note"`
	Checked string `json:"checked"`
}

var ratings struct {
	once sync.Once
	byID map[string]swapscout.Ratings
	err  error
}

// Ratings returns the ratings kept in venue/<id>/ratings.json, checked
// (swapscout.Ratings.Validate); an error when the venue has none or they
// are incomplete.
func Ratings(id string) (swapscout.Ratings, error) {
	ratings.once.Do(func() { ratings.byID, ratings.err = loadRatings(ratingsFS) })
	if ratings.err != nil {
		return swapscout.Ratings{}, ratings.err
	}
	r, ok := ratings.byID[id]
	if !ok {
		return swapscout.Ratings{}, fmt.Errorf("venue %s: no ratings.json beside its descriptor", id)
	}
	return r, nil
}

func loadRatings(fsys fs.FS) (map[string]swapscout.Ratings, error) {
	paths, err := fs.Glob(fsys, "*/ratings.json")
	if err != nil {
		return nil, err
	}
	out := make(map[string]swapscout.Ratings, len(paths))
	for _, p := range paths {
		b, err := fs.ReadFile(fsys, p)
		if err != nil {
			return nil, err
		}
		id := p[:len(p)-len("/ratings.json")]
		r, err := parseRatings(b)
		if err != nil {
			return nil, fmt.Errorf("venue %s: ratings.json: %w", id, err)
		}
		out[id] = r
	}
	return out, nil
}

func parseRatings(b []byte) (swapscout.Ratings, error) {
	var f ratingsFile
	if err := json.Unmarshal(b, &f); err != nil {
		return swapscout.Ratings{}, err
	}
	kyc, err := swapscout.ParseKYCRating(f.KYC)
	if err != nil {
		return swapscout.Ratings{}, err
	}
	lr, err := swapscout.ParseLogRating(f.LogPolicy)
	if err != nil {
		return swapscout.Ratings{}, err
	}
	r := swapscout.Ratings{KYC: kyc, KYCSources: sources(f.KYCEvidence), Log: lr, LogSources: sources(f.LogEvidence),
		Holds: swapscout.Source(f.HoldsFunds), Tor: swapscout.TorAccess(f.Tor), TorSources: sources(f.TorEvidence),
		PreCheck: f.PreCheck, PreCheckSources: sources(f.PreCheckEvidence)}
	if r.PreCheck && len(r.PreCheckSources) == 0 {
		return r, fmt.Errorf("aml_precheck needs its evidence")
	}
	return r, r.Validate()
}

func sources(ss []source) []swapscout.Source {
	out := make([]swapscout.Source, len(ss))
	for i, s := range ss {
		out[i] = swapscout.Source(s)
	}
	return out
}
