package swapscout

import "context"

// mark is a yes a context carries for the venue calls made with it
// (WithBulk, WithExtra, WithDerivable, WithFresh); absent is no.
type mark uint8

const (
	bulkMark mark = iota + 1
	extraMark
	derivableMark
	freshMark
)

// set returns ctx with m on.
func (m mark) set(ctx context.Context) context.Context { return context.WithValue(ctx, m, true) }

// in reports whether ctx carries m.
func (m mark) in(ctx context.Context) bool {
	on, _ := ctx.Value(m).(bool)
	return on
}
