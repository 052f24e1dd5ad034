package web

import (
	"cmp"
	"encoding/json"
	"net/url"
	"slices"
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
	LogPolicy, Exclude               string
	Sort                             string // "speed", or "" for the ranking
}

// FormFields are the query parameters the form sends: a subset of the API's.
var FormFields = []string{"from", "from_network", "to", "to_network", "amount", "direction", "rate", "kyc", "logpolicy", "exclude", "sort"}

// SortParam is the page's own query parameter (not the API's): sort=speed
// orders the offers by the venues' time estimates, the ranking by amount
// breaking ties; absent (or rank), the ranking by amount.
const SortParam = "sort"

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
	case "logpolicy":
		f.LogPolicy = strings.ToUpper(value)
	case "exclude":
		f.Exclude = value
	case "sort":
		f.Sort = ""
		if value == "speed" {
			f.Sort = "speed"
		}
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
	// Decimals maps "ticker" (its default network) and "ticker@network"
	// to the fractional digits amounts are shown with, as JSON, for the
	// script to round as the server does.
	Decimals string
}

// Results is a quote ready to render.
type Results struct {
	ID, Query            string
	From, To             string // upper-case tickers
	FromAsset, ToAsset   string // "BTC (Bitcoin) on Bitcoin"
	FromNet, ToNet       string // "Ethereum (ERC-20)"
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
	LogPolicy                    string // "" when the offer carries none
	// AmountOut, AmountIn: rounded to the asset's useful precision and
	// grouped; ExactOut, ExactIn: as the API gives them (the cells' title).
	AmountOut, AmountIn          string
	ExactOut, ExactIn            string
	Rate, RateInverse, RateExact string // "1 BTC = 163.249 XMR", "1 XMR = 0.00612561 BTC", the API's rate
	// ETA is the venue's estimate of the swap's duration in words ("" when
	// none), ETAS its upper end in seconds (0: none), for sorting.
	ETA  string
	ETAS int64
	// Worse says by how much the offer is worse than the best one, in
	// percent ("0.84 %"); "best" for the best; Pct the number, for the script.
	Worse      string
	Fees       []string
	Limits     string
	RateType   string
	Took       string
	TookMS     int64
	Raw        string // the offer's amount_out or amount_in as given, for re-ranking
	Shown      string // the amount column: received (sent, on the receive side) and its ticker
	ShownExact string // the same, exact (its title)
	SwapURL    string
	// CanSwap: the offer can become a swap here (its Swap button); NoSwap
	// says why not. Book: an order book's price, shown apart.
	CanSwap bool
	NoSwap  string
	Book    bool
	// Deposit is the offer's deposit kind ("memo": the memo goes inside
	// the deposit transaction) and Custody the venue's ("non_custodial"):
	// the row marks both before the user picks the offer.
	Deposit, Custody string
	// Steps: a two-leg route's legs, or a split's parts, in words ("100
	// FIRO → 1.02 XMR at Alpha"); Split tells which.
	Steps []string
	Split bool
	// Outcome is the venue's record here in words (OfferOutcome); Short
	// marks a venue whose payouts on chain habitually fall short (the
	// ranking counts it so).
	Outcome string
	Short   bool
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
	res.FromNet, res.ToNet = from.NetworkLabel(), to.NetworkLabel()
	for i := range q.Offers {
		o := &q.Offers[i]
		out, in := o.AmountOut.String(), o.AmountIn.String()
		row := OfferRow{
			Rank: i + 1, Venue: o.Venue, Name: nameOf(names, o.Venue), Provider: o.Provider, Route: o.Route,
			KYC:       o.KYC.String(),
			AmountOut: Show(o.AmountOut, to, swapscout.RoundDown), AmountIn: Show(o.AmountIn, from, swapscout.RoundUp),
			ExactOut: out, ExactIn: in, RateExact: o.Rate.String(),
			ETA: OfferETA(o), ETAS: etaSeconds(o),
			RateType: o.RateType.String(), Took: Millis(o.Took.Milliseconds()), TookMS: o.Took.Milliseconds(), Raw: out,
			Deposit: string(o.Deposit), Custody: string(o.Custody), CanSwap: o.CanSwap, NoSwap: o.NoSwap,
			Limits: Limits(o, from, to),
		}
		if o.LogPolicy != 0 {
			row.LogPolicy = o.LogPolicy.String()
		}
		row.Rate, row.RateInverse = Rate(o.Rate, from, to)
		row.Worse = Worse(q.Request.Direction, &q.Offers[0], o)
		row.Shown, row.ShownExact = row.AmountOut+nbsp+res.To, out+" "+res.To
		if res.Receive {
			row.Raw, row.Shown, row.ShownExact = in, row.AmountIn+nbsp+res.From, in+" "+res.From
		}
		// The Swap link carries the request and the amount shown, so that a
		// form opened after the quote expired asks again and says how the
		// amount moved.
		row.SwapURL = "/swap/new?" + url.Values{"quote": {q.ID}, "venue": {o.Venue}}.Encode() + "&" + url.Values{"request": {QuoteQuery(&q.Request)}, "shown": {row.Raw}}.Encode()
		for _, f := range o.Fees {
			row.Fees = append(row.Fees, f.Kind+" "+Show(f.Amount, f.Asset, swapscout.RoundDown)+nbsp+strings.ToUpper(f.Asset.Ticker))
		}
		row.Split = len(o.Parts) > 0
		row.Outcome = OfferOutcome(o.Outcome)
		_, row.Short = o.Outcome.ChainShortfallOf()
		if steps := append(o.Legs, o.Parts...); len(steps) > 0 {
			row.Name = compositeName(names, o, row.Split)
			for i := range steps {
				row.Steps = append(row.Steps, stepText(names, &steps[i], q.Request, o, i))
			}
		}
		res.Offers = append(res.Offers, row)
	}
	for i := range q.Failures {
		f := &q.Failures[i]
		fr := FailureRow{Venue: f.Venue, Name: nameOf(names, f.Venue), Reason: Reason(f, from, to)}
		switch f.Code {
		case swapscout.CodeUnavailable, swapscout.CodeBadResponse:
			fr.Detail = f.Message
		}
		res.Failures = append(res.Failures, fr)
	}
	return res
}

