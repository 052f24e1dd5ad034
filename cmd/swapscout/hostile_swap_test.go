package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/address"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/internal/tier"
	"github.com/swapscout/swapscout/sim"
	"github.com/swapscout/swapscout/sim/hostile"
	"github.com/swapscout/swapscout/swaps"
)

// The swap side of the hostile matrix: every fault mode on the create call
// and on the status call of every swap venue (hostile.ScopeCreate and
// ScopeStatus; the quotes and re-quotes stay healthy), through the real stack
// (registry, adapters, shared upstream client, engine, swap service on
// SQLite, the HTTP API, the tracker's poll step).
//
// A create cell quotes, turns the fault on, asks every swap venue to create
// a swap (each with its own payout address, so the simulator counts the
// orders each request made), asks again with the same keys, turns the fault
// off and asks once more. It checks: every create answered within its
// deadline + 5 s, with a status and code the swap flow may give (never a
// 500); no swap asks for more than the quote, promises less than the
// slippage allows or implausibly more, or pays to an address the local
// checks refuse; at most one order at the venue per key across the retries
// (counted at the simulator); an unknown outcome never says "nothing is
// owed"; and the fault reached the create call (modes that always spoil it
// create nothing while on).
//
// A status cell creates a swap at every venue healthy, lets the simulator pay
// and finish them, turns the fault on and polls each swap as the tracker
// does, then off and polls again. It checks that every amount received on
// record that the guard (swaps.CheckUpdate) refuses is flagged as doubted,
// and left out of the venues' accuracy.

const (
	swapCreateTimeout = 4 * time.Second // every creation's venue calls (CreateTimeout)
	swapCreateSlack   = 5 * time.Second // an answer may come this much after the deadline
	swapPollTimeout   = 3 * time.Second
	swapSlippage      = "0.005" // swaps.DefaultSlippage
	// swapParallel light cells at once: they sample no heap, and mostly
	// wait on loopback and on the creations' and polls' timeouts.
	swapParallel = 8
)

// swapRows are the modes of the swap side: every mode but those of the
// lists, each on the create and on the status call. mustFail marks modes
// that spoil every create answer: while on, no swap may be created.
var swapRows = func() (rows []struct {
	mode     hostile.Mode
	mustFail bool
	heavy    bool
}) {
	spoils := map[hostile.Mode]bool{hostile.Hang: true, hostile.Reset: true, hostile.Refused: true, hostile.HTML5xx: true,
		hostile.Error200: true, hostile.VenueError200: true, hostile.Malformed: true, hostile.Truncated: true,
		hostile.HugeChunked: true, hostile.HugeLength: true, hostile.GzipBomb: true, hostile.GzipBombSmall: true,
		hostile.Trickle: true, hostile.HugeHeaders: true, hostile.DepositHTML: true}
	heavy := map[hostile.Mode]bool{hostile.HugeChunked: true, hostile.HugeLength: true, hostile.GzipBomb: true, hostile.GzipBombSmall: true, hostile.HugeHeaders: true}
	for _, mi := range hostile.Modes() {
		if mi.Scope == hostile.ScopeLists {
			continue
		}
		rows = append(rows, struct {
			mode     hostile.Mode
			mustFail bool
			heavy    bool
		}{mi.Mode, spoils[mi.Mode] || strings.HasPrefix(string(mi.Mode), "4"), heavy[mi.Mode]})
	}
	return rows
}()

func TestHostileMatrixSwaps(t *testing.T) {
	tier.E2E(t) // a minute or two: more than the fast tier affords
	if raceEnabled {
		t.Skip("the hostile matrix runs without -race: go test -run TestHostileMatrixSwaps ./cmd/swapscout/ (CI does)")
	}
	var cells []*matrixCell
	for _, row := range swapRows {
		cells = append(cells,
			&matrixCell{name: string(row.mode) + "/create", heavy: row.heavy, run: func() ([]string, string) {
				return runCreateCell(t, row.mode, row.mustFail)
			}},
			&matrixCell{name: string(row.mode) + "/status", heavy: row.heavy, run: func() ([]string, string) {
				return runStatusCell(t, row.mode)
			}})
	}
	runMatrix(t, cells, regexp.MustCompile(os.Getenv("SWAPSCOUT_HOSTILE_CELLS")), swapParallel)
}

