package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"regexp"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/qr"
	"github.com/swapscout/swapscout/swaps"
)

// runSwap quotes through a running server, lets the user confirm the best
// swap-capable offer, creates the swap, shows where to deposit and follows it
// to its end.
func runSwap(ctx context.Context, args []string, e env) error {
	return swapCmd(ctx, args, e, defaultCLIClock(), stdinPrompter())
}

// prompter asks the user a question and returns the line they answered.
type prompter interface {
	ask(ctx context.Context, question string) (string, error)
}

// stdinPrompter is a prompter on the process's terminal, or nil when its
// standard input is not one (a pipe, a file, nothing): a swap is then only
// made with --yes, never by reading an answer nobody typed.
func stdinPrompter() prompter {
	if !isTerminal(os.Stdin) {
		return nil
	}
	return newLinePrompter(os.Stdin, os.Stderr)
}

// linePrompter writes questions to out and reads answers, a line each, from
// in. A reader goroutine feeds the lines, so an interrupt (ctx) ends a wait
// even while the terminal read blocks.
type linePrompter struct {
	out   io.Writer
	lines chan string
	err   error // after lines is closed: why
}

func newLinePrompter(in io.Reader, out io.Writer) *linePrompter {
	p := &linePrompter{out: out, lines: make(chan string, 1)}
	go func() {
		r := bufio.NewReader(in)
		for {
			s, err := r.ReadString('\n')
			if s != "" || err == nil {
				p.lines <- strings.TrimSpace(s)
			}
			if err != nil {
				p.err = err
				close(p.lines)
				return
			}
		}
	}()
	return p
}

func (p *linePrompter) ask(ctx context.Context, question string) (string, error) {
	// A line typed before the question was shown (pasted with the command,
	// typed ahead of a warning) is not an answer to it.
drain:
	for {
		select {
		case _, ok := <-p.lines:
			if !ok {
				break drain
			}
		default:
			break drain
		}
	}
	fmt.Fprint(p.out, question)
	select {
	case <-ctx.Done():
		fmt.Fprintln(p.out)
		return "", ctx.Err()
	case s, ok := <-p.lines:
		if !ok {
			fmt.Fprintln(p.out)
			if p.err == io.EOF {
				return "", errors.New("no answer (the input ended)")
			}
			return "", fmt.Errorf("reading the answer: %w", p.err)
		}
		return s, nil
	}
}

// errNoSwap ends the command when the user declines.
var errNoSwap = errors.New("no swap was created")

// shownOffers is how many swap-capable offers the table shows.
const shownOffers = 5

// createTries bounds the tries of one creation (the same Idempotency-Key
// each time) when the server cannot be heard or asks to wait; while it says
// the creation is under way, the tries go on for up to inProgressWait.
const (
	createTries    = 6
	inProgressWait = 2 * time.Minute
)

type swapCommand struct {
	e    env
	clk  cliClock
	c    *api.Client
	term prompter // nil: not a terminal
	yes  bool
	// allowMemo lets --yes take a memo-deposit offer (--allow-memo-deposit);
	// without it such an offer is never the default pick, and is made
	// only after the user confirms their wallet can add the memo.
	allowMemo bool

	req   api.QuoteRequest
	venue string
	route bool // venue names a two-leg route
	// bridge and bridgeMemo are --bridge-refund-address and its memo: where
	// a route's second venue refunds, in the bridge asset.
	bridge, bridgeMemo string
	body               api.SwapRequest
	slipText           string // as typed, for messages: "0.5%"
	slipFrac           string // the same as a fraction: "0.005"
	flagOf             map[string]string
	valueOf            map[string]string
}

// memoDeposit reports whether o's deposit must carry the swap's memo in
// the transaction itself (THORChain, Maya).
func memoDeposit(o *api.Offer) bool { return o.Deposit == swapscout.DepositMemo }

