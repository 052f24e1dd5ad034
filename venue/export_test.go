package venue

import "time"

// SetAfter makes r's refresh loops wait with after.
func SetAfter(r *Registry, after func(time.Duration) <-chan time.Time) { r.after = after }

// ApplyFacts sets d's facts from b, a venue.json.
func ApplyFacts(d *Descriptor, b []byte) error { return d.applyFacts(b, nil) }
