package api_test

import (
	"context"
	"errors"
	"fmt"
	"log"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

// A Go program asks a swapscout server (swapscout serve, or demo) for the
// offers on 0.1 BTC in XMR, hearing each venue as it answers, then takes
// the best offer that can be swapped.
func ExampleClient() {
	ctx := context.Background()
	c := api.NewClient("http://127.0.0.1:8080")
	q, err := c.QuoteStream(ctx, api.QuoteRequest{From: "btc", To: "xmr", Amount: "0.1"}, func(r swapscout.Result) {
		if r.Offer != nil {
			fmt.Println(r.Offer.Venue, "offers", r.Offer.AmountOut, "XMR")
		}
	})
	var e *api.Error
	if errors.As(err, &e) {
		log.Fatalf("the server says: %s (%s)", e.Message, e.Code) // e.Code: swapscout's error codes
	} else if err != nil {
		log.Fatal(err) // no answer
	}
	for _, o := range q.Offers {
		if o.CanSwap {
			sw, _, err := c.CreateSwap(ctx, swapscout.NewSwapID(), api.SwapRequest{QuoteID: q.ID, Venue: o.Venue,
				PayoutAddress: "888tNkZrPN6JsEgekjMnABU4TBzc2Dt29EPAvkRxbANsAnjyPbb3iQ1YBRk1UXcdRsiKc9dhwMVgN5S9cQUiyoogDavup3H",
				RefundAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq"})
			if err != nil {
				log.Fatal(err)
			}
			fmt.Println("send", sw.AmountIn, "BTC to", sw.DepositAddress)
			return
		}
	}
}
