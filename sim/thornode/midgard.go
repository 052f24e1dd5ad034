package thornode

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout/sim"
	adapter "github.com/swapscout/swapscout/venue/thornode"
)

// actions serves Midgard's GET /v2/actions for ?address=… (the payout
// address, one or several separated by commas) with type=swap: the
// orders paying out there that were paid, newest first, as swap actions:
// pending until the payout is sent, then success (or refund), with the
// deposit's transaction and memo, in Midgard's format (strings for every
// number, dates in nanoseconds).
func (n *node) actions(w http.ResponseWriter, r *http.Request, x *sim.Exchange) {
	q := r.URL.Query()
	limit := 50
	if v := q.Get("limit"); v != "" {
		l, err := strconv.Atoi(v)
		if err != nil || l < 1 || l > 50 {
			writeJSON(w, 400, map[string]any{"error": "limit must be between 1 and 50"})
			return
		}
		limit = l
	}
	if t := q.Get("type"); t != "" && t != "swap" {
		writeJSON(w, 200, map[string]any{"actions": []any{}, "count": "0", "meta": map[string]any{}})
		return
	}
	actions := []any{}
	seen := map[string]bool{}
	for _, addr := range strings.Split(q.Get("address"), ",") {
		if addr = strings.TrimSpace(addr); addr == "" {
			continue
		}
		for _, o := range x.OrdersByPayout(addr, limit) {
			if o.PaidAt.IsZero() || len(actions) >= limit || seen[o.ID] {
				continue
			}
			seen[o.ID] = true
			actions = append(actions, n.action(o))
		}
	}
	writeJSON(w, 200, map[string]any{"actions": actions, "count": strconv.Itoa(len(actions)),
		"meta": map[string]any{"nextPageToken": "", "prevPageToken": ""}})
}

// action is a paid order as a Midgard swap action.
func (n *node) action(o sim.Order) map[string]any {
	fromName, toName := n.net.Symbols[o.From], n.net.Symbols[o.To]
	blk := max(n.p.BlockSeconds, 1)
	height := func(t time.Time) string { return strconv.FormatInt(t.Unix()/blk, 10) }
	status, out := "pending", []any{}
	switch o.Stage {
	case sim.StageFinished:
		status = "success"
		out = []any{map[string]any{"address": o.PayoutAddress, "height": height(o.UpdatedAt),
			"coins": []any{map[string]any{"amount": adapter.ToUnits(o.AmountSent), "asset": toName}}, "txID": strings.ToUpper(o.PayoutTx)}}
	case sim.StageRefunded, sim.StageFailed:
		status = "refund"
		out = []any{map[string]any{"address": o.RefundAddress, "height": height(o.UpdatedAt),
			"coins": []any{map[string]any{"amount": adapter.ToUnits(o.AmountPaid), "asset": fromName}}, "txID": strings.ToUpper(o.RefundTx)}}
	}
	return map[string]any{
		"date": strconv.FormatInt(o.PaidAt.UnixNano(), 10), "height": height(o.PaidAt),
		"in": []any{map[string]any{"address": o.RefundAddress, "txID": strings.ToUpper(o.DepositTx),
			"coins": []any{map[string]any{"amount": adapter.ToUnits(o.AmountPaid), "asset": fromName}}}},
		"metadata": map[string]any{"swap": map[string]any{
			"affiliateAddress": "", "affiliateFee": "0", "isStreamingSwap": false, "liquidityFee": "0",
			"memo": o.DepositMemo, "networkFees": []any{}, "swapSlip": strconv.Itoa(int(math.Round(n.p.Spread * 10000))),
			"swapTarget": "0", "txType": "swap"}},
		"out": out, "pools": []string{fromName, toName}, "status": status, "type": "swap",
	}
}
