package venue

import "time"

// SetAfter makes r's refresh loops wait with after.
func SetAfter(r *Registry, after func(time.Duration) <-chan time.Time) { r.after = after }