func swapCmd(ctx context.Context, args []string, e env, clk cliClock, term prompter) error {
	fs := newFlagSet("swap", "swap FROM TO AMOUNT --to-address ADDRESS --refund-address ADDRESS [flags]", e.stderr)
	toAddr := fs.String("to-address", "", "where the coins bought are paid out (required)")
	refundAddr := fs.String("refund-address", "", "where the deposit goes back if the swap fails (required)")
	toMemo := fs.String("to-memo", "", "memo or destination tag of --to-address, where its network uses one")
	refundMemo := fs.String("refund-memo", "", "memo or destination tag of --refund-address")
	venue := fs.String("venue", "", "swap at this venue (default: the best offer of a venue that can create swaps)")
	fromNet := fs.String("from-network", "", "network of the asset sent (e.g. trx)")
	toNet := fs.String("to-network", "", "network of the asset received")
	receive := fs.Bool("receive", false, "AMOUNT is what to receive, not what to send")
	fixed := fs.Bool("fixed", false, "ask for fixed rates")
	slip := fs.String("max-slippage", "0.5%", "the worst change of rate since the quote that the swap is made at without asking again")
	yes := fs.Bool("yes", false, "create the swap without asking (a changed rate still stops it)")
	allowMemo := fs.Bool("allow-memo-deposit", false, "let --yes take an offer whose deposit must carry the swap's memo inside the transaction (THORChain, Maya: from Bitcoin an OP_RETURN output, which many wallets cannot add)")
	server := fs.String("server", envOr(e.getenv, "SWAPSCOUT_SERVER", defaultServer), "the swapscout server to quote and swap through (env SWAPSCOUT_SERVER)")
	noFollow := fs.Bool("no-follow", false, "stop once the swap is created ('swapscout track ID' follows it later)")
	deadline := fs.Duration("deadline", 3*time.Second, "how long to wait for venues' quotes")
	routes := fs.String("routes", "0", "two-leg routes through a bridge asset among the offers: 0 (never), auto (when the deadline leaves room) or 1 (always); a route also needs a refund address on its bridge asset (--bridge-refund-address, or asked)")
	bridgeRefund := fs.String("bridge-refund-address", "", "for a two-leg route: where its second venue refunds, in the bridge asset, if it cannot finish (asked when a route is chosen; --yes takes only routes whose bridge this address is valid on)")
	bridgeMemo := fs.String("bridge-refund-memo", "", "memo or destination tag of --bridge-refund-address")
	pos, err := parseTrade(fs, args, "swap needs FROM TO AMOUNT, e.g. swapscout swap btc eth 0.1 --to-address 0x… --refund-address bc1…")
	if err != nil {
		return err
	}
	var missing []string
	if strings.TrimSpace(*toAddr) == "" {
		missing = append(missing, "--to-address (where the coins bought are paid out)")
	}
	if strings.TrimSpace(*refundAddr) == "" {
		missing = append(missing, "--refund-address (where the deposit goes back if the swap fails)")
	}
	if len(missing) > 0 {
		return fmt.Errorf("swap needs %s", strings.Join(missing, " and "))
	}
	frac, err := parseSlippage(*slip)
	if err != nil {
		return err
	}
	if !*yes && term == nil {
		return errors.New("swap asks for confirmation on a terminal, and standard input is not one: run it in a terminal, or pass --yes to create the swap without asking")
	}
	if *deadline <= 0 {
		return fmt.Errorf("--deadline must be positive, got %s", *deadline)
	}
	if *routes != "auto" && *routes != "1" && *routes != "0" {
		return fmt.Errorf("--routes must be auto, 1 or 0, got %q", *routes)
	}
	s := &swapCommand{e: e, clk: clk, c: api.NewClient(*server), term: term, yes: *yes, allowMemo: *allowMemo,
		venue: strings.ToLower(strings.TrimSpace(*venue)), slipText: *slip, slipFrac: frac,
		bridge: strings.TrimSpace(*bridgeRefund), bridgeMemo: strings.TrimSpace(*bridgeMemo),
		body: api.SwapRequest{PayoutAddress: strings.TrimSpace(*toAddr), PayoutMemo: *toMemo, RefundAddress: strings.TrimSpace(*refundAddr), RefundMemo: *refundMemo},
		flagOf: map[string]string{"payout_address": "--to-address", "payout_memo": "--to-memo", "refund_address": "--refund-address", "refund_memo": "--refund-memo",
			"bridge_refund_address": "--bridge-refund-address", "bridge_refund_memo": "--bridge-refund-memo"},
	}
	s.valueOf = map[string]string{"payout_address": s.body.PayoutAddress, "payout_memo": s.body.PayoutMemo, "refund_address": s.body.RefundAddress, "refund_memo": s.body.RefundMemo,
		"bridge_refund_address": s.bridge, "bridge_refund_memo": s.bridgeMemo}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "max-slippage" { // otherwise the server's default, the same 0.5 %
			s.body.MaxSlippage = frac
		}
	})
	// Routes only when asked for (--routes, or --venue naming one): a
	// route also needs a refund address on its bridge asset.
	s.req = api.QuoteRequest{From: pos[0], To: pos[1], Amount: pos[2], FromNetwork: *fromNet, ToNetwork: *toNet, Deadline: *deadline, Routes: *routes}
	if _, _, _, ok := swapscout.RouteLegs(s.venue); ok {
		// A route named (from 'swapscout quote --routes 1'): its legs'
		// venues are asked with all the others, as the quote that showed
		// it did.
		s.route, s.req.Routes = true, "1"
	} else if s.venue != "" {
		s.req.Venues = []string{s.venue}
	}
	if *receive {
		s.req.Direction = swapscout.Receive
	}
	if *fixed {
		s.req.RateType = swapscout.Fixed
	}

	if err := s.checkLocally(pos[0], *fromNet, pos[1], *toNet); err != nil {
		return err
	}
	sw, offer, err := s.make(ctx)
	if err != nil {
		return err
	}
	s.printCreated(sw, offer)
	if *noFollow {
		_, err := fmt.Fprintf(e.stdout, "\nfollow it with: swapscout track %s%s%s\n", sw.ID, s.serverFlag(), depositFlag(offer))
		return err
	}
	if memoDeposit(offer) {
		if sw, err = s.askDeposit(ctx, sw); err != nil {
			return err
		}
	}
	fmt.Fprintln(e.stdout)
	f := &swapFollower{c: s.c, out: e.stdout, errOut: e.stderr, clk: clk}
	final, err := f.follow(ctx, sw.ID, sw)
	if err != nil {
		return err
	}
	return f.outcome(ctx, final)
}

// depositFlag is the track flag a swap followed by its deposit needs.
func depositFlag(o *api.Offer) string {
	if memoDeposit(o) {
		return " --deposit-tx TXID (the id of your deposit transaction, once sent)"
	}
	return ""
}

