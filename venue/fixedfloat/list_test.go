package fixedfloat

import (
	"context"
	"os"
	"testing"

	"github.com/swapscout/swapscout/venue"
)

// TestParseCurrencies: the list reads as the whole `ccies` answer or its
// data array alike, and an envelope with a non-zero code is the venue's
// refusal, not an empty list.
func TestParseCurrencies(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("testdata/ccies_list.json")
	if err != nil {
		t.Fatal(err)
	}
	cur, err := ParseCurrencies(b)
	if err != nil || len(cur) != 10 || cur[3].Code != "USDTTRC" || !cur[6].Open() || cur[9].Open() {
		t.Errorf("ParseCurrencies(envelope) = %d items, %v; want 10, USDTTRC 4th, DOGE open (send only), USDTBSC closed", len(cur), err)
	}
	if _, err := ParseCurrencies([]byte(`{"code":401,"msg":"Invalid API key","data":null}`)); err == nil {
		t.Error("a refusal in the envelope was read as a list")
	}
}

// TestFetchCurrenciesNeedsKeys: without a key and a secret the signed
// `ccies` is not asked at all.
func TestFetchCurrenciesNeedsKeys(t *testing.T) {
	t.Parallel()
	for _, cfg := range []venue.Config{{APIKey: "k"}, {APISecret: "s"}, {}} {
		if _, err := FetchCurrencies(context.Background(), &cfg); err == nil {
			t.Errorf("key %q, secret %q: read", cfg.APIKey, cfg.APISecret)
		}
	}
}
