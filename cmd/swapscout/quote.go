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
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

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
	var k simKnobs
	k.register(fs)
	pos, err := parseArgs(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 3 {
		fs.Usage()
		return errors.New("quote needs FROM TO AMOUNT, e.g. swapscout quote btc eth 0.1")
	}
	if a, err := swapscout.ParseAmount(pos[2]); err == nil && a.Sign() <= 0 {
		return fmt.Errorf("amount must be positive, got %s", pos[2])
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
	if *deadline <= 0 {
		return fmt.Errorf("--deadline must be positive, got %s", *deadline)
	}
	req := api.QuoteRequest{From: pos[0], To: pos[1], Amount: pos[2], FromNetwork: *fromNet, ToNetwork: *toNet, Deadline: *deadline,
		Venues: splitIDs(*venues), Exclude: splitIDs(*exclude), KYC: *kyc, Custody: swapscout.Custody(*custody)}
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
		printQuote(e.stdout, res, books)
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
		s, err := k.newSim()
		if err != nil {
			return nil, err
		}
		if err := s.Start("127.0.0.1:0"); err != nil {
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

// printQuote prints q for people, as the API does not rank it: the offers
// that can become a swap here first (best first, each group in the API's
// order), then those that cannot, with why; the order books' prices
// (books) apart, for comparison.
func printQuote(w io.Writer, q *api.Quote, books map[string]bool) {
	from := strings.ToUpper(q.Request.From.Ticker)
	to := strings.ToUpper(q.Request.To.Ticker)
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
	offers := append(swap, other...)
	fmt.Fprintf(w, "%s %s (%s) → %s (%s), %s side, %s, %s, %s\n\n", q.Request.Amount,
		from, q.Request.From.Network, to, q.Request.To.Network, q.Request.Direction,
		plural(len(q.Offers), "offer"), plural(len(q.Failures), "failure"), fmtDuration(q.Took))
	// Limits are columns of their asset: on the amount sent, and on the
	// amount received when some venue states them that way.
	outLimits := false
	for _, o := range q.Offers {
		outLimits = outLimits || !o.MinOut.IsZero() || !o.MaxOut.IsZero()
	}
	if len(offers) == 0 {
		fmt.Fprintln(w, "no offers")
	} else {
		printOffers(w, offers, from, to, outLimits, true)
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
		printOffers(w, book, from, to, outLimits, false)
	}
	if len(q.Failures) > 0 {
		fmt.Fprintln(w, "\nno offer from:")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, f := range q.Failures {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", f.Venue, f.Code, readableDurations(f.Message), fmtDuration(f.Took))
		}
		tw.Flush()
	}
	if q.ID != "" {
		fmt.Fprintf(w, "\nquote id %s\n", q.ID)
	}
}

// printOffers prints offers as a table, numbered from 1; swapCol adds
// whether each can be swapped here ("memo": only from a wallet that can put
// the memo in the deposit transaction).
func printOffers(w io.Writer, offers []api.Offer, from, to string, outLimits, swapCol bool) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "#\tVENUE\tSEND %s\tRECEIVE %s\tRATE\tMIN %s\tMAX %s\t", from, to, from, from)
	if outLimits {
		fmt.Fprintf(tw, "MIN %s\tMAX %s\t", to, to)
	}
	fmt.Fprint(tw, "TYPE\tKYC\tTOOK\t")
	if swapCol {
		fmt.Fprint(tw, "SWAP\t")
	}
	fmt.Fprint(tw, "\n")
	for i, o := range offers {
		name := o.Venue
		if o.Provider != "" {
			name += " (" + o.Provider + ")"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t", i+1, name, o.AmountIn, o.AmountOut, o.Rate, limit(o.Min), limit(o.Max))
		if outLimits {
			fmt.Fprintf(tw, "%s\t%s\t", limit(o.MinOut), limit(o.MaxOut))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t", o.RateType, o.KYC, fmtDuration(o.Took))
		if swapCol {
			can := "no"
			switch {
			case o.CanSwap && o.Deposit == swapscout.DepositMemo:
				can = "memo"
			case o.CanSwap:
				can = "yes"
			}
			fmt.Fprintf(tw, "%s\t", can)
		}
		fmt.Fprint(tw, "\n")
	}
	tw.Flush()
}

// limit shows a venue's limit, "-" when it gave none.
func limit(a swapscout.Amount) string {
	if a.IsZero() {
		return "-"
	}
	return a.String()
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
