//go:build !race

package upstream

import (
	"context"
	"testing"
	"time"
)

// TestAllocs checks that a warm call does not allocate. The server is
// rawServer, which does not allocate either, because AllocsPerRun counts
// every allocation in the process.
func TestAllocs(t *testing.T) {
	srv := newRawServer(t)
	cl := newClient(t, Options{})
	ctx, cancel := context.WithCancel(t.Context()) // a real Done channel for the watcher
	defer cancel()

	tests := []struct {
		name, path string
		timeout    time.Duration
		max        float64
	}{
		{"identity", "/json", 0, 0},
		{"gzip", "/gzip", 0, 0},
		{"identity with timeout", "/json", time.Second, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := AcquireCall()
			defer ReleaseCall(c)
			url := srv.url + tt.path
			do := func() {
				c.Reset()
				c.SetURL(url)
				c.SetTimeout(tt.timeout)
				if err := cl.Do(ctx, c); err != nil {
					t.Fatal(err)
				}
				if len(c.Body()) != len(jsonFixture) {
					t.Fatalf("body: %d bytes", len(c.Body()))
				}
			}
			do() // warm: dial, grow buffers
			allocs := testing.AllocsPerRun(500, do)
			t.Logf("%s: %v allocs per warm call", tt.name, allocs)
			if allocs > tt.max {
				t.Errorf("%v allocs per warm call, want <= %v", allocs, tt.max)
			}
		})
	}
}
