package api_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"pgregory.net/rapid"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

// Generators of the values the API encodes, within what the wire carries:
// times to the millisecond, durations in whole milliseconds (took, age) or
// seconds (ETAs, retry-after, usual time), and only the fields a response
// shows.

func genAmount(t *rapid.T, label string) swapscout.Amount {
	return swapscout.NewAmount(rapid.Int64Range(-1e15, 1e15).Draw(t, label), rapid.IntRange(0, 18).Draw(t, label+".scale"))
}

func genPositive(t *rapid.T, label string) swapscout.Amount {
	return swapscout.NewAmount(rapid.Int64Range(1, 1e12).Draw(t, label), rapid.IntRange(0, 12).Draw(t, label+".scale"))
}

// genLimit is an amount or none (zero: the API leaves it out).
func genLimit(t *rapid.T, label string) swapscout.Amount {
	if rapid.Bool().Draw(t, label+".set") {
		return genPositive(t, label)
	}
	return swapscout.Amount{}
}

func genTime(t *rapid.T, label string) time.Time {
	if rapid.IntRange(0, 9).Draw(t, label+".zero") == 0 {
		return time.Time{}
	}
	return time.UnixMilli(rapid.Int64Range(0, 7e12).Draw(t, label)).UTC()
}

func genMillis(t *rapid.T, label string) time.Duration {
	return time.Duration(rapid.Int64Range(0, 1e7).Draw(t, label)) * time.Millisecond
}

func genSeconds(t *rapid.T, label string) time.Duration {
	return time.Duration(rapid.Int64Range(0, 1e6).Draw(t, label)) * time.Second
}

func genText(t *rapid.T, label string) string { return rapid.String().Draw(t, label) }

func genAsset(t *rapid.T, label string) swapscout.Asset {
	return swapscout.Asset{Ticker: genText(t, label+".ticker"), Network: genText(t, label+".network")}
}

func genOffer(t *rapid.T) swapscout.Offer {
	o := swapscout.Offer{
		Venue: genText(t, "venue"), Provider: genText(t, "provider"), Route: genText(t, "route"),
		AmountIn: genAmount(t, "in"), AmountOut: genAmount(t, "out"), Rate: genAmount(t, "rate"),
		Min: genLimit(t, "min"), Max: genLimit(t, "max"), MinOut: genLimit(t, "min_out"), MaxOut: genLimit(t, "max_out"),
		RateType: swapscout.RateType(rapid.IntRange(0, 1).Draw(t, "rate_type")), RateID: genText(t, "rate_id"),
		ExpiresAt: genTime(t, "expires"),
		KYC:       rapid.SampledFrom([]swapscout.KYCRating{0, 'A', 'B', 'C', 'D'}).Draw(t, "kyc"),
		Custody:   rapid.SampledFrom([]swapscout.Custody{"", swapscout.Custodial, swapscout.NonCustodial}).Draw(t, "custody"),
		Deposit:   rapid.SampledFrom([]swapscout.DepositKind{"", swapscout.DepositTransfer, swapscout.DepositMemo}).Draw(t, "deposit"),
		Took:      genMillis(t, "took"),
	}
	for i, n := 0, rapid.IntRange(0, 3).Draw(t, "fees"); i < n; i++ {
		o.Fees = append(o.Fees, swapscout.Fee{Kind: genText(t, "fee.kind"), Amount: genAmount(t, "fee"), Asset: genAsset(t, "fee.asset")})
	}
	if rapid.Bool().Draw(t, "eta") {
		o.ETAMax = genSeconds(t, "eta_max") + time.Second
		o.ETAMin = time.Duration(rapid.Int64Range(0, int64(o.ETAMax/time.Second)).Draw(t, "eta_min")) * time.Second
	}
	// Judged by the engine: swappable, or not with a reason; or not judged.
	switch rapid.IntRange(0, 2).Draw(t, "judged") {
	case 1:
		o.CanSwap = true
	case 2:
		o.NoSwap = genText(t, "no_swap") + "."
	}
	return o
}

func genFailure(t *rapid.T) swapscout.Failure {
	return swapscout.Failure{
		Venue: genText(t, "venue"), Code: swapscout.FailureCode(genText(t, "code")), Message: genText(t, "message"),
		Min: genLimit(t, "min"), Max: genLimit(t, "max"), MinOut: genLimit(t, "min_out"), MaxOut: genLimit(t, "max_out"),
		RetryAfter: genSeconds(t, "retry"), Took: genMillis(t, "took"),
	}
}

