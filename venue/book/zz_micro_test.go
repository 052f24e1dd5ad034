package book

import (
	"encoding/binary"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

var sink uint64

func digitRunSWAR(d []byte, i int) (v uint64, n int) {
	if i+8 <= len(d) {
		k, x := digits8(binary.LittleEndian.Uint64(d[i:]))
		if k < 8 {
			return x, k
		}
		v, n = x, 8
	}
	for ; i+n < len(d) && isDigit(d[i+n]); n++ {
		v = v*10 + uint64(d[i+n]-'0')
	}
	return v, n
}

var sinkA swapscout.Amount

func threadCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(1, &ru) // RUSAGE_THREAD
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func cpuMin(rounds, n int, fns map[string]func()) map[string]time.Duration {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	best := map[string]time.Duration{}
	for r := 0; r < rounds; r++ {
		for name, fn := range fns {
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
	return best
}

func TestZZMicro(t *testing.T) {
	if os.Getenv("ZZCPU") == "" {
		t.Skip()
	}
	data, _ := os.ReadFile("testdata/binance_depth50.json")
	var starts []int
	for i := 1; i < len(data); i++ {
		if data[i] == '"' && data[i-1] == '[' || data[i] == '"' && data[i-1] == ',' && data[i-2] == '"' {
			starts = append(starts, i)
		}
	}
	t.Log(len(starts))
	var s Scanner
	var b Book
	t.Log(cpuMin(20, 10000, map[string]func(){
		"bytes": func() {
			var x uint64
			for _, c := range data {
				x += uint64(c)
			}
			sink += x
		},
		"parseDecimal": func() {
			for _, i := range starts {
				c, sc, _, _ := parseDecimal(data, i)
				sinkA = swapscout.NewAmount(c, sc)
			}
		},
		"wire": func() {
			for _, i := range starts {
				a, _ := swapscout.ParseWireAmount(data[i+1 : i+14])
				sinkA = a
			}
		},
		"digitRuns": func() {
			for _, i := range starts {
				v, n := digitRun(data, i+1)
				v2, m := digitRun(data, i+2+n)
				sink += v + v2 + uint64(m)
			}
		},
		"digitRunsSWAR": func() {
			for _, i := range starts {
				v, n := digitRunSWAR(data, i+1)
				v2, m := digitRunSWAR(data, i+2+n)
				sink += v + v2 + uint64(m)
			}
		},
		"full": func() {
			s.Reset(data)
			s.Book(&b, PriceQty, "bids", "asks")
		},
	}))
}
