package changenow_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"go.uber.org/goleak"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simchangenow "github.com/swapscout/swapscout/sim/changenow"
	"github.com/swapscout/swapscout/venue/changenow"
	"github.com/swapscout/swapscout/venue/venuetest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

var btcXMR = swapscout.QuoteRequest{
	From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"},
	Amount: swapscout.MustAmount("0.01"),
}

// TestQuote: the adapter quotes against the simulator.
func TestQuote(t *testing.T) {
	venuetest.QuoteSim(t, &changenow.Descriptor, simchangenow.Sim, btcXMR)
}

// TestSimulatorErrorBodies: injected errors come as ChangeNOW's error body,
// with HTTP 500 and 200 alike, and the adapter reads both as unavailable.
func TestSimulatorErrorBodies(t *testing.T) {
	venuetest.CheckSimErrorBodies(t, &changenow.Descriptor, simchangenow.Sim, btcXMR)
}

// TestSwap: orders made through the adapter go their whole way on the
// simulator.
func TestSwap(t *testing.T) {
	venuetest.RunSwapSim(t, &changenow.Descriptor, simchangenow.Sim, venuetest.SwapOptions{
		Req:           btcXMR,
		PayoutAddress: "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A",
		RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
		Words:         changenow.StatusWords.Words(), Map: changenow.StatusWords.Status,
	})
}

// TestUnservedPair: the estimate and range endpoints answer a pair the
// venue does not serve with 400 pair_is_inactive, as ChangeNOW does.
func TestUnservedPair(t *testing.T) {
	s := venuetest.StartSim(t, sim.Config{Seed: 7}, "changenow", simchangenow.Sim())
	query := "?fromCurrency=btc&fromNetwork=btc&toCurrency=zzz&toNetwork=zzz&fromAmount=0.01&flow=standard"
	for _, path := range []string{changenow.EstimatePath, changenow.RangePath} {
		req, err := http.NewRequest(http.MethodGet, s.VenueURL("changenow")+path+query, nil)
		if err != nil {
			t.Fatal(err)
		}
		req.Header.Set("x-changenow-api-key", "sim-key")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(string(body), `"pair_is_inactive"`) {
			t.Errorf("%s: HTTP %d %s, want 400 pair_is_inactive", path, resp.StatusCode, body)
		}
	}
}
