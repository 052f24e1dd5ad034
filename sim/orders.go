package sim

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/swapscout/swapscout"
)

// Orders: the simulated instant-swap venues create orders and report their
// progress through one engine, so that a swap made against `swapscout sim`
// goes the way a real one does. An order is priced by the venue's own Quote,
// then waits for its deposit. "POST /_sim/pay/{venue}/{order}" (or
// Config.AutoPay) pays it; it then moves through the generic stages
// confirming → exchanging → sending → finished, each lasting about
// Config.SwapStage (0.5–1.5×, drawn per order and stage from the seed),
// scaled by the venue's latency against a 300ms norm (0.5–2×). An
// order may instead end failed or refunded (Config.SwapFailRate,
// SwapRefundRate, drawn per order from the seed) or expire unpaid
// (Config.SwapExpireRate: such an order is never auto-paid). A floating-rate
// order pays out its promise less Config.PayoutSpread, scaled to what was
// paid in; a fixed-rate order pays exactly what it promised for the amount
// promised.
//
// State is computed from the clock when an order is read, so nothing runs in
// the background and the same seed, clock and calls give the same story.
// Each venue's handler maps the generic Stage to its own status words.

// Stage is where a simulated order stands, before a venue names it.
type Stage int

const (
	StageWaiting    Stage = iota // waiting for the deposit
	StageConfirming              // deposit seen, confirming
	StageExchanging
	StageSending
	StageFinished
	StageFailed
	StageRefunded
	StageExpired
	// StageHeld: the venue holds the order for verification after its
	// deposit was confirmed (Outcome OutcomeHold); it stays so. Only a
	// venue whose Profile.Holds names a word for it.
	StageHeld
)

// Stages lists every Stage, for the tables of venue status words.
var Stages = []Stage{StageWaiting, StageConfirming, StageExchanging, StageSending,
	StageFinished, StageFailed, StageRefunded, StageExpired, StageHeld}

var stageNames = [...]string{"waiting", "confirming", "exchanging", "sending", "finished", "failed", "refunded", "expired", "held"}

func (s Stage) String() string {
	if s >= 0 && int(s) < len(stageNames) {
		return stageNames[s]
	}
	return fmt.Sprintf("Stage(%d)", int(s))
}

// Terminal reports whether nothing changes an order in stage s any more.
func (s Stage) Terminal() bool {
	return s == StageFinished || s == StageFailed || s == StageRefunded || s == StageExpired
}

// Order defaults.
const (
	DefaultSwapStage   = 3 * time.Second
	DefaultOrderExpiry = 30 * time.Minute
)

// ErrNoOrder is returned for an order id the venue never created.
var ErrNoOrder = errors.New("sim: no such order")

// ErrNotPayable is returned by PayOrder for an order that is no longer
// waiting for its deposit (paid, or expired).
var ErrNotPayable = errors.New("sim: order is not waiting for a deposit")

// OrderSpec is a create request as a venue handler decoded it.
type OrderSpec struct {
	Quote                     QuoteSpec
	PayoutAddress, PayoutMemo string
	RefundAddress, RefundMemo string
	// Expiry is how long the venue waits for the deposit
	// (DefaultOrderExpiry when zero).
	Expiry time.Duration
	// AnyAmount says the venue takes any deposit (a variable shift, a
	// deposit channel): the order expects the amount the venue last quoted
	// for the pair (expect.go), Quote.Amount when it quoted none.
	AnyAmount bool
	// DepositAddress and DepositMemo, when set, are where the venue wants
	// the deposit and what it must carry (a network's inbound address and
	// swap memo); otherwise the order gets its own address, and a memo when
	// the asset's network uses one.
	DepositAddress, DepositMemo string
}

// Order is a simulated order as it stands when read.
type Order struct {
	ID                          string
	From, To                    swapscout.Asset
	Fixed                       bool
	Direction                   swapscout.Direction
	AmountIn, AmountOut         swapscout.Amount // promised at creation
	Rate                        swapscout.Amount // the quote's rate
	NetworkFee                  swapscout.Amount
	DepositAddress, DepositMemo string
	PayoutAddress, PayoutMemo   string
	RefundAddress, RefundMemo   string
	CreatedAt, ExpiresAt        time.Time

	Stage      Stage
	UpdatedAt  time.Time        // when Stage was entered
	PaidAt     time.Time        // zero until paid
	AmountPaid swapscout.Amount // what was deposited; zero until paid
	DepositTx  string           // set once paid
	// AmountSent is what is paid out (To units), known from sending on;
	// for a refund, AmountRefunded is what went back (From units).
	AmountSent, AmountRefunded swapscout.Amount
	PayoutTx, RefundTx         string
}