// swapTarget is one swap a cell asks for: a venue's offer in a quote, and
// the request's own payout address.
type swapTarget struct {
	venue, quoteID string
	from, to       swapscout.Asset
	asked          string // the amount sent
	amountOut      string // the offer's
	payout, refund string
	key            string
	depositTracked bool // THORChain, Maya: no order at the venue, only a memo
	id             string
	created        bool
}

// swapTargets quotes the matrix's pairs through the API and picks, for each
// swap-capable venue, its offer in the first pair it quotes.
func (c *hostileCell) swapTargets(t *testing.T, cellName string) ([]*swapTarget, []string) {
	client := &http.Client{Transport: &http.Transport{}, Timeout: 30 * time.Second}
	defer client.CloseIdleConnections()
	var out []*swapTarget
	var problems []string
	seen := map[string]bool{}
	for _, q := range hostileQuotes {
		url := fmt.Sprintf("%s/v1/quotes?from=%s&to=%s&amount=%s&deadline=%s", c.apiURL, q.from, q.to, q.amount, hostileDeadline)
		resp, err := client.Get(url)
		if err != nil {
			problems = append(problems, fmt.Sprintf("quote %s→%s: %v", q.from, q.to, err))
			continue
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		qa := &api.Quote{}
		if err == nil {
			qa, err = api.DecodeQuote(body)
		}
		if err != nil || resp.StatusCode != 200 {
			problems = append(problems, fmt.Sprintf("quote %s→%s: HTTP %d %v", q.from, q.to, resp.StatusCode, err))
			continue
		}
		from, to := qa.Request.From, qa.Request.To
		for _, o := range qa.Offers {
			sw, ok := c.reg.Swapper(o.Venue)
			if !ok || seen[o.Venue] {
				continue
			}
			seen[o.Venue] = true
			_, tracked := sw.(swapscout.DepositTracked)
			out = append(out, &swapTarget{venue: o.Venue, quoteID: qa.ID, from: from, to: to, asked: q.amount, amountOut: o.AmountOut.String(),
				payout: sim.Address(to.Network, cellName, o.Venue), refund: sim.Address(from.Network, "refund"),
				key: cellName + "/" + o.Venue, depositTracked: tracked})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].venue < out[j].venue })
	return out, problems
}

// createAnswer is one POST /v1/swaps answer.
type createAnswer struct {
	status int
	took   time.Duration
	code   string
	msg    string
	swap   api.Swap
	err    error
}

