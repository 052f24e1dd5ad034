package chainflip

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// StatusWords maps the states of a swap by deposit channel, as the
// service's OpenAPI description lists them (state enum of the status
// answer, [CODE]); "waiting" is recorded. "receiving" is the deposit being
// witnessed, "sent" the payout broadcast but not yet seen on chain.
var StatusWords = venue.StatusTable{
	"waiting":   swapscout.StatusWaiting,
	"receiving": swapscout.StatusConfirming,
	"swapping":  swapscout.StatusExchanging,
	"sending":   swapscout.StatusSending,
	"sent":      swapscout.StatusSending,
	"completed": swapscout.StatusFinished,
	"failed":    swapscout.StatusFailed,
}

// Deposit-channel settings. retryBlocks is how long the protocol retries
// a swap whose price is below the minimum before it refunds (100 blocks,
// as Cake asks); slippage is how far below the quoted price we let it
// fill: 3 %, above the 2.5 % the recorded quote recommends.
const (
	retryBlocks = "100"
	slippage    = "0.97"
)

// CreateSwap opens a deposit channel (GET /swap) for the pair, paid out to
// the payout address and, when the price falls more than 3 % under the
// offer's or the swap fails, refunded to the refund address. The channel
// takes any amount: the order's amounts are the offer's, an estimate. Its id
// is the channel's, issuedBlock-Network-channelId.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	from, ok1 := Symbols[req.Request.From]
	to, ok2 := Symbols[req.Request.To]
	if !ok1 || !ok2 {
		return swapscout.SwapOrder{}, venue.Unsupported(Descriptor.Name, req.Request)
	}
	if req.PayoutMemo != "" || req.RefundMemo != "" {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(venue.CodeBadRequest, "Chainflip pays out and refunds without a memo")
	}
	minPrice := "0"
	if in, out := req.Offer.AmountIn, req.Offer.AmountOut; in.Sign() > 0 && out.Sign() > 0 {
		minPrice = out.Quo(in, 18, swapscout.RoundDown).Mul(swapscout.MustAmount(slippage)).Round(18, swapscout.RoundDown).String()
	}
	q := url.Values{"apiKey": {c.cfg.APIKey}, "sourceAsset": {from.ID}, "destinationAsset": {to.ID},
		"destinationAddress": {req.PayoutAddress}, "refundAddress": {req.RefundAddress},
		"minimumPrice": {minPrice}, "retryDurationInBlocks": {retryBlocks}}
	var ch channel
	err := venue.Fetch(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + SwapPath + "?" + q.Encode()}, func(status int, b []byte) error {
		if status != 200 {
			return swapRefusal(status, "", b)
		}
		if err := json.Unmarshal(b, &ch); err != nil {
			return venue.BadResponse(err)
		}
		return nil
	})
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	if ch.Address == "" || ch.IssuedBlock == nil || ch.ChannelID == nil || !validChain(ch.Network) {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "Chainflip opened a channel without address, block, network or id")
	}
	id := strconv.FormatInt(*ch.IssuedBlock, 10) + "-" + ch.Network + "-" + strconv.FormatInt(*ch.ChannelID, 10)
	return swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: id}, DepositAddress: ch.Address, AmountIn: req.Offer.AmountIn, AmountOut: req.Offer.AmountOut,
		VenueStatus: "waiting"}, nil
}

// validChain reports whether a chain name is one word of letters, as the
// channel id needs.
func validChain(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return false
		}
	}
	return true
}

// parseChannelID splits issuedBlock-Network-channelId.
func parseChannelID(id string) (block, network, channel string, ok bool) {
	parts := strings.Split(id, "-")
	if len(parts) != 3 || !validChain(parts[1]) {
		return "", "", "", false
	}
	for _, p := range []string{parts[0], parts[2]} {
		if n, err := strconv.ParseUint(p, 10, 63); err != nil || strconv.FormatUint(n, 10) != p {
			return "", "", "", false
		}
	}
	return parts[0], parts[1], parts[2], true
}

// SwapStatus reads GET /status-by-deposit-channel. A swap refunded by the
// protocol (its price stayed under the minimum, or it failed) has a
// refundEgress and no swapEgress: refunded, whatever the state word says,
// with the refund's transaction and amount.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	block, network, channelID, ok := parseChannelID(ref.ID)
	if !ok {
		return swapscout.SwapUpdate{}, venue.OrderNotFound(Descriptor.Name, ref.ID)
	}
	q := url.Values{"apiKey": {c.cfg.APIKey}, "issuedBlock": {block}, "network": {network}, "channelId": {channelID}}
	var a statusAnswer
	err := venue.Fetch(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + StatusPath + "?" + q.Encode()}, func(status int, b []byte) error {
		if status != 200 {
			return swapRefusal(status, ref.ID, b)
		}
		if err := json.Unmarshal(b, &a); err != nil {
			return venue.BadResponse(err)
		}
		return nil
	})
	if err != nil {
		return swapscout.SwapUpdate{}, err
	}
	st := a.Status
	if st == nil || st.State == "" {
		return swapscout.SwapUpdate{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "Chainflip status without a state")
	}
	u := swapscout.SwapUpdate{Status: StatusWords.Status(st.State), VenueStatus: st.State}
	if u.Status == swapscout.StatusWaiting && st.DepositChannel != nil && st.DepositChannel.IsExpired {
		u.Status = swapscout.StatusExpired // the channel closed with nothing paid in
	}
	if st.Deposit != nil {
		u.DepositTx = venue.Deref(st.Deposit.TransactionReference)
	}
	switch {
	case st.SwapEgress != nil:
		u.PayoutTx = venue.Deref(st.SwapEgress.TransactionReference)
		if u.Status == swapscout.StatusFinished {
			if n := venue.Positive(st.SwapEgress.AmountNative); !n.IsZero() {
				if info, ok := byID[st.DestinationAsset]; ok {
					u.AmountReceived = FromNative(n, info.Decimals)
				}
			}
		}
	case st.RefundEgress != nil:
		// The refund's transaction and amount, in the source asset.
		u.RefundTx = venue.Deref(st.RefundEgress.TransactionReference)
		if n := venue.Positive(st.RefundEgress.AmountNative); !n.IsZero() {
			if info, ok := byID[st.SourceAsset]; ok {
				u.AmountRefunded = FromNative(n, info.Decimals)
			}
		}
		if u.Status == swapscout.StatusFinished || u.Status == swapscout.StatusFailed {
			u.Status = swapscout.StatusRefunded
		}
	}
	return u, nil
}

// swapRefusal classifies a refused channel or status call.
func swapRefusal(status int, orderID string, body []byte) error {
	text := venue.BodyText(body)
	var p problem
	if json.Unmarshal(body, &p) == nil && p.Detail != "" {
		text = venue.Clip(p.Detail)
	}
	if text == "" {
		text = "HTTP " + http.StatusText(status)
	}
	if status/100 == 2 {
		status = 400
	}
	return venue.Refusal(Descriptor.Name, status, orderID, text)
}

var _ swapscout.Swapper = (*Client)(nil)
