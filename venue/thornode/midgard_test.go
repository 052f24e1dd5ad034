package thornode

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// FuzzDecodeActions feeds arbitrary bytes as Midgard's /v2/actions answer:
// no panic, an error is a *VenueError, and a deposit found is a
// well-formed transaction id.
func FuzzDecodeActions(f *testing.F) {
	for _, n := range []string{"actions_pending.json", "actions_ambiguous.json", "actions_none.json", "actions_recorded.json", "actions_malformed.json"} {
		b, err := os.ReadFile(filepath.Join("..", "thorchain", "testdata", n))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b, "0.01")
	}
	c := New(venue.Config{}, &testNet)
	f.Fuzz(func(t *testing.T, body []byte, amount string) {
		amt, err := swapscout.ParseAmount(amount)
		if err != nil {
			amt = swapscout.MustAmount("0.01")
		}
		s := &swapscout.Swap{From: btc, To: eth, AmountIn: amt, PayoutAddress: "0x1c7b17362c84287bd1184447e6dfeaf920c31bbe",
			DepositMemo: "=:ETH.ETH:0x1c7b17362c84287bd1184447e6dfeaf920c31bbe::t:100", CreatedAt: time.Unix(1785333600, 0)}
		tx, found, err := c.decodeActions(body, s)
		if err != nil {
			var ve *swapscout.VenueError
			if !errors.As(err, &ve) {
				t.Fatalf("error %v (%T) is not a *VenueError", err, err)
			}
			return
		}
		if found {
			if h, ok := TxHash(tx); !ok || h != tx {
				t.Fatalf("found %q, not a transaction id as the network writes it", tx)
			}
		}
	})
}
