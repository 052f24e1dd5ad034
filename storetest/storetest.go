// Package storetest is the conformance suite every swapscout.QuoteStore
// passes: round trips of binary values, unknown ids, overwrites, reading
// one's own writes, expiry (and non-positive TTLs), unusual ids, stable
// returned bytes and concurrent use.
//
// An implementation's test calls Run with a constructor:
//
//	func TestConformance(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) swapscout.QuoteStore { return inmem.New(inmem.Options{}) })
//	}
//
// Every subtest gets a fresh store from newStore and runs in parallel with
// the others; expiry uses real, short TTLs, so the whole suite takes well
// under two seconds. The suite never modifies a slice after passing it to
// Put (the interface does not promise a copy) nor one returned by Get.
package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/suite"
)

// Run runs the conformance suite against stores made by newStore, which may
// register cleanups on the t it is given.
func Run(t *testing.T, newStore func(t *testing.T) swapscout.QuoteStore) {
	t.Helper()
	suite.Run(t, "QuoteStore", newStore, []suite.Test[swapscout.QuoteStore]{
		{Name: "RoundTrip", Fn: testRoundTrip},
		{Name: "UnknownID", Fn: testUnknownID},
		{Name: "Overwrite", Fn: testOverwrite},
		{Name: "ReadYourWrites", Fn: testReadYourWrites},
		{Name: "Expiry", Fn: testExpiry},
		{Name: "NonPositiveTTL", Fn: testNonPositiveTTL},
		{Name: "UnusualIDs", Fn: testUnusualIDs},
		{Name: "StableBytes", Fn: testStableBytes},
		{Name: "Concurrent", Fn: testConcurrent},
	})
}

// ExpiryTTL is the TTL the expiry tests use; they wait a little longer.
const ExpiryTTL = 150 * time.Millisecond

func testRoundTrip(t *testing.T, s swapscout.QuoteStore) {
	// A framed quote as httpapi stores it: 8 bytes of creation time (with
	// NULs), then JSON.
	framed := append([]byte{0, 0, 0x18, 0x9a, 0, 0x01, 0, 0}, `{"id":"q1","offers":[]}`...)
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	big := make([]byte, 1<<20)
	_, _ = rand.NewChaCha8([32]byte{1}).Read(big)
	cases := []struct {
		name string
		body []byte
	}{
		{"framed", framed},
		{"nul", []byte{0}},
		{"all bytes", all},
		{"resp-like", []byte("+OK\r\n$-1\r\n*2\r\n:1\r\n")},
		{"empty", []byte{}},
		{"1MB", big},
	}
	for i, c := range cases {
		id := fmt.Sprintf("rt-%d", i)
		mustPut(t, s, id, c.body, time.Minute)
		// Twice: the second read may come from a cache the first one filled.
		for range 2 {
			checkBytes(t, "Get("+c.name+")", mustGet(t, s, id), c.body)
		}
	}
}

func testUnknownID(t *testing.T, s swapscout.QuoteStore) {
	wantNotFound(t, s, "never-put")
	mustPut(t, s, "known", []byte("x"), time.Minute)
	wantNotFound(t, s, "know")   // a prefix of a known id
	wantNotFound(t, s, "known2") // an extension of one
	wantNotFound(t, s, "never-put")
}

func testOverwrite(t *testing.T, s swapscout.QuoteStore) {
	mustPut(t, s, "ow", []byte("first value"), time.Minute)
	checkBytes(t, "Get before overwrite", mustGet(t, s, "ow"), []byte("first value"))
	mustPut(t, s, "ow", []byte("2nd"), time.Minute)
	checkBytes(t, "Get after overwrite", mustGet(t, s, "ow"), []byte("2nd"))
	mustPut(t, s, "ow", []byte("third, longer than both"), time.Minute)
	checkBytes(t, "Get after second overwrite", mustGet(t, s, "ow"), []byte("third, longer than both"))
}

// testReadYourWrites checks that a Get right after a Put sees it, even when
// the id was just looked up and found missing or holding another value (a
// cache in front of the store must not answer from what it saw before).
func testReadYourWrites(t *testing.T, s swapscout.QuoteStore) {
	for i := range 100 {
		id := fmt.Sprint("ryw-", i)
		wantNotFound(t, s, id)
		mustPut(t, s, id, []byte("first"), time.Minute)
		checkBytes(t, "Get("+id+") after a miss and a Put", mustGet(t, s, id), []byte("first"))
		mustPut(t, s, id, []byte("second"), time.Minute)
		checkBytes(t, "Get("+id+") after an overwrite", mustGet(t, s, id), []byte("second"))
		mustPut(t, s, id, []byte("gone"), 0)
		wantNotFound(t, s, id)
	}
}

