package quotes

import (
	"context"
	"slices"
	"strings"
	"sync"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

// Splits: one amount spread over two or three venues, each swapping its
// part, when the user asks (split=2|3) or when no venue takes the whole
// amount (its max is below it). The search estimates each venue's output
// from what it answered (its rate at the full amount, or at its max when
// it refused the full amount), picks the SplitRequotes splits that
// maximise the estimated total, then re-quotes their parts at their own
// amounts and offers the best by what the venues answered for the parts,
// never by the estimate. Unasked (split=auto),
// a split is never offered below the best direct offer for the whole
// amount; asked for (split=2|3), it is, ranked by what it gives.
//
// Venue calls of a split, beyond the direct fan-out: one probe per venue
// that refused the amount as too large (at its max, at most
// MaxSplitVenues), then one call per distinct part of the splits
// re-quoted (at most 3·SplitRequotes, fewer where parts repeat a probe).

// SplitMode says whether a quote searches splits.
type SplitMode uint8

const (
	// SplitOff: no splits (the zero value: internal requests).
	SplitOff SplitMode = iota
	// SplitAuto: a split is searched when no venue that can create swaps
	// offers the whole amount and some refused it as above their max. The
	// API's default.
	SplitAuto
	// Split2 and Split3: the user asks for a split into at most 2 or 3
	// parts (split=2, split=3), each at least MinSplitShare of the amount.
	Split2
	Split3
)

// parts is how many parts the mode allows at most.
func (m SplitMode) parts() int {
	if m == Split2 {
		return 2
	}
	return 3
}

// MaxSplitVenues is how many venues, the best rates first, a split search
// considers (and probes at most).
const MaxSplitVenues = 6

// SplitRequotes is how many splits (each over its own set of venues), the
// best estimated first, a search re-quotes part by part to offer the best as answered: the estimate is
// each venue's rate at one amount, and a fixed fee or thinning depth makes
// its rate at another differ.
const SplitRequotes = 3

// MinSplitShare is the smallest part of an amount the user asked to split,
// as a fraction: a sliver is not worth a second deposit and its network fee.
var MinSplitShare = swapscout.MustAmount("0.1")

// SplitVenue is a venue a split may use: Out estimates what it pays out for
// an amount sent within its limits (Min, Max on the amount sent; zero: none).
type SplitVenue struct {
	Venue    string
	Min, Max swapscout.Amount
	Out      func(swapscout.Amount) swapscout.Amount
}

// SplitPart is one part of a split: Amount sent to the venue with index
// Venue in the candidates.
type SplitPart struct {
	Venue  int
	Amount swapscout.Amount
}

// SearchSplit returns the split of amount over 2..n of the venues that
// maximises the total of their Out, each part within its venue's limits
// and at least minPart, with parts rounded to decimals; ok is false when
// no split is possible. It tries, for every choice and order of venues,
// filling each up to its max in turn (the last takes the rest) and parts
// as equal as the decimals allow; so its total is never below the best
// venue's at its max plus the best other venue's for the rest.
func SearchSplit(amount swapscout.Amount, n int, minPart swapscout.Amount, decimals int, venues []SplitVenue) (best []SplitPart, total swapscout.Amount, ok bool) {
	top := searchSplits(amount, n, minPart, decimals, venues, 1)
	if len(top) == 0 {
		return nil, swapscout.Amount{}, false
	}
	return top[0].parts, top[0].total, true
}

// splitCandidate is one split SearchSplit tried, with its estimated total.
type splitCandidate struct {
	parts []SplitPart
	total swapscout.Amount
}

// searchSplits returns, for the k sets of venues whose best split of
// amount has the largest estimated totals, that split, the largest first
// (see SearchSplit): k different choices of venues, not k near copies of
// one.
func searchSplits(amount swapscout.Amount, n int, minPart swapscout.Amount, decimals int, venues []SplitVenue, k int) []splitCandidate {
	floor := func(v *SplitVenue) swapscout.Amount { return swapscout.MaxAmount(minPart, v.Min) }
	var top []splitCandidate
	try := func(parts []SplitPart) {
		var sum swapscout.Amount
		for _, p := range parts {
			v := &venues[p.Venue]
			if p.Amount.Sign() <= 0 || p.Amount.Cmp(floor(v)) < 0 || v.Max.Sign() > 0 && p.Amount.Cmp(v.Max) > 0 {
				return
			}
			sum = sum.Add(v.Out(p.Amount))
		}
		if len(top) == k && sum.Cmp(top[k-1].total) <= 0 {
			return
		}
		if i := slices.IndexFunc(top, func(c splitCandidate) bool { return sameVenues(c.parts, parts) }); i >= 0 {
			if sum.Cmp(top[i].total) <= 0 {
				return
			}
			top = slices.Delete(top, i, i+1)
		}
		i, _ := slices.BinarySearchFunc(top, sum, func(c splitCandidate, s swapscout.Amount) int { return s.Cmp(c.total) })
		top = slices.Insert(top, i, splitCandidate{slices.Clone(parts), sum})
		top = top[:min(len(top), k)]
	}
	parts := make([]SplitPart, 0, n)
	var perm func(used []bool)
	perm = func(used []bool) {
		if k := len(parts); k >= 2 {
			fill(amount, parts, venues, floor)
			try(parts)
			even(amount, parts, decimals)
			try(parts)
		}
		if len(parts) == n {
			return
		}
		for i := range venues {
			if used[i] {
				continue
			}
			used[i] = true
			parts = append(parts, SplitPart{Venue: i})
			perm(used)
			parts = parts[:len(parts)-1]
			used[i] = false
		}
	}
	perm(make([]bool, len(venues)))
	return top
}

// sameVenues reports whether a and b split over the same venues, in
// whatever order or amounts.
func sameVenues(a, b []SplitPart) bool {
	if len(a) != len(b) {
		return false
	}
	for _, p := range a {
		if !slices.ContainsFunc(b, func(q SplitPart) bool { return q.Venue == p.Venue }) {
			return false
		}
	}
	return true
}

// fill sets parts' amounts greedily in their order: each takes as much as
// its max allows while leaving the later ones their floor; the last takes
// what is left.
func fill(amount swapscout.Amount, parts []SplitPart, venues []SplitVenue, floor func(*SplitVenue) swapscout.Amount) {
	left := amount
	for j := range parts {
		if j == len(parts)-1 {
			parts[j].Amount = left
			return
		}
		var reserve swapscout.Amount
		for _, p := range parts[j+1:] {
			reserve = reserve.Add(floor(&venues[p.Venue]))
		}
		take := left.Sub(reserve)
		if mx := venues[parts[j].Venue].Max; mx.Sign() > 0 {
			take = swapscout.MinAmount(take, mx)
		}
		parts[j].Amount = take
		left = left.Sub(take)
	}
}

// even sets parts' amounts as equal as decimals allow; the last takes the
// remainder.
func even(amount swapscout.Amount, parts []SplitPart, decimals int) {
	each := amount.Quo(swapscout.AmountFromInt(int64(len(parts))), decimals, swapscout.RoundDown)
	left := amount
	for j := range parts[:len(parts)-1] {
		parts[j].Amount = each
		left = left.Sub(each)
	}
	parts[len(parts)-1].Amount = left
}

// wantsSplit reports whether r's quote, whose direct offers are q's,
// searches a split.
func wantsSplit(r *Request, q *swapscout.Quote) bool {
	if r.Direction != swapscout.Send {
		return false
	}
	switch r.Split {
	case Split2, Split3:
		return true
	case SplitAuto:
		for i := range q.Offers {
			if q.Offers[i].CanSwap && !q.Offers[i].Composite() {
				return false // some venue takes it whole
			}
		}
		for _, f := range q.Failures {
			if f.Code == swapscout.CodeAmountTooLarge && f.Max.Sign() > 0 {
				return true
			}
		}
	}
	return false
}

// searchSplit finds the best split of r's amount from the direct quote q
// and re-quotes its parts, within ctx; ok is false when there is none.
func (s *Service) searchSplit(ctx context.Context, r *Request, q *swapscout.Quote) (swapscout.Offer, bool) {
	sel := r.Selection
	sel.Swappable = true
	type cand struct {
		venue    string
		min, max swapscout.Amount
		rate     swapscout.Amount // To per From, at the amount it answered for
	}
	var cands []cand
	for i := range q.Offers {
		o := &q.Offers[i]
		if o.CanSwap && !o.Composite() {
			cands = append(cands, cand{o.Venue, o.Min, o.Max, o.AmountOut.Quo(o.AmountIn, 18, swapscout.RoundDown)})
		}
	}
	// Venues that refused the whole amount: probed at their max, the
	// largest maxes first (they carry a split).
	var probes []swapscout.Failure
	infos := s.c.Venues()
	swaps := func(id string) bool { // unknown when the service lists no venues: the probe tells
		i := slices.IndexFunc(infos, func(v swapscout.VenueInfo) bool { return v.ID == id })
		return i < 0 || infos[i].CanSwap
	}
	for _, f := range q.Failures {
		if f.Code == swapscout.CodeAmountTooLarge && f.Max.Sign() > 0 && f.Max.Cmp(r.Amount) < 0 && swaps(f.Venue) {
			probes = append(probes, f)
		}
	}
	slices.SortStableFunc(probes, func(a, b swapscout.Failure) int { return b.Max.Cmp(a.Max) })
	probes = probes[:min(len(probes), MaxSplitVenues)]
	probed := make([]*swapscout.Offer, len(probes))
	var wg sync.WaitGroup
	for i, f := range probes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			probed[i] = s.askOne(ctx, r.QuoteRequest, sel, f.Venue, f.Max)
		}()
	}
	wg.Wait()
	for i, o := range probed {
		if o != nil {
			cands = append(cands, cand{o.Venue, swapscout.MaxAmount(o.Min, probes[i].Min), probes[i].Max, o.AmountOut.Quo(o.AmountIn, 18, swapscout.RoundDown)})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return b.rate.Cmp(a.rate) })
	if len(cands) > MaxSplitVenues {
		cands = cands[:MaxSplitVenues]
	}
	if len(cands) < 2 {
		return swapscout.Offer{}, false
	}
	venues := make([]SplitVenue, len(cands))
	for i, c := range cands {
		venues[i] = SplitVenue{Venue: c.venue, Min: c.min, Max: c.max, Out: func(x swapscout.Amount) swapscout.Amount { return x.Mul(c.rate) }}
	}
	decimals := 8
	if info, ok := swapscout.LookupAsset(r.From); ok {
		decimals = info.Decimals
	}
	var minPart swapscout.Amount
	if r.Split != SplitAuto {
		minPart = r.Amount.Mul(MinSplitShare).Floor(decimals)
	}
	splits := searchSplits(r.Amount, r.Split.parts(), minPart, decimals, venues, SplitRequotes)
	if len(splits) == 0 {
		return swapscout.Offer{}, false
	}
	// Re-quote the parts of the best estimated splits, each (venue,
	// amount) once, reusing the probes' answers at the venues' max: the
	// split offered is the best by what the venues answer for its parts,
	// never by the estimate.
	type ask struct {
		venue  string
		amount string
	}
	answers := map[ask]*swapscout.Offer{}
	for i, o := range probed {
		if o != nil {
			answers[ask{o.Venue, probes[i].Max.String()}] = o
		}
	}
	var asks []ask
	for _, c := range splits {
		for _, p := range c.parts {
			a := ask{venues[p.Venue].Venue, p.Amount.String()}
			if _, ok := answers[a]; !ok {
				answers[a] = nil
				asks = append(asks, a)
			}
		}
	}
	got := make([]*swapscout.Offer, len(asks))
	for i, a := range asks {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = s.askOne(ctx, r.QuoteRequest, sel, a.venue, swapscout.MustAmount(a.amount))
		}()
	}
	wg.Wait()
	for i, a := range asks {
		answers[a] = got[i]
	}
	var offers []swapscout.Offer
	var total swapscout.Amount
	for _, c := range splits {
		parts := make([]swapscout.Offer, 0, len(c.parts))
		var sum swapscout.Amount
		for _, p := range c.parts {
			o := answers[ask{venues[p.Venue].Venue, p.Amount.String()}]
			if o == nil || !o.AmountIn.Equal(p.Amount) {
				break // a part without an offer is no split
			}
			parts = append(parts, *o)
			sum = sum.Add(o.AmountOut)
		}
		if len(parts) == len(c.parts) && (offers == nil || sum.Cmp(total) > 0) {
			offers, total = parts, sum
		}
	}
	if offers == nil {
		return swapscout.Offer{}, false
	}
	o := Split(r.QuoteRequest, offers)
	if best, ok := bestWhole(q); ok && r.Split == SplitAuto && o.AmountOut.Cmp(best) < 0 {
		// Unasked, a split that gives less than one venue for the whole
		// amount is no offer worth a second deposit. Asked for (split=2|3),
		// it is shown, ranked by what it gives, below that venue.
		return swapscout.Offer{}, false
	}
	return o, true
}