// askDeposit asks for the transaction that paid a swap followed by its
// deposit (THORChain, Maya know a swap only by it) and records it; without
// a terminal, or when the user skips, it says how to record it later (the
// server looks for it meanwhile by the payout address).
func (s *swapCommand) askDeposit(ctx context.Context, sw *api.Swap) (*api.Swap, error) {
	later := fmt.Sprintf("%s follows this swap by its deposit: the server looks for it by the payout address; to give it yourself once sent, record it with\n  swapscout track %s%s --deposit-tx TXID\n", sw.Venue, sw.ID, s.serverFlag())
	if s.term == nil || s.yes {
		fmt.Fprint(s.e.stdout, "\n"+later)
		return sw, nil
	}
	for {
		tx, err := s.term.ask(ctx, "\nOnce you have sent the deposit, paste its transaction id (Enter: skip, the server looks for it): ")
		if err != nil || tx == "" {
			fmt.Fprint(s.e.stdout, later)
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return sw, nil
		}
		rec, err := recordDeposit(ctx, s.c, sw.ID, tx)
		var ae *api.Error
		switch {
		case err != nil && errors.As(err, &ae) && ae.Code == swapscout.EINVALID:
			fmt.Fprintln(s.e.stderr, err) // a typo: ask again
			continue
		case err != nil:
			fmt.Fprintf(s.e.stdout, "%v\n%s", err, later)
			return sw, nil
		}
		fmt.Fprintf(s.e.stdout, "deposit transaction %s recorded\n", rec.DepositTx)
		return rec, nil
	}
}

// parseSlippage reads "0.5%" as the fraction the API takes ("0.005"),
// refusing early what the swap service would refuse (swaps.SlippageLimit).
func parseSlippage(s string) (string, error) {
	p, ok := strings.CutSuffix(strings.TrimSpace(s), "%")
	a, err := swapscout.ParseAmount(strings.TrimSpace(p))
	if !ok || err != nil || a.Sign() < 0 {
		return "", fmt.Errorf("--max-slippage wants a percentage like 0.5%%, got %q", s)
	}
	frac := a.Quo(swapscout.AmountFromInt(100), a.Scale()+2, swapscout.RoundDown)
	if frac.Cmp(swaps.SlippageLimit) > 0 {
		most := swaps.SlippageLimit.Mul(swapscout.AmountFromInt(100)).String()
		if strings.Contains(most, ".") {
			most = strings.TrimRight(strings.TrimRight(most, "0"), ".")
		}
		return "", fmt.Errorf("--max-slippage %s: at most %s%% (beyond that it is not the offer you chose)", s, most)
	}
	return frac.String(), nil
}

func (s *swapCommand) serverFlag() string { return serverFlag(s.c) }

// make quotes, asks, and creates, until a swap exists or the user or the
// server says no. It returns the swap and the offer it was made from.
func (s *swapCommand) make(ctx context.Context) (*api.Swap, *api.Offer, error) {
	caps, err := s.venueCaps(ctx)
	if err != nil {
		return nil, nil, err
	}
requote:
	for requotes := 0; ; requotes++ {
		q, offers, err := s.quote(ctx, caps)
		if err != nil {
			return nil, nil, err
		}
		offer := &offers[0]
		if s.yes {
			s.printSummary(q, offer, "")
		} else if offer, err = s.choose(ctx, q, offers); err != nil {
			return nil, nil, err
		}
		body := s.body
		body.QuoteID, body.Venue = q.ID, offer.Venue
		route := isRoute(offer)
		if route {
			if err := s.bridgeRefund(ctx, q, offer); err != nil {
				return nil, nil, err
			}
			body.BridgeRefundAddress, body.BridgeRefundMemo = s.bridge, s.bridgeMemo
		}
		for changes := 0; ; changes++ {
			sw, err := s.create(ctx, body)
			if err == nil {
				return sw, offer, nil
			}
			var ae *api.Error
			if !errors.As(err, &ae) {
				return nil, nil, err
			}
			switch {
			case ae.Code == swapscout.ERATECHANGED:
				fresh, err := s.rateChanged(ctx, q, offer, ae, changes)
				if err != nil {
					return nil, nil, err
				}
				body.QuoteID = fresh
				continue
			case ae.Code == swapscout.EADDRESS && route && s.term != nil && !s.yes && strings.HasPrefix(s.addressField(ae), "bridge_refund"):
				// The server refused the bridge refund address this
				// check let pass: ask for another.
				fmt.Fprintln(s.e.stderr, s.addressError(ae))
				s.bridge = ""
				if err := s.bridgeRefund(ctx, q, offer); err != nil {
					return nil, nil, err
				}
				body.BridgeRefundAddress = s.bridge
				continue
			case ae.Code == swapscout.EADDRESS:
				return nil, nil, s.addressError(ae)
			case ae.Code == swapscout.ENOTFOUND && strings.Contains(strings.ToLower(ae.Message), "quote"):
				if s.yes || requotes >= 2 {
					return nil, nil, fmt.Errorf("%w: the quote expired before the swap was made (%s)", errNoSwap, ae.Message)
				}
				fmt.Fprintf(s.e.stdout, "\nThe quote expired before the swap was made; asking the venues again.\n\n")
				continue requote
			case ae.Status == http.StatusNotFound || ae.Status == http.StatusMethodNotAllowed:
				return nil, nil, fmt.Errorf("the server at %s does not create swaps (POST /v1/swaps answered %d): %s", s.c.Base(), ae.Status, ae.Message)
			default:
				return nil, nil, fmt.Errorf("%w: %v", errNoSwap, ae)
			}
		}
	}
}