func genQuote(t *rapid.T) *api.Quote {
	q := &api.Quote{Age: genMillis(t, "age"), Quote: swapscout.Quote{
		ID: genText(t, "id"),
		Request: swapscout.QuoteRequest{From: genAsset(t, "from"), To: genAsset(t, "to"), Amount: genAmount(t, "amount"),
			Direction: swapscout.Direction(rapid.IntRange(0, 1).Draw(t, "direction")), RateType: swapscout.RateType(rapid.IntRange(0, 1).Draw(t, "rate"))},
		CreatedAt: genTime(t, "created"), ExpiresAt: genTime(t, "expires"), Took: genMillis(t, "took"),
	}}
	for i, n := 0, rapid.IntRange(0, 4).Draw(t, "offers"); i < n; i++ {
		o := genOffer(t)
		// A route's two legs or a split's parts, each an offer of its own.
		switch rapid.IntRange(0, 2).Draw(t, "composite") {
		case 1:
			o.Legs = []swapscout.Offer{genOffer(t), genOffer(t)}
		case 2:
			for j, m := 0, rapid.IntRange(2, 3).Draw(t, "parts"); j < m; j++ {
				o.Parts = append(o.Parts, genOffer(t))
			}
		}
		q.Offers = append(q.Offers, o)
	}
	for i, n := 0, rapid.IntRange(0, 3).Draw(t, "failures"); i < n; i++ {
		q.Failures = append(q.Failures, genFailure(t))
	}
	return q
}

func genSwap(t *rapid.T) *api.Swap {
	sw := &api.Swap{Swap: swapscout.Swap{
		ID: genText(t, "id") + "s", Status: swapscout.SwapStatus(genText(t, "status") + "s"), VenueStatus: genText(t, "venue_status"),
		Venue: genText(t, "venue"), Provider: genText(t, "provider"),
		VenueOrder: swapscout.OrderRef{ID: rapid.StringMatching(`[A-Za-z0-9-]{0,20}`).Draw(t, "order")}, QuoteID: genText(t, "quote"),
		From: genAsset(t, "from"), To: genAsset(t, "to"),
		Direction: swapscout.Direction(rapid.IntRange(0, 1).Draw(t, "direction")), RateType: swapscout.RateType(rapid.IntRange(0, 1).Draw(t, "rate")),
		AmountIn: genAmount(t, "in"), AmountOut: genAmount(t, "out"), PromisedIn: genAmount(t, "promised_in"), PromisedOut: genAmount(t, "promised_out"),
		DepositAddress: genText(t, "deposit_address"), DepositMemo: genText(t, "deposit_memo"),
		Deposit:       rapid.SampledFrom([]swapscout.DepositKind{swapscout.DepositTransfer, swapscout.DepositMemo}).Draw(t, "deposit"),
		PayoutAddress: genText(t, "payout"), PayoutMemo: genText(t, "payout_memo"), RefundAddress: genText(t, "refund"), RefundMemo: genText(t, "refund_memo"),
		DepositTx: genText(t, "deposit_tx"), PayoutTx: genText(t, "payout_tx"), AmountReceived: genLimit(t, "received"), ReceivedDoubt: genText(t, "doubt"),
		MaxSlippage: genPositive(t, "slippage"), RefundTx: genText(t, "refund_tx"), AmountRefunded: genLimit(t, "refunded"),
		CreatedAt: genTime(t, "created"), UpdatedAt: genTime(t, "updated"), ExpiresAt: genTime(t, "expires"),
	}}
	if rapid.Bool().Draw(t, "late") {
		sw.LateAt = time.UnixMilli(rapid.Int64Range(1, 7e12).Draw(t, "late_at")).UTC()
		sw.UsualTime, sw.UsualBasis = genSeconds(t, "usual"), rapid.IntRange(0, 1000).Draw(t, "basis")
	}
	for i, n := 0, rapid.IntRange(0, 4).Draw(t, "history"); i < n; i++ {
		sw.History = append(sw.History, api.SwapEvent{At: genTime(t, "at"), Status: swapscout.SwapStatus(genText(t, "ev.status")),
			VenueStatus: genText(t, "ev.venue_status"), Late: rapid.Bool().Draw(t, "ev.late"), Chain: genText(t, "ev.chain")})
	}
	for _, side := range swapscout.ChainSides {
		if !rapid.Bool().Draw(t, side) {
			continue
		}
		f := swapscout.ChainFact{Side: side, State: rapid.SampledFrom([]string{swapscout.ChainNotWatched, swapscout.ChainNotVerifiable,
			swapscout.ChainUnknown, swapscout.ChainNotSeen, swapscout.ChainSeen, swapscout.ChainConfirmed}).Draw(t, side+".state"),
			Source: genText(t, side+".source"), Note: genText(t, side+".note"), Endpoint: genText(t, side+".endpoint"),
			Expected: genLimit(t, side+".expected"), TxIDs: rapid.SliceOf(rapid.String()).Draw(t, side+".txids"),
			Confirmations: rapid.Int64().Draw(t, side+".conf"), Required: rapid.Int64().Draw(t, side+".req"),
			SeenAt: genTime(t, side+".seen"), ClaimedAt: genTime(t, side+".claimed"), CheckedAt: genTime(t, side+".checked"),
			Overdue: rapid.Bool().Draw(t, side+".overdue")}
		if f.OnChain() {
			f.Amount = genAmount(t, side+".amount")
		}
		sw.SetChainFact(f)
	}
	return sw
}