// Arrange orders the offers for people, as the API does not: those that
// can become a swap here first, then the others (each saying why not),
// each group in the API's ranking (or, with sort "speed", by the venues'
// time estimates, those without one last, the ranking breaking ties); the
// order-book venues' prices apart, in Books ("prices on exchanges, for
// comparison"). Ranks are renumbered within each list.
func (r *Results) Arrange(orderBooks []string, sort string) {
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
	if sort == "speed" {
		for _, rows := range [][]OfferRow{swap, other, r.Books} {
			slices.SortStableFunc(rows, bySpeed)
		}
	}
	r.Offers = append(swap, other...)
	for _, rows := range [][]OfferRow{r.Offers, r.Books} {
		for i := range rows {
			rows[i].Rank = i + 1
		}
	}
}

// bySpeed orders rows by their time estimate's upper end, rows without
// one last; a stable sort keeps the ranking among equals.
func bySpeed(a, b OfferRow) int {
	switch {
	case a.ETAS == b.ETAS:
		return 0
	case a.ETAS == 0:
		return 1
	case b.ETAS == 0:
		return -1
	}
	return cmp.Compare(a.ETAS, b.ETAS)
}

// Limits renders an offer's limits at the assets' useful precision,
// minima rounded up and maxima down: "min 0.001 BTC · max 2 BTC".
func Limits(o *swapscout.Offer, from, to swapscout.Asset) string {
	var parts []string
	for _, l := range []struct {
		label string
		v     swapscout.Amount
		unit  swapscout.Asset
		mode  swapscout.RoundingMode
	}{{"min", o.Min, from, swapscout.RoundUp}, {"max", o.Max, from, swapscout.RoundDown}, {"min", o.MinOut, to, swapscout.RoundUp}, {"max", o.MaxOut, to, swapscout.RoundDown}} {
		if !l.v.IsZero() {
			parts = append(parts, l.label+" "+Show(l.v, l.unit, l.mode)+nbsp+strings.ToUpper(l.unit.Ticker))
		}
	}
	return strings.Join(parts, " · ")
}

// Worse says by how much offer o is worse than best for a request in
// direction d, in percent to two significant digits ("0.84 %", "12 %"):
// less received, or more to send. The best offer (and any as good) is
// "best".
func Worse(d swapscout.Direction, best, o *swapscout.Offer) string {
	base, diff := best.AmountOut, best.AmountOut.Sub(o.AmountOut)
	if d == swapscout.Receive {
		base, diff = best.AmountIn, o.AmountIn.Sub(best.AmountIn)
	}
	if base.Sign() <= 0 {
		return ""
	}
	if diff.Sign() <= 0 {
		return "best"
	}
	pct := diff.Mul(swapscout.AmountFromInt(100)).Quo(base, 18, swapscout.RoundHalfEven).Significant(2, swapscout.RoundHalfEven)
	if pct.Scale() > 2 {
		pct = pct.Shown(2, swapscout.RoundHalfEven)
	}
	return pct.String() + nbsp + "%"
}