func (s *swapCommand) venueCaps(ctx context.Context) (map[string]api.Venue, error) {
	vs, err := s.c.Venues(ctx)
	if err != nil {
		if errors.Is(err, api.ErrAnswer) {
			return nil, fmt.Errorf("reading the server's venues: %w", err)
		}
		return nil, unreachable(ctx, s.c, err)
	}
	caps := make(map[string]api.Venue, len(vs))
	for _, v := range vs {
		caps[v.ID] = v
	}
	if first, _, second, ok := swapscout.RouteLegs(s.venue); ok {
		for i, id := range []string{first, second} {
			v, ok := caps[id]
			switch {
			case !ok:
				return nil, fmt.Errorf("--venue %s: leg %d's venue %s is not on the server (see 'swapscout venues')", s.venue, i+1, id)
			case !v.CanSwap:
				return nil, fmt.Errorf("--venue %s: leg %d's venue %s cannot create swaps through its API", s.venue, i+1, id)
			}
		}
	} else if s.venue != "" {
		v, ok := caps[s.venue]
		switch {
		case !ok:
			return nil, fmt.Errorf("--venue %s: the server has no such venue (see 'swapscout venues')", s.venue)
		case !v.CanSwap:
			return nil, fmt.Errorf("--venue %s cannot create swaps through its API (order books need an account there); leave --venue out to take the best venue that can", s.venue)
		}
	}
	return caps, nil
}

// quote asks the server's venues (following its event stream, as quote
// --server does) and returns the quote with its swap-capable offers, best
// first, and prints them.
func (s *swapCommand) quote(ctx context.Context, caps map[string]api.Venue) (*api.Quote, []api.Offer, error) {
	q, err := streamQuote(ctx, s.c, s.req, newProgress(s.e.stderr))
	if err != nil {
		return nil, nil, err
	}
	var offers []api.Offer
	cannot, memo, routes, why := 0, 0, 0, ""
	for _, o := range q.Offers {
		switch {
		case !swappable(&o, caps):
			cannot++
		case s.venue != "" && o.Venue != s.venue:
		case s.yes && !s.allowMemo && memoDeposit(&o):
			// Never a default pick: --yes takes a memo deposit only when
			// told the wallet can add the memo.
			memo++
		case s.yes && isRoute(&o) && s.bridgeRefundProblem(&o) != "":
			// Nobody is asked under --yes: a route is taken only with a
			// bridge refund address valid on its bridge.
			routes++
			if why == "" {
				why = s.bridgeRefundProblem(&o)
				if s.bridge == "" {
					why = routeWhy(&o, q)
				}
			}
		default:
			offers = append(offers, o)
		}
	}
	if len(offers) == 0 {
		return nil, nil, s.noOffer(q, memo, routes, why)
	}
	s.printOffers(q, offers, cannot, memo, routes)
	return q, offers, nil
}

// swappable reports whether o can become a swap here: its can_swap, or,
// from a server that does not say (neither can_swap nor a reason), its
// venue's.
func swappable(o *api.Offer, caps map[string]api.Venue) bool {
	if o.CanSwap || o.NoSwap != "" {
		return o.CanSwap
	}
	return caps[o.Venue].CanSwap
}

// noOffer explains why no offer can be swapped; memo offers were left out
// for want of --allow-memo-deposit.
func (s *swapCommand) noOffer(q *api.Quote, memo, routes int, why string) error {
	if routes > 0 && s.bridge == "" {
		return fmt.Errorf("%w: %s, whose second leg needs a refund address on its bridge asset. %s Pass it as --bridge-refund-address, or leave --yes out to be asked",
			errNoSwap, plural(routes, "two-leg route"), why)
	}
	if routes > 0 {
		return fmt.Errorf("%w: %s, none through a bridge asset that --bridge-refund-address %s is an address of (%s)",
			errNoSwap, plural(routes, "two-leg route"), s.bridge, why)
	}
	if memo > 0 {
		return fmt.Errorf("%w: %s whose deposit must carry the swap's memo inside the transaction (from Bitcoin-like chains an OP_RETURN output, which many wallets cannot add), and --yes takes one only with --allow-memo-deposit; pass it if your wallet can add the memo, or leave --yes out to be asked",
			errNoSwap, plural(memo, "offer"))
	}
	if s.venue != "" {
		for _, f := range q.Failures {
			if f.Venue == s.venue {
				return fmt.Errorf("%w: %s has no offer: %s (%s)", errNoSwap, s.venue, readableDurations(f.Message), f.Code)
			}
		}
		return fmt.Errorf("%w: %s has no offer for this swap", errNoSwap, s.venue)
	}
	if len(q.Offers) == 0 {
		return fmt.Errorf("%w: no venue has an offer for this swap ('swapscout quote … --server %s' shows why)", errNoSwap, s.c.Base())
	}
	return fmt.Errorf("%w: %s, but none from a venue that can create swaps through its API", errNoSwap, plural(len(q.Offers), "offer"))
}

func (s *swapCommand) printOffers(q *api.Quote, offers []api.Offer, cannot, memoLeft, routesLeft int) {
	w := s.e.stdout
	from, to := upper(q.Request.From), upper(q.Request.To)
	n := min(len(offers), shownOffers)
	fmt.Fprintf(w, "%s %s (%s) → %s (%s), %s side: %s from venues that create swaps\n\n", q.Request.Amount, from, q.Request.From.Network,
		to, q.Request.To.Network, q.Request.Direction, plural(len(offers), "offer"))
	memo := false
	for _, o := range offers[:n] {
		memo = memo || memoDeposit(&o)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "#\tVENUE\tSEND %s\tRECEIVE %s\tRATE\tTYPE\tKYC\t", from, to)
	if memo {
		fmt.Fprint(tw, "DEPOSIT\t")
	}
	fmt.Fprint(tw, "\n")
	for i, o := range offers[:n] {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t", i+1, offerName(&o), o.AmountIn, o.AmountOut, o.Rate, o.RateType, o.KYC)
		if memo {
			kind := "transfer"
			if memoDeposit(&o) {
				kind = "MEMO IN TX"
			}
			fmt.Fprintf(tw, "%s\t", kind)
		}
		fmt.Fprint(tw, "\n")
	}
	tw.Flush()
	if more := len(offers) - n; more > 0 {
		fmt.Fprintf(w, "(%s not shown)\n", plural(more, "more offer"))
	}
	if cannot > 0 {
		fmt.Fprintf(w, "(%s that cannot be swapped here not shown: 'swapscout quote' lists them, and the exchanges' prices)\n", plural(cannot, "offer"))
	}
	if memoLeft > 0 {
		fmt.Fprintf(w, "(%s whose deposit must carry the memo inside the transaction not taken: --allow-memo-deposit takes them)\n", plural(memoLeft, "offer"))
	}
	if routesLeft > 0 {
		fmt.Fprintf(w, "(%s not taken: with --yes a route needs --bridge-refund-address, an address of yours on its bridge asset)\n", plural(routesLeft, "two-leg route"))
	}
}