// same compares decoded values: amounts and times by value, no slice and
// an empty one alike.
var same = cmp.Options{cmpopts.EquateEmpty(), cmp.Comparer(func(a, b swapscout.Amount) bool { return a.Equal(b) }),
	cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) })}

// roundTrip checks that decode reads back what encode wrote of v, and that
// encoding what was read gives the same bytes again: the decoder drops
// nothing the encoder writes.
func roundTrip[T any](t *rapid.T, v T, encode func([]byte, T) []byte, decode func([]byte) (T, error)) {
	b := encode(nil, v)
	got, err := decode(b)
	if err != nil {
		t.Fatalf("decode(%s): %v", b, err)
	}
	if diff := cmp.Diff(v, got, same); diff != "" {
		t.Fatalf("decode(encode(v)) differs (-v +decoded):\n%s\n%s", diff, b)
	}
	if again := encode(nil, got); !bytes.Equal(again, b) {
		t.Fatalf("encoding the decoded value changed the bytes:\n%s\n%s", b, again)
	}
}

// TestRoundTrip: every type the API answers decodes back to the value
// encoded, and encodes again to the same bytes.
func TestRoundTrip(t *testing.T) {
	t.Run("quote", rapid.MakeCheck(func(t *rapid.T) {
		roundTrip(t, genQuote(t), api.AppendAnswer, api.DecodeQuote)
		// As stored: without its age.
		q := genQuote(t)
		q.Age = 0
		roundTrip(t, q, func(b []byte, q *api.Quote) []byte { return api.AppendQuote(b, &q.Quote) }, api.DecodeQuote)
	}))
	t.Run("offer", rapid.MakeCheck(func(t *rapid.T) {
		o := genOffer(t)
		roundTrip(t, &o, api.AppendOffer, api.DecodeOffer)
	}))
	t.Run("failure", rapid.MakeCheck(func(t *rapid.T) {
		f := genFailure(t)
		roundTrip(t, &f, api.AppendFailure, api.DecodeFailure)
	}))
	t.Run("swap", rapid.MakeCheck(func(t *rapid.T) {
		roundTrip(t, genSwap(t), func(b []byte, sw *api.Swap) []byte { return api.AppendSwap(b, &sw.Swap, sw.History) }, api.DecodeSwap)
	}))
	t.Run("error", rapid.MakeCheck(func(t *rapid.T) {
		e := &api.Error{Code: genText(t, "code"), Message: genText(t, "message") + ".", Field: genText(t, "field")}
		if rapid.Bool().Draw(t, "rate_changed") {
			e.Shown, e.Now, e.QuoteID = genAmount(t, "shown"), genAmount(t, "now"), genText(t, "quote")+"q"
		}
		roundTrip(t, e, api.AppendError, func(b []byte) (*api.Error, error) { return api.DecodeError(0, b), nil })
	}))
	t.Run("venues", rapid.MakeCheck(func(t *rapid.T) {
		var vs []api.Venue
		for i, n := 0, rapid.IntRange(0, 3).Draw(t, "venues"); i < n; i++ {
			v := api.Venue{ID: genText(t, "id"), Name: genText(t, "name"), Kind: genText(t, "kind"), KYC: genText(t, "kyc"),
				NeedsKey: rapid.Bool().Draw(t, "key"), Configured: rapid.Bool().Draw(t, "configured"), FixedRate: rapid.Bool().Draw(t, "fixed"),
				Reverse: rapid.Bool().Draw(t, "reverse"), Networks: rapid.SliceOf(rapid.String()).Draw(t, "networks"), Evidence: genText(t, "evidence"),
				Website: genText(t, "website"), Custody: genText(t, "custody"), CanSwap: rapid.Bool().Draw(t, "can_swap")}
			if rapid.Bool().Draw(t, "accuracy") {
				s, p := rapid.Int64().Draw(t, "median"), rapid.Int64().Draw(t, "p90")
				v.Accuracy = &api.Accuracy{WindowSeconds: rapid.Int64().Draw(t, "window"), Count: rapid.Int().Draw(t, "count"),
					MedianShortfall: genText(t, "med"), WorstShortfall: genText(t, "worst"), Timed: rapid.Int().Draw(t, "timed"),
					MedianSeconds: &s, P90Seconds: &p, Short: rapid.Int().Draw(t, "short"), Held: rapid.Int().Draw(t, "held")}
			}
			if rapid.Bool().Draw(t, "support") {
				v.Support = &api.Support{Documented: rapid.Bool().Draw(t, "documented"), Email: genText(t, "email"), URL: genText(t, "url"), Source: genText(t, "source")}
			}
			vs = append(vs, v)
		}
		roundTrip(t, vs, func(b []byte, vs []api.Venue) []byte {
			b, err := api.AppendVenues(b, vs)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}, api.DecodeVenues)
	}))
	t.Run("health", rapid.MakeCheck(func(t *rapid.T) {
		h := api.Health{Status: genText(t, "status"), Checks: rapid.MapOf(rapid.StringMatching(`[a-z]{1,8}`).Filter(func(k string) bool { return k != "status" }), rapid.String()).Draw(t, "checks")}
		roundTrip(t, &h, func(b []byte, h *api.Health) []byte { return api.AppendHealth(b, *h) }, api.DecodeHealth)
	}))
}

