package main

import (
	"cmp"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/api"
	"github.com/swapscout/swapscout/httpapi"
	"github.com/swapscout/swapscout/quotes"
	"github.com/swapscout/swapscout/venue/all"
)

// runQuote asks venues for a swap and prints the ranked offers as a table,
// with the failures below, showing progress as venues answer.
func runQuote(ctx context.Context, args []string, e env) error {
	fs := newFlagSet("quote", "quote FROM TO AMOUNT [flags]", e.stderr)
	useSim := fs.Bool("sim", false, "ask the built-in simulator instead of live venues")
	server := fs.String("server", "", "ask a running swapscout server at this URL")
	fromNet := fs.String("from-network", "", "network of the asset sent (e.g. trx)")
	toNet := fs.String("to-network", "", "network of the asset received")
	receive := fs.Bool("receive", false, "AMOUNT is what to receive, not what to send")
	fixed := fs.Bool("fixed", false, "ask for fixed rates")
	deadline := fs.Duration("deadline", 3*time.Second, "how long to wait for venues")
	venues := fs.String("venues", "", "comma-separated venue ids to ask (default all)")
	exclude := fs.String("exclude", "", "comma-separated venue ids not to ask")
	kyc := fs.String("kyc", "", "only venues rated this or better (A-D)")
	custody := fs.String("custody", "", "only venues of this custody (custodial or non_custodial)")
	asJSON := fs.Bool("json", false, "print the API's JSON instead of a table")
	sortBy := fs.String("sort", "rank", "order the offers by rank (the amount) or speed (the venues' time estimates)")
	routes := fs.String("routes", "auto", "two-leg routes through a bridge asset, ranked beside the direct offers: auto (when the deadline leaves room), 1 (always) or 0 (never)")
	var k simKnobs
	k.register(fs)
	pos, err := parseTrade(fs, args, "quote needs FROM TO AMOUNT, e.g. swapscout quote btc eth 0.1")
	if err != nil {
		return err
	}
	if *server != "" {
		var simFlags []string
		fs.Visit(func(f *flag.Flag) {
			if f.Name == "sim" || k.owns(f.Name) {
				simFlags = append(simFlags, "--"+f.Name)
			}
		})
		if len(simFlags) > 0 {
			return fmt.Errorf("%s: simulator flags do not apply with --server, which asks that server's venues", strings.Join(simFlags, ", "))
		}
	}
	if err := checkSelection(*venues, *exclude); err != nil {
		return err
	}
	if *sortBy != "rank" && *sortBy != "speed" {
		return fmt.Errorf("--sort must be rank or speed, got %q", *sortBy)
	}
	if *deadline <= 0 {
		return fmt.Errorf("--deadline must be positive, got %s", *deadline)
	}
	if *routes != "auto" && *routes != "1" && *routes != "0" {
		return fmt.Errorf("--routes must be auto, 1 or 0, got %q", *routes)
	}
	req := api.QuoteRequest{From: pos[0], To: pos[1], Amount: pos[2], FromNetwork: *fromNet, ToNetwork: *toNet, Deadline: *deadline,
		Venues: splitIDs(*venues), Exclude: splitIDs(*exclude), KYC: *kyc, Custody: swapscout.Custody(*custody), Routes: *routes}
	if *receive {
		req.Direction = swapscout.Receive
	}
	if *fixed {
		req.RateType = swapscout.Fixed
	}
	var res *api.Quote
	if *server != "" {
		c := api.NewClient(*server)
		res, err = streamQuote(ctx, c, req, newProgress(e.stderr))
	} else {
		res, err = localQuote(ctx, req.Query(), *useSim, &k, e)
	}
	if err != nil {
		return err
	}
	if *asJSON {
		if _, err := e.stdout.Write(api.AppendAnswer(nil, res)); err != nil {
			return err
		}
	} else {
		books := orderBooks(ctx, *server)
		printQuoteAs(e.stdout, res, books, tableView{width: outputWidth(e), sort: *sortBy})
		if memoShown(res, books) {
			fmt.Fprintln(e.stdout, "\nSWAP memo: the deposit must carry the swap's memo inside its transaction (from Bitcoin-like chains an OP_RETURN output);\nthe memo sets a price limit, below which the network refunds. 'swapscout swap' takes such an offer only with --allow-memo-deposit.")
		}
		if len(res.Offers)+len(res.Failures) == 0 {
			fmt.Fprintln(e.stdout, "\nno venue was asked: --venues, --exclude, --kyc and --custody left none (see 'swapscout venues')")
		}
	}
	if len(res.Offers) == 0 {
		return &noOffersError{asked: len(res.Failures)}
	}
	return nil
}