// MaxOrders bounds the orders one simulated venue keeps: past it the oldest
// is forgotten (and then answers as unknown), so a long load test cannot
// grow the simulator without end.
var MaxOrders = 100_000

// orderBook is an Exchange's orders.
type orderBook struct {
	cfg    *Config
	mu     sync.Mutex
	orders map[string]*orderRec
	fifo   []string // ids, oldest first
	// byTx finds an order by its deposit's transaction id (upper case),
	// known from creation since ids are deterministic; byDeposit finds the
	// latest order by deposit address and memo.
	byTx      map[string]string
	byDeposit map[string]string
	// made counts the orders ever created per payout address (lower
	// case), never forgotten: how a test tells how many orders one swap
	// request made at the venue.
	made map[string]int
}

type orderRec struct {
	o       Order   // static part; Stage etc. are computed
	outcome Stage   // StageFinished, StageFailed, StageRefunded, StageExpired or StageHeld
	short   float64 // the fraction of the payout kept back (Outcome OutcomeShort)
	nopay   bool    // the payout is reported, never made (Outcome OutcomeNoPay)
	stages  [3]time.Duration
	paidAt  time.Time
	paid    swapscout.Amount
	minOut  swapscout.Amount // the deposit's limit (memo.go): refunded rather than pay less
}

func newOrderBook(cfg *Config) *orderBook {
	return &orderBook{cfg: cfg, orders: make(map[string]*orderRec), byTx: make(map[string]string), byDeposit: make(map[string]string),
		made: make(map[string]int)}
}

func (x *Exchange) book() *orderBook {
	x.ordersOnce.Do(func() {
		if x.orders == nil {
			x.orders = newOrderBook(&Config{})
		}
	})
	return x.orders
}

// CreateOrder prices spec.Quote with Quote and records an order waiting for
// its deposit. Its errors are Quote's (ErrNoPair, *LimitError).
func (x *Exchange) CreateOrder(spec OrderSpec) (Order, error) {
	if a, ok := x.quotedAmount(spec.Quote); ok && spec.AnyAmount {
		spec.Quote.Amount = a
	}
	q, err := x.Quote(spec.Quote)
	if err != nil {
		return Order{}, err
	}
	b := x.book()
	now := x.Now()
	id := x.NewID("")
	exp := spec.Expiry
	if b.cfg.OrderExpiry > 0 {
		exp = b.cfg.OrderExpiry
	}
	if exp <= 0 {
		exp = DefaultOrderExpiry
	}
	seed := x.m.seed
	o := Order{
		ID: id, From: spec.Quote.From, To: spec.Quote.To, Fixed: spec.Quote.Fixed, Direction: spec.Quote.Direction,
		AmountIn: q.AmountIn, AmountOut: q.AmountOut, Rate: q.Rate, NetworkFee: q.NetworkFee,
		DepositAddress: depositAddress(seed, x.id, id, spec.Quote.From),
		PayoutAddress:  spec.PayoutAddress, PayoutMemo: spec.PayoutMemo,
		RefundAddress: spec.RefundAddress, RefundMemo: spec.RefundMemo,
		CreatedAt: now, ExpiresAt: now.Add(exp), Stage: StageWaiting, UpdatedAt: now,
	}
	if info, ok := x.assets[spec.Quote.From]; ok && info.Memo {
		o.DepositMemo = fmt.Sprint(100000 + mix(hashString(seed, "memo", x.id, id))%900000)
	}
	if spec.DepositAddress != "" {
		o.DepositAddress, o.DepositMemo = spec.DepositAddress, spec.DepositMemo
	}
	rec := &orderRec{o: o, outcome: StageFinished}
	u := unit(hashString(seed, "outcome", x.id, id))
	switch c := b.cfg; {
	case u < c.SwapFailRate:
		rec.outcome = StageFailed
	case u < c.SwapFailRate+c.SwapRefundRate:
		rec.outcome = StageRefunded
	case u < c.SwapFailRate+c.SwapRefundRate+c.SwapExpireRate:
		rec.outcome = StageExpired
	}
	b.applyOutcome(x.id, rec)
	base := b.cfg.SwapStage
	if base <= 0 {
		base = DefaultSwapStage
	}
	// Slower venues take longer: the venue's typical latency against a
	// 300ms norm, within [0.5, 2], scales every stage.
	vf := 1.0
	if l := x.profile.Latency; l > 0 {
		vf = max(0.5, min(2, float64(l)/float64(300*time.Millisecond)))
	}
	for i := range rec.stages {
		f := 0.5 + unit(hashString(seed, "stage", x.id, id, stageNames[i+1]))
		rec.stages[i] = time.Duration(float64(base) * f * vf)
	}
	b.mu.Lock()
	b.orders[id] = rec
	b.fifo = append(b.fifo, id)
	txKey, depKey := strings.ToUpper(txID(seed, x.id, id, "in")), x.depositKey(o.DepositAddress, o.DepositMemo)
	b.byTx[txKey], b.byDeposit[depKey] = id, id
	if len(b.made) >= 4*max(MaxOrders, 1) {
		clear(b.made) // bounded like the orders: a load test with a new address per swap
	}
	b.made[strings.ToLower(o.PayoutAddress)]++
	for len(b.fifo) > max(MaxOrders, 1) {
		old := b.orders[b.fifo[0]].o
		delete(b.orders, b.fifo[0])
		if k := strings.ToUpper(txID(seed, x.id, old.ID, "in")); b.byTx[k] == old.ID {
			delete(b.byTx, k)
		}
		if k := x.depositKey(old.DepositAddress, old.DepositMemo); b.byDeposit[k] == old.ID {
			delete(b.byDeposit, k)
		}
		b.fifo = b.fifo[1:]
	}
	b.mu.Unlock()
	return b.state(x, rec, now), nil
}

