// Package mcpserver is swapscout's Model Context Protocol server, for AI
// agents: read tools (quote, venues, assets, swap status, address checks)
// that call the quote and swap services directly, resources for the OpenAPI
// document and the venue list, and create_swap, which is off unless the
// operator grants a token (grants.go): caps per swap and per day, a payout
// allow-list or a two-step create with a confirmation code the agent shows
// its user, and a slippage ceiling. Every swap an agent creates is marked
// (its Idempotency-Key starts "mcp:GRANT:") and its spend kept per grant in
// a swapscout.AgentLedger (the swap store), where the caps are checked and
// recorded in one step.
//
// It speaks over any SDK transport: `swapscout mcp` runs it over stdio, and
// the server mounts Handler (streamable HTTP) at a path of its own. It
// imports no other transport: httpapi is a peer, not a dependency.
package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/address"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/quotes"
	"github.com/swapscout/swapscout/swaps"
)

// Quotes makes quotes (*quotes.Service satisfies it).
type Quotes interface {
	Quote(ctx context.Context, r quotes.Request) (quotes.Answer, error)
	// QuoteByID returns a stored quote, or an ENOTFOUND error once it
	// expired.
	QuoteByID(ctx context.Context, id string) (*swapscout.Quote, error)
}

// Swaps creates and reads swaps (*swaps.Service satisfies it).
type Swaps interface {
	Create(ctx context.Context, r swaps.CreateRequest) (sw *swapscout.Swap, created bool, err error)
	Get(ctx context.Context, id string) (*swapscout.Swap, []swapscout.SwapEvent, error)
}

// Config is what a Service is made of.
type Config struct {
	Quotes Quotes
	// Swaps is nil without a swap database: swap_status and create_swap
	// then say so.
	Swaps  Swaps
	Venues func() []swapscout.VenueInfo
	// OpenAPI is the HTTP API's document, served as a resource.
	OpenAPI []byte
	// Grants lets tokens create swaps; nil grants none.
	Grants *Grants
	// Ledger keeps agent-created swaps per grant, what the daily caps
	// count: the swap store, so every instance sharing it enforces one cap
	// (an in-memory one when nil).
	Ledger  swapscout.AgentLedger
	Now     func() time.Time
	Logger  *slog.Logger
	Version string
	// ConfirmTTL is how long a confirmation code stays good (default 10
	// minutes; never past the quote it was made from).
	ConfirmTTL time.Duration
}

// Service builds MCP servers over the quote and swap services.
type Service struct {
	c Config

	mu      sync.Mutex
	pending map[string]*pendingCreate // confirmation code → the create it confirms
	locks   map[string]*sync.Mutex    // per grant: cap checks and creates one at a time
	servers map[*Grant]*mcp.Server
}

// New returns the service c describes.
func New(c Config) *Service {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.DiscardHandler)
	}
	if c.Ledger == nil {
		c.Ledger = &MemLedger{}
	}
	if c.Venues == nil {
		c.Venues = func() []swapscout.VenueInfo { return nil }
	}
	if c.ConfirmTTL <= 0 {
		c.ConfirmTTL = 10 * time.Minute
	}
	if c.Version == "" {
		c.Version = "dev"
	}
	return &Service{c: c, pending: map[string]*pendingCreate{}, locks: map[string]*sync.Mutex{}, servers: map[*Grant]*mcp.Server{}}
}

// Instructions is what the server tells an agent at initialisation.
const Instructions = `swapscout compares cryptocurrency swap offers across many venues (instant-swap services, ` +
	`non-custodial protocols, order books). Use quote to compare; every offer says whether it can become a swap here ` +
	`(can_swap), its venue's custody and KYC rating, and whether its deposit needs a memo. Venues that gave no offer are ` +
	`listed with the reason. Swaps move real money: create_swap works only with a token the operator granted, within its caps.`