// splitIDs splits a comma-separated list of venue ids as typed (the
// server trims and lowercases them).
func splitIDs(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, ",")
}

// noOffersError ends a quote that no venue gave an offer for: exit status 3
// (README's exit codes), so a script can tell it from an error.
type noOffersError struct{ asked int }

func (e *noOffersError) Error() string {
	if e.asked == 0 {
		return "no venue gave an offer: none was asked"
	}
	return fmt.Sprintf("no venue gave an offer (%s asked, each failure listed)", plural(e.asked, "venue"))
}

// orderBooks returns the ids of the order-book venues: those the server
// at server lists as such (its /v1/venues), or, without a server, those
// of this build; none when the server cannot say.
func orderBooks(ctx context.Context, server string) map[string]bool {
	books := map[string]bool{}
	if server == "" {
		for _, d := range all.Descriptors {
			if d.Kind == swapscout.OrderBook {
				books[d.ID] = true
			}
		}
		return books
	}
	vs, err := api.NewClient(server).Venues(ctx)
	if err != nil {
		return books
	}
	for _, v := range vs {
		if v.Kind == string(swapscout.OrderBook) {
			books[v.ID] = true
		}
	}
	return books
}

// memoShown reports whether a swappable offer of q needs a memo deposit.
func memoShown(q *api.Quote, books map[string]bool) bool {
	for _, o := range q.Offers {
		if o.CanSwap && o.Deposit == swapscout.DepositMemo && !books[o.Venue] {
			return true
		}
	}
	return false
}

// checkSelection refuses a --venues list that --exclude empties entirely.
func checkSelection(venues, exclude string) error {
	if venues == "" || exclude == "" {
		return nil
	}
	ex := map[string]bool{}
	for _, id := range strings.Split(exclude, ",") {
		ex[strings.ToLower(strings.TrimSpace(id))] = true
	}
	for _, id := range strings.Split(venues, ",") {
		if id = strings.ToLower(strings.TrimSpace(id)); id != "" && !ex[id] {
			return nil
		}
	}
	return fmt.Errorf("--exclude %s removes every venue --venues %s names: nothing left to ask", exclude, venues)
}

// localQuote runs the engine in this process, against the simulator or
// live venues, through the API handler the server runs (the same
// checks, the same answer).
func localQuote(ctx context.Context, q url.Values, useSim bool, k *simKnobs, e env) (*api.Quote, error) {
	o := stackOptions{getenv: e.getenv, log: newLogger(env{getenv: e.getenv, stderr: io.Discard})}
	if useSim {
		s, err := k.startSim()
		if err != nil {
			return nil, err
		}
		defer s.Close()
		o.simURL, o.secret, o.getenv = s.URL(), k.secret, noEnv
	}
	st, err := newStack(ctx, o)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	r := &httpapi.Request{Ctx: ctx, Method: "GET", Path: []byte("/v1/quotes"), RawQuery: []byte(q.Encode())}
	// Progress: the API handler is the same one the server runs; the service
	// wrapper reports each venue's answer on stderr as it arrives.
	n := len(st.registry.Venues())
	done := 0
	pr := newProgress(e.stderr)
	progress := progressService{inner: st.service, emit: func(res swapscout.Result) {
		done++
		if res.Offer != nil {
			pr.line("[%d/%d] %s answered in %s", done, n, res.Offer.Venue, fmtDuration(res.Offer.Took))
		} else {
			pr.line("[%d/%d] %s: %s", done, n, res.Failure.Venue, res.Failure.Code)
		}
	}}
	h := httpapi.NewHandler(httpapi.Deps{Quotes: progress, Store: st.store, Venues: st.registry.Infos, Logger: o.log})
	resp := h.Serve(r)
	pr.clear()
	body := append(append([]byte(nil), resp.Head...), resp.Body...)
	if resp.Status != http.StatusOK {
		return nil, api.DecodeError(resp.Status, body)
	}
	return api.DecodeQuote(body)
}