// Orders returns how many orders the venue holds (at most MaxOrders), so a
// test can tell how many a client created.
func (x *Exchange) Orders() int {
	b := x.book()
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.orders)
}

// OrdersMade returns how many orders the venue ever created paying out to
// address (any case), forgotten ones included: a test gives each swap
// request its own payout address and counts the orders it made.
func (x *Exchange) OrdersMade(address string) int {
	b := x.book()
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.made[strings.ToLower(address)]
}

// Order returns order id as it stands now, or ErrNoOrder.
func (x *Exchange) Order(id string) (Order, error) {
	b := x.book()
	b.mu.Lock()
	rec, ok := b.orders[id]
	b.mu.Unlock()
	if !ok {
		return Order{}, ErrNoOrder
	}
	return b.state(x, rec, x.Now()), nil
}

// OrderByDepositTx returns the order whose deposit is (or, once paid, will
// be) the transaction tx (any case), as it stands now, or ErrNoOrder. It is
// how a venue that knows swaps only by their deposit (THORChain, Maya)
// finds one; an order not paid yet has not been seen by the venue.
func (x *Exchange) OrderByDepositTx(tx string) (Order, error) {
	b := x.book()
	b.mu.Lock()
	id, ok := b.byTx[strings.ToUpper(tx)]
	b.mu.Unlock()
	if !ok {
		return Order{}, ErrNoOrder
	}
	return x.Order(id)
}

// OrderByDeposit returns the latest order waiting for a deposit to address
// with memo, or ErrNoOrder: what a network that matches deposits by their
// memo would credit.
func (x *Exchange) OrderByDeposit(address, memo string) (Order, error) {
	b := x.book()
	b.mu.Lock()
	id, ok := b.byDeposit[x.depositKey(address, memo)]
	b.mu.Unlock()
	if !ok {
		return Order{}, ErrNoOrder
	}
	return x.Order(id)
}

// OrdersByPayout returns the orders paying out to address (any case),
// newest first, at most limit of them, as they stand now: what a network's
// indexer lists for an address (THORChain's and Maya's Midgard).
func (x *Exchange) OrdersByPayout(address string, limit int) []Order {
	b := x.book()
	now := x.Now()
	b.mu.Lock()
	var recs []*orderRec
	for i := len(b.fifo) - 1; i >= 0 && len(recs) < limit; i-- {
		if rec := b.orders[b.fifo[i]]; rec != nil && strings.EqualFold(rec.o.PayoutAddress, address) {
			recs = append(recs, rec)
		}
	}
	out := make([]Order, 0, len(recs))
	for _, rec := range recs {
		out = append(out, b.stateLocked(x, rec, now))
	}
	b.mu.Unlock()
	return out
}