// TestDecodeQuoteRoundTrip: a quote read back from its encoding (as a
// store that keeps bytes only, such as Redis, must) is the quote that was
// encoded, every field a swap is made from included.
func TestDecodeQuoteRoundTrip(t *testing.T) {
	at := time.Date(2026, 11, 26, 7, 0, 0, 0, time.UTC)
	q := &swapscout.Quote{
		ID: "q1",
		Request: swapscout.QuoteRequest{
			From: swapscout.Asset{Ticker: "BTC", Network: "btc"}, To: swapscout.Asset{Ticker: "ETH", Network: "eth"},
			Amount: swapscout.MustAmount("0.1"), Direction: swapscout.Send, RateType: swapscout.Fixed,
		},
		Offers: []swapscout.Offer{{
			Venue: "thorchain", Provider: "p", Route: "r",
			AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("2.5"), Rate: swapscout.MustAmount("25"),
			Min: swapscout.MustAmount("0.001"), Max: swapscout.MustAmount("10"),
			RateType: swapscout.Fixed, RateID: "rid", ExpiresAt: at.Add(time.Minute),
			Fees:   []swapscout.Fee{{Kind: "network", Amount: swapscout.MustAmount("0.01"), Asset: swapscout.Asset{Ticker: "ETH", Network: "eth"}}},
			ETAMin: time.Minute, ETAMax: 2 * time.Minute, KYC: 'A',
			Custody: swapscout.NonCustodial, Deposit: swapscout.DepositMemo, NoSwap: "deposits go through a router", Took: 120 * time.Millisecond,
		}, {
			Venue: "changenow", AmountIn: swapscout.MustAmount("0.1"), AmountOut: swapscout.MustAmount("2.4"), Rate: swapscout.MustAmount("24"),
			KYC: 'C', Custody: swapscout.Custodial, Deposit: swapscout.DepositTransfer, CanSwap: true,
			Derived: &swapscout.Derivation{Age: 3 * time.Second, From: []swapscout.Amount{swapscout.MustAmount("0.08"), swapscout.MustAmount("0.12")}},
			Outcome: &swapscout.OfferOutcome{Window: 30 * 24 * time.Hour, VenueBoard: swapscout.VenueBoard{Venue: "changenow",
				Swaps: 40, Finished: 30, Refunded: 2, Failed: 1, Expired: 3, Open: 4, Held: 5, Late: 6, Timed: 28,
				MedianTime: 20 * time.Minute, P90Time: time.Hour, OnChain: 25, MedianDelivered: swapscout.MustAmount("0.985"),
				P10Delivered: swapscout.MustAmount("0.9"), ShortOnChain: 7, Unverified: 1, VenueWord: 5}},
		}},
		Failures: []swapscout.Failure{{Venue: "kraken", Code: swapscout.FailureCode("amount_too_small"), Message: "needs more",
			Min: swapscout.MustAmount("0.5"), Took: 30 * time.Millisecond}},
		CreatedAt: at, ExpiresAt: at.Add(2 * time.Minute), Took: 900 * time.Millisecond,
	}
	got, err := api.DecodeQuote(api.AppendQuote(nil, q))
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(q, &got.Quote); d != "" {
		t.Errorf("DecodeQuote(AppendQuote(q)) differs (-want +got):\n%s", d)
	}
}

