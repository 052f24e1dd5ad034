package book_test

import (
	"encoding/json"
	"os"
	"runtime"
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
	fns := map[string]func(){
		"ours": func() { s.Reset(data); s.Book(&bk, book.PriceQty, "bids", "asks"); s.Finish() },
		"std":  func() { var d binanceDepth; json.Unmarshal(data, &d) },
		"sonic": func() { var d binanceDepth; sonic.Unmarshal(data, &d) },
	}
	best := map[string]time.Duration{}
	for round := 0; round < 15; round++ {
		for name, fn := range fns {
			n := 10000
			if name == "std" {
				n = 1500
			}
			c0 := threadCPU()
			for i := 0; i < n; i++ {
				fn()
			}
			per := (threadCPU() - c0) / time.Duration(n)
			if b, ok := best[name]; !ok || per < b {
				best[name] = per
			}
		}
	}
	t.Logf("min CPU/op: ours %v std %v sonic %v ratio ours/sonic %.2f", best["ours"], best["std"], best["sonic"], float64(best["ours"])/float64(best["sonic"]))
}