// printSummary shows what is about to be created, with a loud warning when
// the deposit must carry a memo in the transaction.
func (s *swapCommand) printSummary(q *api.Quote, o *api.Offer, label string) {
	w := s.e.stdout
	from, to := upper(q.Request.From), upper(q.Request.To)
	if isRoute(o) {
		fmt.Fprintf(w, "\nSwap in two legs, %s%s:\n", offerName(o), label)
	} else {
		fmt.Fprintf(w, "\nSwap at %s%s:\n", venueName(o.Venue, o.Provider), label)
	}
	send, get := o.AmountIn.String()+" "+from, o.AmountOut.String()+" "+to
	send += " on " + q.Request.From.Network
	get += " on " + q.Request.To.Network
	if o.RateType == swapscout.Fixed {
		get += " (fixed rate)"
	} else if q.Request.Direction == swapscout.Receive {
		send = "≈ " + send + " (floating rate)"
	} else {
		get = "≈ " + get + " (floating rate: the rate when your deposit arrives)"
	}
	fmt.Fprintf(w, "  you send      %s\n", send)
	fmt.Fprintf(w, "  you receive   %s\n", get)
	fmt.Fprintf(w, "  paid out to   %s%s\n", s.body.PayoutAddress, memoSuffix(s.body.PayoutMemo))
	fmt.Fprintf(w, "  refunds to    %s%s\n", s.body.RefundAddress, memoSuffix(s.body.RefundMemo))
	if isRoute(o) {
		s.printRouteSummary(q, o)
	}
	fmt.Fprintf(w, "  KYC rating    %s (A never asks … D requires)\n", o.KYC)
	if o.ETAMax >= time.Second {
		fmt.Fprintf(w, "  takes         up to %s after the deposit (the venue's estimate)\n", etaText(int(o.ETAMax/time.Second)))
	}
	fmt.Fprintf(w, "  rate guard    the venue is asked again first; worse by more than %s and nothing is created\n", s.slipText)
	if memoDeposit(o) {
		if lim := s.memoLimit(o.AmountOut); lim != "" {
			fmt.Fprintf(w, "  price limit   the memo makes %s refund your deposit rather than pay out less than ≈ %s %s (%s under)\n", o.Venue, lim, to, s.slipText)
		}
		fmt.Fprint(w, memoWarning(o.Venue, from))
	}
}

// memoLimit is the least a memo-deposit swap receiving about out pays out:
// out less the slippage allowed, which the venue's memo carries as its
// price limit; "" when out is not positive.
func (s *swapCommand) memoLimit(out swapscout.Amount) string {
	slip, err := swapscout.ParseAmount(s.slipFrac)
	if err != nil || !out.Valid() || out.Sign() <= 0 {
		return ""
	}
	return out.Mul(swapscout.AmountFromInt(1).Sub(slip)).Round(8, swapscout.RoundUp).String()
}

// etaText words a venue's time estimate in minutes or hours.
func etaText(seconds int) string {
	m := (seconds + 59) / 60
	switch {
	case m < 120:
		return strconv.Itoa(m) + " min"
	case m%60 == 0:
		return strconv.Itoa(m/60) + " h"
	}
	return fmt.Sprintf("%d h %d min", m/60, m%60)
}

func memoSuffix(m string) string {
	if m == "" {
		return ""
	}
	return " (memo " + m + ")"
}

// memoWarning is shown before confirming a swap whose deposit must carry its
// memo in the transaction (non-custodial THORChain and Maya venues).
func memoWarning(venue, from string) string {
	bar := strings.Repeat("!", 78)
	return fmt.Sprintf(`
%s
!! WARNING: %s needs the swap's MEMO INSIDE YOUR DEPOSIT TRANSACTION.
!! Sending %s to the address alone is not enough: from Bitcoin-like chains
!! the memo is an OP_RETURN output, which many wallets and every exchange
!! withdrawal cannot add. A deposit without the exact memo is not swapped
!! and may be lost. Go on only if your wallet can send this memo.
%s
`, bar, venue, from, bar)
}