// TestDecodeSwapDerived: what the encoder derives from a swap (its public
// order id, the default slippage, the shortfall) reads back as the
// record's own methods derive it.
func TestDecodeSwapDerived(t *testing.T) {
	sw := &swapscout.Swap{ID: "s1", Status: swapscout.StatusFinished, VenueOrder: swapscout.OrderRef{ID: "ORD1", Secret: "secret-token"},
		PromisedOut: swapscout.MustAmount("20.05"), AmountReceived: swapscout.MustAmount("3.08")}
	b := api.AppendSwap(nil, sw, nil)
	got, err := api.DecodeSwap(b)
	if err != nil {
		t.Fatal(err)
	}
	if got.VenueOrder != (swapscout.OrderRef{ID: "ORD1"}) || bytes.Contains(b, []byte("secret")) {
		t.Errorf("order %+v in %s; want the public id only", got.VenueOrder, b)
	}
	if !got.MaxSlippage.Equal(swapscout.DefaultMaxSlippage) || got.Deposit != swapscout.DepositTransfer {
		t.Errorf("slippage %s, deposit %q; want the defaults", got.MaxSlippage, got.Deposit)
	}
	want, _ := sw.Shortfall()
	if sf, ok := got.Shortfall(); !ok || !sf.Short || !sf.Missing.Equal(want.Missing) || !sf.Percent.Equal(want.Percent) {
		t.Errorf("shortfall %+v, want %+v", sf, want)
	}
	if _, err := api.DecodeSwap([]byte(`{"error":{"code":"not_found","message":"no such swap"}}`)); err == nil {
		t.Error("an error answer decoded as a swap")
	}
}