// Server returns the MCP server for a client holding grant g (nil: no
// grant; create_swap is refused). Servers are made once per grant.
func (s *Service) Server(g *Grant) *mcp.Server {
	s.mu.Lock()
	defer s.mu.Unlock()
	if srv, ok := s.servers[g]; ok {
		return srv
	}
	srv := mcp.NewServer(&mcp.Implementation{Name: "swapscout", Version: s.c.Version}, &mcp.ServerOptions{Instructions: Instructions})
	s.addReadTools(srv)
	s.addSwapTools(srv, g)
	s.addResources(srv)
	s.servers[g] = srv
	return srv
}

// Grant returns the grant of token, or nil.
func (s *Service) Grant(token string) *Grant { return s.c.Grants.Lookup(token) }

// Handler serves MCP over streamable HTTP to requests whose Host (and
// Origin, when sent) hosts allows, and refuses others with 403 (Hosts says
// why); a nil hosts allows the loopback names only. The grant comes from
// the request's bearer token (Authorization: Bearer TOKEN); a request
// without one gets the read tools, and a token that matches no grant is
// refused (401), so a typo is not silently read-only.
func (s *Service) Handler(hosts *Hosts) http.Handler {
	if hosts == nil {
		hosts = NewHosts(loopbackNames...)
	}
	h := mcp.NewStreamableHTTPHandler(func(r *http.Request) *mcp.Server {
		return s.Server(s.c.Grants.Lookup(bearer(r)))
	}, &mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: true,
		// hosts replaces the SDK's check, which would refuse a name the
		// operator allowed when a reverse proxy on this machine forwards it.
		DisableLocalhostProtection: true})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hosts.Allows(r) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusForbidden)
			_, _ = w.Write([]byte(`{"error":"forbidden: this MCP endpoint answers only for the host names it is configured for (--mcp-allowed-hosts); a request naming another host or origin may come from a web page (DNS rebinding)"}`))
			return
		}
		if tok := bearer(r); tok != "" && s.c.Grants.Lookup(tok) == nil {
			w.Header().Set("WWW-Authenticate", `Bearer realm="swapscout-mcp"`)
			http.Error(w, `{"error":"unknown token"}`, http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}

func bearer(r *http.Request) string {
	v := r.Header.Get("Authorization")
	if len(v) > 7 && strings.EqualFold(v[:7], "bearer ") {
		return strings.TrimSpace(v[7:])
	}
	return ""
}

// QuoteArgs are the quote tool's arguments: GET /v1/quotes' parameters.
type QuoteArgs struct {
	From        string `json:"from" jsonschema:"ticker of the asset to send, e.g. btc"`
	To          string `json:"to" jsonschema:"ticker of the asset to receive, e.g. xmr"`
	Amount      string `json:"amount" jsonschema:"decimal amount, of the asset sent (direction send) or received (direction receive)"`
	FromNetwork string `json:"from_network,omitempty" jsonschema:"network of the asset sent when the ticker is on several (e.g. trx for usdt on Tron)"`
	ToNetwork   string `json:"to_network,omitempty" jsonschema:"network of the asset received"`
	Direction   string `json:"direction,omitempty" jsonschema:"send (default): amount is what is sent; receive: amount is what must arrive"`
	Rate        string `json:"rate,omitempty" jsonschema:"float (default) or fixed"`
	Venues      string `json:"venues,omitempty" jsonschema:"comma-separated venue ids to ask only"`
	Exclude     string `json:"exclude,omitempty" jsonschema:"comma-separated venue ids never to ask"`
	KYC         string `json:"kyc,omitempty" jsonschema:"worst KYC rating accepted: A (best) to D"`
	Custody     string `json:"custody,omitempty" jsonschema:"custodial or non_custodial"`
	Swappable   bool   `json:"swappable,omitempty" jsonschema:"only offers this server can turn into a swap"`
	PreCheck    bool   `json:"precheck,omitempty" jsonschema:"only venues that can run an AML pre-check of your user's refund address before an order (swappable offers only); the quote itself sends no address"`
	Deadline    string `json:"deadline,omitempty" jsonschema:"how long to wait for venues, e.g. 3s (at most 30s)"`
}

// request turns a into a quote request, with the API's checks.
func (a *QuoteArgs) request() (quotes.Request, error) {
	var r quotes.Request
	from, err := swapscout.ResolveAsset(a.From, a.FromNetwork)
	if err != nil {
		return r, prefixed("from: ", err)
	}
	to, err := swapscout.ResolveAsset(a.To, a.ToNetwork)
	if err != nil {
		return r, prefixed("to: ", err)
	}
	if from.Asset == to.Asset {
		return r, swapscout.Errorf(swapscout.EINVALID, "from and to are the same asset (%s)", from.Asset)
	}
	q := swapscout.QuoteRequest{From: from.Asset, To: to.Asset}
	switch strings.ToLower(a.Direction) {
	case "", "send", "from":
	case "receive", "to":
		q.Direction = swapscout.Receive
	default:
		return r, swapscout.Errorf(swapscout.EINVALID, "direction must be send or receive")
	}
	switch strings.ToLower(a.Rate) {
	case "", "float", "floating":
	case "fixed":
		q.RateType = swapscout.Fixed
	default:
		return r, swapscout.Errorf(swapscout.EINVALID, "rate must be float or fixed")
	}
	q.Amount, err = swapscout.ParseAmount(strings.TrimSpace(a.Amount))
	if err != nil || q.Amount.Sign() <= 0 {
		return r, swapscout.Errorf(swapscout.EINVALID, "amount must be a positive decimal number such as 0.1")
	}
	r.QuoteRequest = q
	r.Deadline = quotes.DefaultDeadline
	if a.Deadline != "" {
		d, err := time.ParseDuration(a.Deadline)
		if err != nil || d <= 0 || d > 30*time.Second {
			return r, swapscout.Errorf(swapscout.EINVALID, "deadline must be a positive duration of at most 30s, such as 3s")
		}
		r.Deadline = d
	}
	r.Selection.Include = splitList(a.Venues)
	r.Selection.Exclude = splitList(a.Exclude)
	switch k := strings.ToUpper(a.KYC); k {
	case "":
	case "A", "B", "C", "D":
		r.Selection.MaxKYC = swapscout.KYCRating(k[0])
	default:
		return r, swapscout.Errorf(swapscout.EINVALID, "kyc rating must be one of A, B, C, D")
	}
	if r.Selection.Custody, err = swapscout.ParseCustody(a.Custody); err != nil {
		return r, err
	}
	r.Selection.Swappable = a.Swappable || a.PreCheck
	r.Selection.PreCheck = a.PreCheck
	return r, nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.ToLower(strings.TrimSpace(p)); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func prefixed(p string, err error) error {
	return swapscout.Errorf(swapscout.ErrorCode(err), "%s%s", p, swapscout.ErrorMessage(err))
}

// StatusArgs name a swap.
type StatusArgs struct {
	ID string `json:"id" jsonschema:"the swap's id, as create_swap or the API answered it"`
}

// AddressArgs are validate_address's arguments.
type AddressArgs struct {
	Asset   string `json:"asset" jsonschema:"ticker of the asset the address receives, e.g. eth"`
	Network string `json:"network,omitempty" jsonschema:"its network when the ticker is on several"`
	Address string `json:"address"`
	Memo    string `json:"memo,omitempty" jsonschema:"destination tag or memo, for networks that take one"`
}

// NoArgs is a tool without arguments.
type NoArgs struct{}

const quoteDescription = `Compare swap offers from every venue for one amount. Read-only: it creates nothing and moves no money. ` +
	`The answer lists offers best first (amount_in, amount_out net of fees, rate, limits, ETA) and, for every venue that gave none, ` +
	`the reason (unsupported pair, amount too small or too large, timeout…). Risks to tell your user: custodial venues hold the funds ` +
	`during the swap and may freeze them for KYC checks (kyc rating A is the best, D the worst); an offer whose deposit is "memo" ` +
	`must be paid with that memo inside the transaction or the funds may be lost; can_swap=false means this server cannot create ` +
	`that swap (no_swap says why); a floating rate can move before the deposit arrives.`

func (s *Service) addReadTools(srv *mcp.Server) {
	readOnly := &mcp.ToolAnnotations{ReadOnlyHint: true, OpenWorldHint: ptr(true)}
	mcp.AddTool(srv, &mcp.Tool{Name: "quote", Description: quoteDescription, Annotations: readOnly},
		func(ctx context.Context, _ *mcp.CallToolRequest, a QuoteArgs) (*mcp.CallToolResult, any, error) {
			body, q, err := s.quote(ctx, &a)
			if err != nil {
				return failed(err), nil, nil
			}
			return texts(quoteSummary(q), string(body)), nil, nil
		})
	mcp.AddTool(srv, &mcp.Tool{Name: "venues", Annotations: readOnly, Description: `List the venues swapscout asks: kind (instant swap, ` +
		`protocol, order book), custody (custodial venues hold your funds during the swap), KYC rating (A best, D worst: how likely ` +
		`the venue is to freeze a swap for identity checks), whether it can create swaps here, and networks. Read-only.`},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ NoArgs) (*mcp.CallToolResult, any, error) {
			b, err := s.venuesJSON()
			if err != nil {
				return failed(err), nil, nil
			}
			return texts(string(b)), nil, nil
		})
	mcp.AddTool(srv, &mcp.Tool{Name: "assets", Annotations: readOnly, Description: `List the assets swapscout can quote: ticker, ` +
		`network, name, decimals, and whether deposits of it to exchanges need a memo or tag. Read-only.`},
		func(ctx context.Context, _ *mcp.CallToolRequest, _ NoArgs) (*mcp.CallToolResult, any, error) {
			return texts(string(assetsJSON())), nil, nil
		})
	mcp.AddTool(srv, &mcp.Tool{Name: "swap_status", Annotations: readOnly, Description: `Where a swap stands: status (waiting, ` +
		`confirming, exchanging, sending, finished, failed, refunded, expired, held, action_required…), the deposit address and memo, ` +
		`amounts promised and received, transactions, and its history. Read-only; anyone with the id can read it, so treat the id as private.`},
		func(ctx context.Context, _ *mcp.CallToolRequest, a StatusArgs) (*mcp.CallToolResult, any, error) {
			if s.c.Swaps == nil {
				return failed(swapscout.Errorf(swapscout.EUNAVAILABLE, "this server keeps no swaps (no swap database configured)")), nil, nil
			}
			sw, hist, err := s.c.Swaps.Get(ctx, strings.TrimSpace(a.ID))
			if err != nil {
				return failed(err), nil, nil
			}
			return texts(string(api.AppendSwap(nil, sw, hist))), nil, nil
		})
	mcp.AddTool(srv, &mcp.Tool{Name: "validate_address", Annotations: readOnly, Description: `Check a payout or refund address ` +
		`(and memo) for an asset's network, locally, with the checksum rules of that network. A valid address can still be the wrong ` +
		`one: always have your user confirm it. Read-only.`},
		func(ctx context.Context, _ *mcp.CallToolRequest, a AddressArgs) (*mcp.CallToolResult, any, error) {
			info, err := swapscout.ResolveAsset(a.Asset, a.Network)
			if err != nil {
				return failed(err), nil, nil
			}
			out := map[string]any{"asset": info.Ticker, "network": info.Network, "valid": true}
			if err := address.Check(info.Network, strings.TrimSpace(a.Address), a.Memo); err != nil {
				out["valid"], out["reason"] = false, err.Error()
			}
			b, _ := json.Marshal(out)
			return texts(string(b)), nil, nil
		})
}

func ptr[T any](v T) *T { return &v }

// quote runs a quote through the quote service; body is its API JSON.
func (s *Service) quote(ctx context.Context, a *QuoteArgs) ([]byte, *swapscout.Quote, error) {
	r, err := a.request()
	if err != nil {
		return nil, nil, err
	}
	ans, err := s.c.Quotes.Quote(ctx, r)
	if err != nil {
		return nil, nil, err
	}
	q, err := ans.Quote()
	if err != nil {
		return nil, nil, err
	}
	return api.AppendQuote(nil, q), q, nil
}

// quoteSummary says in words what an agent should notice in q.
func quoteSummary(q *swapscout.Quote) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d offers for %s %s → %s (quote id %s, good until %s); %d venues gave none (reasons in failures).",
		len(q.Offers), q.Request.Amount, q.Request.From, q.Request.To, q.ID, q.ExpiresAt.UTC().Format(time.RFC3339), len(q.Failures))
	if len(q.Offers) > 0 {
		o := &q.Offers[0]
		fmt.Fprintf(&b, " Best: %s sends %s for %s (%s, KYC %c, can_swap %t).", o.Venue, o.AmountOut, o.AmountIn, custodyOf(o.Custody), kycOf(o.KYC), o.CanSwap)
	}
	memo := 0
	for i := range q.Offers {
		if q.Offers[i].Deposit == swapscout.DepositMemo {
			memo++
		}
	}
	if memo > 0 {
		fmt.Fprintf(&b, " Warning: %d offers need a memo inside the deposit transaction; a deposit without it can be lost.", memo)
	}
	return b.String()
}

