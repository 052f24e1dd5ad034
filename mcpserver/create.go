package mcpserver

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/quotes"
	"github.com/swapscout/swapscout/swaps"
)

// CreateArgs are create_swap's arguments.
type CreateArgs struct {
	QuoteArgs
	Venue            string `json:"venue" jsonschema:"the venue id of the offer to take, from quote"`
	PayoutAddress    string `json:"payout_address" jsonschema:"where the venue pays the asset bought: your user's own address"`
	PayoutMemo       string `json:"payout_memo,omitempty" jsonschema:"destination tag or memo of the payout address, when its network takes one"`
	RefundAddress    string `json:"refund_address,omitempty" jsonschema:"where a failed swap's deposit goes back: your user's own address of the asset sold"`
	RefundMemo       string `json:"refund_memo,omitempty"`
	MaxSlippage      string `json:"max_slippage,omitempty" jsonschema:"worst change allowed since the quote, as a fraction (0.005 is 0.5 %); bounded by the grant"`
	ConfirmationCode string `json:"confirmation_code,omitempty" jsonschema:"the code a first call answered, after your user read its summary and agreed"`
}

// fingerprint identifies what a confirmation code confirms: every argument
// but the code.
func (a *CreateArgs) fingerprint(grant string) string {
	h := sha256.New()
	for _, f := range []string{grant, a.From, a.FromNetwork, a.To, a.ToNetwork, a.Amount, a.Direction, a.Rate, a.Venue,
		a.PayoutAddress, a.PayoutMemo, a.RefundAddress, a.RefundMemo, a.MaxSlippage} {
		fmt.Fprintf(h, "%d:%s;", len(f), strings.TrimSpace(strings.ToLower(f)))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// pendingCreate is a create waiting for its confirmation code.
type pendingCreate struct {
	grant       string
	fingerprint string
	quoteID     string
	offer       swapscout.Offer
	req         swapscout.QuoteRequest
	expires     time.Time
}

const createDescription = `Create a real swap order at a venue: after it, your user must send the deposit to the address it answers, ` +
	`and funds move. It is refused unless the operator gave this client a token with a grant; the grant caps the amount per swap and per ` +
	`day, may limit payout addresses to a list, and bounds max_slippage. When the grant asks for confirmation (or has no address list), ` +
	`the first call creates nothing: it answers a summary and a confirmation_code. Show the summary to your user word for word, ` +
	`especially the payout address, and call again with the same arguments and the code only if they agree. Risks: custodial venues hold ` +
	`the deposit and may freeze it for KYC checks (rating D is the most likely to); a deposit that needs a memo is lost without it; ` +
	`a floating rate can pay less than quoted; sending a different amount or asset than the swap asks can lose the funds.`

func (s *Service) addSwapTools(srv *mcp.Server, g *Grant) {
	mcp.AddTool(srv, &mcp.Tool{Name: "create_swap", Description: createDescription,
		Annotations: &mcp.ToolAnnotations{DestructiveHint: ptr(true), OpenWorldHint: ptr(true)}},
		func(ctx context.Context, _ *mcp.CallToolRequest, a CreateArgs) (*mcp.CallToolResult, any, error) {
			return s.createSwap(ctx, g, &a), nil, nil
		})
	mcp.AddTool(srv, &mcp.Tool{Name: "my_swaps", Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true},
		Description: `List the swaps created with this client's token (newest first): id, venue, amount sold, payout address, and ` +
			`their status now. Empty without a grant.`},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ NoArgs) (*mcp.CallToolResult, any, error) {
			return s.mySwaps(ctx, g), nil, nil
		})
}

// errForbidden is create_swap without a grant.
var errForbidden = swapscout.Errorf(swapscout.EFORBIDDEN,
	"create_swap is off for this client: the operator has granted it no token (read tools still work: quote, then let your user create the swap)")

