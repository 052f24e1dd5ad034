package sim

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
	"time"
)

// profilesJSON is every simulated venue's calibration, by venue id: how it
// prices (spread, fixed-rate extra, limits and network fee in USD, an order
// book's depth, liquidity per level and markets), how fast it answers and
// how long its rate ids live. It is data, kept in one table so that the
// venues' models can be read and compared side by side; each venue's
// simulator takes its entry with ProfileOf and adds what its code knows
// (the kind, the assets its adapter maps).
//
//go:embed profiles.json
var profilesJSON []byte

// profileEntry is an entry of profiles.json; durations are Go durations
// ("180ms", "15m"), a missing number means Profile's zero (its default).
type profileEntry struct {
	About         string   `json:"about"` // what the markets model (free text)
	Holds         bool     `json:"holds"`
	Latency       string   `json:"latency"`
	Spread        float64  `json:"spread"`
	FixedExtra    float64  `json:"fixed_extra"`
	MinUSD        float64  `json:"min_usd"`
	MaxUSD        float64  `json:"max_usd"`
	NetworkFeeUSD float64  `json:"network_fee_usd"`
	Depth         int      `json:"depth"`
	LevelUSD      float64  `json:"level_usd"`
	RateTTL       string   `json:"rate_ttl"`
	Markets       []string `json:"markets"`
}

// readProfiles decodes a profiles table, refusing unknown fields, bad
// durations and a venue without a latency or spread.
func readProfiles(b []byte) (map[string]Profile, error) {
	var entries map[string]profileEntry
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&entries); err != nil {
		return nil, fmt.Errorf("sim profiles: %w", err)
	}
	out := make(map[string]Profile, len(entries))
	for id, e := range entries {
		p := Profile{Holds: e.Holds, Spread: e.Spread, FixedExtra: e.FixedExtra, MinUSD: e.MinUSD, MaxUSD: e.MaxUSD,
			NetworkFeeUSD: e.NetworkFeeUSD, Depth: e.Depth, LevelUSD: e.LevelUSD, Markets: e.Markets}
		var err error
		if p.Latency, err = time.ParseDuration(e.Latency); err != nil || p.Latency <= 0 || p.Spread <= 0 {
			return nil, fmt.Errorf("sim profiles: %s: a positive latency and spread are required (latency %q)", id, e.Latency)
		}
		if e.RateTTL != "" {
			if p.RateTTL, err = time.ParseDuration(e.RateTTL); err != nil || p.RateTTL <= 0 {
				return nil, fmt.Errorf("sim profiles: %s: rate_ttl %q is not a positive duration", id, e.RateTTL)
			}
		}
		out[id] = p
	}
	return out, nil
}

var profiles = sync.OnceValues(func() (map[string]Profile, error) { return readProfiles(profilesJSON) })

// ProfileOf returns venue id's profile from the embedded table. The table
// is part of the binary, so a table that does not read or lacks id is a
// bug: it panics, and sim/all's tests, which build every simulator, catch
// it. The profile's Markets are the caller's own copy.
func ProfileOf(id string) Profile {
	all, err := profiles()
	if err != nil {
		panic(err)
	}
	p, ok := all[id]
	if !ok {
		panic("sim profiles: no profile for venue " + id)
	}
	p.Markets = append([]string(nil), p.Markets...)
	return p
}