func custodyOf(c swapscout.Custody) string {
	if c == "" {
		return string(swapscout.Custodial)
	}
	return string(c)
}

func kycOf(k swapscout.KYCRating) rune {
	if k == 0 {
		return '?'
	}
	return rune(k)
}

func (s *Service) venuesJSON() ([]byte, error) {
	infos := s.c.Venues()
	vs := make([]api.Venue, len(infos))
	for i, v := range infos {
		vs[i] = api.NewVenue(v, nil)
	}
	return api.AppendVenues(nil, vs)
}

type assetJSON struct {
	Ticker   string `json:"ticker"`
	Network  string `json:"network"`
	Name     string `json:"name"`
	Decimals int    `json:"decimals"`
	Memo     bool   `json:"memo"`
}

func assetsJSON() []byte {
	out := make([]assetJSON, len(swapscout.Assets))
	for i, a := range swapscout.Assets {
		out[i] = assetJSON{a.Ticker, a.Network, a.Name, a.Decimals, a.Memo}
	}
	b, _ := json.Marshal(map[string]any{"assets": out})
	return b
}

func (s *Service) addResources(srv *mcp.Server) {
	srv.AddResource(&mcp.Resource{URI: "swapscout://openapi.json", Name: "openapi", MIMEType: "application/json",
		Description: "The OpenAPI document of swapscout's HTTP API"},
		func(ctx context.Context, r *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: r.Params.URI, MIMEType: "application/json", Text: string(s.c.OpenAPI)}}}, nil
		})
	srv.AddResource(&mcp.Resource{URI: "swapscout://venues", Name: "venues", MIMEType: "application/json",
		Description: "The venues swapscout asks, with custody, KYC rating and swap capability"},
		func(ctx context.Context, r *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			b, err := s.venuesJSON()
			if err != nil {
				return nil, err
			}
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: r.Params.URI, MIMEType: "application/json", Text: string(b)}}}, nil
		})
}

// texts is a successful result of text blocks.
func texts(parts ...string) *mcp.CallToolResult {
	res := &mcp.CallToolResult{}
	for _, p := range parts {
		res.Content = append(res.Content, &mcp.TextContent{Text: p})
	}
	return res
}

// failed is a tool error the agent reads: the error's code and public
// message as JSON, never its cause.
func failed(err error) *mcp.CallToolResult {
	b := api.AppendError(nil, &api.Error{Code: swapscout.ErrorCode(err), Message: swapscout.ErrorMessage(err)})
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: string(b)}}}
}