// create asks for every target's swap at once.
func (c *hostileCell) create(targets []*swapTarget) []createAnswer {
	client := &http.Client{Transport: &http.Transport{}, Timeout: 60 * time.Second}
	defer client.CloseIdleConnections()
	out := make([]createAnswer, len(targets))
	var wg sync.WaitGroup
	for i, tg := range targets {
		wg.Go(func() {
			body, _ := json.Marshal(map[string]string{"quote_id": tg.quoteID, "venue": tg.venue, "payout_address": tg.payout, "refund_address": tg.refund})
			req, _ := http.NewRequest("POST", c.apiURL+"/v1/swaps", bytes.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Idempotency-Key", tg.key)
			start := time.Now()
			resp, err := client.Do(req)
			a := &out[i]
			if err != nil {
				a.err = err
				return
			}
			b, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			a.status, a.took = resp.StatusCode, time.Since(start)
			if resp.StatusCode < 300 {
				sw, err := api.DecodeSwap(b)
				if err == nil {
					a.swap = *sw
				}
				a.err = err
				return
			}
			e := api.DecodeError(resp.StatusCode, b)
			a.code, a.msg = e.Code, e.Message
		})
	}
	wg.Wait()
	return out
}

// createCodes are the answers a creation may give under a fault, by status.
var createCodes = map[int][]string{
	409: {swapscout.EINPROGRESS},
	429: {swapscout.ERATELIMITED},
	502: {swapscout.EVENUE, swapscout.EBADANSWER, swapscout.EUNKNOWN},
	503: {swapscout.EUNAVAILABLE},
}

// checkCreated judges one answer of round n; nil problems when it is sound.
func checkCreated(tg *swapTarget, round int, a createAnswer) []string {
	var p []string
	name := fmt.Sprintf("%s round %d", tg.venue, round)
	if a.err != nil {
		return []string{fmt.Sprintf("%s: %v", name, a.err)}
	}
	if a.took > swapCreateTimeout+swapCreateSlack {
		p = append(p, fmt.Sprintf("%s: answered in %s; its deadline is %s", name, a.took.Round(time.Millisecond), swapCreateTimeout))
	}
	switch {
	case a.status == 200 || a.status == 201:
		tg.id, tg.created = a.swap.ID, true
		p = append(p, checkPayable(name, tg, a)...)
	case slices.Contains(createCodes[a.status], a.code):
		if a.code == swapscout.EUNKNOWN && strings.Contains(strings.ToLower(a.msg), "nothing is owed") {
			p = append(p, fmt.Sprintf(wrong+"%s: %s says nothing is owed while an order may exist: %s", name, a.code, a.msg))
		}
	default:
		p = append(p, fmt.Sprintf("%s: HTTP %d %s: %.200s", name, a.status, a.code, a.msg))
	}
	return p
}

// checkPayable judges a swap a user may pay: it asks exactly the amount
// quoted, promises no less than the slippage allows nor implausibly more,
// and pays to an address the local checks accept.
func checkPayable(name string, tg *swapTarget, a createAnswer) []string {
	var p []string
	s := a.swap
	rat := func(v string) *big.Rat { r, _ := new(big.Rat).SetString(v); return r }
	in, asked, out, shown := rat(s.PromisedIn.String()), rat(tg.asked), rat(s.PromisedOut.String()), rat(tg.amountOut)
	switch {
	case in == nil || asked == nil || in.Cmp(asked) != 0:
		p = append(p, fmt.Sprintf(wrong+"%s: the swap asks %s %s for a quote of %s", name, s.PromisedIn, tg.from.Ticker, tg.asked))
	case out == nil || shown == nil || out.Sign() <= 0:
		p = append(p, fmt.Sprintf(wrong+"%s: promised_out %s (offer %s)", name, s.PromisedOut, tg.amountOut))
	default:
		least := new(big.Rat).Mul(shown, new(big.Rat).Sub(big.NewRat(1, 1), rat(swapSlippage)))
		most := new(big.Rat).Mul(shown, big.NewRat(2, 1))
		if out.Cmp(least) < 0 || out.Cmp(most) > 0 {
			p = append(p, fmt.Sprintf(wrong+"%s: promises %s %s for an offer of %s", name, s.PromisedOut, tg.to.Ticker, tg.amountOut))
		}
	}
	memo := s.DepositMemo
	if s.Deposit == swapscout.DepositMemo {
		memo = "" // a memo inside the deposit transaction, not the network's
	}
	if err := address.Check(tg.from.Network, s.DepositAddress, memo); err != nil {
		p = append(p, fmt.Sprintf(wrong+"%s: pays to %.80q: %v", name, s.DepositAddress, err))
	}
	return p
}

// runCreateCell runs the create side of one mode.
func runCreateCell(t *testing.T, mode hostile.Mode, mustFail bool) (problems []string, note string) {
	name := string(mode) + "/create"
	c := startCell(t, hostile.Off, hostile.ScopeDefault, false, hostileVenueTimeout,
		cellOptions{swaps: true, createTimeout: swapCreateTimeout})
	defer c.close()
	targets, problems := c.swapTargets(t, name)
	if len(targets) < 15 {
		problems = append(problems, fmt.Sprintf("only %d swap venues quoted", len(targets)))
	}
	if err := c.h.SetMode(mode, hostile.ScopeCreate); err != nil {
		t.Fatal(err)
	}
	var slowest time.Duration
	outcomes := map[string]int{}
	for round := 1; round <= 3; round++ {
		if round == 3 {
			if err := c.h.SetMode(hostile.Off, hostile.ScopeDefault); err != nil {
				t.Fatal(err)
			}
		}
		for i, a := range c.create(targets) {
			tg := targets[i]
			problems = append(problems, checkCreated(tg, round, a)...)
			slowest = max(slowest, a.took)
			if round == 1 {
				outcome := a.code
				if outcome == "" {
					outcome = fmt.Sprint(a.status)
				}
				outcomes[outcome]++
				if mustFail && a.status == 201 {
					problems = append(problems, fmt.Sprintf(wrong+"%s: created while %s spoils its create call: the fault did not reach it", tg.venue, mode))
				}
			}
		}
	}
	// One order per key, counted where the orders are made. THORChain and
	// Maya keep no order: their "create" is a quote naming the payout,
	// which the simulator records as an order, harmlessly repeated.
	for _, tg := range targets {
		if tg.depositTracked {
			continue
		}
		if n := c.h.Sim().Exchange(tg.venue).OrdersMade(tg.payout); n > 1 {
			problems = append(problems, fmt.Sprintf(wrong+"%s: %d orders at the venue for one Idempotency-Key", tg.venue, n))
		} else if tg.created && n != 1 {
			problems = append(problems, fmt.Sprintf(wrong+"%s: a swap answered but %d orders at the venue", tg.venue, n))
		}
	}
	sort.Strings(problems)
	return problems, fmt.Sprintf("%d venues, slowest answer %s, first answers %v", len(targets), slowest.Round(time.Millisecond), outcomes)
}

// runStatusCell runs the status side of one mode.
func runStatusCell(t *testing.T, mode hostile.Mode) (problems []string, note string) {
	name := string(mode) + "/status"
	c := startCell(t, hostile.Off, hostile.ScopeDefault, false, hostileVenueTimeout,
		cellOptions{swaps: true, createTimeout: swapCreateTimeout, autoPay: 20 * time.Millisecond, swapStage: 20 * time.Millisecond})
	defer c.close()
	targets, problems := c.swapTargets(t, name)
	var ids []*swapTarget
	for i, a := range c.create(targets) {
		if a.status != 201 {
			problems = append(problems, fmt.Sprintf("%s: healthy create answered %d %s %.120s", targets[i].venue, a.status, a.code, a.msg))
			continue
		}
		targets[i].id = a.swap.ID
		ids = append(ids, targets[i])
	}
	// The simulator pays and finishes the orders (AutoPay, SwapStage):
	// wait until every one has ended there, at most the half second that
	// is ample for them.
	ended := func() bool {
		for _, tg := range ids {
			o := c.h.Sim().Exchange(tg.venue).OrdersByPayout(tg.payout, 1)
			if len(o) == 0 || !o[0].Stage.Terminal() {
				return false
			}
		}
		return true
	}
	for end := time.Now().Add(500 * time.Millisecond); !ended() && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
	var mu sync.Mutex
	poll := func() {
		var wg sync.WaitGroup
		for _, tg := range ids {
			wg.Go(func() {
				start := time.Now()
				// One poll, bounded as the tracker bounds its jobs.
				ctx, cancel := context.WithTimeout(context.Background(), swapPollTimeout)
				_, err := c.swaps.Poll(ctx, tg.id)
				cancel()
				mu.Lock()
				defer mu.Unlock()
				if took := time.Since(start); took > swapPollTimeout+swapCreateSlack {
					problems = append(problems, fmt.Sprintf("%s: a poll took %s", tg.venue, took.Round(time.Millisecond)))
				}
				if err != nil {
					problems = append(problems, fmt.Sprintf("%s: poll: %v", tg.venue, err))
				}
			})
		}
		wg.Wait()
	}
	if err := c.h.SetMode(mode, hostile.ScopeStatus); err != nil {
		t.Fatal(err)
	}
	poll()
	poll()
	if err := c.h.SetMode(hostile.Off, hostile.ScopeDefault); err != nil {
		t.Fatal(err)
	}
	poll()
	doubted := 0
	outs, err := c.db.Outcomes(context.Background(), time.Now().Add(-time.Hour))
	if err != nil {
		problems = append(problems, fmt.Sprintf("outcomes: %v", err))
	}
	for _, tg := range ids {
		sw, err := c.db.Swap(context.Background(), tg.id)
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s: %v", tg.venue, err))
			continue
		}
		if sw.AmountReceived.IsZero() {
			continue
		}
		_, doubt := swaps.CheckUpdate(sw, swapscout.SwapUpdate{AmountReceived: sw.AmountReceived})
		switch {
		case doubt != "" && sw.ReceivedDoubt == "":
			problems = append(problems, fmt.Sprintf(wrong+"%s: %s %s received is on record, believed, though the guard refuses it (%s)", tg.venue, sw.AmountReceived, tg.to.Ticker, doubt))
		case sw.ReceivedDoubt != "":
			doubted++
			for _, o := range outs {
				if o.Venue == sw.Venue && o.Received.Cmp(sw.AmountReceived) == 0 {
					problems = append(problems, fmt.Sprintf(wrong+"%s: the doubted %s counts in the venue's accuracy", tg.venue, sw.AmountReceived))
				}
			}
		}
	}
	sort.Strings(problems)
	return problems, fmt.Sprintf("%d swaps followed, %d amounts received doubted", len(ids), doubted)
}
