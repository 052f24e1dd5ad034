package book_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
)

var depth50Path = filepath.Join("testdata", "binance_depth50.json")

// genDepth50 renders a realistic Binance /api/v3/depth?limit=50 response
// for BTCUSDT: 50 levels a side around 97,123.45, one-cent ticks with gaps,
// quantities with 5 significant decimals, all printed with 8 decimals as
// Binance does. It is deterministic.
func genDepth50() []byte {
	rng := rand.New(rand.NewPCG(50, 3246))
	b := []byte(`{"lastUpdateId":71348092153,"bids":[`)
	side := func(price int64, step int64) {
		for i := range 50 {
			if i > 0 {
				b = append(b, ',')
				price += step * (1 + rng.Int64N(150))
			}
			qty := 1 + rng.Int64N(350000) // in 1e-5 BTC: up to 3.5 BTC
			if rng.IntN(4) == 0 {
				qty = 1 + rng.Int64N(1000)
			}
			b = append(b, `["`...)
			b = appendFixed(b, price, 2)
			b = append(b, `","`...)
			b = appendFixed(b, qty, 5)
			b = append(b, `"]`...)
		}
	}
	side(9712345, -1)
	b = append(b, `],"asks":[`...)
	side(9712346, 1)
	return append(b, "]}"...)
}

// appendFixed appends n×10^-scale with 8 decimals.
func appendFixed(b []byte, n int64, scale int) []byte {
	s := strconv.FormatInt(n, 10)
	for len(s) <= scale {
		s = "0" + s
	}
	b = append(b, s[:len(s)-scale]...)
	b = append(b, '.')
	b = append(b, s[len(s)-scale:]...)
	return append(b, "00000000"[scale:]...)
}

// TestDepth50Fixture keeps testdata/binance_depth50.json what genDepth50
// makes (-update rewrites it).
func TestDepth50Fixture(t *testing.T) {
	want := genDepth50()
	if *update {
		if err := os.WriteFile(depth50Path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(depth50Path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what genDepth50 makes; run go test -run TestDepth50Fixture -update", depth50Path)
	}
	b, err := decode(t, "binance", got)
	if err != nil {
		t.Fatal(err)
	}
	if len(b.Bids) != 50 || len(b.Asks) != 50 {
		t.Fatalf("%d bids, %d asks; want 50 each", len(b.Bids), len(b.Asks))
	}
	if err := b.Normalize(); err != nil {
		t.Fatal(err)
	}
}

// binanceDepth is how encoding/json (and sonic, in bench/decode) decode the depth, as the
// team's JSON benchmark did (perf-baselines.md).
type binanceDepth struct {
	LastUpdateID int64       `json:"lastUpdateId"`
	Bids         [][2]string `json:"bids"`
	Asks         [][2]string `json:"asks"`
}

type depthDecoder struct {
	name string
	run  func(b *testing.B, data []byte)
}

// depthDecoders lists the decoders BenchmarkDecodeDepth50 compares (sonic
// joins them in bench/decode, which keeps it out of this module).
var depthDecoders = []depthDecoder{
	{"ours", func(b *testing.B, data []byte) {
		var s book.Scanner
		var bk book.Book
		for b.Loop() {
			s.Reset(data)
			s.Book(&bk, book.PriceQty, "bids", "asks")
			if err := s.Finish(); err != nil {
				b.Fatal(err)
			}
		}
	}},
	{"encoding_json", func(b *testing.B, data []byte) {
		for b.Loop() {
			var d binanceDepth
			if err := json.Unmarshal(data, &d); err != nil {
				b.Fatal(err)
			}
		}
	}},
}

// BenchmarkDecodeDepth50 decodes a 50-level Binance depth (3.2 KB): ours
// into []Level of exact Amounts (reused slices), the others into
// [][2]string.
func BenchmarkDecodeDepth50(b *testing.B) {
	data, err := os.ReadFile(depth50Path)
	if err != nil {
		b.Fatal(err)
	}
	for _, d := range depthDecoders {
		b.Run(d.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			d.run(b, data)
		})
	}
}

// BenchmarkReadBook reads the depth-50 book as the adapters do, with
// ReadBook: flat (Binance) and in an envelope with a success code (Bybit).
func BenchmarkReadBook(b *testing.B) {
	data, err := os.ReadFile(depth50Path)
	if err != nil {
		b.Fatal(err)
	}
	wrapped := append(append([]byte(`{"retCode":0,"retMsg":"OK","result":`), data...), '}')
	for _, c := range []struct {
		name  string
		body  []byte
		shape book.Shape
	}{
		{"flat", data, book.Shape{}},
		{"envelope", wrapped, book.Shape{In: "result", Code: "retCode", Refused: func(c []byte) bool { return string(c) != "0" }}},
	} {
		b.Run(c.name, func(b *testing.B) {
			var s book.Scanner
			var bk book.Book
			b.ReportAllocs()
			b.SetBytes(int64(len(c.body)))
			for b.Loop() {
				if err := s.ReadBook(c.body, &bk, &c.shape, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkWalk prices a sell of half the depth-50 book's bids.
func BenchmarkWalk(b *testing.B) {
	data, err := os.ReadFile(depth50Path)
	if err != nil {
		b.Fatal(err)
	}
	bk, err := decode(b, "binance", data)
	if err != nil {
		b.Fatal(err)
	}
	half := amt("25")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := bk.Sell(half); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPrice prices a two-leg route (sell half the depth-50 book's
// bids, then buy back on the same book) with book.Price, each leg with its
// own taker fee: the route pricing the CEX engine runs once per candidate
// route and quote.
func BenchmarkPrice(b *testing.B) {
	data, err := os.ReadFile(depth50Path)
	if err != nil {
		b.Fatal(err)
	}
	bk, err := decode(b, "binance", data)
	if err != nil {
		b.Fatal(err)
	}
	legs := []book.Leg{{Base: "BTC", Quote: "USDT", Sell: true, Book: &bk}, {Base: "BTC", Quote: "USDT", Book: &bk}}
	p := book.Pricing{TakerFee: amt("0.001"), OutScale: 8, InScale: 8}
	half := amt("25")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := book.Price(swapscout.Send, half, legs, p); err != nil {
			b.Fatal(err)
		}
	}
}
