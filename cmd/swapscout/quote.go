package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/aggregate"
	"github.com/swapscout/swapscout/httpapi"
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
	if *receive {
		q.Set("direction", "receive")
	}
	if *fixed {
		q.Set("rate", "fixed")
	}
	var body []byte
	if *server != "" {
		body, err = streamQuote(ctx, strings.TrimSuffix(*server, "/")+"/v1/quotes/stream?"+q.Encode(), e.stderr)
	} else {
		body, err = localQuote(ctx, q, *useSim, &k, e)
	}
	if err != nil {
		return err
	}
	if *asJSON {
		_, err := e.stdout.Write(body)
		return err
	}
	var res quoteJSON
	if err := json.Unmarshal(body, &res); err != nil {
		return fmt.Errorf("decoding the quote: %w", err)
	}
	printQuote(e.stdout, &res)
	return nil
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
	progress := progressService{inner: st.service, emit: func(res swapscout.Result) {
		done++
		if res.Offer != nil {
			fmt.Fprintf(e.stderr, "\r\033[K[%d/%d] %s answered in %s", done, n, res.Offer.Venue, res.Offer.Took.Round(time.Millisecond))
		} else {
			fmt.Fprintf(e.stderr, "\r\033[K[%d/%d] %s: %s", done, n, res.Failure.Venue, res.Failure.Code)
		}
	}}
	h := httpapi.NewHandler(httpapi.Deps{Quotes: progress, Store: st.store, Venues: st.registry.Infos, Logger: o.log})
	resp := h.Serve(r)
	fmt.Fprint(e.stderr, "\r\033[K")
	body := append(append([]byte(nil), resp.Head...), resp.Body...)
	if resp.Status != http.StatusOK {
		return nil, apiError(body)
	}
	return body, nil
}

type progressService struct {
	inner httpapi.QuoteService
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

// streamQuote reads the server's event stream, showing each venue's answer
// on progress as it arrives, and returns the final quote document.
func streamQuote(ctx context.Context, u string, progress io.Writer) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, "GET", u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
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
			what := fmt.Sprintf("answered in %dms", row.TookMS)
			if event == "failure" {
				what = row.Code
			}
			fmt.Fprintf(progress, "\r\033[K[%d] %s %s", n, row.Venue, what)
		case "quote":
			fmt.Fprint(progress, "\r\033[K")
			return []byte(data), nil
		case "error":
			fmt.Fprint(progress, "\r\033[K")
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
	Offers []struct {
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
		TookMS    int64  `json:"took_ms"`
	} `json:"offers"`
	Failures []struct {
		Venue   string `json:"venue"`
		Code    string `json:"code"`
		Message string `json:"message"`
		TookMS  int64  `json:"took_ms"`
	} `json:"failures"`
	TookMS int64 `json:"took_ms"`
}

func printQuote(w io.Writer, q *quoteJSON) {
	from := strings.ToUpper(q.Request.From.Ticker)
	to := strings.ToUpper(q.Request.To.Ticker)
	fmt.Fprintf(w, "%s %s (%s) → %s (%s), %s side, %d offers, %d failures, %d ms\n\n", q.Request.Amount,
		from, q.Request.From.Network, to, q.Request.To.Network, q.Request.Direction, len(q.Offers), len(q.Failures), q.TookMS)
	// Limits are columns of their asset: on the amount sent, and on the
	// amount received when some venue states them that way.
	outLimits := false
	for _, o := range q.Offers {
		outLimits = outLimits || o.MinOut != "" || o.MaxOut != ""
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintf(tw, "#\tVENUE\tSEND %s\tRECEIVE %s\tRATE\tMIN %s\tMAX %s\t", from, to, from, from)
	if outLimits {
		fmt.Fprintf(tw, "MIN %s\tMAX %s\t", to, to)
	}
	fmt.Fprint(tw, "TYPE\tKYC\tTOOK\t\n")
	for i, o := range q.Offers {
		name := o.Venue
		if o.Provider != "" {
			name += " (" + o.Provider + ")"
		}
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t%s\t", i+1, name, o.AmountIn, o.AmountOut, o.Rate, dash(o.Min), dash(o.Max))
		if outLimits {
			fmt.Fprintf(tw, "%s\t%s\t", dash(o.MinOut), dash(o.MaxOut))
		}
		fmt.Fprintf(tw, "%s\t%s\t%dms\t\n", o.RateType, o.KYC, o.TookMS)
	}
	tw.Flush()
	if len(q.Failures) > 0 {
		fmt.Fprintln(w, "\nno offer from:")
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		for _, f := range q.Failures {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%dms\n", f.Venue, f.Code, f.Message, f.TookMS)
		}
		tw.Flush()
	}
	if q.ID != "" {
		fmt.Fprintf(w, "\nquote id %s\n", q.ID)
	}
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
