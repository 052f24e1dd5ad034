package thornode

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/venue"
)

// Stage words: the network's own stage names (THORNode's tx/status stages),
// one per step a swap takes, as the word kept beside our status. The node
// reports a set of stages, each completed or not; the word is the first one
// not completed, or how the swap ended.
const (
	WordUnseen         = "inbound_unseen" // inbound_observed, not started: the network has not seen the deposit
	WordObserved       = "inbound_observed"
	WordConfirmations  = "inbound_confirmation_counted"
	WordFinalising     = "inbound_finalised"
	WordSwapPending    = "swap_pending"   // swap_status.pending
	WordSwapStreaming  = "swap_streaming" // swap_status.pending with a streaming swap under way
	WordSwapFinalising = "swap_finalised"
	WordOutboundDelay  = "outbound_delay"
	WordOutbound       = "outbound_signed"
	WordDone           = "done"     // every stage completed
	WordRefunded       = "refunded" // every stage completed, and the outbound was a refund
)

// StatusWords maps the stage words to our statuses.
var StatusWords = venue.StatusTable{
	WordUnseen:         swapscout.StatusWaiting,
	WordObserved:       swapscout.StatusConfirming,
	WordConfirmations:  swapscout.StatusConfirming,
	WordFinalising:     swapscout.StatusConfirming,
	WordSwapPending:    swapscout.StatusExchanging,
	WordSwapStreaming:  swapscout.StatusExchanging,
	WordSwapFinalising: swapscout.StatusExchanging,
	WordOutboundDelay:  swapscout.StatusSending,
	WordOutbound:       swapscout.StatusSending,
	WordDone:           swapscout.StatusFinished,
	WordRefunded:       swapscout.StatusRefunded,
}

// CannotSwap (swapscout.SwapChecker) refuses the offers whose deposit a
// deposit address and a memo cannot express: from a chain with a router
// contract (EVM chains), THORChain's documentation has every deposit call
// the router's depositWithExpiry (after approving the router to spend a
// token), which a swap record cannot ask of a wallet. Such offers show as
// prices, never with a swap that would end in the venue's refusal.
func (c *Client) CannotSwap(req swapscout.QuoteRequest, _ *swapscout.Offer) string {
	from, ok := c.net.Symbols[req.From]
	if !ok || !RouterChain(ChainOf(from)) {
		return ""
	}
	network := swapscout.Networks[req.From.Network]
	if network == "" {
		network = req.From.Network
	}
	return fmt.Sprintf("%s takes deposits of %s on %s through its router contract (a contract call, not a transfer to an address), which swaps made here cannot ask of a wallet",
		c.net.Name, strings.ToUpper(req.From.Ticker), network)
}

