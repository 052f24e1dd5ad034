package web

import (
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
)

// Form is the quote form's values, as the query gave them (for filling the
// form in again; the API's parser validates them).
type Form struct {
	From, FromNetwork, To, ToNetwork string
	Amount, Direction, Rate, KYC     string
	Exclude                          string
}

// FormFields are the query parameters the form sends: a subset of the API's.
var FormFields = []string{"from", "from_network", "to", "to_network", "amount", "direction", "rate", "kyc", "exclude"}

// Set sets the form field named like its query parameter, in the spelling
// the form's options use (the API accepts any case and a few aliases).
func (f *Form) Set(name, value string) {
	switch name {
	case "from":
		f.From = strings.ToLower(value)
	case "from_network":
		f.FromNetwork = strings.ToLower(value)
	case "to":
		f.To = strings.ToLower(value)
	case "to_network":
		f.ToNetwork = strings.ToLower(value)
	case "amount":
		f.Amount = value
	case "direction":
		f.Direction = value
		if value == "to" {
			f.Direction = "receive"
		}
	case "rate":
		f.Rate = value
	case "kyc":
		f.KYC = strings.ToUpper(value)
	case "exclude":
		f.Exclude = value
	}
}

// QuotePage is the data of the home page and the results page.
type QuotePage struct {
	Form    Form
	Choices Choices
	Error   string   // the request's problem, in words
	Results *Results // nil on the home page
	Names   string   // venue id → name, JSON, for the script
	// OrderBooks lists, as JSON for the script, the order-book venues:
	// their prices are shown apart (Results.Arrange).
	OrderBooks string
	Venues     []VenueEntry // for the exclusion hint
}

// Results is a quote ready to render.
type Results struct {
	ID, Query            string
	From, To             string // upper-case tickers
	FromAsset, ToAsset   string // "BTC on Bitcoin"
	Amount               string
	Receive              bool
	Offers               []OfferRow
	Books                []OfferRow // order books' prices, for comparison (Arrange)
	Failures             []FailureRow
	AgeMS, ExpiresInMS   int64
	Age                  string // AgeMS in words when it is a second or more
	Created, Expires     string // UTC clock times
	TookMS               int64
	RefreshURL, JSONLink string
}

// OfferRow is an offer as the page shows it.
type OfferRow struct {
	Rank                         int
	Venue, Name, Provider, Route string
	KYC                          string
	AmountOut, AmountIn, Rate    string
	Fees                         []string
	Limits                       string
	RateType                     string
	Took                         string
	TookMS                       int64
	Raw                          string // the offer's amount_out or amount_in as given, for re-ranking
	Shown                        string // the amount column: received (sent, on the receive side) and its ticker
	SwapURL                      string
	// CanSwap: the offer can become a swap here (its Swap button); NoSwap
	// says why not. Book: an order book's price, shown apart.
	CanSwap bool
	NoSwap  string
	Book    bool
	// Deposit is the offer's deposit kind ("memo": the memo goes inside
	// the deposit transaction) and Custody the venue's ("non_custodial"):
	// the row marks both before the user picks the offer.
	Deposit, Custody string
}

// FailureRow is a missing venue with its reason.
type FailureRow struct {
	Venue, Name, Reason, Detail string
}

// VenueEntry names a venue.
type VenueEntry struct{ ID, Name string }

// NewResults turns a quote, age old, into the page's rows. names maps
// venue ids to display names; query is the request's, for the refresh link.
func NewResults(q *swapscout.Quote, age time.Duration, names map[string]string, query string) *Results {
	from, to := q.Request.From, q.Request.To
	ageMS := age.Milliseconds()
	res := &Results{
		ID: q.ID, Query: query,
		From: strings.ToUpper(from.Ticker), To: strings.ToUpper(to.Ticker),
		FromAsset: assetName(from), ToAsset: assetName(to),
		Amount: GroupDigits(q.Request.Amount.String()), Receive: q.Request.Direction == swapscout.Receive,
		AgeMS: ageMS, TookMS: q.Took.Milliseconds(),
		RefreshURL: "/quote?" + query, JSONLink: "/v1/quotes/" + url.PathEscape(q.ID),
	}
	if ageMS >= 1000 {
		res.Age = Millis(ageMS)
	}
	if !q.ExpiresAt.IsZero() && !q.CreatedAt.IsZero() {
		res.ExpiresInMS = q.ExpiresAt.Sub(q.CreatedAt).Milliseconds() - ageMS
		res.Created = q.CreatedAt.UTC().Format("15:04:05")
		res.Expires = q.ExpiresAt.UTC().Format("15:04:05")
	}
	for i := range q.Offers {
		o := &q.Offers[i]
		out, in := o.AmountOut.String(), o.AmountIn.String()
		row := OfferRow{
			Rank: i + 1, Venue: o.Venue, Name: nameOf(names, o.Venue), Provider: o.Provider, Route: o.Route,
			KYC: o.KYC.String(), AmountOut: GroupDigits(out), AmountIn: GroupDigits(in), Rate: GroupDigits(o.Rate.String()),
			RateType: o.RateType.String(), Took: Millis(o.Took.Milliseconds()), TookMS: o.Took.Milliseconds(), Raw: out,
			Deposit: string(o.Deposit), Custody: string(o.Custody), CanSwap: o.CanSwap, NoSwap: o.NoSwap,
			Limits:  Limits(limit(o.Min), limit(o.Max), limit(o.MinOut), limit(o.MaxOut), res.From, res.To),
			SwapURL: "/swap/new?" + url.Values{"quote": {q.ID}, "venue": {o.Venue}}.Encode(),
		}
		row.Shown = row.AmountOut + " " + res.To
		if res.Receive {
			row.Raw, row.Shown = in, row.AmountIn+" "+res.From
		}
		for _, f := range o.Fees {
			row.Fees = append(row.Fees, f.Kind+" "+GroupDigits(f.Amount.String())+nbsp+strings.ToUpper(f.Asset.Ticker))
		}
		res.Offers = append(res.Offers, row)
	}
	for i := range q.Failures {
		f := &q.Failures[i]
		fr := FailureRow{Venue: f.Venue, Name: nameOf(names, f.Venue), Reason: Reason(f, from.Ticker, to.Ticker)}
		switch f.Code {
		case swapscout.CodeUnavailable, swapscout.CodeBadResponse:
			fr.Detail = f.Message
		}
		res.Failures = append(res.Failures, fr)
	}
	return res
}

