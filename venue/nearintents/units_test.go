package nearintents

import (
	"os"
	"testing"

	"github.com/swapscout/swapscout"
)

func TestBaseUnits(t *testing.T) {
	for _, c := range []struct {
		base string
		dec  int
		want string
	}{
		{"6160820348891358620689654", 24, "6.160820348891358620689654"}, // recorded wNEAR
		{"10000000", 6, "10"},
		{"5300", 6, "0.0053"},
		{"1", 24, "0.000000000000000000000001"},
		{"0", 8, "0"},
		{"000123", 2, "1.23"},
		{"123", 0, "123"},
		{"99999999999999999999999999999999999999", 18, "99999999999999999999.999999999999999999"},
	} {
		a, err := FromBase(c.base, c.dec)
		if err != nil || a.String() != c.want {
			t.Errorf("FromBase(%s, %d) = %s, %v; want %s", c.base, c.dec, a, err, c.want)
		}
		back, ok := ToBase(a, c.dec)
		if want := trimZeros(c.base); !ok || back != want {
			t.Errorf("ToBase(%s, %d) = %q; want %q", a, c.dec, back, want)
		}
	}
	for _, bad := range []string{"", "-1", "1.5", "1e6", " 1", "0x10", "١", "999999999999999999999999999999999999999"} {
		if a, err := FromBase(bad, 6); err == nil {
			t.Errorf("FromBase(%q) = %s, want an error", bad, a)
		}
	}
	// Finer than the token's unit: dropped, never rounded up.
	if s, _ := ToBase(swapscout.MustAmount("10.0000009"), 6); s != "10000000" {
		t.Errorf("ToBase(10.0000009, 6) = %s", s)
	}
	if _, ok := ToBase(swapscout.MustAmount("-1"), 6); ok {
		t.Error("ToBase(-1) ok")
	}
}

func trimZeros(s string) string {
	for len(s) > 1 && s[0] == '0' {
		s = s[1:]
	}
	return s
}

func TestAllocsFromBase(t *testing.T) {
	n := testing.AllocsPerRun(100, func() { _, _ = FromBase("6160820348891358620689654", 24) })
	if n > 1 {
		t.Errorf("fromBase allocates %.0f times, want at most 1", n)
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