func refused(format string, args ...any) *mcp.CallToolResult {
	return failed(swapscout.Errorf(swapscout.EFORBIDDEN, format, args...))
}

func (s *Service) grantLock(name string) *sync.Mutex {
	s.mu.Lock()
	defer s.mu.Unlock()
	l, ok := s.locks[name]
	if !ok {
		l = new(sync.Mutex)
		s.locks[name] = l
	}
	return l
}

func (s *Service) createSwap(ctx context.Context, g *Grant, a *CreateArgs) *mcp.CallToolResult {
	if g == nil {
		return failed(errForbidden)
	}
	if s.c.Swaps == nil {
		return failed(swapscout.Errorf(swapscout.EUNAVAILABLE, "this server keeps no swaps (no swap database configured)"))
	}
	a.Venue = strings.ToLower(strings.TrimSpace(a.Venue))
	a.PayoutAddress = strings.TrimSpace(a.PayoutAddress)
	if a.Venue == "" || a.PayoutAddress == "" {
		return failed(swapscout.Errorf(swapscout.EINVALID, "venue and payout_address are required"))
	}
	slip := swaps.DefaultSlippage
	if a.MaxSlippage != "" {
		v, err := swapscout.ParseAmount(a.MaxSlippage)
		if err != nil || v.Sign() < 0 {
			return failed(swapscout.Errorf(swapscout.EINVALID, "max_slippage must be a fraction such as 0.005"))
		}
		slip = v
	}
	ceiling := g.MaxSlippage
	if ceiling.IsZero() {
		ceiling = swaps.DefaultSlippage
	}
	if slip.Cmp(ceiling) > 0 {
		return refused("max_slippage %s is above this token's ceiling %s", slip, ceiling)
	}
	if !g.allows(a.PayoutAddress) {
		return refused("payout address %s is not on this token's list of payout addresses", a.PayoutAddress)
	}
	lock := s.grantLock(g.Name)
	lock.Lock()
	defer lock.Unlock()
	now := s.c.Now()
	fp := a.fingerprint(g.Name)
	if g.twoStep() && a.ConfirmationCode == "" {
		q, o, res := s.offer(ctx, a, nil)
		if res != nil {
			return res
		}
		if _, res := s.checkCaps(ctx, g, q.Request.From, o.AmountIn, now, nil); res != nil {
			return res
		}
		code := randomCode(4) + "-" + randomCode(4)
		exp := now.Add(s.c.ConfirmTTL)
		s.mu.Lock()
		for k, p := range s.pending {
			if now.After(p.expires) {
				delete(s.pending, k)
			}
		}
		s.pending[code] = &pendingCreate{grant: g.Name, fingerprint: fp, quoteID: q.ID, offer: *o, req: q.Request, expires: exp}
		s.mu.Unlock()
		return texts(summary(q.Request, o, a, slip) + fmt.Sprintf("\n\nNothing is created yet. Show this summary to your user. If they agree, call "+
			"create_swap again with the same arguments and confirmation_code %q (good until %s).", code, exp.UTC().Format(time.RFC3339)))
	}
	var shown *pendingCreate
	if a.ConfirmationCode != "" {
		s.mu.Lock()
		p := s.pending[a.ConfirmationCode]
		if p != nil && p.grant == g.Name && p.fingerprint == fp {
			delete(s.pending, a.ConfirmationCode) // one use
		}
		s.mu.Unlock()
		switch {
		case p == nil || p.grant != g.Name || now.After(p.expires):
			return refused("confirmation code %q is unknown or expired: call create_swap without it for a new summary", a.ConfirmationCode)
		case p.fingerprint != fp:
			return refused("the arguments differ from those the confirmation code was given for: call create_swap without a code for a new summary")
		}
		shown = p
	}
	q, o, res := s.offer(ctx, a, shown)
	if res != nil {
		return res
	}
	// The caps are checked and the spend recorded in one step of the
	// ledger, so two instances sharing it never both fit in the room left.
	spend := swapscout.AgentSpend{ID: randomCode(20), Grant: g.Name, At: now, Asset: q.Request.From.String(), Amount: o.AmountIn,
		Venue: o.Venue, Receive: q.Request.To.String()}
	if _, res := s.checkCaps(ctx, g, q.Request.From, o.AmountIn, now, &spend); res != nil {
		return res
	}
	cr := swaps.CreateRequest{IdempotencyKey: "mcp:" + g.Name + ":" + randomCode(20), QuoteID: q.ID, Venue: o.Venue,
		PayoutAddress: a.PayoutAddress, PayoutMemo: a.PayoutMemo, RefundAddress: strings.TrimSpace(a.RefundAddress), RefundMemo: a.RefundMemo,
		MaxSlippage: slip}
	sw, _, err := s.c.Swaps.Create(ctx, cr)
	switch {
	case err == nil:
		if lerr := s.c.Ledger.SettleAgentSpend(ctx, spend.ID, sw.ID); lerr != nil {
			s.c.Logger.Error("agent ledger: settle", "grant", g.Name, "swap", sw.ID, "err", lerr)
		}
	case swapscout.ErrorCode(err) == swapscout.EUNKNOWN:
		// An unknown outcome keeps counting against the caps: the venue
		// may hold an order.
		if sw != nil {
			if lerr := s.c.Ledger.SettleAgentSpend(ctx, spend.ID, sw.ID); lerr != nil {
				s.c.Logger.Error("agent ledger: settle", "grant", g.Name, "swap", sw.ID, "err", lerr)
			}
		}
		return failed(err)
	default:
		if lerr := s.c.Ledger.ReleaseAgentSpend(ctx, spend.ID); lerr != nil {
			s.c.Logger.Error("agent ledger: release", "grant", g.Name, "err", lerr)
		}
		return failed(err)
	}
	head := fmt.Sprintf("Swap %s created at %s by an agent (token %q). Your user must now send exactly %s %s to %s",
		sw.ID, sw.Venue, g.Name, sw.PromisedIn, sw.From, sw.DepositAddress)
	if sw.DepositMemo != "" {
		head += fmt.Sprintf(" WITH memo %q inside the transaction (without it the deposit can be lost)", sw.DepositMemo)
	}
	if !sw.ExpiresAt.IsZero() {
		head += " before " + sw.ExpiresAt.UTC().Format(time.RFC3339)
	}
	head += ". Follow it with swap_status."
	return texts(head, string(api.AppendSwap(nil, sw, nil)))
}

