package venue

import (
	"context"
	"net/url"
)

// PairQuery is an instant-swap quote asked by two GETs on one pair, as
// ChangeNOW, EasyBit and SimpleSwap ask theirs: the price at PricePath with
// the pair's parameters and the price's own (the amount, its direction, the
// rate type), and the pair's limits at LimitsPath with the pair's parameters
// alone, both with Header.
type PairQuery struct {
	Pair, Price           url.Values
	PricePath, LimitsPath string
	Header                []Field
}

// Get makes q's two calls at once (PriceAndLimits): the price into pv, whose
// error is the quote's, the limits into lv, whose error comes apart.
func (q PairQuery) Get(ctx context.Context, cfg *Config, decode Decoder, pv, lv any) (err, limitsErr error) {
	price := make(url.Values, len(q.Pair)+len(q.Price))
	for k, v := range q.Price {
		price[k] = v
	}
	for k, v := range q.Pair {
		price[k] = v
	}
	return PriceAndLimits(ctx, cfg, decode,
		Request{URL: cfg.BaseURL + q.PricePath + "?" + price.Encode(), Header: q.Header}, pv,
		Request{URL: cfg.BaseURL + q.LimitsPath + "?" + q.Pair.Encode(), Header: q.Header}, lv)
}
