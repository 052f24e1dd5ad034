package mcpserver

import (
	"bufio"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
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
const USD = "usd"

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

// Entry is one swap an agent created under a grant.
type Entry struct {
	Grant   string           `json:"grant"`
	SwapID  string           `json:"swap_id"`
	At      time.Time        `json:"at"`
	Asset   string           `json:"asset"` // what was sold, ticker@network
	Amount  swapscout.Amount `json:"amount"`
	USD     swapscout.Amount `json:"usd,omitzero"` // its value, when a USD cap counted it
	Venue   string           `json:"venue"`
	Payout  string           `json:"payout_address"`
	Receive string           `json:"receive"` // ticker@network bought
}

// Ledger keeps the swaps agents created, per grant: what the daily caps
// count and what my_swaps lists. With a path it survives restarts (one
// JSON line per swap, appended); without one it lives in memory.
type Ledger struct {
	mu      sync.Mutex
	entries []Entry
	path    string
}

// OpenLedger reads the ledger at path (created when missing); "" keeps it
// in memory.
func OpenLedger(path string) (*Ledger, error) {
	l := &Ledger{path: path}
	if path == "" {
		return l, nil
	}
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return l, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var e Entry
		if len(strings.TrimSpace(sc.Text())) == 0 {
			continue
		}
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("agent ledger %s: %w", path, err)
		}
		l.entries = append(l.entries, e)
	}
	return l, sc.Err()
}

// Record adds e.
func (l *Ledger) Record(e Entry) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.entries = append(l.entries, e)
	if l.path == "" {
		return nil
	}
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(l.path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(b, '\n')); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Sent is what grant sold of asset since since.
func (l *Ledger) Sent(grant, asset string, since time.Time) swapscout.Amount {
	l.mu.Lock()
	defer l.mu.Unlock()
	var sum swapscout.Amount
	for _, e := range l.entries {
		switch {
		case e.Grant != grant || e.At.Before(since):
		case asset == USD && !e.USD.IsZero():
			sum = sum.Add(e.USD)
		case e.Asset == asset:
			sum = sum.Add(e.Amount)
		}
	}
	return sum
}

// Of lists grant's swaps, newest first.
func (l *Ledger) Of(grant string) []Entry {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []Entry
	for i := len(l.entries) - 1; i >= 0; i-- {
		if l.entries[i].Grant == grant {
			out = append(out, l.entries[i])
		}
	}
	return out
}
