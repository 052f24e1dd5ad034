package mcpserver

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/swapscout/swapscout"
)

// Grant is what the operator allows one agent token to do with create_swap.
// Without a grant, create_swap is refused: the read tools need none.
//
// The token itself is never stored: TokenSHA256 is the hex SHA-256 of it
// (NewToken makes a token and its hash).
type Grant struct {
	Name        string `json:"name"`
	TokenSHA256 string `json:"token_sha256"`
	// Caps bound what the agent may send per swap and per rolling day, one
	// line per asset it may sell ("btc", "usdt@trx"). A swap selling an
	// asset with no cap is refused.
	Caps []Cap `json:"caps"`
	// PayoutAddresses, when set, is the only payout addresses a swap may
	// pay to. When empty, every swap is created in two steps: the first
	// call answers a summary and a confirmation code for the agent to
	// show its user, and only a second call with that code creates.
	PayoutAddresses []string `json:"payout_addresses,omitempty"`
	// Confirm asks for the two-step create even with PayoutAddresses.
	Confirm bool `json:"confirm,omitempty"`
	// MaxSlippage is the ceiling on the slippage an agent may allow, as a
	// fraction (0.01 is 1 %); zero is swaps' default (0.5 %).
	MaxSlippage swapscout.Amount `json:"max_slippage,omitzero"`
}

// Cap bounds one asset's amounts sent, in that asset's units; a cap on
// "usd" bounds every asset without a cap of its own, by its value in US
// dollars (USD stablecoins at par, other assets at what the quote service
// says they fetch in USDT at that moment).
type Cap struct {
	Asset   string           `json:"asset"` // ticker, ticker@network, or "usd"
	PerSwap swapscout.Amount `json:"per_swap"`
	PerDay  swapscout.Amount `json:"per_day"`

	asset swapscout.Asset
}

// twoStep reports whether g's creates need a confirmation code.
func (g *Grant) twoStep() bool { return g.Confirm || len(g.PayoutAddresses) == 0 }

// allows reports whether g lets a swap pay to addr.
func (g *Grant) allows(addr string) bool {
	if len(g.PayoutAddresses) == 0 {
		return true // two-step: the user sees the address
	}
	for _, a := range g.PayoutAddresses {
		if a == addr {
			return true
		}
	}
	return false
}

// USD names the cap in US dollars.
const USD = swapscout.SpendKeyUSD

// usdAsset stands for US dollars among caps and ledger entries.
var usdAsset = swapscout.Asset{Ticker: USD}

// capFor returns g's cap for the asset sold.
func (g *Grant) capFor(a swapscout.Asset) (Cap, bool) {
	for _, c := range g.Caps {
		if c.asset == a {
			return c, true
		}
	}
	return Cap{}, false
}

// Grants are the operator's grants, found by token.
type Grants struct {
	byHash map[string]*Grant
}

// ParseGrants reads grants from JSON (a list of Grant) and checks them:
// unique names and token hashes, known assets, positive caps, a slippage
// ceiling of at most 10 %.
func ParseGrants(data []byte) (*Grants, error) {
	var list []*Grant
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, fmt.Errorf("grants: %w", err)
	}
	gs := &Grants{byHash: map[string]*Grant{}}
	names := map[string]bool{}
	for i, g := range list {
		if g == nil || g.Name == "" {
			return nil, fmt.Errorf("grants: entry %d has no name", i)
		}
		if names[g.Name] {
			return nil, fmt.Errorf("grants: name %q appears twice", g.Name)
		}
		names[g.Name] = true
		h := strings.ToLower(g.TokenSHA256)
		if b, err := hex.DecodeString(h); err != nil || len(b) != sha256.Size {
			return nil, fmt.Errorf("grants: %q: token_sha256 must be 64 hex digits (the SHA-256 of the token, never the token)", g.Name)
		}
		if gs.byHash[h] != nil {
			return nil, fmt.Errorf("grants: %q: the same token as another grant", g.Name)
		}
		if len(g.Caps) == 0 {
			return nil, fmt.Errorf("grants: %q: no caps: list the assets the agent may sell", g.Name)
		}
		for j := range g.Caps {
			c := &g.Caps[j]
			if strings.EqualFold(c.Asset, USD) {
				c.asset = usdAsset
			} else {
				t, n, _ := strings.Cut(c.Asset, "@")
				info, err := swapscout.ResolveAsset(t, n)
				if err != nil {
					return nil, fmt.Errorf("grants: %q: cap %q: %s", g.Name, c.Asset, swapscout.ErrorMessage(err))
				}
				c.asset = info.Asset
			}
			if c.PerSwap.Sign() <= 0 || c.PerDay.Sign() <= 0 || c.PerSwap.Cmp(c.PerDay) > 0 {
				return nil, fmt.Errorf("grants: %q: cap %q: per_swap and per_day must be positive, per_swap at most per_day", g.Name, c.Asset)
			}
		}
		if g.MaxSlippage.Sign() < 0 || g.MaxSlippage.Cmp(swapscout.MustAmount("0.1")) > 0 {
			return nil, fmt.Errorf("grants: %q: max_slippage must be between 0 and 0.1", g.Name)
		}
		gs.byHash[h] = g
	}
	return gs, nil
}