// testExpiry checks that an entry is readable right after Put, that no Get
// which started ExpiryTTL after the Put started returns it (a cache in front
// of the store must not serve it late), that it is gone soon after, and that
// an overwrite replaces the TTL.
func testExpiry(t *testing.T, s swapscout.QuoteStore) {
	mustPut(t, s, "extended", []byte("short then long"), ExpiryTTL)
	mustPut(t, s, "long", []byte("stays"), time.Minute)
	start := time.Now()
	mustPut(t, s, "short", []byte("goes"), ExpiryTTL)
	mustPut(t, s, "extended", []byte("long now"), time.Minute)
	checkBytes(t, "Get(short) right after Put", mustGet(t, s, "short"), []byte("goes"))

	deadline := start.Add(ExpiryTTL)
	giveUp := deadline.Add(500 * time.Millisecond)
	for {
		began := time.Now()
		v, err := s.Get(context.Background(), []byte("short"))
		if err == nil {
			if !began.Before(deadline) {
				t.Fatalf("Get(short) began %v after Put with TTL %v and still returned %q", began.Sub(start), ExpiryTTL, v)
			}
		} else if code := swapscout.ErrorCode(err); code != swapscout.ENOTFOUND {
			t.Fatalf("Get(short) error = %v (code %q), want code %q", err, code, swapscout.ENOTFOUND)
		} else {
			break
		}
		if began.After(giveUp) {
			t.Fatalf("Get(short) still answers %v after Put with TTL %v", began.Sub(start), ExpiryTTL)
		}
		time.Sleep(2 * time.Millisecond)
	}
	wantNotFound(t, s, "short")
	checkBytes(t, "Get(long)", mustGet(t, s, "long"), []byte("stays"))
	if time.Since(start) < ExpiryTTL {
		t.Fatalf("expiry observed after %v, before the TTL of %v", time.Since(start), ExpiryTTL)
	}
	checkBytes(t, "Get(extended) after the first TTL", mustGet(t, s, "extended"), []byte("long now"))
}

func testNonPositiveTTL(t *testing.T, s swapscout.QuoteStore) {
	mustPut(t, s, "zero", []byte("z"), 0)
	wantNotFound(t, s, "zero")
	mustPut(t, s, "replaced", []byte("r"), time.Minute)
	mustGet(t, s, "replaced")
	mustPut(t, s, "replaced", []byte("r2"), -time.Second)
	wantNotFound(t, s, "replaced")
}

// UnusualIDs are ids a store must keep apart and intact: empty, NULs,
// protocol-looking bytes, glob and hash-tag characters, invalid UTF-8, long.
var UnusualIDs = func() []string {
	var all strings.Builder
	for i := range 256 {
		all.WriteByte(byte(i))
	}
	return []string{
		"", "\x00", "a\x00b", "\x00\x00", "\r\n", "*1\r\n$4\r\nPING\r\n", " leading and trailing ",
		"ünïcødé ✓", "\xff\xfe\xfd", "{hash}tag", "key:with:colons", "*?[glob]", "a", "ab", "A",
		strings.Repeat("x", 1024), all.String(),
	}
}()

func testUnusualIDs(t *testing.T, s swapscout.QuoteStore) {
	for i, id := range UnusualIDs {
		mustPut(t, s, id, fmt.Appendf(nil, "value %d", i), time.Minute)
	}
	for i, id := range UnusualIDs {
		checkBytes(t, fmt.Sprintf("Get(%q)", clip(id)), mustGet(t, s, id), fmt.Appendf(nil, "value %d", i))
	}
	wantNotFound(t, s, "\x00\x00\x00")
	wantNotFound(t, s, "b")
}

// testStableBytes checks that bytes returned by Get do not change when other
// entries are written or the same id is overwritten later.
func testStableBytes(t *testing.T, s swapscout.QuoteStore) {
	mustPut(t, s, "a", []byte("value of a"), time.Minute)
	got := mustGet(t, s, "a")
	want := bytes.Clone(got)
	mustPut(t, s, "b", []byte("a different, longer value of b"), time.Minute)
	mustGet(t, s, "b")
	mustPut(t, s, "a", []byte("new a!!!!!"), time.Minute) // same length as the old
	checkBytes(t, "Get(a) after overwrite", mustGet(t, s, "a"), []byte("new a!!!!!"))
	for i := range 50 {
		mustPut(t, s, fmt.Sprint("filler", i), bytes.Repeat([]byte{byte(i)}, 100), time.Minute)
	}
	checkBytes(t, "bytes returned by an earlier Get(a)", got, want)
}

