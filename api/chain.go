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
	m := open(dst, "state", f.State)
	m.str("source", f.Source, true)
	m.str("note", f.Note, true)
	m.str("endpoint", f.Endpoint, false)
	if f.OnChain() && f.Amount.Valid() {
		m.amt("amount", f.Amount, true)
	}
	if f.Expected.Valid() && f.Expected.Sign() > 0 {
		m.amt("expected", f.Expected, true)
	}
	if len(f.TxIDs) > 0 {
		m = append(m, `,"tx_ids":[`...)
		for i, id := range f.TxIDs {
			if i > 0 {
				m = append(m, ',')
			}
			m = appendString(m, id)
		}
		m = append(m, ']')
	}
	m.num("confirmations", f.Confirmations, true)
	m.num("required", f.Required, true)
	m.time("seen_at", f.SeenAt)
	m.time("claimed_at", f.ClaimedAt)
	m.time("checked_at", f.CheckedAt)
	m = strconv.AppendBool(append(m, `,"overdue":`...), f.Overdue)
	return append(m, '}')
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