// CreateSwap asks the quote again with the payout address as destination
// (and the refund address): its inbound address and memo are what the
// deposit must be, until its expiry. Nothing is created at the network; the
// order id is the inbound address (without a "bitcoincash:"-style prefix:
// what follows a ':' in an order id is kept from users as a secret), and
// the swap is followed by its deposit's
// transaction once the user gives it or Midgard lists it
// (swapscout.DepositTracked, swapscout.DepositFinder).
//
// The node's memo is checked (a swap to the asset and the payout address
// asked) and given a price limit (LIM) from req.MaxSlippage: the least the
// swap may pay out is the quote's expected_amount_out less that fraction,
// so the network refunds the deposit rather than fill at any price (see
// memo.go). From a Bitcoin-like chain the memo stays within its 80 bytes.
//
// Deposits from chains with a router contract (EVM chains: the answer names
// the router) must call the router's depositWithExpiry, not transfer to the
// inbound address; a swap record cannot say that, so such a swap is
// refused (CannotSwap says so at quote time) rather than risk a deposit the
// network never credits.
func (c *Client) CreateSwap(ctx context.Context, req swapscout.CreateSwapRequest) (swapscout.SwapOrder, error) {
	qr := req.Request
	from, to, err := c.names(qr)
	if err != nil {
		return swapscout.SwapOrder{}, err
	}
	if qr.Direction == swapscout.Receive {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(venue.CodeBadRequest, "%s swaps by the amount sent only", c.net.Name)
	}
	if req.PayoutMemo != "" || req.RefundMemo != "" {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(venue.CodeBadRequest, "%s pays out and refunds to an address without a memo or tag", c.net.Name)
	}
	if req.PayoutAddress == "" {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(venue.CodeBadRequest, "%s needs a payout address", c.net.Name)
	}
	// From a Bitcoin-like chain the memo is an OP_RETURN of at most 80
	// bytes, which a refund address in it would overflow (the node refuses
	// such a quote); there the refund goes to the sending address, the
	// network's default.
	// An address goes into the memo without a "bitcoincash:" prefix,
	// whose colon would split the memo's fields.
	refund := memoAddress(req.RefundAddress)
	utxo := UTXOChain(ChainOf(from))
	if utxo {
		refund = ""
	}
	dest := memoAddress(req.PayoutAddress)
	var order swapscout.SwapOrder
	err = c.fetchQuote(ctx, qr, c.quoteParams(qr, from, to, dest, refund), func(r *quoteResponse) error {
		o, err := c.offer(qr, r)
		if err != nil {
			return err
		}
		switch {
		case r.InboundAddress == "" || r.Memo == "" || strings.HasSuffix(r.InboundAddress, ":"):
			return swapscout.NewVenueError(swapscout.CodeBadResponse, "%s answered without an inbound address or memo", c.net.Name)
		case r.Router != "":
			return swapscout.NewVenueError(venue.CodeBadRequest,
				"%s takes deposits of %s through its router contract (%s), which swapscout cannot hand over yet", c.net.Name, qr.From, venue.Clip(r.Router))
		case r.Expiry > 0 && !time.Unix(r.Expiry, 0).After(c.cfg.NowTime()):
			return swapscout.NewVenueError(swapscout.CodeBadResponse, "%s answered a quote that has already expired", c.net.Name)
		}
		memo, err := c.limitMemo(r.Memo, to, dest, *r.ExpectedAmountOut, req.MaxSlippage, utxo)
		if err != nil {
			return err
		}
		vault := r.InboundAddress
		if i := strings.LastIndexByte(vault, ':'); i >= 0 {
			vault = vault[i+1:]
		}
		order = swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: vault}, DepositAddress: r.InboundAddress, DepositMemo: memo,
			AmountIn: qr.Amount, AmountOut: o.AmountOut, ExpiresAt: o.ExpiresAt, VenueStatus: WordUnseen}
		return nil
	})
	return order, err
}

// limitMemo checks the node's memo, a swap to the asset to (the network's
// name) paying out to dest, and sets its limit: expected (1e8 units of to)
// less the fraction slip, rounded up. A zero slip leaves the memo's own
// limit. The venue's answer is data to check: a memo paying another
// address or asset is a bad_response, never handed to a user.
func (c *Client) limitMemo(memo, to, dest string, expected, slip swapscout.Amount, utxo bool) (string, error) {
	m, ok := ParseSwapMemo(memo)
	switch {
	case !ok:
		return "", swapscout.NewVenueError(swapscout.CodeBadResponse, "%s answered a memo that is not a swap's", c.net.Name)
	case !SameAsset(m.Asset, to):
		return "", swapscout.NewVenueError(swapscout.CodeBadResponse, "%s answered a memo swapping to %s, not %s", c.net.Name, venue.Clip(m.Asset), to)
	case !sameDest(m.dest, dest):
		return "", swapscout.NewVenueError(swapscout.CodeBadResponse, "%s answered a memo paying out to another address than the one asked", c.net.Name)
	}
	if slip.Sign() <= 0 {
		return memo, nil
	}
	lim := expected.Mul(swapscout.AmountFromInt(1).Sub(slip)).Round(0, swapscout.RoundUp)
	out, ok := withLimit(m, lim, utxo)
	if !ok {
		return "", swapscout.NewVenueError(venue.CodeBadRequest, "%s's memo with its price limit takes %d bytes, more than the %d a deposit from this chain can carry",
			c.net.Name, len(out), MaxUTXOMemo)
	}
	return out, nil
}

// TxHash normalises a deposit's transaction id as the networks name it: 64
// hex digits, upper case, without 0x; ok is false for anything else.
func TxHash(id string) (string, bool) {
	h := strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(id), "0x"), "0X")
	if len(h) != 64 {
		return "", false
	}
	for i := 0; i < len(h); i++ {
		c := h[i] | 0x20
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f') {
			return "", false
		}
	}
	return strings.ToUpper(h), true
}

// SwapStatus reads {path}/tx/status/{hash} for the deposit's transaction
// id (swapscout.DepositTracked: the tracker asks with Swap.DepositTx). A
// transaction the network has not seen is waiting, not unknown: the user
// may give its id before the network observes it.
func (c *Client) SwapStatus(ctx context.Context, ref swapscout.OrderRef) (swapscout.SwapUpdate, error) {
	hash, ok := TxHash(ref.ID)
	if !ok {
		return swapscout.SwapUpdate{}, venue.OrderNotFound(c.net.Name, ref.ID)
	}
	var u swapscout.SwapUpdate
	err := venue.Fetch(ctx, &c.cfg, venue.Request{URL: c.cfg.BaseURL + c.net.Path + "/tx/status/" + hash,
		Header: []venue.Field{{Key: "Accept", Value: "application/json"}}},
		func(status int, body []byte) error {
			var err error
			u, err = c.decodeStatus(hash, status, body)
			return err
		})
	return u, err
}