// offer finds the venue's offer for a: a fresh quote asking that venue
// alone, or, for a confirmed create, the quote that was shown while it is
// readable and else a fresh one no worse than the shown offer by more than
// the slippage. A refusal comes back as a tool error.
func (s *Service) offer(ctx context.Context, a *CreateArgs, shown *pendingCreate) (*swapscout.Quote, *swapscout.Offer, *mcp.CallToolResult) {
	qa := a.QuoteArgs
	qa.Venues, qa.Exclude = a.Venue, ""
	if shown != nil && s.c.Now().Before(shown.expires) {
		// the quote id shown: swaps.Create re-quotes it and guards the rate
		q := &swapscout.Quote{ID: shown.quoteID, Request: shown.req, Offers: []swapscout.Offer{shown.offer}}
		if _, err := s.c.Quotes.QuoteByID(ctx, shown.quoteID); err == nil {
			return q, &q.Offers[0], nil
		}
	}
	_, q, err := s.quote(ctx, &qa)
	if err != nil {
		return nil, nil, failed(err)
	}
	for i := range q.Offers {
		o := &q.Offers[i]
		if o.Venue != a.Venue {
			continue
		}
		if !o.CanSwap {
			return nil, nil, failed(swapscout.Errorf(swapscout.ESWAPUNSUPPORTED, "%s cannot create this swap here: %s", o.Venue, o.NoSwap))
		}
		if shown != nil && worse(q.Request.Direction, o, &shown.offer) {
			return nil, nil, refused("the offer moved since the summary your user agreed to (now %s %s for %s %s): call create_swap without a code for a new summary",
				o.AmountOut, q.Request.To, o.AmountIn, q.Request.From)
		}
		return q, o, nil
	}
	for _, f := range q.Failures {
		if f.Venue == a.Venue {
			return nil, nil, failed(swapscout.Errorf(swapscout.EVENUE, "%s gave no offer: %s (%s)", f.Venue, f.Code, f.Message))
		}
	}
	return nil, nil, failed(swapscout.Errorf(swapscout.EVENUE, "%s gave no offer for this swap", a.Venue))
}

