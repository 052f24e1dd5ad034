package aggregate_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"go.uber.org/goleak"
	"pgregory.net/rapid"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
)

// answers returns a fixed offer after d (or the context's error).
func answers(d time.Duration, in, out string) quoterFunc {
	return func(ctx context.Context, _ swapscout.QuoteRequest) (swapscout.Offer, error) {
		t := time.NewTimer(d)
		defer t.Stop()
		select {
		case <-t.C:
			return swapscout.Offer{AmountIn: swapscout.MustAmount(in), AmountOut: swapscout.MustAmount(out)}, nil
		case <-ctx.Done():
			return swapscout.Offer{}, ctx.Err()
		}
	}
}

func failuresOf(q *swapscout.Quote) map[string]string {
	m := map[string]string{}
	for _, f := range q.Failures {
		m[f.Venue] = string(f.Code) + ": " + f.Message
	}
	return m
}

func offersOf(q *swapscout.Quote) []string {
	var out []string
	for _, o := range q.Offers {
		out = append(out, o.Venue)
	}
	return out
}

// TestOfferMustAnswerTheRequest: an offer for another amount than the one
// asked is a bad_response naming what the venue answered; the same number
// spelled differently is the same amount.
func TestOfferMustAnswerTheRequest(t *testing.T) {
	send := req
	send.Amount = swapscout.MustAmount("0.5")
	recv := send
	recv.Direction = swapscout.Receive
	for _, tc := range []struct {
		name    string
		req     swapscout.QuoteRequest
		in, out string
		want    string // failure; "" for an offer
	}{
		{"send: echoes another amount", send, "0.6", "10", "bad_response: answered for 0.6 BTC, not the 0.5 BTC asked"},
		{"send: rounds the amount", send, "0.49999999", "10", "bad_response: answered for 0.49999999 BTC, not the 0.5 BTC asked"},
		{"send: same amount, other spelling", send, "0.50000000", "10", ""},
		{"receive: pays less than asked", recv, "0.03", "0.4", "bad_response: answered 0.4 ETH to receive, less than the 0.5 ETH asked"},
		{"receive: pays what was asked", recv, "0.03", "0.5", ""},
		{"receive: pays a little more", recv, "0.03", "0.5001", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEngine(t, []aggregate.Venue{v("x", answers(0, tc.in, tc.out))}, aggregate.Options{})
			q := e.Quote(context.Background(), tc.req, e.Venues(), nil)
			got := failuresOf(q)["x"]
			if got != tc.want {
				t.Errorf("failure = %q, want %q", got, tc.want)
			}
			if (len(q.Offers) == 1) != (tc.want == "") {
				t.Errorf("offers = %v", offersOf(q))
			}
		})
	}
}