// limit is a limit as the page shows it: "" when the venue gave none.
func limit(a swapscout.Amount) string {
	if a.IsZero() {
		return ""
	}
	return a.String()
}

// Arrange orders the offers for people, as the API does not: those that
// can become a swap here first, then the others (each saying why not),
// each group in the API's ranking; the order-book venues' prices apart,
// in Books ("prices on exchanges, for comparison"). Ranks are renumbered
// within each list.
func (r *Results) Arrange(orderBooks []string) {
	var swap, other []OfferRow
	r.Books = nil
	for _, o := range r.Offers {
		switch {
		case contains(orderBooks, o.Venue):
			o.Book = true
			r.Books = append(r.Books, o)
		case o.CanSwap:
			swap = append(swap, o)
		default:
			other = append(other, o)
		}
	}
	r.Offers = append(swap, other...)
	for _, rows := range [][]OfferRow{r.Offers, r.Books} {
		for i := range rows {
			rows[i].Rank = i + 1
		}
	}
}

// Limits renders an offer's limits: "min 0.001 BTC · max 2 BTC".
func Limits(min, max, minOut, maxOut, from, to string) string {
	var parts []string
	for _, l := range []struct{ label, v, unit string }{{"min", min, from}, {"max", max, from}, {"min", minOut, to}, {"max", maxOut, to}} {
		if l.v != "" {
			parts = append(parts, l.label+" "+GroupDigits(l.v)+nbsp+l.unit)
		}
	}
	return strings.Join(parts, " · ")
}

func nameOf(names map[string]string, id string) string {
	if n, ok := names[id]; ok && n != "" {
		return n
	}
	return id
}

func assetName(a swapscout.Asset) string {
	info, ok := swapscout.LookupAsset(a)
	if !ok {
		return strings.ToUpper(a.Ticker)
	}
	return strings.ToUpper(a.Ticker) + " (" + info.Name + ")"
}

// Choices are the form's options: tickers and, for tickers on several
// networks, the networks.
type Choices struct {
	Tickers  []Choice
	Networks []Choice
}

// Choice is one option; Tickers lists the tickers a network option belongs to.
type Choice struct {
	Value, Label, Tickers string
}

// NewChoices lists swapscout's assets for the form.
func NewChoices() Choices {
	var c Choices
	seen := map[string]bool{}
	netTickers := map[string][]string{}
	count := map[string]int{}
	for _, a := range swapscout.Assets {
		count[a.Ticker]++
	}
	for _, a := range swapscout.Assets {
		if !seen[a.Ticker] {
			seen[a.Ticker] = true
			// One option a ticker, naming its network, or how many it is
			// on (the network select then asks which).
			label := strings.ToUpper(a.Ticker) + " — " + a.Name + " (" + swapscout.Networks[a.Network] + ")"
			if n := count[a.Ticker]; n > 1 {
				label = strings.ToUpper(a.Ticker) + " — " + a.Name + " (" + strconv.Itoa(n) + " networks)"
			}
			c.Tickers = append(c.Tickers, Choice{Value: a.Ticker, Label: label})
		}
		if count[a.Ticker] > 1 {
			netTickers[a.Network] = append(netTickers[a.Network], a.Ticker)
		}
	}
	var order []string
	for _, a := range swapscout.Assets {
		if _, ok := netTickers[a.Network]; ok && !contains(order, a.Network) {
			order = append(order, a.Network)
		}
	}
	for _, n := range order {
		c.Networks = append(c.Networks, Choice{Value: n, Label: swapscout.Networks[n], Tickers: strings.Join(netTickers[n], " ")})
	}
	return c
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