type progressService struct {
	inner quotes.Engine
	emit  func(swapscout.Result)
}

func (p progressService) Quote(ctx context.Context, req swapscout.QuoteRequest, sel aggregate.Selection, emit func(swapscout.Result)) (*swapscout.Quote, error) {
	return p.inner.Quote(ctx, req, sel, func(r swapscout.Result) {
		p.emit(r)
		if emit != nil {
			emit(r)
		}
	})
}

// streamQuote asks the server c speaks to through its event stream,
// showing each venue's answer on progress as it arrives, and returns the
// final quote.
func streamQuote(ctx context.Context, c *api.Client, req api.QuoteRequest, progress *progress) (*api.Quote, error) {
	n := 0
	q, err := c.QuoteStream(ctx, req, func(r swapscout.Result) {
		n++
		if r.Offer != nil {
			progress.line("[%d] %s %s", n, r.Offer.Venue, "answered in "+fmtDuration(r.Offer.Took))
		} else {
			progress.line("[%d] %s %s", n, r.Failure.Venue, r.Failure.Code)
		}
	})
	progress.clear()
	return q, unreachable(ctx, c, err)
}

// unreachable words a request that got no answer for the user; the API's
// own errors and unusable answers are left as they are.
func unreachable(ctx context.Context, c *api.Client, err error) error {
	var ae *api.Error
	switch {
	case err == nil || errors.As(err, &ae) || errors.Is(err, api.ErrAnswer) || errors.Is(err, api.ErrStreamBroken):
		return err
	case ctx.Err() != nil:
		return ctx.Err()
	}
	return fmt.Errorf("cannot reach the server at %s: %s (is 'swapscout serve' or 'swapscout demo' running there?)", c.Base(), reason(err))
}

// tableView is how a quote is printed: the columns to fit in (0: no
// limit, as to a pipe) and the order ("rank" or "speed").
type tableView struct {
	width int
	sort  string
}

