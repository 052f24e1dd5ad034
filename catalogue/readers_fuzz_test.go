package catalogue

import (
	"os"
	"testing"
)

// FuzzParseStealthEX: a list body from the network never panics the
// reader, and every entry it maps names a network and is counted.
func FuzzParseStealthEX(f *testing.F) {
	if b, err := os.ReadFile("../venue/stealthex/testdata/currencies.json"); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`[{"symbol":"eth","network":"mainnet","contract_address":"0x0000000000000000000000000000000000000000"}]`))
	f.Add([]byte(`[{"symbol":"","network":"","contract_address":null}]`))
	f.Fuzz(func(t *testing.T, body []byte) {
		l, err := ParseStealthEX(body)
		if err != nil {
			return
		}
		checkParsed(t, l)
	})
}

// FuzzParseExolix: as FuzzParseStealthEX, for Exolix's list.
func FuzzParseExolix(f *testing.F) {
	if b, err := os.ReadFile("../venue/exolix/testdata/currencies.json"); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`[{"code":"ETH","networks":[{"network":"ETH","contract":"0x0000000000000000000000000000000000000000"}]}]`))
	f.Add([]byte(`{"data":[{"code":"","networks":[{"network":"","contract":null}]}],"count":1}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		l, err := ParseExolix(body)
		if err != nil {
			return
		}
		checkParsed(t, l)
	})
}

// checkParsed fails t when a parsed list miscounts or maps an entry
// without a network.
func checkParsed(t *testing.T, l List) {
	t.Helper()
	listed, mapped, unmapped := l.Stats()
	if listed != mapped+unmapped {
		t.Fatalf("listed %d ≠ mapped %d + unmapped %d", listed, mapped, unmapped)
	}
	for _, e := range l.Entries {
		if e.Network == "" {
			t.Fatalf("entry %+v mapped without a network", e)
		}
	}
}

// FuzzParseSimpleSwap: as FuzzParseStealthEX, for SimpleSwap's list.
func FuzzParseSimpleSwap(f *testing.F) {
	if b, err := os.ReadFile("../venue/simpleswap/testdata/currencies.json"); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`[{"ticker":"bnb-bsc","network":"bsc","contractAddress":"0x0000000000000000000000000000000000000000"}]`))
	f.Add([]byte(`{"result":[{"ticker":"","network":"","contractAddress":null}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		l, err := ParseSimpleSwap(body)
		if err != nil {
			return
		}
		checkParsed(t, l)
	})
}

// FuzzParseFixedFloat: as FuzzParseStealthEX, for FixedFloat's `ccies`.
func FuzzParseFixedFloat(f *testing.F) {
	if b, err := os.ReadFile("../venue/fixedfloat/testdata/ccies_list.json"); err == nil {
		f.Add(b)
	}
	f.Add([]byte(`[{"code":"USDTTRC","coin":"USDT","network":"TRX","recv":1,"send":"1","tag":""}]`))
	f.Add([]byte(`{"code":0,"msg":"","data":[{"coin":"","network":"","recv":true}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		l, err := ParseFixedFloat(body)
		if err != nil {
			return
		}
		checkParsed(t, l)
	})
}
