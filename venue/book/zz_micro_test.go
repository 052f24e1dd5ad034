package book

import (
	"os"
	"testing"
)

func digitRunBytes(d []byte, i int) (v uint64, n int) {
	for ; i+n < len(d) && isDigit(d[i+n]); n++ {
		v = v*10 + uint64(d[i+n]-'0')
	}
	return v, n
}

var sink uint64

func BenchmarkZZDigits(b *testing.B) {
	data, _ := os.ReadFile("testdata/binance_depth50.json")
	var starts []int
	for i := 1; i < len(data); i++ {
		if isDigit(data[i]) && !isDigit(data[i-1]) {
			starts = append(starts, i)
		}
	}
	b.Run("swar", func(b *testing.B) {
		for b.Loop() {
			for _, i := range starts {
				v, n := digitRun(data, i)
				sink += v + uint64(n)
			}
		}
	})
	b.Run("bytes", func(b *testing.B) {
		for b.Loop() {
			for _, i := range starts {
				v, n := digitRunBytes(data, i)
				sink += v + uint64(n)
			}
		}
	})
}
