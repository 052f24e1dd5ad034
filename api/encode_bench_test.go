package api_test

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

// BenchmarkEncodeQuote compares AppendQuote, which encodes every fan-out's
// answer once before it is stored, with encoding/json on an equivalent tagged
// struct (what a conventional handler would marshal), on a realistic quote:
// ten offers (one routed through an order book, one through an aggregator's
// provider), fees, limits, fixed-rate ids and two failures; about 3.4 KB.
//
//	go test -run '^$' -bench EncodeQuote -benchmem ./api/
func BenchmarkEncodeQuote(b *testing.B) {
	q := encBenchQuote()
	t := encTaggedOf(q)
	size := int64(len(api.AppendQuote(nil, q)))
	b.Run("ours", func(b *testing.B) {
		buf := make([]byte, 0, 8<<10)
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			buf = api.AppendQuote(buf[:0], q)
		}
	})
	b.Run("json_Marshal", func(b *testing.B) {
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := json.Marshal(&t); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("json_Encoder", func(b *testing.B) {
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		b.SetBytes(size)
		b.ReportAllocs()
		for b.Loop() {
			buf.Reset()
			if err := enc.Encode(&t); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestEncodeQuoteEquivalent: the three encoders of the benchmark produce the
// same JSON document (decoded with encoding/json), so they are compared on
// equal work. Timestamps in the fixture have non-zero last millisecond digits:
// AppendQuote always writes three fraction digits and encoding/json trims
// trailing zeros, which would spell equal instants differently.
func TestEncodeQuoteEquivalent(t *testing.T) {
	q := encBenchQuote()
	tagged := encTaggedOf(q)
	ours := api.AppendQuote(nil, q)
	marshalled, err := json.Marshal(&tagged)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(&tagged); err != nil {
		t.Fatal(err)
	}
	decode := func(name string, b []byte) map[string]any {
		t.Helper()
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("%s: %v\n%s", name, err, b)
		}
		return m
	}
	want := decode("ours", ours)
	if offers, _ := want["offers"].([]any); len(offers) != 10 {
		t.Fatalf("fixture has %d offers, want 10", len(offers))
	}
	for name, b := range map[string][]byte{"json.Marshal": marshalled, "json.Encoder": buf.Bytes()} {
		if diff := cmp.Diff(decode(name, b), want); diff != "" {
			t.Errorf("%s differs from AppendQuote (-%s +ours):\n%s", name, name, diff)
		}
	}
}

// encBenchQuote is a realistic ranked quote for btc → xmr.
func encBenchQuote() *swapscout.Quote {
	created := time.Date(2026, 11, 21, 12, 0, 0, 123e6, time.UTC)
	btc := swapscout.Asset{Ticker: "btc", Network: "btc"}
	xmr := swapscout.Asset{Ticker: "xmr", Network: "xmr"}
	a := swapscout.MustAmount
	offer := func(venue, out, rate string, kyc swapscout.KYCRating, took time.Duration) swapscout.Offer {
		return swapscout.Offer{
			Venue: venue, AmountIn: a("0.25"), AmountOut: a(out), Rate: a(rate),
			Fees:   []swapscout.Fee{{Kind: "network", Amount: a("0.00012"), Asset: xmr}},
			ETAMin: 10 * time.Minute, ETAMax: 30 * time.Minute, KYC: kyc, Took: took,
		}
	}
	offers := []swapscout.Offer{
		offer("exolix", "115.12345678", "460.49382712", 'A', 181*time.Millisecond),
		offer("changenow", "115.01", "460.04", 'B', 243*time.Millisecond),
		offer("trocador", "114.98765432", "459.95061728", 'A', 291*time.Millisecond),
		offer("kraken", "114.9", "459.6", 'C', 97*time.Millisecond),
		offer("fixedfloat", "114.8765", "459.506", 'B', 133*time.Millisecond),
		offer("simpleswap", "114.75", "459", 'B', 212*time.Millisecond),
		offer("godex", "114.6", "458.4", 'A', 164*time.Millisecond),
		offer("letsexchange", "114.5123", "458.0492", 'B', 262*time.Millisecond),
		offer("binance", "114.41", "457.64", 'D', 47*time.Millisecond),
		offer("quickex", "114.3", "457.2", 'A', 301*time.Millisecond),
	}
	offers[1].Min, offers[1].Max = a("0.0021"), a("50")
	offers[1].RateType, offers[1].RateID, offers[1].ExpiresAt = swapscout.Fixed, "cha-9f8e7d6c5b", created.Add(10*time.Minute+6*time.Millisecond)
	offers[2].Provider = "stealthex"
	offers[3].Route = "XMR/BTC > BTC/USDT"
	offers[3].Fees = append(offers[3].Fees, swapscout.Fee{Kind: "trading", Amount: a("0.000625"), Asset: btc})
	offers[4].Min, offers[4].Max = a("0.0005"), a("12.5")
	offers[4].RateID, offers[4].ExpiresAt = "ff-0a1b2c3d", created.Add(5*time.Minute+1*time.Millisecond)
	offers[6].MinOut, offers[6].MaxOut = a("0.05"), a("2000") // godex quoted in reverse
	offers[8].Route = "XMR/USDT"
	offers[8].ETAMin, offers[8].ETAMax = 0, 5*time.Minute
	return &swapscout.Quote{
		ID:      "qabcdefghijklmnopqrstuvwxyz",
		Request: swapscout.QuoteRequest{From: btc, To: xmr, Amount: a("0.25")},
		Offers:  offers,
		Failures: []swapscout.Failure{
			{Venue: "majesticbank", Code: swapscout.CodeAmountTooSmall, Message: `amount is below the venue's "minimum"`,
				Min: a("0.5"), MinOut: a("0.2"), Took: 118 * time.Millisecond},
			{Venue: "xgram", Code: swapscout.CodeRateLimited, Message: "too many requests",
				RetryAfter: 1500 * time.Millisecond, Took: 61 * time.Millisecond},
		},
		CreatedAt: created,
		ExpiresAt: created.Add(2 * time.Minute),
		Took:      302 * time.Millisecond,
	}
}

// encQuote and friends are the tagged structs a conventional handler would
// hand to encoding/json for the same document.
type encQuote struct {
	ID        string       `json:"id"`
	Request   encRequest   `json:"request"`
	Offers    []encOffer   `json:"offers"`
	Failures  []encFailure `json:"failures"`
	CreatedAt time.Time    `json:"created_at"`
	ExpiresAt time.Time    `json:"expires_at"`
	TookMS    int64        `json:"took_ms"`
}

type encRequest struct {
	From      encAsset `json:"from"`
	To        encAsset `json:"to"`
	Amount    string   `json:"amount"`
	Direction string   `json:"direction"`
	Rate      string   `json:"rate"`
}

type encAsset struct {
	Ticker  string `json:"ticker"`
	Network string `json:"network"`
}

type encOffer struct {
	Venue     string    `json:"venue"`
	Provider  string    `json:"provider,omitempty"`
	Route     string    `json:"route,omitempty"`
	AmountIn  string    `json:"amount_in"`
	AmountOut string    `json:"amount_out"`
	Rate      string    `json:"rate"`
	Min       string    `json:"min,omitempty"`
	Max       string    `json:"max,omitempty"`
	MinOut    string    `json:"min_out,omitempty"`
	MaxOut    string    `json:"max_out,omitempty"`
	RateType  string    `json:"rate_type"`
	RateID    string    `json:"rate_id,omitempty"`
	ExpiresAt time.Time `json:"expires_at,omitzero"`
	Fees      []encFee  `json:"fees"`
	ETAMinS   *int64    `json:"eta_min_s,omitempty"`
	ETAMaxS   *int64    `json:"eta_max_s,omitempty"`
	KYC       string    `json:"kyc"`
	TookMS    int64     `json:"took_ms"`
}

type encFee struct {
	Kind   string   `json:"kind"`
	Amount string   `json:"amount"`
	Asset  encAsset `json:"asset"`
}

type encFailure struct {
	Venue       string `json:"venue"`
	Code        string `json:"code"`
	Message     string `json:"message"`
	Min         string `json:"min,omitempty"`
	Max         string `json:"max,omitempty"`
	MinOut      string `json:"min_out,omitempty"`
	MaxOut      string `json:"max_out,omitempty"`
	RetryAfterS int64  `json:"retry_after_s,omitempty"`
	TookMS      int64  `json:"took_ms"`
}

// encTaggedOf converts q field by field, with the API's conventions: amounts
// as decimal strings, zero limits omitted, durations in ms or s.
func encTaggedOf(q *swapscout.Quote) encQuote {
	asset := func(a swapscout.Asset) encAsset { return encAsset{Ticker: a.Ticker, Network: a.Network} }
	opt := func(a swapscout.Amount) string {
		if a.IsZero() {
			return ""
		}
		return a.String()
	}
	t := encQuote{
		ID: q.ID,
		Request: encRequest{From: asset(q.Request.From), To: asset(q.Request.To), Amount: q.Request.Amount.String(),
			Direction: q.Request.Direction.String(), Rate: q.Request.RateType.String()},
		Offers:    make([]encOffer, 0, len(q.Offers)),
		Failures:  make([]encFailure, 0, len(q.Failures)),
		CreatedAt: q.CreatedAt.UTC(), ExpiresAt: q.ExpiresAt.UTC(), TookMS: q.Took.Milliseconds(),
	}
	for _, o := range q.Offers {
		e := encOffer{Venue: o.Venue, Provider: o.Provider, Route: o.Route,
			AmountIn: o.AmountIn.String(), AmountOut: o.AmountOut.String(), Rate: o.Rate.String(),
			Min: opt(o.Min), Max: opt(o.Max), MinOut: opt(o.MinOut), MaxOut: opt(o.MaxOut),
			RateType: o.RateType.String(), RateID: o.RateID,
			ExpiresAt: o.ExpiresAt.UTC(), Fees: make([]encFee, 0, len(o.Fees)),
			KYC: o.KYC.String(), TookMS: o.Took.Milliseconds()}
		for _, f := range o.Fees {
			e.Fees = append(e.Fees, encFee{Kind: f.Kind, Amount: f.Amount.String(), Asset: asset(f.Asset)})
		}
		if o.ETAMax > 0 {
			lo, hi := int64(o.ETAMin/time.Second), int64(o.ETAMax/time.Second)
			e.ETAMinS, e.ETAMaxS = &lo, &hi
		}
		t.Offers = append(t.Offers, e)
	}
	for _, f := range q.Failures {
		e := encFailure{Venue: f.Venue, Code: string(f.Code), Message: f.Message, Min: opt(f.Min), Max: opt(f.Max),
			MinOut: opt(f.MinOut), MaxOut: opt(f.MaxOut), TookMS: f.Took.Milliseconds()}
		if f.RetryAfter > 0 {
			e.RetryAfterS = int64((f.RetryAfter + time.Second - 1) / time.Second)
		}
		t.Failures = append(t.Failures, e)
	}
	return t
}
