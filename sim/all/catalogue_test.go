package all_test

import (
	"context"
	"errors"
	"slices"
	"sort"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	simall "github.com/swapscout/swapscout/sim/all"
	"github.com/swapscout/swapscout/venue/all"
	"github.com/swapscout/swapscout/venue/venuetest"
)

// notQuotable are the catalogue's assets no simulated venue quotes, and
// why: the venues that list them cannot be asked honestly yet (a flow the
// adapter lacks, or a quote that would name another asset).
var notQuotable = map[swapscout.Asset]string{
	{Ticker: "cacao", Network: "maya"}: "Maya's own coin leaves by a MsgDeposit on Maya's chain, not a transfer to an inbound " +
		"address; the adapter opens only transfers, so a quote would offer a swap it cannot create",
	{Ticker: "wnear", Network: "near"}: "cannot be: 1-Click's only NEAR token, wrap.near, is what NEAR itself is quoted as " +
		"(1-Click wraps a NEAR deposit and unwraps the payout), so a quote for wNEAR would deliver NEAR",
	{Ticker: "btc-fa93", Network: "kcc"}: "KuCoin lists it as the KCC chain of its currency BTC; the exchange kit maps a " +
		"currency to one ticker (btc), so the KCC deposit has no market of its own",
	{Ticker: "eth-f55a", Network: "kcc"}: "KuCoin lists it as the KCC chain of its currency ETH; the exchange kit maps a " +
		"currency to one ticker (eth), so the KCC deposit has no market of its own",
}

// TestEveryCatalogueAssetQuotes: every asset of the catalogue is quoted
// by at least one simulated venue that lists it, through that venue's
// adapter: an offer, or a refusal of the amount (the pair is known), into
// BTC (ETH for BTC itself). The venues the catalogue names for an asset
// are tried in turn, order books last. Assets of notQuotable are the
// known exceptions; one of them quoting is reported too, so the list
// shrinks as adapters learn.
func TestEveryCatalogueAssetQuotes(t *testing.T) {
	// A clock a minute on per reading, so that KuCoin's 30-second weight
	// window never fills over a thousand quotes in a second of wall time.
	var minutes atomic.Int64
	start := time.Date(2026, 11, 28, 0, 0, 0, 0, time.UTC)
	now := func() time.Time { return start.Add(time.Duration(minutes.Add(1)) * time.Minute) }
	venues := simall.Venues()
	s, err := sim.New(sim.Config{Seed: 1, Latency: time.Millisecond, Secrets: secrets(), Now: now}, venues)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Start("127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	quoters := map[string]swapscout.Quoter{}
	kinds := map[string]swapscout.VenueKind{}
	for _, d := range all.Descriptors {
		quoters[d.ID], kinds[d.ID] = venuetest.New(t, d, s.VenueURL(d.ID)), d.Kind
	}
	btc, eth := swapscout.Asset{Ticker: "btc", Network: "btc"}, swapscout.Asset{Ticker: "eth", Network: "eth"}

	quotes := func(e swapscout.CatalogueEntry) (why []string) {
		ids := make([]string, 0, len(e.Listings))
		for _, l := range e.Listings {
			if quoters[l.Venue] != nil {
				ids = append(ids, l.Venue)
			}
		}
		slices.SortStableFunc(ids, func(a, b string) int {
			return cmpBool(kinds[a] == swapscout.OrderBook, kinds[b] == swapscout.OrderBook)
		})
		to := btc
		if e.Asset == btc {
			to = eth
		}
		for _, id := range ids {
			// 100 units, then 0.01 for a coin priced like BTC that a venue
			// refuses in other words than the amount's.
			for _, amt := range []string{"100", "0.01"} {
				ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
				_, err := quoters[id].Quote(ctx, swapscout.QuoteRequest{From: e.Asset, To: to, Amount: swapscout.MustAmount(amt)})
				cancel()
				if err == nil || errors.Is(err, swapscout.ErrAmountTooSmall) || errors.Is(err, swapscout.ErrAmountTooLarge) {
					return nil
				}
				why = append(why, id+" ("+amt+"): "+err.Error())
			}
		}
		return why
	}

	var (
		mu     sync.Mutex
		failed []string
		wg     sync.WaitGroup
		sem    = make(chan struct{}, 8)
	)
	entries := swapscout.Catalogue()
	for _, e := range entries {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			why := quotes(e)
			_, known := notQuotable[e.Asset]
			mu.Lock()
			defer mu.Unlock()
			switch {
			case why != nil && !known:
				failed = append(failed, e.Asset.String()+": "+joinShort(why))
			case why == nil && known:
				failed = append(failed, e.Asset.String()+" quotes now: take it off notQuotable")
			}
		}()
	}
	wg.Wait()
	sort.Strings(failed)
	for _, f := range failed {
		t.Error(f)
	}
	t.Logf("%d of %d catalogue assets quoted (%d known exceptions)", len(entries)-len(notQuotable), len(entries), len(notQuotable))
}

func cmpBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

func joinShort(why []string) string {
	out := ""
	for i, w := range why {
		if i == 3 {
			return out + "; …"
		}
		if i > 0 {
			out += "; "
		}
		out += w
	}
	return out
}
