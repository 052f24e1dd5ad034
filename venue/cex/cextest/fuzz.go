package cextest

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue/book"
	"github.com/swapscout/swapscout/venue/cex"
)

// Seeds adds every response fixture under testdata/ (not the goldens) to f's
// corpus, as an answer with HTTP 200 and with HTTP 400.
func Seeds(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, p := range files {
		if strings.HasSuffix(p, ".want.json") {
			continue
		}
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(200, b)
		f.Add(400, b)
	}
}

// Typed fails unless err is nil or carries a failure code.
func Typed(t *testing.T, err error) {
	t.Helper()
	var ve *swapscout.VenueError
	if err != nil && !errors.As(err, &ve) {
		t.Fatalf("untyped error %v", err)
	}
}

// Code is err's failure code: "" for nil, "untyped" for an error that
// carries none.
func Code(err error) swapscout.FailureCode {
	var ve *swapscout.VenueError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &ve):
		return ve.Code
	}
	return "untyped"
}

var one = swapscout.AmountFromInt(1)

// fuzzRead fuzzes read with arbitrary statuses and bodies, seeded from
// testdata: it must not panic, its errors are typed, and check holds of
// what it returns.
func fuzzRead[T any](f *testing.F, read func(status int, body []byte) (T, error), check func(t *testing.T, v T)) {
	Seeds(f)
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		v, err := read(status, body)
		Typed(t, err)
		check(t, v)
	})
}

// FuzzMarkets fuzzes spec.ReadMarkets (the venue's ErrorBody, Statuses and
// ParseMarkets) with arbitrary statuses and bodies, seeded from testdata:
// it never panics, its errors are typed, and every market it accepts is
// complete (symbol, base, quote, non-negative minimums, a fee in [0, 1)).
func FuzzMarkets(f *testing.F, spec *cex.Spec) {
	fuzzRead(f, spec.ReadMarkets, func(t *testing.T, ms []cex.Market) {
		for _, m := range ms {
			if m.Symbol == "" || m.Base == "" || m.Quote == "" || m.MinBase.Sign() < 0 || m.MinQuote.Sign() < 0 {
				t.Fatalf("bad market %+v", m)
			}
			if m.TakerFee != nil && (m.TakerFee.Sign() < 0 || m.TakerFee.Cmp(one) >= 0) {
				t.Fatalf("bad fee %s", m.TakerFee)
			}
		}
	})
}

// FuzzBook fuzzes spec.ReadBook (the venue's Book shape or ParseBook, and
// its ErrorBody and Statuses) the same way; a book it accepts normalizes or
// fails with a typed error, never a panic.
func FuzzBook(f *testing.F, spec *cex.Spec) {
	Seeds(f)
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		var s book.Scanner
		var b book.Book
		err := spec.ReadBook(&s, status, body, &b)
		Typed(t, err)
		if err == nil {
			Typed(t, b.Normalize())
		}
	})
}

// FuzzNetworks runs spec.ReadNetworks on arbitrary answers: it must not
// panic, errors are typed, and every fee and deposit minimum it returns is a
// valid amount of zero or more.
func FuzzNetworks(f *testing.F, spec *cex.Spec) {
	fuzzRead(f, spec.ReadNetworks, func(t *testing.T, nets map[cex.Code]cex.Network) {
		for code, n := range nets {
			if code.Ticker == "" || code.Network == "" {
				t.Fatalf("network without a name: %+v", code)
			}
			if n.HasFee && (!n.WithdrawFee.Valid() || n.WithdrawFee.Sign() < 0) {
				t.Fatalf("bad fee %s for %+v", n.WithdrawFee, code)
			}
			if !n.DepositMin.Valid() || n.DepositMin.Sign() < 0 {
				t.Fatalf("bad deposit minimum %s for %+v", n.DepositMin, code)
			}
		}
	})
}

// NetworkLines renders a parsed currency list one sorted line a network,
// "TICKER NETWORK fee F deposit D withdraw W [min M]", for tests to compare.
func NetworkLines(nets map[cex.Code]cex.Network) []string {
	out := make([]string, 0, len(nets))
	for code, n := range nets {
		fee := "none"
		if n.HasFee {
			fee = n.WithdrawFee.String()
		}
		line := fmt.Sprintf("%s %s fee %s deposit %v withdraw %v", code.Ticker, code.Network, fee, n.Deposit, n.Withdraw)
		if n.DepositMin.Sign() > 0 {
			line += " min " + n.DepositMin.String()
		}
		out = append(out, line)
	}
	slices.Sort(out)
	return out
}
