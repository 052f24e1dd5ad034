package thornode

import (
	"context"
	"encoding/json"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Deposit discovery. The networks keep no order, so a swap is known by its
// deposit's transaction; the user may give it (POST /v1/swaps/{id}/deposit),
// and otherwise the network's indexer, Midgard, is asked which swaps
// involve the payout address: GET {indexer}/v2/actions?address=…&type=swap
// lists them newest first, pending ones included, each with its inbound
// transactions. The one deposit that matches the swap is its deposit.

// ActionsLimit is how many of the payout address's latest swap actions one
// look-up reads: enough for the swaps a user makes while one waits.
const ActionsLimit = 50

// actionsResponse is GET /v2/actions (Midgard). Counts, heights, dates
// and amounts are decimal strings; date is in nanoseconds since the epoch;
// amounts are integers in 1e8 units. status is "pending", "success",
// "refund" or "failed". Fields are checked against recorded answers (see
// testdata/README.md of venue/thorchain).
type actionsResponse struct {
	Actions []action `json:"actions"`
	Count   string   `json:"count"`
	Meta    *struct {
		NextPageToken *string `json:"nextPageToken"`
		PrevPageToken *string `json:"prevPageToken"`
	} `json:"meta"`
	Error *string `json:"error"`
}

type action struct {
	Date     string     `json:"date"`
	Height   string     `json:"height"`
	Status   string     `json:"status"`
	Type     string     `json:"type"`
	In       []actionTx `json:"in"`
	Out      []actionTx `json:"out"`
	Pools    []string   `json:"pools"`
	Metadata *struct {
		Swap *struct {
			Memo         string `json:"memo"`
			LiquidityFee string `json:"liquidityFee"`
			SwapSlip     string `json:"swapSlip"`
			NetworkFees  []coin `json:"networkFees"`
		} `json:"swap"`
	} `json:"metadata"`
}

type actionTx struct {
	Address string `json:"address"`
	TxID    string `json:"txID"`
	Coins   []coin `json:"coins"`
	Height  string `json:"height"`
}

// FindDeposit asks the network's indexer for the payout address's swaps and
// returns the deposit of s (swapscout.DepositFinder): an inbound of s's
// From asset, of the amount the swap asks (in 1e8 units, within one unit of
// rounding), carrying the swap's memo when the indexer gives one (or, when
// no deposit does, the same swap's: sameSwapMemo), dated not before the
// swap was created. No match, or more than
// one transaction matching, is not found: the user may still give the id.
func (c *Client) FindDeposit(ctx context.Context, s *swapscout.Swap) (string, bool, error) {
	if c.cfg.IndexerURL == "" || s == nil || s.PayoutAddress == "" {
		return "", false, nil
	}
	// Midgard matches addresses as written; an EVM address may be stored
	// in its checksummed or its lower-case form, so both are asked (the
	// parameter takes a comma-separated list).
	addr := s.PayoutAddress
	if low := strings.ToLower(addr); low != addr && strings.HasPrefix(low, "0x") {
		addr += "," + low
	}
	// The memo names a "bitcoincash:" address without its prefix.
	if bare := memoAddress(s.PayoutAddress); bare != s.PayoutAddress {
		addr += "," + bare
	}
	q := url.Values{"address": {addr}, "type": {"swap"}, "limit": {strconv.Itoa(ActionsLimit)}}
	var tx string
	var found bool
	err := venue.Fetch(ctx, &c.cfg, venue.Request{URL: c.cfg.IndexerURL + "/v2/actions?" + q.Encode(),
		Header: []venue.Field{{Key: "Accept", Value: "application/json"}}},
		func(status int, body []byte) error {
			if status < 200 || status >= 300 {
				return venue.StatusError(status)
			}
			var err error
			tx, found, err = c.decodeActions(body, s)
			return err
		})
	return tx, found, err
}

// decodeActions reads a /v2/actions answer and picks s's deposit in it.
func (c *Client) decodeActions(body []byte, s *swapscout.Swap) (string, bool, error) {
	var r actionsResponse
	if err := json.Unmarshal(body, &r); err != nil {
		return "", false, venue.BadResponse(err)
	}
	tx, found := c.matchDeposit(&r, s)
	return tx, found, nil
}

// matchDeposit picks s's deposit among r's actions: the one transaction
// that matches, or none when none or several do. A deposit carrying s's
// very memo is preferred; one asking the same swap with another limit
// (sameSwapMemo) counts only when none carries it.
func (c *Client) matchDeposit(r *actionsResponse, s *swapscout.Swap) (string, bool) {
	symbol, ok := c.net.Symbols[s.From]
	if !ok {
		return "", false
	}
	want := s.PromisedIn
	if want.IsZero() || !want.Valid() {
		want = s.AmountIn
	}
	if !want.Valid() || want.Sign() <= 0 {
		return "", false
	}
	wantU := ToUnitsAmount(want)
	one := swapscout.AmountFromInt(1)
	var exact, same []string // the matching deposits' hashes, by how their memo matches
	for i := range r.Actions {
		a := &r.Actions[i]
		if a.Type != "" && a.Type != "swap" {
			continue
		}
		tier := &exact
		if a.Metadata != nil && a.Metadata.Swap != nil && a.Metadata.Swap.Memo != "" && s.DepositMemo != "" &&
			!strings.EqualFold(strings.TrimSpace(a.Metadata.Swap.Memo), strings.TrimSpace(s.DepositMemo)) {
			if !c.sameSwapMemo(a.Metadata.Swap.Memo, s.DepositMemo) {
				continue
			}
			tier = &same
		}
		if !s.CreatedAt.IsZero() {
			ns, err := strconv.ParseInt(a.Date, 10, 64)
			if err != nil || time.Unix(0, ns).Before(s.CreatedAt) {
				continue
			}
		}
		for _, in := range a.In {
			if hash, ok := TxHash(in.TxID); ok && inboundMatches(in.Coins, symbol, wantU, one) && !slices.Contains(*tier, hash) {
				*tier = append(*tier, hash)
			}
		}
	}
	for _, hashes := range [][]string{exact, same} {
		switch len(hashes) {
		case 0:
			continue
		case 1:
			return hashes[0], true
		}
		return "", false // two deposits fit: never guess
	}
	return "", false
}

// sameSwapMemo reports whether a deposit's memo asks the swap of memo:
// the same asset, destination and streaming, whatever limit each sets and
// however each writes the asset (a wallet may write the memo's limit in
// short form; the simulator's automatic payment carries the node's memo,
// without the limit); memos that are not swaps' must be equal.
func (c *Client) sameSwapMemo(got, memo string) bool {
	names := make([]string, 0, len(c.rev))
	for n := range c.rev {
		names = append(names, n)
	}
	a, b := MemoIntent(got, names), MemoIntent(memo, names)
	if a == "" || b == "" {
		return strings.EqualFold(strings.TrimSpace(got), strings.TrimSpace(memo))
	}
	return a == b
}

// inboundMatches reports whether coins hold symbol's amount want (1e8
// units), give or take tol.
func inboundMatches(coins []coin, symbol string, want, tol swapscout.Amount) bool {
	for _, cn := range coins {
		if !strings.EqualFold(cn.Asset, symbol) || cn.Amount == nil || !cn.Amount.Valid() {
			continue
		}
		d := cn.Amount.Sub(want)
		if d.Sign() < 0 {
			d = want.Sub(*cn.Amount)
		}
		if d.Cmp(tol) <= 0 {
			return true
		}
	}
	return false
}

var _ swapscout.DepositFinder = (*Client)(nil)
