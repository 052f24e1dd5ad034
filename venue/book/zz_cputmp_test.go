package book_test

import (
	"encoding/json"
	"os"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/bytedance/sonic"
	"github.com/swapscout/swapscout/venue/book"
)

func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func TestZZCPU(t *testing.T) {
	if os.Getenv("ZZCPU") == "" {
		t.Skip()
	}
	runtime.LockOSThread()
	data, _ := os.ReadFile(depth50Path)
	var s book.Scanner
	var bk book.Book
	ours := func() { s.Reset(data); s.Book(&bk, book.PriceQty, "bids", "asks"); s.Finish() }
	son := func() { var d binanceDepth; sonic.Unmarshal(data, &d) }
	std := func() { var d binanceDepth; json.Unmarshal(data, &d) }
	measure := func(fn func(), n int) time.Duration {
		c0 := threadCPU()
		for i := 0; i < n; i++ {
			fn()
		}
		return (threadCPU() - c0) / time.Duration(n)
	}
	var ratios []float64
	var o, so, st []time.Duration
	for round := 0; round < 40; round++ {
		a := measure(ours, 3000)
		b := measure(son, 3000)
		c := measure(std, 500)
		o, so, st = append(o, a), append(so, b), append(st, c)
		ratios = append(ratios, float64(a)/float64(b))
	}
	slices.Sort(ratios)
	slices.Sort(o)
	slices.Sort(so)
	slices.Sort(st)
	t.Logf("CPU/op median (min): ours %v (%v) sonic %v (%v) std %v (%v); ours/sonic per-round ratio median %.2f [p25 %.2f p75 %.2f]",
		o[20], o[0], so[20], so[0], st[20], st[0], ratios[20], ratios[10], ratios[30])
}
