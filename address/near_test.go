package address

import (
	"strings"
	"testing"
)

// TestNEAR: the valid and invalid account ids of NEAR's own account id
// crate (near-account-id-rs, src/test_data.rs and its implicit-account
// tests), the examples of docs.near.org (Address, Account ID), and the
// recipient of the recorded 1Click quotes; then what swapscout adds:
// reasons a user can act on, and no memo.
func TestNEAR(t *testing.T) {
	var vs []vector
	for _, id := range []string{
		// near-account-id OK_ACCOUNT_IDS
		"aa", "a-a", "a-aa", "100", "0o", "com", "near", "bowen", "b-o_w_e-n", "b.owen", "bro.wen", "a.ha",
		"a.b-a.ra", "over.9000", "google.com", "illia.cheapaccounts.near", "0o0ooo00oo00o", "alex-skidanov",
		"10-4.8-2", "no_lols", "0123456789012345678901234567890123456789012345678901234567890123", "near.a",
		// NEAR-implicit (64 lowercase hex)
		"0000000000000000000000000000000000000000000000000000000000000000",
		"6174617461746174617461746174617461746174617461746174617461746174",
		"0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
		"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff",
		"98793cd91a3f870fb126f66285808c7e094afcfc4eda8a970f6648cdf0dbd6de",
		// ETH-implicit (0x and 40 lowercase hex)
		"0x0000000000000000000000000000000000000000",
		"0x0123456789abcdef0123456789abcdef01234567",
		"0xb794f5ea0ba39494ce839613fffba74279579268",
		"0x85f17cf997934a597031b2e18a9ab6ebd4b9f6a4",
		// docs.near.org and the recordings
		"alice.near", "sub.account.near", "account.sweat", "user.name", "some-unique-string", "cakewallet.near",
	} {
		vs = append(vs, vector{"near", id, "", ""})
	}
	for _, tc := range []struct{ id, why string }{
		// near-account-id BAD_ACCOUNT_IDS (those the generic checks do not
		// already refuse: "hello world" has a space)
		{"a", "2 to 64"},
		{"A", "2 to 64"},
		{"Abc", "lower case"},
		{"-near", "start with '-'"},
		{"near-", "end with a separator"},
		{"-near-", "start with"},
		{"near.", "end with a separator"},
		{".near", "start with '.'"},
		{"near@", "only a-z"},
		{"@near", "only a-z"},
		{"неар", "only a-z"},
		{"@@@@@", "only a-z"},
		{"0__0", "two separators"},
		{"0_-_0", "two separators"},
		{"..", "start with '.'"},
		{"a..near", "two separators"},
		{"nEar", "lower case"},
		{"_bowen", "start with '_'"},
		{"abcdefghijklmnopqrstuvwxyz.abcdefghijklmnopqrstuvwxyz.abcdefghijklmnopqrstuvwxyz", "2 to 64"},
		{"01234567890123456789012345678901234567890123456789012345678901234", "2 to 64"},
		{"some-complex-address@gmail.com", "only a-z"},
		{"sub.buy_d1gitz@atata@b0-rg.c_0_m", "only a-z"},
		{"not-_alice.near", "two separators"},
		// implicit accounts written with capitals: the lower-case form is named
		{"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed"},
		{"0X85f17cf997934a597031b2e18a9ab6ebd4b9f6a4", "0x85f17cf997934a597031b2e18a9ab6ebd4b9f6a4"},
		{"98793CD91A3F870FB126F66285808C7E094AFCFC4EDA8A970F6648CDF0DBD6DE", "98793cd91a3f870fb126f66285808c7e094afcfc4eda8a970f6648cdf0dbd6de"},
		{"Alice.near", "lower case (a-z"},
		{"system", "protocol's own account"},
		{"alice.near", "has no memo"}, // with a memo, below
	} {
		memo := ""
		if tc.why == "has no memo" {
			memo = "123"
		}
		vs = append(vs, vector{"near", tc.id, memo, tc.why})
	}
	runVectors(t, vs)
	if r := MemoRule("near"); r != forbidden {
		t.Errorf("MemoRule(near) = %+v, want forbidden", r)
	}
}

// TestNEARAgreesWithTheRule: checkNEAR accepts exactly the ids NEAR's rule
// accepts (2–64 characters matching
// ^(([a-z\d]+[-_])*[a-z\d]+\.)*([a-z\d]+[-_])*[a-z\d]+$, "system" aside),
// over every string of up to four characters from a small alphabet.
func TestNEARAgreesWithTheRule(t *testing.T) {
	const alpha = "a0Z.-_@"
	var walk func(s string)
	walk = func(s string) {
		if len(s) >= 1 {
			_, err := checkNEAR(s)
			if want := nearRule(s); (err == nil) != want {
				t.Errorf("checkNEAR(%q) = %v, rule says valid=%v", s, err, want)
			}
		}
		if len(s) == 4 {
			return
		}
		for i := range len(alpha) {
			walk(s + alpha[i:i+1])
		}
	}
	walk("")
}

// nearRule is the account id rule as NEAR writes it: parts split by '.',
// each runs of [a-z0-9] joined by single '-' or '_'.
func nearRule(s string) bool {
	if len(s) < 2 || len(s) > 64 {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		words := strings.FieldsFunc(part, func(r rune) bool { return r == '-' || r == '_' })
		if part == "" || len(strings.Join(words, "-")) != len(part) {
			return false // empty part, or a separator first, last or doubled
		}
		for _, w := range words {
			for _, c := range w {
				if !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
					return false
				}
			}
		}
	}
	return true
}
