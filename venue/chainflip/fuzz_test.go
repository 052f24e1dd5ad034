package chainflip

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
)

func seeds(f *testing.F) [][]byte {
	files, _ := filepath.Glob("testdata/*.json")
	var out [][]byte
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
	return out
}

// FuzzDecodeQuotes feeds arbitrary statuses and bodies to the quotes
// parser: no panic, and a typed *VenueError or an offer with positive
// amounts whose amount in is the one asked.
func FuzzDecodeQuotes(f *testing.F) {
	for _, b := range seeds(f) {
		f.Add(200, b)
		f.Add(400, b)
	}
	req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "eth", Network: "eth"},
		Amount: swapscout.MustAmount("0.1")}
	f.Fuzz(func(t *testing.T, status int, body []byte) {
		o, err := decodeQuotes(req, swapscout.MustAmount("10000000"), status, body)
		if err != nil {
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) {
				t.Fatalf("error %T %v is not a *VenueError", err, err)
			}
			return
		}
		if o.AmountIn.Sign() <= 0 || o.AmountOut.Sign() <= 0 || !o.AmountIn.Valid() || !o.AmountOut.Valid() {
			t.Fatalf("offer in %s out %s", o.AmountIn, o.AmountOut)
		}
		for _, fee := range o.Fees {
			if fee.Amount.Sign() <= 0 {
				t.Fatalf("fee %+v", fee)
			}
		}
	})
}

// FuzzChannelID: parsing a channel id never panics, and what it accepts
// it writes back the same.
func FuzzChannelID(f *testing.F) {
	for _, s := range []string{"14138313-Ethereum-13128", "1-Bitcoin-0", "order1:payout", "", "--", "01-Ethereum-1", "1-Eth-eum-2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, id string) {
		b, n, c, ok := parseChannelID(id)
		if ok && b+"-"+n+"-"+c != id {
			t.Fatalf("%q parsed as %q %q %q", id, b, n, c)
		}
	})
}

// TestSymbolsMatchAssets holds the map to the recorded asset list: every
// mapped id is listed, on the chain the map names, with the catalogue's
// decimals (amounts go out in native units computed from them).
func TestSymbolsMatchAssets(t *testing.T) {
	if err := Symbols.Check(); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("testdata/assets.json")
	if err != nil {
		t.Fatal(err)
	}
	var list struct {
		Assets []struct {
			ID, Network string
			Decimals    int
			Enabled     bool
		}
	}
	if err := json.Unmarshal(b, &list); err != nil {
		t.Fatal(err)
	}
	for a, c := range Symbols {
		info, _ := swapscout.LookupAsset(a)
		found := false
		for _, l := range list.Assets {
			if l.ID != c.ID {
				continue
			}
			found = true
			if l.Network != c.Chain || l.Decimals != info.Decimals || !l.Enabled {
				t.Errorf("%s: recorded chain %s decimals %d enabled %v, mapped %s with %d", a, l.Network, l.Decimals, l.Enabled, c.Chain, info.Decimals)
			}
		}
		if !found {
			t.Errorf("%s maps to %s, which the recorded list lacks", a, c.ID)
		}
	}
}

func TestNative(t *testing.T) {
	for _, c := range []struct {
		native string
		dec    int
		want   string
	}{{"3327151665764943643", 18, "3.327151665764943643"}, {"10000000", 8, "0.1"}, {"234", 8, "0.00000234"}, {"0", 6, "0"}} {
		got := FromNative(swapscout.MustAmount(c.native), c.dec)
		if got.String() != c.want {
			t.Errorf("FromNative(%s, %d) = %s, want %s", c.native, c.dec, got, c.want)
		}
		if back := ToNative(got, c.dec); back.String() != c.native {
			t.Errorf("ToNative(%s, %d) = %s, want %s", got, c.dec, back, c.native)
		}
	}
}

// TestSeconds: fractional estimates are read to the millisecond; an
// estimate that is not a finite duration under a week is no estimate, and
// never overflows time.Duration.
func TestSeconds(t *testing.T) {
	for in, want := range map[string]time.Duration{
		"175.2": 175200 * time.Millisecond, "1014": 1014 * time.Second, "0.4": 400 * time.Millisecond, "604799.5": 604799500 * time.Millisecond,
		"0": 0, "-12": 0, "604800": 0, "1e308": 0, "9223372036.854775808": 0, "NaN": 0, "Inf": 0, "": 0, "12s": 0,
	} {
		got, ok := seconds(json.Number(in))
		if got != want || ok != (want > 0) {
			t.Errorf("seconds(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	var q quote
	if err := json.Unmarshal([]byte(`{"type":"regular","estimatedDurationSeconds":175.2}`), &q); err != nil {
		t.Fatalf("a fractional estimate does not decode: %v", err)
	}
}

// FuzzAssets feeds arbitrary bodies to the asset list's check: no panic,
// and a list it keeps holds only our assets, with minimums never negative.
func FuzzAssets(f *testing.F) {
	for _, b := range seeds(f) {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		var l assetList
		if json.Unmarshal(body, &l) != nil {
			return
		}
		m, err := checkAssets(&l)
		if err != nil {
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) {
				t.Fatalf("error %T %v is not a *VenueError", err, err)
			}
			return
		}
		for id, e := range m {
			if _, ok := byID[id]; !ok || e.min.Sign() < 0 {
				t.Fatalf("kept %q %+v", id, e)
			}
		}
	})
}