// LoadGrants reads a grants file (ParseGrants).
func LoadGrants(path string) (*Grants, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return ParseGrants(b)
}

// Lookup returns the grant of token, or nil. Only the token's hash is
// compared: the map holds no token.
func (gs *Grants) Lookup(token string) *Grant {
	if gs == nil || token == "" {
		return nil
	}
	return gs.byHash[HashToken(token)]
}

// HashToken is the hex SHA-256 of a token, as grants keep it.
func HashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// NewToken returns a fresh random token and its hash.
func NewToken() (token, hash string) {
	token = "sst_" + randomCode(26)
	return token, HashToken(token)
}

var codeEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// randomCode is n unguessable base32 characters.
func randomCode(n int) string {
	b := make([]byte, (n*5+7)/8)
	_, _ = rand.Read(b)
	return codeEncoding.EncodeToString(b)[:n]
}

// MemLedger is a swapscout.AgentLedger in memory, for one process (tests,
// and a server without a swap database, which creates no swaps anyway).
type MemLedger struct {
	mu     sync.Mutex
	spends []swapscout.AgentSpend
}

var _ swapscout.AgentLedger = (*MemLedger)(nil)

func (l *MemLedger) spent(grant, key string, since time.Time) swapscout.Amount {
	var sum swapscout.Amount
	for i := range l.spends {
		if sp := &l.spends[i]; sp.Grant == grant && !sp.At.Before(since) {
			if v, ok := sp.Counts(key); ok {
				sum = sum.Add(v)
			}
		}
	}
	return sum
}

// ReserveAgentSpend implements swapscout.AgentLedger.
func (l *MemLedger) ReserveAgentSpend(_ context.Context, sp swapscout.AgentSpend, key string, value, limit swapscout.Amount, since time.Time) (swapscout.Amount, bool, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	spent := l.spent(sp.Grant, key, since)
	if spent.Add(value).Cmp(limit) > 0 {
		return spent, false, nil
	}
	l.spends = append(l.spends, sp)
	return spent, true, nil
}

// AgentSpent implements swapscout.AgentLedger.
func (l *MemLedger) AgentSpent(_ context.Context, grant, key string, since time.Time) (swapscout.Amount, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.spent(grant, key, since), nil
}

// SettleAgentSpend implements swapscout.AgentLedger.
func (l *MemLedger) SettleAgentSpend(_ context.Context, id, swapID string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := range l.spends {
		if l.spends[i].ID == id {
			l.spends[i].SwapID = swapID
		}
	}
	return nil
}

// ReleaseAgentSpend implements swapscout.AgentLedger.
func (l *MemLedger) ReleaseAgentSpend(_ context.Context, id string) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.spends = slices.DeleteFunc(l.spends, func(sp swapscout.AgentSpend) bool { return sp.ID == id })
	return nil
}

// AgentSpends implements swapscout.AgentLedger.
func (l *MemLedger) AgentSpends(_ context.Context, grant string, limit int) ([]swapscout.AgentSpend, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []swapscout.AgentSpend
	for _, sp := range l.spends {
		if sp.Grant == grant {
			out = append(out, sp)
		}
	}
	slices.SortStableFunc(out, func(a, b swapscout.AgentSpend) int {
		if c := b.At.Compare(a.At); c != 0 {
			return c
		}
		return strings.Compare(b.ID, a.ID)
	})
	if len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}