// choose shows the best offer and asks; the user may name another offer of
// the table by its number.
func (s *swapCommand) choose(ctx context.Context, q *api.Quote, offers []api.Offer) (*api.Offer, error) {
	n := min(len(offers), shownOffers)
	// The offer proposed first is the best whose deposit is a plain
	// transfer: a memo deposit is never the default.
	i := 0
	for i < n-1 && memoDeposit(&offers[i]) {
		i++
	}
	if memoDeposit(&offers[i]) {
		i = 0
	}
	s.printSummary(q, &offers[i], fmt.Sprintf(" (offer %d)", i+1))
	for tries := 0; ; tries++ {
		question := "Create this swap? [y/N] "
		if n > 1 {
			question = fmt.Sprintf("Create this swap? [y/N, or 1-%d for another offer] ", n)
		}
		ans, err := s.term.ask(ctx, question)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", errNoSwap, err)
		}
		switch a := strings.ToLower(ans); {
		case (a == "y" || a == "yes") && memoDeposit(&offers[i]) && !s.allowMemo:
			ok, err := s.confirmMemo(ctx, q)
			if err != nil {
				return nil, fmt.Errorf("%w: %v", errNoSwap, err)
			}
			if ok {
				return &offers[i], nil
			}
			fmt.Fprintln(s.e.stdout, "Then choose an offer whose deposit is a plain transfer.")
			continue
		case a == "y" || a == "yes":
			return &offers[i], nil
		case a == "" || a == "n" || a == "no":
			return nil, errNoSwap
		default:
			k, err := strconv.Atoi(a)
			if err == nil && k >= 1 && k <= n {
				i = k - 1
				s.printSummary(q, &offers[i], fmt.Sprintf(" (offer %d)", k))
				continue
			}
		}
		if tries >= 4 {
			return nil, errNoSwap
		}
		fmt.Fprintln(s.e.stderr, "answer y to create the swap, n to stop, or an offer's number")
	}
}

// confirmMemo asks whether the user's wallet can put the swap's memo
// inside the deposit transaction, naming what that takes on the chain sent
// from.
func (s *swapCommand) confirmMemo(ctx context.Context, q *api.Quote) (bool, error) {
	ans, err := s.term.ask(ctx, fmt.Sprintf("Can your wallet put the swap's memo inside the %s transaction (%s), and will you send from it, never from an exchange? [y/N] ",
		upper(q.Request.From), memoHow(q.Request.From.Network)))
	if err != nil {
		return false, err
	}
	a := strings.ToLower(ans)
	return a == "y" || a == "yes", nil
}

// memoHow says how a chain's transaction carries a memo.
func memoHow(network string) string {
	switch network {
	case "btc", "ltc", "bch", "doge", "dash", "zec":
		return "an OP_RETURN output"
	}
	return "its memo field"
}

// create posts the swap with one fresh Idempotency-Key, and retries with the
// same key while the server cannot be heard or asks to wait (in_progress),
// and after a lost answer while it is unavailable: a retry answers the swap
// the first try made, never a second.
func (s *swapCommand) create(ctx context.Context, body api.SwapRequest) (*api.Swap, error) {
	key := newIdempotencyKey()
	delay := s.clk.retry
	lost := false    // some try may have made the swap without our hearing of it
	waiting := false // the last answer: a try with this key is still being made
	started := time.Now()
	for try := 1; ; try++ {
		actx, cancel := context.WithTimeout(ctx, 90*time.Second)
		sw, _, err := s.c.CreateSwap(actx, key, body)
		cancel()
		var why string
		var ae *api.Error
		switch {
		case err == nil:
			return sw, nil
		case errors.Is(err, api.ErrAnswer):
			return nil, fmt.Errorf("reading the swap record: %w", err)
		case !errors.As(err, &ae) && ctx.Err() != nil:
			return nil, fmt.Errorf("interrupted while the swap was being created: it may exist at %s without its deposit address shown here", body.Venue)
		case ae == nil:
			why = "no answer from the server (" + connReason(err) + ")"
			lost, waiting = true, false
		default:
			waiting = false
			switch {
			case ae.Code == swapscout.EINPROGRESS && strings.Contains(ae.Message, "interrupted"):
				// The server stopped while creating it, long ago: no
				// deposit address was ever given, so nothing is owed.
				return nil, fmt.Errorf("the swap's creation was cut short at the server: %s", ae.Message)
			case ae.Code == swapscout.EINPROGRESS:
				lost, waiting = true, true
			case ae.Status == http.StatusServiceUnavailable && lost:
				// Keep asking: an earlier try may have made the swap.
			case ae.Status == http.StatusServiceUnavailable:
				// Nothing was created (no database, or it is down).
				return nil, fmt.Errorf("%w: %s; try again later", errNoSwap, ae)
			default:
				return nil, ae
			}
			why = ae.Message
		}
		// A venue may take its time to create an order: while the server
		// says the first try is under way, wait for it as long as the server
		// itself would before calling it interrupted.
		if try >= createTries && !(waiting && time.Since(started) < inProgressWait) {
			return nil, fmt.Errorf("could not create the swap: %s, %d times. The swap may exist at %s: check with the server's operator before trying again", why, try, body.Venue)
		}
		fmt.Fprintf(s.e.stderr, "%s; asking again in %s with the same Idempotency-Key (it cannot make a second order)\n", why, fmtDuration(delay))
		if !sleepCtx(ctx, delay) {
			return nil, fmt.Errorf("interrupted while the swap was being created: it may exist at %s without its deposit address shown here", body.Venue)
		}
		delay = min(2*delay, 5*time.Second)
	}
}

// rateChangedText reads the amounts and the fresh quote id out of a
// rate_changed message ("the venue now gives 2.4 instead of 2.5; see quote
// q…") when the error object does not carry them as fields of their own.
var rateChangedText = regexp.MustCompile(`now (?:gives|asks) ([0-9.]+) instead of ([0-9.]+)(?:; see quote ([A-Za-z0-9_-]+))?`)

