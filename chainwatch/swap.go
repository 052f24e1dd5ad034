package chainwatch

import (
	"context"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain"
)

var _ swapscout.ChainChecker = (*Watcher)(nil)

// CheckTransfer implements swapscout.ChainChecker: Check and Next, in the
// swap record's words.
func (w *Watcher) CheckTransfer(ctx context.Context, x swapscout.ChainExpect) (swapscout.ChainFact, time.Duration, bool) {
	e := Expect{Side: Side(x.Side), Network: x.Network, Address: x.Address, Asset: x.Asset, Amount: x.Amount,
		After: x.After, TxID: txID(x.Network, x.TxID), Own: x.Own}
	f := w.Check(ctx, e)
	next, more := w.Next(e, f)
	return swapscout.ChainFact{Side: string(f.Side), State: string(f.State), Source: string(f.Source), Endpoint: f.Endpoint,
		Amount: f.Amount, Expected: f.Expected, TxIDs: f.TxIDs, Confirmations: f.Confirmations, Required: f.Required,
		SeenAt: f.SeenAt, CheckedAt: f.CheckedAt, Note: f.Note}, next, more
}

// txID writes a venue's transaction id as the network's explorers do:
// venues often give an EVM hash without its 0x.
func txID(network, id string) string {
	if chain.IsEVM(network) && len(id) == 64 && strings.Trim(strings.ToLower(id), "0123456789abcdef") == "" {
		return "0x" + id
	}
	return id
}

// ChainGrace implements swapscout.ChainChecker: Grace, or the Watcher's
// Config.Grace when set (a simulated chain's compressed blocks).
func (w *Watcher) ChainGrace(network string) time.Duration {
	if w.grace != nil {
		if g := w.grace(network); g > 0 {
			return g
		}
	}
	return Grace(network)
}
