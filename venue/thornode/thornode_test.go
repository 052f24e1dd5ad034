package thornode

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
	"github.com/swapscout/swapscout/venue/venuetest"
)

var (
	btc = swapscout.Asset{Ticker: "btc", Network: "btc"}
	eth = swapscout.Asset{Ticker: "eth", Network: "eth"}
)

// testNet is a network with a few assets, for the parsers.
var testNet = Network{ID: "thorchain", Name: "THORChain", Path: "/thorchain", Symbols: venue.Symbols[string]{
	btc: "BTC.BTC", eth: "ETH.ETH", {Ticker: "usdt", Network: "eth"}: "ETH.USDT-0XDAC17F958D2EE523A2206206994597C13D831EC7",
}}

func TestUnits(t *testing.T) {
	for in, want := range map[string]string{
		"1": "100000000", "0.01": "1000000", "1.123456789123456789": "112345678", "0.000000009": "0", "21000000": "2100000000000000",
	} {
		if got := ToUnits(swapscout.MustAmount(in)); got != want {
			t.Errorf("ToUnits(%s) = %s, want %s", in, got, want)
		}
	}
	usdt := swapscout.Asset{Ticker: "usdt", Network: "eth"}
	for _, c := range []struct {
		units string
		a     swapscout.Asset
		want  string
	}{
		{"13494192", eth, "0.13494192"}, {"3355663041", swapscout.Asset{Ticker: "trx", Network: "trx"}, "33.55663"},
		{"123456789", usdt, "1.234567"}, {"1", btc, "0.00000001"},
	} {
		if got := FromUnits(swapscout.MustAmount(c.units), c.a); got.String() != c.want {
			t.Errorf("FromUnits(%s, %s) = %s, want %s", c.units, c.a, got, c.want)
		}
	}
	// Minimums round up: the amount shown is one the node takes.
	for _, c := range []struct {
		units string
		a     swapscout.Asset
		want  string
	}{
		{"3355663041", swapscout.Asset{Ticker: "trx", Network: "trx"}, "33.556631"}, {"3355663000", swapscout.Asset{Ticker: "trx", Network: "trx"}, "33.55663"},
		{"123456789", usdt, "1.234568"}, {"6309", btc, "0.00006309"},
	} {
		if got := MinFromUnits(swapscout.MustAmount(c.units), c.a); got.String() != c.want {
			t.Errorf("MinFromUnits(%s, %s) = %s, want %s", c.units, c.a, got, c.want)
		}
	}
	for in, want := range map[string]string{"33.556630411": "3355663042", "33.55663041": "3355663041", "0.000000001": "1"} {
		if got := MinToUnits(swapscout.MustAmount(in)); got != want {
			t.Errorf("MinToUnits(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestTxHash(t *testing.T) {
	h := strings.Repeat("ab", 32)
	for in, ok := range map[string]bool{h: true, "0x" + h: true, strings.ToUpper(h): true, h[:63]: false, h + "0": false, strings.Repeat("zz", 32): false, "": false} {
		got, gotOK := TxHash(in)
		if gotOK != ok || ok && got != strings.ToUpper(h) {
			t.Errorf("TxHash(%q) = %q, %v; want ok %v", in, got, gotOK, ok)
		}
	}
}

// seeds are every fixture of both networks.
func seeds(f *testing.F) [][]byte {
	var out [][]byte
	for _, dir := range []string{"../thorchain/testdata", "../maya/testdata"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		for _, p := range files {
			if strings.HasSuffix(p, ".want.json") {
				continue
			}
			b, err := os.ReadFile(p)
			if err != nil {
				f.Fatal(err)
			}
			out = append(out, b)
		}
	}
	return out
}

// FuzzDecodeQuote: any status and body give a typed error or a positive
// offer with a memo deposit, never a panic.
func FuzzDecodeQuote(f *testing.F) {
	for _, b := range seeds(f) {
		f.Add(200, "0.01", b)
		f.Add(400, "1", b)
	}
	c := New(venue.Config{}, &testNet)
	f.Fuzz(func(t *testing.T, status int, amount string, body []byte) {
		amt, err := swapscout.ParseAmount(amount)
		if err != nil || amt.Sign() <= 0 {
			amt = swapscout.MustAmount("1")
		}
		req := swapscout.QuoteRequest{From: btc, To: eth, Amount: amt}
		r, err := c.decodeQuote(req, status, body)
		var ve *swapscout.VenueError
		if err != nil {
			if !errors.As(err, &ve) {
				t.Fatalf("error %v (%T) is not a *VenueError", err, err)
			}
			return
		}
		o, err := c.offer(req, r)
		if err != nil {
			if !errors.As(err, &ve) {
				t.Fatalf("error %v (%T) is not a *VenueError", err, err)
			}
			return
		}
		if status != 200 || !o.AmountOut.Valid() || o.AmountOut.Sign() <= 0 || o.Deposit != swapscout.DepositMemo || !o.AmountIn.Equal(amt) {
			t.Fatalf("offer %+v from HTTP %d", o, status)
		}
	})
}

// FuzzDecodeStatus: any status and body give a typed error or a valid
// status with the network's word.
func FuzzDecodeStatus(f *testing.F) {
	for _, b := range seeds(f) {
		f.Add(200, b)
		f.Add(500, b)
	}
	c := New(venue.Config{}, &testNet)
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		u, err := c.decodeStatus(strings.Repeat("A", 64), status, body)
		if err != nil {
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) {
				t.Fatalf("error %v (%T) is not a *VenueError", err, err)
			}
			return
		}
		if !u.Status.Valid() || u.Status == swapscout.StatusUnknown || u.VenueStatus == "" || u.DepositTx == "" {
			t.Fatalf("update %+v", u)
		}
		if !u.AmountReceived.IsZero() && (!u.AmountReceived.Valid() || u.AmountReceived.Sign() < 0) {
			t.Fatalf("amount received %s", u.AmountReceived)
		}
	})
}