// rateChanged shows both amounts of a rate_changed answer and asks whether
// to swap at the new one; it returns the fresh quote's id to create from.
func (s *swapCommand) rateChanged(ctx context.Context, q *api.Quote, o *api.Offer, ae *api.Error, changes int) (string, error) {
	fresh, shown, now := ae.QuoteID, amountText(ae.Shown), amountText(ae.Now)
	if m := rateChangedText.FindStringSubmatch(ae.Message); m != nil {
		if now == "" {
			now = m[1]
		}
		if shown == "" {
			shown = m[2]
		}
		if fresh == "" {
			fresh = m[3]
		}
	}
	from, to := upper(q.Request.From), upper(q.Request.To)
	w := s.e.stdout
	fmt.Fprintf(w, "\nThe rate changed at %s by more than %s since the quote:\n", o.Venue, s.slipText)
	if q.Request.Direction == swapscout.Receive {
		fmt.Fprintf(w, "  you would now send  %s %s\n  instead of          %s %s\n", dash(now), from, dash(shown), from)
	} else {
		fmt.Fprintf(w, "  you would now receive  %s %s\n  instead of             %s %s\n", dash(now), to, dash(shown), to)
	}
	switch {
	case s.yes:
		return "", fmt.Errorf("%w: the rate changed (%s) and --yes never accepts a new rate; run the command again to see the new offers, or allow more with --max-slippage", errNoSwap, ae.Message)
	case fresh == "":
		return "", fmt.Errorf("%w: the rate changed (%s)", errNoSwap, ae.Message)
	case changes >= 3:
		return "", fmt.Errorf("%w: the rate keeps changing at %s; try again later", errNoSwap, o.Venue)
	}
	ans, err := s.term.ask(ctx, "Swap at the new rate? [y/N] ")
	if err != nil {
		return "", fmt.Errorf("%w: %v", errNoSwap, err)
	}
	if a := strings.ToLower(ans); a != "y" && a != "yes" {
		return "", errNoSwap
	}
	if a, err := swapscout.ParseAmount(now); err == nil {
		if q.Request.Direction == swapscout.Receive {
			o.AmountIn = a
		} else {
			o.AmountOut = a
		}
	}
	return fresh, nil
}

// checkLocally checks the assets and both addresses here, before any
// venue is asked: the same checks the server makes (swaps.CheckAddresses),
// so a typo or an address of another network costs no quote. An asset this
// build does not know is left to the server, whose catalogue may be newer.
func (s *swapCommand) checkLocally(from, fromNet, to, toNet string) error {
	fa, err1 := swapscout.ResolveAsset(from, fromNet)
	ta, err2 := swapscout.ResolveAsset(to, toNet)
	if err1 != nil || err2 != nil {
		return nil
	}
	req := swapscout.QuoteRequest{From: fa.Asset, To: ta.Asset}
	err := swaps.CheckAddresses(nil, req, s.body.PayoutAddress, s.body.PayoutMemo, s.body.RefundAddress, s.body.RefundMemo)
	var ae *swaps.AddressError
	if !errors.As(err, &ae) {
		return err
	}
	return fmt.Errorf("%w: %s %s is refused: %s", errNoSwap, s.flagOf[ae.Field], s.valueOf[ae.Field], ae.Reason)
}

// addressField is the field whose address the server refused: the error's
// own, or the one its message opens with.
func (s *swapCommand) addressField(ae *api.Error) string {
	field, _ := s.addressWhy(ae)
	return field
}

func (s *swapCommand) addressWhy(ae *api.Error) (field, msg string) {
	field, msg = ae.Field, ae.Message
	if f, rest, ok := strings.Cut(msg, ":"); ok && (field == "" || f == field) {
		if _, known := s.flagOf[f]; known {
			field, msg = f, strings.TrimSpace(rest)
		}
	}
	return field, msg
}

// addressError names the flag whose address the server refused.
func (s *swapCommand) addressError(ae *api.Error) error {
	field, msg := s.addressWhy(ae)
	fl, ok := s.flagOf[field]
	if !ok {
		return fmt.Errorf("%w: the server refused an address: %s (%s)", errNoSwap, ae.Message, ae.Code)
	}
	return fmt.Errorf("%w: %s %s is refused: %s (%s)", errNoSwap, fl, s.valueOf[field], msg, ae.Code)
}

