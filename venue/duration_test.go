package venue

import (
	"math"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

// TestDuration: every venue number converts without overflow: a count past
// MaxDuration, negative or not a number is refused (capped for a positive
// one), never wrapped into the past.
func TestDuration(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		unit time.Duration
		want time.Duration
		ok   bool
	}{
		{30, time.Minute, 30 * time.Minute, true},
		{0.5, time.Minute, 30 * time.Second, true},
		{1e15, time.Minute, MaxDuration, false}, // Majestic Bank's expiry that once became year −292 billion
		{math.MaxInt64, time.Second, MaxDuration, false},
		{-1, time.Second, 0, false},
		{math.NaN(), time.Second, 0, false},
		{math.Inf(1), time.Second, MaxDuration, false},
		{366 * 24, time.Hour, MaxDuration, true},
	} {
		got, ok := Duration(tc.v, tc.unit)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Duration(%v, %v) = %v, %v; want %v, %v", tc.v, tc.unit, got, ok, tc.want, tc.ok)
		}
	}
	if d, ok := Duration(int64(math.MaxInt64), time.Millisecond); ok || d != MaxDuration {
		t.Errorf("Duration(MaxInt64 ms) = %v, %v", d, ok)
	}
	if d, ok := DurationOf(swapscout.MustAmount("1e30"), time.Minute); ok || d != MaxDuration {
		t.Errorf("DurationOf(1e30 min) = %v, %v", d, ok)
	}
	if at, ok := UnixTime(int64(1_800_000_000), time.Second); !ok || at.Unix() != 1_800_000_000 {
		t.Errorf("UnixTime(1.8e9 s) = %v, %v", at, ok)
	}
	for _, v := range []int64{-1, 1e15, math.MaxInt64} {
		if at, ok := UnixTime(v, time.Second); ok {
			t.Errorf("UnixTime(%d s) = %v; want refused", v, at)
		}
	}
}

// TestMinuteRange: a range or one number of minutes; anything else, a range
// running backwards or one past the bound is no estimate.
func TestMinuteRange(t *testing.T) {
	week := 7 * 24 * time.Hour
	for _, tc := range []struct {
		s      string
		most   time.Duration
		lo, hi time.Duration
	}{
		{"10-60", MaxDuration, 10 * time.Minute, time.Hour},
		{" 5 - 30 ", week, 5 * time.Minute, 30 * time.Minute},
		{"15", week, 15 * time.Minute, 15 * time.Minute},
		{"0", week, 0, 0},
		{"60-10", week, 0, 0},
		{"-5", week, 0, 0},
		{"5-", week, 0, 0},
		{"a-b", week, 0, 0},
		{"", week, 0, 0},
		{"10-10081", week, 0, 0},
		{"10-10080", week, 10 * time.Minute, week},
		{"1-999999999", MaxDuration, 0, 0},
	} {
		if lo, hi := MinuteRange(tc.s, tc.most); lo != tc.lo || hi != tc.hi {
			t.Errorf("MinuteRange(%q, %v) = %v, %v; want %v, %v", tc.s, tc.most, lo, hi, tc.lo, tc.hi)
		}
	}
}