// worse reports whether now is worse than shown beyond the default slippage
// the summary stated.
func worse(d swapscout.Direction, now, shown *swapscout.Offer) bool {
	one := swapscout.MustAmount("1")
	if d == swapscout.Receive {
		return now.AmountIn.Cmp(shown.AmountIn.Mul(one.Add(swaps.DefaultSlippage))) > 0
	}
	return now.AmountOut.Cmp(shown.AmountOut.Mul(one.Sub(swaps.DefaultSlippage))) < 0
}

// checkCaps refuses a swap selling amount of asset beyond g's caps: the
// asset's own cap, else the grant's USD cap on the amount's value, which it
// returns (zero when the asset's own cap applied). With rec, the spend is
// recorded in the same step as the check (rec.USD set to the value); a
// refusal records nothing.
func (s *Service) checkCaps(ctx context.Context, g *Grant, asset swapscout.Asset, amount swapscout.Amount, now time.Time, rec *swapscout.AgentSpend) (swapscout.Amount, *mcp.CallToolResult) {
	c, ok := g.capFor(asset)
	unit, key, value := asset.String(), asset.String(), amount
	var usd swapscout.Amount
	if !ok {
		if c, ok = g.capFor(usdAsset); !ok {
			return usd, refused("this token may not sell %s (its caps name other assets)", asset)
		}
		v, err := s.usdValue(ctx, asset, amount)
		if err != nil {
			return usd, refused("%s cannot be valued in US dollars now, so this token's USD cap cannot be checked: %s", asset, swapscout.ErrorMessage(err))
		}
		unit, key, value, usd = "USD", USD, v, v
	}
	if value.Cmp(c.PerSwap) > 0 {
		return usd, refused("%s %s is beyond this token's cap of %s %s per swap", value, unit, c.PerSwap, unit)
	}
	since := now.Add(-24 * time.Hour)
	var sent swapscout.Amount
	var err error
	fits := true
	if rec != nil {
		rec.USD = usd
		sent, fits, err = s.c.Ledger.ReserveAgentSpend(ctx, *rec, key, value, c.PerDay, since)
	} else {
		sent, err = s.c.Ledger.AgentSpent(ctx, g.Name, key, since)
		fits = sent.Add(value).Cmp(c.PerDay) <= 0
	}
	if err != nil {
		return usd, failed(swapscout.Errorf(swapscout.EUNAVAILABLE, "this token's spending cannot be checked now (the swap store did not answer): no swap was made"))
	}
	if !fits {
		return usd, refused("%s %s would bring this token's last 24 hours to %s %s, beyond its cap of %s %s per day",
			value, unit, sent.Add(value), unit, c.PerDay, unit)
	}
	return usd, nil
}

// usdStable are the USD stablecoins, valued at par.
var usdStable = map[string]bool{"usdt": true, "usdc": true, "dai": true}