// noDeadline says what is known of the deposit window of a swap whose venue
// gave no deadline: for a fixed rate, how long the venue documents that it
// holds one (GET /v1/venues), as the swap page says; the rate type's general
// rule when the venues cannot be read.
func (s *swapCommand) noDeadline(sw *api.Swap) string {
	if sw.RateType != swapscout.Fixed {
		return swapscout.NoDeadline(sw.RateType)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	vs, err := s.c.Venues(ctx)
	if err != nil {
		return swapscout.NoDeadline(sw.RateType)
	}
	for _, v := range vs {
		if v.ID == sw.Venue && v.RateHold != nil {
			return swapscout.HeldNoDeadline(v.Name, v.RateHold.Hold(), sw.CreatedAt)
		}
	}
	return swapscout.NoDeadline(sw.RateType)
}

// printCreated shows where and what to deposit, with a QR code of the address.
func (s *swapCommand) printCreated(sw *api.Swap, o *api.Offer) {
	w := s.e.stdout
	if sw.Compose == swapscout.ComposeSplit {
		s.printParts(sw)
		return
	}
	send := sw.PromisedIn
	if send.IsZero() {
		send = sw.AmountIn
	}
	route := sw.Compose == swapscout.ComposeRoute && len(sw.Legs) == 2
	order := ""
	if sw.VenueOrder.ID != "" {
		order = ", order " + sw.VenueOrder.ID
	}
	if route {
		fmt.Fprintf(w, "\nSwap %s created as a two-leg route: %s, then %s. You pay leg 1 only; it pays leg 2.\n\n", sw.ID, venueName(sw.Legs[0].Venue, sw.Legs[0].Provider), venueName(sw.Legs[1].Venue, sw.Legs[1].Provider))
	} else {
		fmt.Fprintf(w, "\nSwap %s created at %s%s.\n\n", sw.ID, venueName(sw.Venue, sw.Provider), order)
	}
	fmt.Fprintf(w, "  send exactly   %s %s on %s\n", send, upper(sw.From), sw.From.Network)
	fmt.Fprintf(w, "  to             %s\n", sw.DepositAddress)
	if sw.DepositMemo != "" {
		if memoDeposit(o) {
			fmt.Fprintf(w, "  memo           %s\n                 (INSIDE the transaction, e.g. as OP_RETURN: without it the deposit is not swapped)\n", sw.DepositMemo)
		} else {
			fmt.Fprintf(w, "  memo / tag     %s\n                 (required: without it the venue cannot credit your deposit)\n", sw.DepositMemo)
		}
	} else if memoDeposit(o) {
		fmt.Fprintf(w, "  memo           the venue gave none, though its deposits need one: do not send\n")
	}
	if sw.ExpiresAt.IsZero() {
		fmt.Fprintf(w, "  send before    %s\n", s.noDeadline(sw))
	} else {
		left := sw.ExpiresAt.Sub(s.clk.now()).Round(time.Minute)
		in := ""
		if left > 0 {
			in = fmt.Sprintf(" (in %s)", strings.TrimSuffix(left.String(), "0s"))
		}
		fmt.Fprintf(w, "  send before    %s%s\n", sw.ExpiresAt.In(s.clk.loc).Format("2006-01-02 15:04:05 MST"), in)
	}
	get := sw.PromisedOut
	if get.IsZero() {
		get = sw.AmountOut
	}
	approx := "≈ "
	if sw.RateType == swapscout.Fixed {
		approx = ""
	}
	fmt.Fprintf(w, "  you receive    %s%s %s at %s%s\n", approx, get, upper(sw.To), sw.PayoutAddress, memoSuffix(sw.PayoutMemo))
	if memoDeposit(o) && sw.DepositMemo != "" {
		if lim := s.memoLimit(get); lim != "" {
			fmt.Fprintf(w, "  price limit    the memo's: below ≈ %s %s, %s refunds your deposit instead of swapping\n", lim, upper(sw.To), sw.Venue)
		}
	}
	fmt.Fprintf(w, "  refunds to     %s%s\n", sw.RefundAddress, memoSuffix(sw.RefundMemo))
	if route {
		s.printRouteLegs(sw)
	}
	if code, err := qr.Encode(sw.DepositAddress); err == nil {
		fmt.Fprintf(w, "\n%s", code.Terminal(isTerminal(w)))
	}
}

// printParts shows a split: one deposit per part, each its own amount to
// its own address, and, when fewer parts were created than offered, why.
func (s *swapCommand) printParts(sw *api.Swap) {
	w := s.e.stdout
	fmt.Fprintf(w, "\nSwap %s created as a split over %d venues: send each part to its own address, never the whole amount to one.\n", sw.ID, len(sw.Legs))
	if sw.PartsNote != "" {
		fmt.Fprintf(w, "\n  NOT EVERY PART WAS CREATED: %s\n", sw.PartsNote)
	}
	for _, p := range sw.Legs {
		send := p.PromisedIn
		if send.IsZero() {
			send = p.AmountIn
		}
		fmt.Fprintf(w, "\n  part %d at %s, order %s (%s)\n", p.Leg, p.Venue, p.VenueOrder.ID, p.Status)
		fmt.Fprintf(w, "    send exactly %s %s on %s\n", send, upper(sw.From), sw.From.Network)
		fmt.Fprintf(w, "    to           %s\n", p.DepositAddress)
		if p.DepositMemo != "" {
			fmt.Fprintf(w, "    memo / tag   %s\n                 (required: without it the venue cannot credit your deposit)\n", p.DepositMemo)
		}
		if !p.ExpiresAt.IsZero() {
			fmt.Fprintf(w, "    send before  %s\n", p.ExpiresAt.In(s.clk.loc).Format("2006-01-02 15:04:05 MST"))
		}
		if p.Status == swapscout.StatusWaiting && p.DepositAddress != "" {
			// Each part its own code, as a direct swap's deposit has.
			if code, err := qr.Encode(p.DepositAddress); err == nil {
				fmt.Fprintf(w, "\n%s", code.Terminal(isTerminal(w)))
			}
		}
	}
	approx := "≈ "
	if sw.RateType == swapscout.Fixed {
		approx = ""
	}
	fmt.Fprintf(w, "\n  you receive    %s%s %s in all at %s%s\n", approx, sw.AmountOut, upper(sw.To), sw.PayoutAddress, memoSuffix(sw.PayoutMemo))
	fmt.Fprintf(w, "  refunds to     %s%s\n", sw.RefundAddress, memoSuffix(sw.RefundMemo))
}

// amountText is an amount as a message says it; "" for none.
func amountText(a swapscout.Amount) string {
	if a.IsZero() {
		return ""
	}
	return a.String()
}

// upper is an asset's ticker as the CLI shows it: "BTC".
func upper(a swapscout.Asset) string { return strings.ToUpper(a.Ticker) }

// connReason words why a request got no answer.
func connReason(err error) string {
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		return "the connection closed before the answer"
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return "no answer in time"
	}
	return reason(err)
}
