package venue

import (
	"maps"

	"github.com/swapscout/swapscout"
)

// The transaction family's paths, relative to a venue's base URL (Godex's
// and LetsExchange's, research A6 and A8): quotes by the amount sent
// (TxInfoPath) or to receive (TxInfoRevertPath); transactions created by
// either amount (TxCreatePath, TxRevertPath) and read at TxCreatePath/{id}.
const (
	TxInfoPath       = "/api/v1/info"
	TxInfoRevertPath = "/api/v1/info-revert"
	TxCreatePath     = "/api/v1/transaction"
	TxRevertPath     = "/api/v1/transaction-revert"
)

// TxPaths are the info and create paths of a call by the amount to send,
// or with revert by the amount to receive.
func TxPaths(revert bool) (info, create string) {
	if revert {
		return TxInfoRevertPath, TxRevertPath
	}
	return TxInfoPath, TxCreatePath
}

// TxStatuses is the lifecycle of the "transaction" API family Godex,
// LetsExchange and Exolix share (research A3, A6, A8: Godex's words are the
// list crypto-power's client decodes [CODE]; LetsExchange and Exolix speak
// the same family): wait, confirmation, confirmed (the deposit confirmed,
// the exchange under way), exchanging, sending, success, overdue, error and
// refunded, with a venue's own words, more.
func TxStatuses(more StatusTable) StatusTable {
	t := StatusTable{
		"wait":         swapscout.StatusWaiting,
		"confirmation": swapscout.StatusConfirming,
		"confirmed":    swapscout.StatusExchanging,
		"exchanging":   swapscout.StatusExchanging,
		"sending":      swapscout.StatusSending,
		"success":      swapscout.StatusFinished,
		"overdue":      swapscout.StatusExpired,
		"error":        swapscout.StatusFailed,
		"refunded":     swapscout.StatusRefunded,
	}
	maps.Copy(t, more)
	return t
}

// TxAnswer is the order Godex and LetsExchange answer to POST
// /api/v1/transaction and GET /api/v1/transaction/{id} alike (crypto-power's
// Go structs for Godex [CODE], cake's create_transaction.json and
// transaction.json for LetsExchange [REC]): amounts may be strings or
// numbers; real_withdrawal_amount is what was paid out once hash_out is
// known. An adapter embeds it beside its venue's own fields.
type TxAnswer struct {
	TransactionID        string            `json:"transaction_id"`
	Status               string            `json:"status"`
	Deposit              string            `json:"deposit"`
	DepositExtraID       *string           `json:"deposit_extra_id"`
	DepositAmount        *swapscout.Amount `json:"deposit_amount"`
	WithdrawalAmount     *swapscout.Amount `json:"withdrawal_amount"`
	HashIn               *string           `json:"hash_in"`
	HashOut              *string           `json:"hash_out"`
	RealWithdrawalAmount *swapscout.Amount `json:"real_withdrawal_amount"`
}

// Order is the order the answer describes, not yet checked (Created does).
func (tx *TxAnswer) Order() swapscout.SwapOrder {
	return swapscout.SwapOrder{Ref: swapscout.OrderRef{ID: tx.TransactionID}, DepositAddress: tx.Deposit, DepositMemo: Deref(tx.DepositExtraID),
		AmountIn: Deref(tx.DepositAmount), AmountOut: Deref(tx.WithdrawalAmount), VenueStatus: tx.Status}
}

// Update is the update the answer makes with venue name's table t.
func (tx *TxAnswer) Update(name string, t StatusTable) (swapscout.SwapUpdate, error) {
	return t.Settled(name, tx.Status, tx.HashIn, tx.HashOut, tx.RealWithdrawalAmount)
}

// TxRequest is what Godex and LetsExchange both read in POST
// /api/v1/transaction and /transaction-revert (crypto-power's and Edge's
// requests for Godex [CODE], cake's recorded request for LetsExchange
// [REC]): the coins, the amount to send (deposit_amount) or, on
// transaction-revert, to receive (withdrawal_amount), the payout address and
// the refund address with its memo. The adapters send it and their
// simulators read it, each beside its venue's own network, memo and rate
// fields.
type TxRequest struct {
	CoinFrom         string            `json:"coin_from"`
	CoinTo           string            `json:"coin_to"`
	DepositAmount    *swapscout.Amount `json:"deposit_amount,omitempty"`
	WithdrawalAmount *swapscout.Amount `json:"withdrawal_amount,omitempty"`
	Withdrawal       string            `json:"withdrawal"`
	Return           string            `json:"return,omitempty"`
	ReturnExtraID    string            `json:"return_extra_id,omitempty"`
}

// NewTxRequest is req's transaction request between the coins from and to;
// revert says it goes to transaction-revert, by the amount to receive.
func NewTxRequest(from, to string, req swapscout.CreateSwapRequest) (r TxRequest, revert bool) {
	r = TxRequest{CoinFrom: from, CoinTo: to, Withdrawal: req.PayoutAddress, Return: req.RefundAddress, ReturnExtraID: req.RefundMemo}
	if req.Request.Direction == swapscout.Receive {
		r.WithdrawalAmount = &req.Offer.AmountOut
		return r, true
	}
	r.DepositAmount = &req.Offer.AmountIn
	return r, false
}

// Amount is the amount the request names: to receive on revert, else to
// send; nil when it names none.
func (r *TxRequest) Amount(revert bool) *swapscout.Amount {
	if revert {
		return r.WithdrawalAmount
	}
	return r.DepositAmount
}