// PayOrder records the deposit of order id: amount, or the amount promised
// when amount is zero. It fails with ErrNoOrder or ErrNotPayable.
func (x *Exchange) PayOrder(id string, amount swapscout.Amount) (Order, error) {
	b := x.book()
	now := x.Now()
	b.mu.Lock()
	rec, ok := b.orders[id]
	if !ok {
		b.mu.Unlock()
		return Order{}, ErrNoOrder
	}
	if st := b.stateLocked(x, rec, now); st.Stage != StageWaiting {
		b.mu.Unlock()
		return st, ErrNotPayable
	}
	if amount.IsZero() {
		amount = rec.o.AmountIn
	}
	rec.paidAt, rec.paid = now, amount
	if rec.outcome == StageExpired { // paid after all: it goes the normal way
		rec.outcome = StageFinished
	}
	b.mu.Unlock()
	return b.state(x, rec, now), nil
}

// ExpireOrder ends order id unpaid now, as a venue's cancel call does. It
// fails with ErrNoOrder, or ErrNotPayable for an order no longer waiting
// for its deposit.
func (x *Exchange) ExpireOrder(id string) (Order, error) {
	b := x.book()
	now := x.Now()
	b.mu.Lock()
	defer b.mu.Unlock()
	rec, ok := b.orders[id]
	if !ok {
		return Order{}, ErrNoOrder
	}
	if st := b.stateLocked(x, rec, now); st.Stage != StageWaiting {
		return st, ErrNotPayable
	}
	rec.o.ExpiresAt, rec.outcome = now, StageExpired
	return b.stateLocked(x, rec, now), nil
}

func (b *orderBook) state(x *Exchange, rec *orderRec, now time.Time) Order {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.stateLocked(x, rec, now)
}

// stateLocked computes rec's Order at now; b.mu is held.
func (b *orderBook) stateLocked(x *Exchange, rec *orderRec, now time.Time) Order {
	o := rec.o
	if rec.paidAt.IsZero() && b.cfg.AutoPay > 0 && rec.outcome != StageExpired {
		if at := o.CreatedAt.Add(b.cfg.AutoPay); !now.Before(at) && at.Before(o.ExpiresAt) {
			rec.paidAt, rec.paid = at, o.AmountIn
		}
	}
	if rec.paidAt.IsZero() {
		if !now.Before(o.ExpiresAt) {
			o.Stage, o.UpdatedAt = StageExpired, o.ExpiresAt
		}
		return o
	}
	tx := func(kind string) string { return txID(x.m.seed, x.id, o.ID, kind) }
	o.PaidAt, o.AmountPaid, o.DepositTx = rec.paidAt, rec.paid, tx("in")
	t := rec.paidAt
	o.Stage, o.UpdatedAt = StageConfirming, t
	outcome := rec.outcome
	if outcome == StageFinished && b.belowLimit(x, rec, &o) {
		outcome = StageRefunded
	}
	var sendAt time.Time
	defer func() { b.onChain(x, rec, o, sendAt) }() // o as returned
	for i, next := range []Stage{StageExchanging, StageSending, StageFinished} {
		t = t.Add(rec.stages[i])
		if now.Before(t) {
			break
		}
		if next == StageSending {
			sendAt = t
		}
		if next == StageExchanging && outcome == StageHeld { // held once the deposit is confirmed
			o.Stage, o.UpdatedAt = StageHeld, t
			return o
		}
		if next == StageSending && outcome != StageFinished { // failed or refunded instead of sending
			o.Stage, o.UpdatedAt = outcome, t
			if outcome == StageRefunded {
				o.AmountRefunded, o.RefundTx = rec.paid, tx("refund")
			}
			return o
		}
		o.Stage, o.UpdatedAt = next, t
	}
	if o.Stage == StageSending || o.Stage == StageFinished {
		o.AmountSent, o.PayoutTx = b.payout(x, &o, rec.short), tx("out")
	}
	return o
}

