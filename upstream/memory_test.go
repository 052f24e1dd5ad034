//go:build !race

package upstream

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// These tests measure the process heap, so they stay out of -race builds
// (the race detector's shadow memory would swamp the figures).

// hostile is a loopback HTTP/1.1 server whose answers are written by a test
// function: it reads each request's head and hands the connection over.
type hostile struct {
	url string
	ln  net.Listener
	wg  sync.WaitGroup
}

func newHostile(t *testing.T, answer func(c net.Conn, path string)) *hostile {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h := &hostile{url: "http://" + ln.Addr().String(), ln: ln}
	h.wg.Add(1)
	go func() {
		defer h.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			h.wg.Add(1)
			go func() {
				defer h.wg.Done()
				defer c.Close()
				br := bufio.NewReader(c)
				line, err := br.ReadString('\n')
				if err != nil {
					return
				}
				for {
					l, err := br.ReadSlice('\n')
					if err != nil {
						return
					}
					if len(l) <= 2 {
						break
					}
				}
				path := strings.Fields(line)[1]
				answer(c, path)
			}()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		h.wg.Wait()
	})
	return h
}

// hundredMB is what a hostile venue answers.
const hundredMB = 100 << 20

// writeHuge writes n bytes of JSON-ish filler in framing "length"
// (Content-Length), "chunked" or "close" (delimited by closing), stopping
// when the client hangs up.
func writeHuge(c net.Conn, framing string, n int) {
	bw := bufio.NewWriterSize(c, 64<<10)
	switch framing {
	case "length":
		fmt.Fprintf(bw, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", n)
	case "chunked":
		fmt.Fprintf(bw, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n")
	case "close":
		fmt.Fprintf(bw, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n")
	}
	chunk := bytes.Repeat([]byte("[1,2,3,4,5,6,7]"), 4<<10)
	for sent := 0; sent < n; sent += len(chunk) {
		if framing == "chunked" {
			fmt.Fprintf(bw, "%x\r\n", len(chunk))
		}
		bw.Write(chunk)
		if framing == "chunked" {
			bw.WriteString("\r\n")
		}
		if bw.Flush() != nil {
			return
		}
	}
	if framing == "chunked" {
		bw.WriteString("0\r\n\r\n")
	}
	bw.Flush()
}

// allocated runs f and returns how many bytes the process allocated meanwhile.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestHugeBodyStopsAtCap: a 100 MB answer costs about the call's cap, in
// every framing, and the reading stops there.
func TestHugeBodyStopsAtCap(t *testing.T) {
	const limit = 256 << 10
	for _, framing := range []string{"length", "chunked", "close"} {
		t.Run(framing, func(t *testing.T) {
			srv := newHostile(t, func(c net.Conn, _ string) { writeHuge(c, framing, hundredMB) })
			cl := newClient(t, Options{MaxBodySize: limit})
			var err error
			n := allocated(func() { _, _, err = get(context.Background(), cl, srv.url+"/huge") })
			if !isErr(err, ErrBodyTooLarge) {
				t.Fatalf("err = %v, want ErrBodyTooLarge", err)
			}
			t.Logf("%s: %d KiB allocated for a 100 MB answer with a %d KiB cap", framing, n>>10, limit>>10)
			// The pooled blocks the body is spooled in may be new (a
			// cap's worth), and the test's own server allocates its write
			// buffers in this process.
			if n > 2*limit+256<<10 {
				t.Errorf("allocated %d bytes, want at most %d (2x the cap + the server's buffers)", n, 2*limit+256<<10)
			}
			if got := cl.BodyBytesInFlight(); got != 0 {
				t.Errorf("%d bytes of the budget still held after ReleaseCall", got)
			}
		})
	}
}

// TestGzipBomb: a small gzip body that inflates to 200 MB fails at the cap
// without inflating the rest, and its inflated bytes count against the
// shared budget.
func TestGzipBomb(t *testing.T) {
	var z bytes.Buffer
	w, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
	zeros := make([]byte, 1<<20)
	for range 200 {
		w.Write(zeros)
	}
	w.Close()
	bomb := z.Bytes()
	srv := newHostile(t, func(c net.Conn, _ string) {
		fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: %d\r\n\r\n%s", len(bomb), bomb)
	})

	t.Run("cap", func(t *testing.T) {
		const limit = 1 << 20
		cl := newClient(t, Options{MaxBodySize: limit})
		var err error
		n := allocated(func() { _, _, err = get(context.Background(), cl, srv.url+"/bomb") })
		if !isErr(err, ErrBodyTooLarge) {
			t.Fatalf("err = %v, want ErrBodyTooLarge", err)
		}
		t.Logf("%d KiB allocated for a %d KiB gzip body inflating to 200 MiB", n>>10, len(bomb)>>10)
		if n > 2*limit+uint64(len(bomb)) {
			t.Errorf("allocated %d bytes, want at most %d", n, 2*limit+len(bomb))
		}
	})
	t.Run("budget", func(t *testing.T) {
		// The gzip body fits the budget; what it inflates to does not.
		cl := newClient(t, Options{MaxBodySize: 8 << 20, BodyBudget: len(bomb) + 512<<10})
		if _, _, err := get(context.Background(), cl, srv.url+"/bomb"); !isErr(err, ErrBodyBudget) {
			t.Fatalf("err = %v, want ErrBodyBudget", err)
		}
		if got := cl.BodyBytesInFlight(); got != 0 {
			t.Errorf("%d bytes of the budget still held after ReleaseCall", got)
		}
	})
}

// TestBodyBudgetBoundsConcurrentCalls: N calls whose answers are all in
// flight at once (each server sends part of a large body, then stalls) hold
// no more than the shared budget, whatever each call's own cap allows; the
// calls past it fail at once with ErrBodyBudget instead of waiting.
func TestBodyBudgetBoundsConcurrentCalls(t *testing.T) {
	const (
		calls  = 32
		limit  = 2 << 20 // each call may take 2 MiB …
		sent   = 1 << 20 // … the server sends 1 MiB of it, then stalls
		budget = 8 << 20 // … and all of them together 8 MiB
	)
	for _, framing := range []string{"length", "chunked", "close"} {
		t.Run(framing, func(t *testing.T) {
			release := make(chan struct{})
			var written sync.WaitGroup
			written.Add(calls)
			srv := newHostile(t, func(c net.Conn, _ string) {
				// Announce 2 MiB where the framing says so, send half.
				bw := bufio.NewWriter(c)
				switch framing {
				case "length":
					fmt.Fprintf(bw, "HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n", limit-1)
				case "chunked":
					fmt.Fprintf(bw, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n%x\r\n", limit-1)
				case "close":
					fmt.Fprintf(bw, "HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n")
				}
				bw.Write(bytes.Repeat([]byte{'7'}, sent))
				bw.Flush()
				written.Done()
				<-release
			})
			cl := newClient(t, Options{MaxBodySize: limit, BodyBudget: budget})

			var base runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&base)

			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			errs := make(chan error, calls)
			for range calls {
				go func() {
					_, _, err := get(ctx, cl, srv.url+"/stall")
					errs <- err
				}()
			}
			written.Wait()
			// Let the clients take in what the servers wrote.
			time.Sleep(300 * time.Millisecond)
			var held runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&held)
			grew := int64(held.HeapInuse) - int64(base.HeapInuse)
			inFlight := cl.BodyBytesInFlight()
			close(release)

			refused := 0
			for range calls {
				if err := <-errs; isErr(err, ErrBodyBudget) {
					refused++
				}
			}
			t.Logf("%s: %d calls with 1 MiB each in flight: heap grew %d KiB, budget held %d KiB, %d calls refused",
				framing, calls, grew>>10, inFlight>>10, refused)
			if inFlight > budget {
				t.Errorf("budget held %d bytes, more than its %d", inFlight, budget)
			}
			if grew > budget+4<<20 {
				t.Errorf("heap grew %d bytes with every answer in flight, want at most the budget %d + 4 MiB", grew, budget)
			}
			if refused == 0 {
				t.Errorf("no call was refused, want the ones past the budget to fail with ErrBodyBudget")
			}
			if got := cl.BodyBytesInFlight(); got != 0 {
				t.Errorf("%d bytes of the budget still held after every call", got)
			}
		})
	}
}

// TestHeaderTooLarge: headers past the read buffer are their own error.
func TestHeaderTooLarge(t *testing.T) {
	srv := newHostile(t, func(c net.Conn, _ string) {
		fmt.Fprintf(c, "HTTP/1.1 200 OK\r\nX-Junk: %s\r\nContent-Length: 2\r\n\r\n{}", strings.Repeat("a", 64<<10))
		io.Copy(io.Discard, c)
	})
	cl := newClient(t, Options{})
	if _, _, err := get(context.Background(), cl, srv.url+"/"); !isErr(err, ErrHeaderTooLarge) {
		t.Fatalf("err = %v, want ErrHeaderTooLarge", err)
	}
}
