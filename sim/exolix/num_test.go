package exolix

import (
	"testing"

	"github.com/swapscout/swapscout"
)

// FuzzJSExponent checks the simulator's number writer: whatever the amount,
// the JSON it writes reads back as the same number.
func FuzzJSExponent(f *testing.F) {
	for _, s := range []string{"0.00000001", "0.00000056", "0.000001", "0.0000009999", "1", "179.3809942", "-0.0000001", "0"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := swapscout.ParseAmount(s)
		if err != nil {
			return
		}
		b, err := jsNum(a).MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		var back swapscout.Amount
		if err := back.UnmarshalJSON(b); err != nil || !back.Equal(a) {
			t.Fatalf("%s written as %s reads back as %s (%v)", a, b, back, err)
		}
	})
}

func TestJSExponent(t *testing.T) {
	for in, want := range map[string]string{
		"0.00000001": "1e-8", "0.00000056": "5.6e-7", "0.0000001234": "1.234e-7", "-0.0000002": "-2e-7",
		"0.000001": "0.000001", "0.00007747": "0.00007747", "179.3809942": "179.3809942", "0": "0", "10": "10",
	} {
		b, err := jsNum(swapscout.MustAmount(in)).MarshalJSON()
		if err != nil || string(b) != want {
			t.Errorf("%s is written %s (%v), want %s", in, b, err, want)
		}
	}
}