// bestWhole is the most any direct offer of q that can become a swap gives
// for the whole amount; false when none can.
func bestWhole(q *swapscout.Quote) (best swapscout.Amount, ok bool) {
	for i := range q.Offers {
		o := &q.Offers[i]
		if o.CanSwap && !o.Composite() && (!ok || o.AmountOut.Cmp(best) > 0) {
			best, ok = o.AmountOut, true
		}
	}
	return best, ok
}

// askOne asks one venue for req at amount and returns its offer, nil when
// it gave none.
func (s *Service) askOne(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, venue string, amount swapscout.Amount) *swapscout.Offer {
	req.Amount = amount
	sel.Include = []string{venue}
	sel.Exclude = nil
	q, err := s.c.Engine.Quote(ctx, req, sel, nil)
	if err != nil || q == nil || len(q.Offers) == 0 {
		return nil
	}
	return &q.Offers[0]
}

// Split returns the offer of req made of parts, each one venue's offer for
// its part of the amount: the amounts are their sums, the fees all of
// theirs, the time the slowest part's, the KYC rating and custody the
// worst; it is fixed only when every part is, and it can become a swap
// (one swap per part under one the user holds) only when every part can.
func Split(req swapscout.QuoteRequest, parts []swapscout.Offer) swapscout.Offer {
	names := make([]string, len(parts))
	o := swapscout.Offer{RateType: swapscout.Fixed, Custody: swapscout.NonCustodial, Parts: parts}
	for i, p := range parts {
		names[i] = p.Venue
		o.AmountIn = o.AmountIn.Add(p.AmountIn)
		o.AmountOut = o.AmountOut.Add(p.AmountOut)
		o.Fees = append(o.Fees, p.Fees...)
		o.ETAMin, o.ETAMax = max(o.ETAMin, p.ETAMin), max(o.ETAMax, p.ETAMax)
		o.KYC = max(o.KYC, p.KYC)
		o.Took = max(o.Took, p.Took)
		o.ExpiresAt = earliest(o.ExpiresAt, p.ExpiresAt)
		if p.RateType != swapscout.Fixed {
			o.RateType = swapscout.Float
		}
		if p.Custody != swapscout.NonCustodial {
			o.Custody = swapscout.Custodial
		}
	}
	o.Deposit = parts[0].Deposit // each part has its own deposit instruction
	o.Venue = SplitVenueName(names)
	o.Rate = o.AmountOut.Quo(o.AmountIn, 18, swapscout.RoundDown)
	o.CanSwap, o.NoSwap = composedSwap(parts, "part", "")
	return o
}

// SplitVenueName names a split by its parts' venues, e.g.
// "split:changenow+exolix": the name a swap request picks it by.
func SplitVenueName(venues []string) string {
	return "split:" + strings.Join(venues, "+")
}