// A route's swap carries its kind, its legs (each leg's public order id
// only) and its history's legs and notes, and reads back the same.
func TestDecodeSwapRoute(t *testing.T) {
	at := time.Date(2026, 11, 28, 3, 0, 0, 0, time.UTC)
	usdt := swapscout.Asset{Ticker: "usdt", Network: "trx"}
	leg1 := &swapscout.Swap{ID: "aaaaaaaaaaaaaaaaaaaaaaaaaa", Status: swapscout.StatusFinished, Venue: "one", VenueOrder: swapscout.OrderRef{ID: "O1", Secret: "secret-1"},
		From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: usdt, AmountIn: swapscout.MustAmount("0.5"), AmountOut: swapscout.MustAmount("30000"),
		Compose: swapscout.ComposeRoute, Leg: 1, Composite: "one>usdt@trx>two"}
	leg2 := &swapscout.Swap{ID: "bbbbbbbbbbbbbbbbbbbbbbbbbb", Status: swapscout.StatusRefunded, Venue: "two", VenueOrder: swapscout.OrderRef{ID: "O2"},
		From: usdt, To: swapscout.Asset{Ticker: "eth", Network: "eth"}, RefundTx: "r2", AmountRefunded: swapscout.MustAmount("30000"),
		RefundAddress: "Tbridge", RateCheckedAt: at, RateMoved: "moved", Compose: swapscout.ComposeRoute, Leg: 2, Parent: leg1.ID, Composite: "one>usdt@trx>two"}
	view := *leg1
	view.Venue, view.Status, view.Legs, view.RateMoved = "one>usdt@trx>two", swapscout.StatusRefunded, []*swapscout.Swap{leg1, leg2}, "moved"
	hist := []swapscout.SwapEvent{{At: at, Status: swapscout.StatusExchanging, VenueStatus: "x", Leg: 2, Note: "rate_moved"}}
	b := api.AppendSwap(nil, &view, hist)
	if bytes.Contains(b, []byte("secret")) {
		t.Errorf("a leg's order secret in %s", b)
	}
	got, err := api.DecodeSwap(b)
	if err != nil {
		t.Fatal(err)
	}
	if got.Compose != swapscout.ComposeRoute || got.RateMoved != "moved" || len(got.Legs) != 2 {
		t.Fatalf("route read back as %+v", got.Swap)
	}
	g2 := got.Legs[1]
	if g2.Leg != 2 || g2.Parent != leg1.ID || g2.Status != swapscout.StatusRefunded || g2.RefundTx != "r2" || g2.RefundAddress != "Tbridge" ||
		!g2.RateCheckedAt.Equal(at) || g2.VenueOrder.ID != "O2" || g2.From != usdt {
		t.Errorf("leg 2 read back as %+v", g2)
	}
	if h := got.History; len(h) != 1 || h[0].Leg != 2 || h[0].Note != "rate_moved" {
		t.Errorf("history read back as %+v", h)
	}
}

// A split's swap lists its parts under "parts" (each with its own deposit
// address), how many its offer had and why fewer exist, and reads back
// the same.
func TestDecodeSwapSplit(t *testing.T) {
	btc, xmr := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	p1 := &swapscout.Swap{ID: "aaaaaaaaaaaaaaaaaaaaaaaaaa", Status: swapscout.StatusWaiting, Venue: "one", VenueOrder: swapscout.OrderRef{ID: "O1", Secret: "secret-1"},
		From: btc, To: xmr, AmountIn: swapscout.MustAmount("0.6"), AmountOut: swapscout.MustAmount("96"), DepositAddress: "bc1qone",
		Compose: swapscout.ComposeSplit, Leg: 1, Composite: "split:one+two+three", PartsPlanned: 3, PartsNote: "part 3 (three) was not created"}
	p2 := &swapscout.Swap{ID: "bbbbbbbbbbbbbbbbbbbbbbbbbb", Status: swapscout.StatusWaiting, Venue: "two", VenueOrder: swapscout.OrderRef{ID: "O2"},
		From: btc, To: xmr, AmountIn: swapscout.MustAmount("0.4"), AmountOut: swapscout.MustAmount("60"), DepositAddress: "bc1qtwo", DepositMemo: "m2",
		Compose: swapscout.ComposeSplit, Leg: 2, Parent: p1.ID, Composite: "split:one+two+three"}
	view := *p1
	view.Venue, view.Legs, view.DepositAddress = "split:one+two+three", []*swapscout.Swap{p1, p2}, ""
	b := api.AppendSwap(nil, &view, nil)
	if bytes.Contains(b, []byte("secret")) || bytes.Contains(b, []byte(`"legs"`)) {
		t.Errorf("a part's secret, or legs rather than parts, in %s", b)
	}
	got, err := api.DecodeSwap(b)
	if err != nil {
		t.Fatal(err)
	}
	if got.Compose != swapscout.ComposeSplit || got.PartsPlanned != 3 || got.PartsNote != p1.PartsNote || len(got.Legs) != 2 || got.DepositAddress != "" {
		t.Fatalf("split read back as %+v", got.Swap)
	}
	g2 := got.Legs[1]
	if g2.Leg != 2 || g2.Parent != p1.ID || g2.Venue != "two" || g2.DepositAddress != "bc1qtwo" || g2.DepositMemo != "m2" || !g2.AmountIn.Equal(p2.AmountIn) {
		t.Errorf("part 2 read back as %+v", g2)
	}
}