// TestRefusalWords: the words of each recorded refusal, and of nodes'
// other wordings, land on their codes.
func TestRefusalWords(t *testing.T) {
	c := New(venue.Config{}, &testNet)
	req := swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("1")}
	for words, want := range map[string]swapscout.FailureCode{
		"failed to simulate swap: failed to simulate handler: trading is halted, can't process swap: invalid request": swapscout.CodeUnavailable,
		"failed to simulate swap: trading is halted, can't process swap":                                              swapscout.CodeUnavailable,
		"trading paused for this asset": swapscout.CodeUnavailable,
		"failed to calculate min swap amount: fail to convert dest fee to src asset pool does not exist": swapscout.CodeUnsupportedPair,
		"failed to simulate swap: pool THOR.WINK doesn't exist":                                          swapscout.CodeUnsupportedPair,
		"amount less than min swap amount (recommended_min_amount_in: 3355663041): invalid request":      swapscout.CodeAmountTooSmall,
		"amount less than dust threshold: invalid request":                                               swapscout.CodeAmountTooSmall,
		"failed to simulate swap: not enough asset to pay for fees":                                      swapscout.CodeAmountTooSmall,
		"something else entirely": swapscout.CodeUnavailable,
	} {
		var ve *swapscout.VenueError
		if err := c.refusal(req, 500, words); !errors.As(err, &ve) || ve.Code != want || !strings.Contains(ve.Msg, words[:20]) {
			t.Errorf("%q: %v, want %s with the words", words, err, want)
		}
	}
}

// TestNothingQuoted: a quote of nothing or less cannot be true (the node
// refuses what it cannot swap): bad_response, not a refusal of the amount.
func TestNothingQuoted(t *testing.T) {
	c := New(venue.Config{}, &testNet)
	req := swapscout.QuoteRequest{From: btc, To: eth, Amount: swapscout.MustAmount("0.1")}
	for _, body := range []string{`{"expected_amount_out":"0"}`, `{"expected_amount_out":"-13494192"}`} {
		r, err := c.decodeQuote(req, 200, []byte(body))
		if err == nil {
			_, err = c.offer(req, r)
		}
		var ve *swapscout.VenueError
		if !errors.As(err, &ve) || ve.Code != swapscout.CodeBadResponse {
			t.Errorf("%s: %v, want bad_response", body, err)
		}
	}
}

// TestStatusWords: every stage word maps to a known status.
func TestStatusWords(t *testing.T) {
	venuetest.CheckStatusWords(t, StatusWords.Words(), StatusWords.Status)
}