// testConcurrent runs Puts and Gets from several goroutines: each goroutine
// reads back its own ids exactly, and everyone overwrites and reads one
// shared id, which must always hold one writer's whole value.
func testConcurrent(t *testing.T, s swapscout.QuoteStore) {
	const workers, rounds = 8, 60
	ctx := context.Background()
	value := func(w, i int) []byte {
		return bytes.Repeat(fmt.Appendf(nil, "w%d-%d;", w, i), 1+i%7)
	}
	valid := func(v []byte) bool {
		var w, i int
		if _, err := fmt.Sscanf(string(v), "w%d-%d;", &w, &i); err != nil {
			return false
		}
		return bytes.Equal(v, value(w, i))
	}
	mustPut(t, s, "shared", value(0, 0), time.Minute)
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Go(func() {
			for i := range rounds {
				id := fmt.Sprintf("c-%d-%d", w, i)
				if err := s.Put(ctx, id, value(w, i), time.Minute); err != nil {
					errs <- fmt.Errorf("Put(%s): %v", id, err)
					return
				}
				if v, err := s.Get(ctx, []byte(id)); err != nil || !bytes.Equal(v, value(w, i)) {
					errs <- fmt.Errorf("Get(%s) = %q, %v; want %q", id, v, err, value(w, i))
					return
				}
				if i%3 == 0 {
					if err := s.Put(ctx, "shared", value(w, i), time.Minute); err != nil {
						errs <- fmt.Errorf("Put(shared): %v", err)
						return
					}
				}
				if v, err := s.Get(ctx, []byte("shared")); err != nil || !valid(v) {
					errs <- fmt.Errorf("Get(shared) = %q, %v; want one writer's whole value", v, err)
					return
				}
				other := fmt.Sprintf("c-%d-%d", (w+1)%workers, i/2)
				if v, err := s.Get(ctx, []byte(other)); err == nil && !valid(v) {
					errs <- fmt.Errorf("Get(%s) = %q, want one writer's whole value", other, v)
					return
				} else if err != nil && swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
					errs <- fmt.Errorf("Get(%s): %v", other, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func mustPut(t *testing.T, s swapscout.QuoteStore, id string, body []byte, ttl time.Duration) {
	t.Helper()
	if err := s.Put(context.Background(), id, body, ttl); err != nil {
		t.Fatalf("Put(%q, %d bytes, %v): %v", clip(id), len(body), ttl, err)
	}
}

func mustGet(t *testing.T, s swapscout.QuoteStore, id string) []byte {
	t.Helper()
	v, err := s.Get(context.Background(), []byte(id))
	if err != nil {
		t.Fatalf("Get(%q): %v", clip(id), err)
	}
	return v
}

func wantNotFound(t *testing.T, s swapscout.QuoteStore, id string) {
	t.Helper()
	v, err := s.Get(context.Background(), []byte(id))
	var e *swapscout.Error
	switch {
	case err == nil:
		t.Fatalf("Get(%q) = %q, nil; want an error with code %q", clip(id), clip(string(v)), swapscout.ENOTFOUND)
	case swapscout.ErrorCode(err) != swapscout.ENOTFOUND || !errors.As(err, &e):
		t.Fatalf("Get(%q) error = %v (code %q), want code %q", clip(id), err, swapscout.ErrorCode(err), swapscout.ENOTFOUND)
	case len(v) != 0:
		t.Fatalf("Get(%q) = %q with a not-found error, want no bytes", clip(id), clip(string(v)))
	}
}

// checkBytes compares byte slices, with a readable diff when they are short.
func checkBytes(t *testing.T, what string, got, want []byte) {
	t.Helper()
	if bytes.Equal(got, want) {
		return
	}
	if len(got) <= 512 && len(want) <= 512 {
		t.Fatalf("%s mismatch (-got +want):\n%s", what, cmp.Diff(got, want))
	}
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	t.Fatalf("%s: got %d bytes, want %d; first difference at byte %d", what, len(got), len(want), i)
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