// onChain records on the simulated chain (Config.Chain) the transfers
// order o has made as it now stands: its deposit, its payout from the time
// it entered sending (never for a venue that reports a payout it does not
// make), its refund. Recording is idempotent by transaction id, so each
// read of the order may do it; a network the chain does not simulate
// (Monero) records nothing.
func (b *orderBook) onChain(x *Exchange, rec *orderRec, o Order, sendAt time.Time) {
	c := b.cfg.Chain
	if c == nil || o.PaidAt.IsZero() {
		return
	}
	c.Land(o.From.Network, o.DepositAddress, o.From, o.AmountPaid, o.PaidAt, o.DepositTx)
	if o.PayoutTx != "" && !rec.nopay && o.AmountSent.Sign() > 0 {
		c.Land(o.To.Network, o.PayoutAddress, o.To, o.AmountSent, sendAt, o.PayoutTx)
	}
	if o.RefundTx != "" && o.AmountRefunded.Sign() > 0 && o.RefundAddress != "" {
		c.Land(o.From.Network, o.RefundAddress, o.From, o.AmountRefunded, o.UpdatedAt, o.RefundTx)
	}
}

// payout is what an order pays out for the amount paid in, less the
// fraction short its venue keeps back (Outcome OutcomeShort).
func (b *orderBook) payout(x *Exchange, o *Order, short float64) swapscout.Amount {
	dec := 8
	if info, ok := x.assets[o.To]; ok {
		dec = info.Decimals
	}
	out := o.AmountOut
	if o.AmountIn.Sign() > 0 && o.AmountPaid.Cmp(o.AmountIn) != 0 {
		out = out.Mul(o.AmountPaid).Quo(o.AmountIn, dec, swapscout.RoundDown)
	}
	if !o.Fixed && b.cfg.PayoutSpread > 0 {
		f := floatAmount(1-b.cfg.PayoutSpread, 9, swapscout.RoundDown)
		out = out.Mul(f).Round(dec, swapscout.RoundDown)
	}
	if short > 0 {
		out = out.Mul(floatAmount(1-short, 9, swapscout.RoundDown)).Round(dec, swapscout.RoundDown)
	}
	return out
}

// txID is a deterministic 64-hex-digit transaction hash.
func txID(seed int64, venue, order, kind string) string {
	h := hashString(seed, "tx", venue, order, kind)
	return fmt.Sprintf("%016x%016x%016x%016x", h, mix(h), mix(h+1), mix(h+2))
}

// depositAddress is a deterministic address on the asset's network, well
// formed (the swap service refuses any other) and of a hash nobody holds the
// key to (see Address).
func depositAddress(seed int64, venue, order string, a swapscout.Asset) string {
	return Address(a.Network, fmt.Sprint(seed), venue, order)
}

// servePay answers POST /_sim/pay/{venue}/{order} with an optional amount
// (JSON {"amount":"…"} or form amount=…): 200 with the order, 404 for an
// unknown venue or order, 409 when it cannot be paid, 400 for a bad amount.
func (s *Server) servePay(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "sim: POST only", http.StatusMethodNotAllowed)
		return
	}
	id, order, ok := strings.Cut(strings.TrimPrefix(r.URL.Path, "/_sim/pay/"), "/")
	mt, known := s.venues[id]
	if !ok || !known || order == "" || strings.Contains(order, "/") {
		http.Error(w, "sim: want /_sim/pay/{venue}/{order}", http.StatusNotFound)
		return
	}
	var amount swapscout.Amount
	var text string
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 4096))
	if err != nil {
		http.Error(w, "sim: body too large", http.StatusBadRequest)
		return
	}
	if len(bytes.TrimSpace(raw)) > 0 {
		if strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
			var body struct {
				Amount json.RawMessage `json:"amount"`
			}
			if err := json.Unmarshal(raw, &body); err != nil {
				http.Error(w, "sim: bad JSON body", http.StatusBadRequest)
				return
			}
			if text = strings.Trim(string(body.Amount), `"`); text == "null" {
				text = ""
			}
		} else {
			form, err := url.ParseQuery(string(raw))
			if err != nil {
				http.Error(w, "sim: bad form body", http.StatusBadRequest)
				return
			}
			text = form.Get("amount")
		}
	}
	if text != "" {
		a, err := swapscout.ParseAmount(text)
		if err != nil || a.Sign() <= 0 {
			http.Error(w, "sim: amount must be a positive decimal", http.StatusBadRequest)
			return
		}
		amount = a
	}
	o, err := mt.x.PayOrder(order, amount)
	switch {
	case errors.Is(err, ErrNoOrder):
		http.Error(w, "sim: no such order", http.StatusNotFound)
		return
	case errors.Is(err, ErrNotPayable):
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusConflict)
		_ = json.NewEncoder(w).Encode(payAnswer(o, "order is "+o.Stage.String()))
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(payAnswer(o, ""))
}

