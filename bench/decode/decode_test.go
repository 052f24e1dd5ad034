package decode

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"

	"github.com/bytedance/sonic"
	jsoniter "github.com/json-iterator/go"

	"github.com/swapscout/swapscout/venue/book"
)

// The fixture venue/book's tests generate: 50 levels a side, 3.2 KB.
const depth50 = "../../venue/book/testdata/binance_depth50.json"

type binanceDepth struct {
	LastUpdateID int64       `json:"lastUpdateId"`
	Bids         [][2]string `json:"bids"`
	Asks         [][2]string `json:"asks"`
}

// BenchmarkDecodeDepth50: ours into []Level of exact Amounts (reused
// slices); encoding/json, jsoniter and sonic into [][2]string, as the
// research measured.
func BenchmarkDecodeDepth50(b *testing.B) {
	data, err := os.ReadFile(depth50)
	if err != nil {
		b.Fatal(err)
	}
	run := func(name string, f func(b *testing.B)) {
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(data)))
			f(b)
		})
	}
	run("ours", func(b *testing.B) {
		var s book.Scanner
		var bk book.Book
		for b.Loop() {
			s.Reset(data)
			s.Book(&bk, book.PriceQty, "bids", "asks")
			if err := s.Finish(); err != nil {
				b.Fatal(err)
			}
		}
	})
	run("encoding_json", func(b *testing.B) {
		for b.Loop() {
			var d binanceDepth
			if err := json.Unmarshal(data, &d); err != nil {
				b.Fatal(err)
			}
		}
	})
	run("jsoniter", func(b *testing.B) {
		api := jsoniter.ConfigFastest
		for b.Loop() {
			var d binanceDepth
			if err := api.Unmarshal(data, &d); err != nil {
				b.Fatal(err)
			}
		}
	})
	run("sonic", func(b *testing.B) {
		for b.Loop() {
			var d binanceDepth
			if err := sonic.Unmarshal(data, &d); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// TestSameLevels: ours, encoding/json, jsoniter and sonic read the same numbers.
func TestSameLevels(t *testing.T) {
	data, err := os.ReadFile(depth50)
	if err != nil {
		t.Fatal(err)
	}
	var s book.Scanner
	var bk book.Book
	s.Reset(data)
	s.Book(&bk, book.PriceQty, "bids", "asks")
	if err := s.Finish(); err != nil {
		t.Fatal(err)
	}
	var std, son, jit binanceDepth
	if err := json.Unmarshal(data, &std); err != nil {
		t.Fatal(err)
	}
	if err := jsoniter.ConfigFastest.Unmarshal(data, &jit); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(std, jit) {
		t.Error("jsoniter and encoding/json read the depth differently")
	}
	if err := sonic.Unmarshal(data, &son); err != nil {
		t.Fatal(err)
	}
	if len(bk.Bids) != len(std.Bids) || len(bk.Asks) != len(son.Asks) {
		t.Fatalf("levels: ours %d/%d, std %d, sonic %d", len(bk.Bids), len(bk.Asks), len(std.Bids), len(son.Asks))
	}
	for i, l := range bk.Bids {
		if l.Price.Cmp(mustAmount(t, std.Bids[i][0])) != 0 || l.Qty.Cmp(mustAmount(t, son.Bids[i][1])) != 0 {
			t.Errorf("bid %d: ours %s %s, std %v, sonic %v", i, l.Price, l.Qty, std.Bids[i], son.Bids[i])
		}
	}
}
