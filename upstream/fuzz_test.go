package upstream

import (
	"bufio"
	"context"
	"net"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// FuzzResponse answers the client's request with arbitrary bytes, which is
// what a venue (or anything between us and it) may send. Do must return,
// with a response or an error, within its timeout and without a panic, and
// a body it returns never exceeds the limit.
func FuzzResponse(f *testing.F) {
	for _, s := range []string{
		"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n",
		"HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 23\r\n\r\n\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\xff\xaa\xae\x05\x04\x00\x00\xff\xff\x43\xbf\xa6\xa3\x02\x00",
		"HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 429 Too Many Requests\r\nRetry-After: 2\r\nContent-Length: 0\r\n\r\n",
		"HTTP/1.0 200 OK\r\n\r\nread until close",
		"HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n",
		"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nffffffffffffffff\r\n",
		"garbage\r\n\r\n",
		"",
	} {
		f.Add([]byte(s))
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		f.Fatal(err)
	}
	// Each connection reads one request head, answers it with the current
	// input and closes, so an incomplete answer ends at EOF rather than at
	// the timeout (a client that retries on a fresh connection gets the same
	// bytes again).
	var current atomic.Pointer[[]byte]
	var wg sync.WaitGroup
	defer wg.Wait()
	defer ln.Close()
	wg.Go(func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Go(func() {
				defer c.Close()
				br := bufio.NewReader(c)
				for { // the request's head; it has no body
					line, err := br.ReadSlice('\n')
					if err != nil {
						return
					}
					if len(line) <= 2 {
						break
					}
				}
				_, _ = c.Write(*current.Load())
			})
		}
	})
	cl := New(Options{})
	defer cl.Close()
	url := "http://" + ln.Addr().String() + "/"
	f.Fuzz(func(t *testing.T, resp []byte) {
		c := AcquireCall()
		defer ReleaseCall(c)
		c.SetURL(url)
		c.SetTimeout(time.Second)
		c.SetMaxBodySize(1 << 16)
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		current.Store(&resp)
		err := cl.Do(ctx, c)
		if ctx.Err() != nil { // the context's 3 s ended before the call's 1 s did
			t.Fatalf("Do ran past its 1s timeout to the context's deadline for %q", resp)
		}
		if err == nil && len(c.Body()) > 1<<16 {
			t.Fatalf("body of %d bytes past the 64 KiB limit", len(c.Body()))
		}
	})
}