// serveDeposit answers POST /_sim/deposit/{venue} with JSON {"address":…,
// "memo":…}: the deposit a user of a memo venue (THORChain, Maya) sends to
// the inbound address with the swap's memo. It pays the latest order waiting
// for that deposit (a memo asking the same swap, whatever its limit, as the
// venue reads it: memo.go) and answers as /_sim/pay does, with the deposit's
// transaction id (deposit_tx), which such a venue follows the swap by; an
// order already paid (Config.AutoPay) answers 409 with its deposit_tx.
func (s *Server) serveDeposit(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", "POST")
		http.Error(w, "sim: POST only", http.StatusMethodNotAllowed)
		return
	}
	mt, known := s.venues[strings.TrimPrefix(r.URL.Path, "/_sim/deposit/")]
	if !known {
		http.Error(w, "sim: want /_sim/deposit/{venue}", http.StatusNotFound)
		return
	}
	var body struct{ Address, Memo string }
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, 4096)).Decode(&body); err != nil || body.Address == "" {
		http.Error(w, `sim: want JSON {"address":…,"memo":…}`, http.StatusBadRequest)
		return
	}
	o, err := mt.x.PayDeposit(body.Address, body.Memo)
	w.Header().Set("Content-Type", "application/json")
	switch {
	case errors.Is(err, ErrNoOrder):
		http.Error(w, "sim: no order waits for that deposit", http.StatusNotFound)
	case errors.Is(err, ErrNotPayable):
		w.WriteHeader(http.StatusConflict)
		_ = json.NewEncoder(w).Encode(payAnswer(o, "order is "+o.Stage.String()))
	default:
		_ = json.NewEncoder(w).Encode(payAnswer(o, ""))
	}
}

type payJSON struct {
	Order string           `json:"order"`
	Stage string           `json:"stage"`
	Paid  swapscout.Amount `json:"paid"`
	// DepositTx is the paying transaction's id, which a venue that tracks
	// swaps by their deposit (THORChain, Maya) is asked with.
	DepositTx string     `json:"deposit_tx,omitempty"`
	Error     string     `json:"error,omitempty"`
	PaidAt    *time.Time `json:"paid_at,omitempty"`
}

func payAnswer(o Order, msg string) payJSON {
	p := payJSON{Order: o.ID, Stage: o.Stage.String(), Paid: o.AmountPaid, DepositTx: o.DepositTx, Error: msg}
	if !o.PaidAt.IsZero() {
		t := o.PaidAt.UTC()
		p.PaidAt = &t
	}
	return p
}

func (c *Config) validateOrders() error {
	switch {
	case c.AutoPay < 0 || c.SwapStage < 0 || c.OrderExpiry < 0:
		return errors.New("sim: AutoPay, SwapStage and OrderExpiry must not be negative")
	case !(c.PayoutSpread >= 0 && c.PayoutSpread < 1):
		return fmt.Errorf("sim: PayoutSpread %v must be in [0, 1)", c.PayoutSpread)
	}
	sum := 0.0
	for _, r := range []float64{c.SwapFailRate, c.SwapRefundRate, c.SwapExpireRate} {
		if !(r >= 0 && r <= 1) {
			return fmt.Errorf("sim: swap outcome rate %v must be in [0, 1]", r)
		}
		sum += r
	}
	if sum > 1 {
		return fmt.Errorf("sim: SwapFailRate+SwapRefundRate+SwapExpireRate = %v must not exceed 1", sum)
	}
	return nil
}

// Null returns s, or nil (a JSON null) when s is empty, for the nullable
// string fields of venue answers.
func Null(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// Waiting reports whether the order still waits for its deposit (for venues
// that show amounts as expected until paid).
func (o *Order) Waiting() bool { return o.Stage == StageWaiting }
