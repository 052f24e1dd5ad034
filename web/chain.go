package web

import (
	"strings"

	"github.com/swapscout/swapscout"
)

// ChainLine is one side of a swap as the chain showed it, for the page.
type ChainLine struct {
	Side    string // "deposit", "payout", "refund"
	Label   string // "Deposit on chain"
	State   string // swapscout.ChainFact.State
	Note    string // the fact in words
	Amount  string // grouped, with its ticker; empty when nothing arrived on chain
	Short   string // how much less than expected arrived, in percent; empty when not short
	TxID    string // the first matched transaction
	Overdue bool
	Venue   bool // the venue's word stands (no endpoint, a hidden network, a failure)
}

var chainLabels = map[string]string{
	swapscout.ChainDeposit: "Deposit on chain",
	swapscout.ChainPayout:  "Payout on chain",
	swapscout.ChainRefund:  "Refund on chain",
}

// chainLines are the sides of sw the chain was asked about.
func chainLines(sw *swapscout.Swap) []ChainLine {
	var out []ChainLine
	for _, f := range sw.Chain {
		l := ChainLine{Side: f.Side, Label: chainLabels[f.Side], State: f.State, Note: f.Note, Overdue: f.Overdue, Venue: f.Source != "chain"}
		ticker := sw.To.Ticker
		if f.Side != swapscout.ChainPayout {
			ticker = sw.From.Ticker
		}
		if f.OnChain() && f.Amount.Valid() && f.Amount.Sign() > 0 {
			l.Amount = GroupDigits(f.Amount.String()) + "\u00a0" + strings.ToUpper(ticker)
		}
		if r, ok := f.Ratio(); ok && r.Cmp(swapscout.MustAmount("0.995")) < 0 {
			l.Short = swapscout.AmountFromInt(1).Sub(r).Mul(swapscout.AmountFromInt(100)).String()
		}
		if len(f.TxIDs) > 0 {
			l.TxID = f.TxIDs[0]
		}
		out = append(out, l)
	}
	return out
}
