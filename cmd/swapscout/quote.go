package main

import (
	"bufio"
	"cmp"
	"context"
	"encoding/json"
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
	q := url.Values{"from": {pos[0]}, "to": {pos[1]}, "amount": {pos[2]}, "deadline": {deadline.String()}}
	set := func(k, v string) {
		if v != "" {
			q.Set(k, v)
		}
	}
	set("from_network", *fromNet)
	set("to_network", *toNet)
	set("venues", *venues)
	set("exclude", *exclude)
	set("kyc", *kyc)
	set("custody", *custody)
	if *receive {
		q.Set("direction", "receive")
	}
	if *fixed {
		q.Set("rate", "fixed")
	}
	var body []byte
	if *server != "" {
		base := strings.TrimSuffix(*server, "/")
		if !strings.Contains(base, "://") {
			base = "http://" + base
		}
		body, err = streamQuote(ctx, base, q, newProgress(e.stderr))
	} else {
		body, err = localQuote(ctx, q, *useSim, &k, e)
	}
	if err != nil {
		return err
	}
	var res quoteJSON
	if err := json.Unmarshal(body, &res); err != nil {
		return fmt.Errorf("decoding the quote: %w", err)
	}
	if *asJSON {
		if _, err := e.stdout.Write(body); err != nil {
			return err
		}
	} else {
		res.books = orderBooks(ctx, *server)
		printQuote(e.stdout, &res)
		if memoShown(&res) {
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
	b, err := newAPIClient(server).get(ctx, "/v1/venues")
	if err != nil {
		return books
	}
	var doc struct {
		Venues []struct{ ID, Kind string }
	}
	_ = json.Unmarshal(b, &doc)
	for _, v := range doc.Venues {
		if v.Kind == string(swapscout.OrderBook) {
			books[v.ID] = true
		}
	}
	return books
}

// memoShown reports whether a swappable offer of q needs a memo deposit.
func memoShown(q *quoteJSON) bool {
	for _, o := range q.Offers {
		if o.CanSwap && o.Deposit == string(swapscout.DepositMemo) && !q.books[o.Venue] {
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

// localQuote runs the engine in this process, against the simulator or live venues.
func localQuote(ctx context.Context, q url.Values, useSim bool, k *simKnobs, e env) ([]byte, error) {
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
		return nil, apiError(body)
	}
	return body, nil
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

// streamQuote reads the event stream of the server at base, showing each
// venue's answer on progress as it arrives, and returns the final quote document.
func streamQuote(ctx context.Context, base string, q url.Values, progress *progress) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", base+"/v1/quotes/stream?"+q.Encode(), nil)
	if err != nil {
		return nil, fmt.Errorf("--server %s: %w", base, err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, fmt.Errorf("cannot reach the server at %s: %s (is 'swapscout serve' or 'swapscout demo' running there?)", base, reason(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		return nil, apiError(body)
	}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 64<<10), 8<<20)
	event, n := "", 0
	for sc.Scan() {
		line := sc.Text()
		if v, ok := strings.CutPrefix(line, "event: "); ok {
			event = v
			continue
		}
		data, ok := strings.CutPrefix(line, "data: ")
		if !ok {
			continue
		}
		var row struct {
			Venue  string `json:"venue"`
			Code   string `json:"code"`
			TookMS int64  `json:"took_ms"`
		}
		switch event {
		case "offer", "failure":
			n++
			_ = json.Unmarshal([]byte(data), &row)
			what := "answered in " + fmtDuration(time.Duration(row.TookMS)*time.Millisecond)
			if event == "failure" {
				what = row.Code
			}
			progress.line("[%d] %s %s", n, row.Venue, what)
		case "quote":
			progress.clear()
			return []byte(data), nil
		case "error":
			progress.clear()
			return nil, apiError([]byte(data))
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return nil, errors.New("the server closed the stream before the final quote")
}

func apiError(body []byte) error {
	var e struct {
		Error struct{ Code, Message string }
	}
	if json.Unmarshal(body, &e) == nil && e.Error.Message != "" {
		return fmt.Errorf("%s (%s)", e.Error.Message, e.Error.Code)
	}
	return fmt.Errorf("unexpected answer: %.200s", body)
}

// quoteJSON mirrors the API's quote document for printing.
type quoteJSON struct {
	ID      string `json:"id"`
	Request struct {
		From, To  struct{ Ticker, Network string }
		Amount    string
		Direction string
	} `json:"request"`
	Offers   []quoteOffer `json:"offers"`
	Failures []struct {
		Venue   string `json:"venue"`
		Code    string `json:"code"`
		Message string `json:"message"`
		TookMS  int64  `json:"took_ms"`
	} `json:"failures"`
	TookMS int64 `json:"took_ms"`

	// books are the order-book venues (not in the document): their prices
	// are printed apart.
	books map[string]bool
}

type quoteOffer struct {
	Venue     string `json:"venue"`
	Provider  string `json:"provider"`
	Route     string `json:"route"`
	AmountIn  string `json:"amount_in"`
	AmountOut string `json:"amount_out"`
	Rate      string `json:"rate"`
	Min       string `json:"min"`
	Max       string `json:"max"`
	MinOut    string `json:"min_out"`
	MaxOut    string `json:"max_out"`
	RateType  string `json:"rate_type"`
	KYC       string `json:"kyc"`
	ETAMaxS   int    `json:"eta_max_s"`
	Deposit   string `json:"deposit"`
	CanSwap   bool   `json:"can_swap"`
	NoSwap    string `json:"no_swap_reason"`
	TookMS    int64  `json:"took_ms"`
}

// printQuote prints q for people, as the API does not rank it: the offers
// that can become a swap here first (best first, each group in the API's
// order), then those that cannot, with why; the order books' prices apart,
// for comparison.
func printQuote(w io.Writer, q *quoteJSON) {
	from := strings.ToUpper(q.Request.From.Ticker)
	to := strings.ToUpper(q.Request.To.Ticker)
	var swap, other, books []quoteOffer
	for _, o := range q.Offers {
		switch {
		case q.books[o.Venue]:
			books = append(books, o)
		case o.CanSwap:
			swap = append(swap, o)
		default:
			other = append(other, o)
		}
	}
	offers := append(swap, other...)
	fmt.Fprintf(w, "%s %s (%s) → %s (%s), %s side, %s, %s, %s\n\n", q.Request.Amount,
		from, q.Request.From.Network, to, q.Request.To.Network, q.Request.Direction,
		plural(len(q.Offers), "offer"), plural(len(q.Failures), "failure"), fmtDuration(time.Duration(q.TookMS)*time.Millisecond))
	// Limits are columns of their asset: on the amount sent, and on the
	// amount received when some venue states them that way.
	outLimits := false
	for _, o := range q.Offers {
		outLimits = outLimits || o.MinOut != "" || o.MaxOut != ""
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
	if len(books) > 0 {
		fmt.Fprintln(w, "\nprices on exchanges, for comparison; they need an account there:")
		printOffers(w, books, from, to, outLimits, false)
	}
	if len(q.Failures) > 0 {
		fmt.Fprintln(w, "\nno offer from:")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, f := range q.Failures {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", f.Venue, f.Code, readableDurations(f.Message), fmtDuration(time.Duration(f.TookMS)*time.Millisecond))
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
func printOffers(w io.Writer, offers []quoteOffer, from, to string, outLimits, swapCol bool) {
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
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t", i+1, name, o.AmountIn, o.AmountOut, o.Rate, dash(o.Min), dash(o.Max))
		if outLimits {
			fmt.Fprintf(tw, "%s\t%s\t", dash(o.MinOut), dash(o.MaxOut))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t", o.RateType, o.KYC, fmtDuration(time.Duration(o.TookMS)*time.Millisecond))
		if swapCol {
			can := "no"
			switch {
			case o.CanSwap && o.Deposit == string(swapscout.DepositMemo):
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
