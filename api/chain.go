package api

import (
	"strconv"
	"time"

	"github.com/swapscout/swapscout"
)

// appendChain appends what the chain showed of a swap, when anything was
// checked: "chain" is an object with one fact per side checked
// ("deposit", "payout", "refund"), and "unverified" says whether the
// venue's payout or refund is overdue on chain.
func appendChain(dst []byte, sw *swapscout.Swap) []byte {
	if len(sw.Chain) == 0 {
		return dst
	}
	dst = append(dst, `,"chain":{`...)
	for i, f := range sw.Chain {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = appendString(dst, f.Side)
		dst = append(dst, ':')
		dst = appendChainFact(dst, f)
	}
	dst = append(dst, '}')
	dst = append(dst, `,"unverified":`...)
	return strconv.AppendBool(dst, sw.Unverified())
}

// appendChainFact appends one side's fact.
func appendChainFact(dst []byte, f swapscout.ChainFact) []byte {
	dst = append(dst, `{"state":`...)
	dst = appendString(dst, f.State)
	dst = append(dst, `,"source":`...)
	dst = appendString(dst, f.Source)
	dst = append(dst, `,"note":`...)
	dst = appendString(dst, f.Note)
	if f.Endpoint != "" {
		dst = append(dst, `,"endpoint":`...)
		dst = appendString(dst, f.Endpoint)
	}
	if f.OnChain() && f.Amount.Valid() {
		dst = append(dst, `,"amount":`...)
		dst = appendAmount(dst, f.Amount)
	}
	if f.Expected.Valid() && f.Expected.Sign() > 0 {
		dst = append(dst, `,"expected":`...)
		dst = appendAmount(dst, f.Expected)
	}
	if len(f.TxIDs) > 0 {
		dst = append(dst, `,"tx_ids":[`...)
		for i, id := range f.TxIDs {
			if i > 0 {
				dst = append(dst, ',')
			}
			dst = appendString(dst, id)
		}
		dst = append(dst, ']')
	}
	dst = append(dst, `,"confirmations":`...)
	dst = strconv.AppendInt(dst, f.Confirmations, 10)
	dst = append(dst, `,"required":`...)
	dst = strconv.AppendInt(dst, f.Required, 10)
	for _, t := range []struct {
		key string
		at  time.Time
	}{{"seen_at", f.SeenAt}, {"claimed_at", f.ClaimedAt}, {"checked_at", f.CheckedAt}} {
		if !t.at.IsZero() {
			dst = append(dst, ',', '"')
			dst = append(dst, t.key...)
			dst = append(dst, '"', ':')
			dst = appendTime(dst, t.at)
		}
	}
	dst = append(dst, `,"overdue":`...)
	dst = strconv.AppendBool(dst, f.Overdue)
	return append(dst, '}')
}

// chainFactJSON reads a fact appendChainFact wrote.
type chainFactJSON struct {
	State         string           `json:"state"`
	Source        string           `json:"source"`
	Note          string           `json:"note"`
	Endpoint      string           `json:"endpoint"`
	Amount        swapscout.Amount `json:"amount"`
	Expected      swapscout.Amount `json:"expected"`
	TxIDs         []string         `json:"tx_ids"`
	Confirmations int64            `json:"confirmations"`
	Required      int64            `json:"required"`
	SeenAt        *time.Time       `json:"seen_at"`
	ClaimedAt     *time.Time       `json:"claimed_at"`
	CheckedAt     *time.Time       `json:"checked_at"`
	Overdue       bool             `json:"overdue"`
}

func (w chainFactJSON) fact(side string) swapscout.ChainFact {
	return swapscout.ChainFact{Side: side, State: w.State, Source: w.Source, Note: w.Note, Endpoint: w.Endpoint,
		Amount: w.Amount, Expected: w.Expected, TxIDs: w.TxIDs, Confirmations: w.Confirmations, Required: w.Required,
		SeenAt: timeOf(w.SeenAt), ClaimedAt: timeOf(w.ClaimedAt), CheckedAt: timeOf(w.CheckedAt), Overdue: w.Overdue}
}
