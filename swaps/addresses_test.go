package swaps_test

import (
	"errors"
	"testing"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/swaps"
)

// TestCheckAddressesLooksLike: an address of another network is named for
// what it is, and the message says where the coins would go.
func TestCheckAddressesLooksLike(t *testing.T) {
	req := swapscout.QuoteRequest{From: swapscout.Asset{Ticker: "btc", Network: "btc"}, To: swapscout.Asset{Ticker: "xmr", Network: "xmr"}}
	const (
		eth  = "0x52908400098527886E0F7030069857D2E4169EE7"
		btc  = "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4"
		xmrA = "44AFFq5kSiGBoZ4NMDwYtN18obc8AemS33DBLWs3H7otXft3XjrpDtQGv7SqSsaBYBb98uNbr2VBBEt7f2wfn3RVGQBEP3A"
	)
	for _, tc := range []struct {
		payout, refund string
		field, reason  string
	}{
		{xmrA, eth, "refund_address", "this is an Ethereum address; the refund goes back in BTC on Bitcoin"},
		{btc, btc, "payout_address", "this is a Bitcoin address; the payout is sent in XMR on Monero"},
		{xmrA, btc, "", ""},
	} {
		err := swaps.CheckAddresses(nil, req, tc.payout, "", tc.refund, "")
		var ae *swaps.AddressError
		switch {
		case tc.field == "" && err != nil:
			t.Errorf("CheckAddresses(%s, %s) = %v, want nil", tc.payout, tc.refund, err)
		case tc.field != "" && (!errors.As(err, &ae) || ae.Field != tc.field || ae.Reason != tc.reason):
			t.Errorf("CheckAddresses(%s, %s) = %v, want %s: %s", tc.payout, tc.refund, err, tc.field, tc.reason)
		}
	}
}
