package sim

import (
	"strings"
	"testing"
	"time"
)

// TestProfilesTable: the embedded table reads, and every entry is a
// usable model (readProfiles refuses the rest).
func TestProfilesTable(t *testing.T) {
	all, err := readProfiles(profilesJSON)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) < 30 {
		t.Fatalf("profiles.json has %d venues, want every simulated venue", len(all))
	}
	p := ProfileOf("sideshift")
	if p.Latency != 450*time.Millisecond || p.RateTTL != 15*time.Minute || !p.Holds || p.MaxUSD != 100000 {
		t.Errorf("ProfileOf(sideshift) = %+v", p)
	}
	// Each caller owns its markets.
	a := ProfileOf("kraken")
	a.Markets[0] = "X/Y"
	if b := ProfileOf("kraken"); b.Markets[0] == "X/Y" {
		t.Error("ProfileOf shares its Markets slice between callers")
	}
}

func TestReadProfilesRefuses(t *testing.T) {
	for name, table := range map[string]string{
		"unknown field":     `{"v":{"latency":"1s","spread":0.1,"sprad":1}}`,
		"no latency":        `{"v":{"spread":0.1}}`,
		"bad latency":       `{"v":{"latency":"fast","spread":0.1}}`,
		"no spread":         `{"v":{"latency":"1s"}}`,
		"negative rate ttl": `{"v":{"latency":"1s","spread":0.1,"rate_ttl":"-1m"}}`,
	} {
		if _, err := readProfiles([]byte(table)); err == nil || !strings.Contains(err.Error(), "sim profiles") {
			t.Errorf("%s: readProfiles(%s) = %v, want an error", name, table, err)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("ProfileOf(an unknown venue) did not panic")
		}
	}()
	ProfileOf("no-such-venue")
}