// usdValue is what amount of asset is worth in US dollars: a stablecoin at
// par, anything else by the best offer for it in USDT (ERC-20) now.
func (s *Service) usdValue(ctx context.Context, asset swapscout.Asset, amount swapscout.Amount) (swapscout.Amount, error) {
	if usdStable[asset.Ticker] {
		return amount, nil
	}
	r := quotes.Request{Deadline: quotes.DefaultDeadline}
	r.QuoteRequest = swapscout.QuoteRequest{From: asset, To: swapscout.Asset{Ticker: "usdt", Network: "eth"}, Amount: amount}
	ans, err := s.c.Quotes.Quote(ctx, r)
	if err != nil {
		return swapscout.Amount{}, err
	}
	q, err := ans.Quote()
	if err != nil {
		return swapscout.Amount{}, err
	}
	if len(q.Offers) == 0 {
		return swapscout.Amount{}, swapscout.Errorf(swapscout.EUNAVAILABLE, "no venue quotes %s in USDT", asset)
	}
	return q.Offers[0].AmountOut, nil
}

// summary is what the user must read before agreeing.
func summary(req swapscout.QuoteRequest, o *swapscout.Offer, a *CreateArgs, slip swapscout.Amount) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Swap summary: send %s %s to %s", o.AmountIn, req.From, o.Venue)
	if o.Provider != "" {
		fmt.Fprintf(&b, " (executed by %s)", o.Provider)
	}
	fmt.Fprintf(&b, "; receive about %s %s at %s", o.AmountOut, req.To, a.PayoutAddress)
	if a.PayoutMemo != "" {
		fmt.Fprintf(&b, " (memo %s)", a.PayoutMemo)
	}
	b.WriteString(".")
	if a.RefundAddress != "" {
		fmt.Fprintf(&b, " A failed swap refunds to %s.", a.RefundAddress)
	}
	fmt.Fprintf(&b, " The venue is %s", custodyOf(o.Custody))
	if o.KYC != 0 {
		fmt.Fprintf(&b, ", KYC rating %c (A best, D most likely to hold funds for identity checks)", o.KYC)
	}
	fmt.Fprintf(&b, ". Rate %s; the swap is created only if the venue's offer is at most %s%% worse than this.", o.RateType, slip.Mul(swapscout.MustAmount("100")))
	if o.Deposit == swapscout.DepositMemo {
		b.WriteString(" The deposit must carry a memo inside the transaction: without it the funds can be lost.")
	}
	return b.String()
}

// mySwapsLimit is how many of a grant's swaps my_swaps lists.
const mySwapsLimit = 100

func (s *Service) mySwaps(ctx context.Context, g *Grant) *mcp.CallToolResult {
	if g == nil {
		return texts(`{"swaps":[]}`)
	}
	type row struct {
		SwapID  string           `json:"swap_id"`
		At      time.Time        `json:"at"`
		Asset   string           `json:"asset"`
		Amount  swapscout.Amount `json:"amount"`
		USD     swapscout.Amount `json:"usd,omitzero"`
		Venue   string           `json:"venue"`
		Receive string           `json:"receive"`
		Payout  string           `json:"payout_address,omitempty"` // from the swap, while retention keeps it
		Status  string           `json:"status,omitempty"`
	}
	spends, err := s.c.Ledger.AgentSpends(ctx, g.Name, mySwapsLimit)
	if err != nil {
		return failed(swapscout.Errorf(swapscout.EUNAVAILABLE, "this token's swaps cannot be listed now (the swap store did not answer)"))
	}
	rows := []row{}
	for _, e := range spends {
		r := row{SwapID: e.SwapID, At: e.At, Asset: e.Asset, Amount: e.Amount, USD: e.USD, Venue: e.Venue, Receive: e.Receive}
		if s.c.Swaps != nil && e.SwapID != "" {
			if sw, _, err := s.c.Swaps.Get(ctx, e.SwapID); err == nil {
				r.Status, r.Payout = string(sw.Status), sw.PayoutAddress
			}
		}
		rows = append(rows, r)
	}
	b, _ := json.Marshal(map[string]any{"grant": g.Name, "swaps": rows})
	return texts(string(b))
}