func nameOf(names map[string]string, id string) string { return VenueName(names, id) }

// VenueName is venue id's name for people: its name in names, a route's
// ("changenow>usdt@trx>exolix") its venues' names and its bridge
// ("ChangeNOW → USDT → Exolix", which wraps on a narrow screen where the
// id would not), else the id itself.
func VenueName(names map[string]string, id string) string {
	if n, ok := names[id]; ok && n != "" {
		return n
	}
	if first, x, second, ok := swapscout.RouteLegs(id); ok {
		return VenueName(names, first) + " → " + strings.ToUpper(x.Ticker) + " → " + VenueName(names, second)
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

// ShownDecimalsJSON maps "ticker" (its default network) and
// "ticker@network" to the fractional digits amounts are shown with, for
// the page's script (QuotePage.Decimals).
var ShownDecimalsJSON = func() string {
	m := map[string]int{}
	for _, a := range swapscout.Assets {
		if _, ok := m[a.Ticker]; !ok {
			m[a.Ticker] = swapscout.ShownDecimals(a.Asset)
		}
		m[a.String()] = swapscout.ShownDecimals(a.Asset)
	}
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// Choices are the form's options: tickers and, for tickers on several
// networks, the networks.
type Choices struct {
	Tickers  []Choice
	Networks []Choice
}

// Choice is one option; Tickers names the ticker a network option belongs
// to; Default, on a ticker option, names its default network.
type Choice struct {
	Value, Label, Tickers, Default string
}

// NewChoices lists swapscout's assets for the form. A ticker on several
// networks gets one network option per network, named for people:
// "USDT — Tron (TRC-20)"; Default holds, by ticker, its default network's
// label, for the empty option.
func NewChoices() Choices {
	var c Choices
	seen := map[string]bool{}
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
			c.Tickers = append(c.Tickers, Choice{Value: a.Ticker, Label: label, Default: a.NetworkLabel()})
		}
	}
	for _, a := range swapscout.Assets {
		if count[a.Ticker] > 1 {
			c.Networks = append(c.Networks, Choice{Value: a.Network, Label: strings.ToUpper(a.Ticker) + " — " + a.NetworkLabel(), Tickers: a.Ticker})
		}
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

// compositeName names a route ("Alpha → XMR → Bravo") or a split ("Alpha +
// Bravo") by its venues' names. The page's script names rows the same way
// from the same fields (app.js, composite): the legs' or parts' venues and
// the route's bridge, read from its name.
func compositeName(names map[string]string, o *swapscout.Offer, split bool) string {
	if split {
		parts := make([]string, len(o.Parts))
		for i := range o.Parts {
			parts[i] = nameOf(names, o.Parts[i].Venue)
		}
		return strings.Join(parts, " + ")
	}
	return nameOf(names, o.Legs[0].Venue) + " → " + strings.ToUpper(bridgeOf(o).Ticker) + " → " + nameOf(names, o.Legs[1].Venue)
}

// bridgeOf is a route's bridge asset, from its name
// ("changenow>usdt@trx>exolix": USDT on Tron); "?" when the name is not a
// route's.
func bridgeOf(o *swapscout.Offer) swapscout.Asset {
	if _, x, _, ok := swapscout.RouteLegs(o.Venue); ok {
		return x
	}
	return swapscout.Asset{Ticker: "?"}
}

// stepText is leg or part i of o in words: "100 FIRO → 1.02 XMR at Alpha".
// A route's first leg pays out in its bridge asset, its second is paid in
// it; a split's parts go from the request's asset to the request's. Each
// amount is rounded at its own asset's precision, as every amount on the
// page (what is sent up, what is received down; the exact figures are in
// the API's legs and parts). The script writes the same (app.js, steps).
func stepText(names map[string]string, step *swapscout.Offer, req swapscout.QuoteRequest, o *swapscout.Offer, i int) string {
	fa, ta := req.From, req.To
	if len(o.Legs) > 0 {
		if i == 0 {
			ta = bridgeOf(o)
		} else {
			fa = bridgeOf(o)
		}
	}
	return Show(step.AmountIn, fa, swapscout.RoundUp) + nbsp + strings.ToUpper(fa.Ticker) + " → " + Show(step.AmountOut, ta, swapscout.RoundDown) + nbsp + strings.ToUpper(ta.Ticker) +
		" at " + nameOf(names, step.Venue)
}
