package chainflip

import (
	"net/http"
	"strconv"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/swapsim"
	adapter "github.com/swapscout/swapscout/venue/chainflip"
)

// Channel ids in the simulator: a simulated order's id is 16 hex digits;
// the channel's issuedBlock is its first 8 and channelId its last 8, read
// as numbers, so that the channel id names the order with no state kept.
func simChannel(orderID string) (block, channel int64, ok bool) {
	if len(orderID) != 16 {
		return 0, 0, false
	}
	b, err1 := strconv.ParseUint(orderID[:8], 16, 32)
	c, err2 := strconv.ParseUint(orderID[8:], 16, 32)
	return int64(b), int64(c), err1 == nil && err2 == nil
}

// orderID is the simulated order's id of the channel opened at block with
// id channel (decimal numbers, as the status call names them); "" when
// they name none.
func orderID(block, channel string) string {
	b, err1 := strconv.ParseUint(block, 10, 32)
	c, err2 := strconv.ParseUint(channel, 10, 32)
	if err1 != nil || err2 != nil || strconv.FormatUint(b, 10) != block || strconv.FormatUint(c, 10) != channel {
		return ""
	}
	return strconv.FormatUint(b|1<<32, 16)[1:] + strconv.FormatUint(c|1<<32, 16)[1:]
}

// simState is the state word Chainflip shows for each simulated stage; a
// refunded swap is "failed" with a refundEgress, an expired channel stays
// "waiting" with isExpired set.
var simState = map[sim.Stage]string{
	sim.StageWaiting: "waiting", sim.StageConfirming: "receiving", sim.StageExchanging: "swapping",
	sim.StageSending: "sending", sim.StageFinished: "completed", sim.StageFailed: "failed",
	sim.StageRefunded: "failed", sim.StageExpired: "waiting",
}

// channelLife is how long a deposit channel stays open (24 hours).
const channelLife = 24 * time.Hour

func (s *api) swap(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	from, to, ok := s.pair(w, q)
	if !ok {
		return
	}
	if swapsim.BadAddress(q.Get("destinationAddress")) || q.Get("refundAddress") == "" {
		invalid(w, "Invalid destinationAddress or refundAddress")
		return
	}
	if _, err := swapscout.ParseAmount(q.Get("minimumPrice")); err != nil {
		invalid(w, "Invalid minimumPrice")
		return
	}
	min, ok := s.minimum(from, to)
	if !ok {
		invalid(w, "Unknown or disabled asset")
		return
	}
	// A channel takes any amount; the simulated order expects the deposit
	// of the pair's last quote (what the user was told to send), ten
	// minimums without one.
	o, err := s.x.CreateOrder(sim.OrderSpec{Quote: sim.QuoteSpec{From: from, To: to, Amount: min.Mul(swapscout.AmountFromInt(10))},
		PayoutAddress: q.Get("destinationAddress"), RefundAddress: q.Get("refundAddress"), Expiry: channelLife, AnyAmount: true})
	block, channel, ok := simChannel(o.ID)
	if err != nil || !ok {
		writeProblem(w, 500, "Internal Server Error", "Could not open a deposit channel", nil)
		return
	}
	network := adapter.Symbols[from].Chain
	writeJSON(w, 200, map[string]any{"id": block % 100000, "address": o.DepositAddress, "issuedBlock": block, "network": network,
		"channelId": channel, "sourceExpiryBlock": block + 7200,
		"explorerUrl":       "https://scan.chainflip.io/channels/" + strconv.FormatInt(block, 10) + "-" + network + "-" + strconv.FormatInt(channel, 10),
		"channelOpeningFee": 0, "channelOpeningFeeNative": "0"})
}

func (s *api) status(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	id := q.Get("issuedBlock") + "-" + q.Get("network") + "-" + q.Get("channelId")
	o, err := s.x.Order(orderID(q.Get("issuedBlock"), q.Get("channelId")))
	if err != nil || adapter.Symbols[o.From].Chain != q.Get("network") {
		writeProblem(w, 404, "Not Found", "Deposit channel not found", nil)
		return
	}
	fc, tc := adapter.Symbols[o.From], adapter.Symbols[o.To]
	fi, _ := swapscout.LookupAsset(o.From)
	ti, _ := swapscout.LookupAsset(o.To)
	ms := func(t time.Time) int64 { return t.UnixMilli() }
	st := map[string]any{
		"state": simState[o.Stage], "sourceAsset": fc.ID, "destinationAsset": tc.ID, "destinationAddress": o.PayoutAddress,
		"depositChannel": map[string]any{"id": id, "createdAt": ms(o.CreatedAt), "createdAtDate": o.CreatedAt.UTC().Format(time.RFC3339),
			"depositAddress": o.DepositAddress, "estimatedExpiryTime": ms(o.ExpiresAt), "estimatedExpiryDate": o.ExpiresAt.UTC().Format(time.RFC3339),
			"isExpired": o.Stage == sim.StageExpired, "openedThroughBackend": false},
		"estimatedDurationSeconds": 168, "sourceChainRequiredBlockConfirmations": 5, "fees": []any{},
		"lastStateChainUpdateAt": ms(o.UpdatedAt),
	}
	if o.DepositTx != "" {
		st["deposit"] = map[string]any{"amount": num(o.AmountPaid), "amountNative": adapter.ToNative(o.AmountPaid, fi.Decimals).String(),
			"transactionReference": o.DepositTx, "transactionConfirmations": 5, "witnessedAt": ms(o.PaidAt)}
	}
	if o.PayoutTx != "" {
		st["swapEgress"] = map[string]any{"amount": num(o.AmountSent), "amountNative": adapter.ToNative(o.AmountSent, ti.Decimals).String(),
			"transactionReference": o.PayoutTx, "scheduledAt": ms(o.UpdatedAt)}
	}
	if o.RefundTx != "" {
		st["refundEgress"] = map[string]any{"amount": num(o.AmountRefunded), "amountNative": adapter.ToNative(o.AmountRefunded, fi.Decimals).String(),
			"transactionReference": o.RefundTx}
	}
	block, _ := strconv.ParseInt(q.Get("issuedBlock"), 10, 64)
	writeJSON(w, 200, map[string]any{"id": block % 100000, "platform": "chainflip", "status": st})
}
