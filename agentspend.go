package swapscout

import (
	"context"
	"time"
)

// AgentSpend is one swap an AI agent created (or tried to create) under an
// operator's grant, as the grant's caps count it: what was sold and what
// it was worth. It holds no address: a swap's addresses live in the swap
// record alone, so retention forgets them in one place.
type AgentSpend struct {
	ID     string // the reservation's own id
	Grant  string // the grant's name
	SwapID string // "" until the swap exists, or when its creation's outcome is unknown
	At     time.Time
	Asset  string // what was sold, ticker@network
	Amount Amount // how much of it
	// USD is its value in US dollars when a cap in dollars counted it
	// (zero when the asset's own cap did).
	USD     Amount
	Venue   string
	Receive string // what was bought, ticker@network
}

// SpendKeyUSD names a grant's cap in US dollars: the spends it counts are
// those with a USD value.
const SpendKeyUSD = "usd"

// Counts reports whether a cap on key (an asset, ticker@network, or
// SpendKeyUSD) counts s, and by how much.
func (s *AgentSpend) Counts(key string) (Amount, bool) {
	switch {
	case key == SpendKeyUSD && !s.USD.IsZero():
		return s.USD, true
	case key != SpendKeyUSD && s.Asset == key:
		return s.Amount, true
	}
	return Amount{}, false
}

// AgentLedger keeps the spends of agents' grants, so that every instance
// sharing one store enforces one cap: the check and the record are one
// atomic step.
type AgentLedger interface {
	// ReserveAgentSpend records s (its SwapID empty) if the grant's spends
	// counted by key since since, plus value, stay within limit; it returns
	// what was spent before s, and whether s was recorded. Two calls for one
	// grant never both see the room only one of them fits in.
	ReserveAgentSpend(ctx context.Context, s AgentSpend, key string, value, limit Amount, since time.Time) (spent Amount, ok bool, err error)
	// AgentSpent is what ReserveAgentSpend would count, without recording.
	AgentSpent(ctx context.Context, grant, key string, since time.Time) (Amount, error)
	// SettleAgentSpend names the swap a reserved spend created.
	SettleAgentSpend(ctx context.Context, id, swapID string) error
	// ReleaseAgentSpend drops a reserved spend whose swap was certainly not
	// ordered: it counts no more.
	ReleaseAgentSpend(ctx context.Context, id string) error
	// AgentSpends lists a grant's spends, newest first, at most limit.
	AgentSpends(ctx context.Context, grant string, limit int) ([]AgentSpend, error)
}