// outputWidth is the width the table must fit: $COLUMNS when set, else
// the terminal's, else none (a pipe or a file gets every column).
func outputWidth(e env) int {
	if n, err := strconv.Atoi(e.getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	return terminalWidth(e.stdout)
}

// printQuote prints q for people with every column (tests, pipes).
func printQuote(w io.Writer, q *api.Quote, books map[string]bool) {
	printQuoteAs(w, q, books, tableView{})
}

// printQuoteAs prints q for people, as the API does not rank it: the
// offers that can become a swap here first (best first, or fastest first
// with sort "speed", each group in the API's order), then those that
// cannot, with why; the order books' prices (books) apart, for comparison.
// Amounts are rounded to their asset's useful precision (--json has them
// exact); the table drops its least useful columns to fit v.width.
func printQuoteAs(w io.Writer, q *api.Quote, books map[string]bool, v tableView) {
	var swap, other, book []api.Offer
	for _, o := range q.Offers {
		switch {
		case books[o.Venue]:
			book = append(book, o)
		case o.CanSwap:
			swap = append(swap, o)
		default:
			other = append(other, o)
		}
	}
	if v.sort == "speed" {
		for _, l := range [][]api.Offer{swap, other, book} {
			slices.SortStableFunc(l, func(a, b api.Offer) int { return bySpeed(etaOf(&a), etaOf(&b)) })
		}
	}
	offers := append(swap, other...)
	fmt.Fprintf(w, "%s %s → %s, %s side, %s, %s, %s\n\n", q.Request.Amount,
		q.Request.From.Words(), q.Request.To.Words(), q.Request.Direction,
		plural(len(q.Offers), "offer"), plural(len(q.Failures), "failure"), fmtDuration(q.Took))
	var best *api.Offer
	for i := range q.Offers {
		if o := &q.Offers[i]; best == nil || swapscout.Better(q.Request.Direction, o, best) {
			best = o
		}
	}
	if len(offers) == 0 {
		fmt.Fprintln(w, "no offers")
	} else {
		printOffers(w, q, offers, best, true, v.width)
		if fwd, inv := rateWords(best.Rate, q.Request.From, q.Request.To); fwd != "" {
			fmt.Fprintf(w, "\nbest rate: %s (%s); amounts rounded for reading, exact with --json\n", fwd, inv)
		}
	}
	if len(other) > 0 {
		fmt.Fprintln(w, "\ncannot be swapped here:")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, o := range other {
			fmt.Fprintf(tw, "  %s\t%s\n", o.Venue, cmp.Or(o.NoSwap, "the server did not say"))
		}
		tw.Flush()
	}
	if len(book) > 0 {
		fmt.Fprintln(w, "\nprices on exchanges, for comparison; they need an account there:")
		printOffers(w, q, book, best, false, v.width)
	}
	if len(q.Failures) > 0 {
		fmt.Fprintln(w, "\nno offer from:")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, f := range q.Failures {
			fmt.Fprintf(tw, "  %s\t%s\t%s\n", f.Venue, f.Code, readableDurations(f.Message))
		}
		tw.Flush()
	}
	if q.ID != "" {
		fmt.Fprintf(w, "\nquote id %s\n", q.ID)
	}
}

// etaOf is the upper end of an offer's time estimate as shown
// (Offer.ShownETA: the board's median here, else the venue's); 0 when it
// has none.
func etaOf(o *api.Offer) time.Duration {
	lo, hi, _ := o.ShownETA()
	return max(lo, hi)
}

// bySpeed orders time estimates, none (0) last.
func bySpeed(a, b time.Duration) int {
	switch {
	case a == b:
		return 0
	case a == 0:
		return 1
	case b == 0:
		return -1
	}
	return cmp.Compare(a, b)
}

// shown rounds an amount of asset for reading (swapscout.ShownDecimals);
// "-" for none.
func shown(a swapscout.Amount, asset swapscout.Asset, mode swapscout.RoundingMode) string {
	if a.IsZero() {
		return "-"
	}
	return a.Shown(swapscout.ShownDecimals(asset), mode).String()
}

// rateWords says a rate with units, and its inverse: "1 BTC = 163.249 XMR".
func rateWords(rate swapscout.Amount, from, to swapscout.Asset) (fwd, inv string) {
	if !rate.Valid() || rate.Sign() <= 0 {
		return "", ""
	}
	f, t := strings.ToUpper(from.Ticker), strings.ToUpper(to.Ticker)
	return "1 " + f + " = " + swapscout.ShownRate(rate, to).String() + " " + t,
		"1 " + t + " = " + swapscout.ShownRate(swapscout.Inverse(rate), from).String() + " " + f
}

// worseThan says by how much o is worse than best, in percent ("-0.84%"),
// "best" for the best.
func worseThan(d swapscout.Direction, best, o *api.Offer) string {
	base, diff := best.AmountOut, best.AmountOut.Sub(o.AmountOut)
	if d == swapscout.Receive {
		base, diff = best.AmountIn, o.AmountIn.Sub(best.AmountIn)
	}
	switch {
	case base.Sign() <= 0:
		return "-"
	case diff.Sign() <= 0:
		return "best"
	}
	pct := diff.Mul(swapscout.AmountFromInt(100)).Quo(base, 18, swapscout.RoundHalfEven).Significant(2, swapscout.RoundHalfEven)
	return "-" + pct.Shown(2, swapscout.RoundHalfEven).String() + "%"
}

// etaWords says a time estimate: "5-30 min", "~10 min", "-" for none;
// "~12m (median of 40)" when it is the board's median of the venue's swaps
// here (Offer.ShownETA).
func etaWords(o *api.Offer) string {
	lo, hi, basis := o.ShownETA()
	short := func(d time.Duration) string {
		switch {
		case d < time.Minute:
			return strconv.Itoa(int(d/time.Second)) + "s"
		case d < time.Hour:
			return strconv.Itoa(int((d+30*time.Second)/time.Minute)) + "m"
		}
		return strconv.FormatFloat(d.Hours(), 'f', -1, 64) + "h"
	}
	switch {
	case basis > 0:
		return "~" + short(hi) + " (median of " + strconv.Itoa(basis) + ")"
	case lo <= 0 && hi <= 0:
		return "-"
	case hi <= 0 || lo == hi:
		return "~" + short(max(lo, hi))
	case lo <= 0:
		return "<" + short(hi)
	}
	return short(lo) + "-" + short(hi)
}

// column is one column of the offers' table; drop is the order in which
// columns are left out to fit a narrow terminal (0: never).
type column struct {
	head  string
	cells []string
	drop  int
}

// printOffers prints offers as a table, numbered from 1; swapCol adds
// whether each can be swapped here ("memo": only from a wallet that can put
// the memo in the deposit transaction). Columns are left out, least useful
// first, until the table fits width; below that, one line per offer.
func printOffers(w io.Writer, q *api.Quote, offers []api.Offer, best *api.Offer, swapCol bool, width int) {
	fromA, toA := q.Request.From, q.Request.To
	from, to := strings.ToUpper(fromA.Ticker), strings.ToUpper(toA.Ticker)
	outLimits := false
	for _, o := range q.Offers {
		outLimits = outLimits || !o.MinOut.IsZero() || !o.MaxOut.IsZero()
	}
	n := len(offers)
	col := func(head string, drop int) *column { return &column{head: head, cells: make([]string, n), drop: drop} }
	rank, venue := col("#", 0), col("VENUE", 0)
	send, recv := col("SEND "+from, 6), col("RECEIVE "+to, 0)
	if q.Request.Direction == swapscout.Receive {
		send.drop, recv.drop = 0, 6
	}
	vs, rate, eta := col("VS BEST", 5), col(to+"/"+from, 4), col("TIME", 7)
	minIn, maxIn, minOut, maxOut := col("MIN "+from, 2), col("MAX "+from, 2), col("MIN "+to, 1), col("MAX "+to, 1)
	typ, kyc, can := col("TYPE", 3), col("KYC", 8), col("SWAP", 0)
	for i := range offers {
		o := &offers[i]
		name := o.Venue
		if o.Provider != "" {
			name += " (" + o.Provider + ")"
		}
		rank.cells[i], venue.cells[i] = strconv.Itoa(i+1), name
		send.cells[i], recv.cells[i] = shown(o.AmountIn, fromA, swapscout.RoundUp), shown(o.AmountOut, toA, swapscout.RoundDown)
		vs.cells[i], eta.cells[i] = worseThan(q.Request.Direction, best, o), etaWords(o)
		rate.cells[i] = "-"
		if o.Rate.Sign() > 0 {
			rate.cells[i] = swapscout.ShownRate(o.Rate, toA).String()
		}
		minIn.cells[i], maxIn.cells[i] = shown(o.Min, fromA, swapscout.RoundUp), shown(o.Max, fromA, swapscout.RoundDown)
		minOut.cells[i], maxOut.cells[i] = shown(o.MinOut, toA, swapscout.RoundUp), shown(o.MaxOut, toA, swapscout.RoundDown)
		typ.cells[i], kyc.cells[i] = o.RateType.String(), dash(o.KYC.String())
		can.cells[i] = "no"
		switch {
		case o.CanSwap && o.Deposit == swapscout.DepositMemo:
			can.cells[i] = "memo"
		case o.CanSwap:
			can.cells[i] = "yes"
		}
	}
	cols := []*column{rank, venue, send, recv, vs, rate, eta, minIn, maxIn}
	if outLimits {
		cols = append(cols, minOut, maxOut)
	}
	cols = append(cols, typ, kyc)
	if swapCol {
		cols = append(cols, can)
	}
	for {
		table := renderColumns(cols)
		if width <= 0 || widest(table) <= width {
			io.WriteString(w, table)
			return
		}
		drop := 0
		for _, c := range cols {
			if c.drop > 0 && (drop == 0 || c.drop < drop) {
				drop = c.drop
			}
		}
		if drop == 0 {
			break
		}
		cols = slices.DeleteFunc(cols, func(c *column) bool { return c.drop == drop })
	}
	// Narrower than the narrowest table: one line per offer.
	for i := range offers {
		amount := recv.cells[i] + " " + to
		if q.Request.Direction == swapscout.Receive {
			amount = "send " + send.cells[i] + " " + from
		}
		line := rank.cells[i] + ". " + venue.cells[i] + ": " + amount
		if vs.cells[i] != "-" {
			line += " (" + vs.cells[i] + ")"
		}
		if eta.cells[i] != "-" {
			line += ", " + eta.cells[i]
		}
		if swapCol {
			line += ", swap: " + can.cells[i]
		}
		fmt.Fprintln(w, line)
	}
}

// renderColumns lays cols out as a right-aligned table.
func renderColumns(cols []*column) string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	for _, c := range cols {
		fmt.Fprint(tw, c.head, "\t")
	}
	fmt.Fprint(tw, "\n")
	for i := range cols[0].cells {
		for _, c := range cols {
			fmt.Fprint(tw, c.cells[i], "\t")
		}
		fmt.Fprint(tw, "\n")
	}
	tw.Flush()
	return b.String()
}