// TestOfferAmountsMustBePositive: a venue answering zero or a negative
// amount is a bad_response saying what it answered, among honest offers as
// well as alone (where no median could judge it), streamed or not; and
// Check, the same rule for adapter tests, agrees.
func TestOfferAmountsMustBePositive(t *testing.T) {
	recv := req
	recv.Direction, recv.Amount = swapscout.Receive, swapscout.MustAmount("2")
	for _, tc := range []struct {
		name    string
		req     swapscout.QuoteRequest
		in, out string
		want    string
	}{
		{"send: zero out", req, "0.1", "0", "bad_response: answered 0 ETH for 0.1 BTC; amounts must be positive"},
		{"send: negative out", req, "0.1", "-2.5", "bad_response: answered -2.5 ETH for 0.1 BTC; amounts must be positive"},
		{"send: zero in", req, "0", "2", "bad_response: answered 2 ETH for 0 BTC; amounts must be positive"},
		{"receive: zero in", recv, "0", "2", "bad_response: answered 2 ETH for 0 BTC; amounts must be positive"},
		{"receive: negative in", recv, "-0.1", "2", "bad_response: answered 2 ETH for -0.1 BTC; amounts must be positive"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, honest := range []int{0, 3} {
				venues := []aggregate.Venue{v("x", answers(0, tc.in, tc.out))}
				for i := range honest {
					if tc.req.Direction == swapscout.Receive {
						venues = append(venues, v(fmt.Sprint("h", i), answers(0, "0.1", "2")))
					} else {
						venues = append(venues, v(fmt.Sprint("h", i), answers(0, "0.1", "2.0"+fmt.Sprint(i))))
					}
				}
				e := newEngine(t, venues, aggregate.Options{})
				for _, stream := range []bool{false, true} {
					var emit func(swapscout.Result)
					var streamed []string
					if stream {
						emit = func(r swapscout.Result) {
							if r.Offer != nil {
								streamed = append(streamed, r.Offer.Venue)
							}
						}
					}
					q := e.Quote(context.Background(), tc.req, e.Venues(), emit)
					if got := failuresOf(q)["x"]; got != tc.want {
						t.Errorf("with %d honest venues, stream %v: failure %q, want %q", honest, stream, got, tc.want)
					}
					if slices.Contains(offersOf(q), "x") || slices.Contains(streamed, "x") {
						t.Errorf("with %d honest venues, stream %v: x ranked or streamed", honest, stream)
					}
					if len(q.Offers) != honest {
						t.Errorf("with %d honest venues: offers %v", honest, offersOf(q))
					}
				}
			}
			o := swapscout.Offer{AmountIn: swapscout.MustAmount(tc.in), AmountOut: swapscout.MustAmount(tc.out)}
			var ve *swapscout.VenueError
			if err := aggregate.Check(tc.req, &o); !errors.As(err, &ve) || "bad_response: "+ve.Msg != tc.want || ve.Code != swapscout.CodeBadResponse {
				t.Errorf("Check = %v, want %q", err, tc.want)
			}
		})
	}
}

// TestImplausibleNeverRanks: offers whose rate is ×1000 or ÷1000 the
// others' are failures with a message saying so, and never reach the
// stream as offers even when they answer first.
func TestImplausibleNeverRanks(t *testing.T) {
	e := newEngine(t, []aggregate.Venue{
		v("thousand", answers(0, "0.1", "2000")), // first to answer: held, then rejected
		v("a", answers(10*time.Millisecond, "0.1", "2.01")),
		v("b", answers(15*time.Millisecond, "0.1", "2.02")),
		v("c", answers(20*time.Millisecond, "0.1", "1.99")),
		v("milli", answers(25*time.Millisecond, "0.1", "0.002")),
		v("d", answers(30*time.Millisecond, "0.1", "2.00")),
	}, aggregate.Options{})
	var streamed []string
	q := e.Quote(context.Background(), req, e.Venues(), func(r swapscout.Result) {
		if r.Offer != nil {
			streamed = append(streamed, r.Offer.Venue)
		} else {
			streamed = append(streamed, r.Failure.Venue+":"+string(r.Failure.Code))
		}
	})
	if diff := cmp.Diff([]string{"b", "a", "d", "c"}, offersOf(q)); diff != "" {
		t.Errorf("offers (-want +got):\n%s", diff)
	}
	f := failuresOf(q)
	if want := "bad_response: rate 20000 is 1000× the median 20 of 5 other venues"; f["thousand"] != want {
		t.Errorf("thousand: %q, want %q", f["thousand"], want)
	}
	if want := "bad_response: rate 0.02 is 1/1005 of the median 20.1 of 5 other venues"; f["milli"] != want {
		t.Errorf("milli: %q, want %q", f["milli"], want)
	}
	// a, b, c once three offers are in; milli is judged on arrival and held;
	// d on arrival; the held ones at the end. (Sorted: under load the
	// venues' timers may fire out of order.)
	slices.Sort(streamed)
	if diff := cmp.Diff([]string{"a", "b", "c", "d", "milli:bad_response", "thousand:bad_response"}, streamed); diff != "" {
		t.Errorf("stream (-want +got):\n%s", diff)
	}
}

