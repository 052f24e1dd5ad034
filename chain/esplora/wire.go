package esplora

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/chain"
)

// txJSON is an Esplora transaction (the "Transaction format" of Esplora's
// API.md), with only the fields read here.
type txJSON struct {
	TxID string `json:"txid"`
	Vin  []struct {
		Prevout *outJSON `json:"prevout"`
	} `json:"vin"`
	Vout   []outJSON `json:"vout"`
	Status struct {
		Confirmed   bool  `json:"confirmed"`
		BlockHeight int64 `json:"block_height"`
		BlockTime   int64 `json:"block_time"`
	} `json:"status"`
}

type outJSON struct {
	Address string `json:"scriptpubkey_address"`
	// Value is in satoshis; kept as written so that no float ever holds it.
	Value json.Number `json:"value"`
}

// maxHeight bounds plausible block heights (and Unix times below): a value
// past it is a broken answer, not a block.
const maxHeight = 1 << 40

// parseTransfers turns decoded transactions into the transfers they made
// to address, or to every address when address is empty. Confirmations
// are left for the caller (they need the tip).
func parseTransfers(network string, decimals int, txs []txJSON, address string) ([]swapscout.Transfer, error) {
	asset := swapscout.Asset{Ticker: network, Network: network}
	var out []swapscout.Transfer
	for _, tx := range txs {
		if !validTxID(tx.TxID) {
			return nil, fmt.Errorf("transaction id %q is not 64 hex digits", clip(tx.TxID))
		}
		var height int64
		var at time.Time
		if tx.Status.Confirmed {
			if tx.Status.BlockHeight <= 0 || tx.Status.BlockHeight > maxHeight || tx.Status.BlockTime <= 0 || tx.Status.BlockTime > maxHeight {
				return nil, fmt.Errorf("transaction %s: confirmed without a plausible block height and time", tx.TxID)
			}
			height, at = tx.Status.BlockHeight, time.Unix(tx.Status.BlockTime, 0).UTC()
		}
		if address != "" && spendsFrom(network, tx, address) {
			continue // change back to the sender, not an incoming transfer
		}
		for i, o := range tx.Vout {
			if o.Address == "" || address != "" && !chain.SameAddress(network, o.Address, address) {
				continue
			}
			amt, err := swapscout.AmountFromUnits(string(o.Value), decimals)
			if err != nil {
				return nil, fmt.Errorf("transaction %s output %d: value: %w", tx.TxID, i, err)
			}
			out = append(out, swapscout.Transfer{
				Network: network, TxID: strings.ToLower(tx.TxID), Index: i, Asset: asset,
				To: o.Address, Amount: amt, Height: height, Time: at,
			})
		}
	}
	return out, nil
}

func spendsFrom(network string, tx txJSON, address string) bool {
	for _, in := range tx.Vin {
		if in.Prevout != nil && chain.SameAddress(network, in.Prevout.Address, address) {
			return true
		}
	}
	return false
}

var errTip = errors.New("tip height is not a block height")

// parseTip reads /blocks/tip/height: a decimal block height as plain text.
func parseTip(body []byte) (int64, error) {
	h, err := strconv.ParseInt(strings.TrimSpace(string(body)), 10, 64)
	if err != nil || h <= 0 || h > maxHeight {
		return 0, fmt.Errorf("%w: %q", errTip, clip(string(body)))
	}
	return h, nil
}

func clip(s string) string {
	if len(s) > 70 {
		return s[:70] + "…"
	}
	return s
}
