package chainflip

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// AssetsPath is the asset list: every asset the broker swaps, whether it is
// enabled and in which direction, its decimals and its least deposit. It
// needs no key.
const AssetsPath = "/assets"

// listed is what the asset list says of one of our assets.
type listed struct {
	enabled       bool
	ingress       bool // may be deposited (direction both or ingress)
	egress        bool // may be paid out (direction both or egress)
	decimals      int
	min           swapscout.Amount // least deposit, in coins; zero when not given
	decimalsKnown bool
}

// assetList is GET /assets (recorded: testdata/assets.json).
type assetList struct {
	Assets []struct {
		Enabled             *bool             `json:"enabled"`
		ID                  string            `json:"id"`
		Direction           string            `json:"direction"`
		Network             string            `json:"network"`
		Decimals            *int              `json:"decimals"`
		MinimalAmountNative *swapscout.Amount `json:"minimalAmountNative"`
	} `json:"assets"`
}

// RefreshInterval is how often the asset list is read again.
func (c *Client) RefreshInterval() time.Duration { return 10 * time.Minute }

// Refresh loads GET /assets: which of our assets Chainflip swaps now, in
// which direction, with how many decimals and from what least deposit. An
// absurd list is refused (venue.ListCheck) and the last good one kept. Until
// a list loads, quotes go out on the recorded list's decimals, which are the
// catalogue's (TestSymbolsMatchAssets), without a minimum.
func (c *Client) Refresh(ctx context.Context) error {
	var m map[string]listed
	err := venue.Fetch(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + AssetsPath, Header: []venue.Field{{Key: "Accept", Value: "application/json"}},
		MaxBody: 1 << 20}, func(status int, body []byte) error {
		if status != 200 {
			return venue.StatusError(status)
		}
		var l assetList
		if err := json.Unmarshal(body, &l); err != nil {
			return venue.BadResponse(err)
		}
		var err error
		m, err = checkAssets(&l)
		return err
	})
	if err != nil {
		return err
	}
	c.assets.Store(&m)
	return nil
}

// checkAssets keeps the list's entries for our assets, refusing the list
// when one of them is absurd or none is there.
func checkAssets(l *assetList) (map[string]listed, error) {
	lc := venue.ListCheck{What: "Chainflip asset list"}
	m := make(map[string]listed, len(Symbols))
	for _, a := range l.Assets {
		info, ok := byID[a.ID]
		if !ok {
			continue
		}
		e := listed{enabled: a.Enabled == nil || *a.Enabled}
		switch a.Direction {
		case "both", "":
			e.ingress, e.egress = true, true
		case "ingress":
			e.ingress = true
		case "egress":
			e.egress = true
		}
		if a.Decimals != nil {
			lc.Decimals(a.ID, *a.Decimals)
			e.decimals, e.decimalsKnown = *a.Decimals, true
		}
		// The minimum is checked in coins: in native units (wei) a
		// sensible one is beyond any bound on a list amount.
		if n := a.MinimalAmountNative; n != nil && e.decimalsKnown && e.decimals == info.Decimals {
			switch {
			case !n.Valid() || !n.Equal(n.Round(0, swapscout.RoundDown)):
				lc.Problem(a.ID, "minimalAmountNative %s is not a count of units", n)
			default:
				e.min = FromNative(*n, info.Decimals)
				lc.Minimum(a.ID, info.Ticker, e.min)
			}
		}
		m[a.ID] = e
	}
	if err := lc.Err(len(m)); err != nil {
		return nil, err
	}
	return m, nil
}

// checkListed refuses, without a call, a pair the loaded list says
// Chainflip does not swap now, or lists with other decimals than ours
// (amounts travel in native units: a decimals mismatch would be off by
// powers of ten). It returns the least deposit the list gives.
func (c *Client) checkListed(req swapscout.QuoteRequest) (swapscout.Amount, error) {
	p := c.assets.Load()
	if p == nil {
		return swapscout.Amount{}, nil // no list yet: the recorded one stands in
	}
	m := *p
	from, to := Symbols[req.From], Symbols[req.To]
	f, ok1 := m[from.ID]
	t, ok2 := m[to.ID]
	switch {
	case !ok1 || !ok2 || !f.enabled || !t.enabled:
		return swapscout.Amount{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Chainflip does not list %s to %s now", req.From, req.To)
	case !f.ingress || !t.egress:
		return swapscout.Amount{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair, "Chainflip swaps %s to %s in the other direction only", req.From, req.To)
	}
	for _, c := range []struct {
		a swapscout.Asset
		e listed
	}{{req.From, f}, {req.To, t}} {
		if info, _ := swapscout.LookupAsset(c.a); c.e.decimalsKnown && c.e.decimals != info.Decimals {
			return swapscout.Amount{}, swapscout.NewVenueError(swapscout.CodeUnsupportedPair,
				"Chainflip lists %s with %d decimals, not %d", c.a, c.e.decimals, info.Decimals)
		}
	}
	return f.min, nil
}

var _ swapscout.Refresher = (*Client)(nil)

// assetsState is the loaded list, shared by every quote.
type assetsState = atomic.Pointer[map[string]listed]
