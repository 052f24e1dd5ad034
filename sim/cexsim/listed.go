package cexsim

// Listed is a market list's items: one per simulated market, made by item,
// then extra, the markets a venue keeps listing closed (delisted, halted,
// not yet trading) that an adapter must leave out.
func Listed[T any](ms []Market, item func(m Market) T, extra ...T) []T {
	out := make([]T, 0, len(ms)+len(extra))
	for _, m := range ms {
		out = append(out, item(m))
	}
	return append(out, extra...)
}
