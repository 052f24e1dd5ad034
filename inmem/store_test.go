package inmem_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/inmem"
	"github.com/swapscout/swapscout/storetest"
)

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) swapscout.QuoteStore {
		return inmem.New(inmem.Options{})
	})
}

// TestByteBudget: under a stream of puts the store stays within its byte
// budget by evicting the oldest entries first; an evicted id answers that
// it expired (an unknown one that it was not found), and evictions are
// counted.
func TestByteBudget(t *testing.T) {
	const budget = 64 << 10
	s := inmem.New(inmem.Options{MaxBytes: budget})
	body := make([]byte, 1000)
	ctx := context.Background()
	for i := range 1000 {
		if err := s.Put(ctx, fmt.Sprintf("q%04d", i), body, time.Minute); err != nil {
			t.Fatal(err)
		}
		if b := s.Bytes(); b > budget {
			t.Fatalf("after %d puts the store holds %d bytes, over its %d budget", i+1, b, budget)
		}
	}
	if _, err := s.Get(ctx, []byte("q0999")); err != nil {
		t.Errorf("newest entry: %v", err)
	}
	_, err := s.Get(ctx, []byte("q0000"))
	if err == nil || !strings.Contains(swapscout.ErrorMessage(err), "expired") || swapscout.ErrorCode(err) != swapscout.ENOTFOUND {
		t.Errorf("oldest (evicted) entry: %v, want a not_found that says it expired", err)
	}
	if _, err := s.Get(ctx, []byte("never")); err == nil || strings.Contains(swapscout.ErrorMessage(err), "expired") {
		t.Errorf("unknown id: %v, want not found", err)
	}
	if n := s.Evictions(); n < 900 {
		t.Errorf("evictions = %d, want the ~940 entries past the budget", n)
	}
	// Oldest first: whatever is left is a suffix of the puts.
	kept := s.Len()
	for i := 1000 - kept; i < 1000; i++ {
		if _, err := s.Get(ctx, []byte(fmt.Sprintf("q%04d", i))); err != nil {
			t.Fatalf("entry %d of the newest %d: %v", i, kept, err)
		}
	}
}

// TestExpiredNotEvicted: entries that expire are dropped without counting
// as evictions.
func TestExpiredNotEvicted(t *testing.T) {
	now := time.Unix(0, 0)
	s := inmem.New(inmem.Options{MaxBytes: 1 << 20, Now: func() time.Time { return now }})
	ctx := context.Background()
	for i := range 100 {
		_ = s.Put(ctx, fmt.Sprint(i), []byte("x"), time.Second)
		now = now.Add(100 * time.Millisecond)
	}
	if n := s.Evictions(); n != 0 {
		t.Errorf("evictions = %d, want 0", n)
	}
	if l := s.Len(); l > 11 {
		t.Errorf("%d entries kept, want only the unexpired ~10", l)
	}
}

// TestBudgetCountsCapacity: a body's spare capacity is memory too.
func TestBudgetCountsCapacity(t *testing.T) {
	s := inmem.New(inmem.Options{MaxBytes: 100 << 10})
	for i := range 100 {
		_ = s.Put(context.Background(), fmt.Sprint(i), make([]byte, 10, 4096), time.Minute)
	}
	if n := s.Len(); n > 25 {
		t.Errorf("%d bodies of 4 KB capacity kept in a 100 KB budget", n)
	}
}
