package book_test

import (
	"testing"

	"github.com/swapscout/swapscout/venue/book"
)

func TestTextAndOptAmount(t *testing.T) {
	for _, tc := range []struct {
		in, text, amount string
		ok               bool
	}{
		{`"BTCUSDT"`, "BTCUSDT", "0", false},
		{`"0.001"`, "0.001", "0.001", true},
		{`0.25`, "0.25", "0.25", true},
		{`""`, "", "0", false},
		{`null`, "", "0", false},
		{`"-1"`, "-1", "0", false},
		{`{"a":[1,2]}`, "", "0", false},
		{`"abc"`, "abc", "0", false},
	} {
		var s book.Scanner
		s.Reset([]byte(`[` + tc.in + `,` + tc.in + `]`))
		s.EnterArray()
		s.NextElem()
		if got := s.Text(); got != tc.text {
			t.Errorf("Text(%s) = %q, want %q", tc.in, got, tc.text)
		}
		s.NextElem()
		a, ok := s.OptAmountOK()
		if ok != tc.ok || a.String() != tc.amount {
			t.Errorf("OptAmountOK(%s) = %s %v, want %s %v", tc.in, a, ok, tc.amount, tc.ok)
		}
		if s.NextElem() || s.Finish() != nil {
			t.Errorf("%s: document not read cleanly: %v", tc.in, s.Err())
		}
	}
}