// TestStreamRetractsWhatTheEndRejects: when the first answers agree on a
// wrong rate, they are emitted, and retracted by a failure for the same
// venue once the rest of the venues outvote them. The last result emitted
// per venue is the final quote's.
func TestStreamRetractsWhatTheEndRejects(t *testing.T) {
	vs := []aggregate.Venue{
		// 100.5× the honest rate: far enough for the median, not for the
		// price anchors (anchors.go), so only the end can tell.
		v("w1", answers(0, "0.1", "201")),
		v("w2", answers(0, "0.1", "201")),
		v("h1", answers(50*time.Millisecond, "0.1", "2")),
	}
	for i, id := range []string{"h2", "h3", "h4", "h5"} {
		vs = append(vs, v(id, answers(time.Duration(100+20*i)*time.Millisecond, "0.1", "2")))
	}
	e := newEngine(t, vs, aggregate.Options{})
	last := map[string]string{}
	var retracted []string
	q := e.Quote(context.Background(), req, e.Venues(), func(r swapscout.Result) {
		if r.Offer != nil {
			last[r.Offer.Venue] = "offer"
		} else {
			if last[r.Failure.Venue] == "offer" {
				retracted = append(retracted, r.Failure.Venue)
			}
			last[r.Failure.Venue] = string(r.Failure.Code)
		}
	})
	final := map[string]string{}
	for _, o := range q.Offers {
		final[o.Venue] = "offer"
	}
	for _, f := range q.Failures {
		final[f.Venue] = string(f.Code)
	}
	if diff := cmp.Diff(final, last); diff != "" {
		t.Errorf("last streamed result per venue differs from the quote (-quote +stream):\n%s", diff)
	}
	slices.Sort(retracted)
	if diff := cmp.Diff([]string{"w1", "w2"}, retracted); diff != "" {
		t.Errorf("retracted (-want +got):\n%s", diff)
	}
}

// midQuoter is a venue whose order books give a mid price.
type midQuoter struct {
	quoterFunc
	mid string
}

func (m midQuoter) MidPrice(from, to swapscout.Asset) (swapscout.Amount, bool) {
	if from != req.From || to != req.To {
		return swapscout.Amount{}, false
	}
	return swapscout.MustAmount(m.mid), true
}

// TestFewOffersJudgedByReference: with fewer than three offers, an offer
// far from the order books' mid price is rejected; without books, the
// price anchors judge; for a pair without either nothing can be judged.
func TestFewOffersJudgedByReference(t *testing.T) {
	unsupported := failing(swapscout.ErrUnsupportedPair)
	book := v("book", midQuoter{unsupported, "20.1"}) // knows a mid price, quotes nothing
	e := newEngine(t, []aggregate.Venue{
		v("ok", answers(0, "0.1", "2")), v("wei", answers(0, "0.1", "2000000000000000000")), book,
	}, aggregate.Options{})
	q := e.Quote(context.Background(), req, e.Venues(), nil)
	if diff := cmp.Diff([]string{"ok"}, offersOf(q)); diff != "" {
		t.Errorf("offers (-want +got):\n%s", diff)
	}
	if want := "bad_response: rate 20000000000000000000 is 1e+18× the order books' mid price 20.1"; failuresOf(q)["wei"] != want {
		t.Errorf("wei: %q, want %q", failuresOf(q)["wei"], want)
	}
	e = newEngine(t, []aggregate.Venue{v("ok", answers(0, "0.1", "2")), v("wei", answers(0, "0.1", "2000000000000000000"))}, aggregate.Options{})
	q = e.Quote(context.Background(), req, e.Venues(), nil)
	if want := "bad_response: rate 20000000000000000000 is 7e+17× the rough market rate 26.67"; len(q.Offers) != 1 || failuresOf(q)["wei"] != want {
		t.Errorf("without books, offers = %v, wei %q; want ok alone and %q", offersOf(q), failuresOf(q)["wei"], want)
	}
	unanchored := req
	unanchored.From, unanchored.To = swapscout.Asset{Ticker: "aaa"}, swapscout.Asset{Ticker: "bbb"}
	if q := e.Quote(context.Background(), unanchored, e.Venues(), nil); len(q.Offers) != 2 {
		t.Errorf("without a reference or anchors, offers = %v, failures %v; want both shown", offersOf(q), q.Failures)
	}
}