// decodeStatus reads a tx/status answer.
func (c *Client) decodeStatus(hash string, status int, body []byte) (swapscout.SwapUpdate, error) {
	var r statusResponse
	err := json.Unmarshal(body, &r)
	words := r.words()
	switch {
	case err != nil && status >= 200 && status < 300:
		return swapscout.SwapUpdate{}, venue.BadResponse(err)
	case err != nil:
		return swapscout.SwapUpdate{}, venue.Refusal(c.net.Name, status, hash, "HTTP error")
	case words != "" && r.Stages == nil:
		if status >= 200 && status < 300 {
			status = 400
		}
		return swapscout.SwapUpdate{}, venue.Refusal(c.net.Name, status, hash, words)
	case status < 200 || status >= 300:
		return swapscout.SwapUpdate{}, venue.Refusal(c.net.Name, status, hash, "HTTP error")
	case r.Stages == nil || r.Stages.InboundObserved == nil:
		return swapscout.SwapUpdate{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "%s answered a status without its stages", c.net.Name)
	}
	word := stageWord(&r)
	u := swapscout.SwapUpdate{Status: StatusWords.Status(word), VenueStatus: word, DepositTx: hash}
	if r.Tx != nil && r.Tx.ID != "" {
		if h, ok := TxHash(r.Tx.ID); ok {
			u.DepositTx = h
		}
	}
	if word == WordDone || word == WordOutbound {
		u.PayoutTx, u.AmountReceived = c.payout(&r)
	}
	return u, nil
}

// stageWord is the first stage not completed, or how the swap ended.
func stageWord(r *statusResponse) string {
	s := r.Stages
	if !s.InboundObserved.Completed {
		if s.InboundObserved.Started != nil && *s.InboundObserved.Started {
			return WordObserved
		}
		return WordUnseen
	}
	switch {
	case s.InboundConfirmationCounted != nil && !s.InboundConfirmationCounted.Completed:
		return WordConfirmations
	case s.InboundFinalised != nil && !s.InboundFinalised.Completed:
		return WordFinalising
	case s.SwapStatus != nil && s.SwapStatus.Pending:
		if st := s.SwapStatus.Streaming; st != nil && st.Quantity > 1 {
			return WordSwapStreaming
		}
		return WordSwapPending
	case s.SwapFinalised != nil && !s.SwapFinalised.Completed:
		return WordSwapFinalising
	case s.OutboundDelay != nil && !s.OutboundDelay.Completed:
		return WordOutboundDelay
	case s.OutboundSigned != nil && !s.OutboundSigned.Completed:
		return WordOutbound
	}
	for _, p := range r.PlannedOutTxs {
		if p.Refund {
			return WordRefunded
		}
	}
	return WordDone
}

// payout is the outbound's transaction id and what it paid, in the planned
// outbound's asset, when the network reports them (zero otherwise: a payout
// in an asset we do not list, or not signed yet).
func (c *Client) payout(r *statusResponse) (string, swapscout.Amount) {
	var asset string
	for _, p := range r.PlannedOutTxs {
		if !p.Refund {
			asset = strings.ToUpper(p.Coin.Asset)
			break
		}
	}
	a, known := c.rev[asset]
	var id string
	sum := swapscout.AmountFromInt(0)
	for _, o := range r.OutTxs {
		if h, ok := TxHash(o.ID); ok && strings.Trim(h, "0") != "" {
			id = h
		}
		for _, cn := range o.Coins {
			if known && strings.EqualFold(cn.Asset, asset) {
				sum = sum.Add(venue.Positive(cn.Amount))
			}
		}
	}
	if !known || sum.Sign() <= 0 {
		return id, swapscout.Amount{}
	}
	return id, FromUnits(sum, a)
}

// DepositTxID checks a deposit's transaction id (swapscout.DepositTracked):
// the networks' swaps are followed by it, as TxHash writes it.
func (c *Client) DepositTxID(id string) (string, bool) { return TxHash(id) }

var (
	_ swapscout.DepositTracked = (*Client)(nil)
	_ swapscout.SwapChecker    = (*Client)(nil)
)