// widest is the width of the longest line of s, in characters.
func widest(s string) int {
	most := 0
	for _, l := range strings.Split(s, "\n") {
		most = max(most, utf8.RuneCountInString(strings.TrimRight(l, " ")))
	}
	return most
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// plural returns "1 offer", "2 offers", "0 offers".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

// fmtDuration shows a duration the way people read one: "245 ms" below a
// second, "1.0 s" and "12.3 s" above.
func fmtDuration(d time.Duration) string { return swapscout.FormatDuration(d) }

// goDuration is a duration as Go prints it inside a message ("1.001s", "250ms").
var goDuration = regexp.MustCompile(`\b[0-9]+(\.[0-9]+)?(ms|s)\b`)

// readableDurations rewrites the Go durations in a venue's failure message
// the way the table shows durations: "no answer within 1.001s" → "… 1.0 s".
func readableDurations(msg string) string {
	return goDuration.ReplaceAllStringFunc(msg, func(s string) string {
		d, err := time.ParseDuration(s)
		if err != nil {
			return s
		}
		return fmtDuration(d)
	})
}

// reason is the innermost, human part of a failed connection's error:
// "connection refused", "no such host", "i/o timeout".
func reason(err error) string {
	var se *os.SyscallError
	if errors.As(err, &se) {
		return se.Err.Error()
	}
	var dns *net.DNSError
	if errors.As(err, &dns) {
		return dns.Err
	}
	for {
		u := errors.Unwrap(err)
		if u == nil {
			return err.Error()
		}
		err = u
	}
}

// progress shows each venue's answer as it arrives: on a terminal, one line
// rewritten in place; elsewhere (a file, a pipe), plain lines with no
// escape codes.
type progress struct {
	w   io.Writer
	tty bool
}

func newProgress(w io.Writer) *progress { return &progress{w: w, tty: isTerminal(w)} }

func (p *progress) line(format string, args ...any) {
	if p.tty {
		fmt.Fprintf(p.w, "\r\033[K"+format, args...)
		return
	}
	fmt.Fprintf(p.w, format+"\n", args...)
}

// clear erases the progress line on a terminal.
func (p *progress) clear() {
	if p.tty {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