// TestAnswersAtDeadlineDespiteStraggler: an adapter that ignores its
// context does not hold the answer past its deadline; it is a timeout, is
// counted, and its goroutine ends by itself afterwards.
func TestAnswersAtDeadlineDespiteStraggler(t *testing.T) {
	finished, release := make(chan struct{}), make(chan struct{})
	stubborn := v("stubborn", quoterFunc(func(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) {
		defer close(finished)
		<-release // ignores ctx: answers only once the test has its quote
		return swapscout.Offer{AmountIn: req.Amount, AmountOut: swapscout.MustAmount("2")}, nil
	}))
	stubborn.Timeout = 50 * time.Millisecond
	e := newEngine(t, []aggregate.Venue{stubborn, v("ok", answers(time.Millisecond, "0.1", "2"))}, aggregate.Options{})
	q := returns(t, func() *swapscout.Quote { return e.Quote(context.Background(), req, e.Venues(), nil) })
	close(release)
	if got := failuresOf(q)["stubborn"]; !strings.HasPrefix(got, "timeout: no answer within ") || !strings.HasSuffix(got, " ms") {
		t.Errorf("stubborn: %q, want a timeout", got)
	}
	if n := e.Stragglers(); n != 1 {
		t.Errorf("Stragglers() = %d, want 1", n)
	}
	<-finished
	goleak.VerifyNone(t) // the straggler's goroutine ended once its call did
}

// TestCancelDespiteStraggler: cancelling the request answers at once even
// when an adapter ignores it.
func TestCancelDespiteStraggler(t *testing.T) {
	finished, release := make(chan struct{}), make(chan struct{})
	stubborn := v("stubborn", quoterFunc(func(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) {
		defer close(finished)
		<-release // ignores ctx: answers only once the test has its quote
		return swapscout.Offer{}, errors.New("late")
	}))
	e := newEngine(t, []aggregate.Venue{stubborn}, aggregate.Options{})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(20*time.Millisecond, cancel)
	q := returns(t, func() *swapscout.Quote { return e.Quote(ctx, req, e.Venues(), nil) })
	close(release)
	if got := failuresOf(q)["stubborn"]; got != "timeout: request cancelled" {
		t.Errorf("stubborn: %q", got)
	}
	<-finished
}

// TestFailureMessagesHideCauses: clients see the VenueError's message, never
// the wrapped cause; the cause is logged with the venue id. Failures the
// engine makes itself keep their message.
func TestFailureMessagesHideCauses(t *testing.T) {
	cause := &net.OpError{Op: "dial", Net: "tcp", Err: errors.New("connect: connection refused 127.0.0.1:4321")}
	var logs bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	e := newEngine(t, []aggregate.Venue{
		v("down", failing(&swapscout.VenueError{Code: swapscout.CodeUnavailable, Msg: "venue unreachable", Err: cause})),
		v("bare", failing(&swapscout.VenueError{Code: swapscout.CodeUnsupportedPair, Err: errors.New("symbol XYZ_ABC at 10.1.2.3")})),
		v("limited", failing(&swapscout.VenueError{Code: swapscout.CodeRateLimited, Msg: "rate limited", Err: errors.New("HTTP 429 from https://internal.example/api?key=s3cret")})),
		v("panics", quoterFunc(func(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) { panic("bug at 0xdeadbeef") })),
	}, aggregate.Options{Logger: log})
	q := e.Quote(context.Background(), req, e.Venues(), nil)
	want := map[string]string{
		"down":    "unavailable: venue unreachable",
		"bare":    "unsupported_pair: unsupported_pair",
		"limited": "rate_limited: rate limited",
		"panics":  "bad_response: adapter panicked",
	}
	if diff := cmp.Diff(want, failuresOf(q)); diff != "" {
		t.Errorf("failures (-want +got):\n%s", diff)
	}
	for _, s := range []string{"venue=down", "connection refused", "venue=bare", "10.1.2.3", "venue=limited", "s3cret"} {
		if !strings.Contains(logs.String(), s) {
			t.Errorf("logs lack %q:\n%s", s, logs.String())
		}
	}
}

