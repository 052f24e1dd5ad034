package venue_test

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestClip(t *testing.T) {
	long := strings.Repeat("a", venue.ClipLen-1) + "é and more" // é straddles the cut
	tests := []struct{ name, in, want string }{
		{"empty", "", ""},
		{"short", "pair not supported", "pair not supported"},
		{"trims", "  \n bad pair\t", "bad pair"},
		{"controls become spaces", "a\x00b\nc", "a b c"},
		{"invalid bytes become U+FFFD", "a\xffb", "a\uFFFDb"},
		{"exactly ClipLen", strings.Repeat("x", venue.ClipLen), strings.Repeat("x", venue.ClipLen)},
		{"cut on a rune boundary", long, strings.Repeat("a", venue.ClipLen-1) + "…"},
		{"cut drops trailing space", strings.Repeat("b", venue.ClipLen-1) + " " + strings.Repeat("c", 10), strings.Repeat("b", venue.ClipLen-1) + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := venue.Clip(tt.in); got != tt.want {
				t.Errorf("Clip(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestClipOr(t *testing.T) {
	if got := venue.ClipOr(" \n", "refused"); got != "refused" {
		t.Errorf("ClipOr(blank) = %q, want the fallback", got)
	}
	if got := venue.ClipOr("no such pair", "refused"); got != "no such pair" {
		t.Errorf("ClipOr = %q", got)
	}
}

// FuzzClip: whatever a venue sends, Clip yields valid UTF-8 of bounded length
// with no control characters, and never cuts text that already fits.
func FuzzClip(f *testing.F) {
	f.Add("pair not supported")
	f.Add(strings.Repeat("é", 100))
	f.Add(strings.Repeat("a", 119) + "€")
	f.Add("\xff\xfe\x00bad")
	f.Fuzz(func(t *testing.T, s string) {
		got := venue.Clip(s)
		if !utf8.ValidString(got) {
			t.Fatalf("Clip(%q) = %q: not valid UTF-8", s, got)
		}
		if len(got) > venue.ClipLen+len("…") {
			t.Fatalf("Clip(%q) is %d bytes", s, len(got))
		}
		if strings.ContainsFunc(got, func(r rune) bool { return r < ' ' || r == 0x7f }) {
			t.Fatalf("Clip(%q) = %q keeps a control character", s, got)
		}
		if utf8.ValidString(s) && len(strings.TrimSpace(s)) <= venue.ClipLen && strings.HasSuffix(got, "…") && !strings.HasSuffix(strings.TrimSpace(s), "…") {
			t.Fatalf("Clip(%q) = %q cut text that fits", s, got)
		}
	})
}

func TestContainsAnyDeref(t *testing.T) {
	if !venue.ContainsAny("amount below minimum", "too low", "minimum") || venue.ContainsAny("ok", "x", "y") || venue.ContainsAny("ok") {
		t.Error("ContainsAny")
	}
	if venue.Deref[string](nil) != "" || venue.Deref(new(7)) != 7 {
		t.Error("Deref")
	}
}

func TestTextCode(t *testing.T) {
	tests := []struct {
		text string
		want swapscout.FailureCode
	}{
		{"Invalid API key", swapscout.CodeNotConfigured},
		{"Unauthenticated.", swapscout.CodeNotConfigured},
		{"Too many requests, slow down", swapscout.CodeRateLimited},
		{"Amount is below the minimum of 0.001", swapscout.CodeAmountTooSmall},
		{"Amount exceeds the maximum", swapscout.CodeAmountTooLarge},
		{"Pair is not available", swapscout.CodeUnsupportedPair},
		{"Currency XYZ not found", swapscout.CodeUnsupportedPair},
		{"Service under maintenance", swapscout.CodeUnavailable},
		{"Internal server error", swapscout.CodeUnavailable},
		{"something odd happened", ""},
	}
	for _, tt := range tests {
		got, ok := venue.TextCode(tt.text)
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("TextCode(%q) = %q, %v; want %q", tt.text, got, ok, tt.want)
		}
	}
}

func TestBoundIn(t *testing.T) {
	tests := []struct{ text, want string }{
		{"The amount must be at least 0.001.", "0.001"},
		{"Maximum is 2.5 BTC", "2.5"},
		{"minimum 10", "10"},
		{"Amount 0.0001 is below the minimum 0.001", ""}, // two numbers: which is the bound?
		{"USDT on BEP20 is below the minimum", ""},
		{"no number here", ""},
		{"below 0", ""},
		{"version 1.2.3 minimum", ""},
	}
	for _, tt := range tests {
		got, ok := venue.BoundIn(tt.text)
		if (tt.want == "") == ok || (ok && got.String() != tt.want) {
			t.Errorf("BoundIn(%q) = %s, %v; want %q", tt.text, got, ok, tt.want)
		}
	}
	ve := venue.WithBound(swapscout.NewVenueError(swapscout.CodeAmountTooLarge, "x"), "at most 5 XMR")
	if ve.Max.String() != "5" || !ve.Min.IsZero() {
		t.Errorf("WithBound: min %s max %s", ve.Min, ve.Max)
	}
	ve = venue.WithBound(&swapscout.VenueError{Code: swapscout.CodeAmountTooSmall, Min: swapscout.MustAmount("1")}, "at least 2")
	if ve.Min.String() != "1" {
		t.Errorf("WithBound replaced a limit the venue gave: %s", ve.Min)
	}
}

func TestBodyText(t *testing.T) {
	tests := []struct{ body, want string }{
		{`{"message":"Unauthorized"}`, "Unauthorized"},
		{`{"error":{"code":1},"msg":"bad key"}`, "bad key"},
		{`{"message":"","error":"Invalid token\n"}`, "Invalid token"},
		{`{"other":"x"}`, ""},
		{`<html>`, ""},
		{`["message"]`, ""},
	}
	for _, tt := range tests {
		if got := venue.BodyText([]byte(tt.body)); got != tt.want {
			t.Errorf("BodyText(%s) = %q, want %q", tt.body, got, tt.want)
		}
	}
	err := venue.KeyRejected("X", 401, []byte(`{"message":"Unauthorized"}`))
	if venuetest.Code(err) != swapscout.CodeNotConfigured || err.Error() != "X rejected the API key (HTTP 401): Unauthorized" {
		t.Errorf("KeyRejected = %v", err)
	}
}

func TestPositive(t *testing.T) {
	neg, zero, one := swapscout.MustAmount("-1"), swapscout.MustAmount("0"), swapscout.MustAmount("1")
	if !venue.Positive(nil).IsZero() || !venue.Positive(&neg).IsZero() || !venue.Positive(&zero).IsZero() || venue.Positive(&one).String() != "1" {
		t.Error("Positive")
	}
}

// FuzzErrorText: the readers of venue error bodies and sentences take any
// bytes without panicking; BodyText keeps Clip's promises and BoundIn only
// returns positive amounts.
func FuzzErrorText(f *testing.F) {
	f.Add([]byte(`{"message":"The amount must be at least 0.001."}`))
	f.Add([]byte(`{"error":"Invalid API key","msg":"x"}`))
	f.Add([]byte("\xff{\"detail\":\"1.2.3 minimum 5\"}"))
	f.Fuzz(func(t *testing.T, b []byte) {
		txt := venue.BodyText(b)
		if !utf8.ValidString(txt) || len(txt) > venue.ClipLen+len("…") {
			t.Fatalf("BodyText(%q) = %q", b, txt)
		}
		venue.TextCode(string(b))
		if a, ok := venue.BoundIn(string(b)); ok && a.Sign() <= 0 {
			t.Fatalf("BoundIn(%q) = %s", b, a)
		}
		_ = venue.KeyRejected("X", 401, b).Error()
	})
}

// TestFieldText: a validation message is one string or a list of strings.
func TestFieldText(t *testing.T) {
	for raw, want := range map[string]string{
		`"The amount must be at least 0.001."`: "The amount must be at least 0.001.",
		`["too small","not a number"]`:         "too small; not a number",
		`{"min":1}`:                            "invalid",
		`null`:                                 "",
	} {
		if got := venue.FieldText([]byte(raw)); got != want {
			t.Errorf("FieldText(%s) = %q, want %q", raw, got, want)
		}
	}
}

// TestReadStatus: the parser's statuses pass; 401 and 403 are the key
// rejected; any other status is an HTTP failure.
func TestReadStatus(t *testing.T) {
	for status, want := range map[int]swapscout.FailureCode{200: "", 422: "", 401: swapscout.CodeNotConfigured, 403: swapscout.CodeNotConfigured, 404: "x", 503: "x"} {
		err := venue.ReadStatus("V", status, []byte(`{}`), 200, 400, 422)
		var ve *swapscout.VenueError
		switch {
		case want == "" && err != nil, want != "" && err == nil:
			t.Errorf("ReadStatus(%d) = %v", status, err)
		case want == swapscout.CodeNotConfigured && (!errors.As(err, &ve) || ve.Code != want):
			t.Errorf("ReadStatus(%d) = %v, want %s", status, err, want)
		}
	}
}
