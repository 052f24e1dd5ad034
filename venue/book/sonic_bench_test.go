package book_test

// sonic joins BenchmarkDecodeDepth50 for comparison only; no package code
// depends on it. Delete this file to drop the dependency.

import (
	"testing"

	"github.com/bytedance/sonic"
)

func init() {
	depthDecoders = append(depthDecoders, depthDecoder{"sonic", func(b *testing.B, data []byte) {
		for b.Loop() {
			var d binanceDepth
			if err := sonic.Unmarshal(data, &d); err != nil {
				b.Fatal(err)
			}
		}
	}})
}