// TestKYCFilterAppliesToOffers: an aggregator rated A whose offer is
// executed by a provider rated C is not shown under kyc=A, neither in the
// quote nor in the stream.
func TestKYCFilterAppliesToOffers(t *testing.T) {
	provider := func(kyc swapscout.KYCRating, out string) quoterFunc {
		return func(context.Context, swapscout.QuoteRequest) (swapscout.Offer, error) {
			return swapscout.Offer{AmountIn: req.Amount, AmountOut: swapscout.MustAmount(out), Provider: "p" + kyc.String(), KYC: kyc}, nil
		}
	}
	agg := v("agg", provider('C', "2.1"))
	agg.KYC = 'A'
	plain := v("plain", after(0, "2"))
	plain.KYC = 'A'
	s := &aggregate.Service{Engine: newEngine(t, []aggregate.Venue{agg, plain}, aggregate.Options{})}
	var streamed atomic.Int32
	emit := func(r swapscout.Result) {
		if r.Offer != nil && r.Offer.Venue == "agg" {
			streamed.Add(1)
		}
	}
	q, err := s.Quote(context.Background(), req, aggregate.Selection{MaxKYC: 'A'}, emit)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"plain"}, offersOf(q)); diff != "" {
		t.Errorf("kyc=A offers (-want +got):\n%s", diff)
	}
	if streamed.Load() != 0 {
		t.Error("the C-rated offer was streamed under kyc=A")
	}
	q, _ = s.Quote(context.Background(), req, aggregate.Selection{MaxKYC: 'C'}, nil)
	if diff := cmp.Diff([]string{"agg", "plain"}, offersOf(q)); diff != "" {
		t.Errorf("kyc=C offers (-want +got):\n%s", diff)
	}
}

// TestStreamAgreesWithQuote (property): whatever the rates and the order
// the venues answer in, one outlier ×k among near-equal offers never ranks,
// no honest offer is rejected, and the last result streamed for each venue
// is the one the final quote holds.
func TestStreamAgreesWithQuote(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(3, 20).Draw(t, "honest")
		base := math.Pow(10, rapid.Float64Range(-6, 6).Draw(t, "log10 rate"))
		k := math.Pow(10, rapid.Float64Range(3, 12).Draw(t, "log10 k"))
		if rapid.Bool().Draw(t, "below") {
			k = 1 / k
		}
		outlier := rapid.IntRange(0, n).Draw(t, "outlier at")
		var vs []aggregate.Venue
		for i := range n + 1 {
			rate := base * (1 + rapid.Float64Range(-0.05, 0.05).Draw(t, "spread"))
			if i == outlier {
				rate = base * k
			}
			out, err := swapscout.AmountFromFloat(rate * 0.1)
			if err != nil || out.Sign() <= 0 {
				t.Skip("rate not representable")
			}
			delay := time.Duration(rapid.IntRange(0, 3).Draw(t, "delay ms")) * time.Millisecond
			vs = append(vs, v(fmt.Sprint("v", i), answers(delay, "0.1", out.String())))
		}
		e := aggregate.New(vs, aggregate.Options{Logger: slog.New(slog.DiscardHandler)})
		last := map[string]string{}
		// A pair without price anchors: the rates here span twelve orders
		// of magnitude, and this property is about the median alone.
		unanchored := req
		unanchored.From, unanchored.To = swapscout.Asset{Ticker: "aaa"}, swapscout.Asset{Ticker: "bbb"}
		q := e.Quote(context.Background(), unanchored, e.Venues(), func(r swapscout.Result) {
			if r.Offer != nil {
				last[r.Offer.Venue] = "offer"
			} else {
				last[r.Failure.Venue] = string(r.Failure.Code)
			}
		})
		final := map[string]string{}
		for _, o := range q.Offers {
			final[o.Venue] = "offer"
		}
		for _, f := range q.Failures {
			final[f.Venue] = string(f.Code)
		}
		want := map[string]string{}
		for i := range n + 1 {
			want[fmt.Sprint("v", i)] = "offer"
		}
		want[fmt.Sprint("v", outlier)] = "bad_response"
		if diff := cmp.Diff(want, final); diff != "" {
			t.Fatalf("quote (-want +got):\n%s", diff)
		}
		if diff := cmp.Diff(final, last); diff != "" {
			t.Fatalf("stream's last word differs from the quote (-quote +stream):\n%s", diff)
		}
	})
}
