package web

import (
	"encoding/json"
	"html/template"
	"net/url"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
)

// SwapForm is the data of the swap form (GET and POST /swap/new): the offer
// chosen, what the user typed, and the problems found, each beside its
// field.
type SwapForm struct {
	Quote, Venue, Name string
	Offer              *OfferRow // nil when the quote is no longer readable
	From, To           string    // upper-case tickers, when the quote is known
	FromAsset, ToAsset string
	Receive            bool
	MemoDeposit        bool // the deposit must carry a memo in the transaction
	// PayoutMemoField, RefundMemoField: the payout (refund) network has
	// memos or tags, so the form asks for one; elsewhere it has no such
	// field (the API refuses a memo there).
	PayoutMemoField, RefundMemoField bool
	Key                              string
	Payout, PayoutMemo               string
	Refund, RefundMemo               string
	Errors                           map[string]string // by field: "payout_address", "refund_memo", …
	Error                            string            // a problem that is not one field's
	BackURL                          string
	NoSwap                           bool // the venue cannot make swaps: no form, only the way back

	// MemoConfirmed: the user said their wallet can put the memo in the
	// deposit transaction (a memo deposit is made only then); MemoLimit is
	// the least the memo's price limit lets the swap pay out, with its
	// ticker, when the quote is known.
	MemoConfirmed bool
	MemoLimit     string

	// Request is the quote's request as the results page's query and
	// Shown the offer's amount as the API gave it: carried in the form so
	// that an expired quote is asked again in place and compared.
	Request, Shown string
	// ValidFor says how long the quote's prices hold ("4 min 10 s"),
	// ValidUntil until when (UTC clock time); ValidS the seconds, for the
	// script's countdown. Empty once expired.
	ValidFor, ValidUntil string
	ValidS               int64
	// Requoted: the quote had expired and was asked again just now;
	// Moved says how the venue's amount moved since the offer the user
	// chose, when known ("it was 2.0312 ETH, now 2.0200 ETH: 0.55 % less").
	Requoted bool
	Moved    string
	// The venue, as the user weighs it before sending anything.
	Facts VenueFacts
	// KYC and LogPolicy are the venue's ratings, Ratings their evidence
	// (nil when not rated). PreCheck: the venue offers an AML pre-check of
	// the refund address; PreCheckConsent: the user asked for it (never a
	// default: the address goes to the venue before the swap is made).
	KYC, LogPolicy  string
	Ratings         *Ratings
	PreCheck        bool
	PreCheckConsent bool

	// For a two-leg route: the bridge asset in words and its ticker, the
	// two venues' names, and the bridge refund address (and memo, where
	// its network has them) the form asks for.
	Bridge, BridgeTicker           string
	FirstVenue, SecondVenue        string
	BridgeMemoField                bool
	BridgeRefund, BridgeRefundMemo string
}

// VenueFacts is what the swap form says of the venue: its KYC rating,
// custody, time estimate, the offer's terms and where its support is.
type VenueFacts struct {
	KYC, Custody, ETA, Terms string
	// Hold: for a fixed-rate offer, how long the venue documents that it
	// holds the rate once the swap is made, in words.
	Hold                string
	Website, SupportURL string
	SupportEmail        string
}

// FieldError returns the problem with the named field, if any.
func (f SwapForm) FieldError(name string) string { return f.Errors[name] }

// SwapConfirm is the data of the page shown when the venue's rate changed
// between the quote and the swap: both amounts, and a form to accept the
// new quote with the same addresses.
type SwapConfirm struct {
	Form       SwapForm // the addresses, the fresh quote id and a fresh key
	Receive    bool
	Unit       string // the ticker both amounts are in
	Shown, Now string // grouped
	Worse      string // by how much, in percent ("1.8 %"), or empty
	Requoted   bool   // the quote had expired and was asked again
	NowRaw     string // Now as the API writes it (the form's shown amount)
}

// SwapUnavailable is the data of the page served when this server cannot
// make swaps (it has no database).
type SwapUnavailable struct{ Quote string }

// SwapView is the data of the swap page (/swap/{id}).
type SwapView struct {
	// PreChecked names the venue whose AML pre-check passed the refund
	// address when the swap was made (shown on the page the creation
	// leads to, above the deposit address); empty otherwise.
	PreChecked string

	ID, Venue, Name, Provider string
	OrderID                   string
	Status                    string // swapscout.SwapStatus
	StatusText                string // the status in words
	VenueStatus               string
	Terminal                  bool
	Steps                     []Step
	Outcome                   string // "short", "failed", "refunded", "expired", "held", "action_required", "refunding", "unknown" or ""
	From, To                  string // upper-case tickers
	FromAsset, ToAsset        string
	SendAmount                string // grouped: what to send, exactly
	SendRaw                   string
	ReceiveAmount             string // grouped: what the venue promised to pay out
	Received                  string // grouped; empty until known
	// ReceivedUnknown: the swap finished and its venue did not say what it
	// paid out ("the venue did not say", never "not yet").
	ReceivedUnknown bool
	Fixed           bool
	DepositAddress  string
	DepositMemo     string
	MemoDeposit     bool // the record says the memo must be inside the deposit transaction
	// DepositForm shows the optional form that records the deposit's
	// transaction id (POST /swap/{id}/deposit); DepositTxInput and
	// DepositTxError are what was typed and its problem, beside the field.
	DepositForm                    bool
	DepositTxInput, DepositTxError string
	QR                             template.HTML // an SVG drawn by package qr (no input text in it)
	PayoutAddress, PayoutMemo      string
	RefundAddress, RefundMemo      string
	DepositTx, PayoutTx            string
	Created                        string // UTC clock time
	Expires                        string // UTC date and time; empty when the venue gave none
	NoDeadline                     string // what is known of the deposit window when Expires is empty
	ExpiresInS                     int64
	RefreshS                       int // the page's own refresh period without JavaScript; 0 when terminal
	JSONLink, EventsLink           string
	Words                          string // StatusWords as JSON, for the script
	// What arrived (outcome.go): the shortfall, the refund, lateness, and
	// the support packet.
	Arrived
	// What the chain showed (chain.go), side by side; Unverified: the
	// venue says it paid out and the chain, past its grace, does not.
	Chain      []ChainLine
	Unverified bool
	// Legs, for a route, each venue order's line (nil for a direct swap);
	// RateMoved, when the second leg's rate moved past the slippage, says
	// how, in words.
	Legs      []LegLine
	RateMoved string
	// Parts, for a split, each part's own deposit and status (nil
	// otherwise); PartsNote says, when fewer parts were created than the
	// offer had, which is missing and what to send.
	Parts     []PartLine
	PartsNote string
}

// PartLine is one part of a split on its swap's page: a deposit of its
// own (while it waits for one) and where it stands.
type PartLine struct {
	N                           int
	Name                        string
	Status, StatusText          string
	VenueStatus                 string
	Open                        bool // waits for its deposit: show where to send
	SendAmount, SendRaw         string
	DepositAddress, DepositMemo string
	MemoDeposit                 bool
	Expires                     string // UTC; empty when the venue gave none
	// QR is the part's own deposit address as a QR code (set by the
	// server, as SwapView.QR), while the part waits for its deposit.
	QR                     template.HTML
	PayoutTx               string
	Refunded               bool
	RefundAmount, RefundTx string
}

// LegLine is one leg of a route on its swap's page.
type LegLine struct {
	N                       int
	Name, From, To          string
	Status, StatusText      string
	VenueStatus, PayoutTx   string
	Refunded                bool
	RefundAddress, RefundTx string
}

// Step is one step of the tracker.
type Step struct {
	Status, Label string
	State         string // "done", "current" or "todo"
}

// StepStatuses are the tracker's steps, in order.
var StepStatuses = []swapscout.SwapStatus{
	swapscout.StatusWaiting, swapscout.StatusConfirming, swapscout.StatusExchanging,
	swapscout.StatusSending, swapscout.StatusFinished,
}

var stepLabels = map[swapscout.SwapStatus]string{
	swapscout.StatusWaiting:    "Waiting for your deposit",
	swapscout.StatusConfirming: "Confirming your deposit",
	swapscout.StatusExchanging: "Exchanging",
	swapscout.StatusSending:    "Sending to you",
	swapscout.StatusFinished:   "Finished",
}

// StatusWords says a status in words, for the page's heading.
var StatusWords = map[swapscout.SwapStatus]string{
	swapscout.StatusWaiting:        "Waiting for your deposit",
	swapscout.StatusConfirming:     "Your deposit is being confirmed",
	swapscout.StatusExchanging:     "The venue is exchanging",
	swapscout.StatusSending:        "Your coins are on their way",
	swapscout.StatusFinished:       "Finished: paid out",
	swapscout.StatusHeld:           "Held for verification",
	swapscout.StatusActionRequired: "The venue waits for you",
	swapscout.StatusRefunding:      "Your deposit is being refunded",
	swapscout.StatusFailed:         "Failed: the venue gave up",
	swapscout.StatusRefunded:       "Refunded to your refund address",
	swapscout.StatusExpired:        "Expired: no deposit arrived in time",
	swapscout.StatusUnknown:        "The venue said something we cannot read",
}

var statusWordsJSON = func() string {
	b, err := json.Marshal(StatusWords)
	if err != nil {
		panic(err)
	}
	return string(b)
}()

// Steps places a swap on the tracker: the steps before its status are done,
// its own is current. A swap that left the path (failed, refunded, expired,
// on hold) keeps the steps it reached, by its history, and none is current.
func Steps(status swapscout.SwapStatus, history []swapscout.SwapEvent) []Step {
	reached := -1
	onPath := false
	for i, s := range StepStatuses {
		if s == status {
			reached, onPath = i, true
		}
	}
	if !onPath {
		for _, ev := range history {
			for i, s := range StepStatuses {
				if s == ev.Status && i > reached {
					reached = i
				}
			}
		}
	}
	steps := make([]Step, len(StepStatuses))
	for i, s := range StepStatuses {
		st := Step{Status: string(s), Label: stepLabels[s], State: "todo"}
		switch {
		case i < reached || (i == reached && (!onPath || s == swapscout.StatusFinished)):
			st.State = "done"
		case i == reached:
			st.State = "current"
		}
		steps[i] = st
	}
	return steps
}

// NewSwapView turns a swap record into the swap page's data. names maps
// venue ids to names; now is the page's clock.
func NewSwapView(sw *swapscout.Swap, history []swapscout.SwapEvent, names map[string]string, now time.Time) *SwapView {
	v := &SwapView{
		ID: sw.ID, Venue: sw.Venue, Name: nameOf(names, sw.Venue), Provider: sw.Provider,
		OrderID: sw.VenueOrder.ID, Status: string(sw.Status), StatusText: StatusWords[sw.Status],
		VenueStatus: sw.VenueStatus, Terminal: sw.Status.Terminal(), Steps: Steps(sw.Status, history),
		From: strings.ToUpper(sw.From.Ticker), To: strings.ToUpper(sw.To.Ticker),
		FromAsset: assetName(sw.From), ToAsset: assetName(sw.To),
		Fixed:          sw.RateType == swapscout.Fixed,
		DepositAddress: sw.DepositAddress, DepositMemo: sw.DepositMemo, MemoDeposit: sw.Deposit == swapscout.DepositMemo,
		PayoutAddress: sw.PayoutAddress, PayoutMemo: sw.PayoutMemo, RefundAddress: sw.RefundAddress, RefundMemo: sw.RefundMemo,
		DepositTx: sw.DepositTx, PayoutTx: sw.PayoutTx,
		JSONLink: "/v1/swaps/" + sw.ID, EventsLink: "/v1/swaps/" + sw.ID + "/events",
	}
	v.Words = statusWordsJSON
	if v.StatusText == "" {
		v.StatusText = string(sw.Status)
	}
	switch sw.Status {
	case swapscout.StatusFailed, swapscout.StatusRefunded, swapscout.StatusExpired, swapscout.StatusHeld,
		swapscout.StatusActionRequired, swapscout.StatusRefunding, swapscout.StatusUnknown:
		v.Outcome = string(sw.Status)
	}
	in, out := sw.PromisedIn, sw.PromisedOut
	if in.IsZero() {
		in = sw.AmountIn
	}
	if out.IsZero() {
		out = sw.AmountOut
	}
	v.SendRaw = in.String()
	v.SendAmount, v.ReceiveAmount = GroupDigits(in.String()), GroupDigits(out.String())
	if !sw.AmountReceived.IsZero() {
		v.Received = GroupDigits(sw.AmountReceived.String())
	}
	v.ReceivedUnknown = v.Received == "" && sw.Status == swapscout.StatusFinished
	v.Arrived = arrived(sw, history, v.Name, now)
	v.Chain, v.Unverified = chainLines(sw), sw.Unverified()
	if v.Unverified {
		v.StatusText = "The venue says it paid out: the chain does not show it"
	}
	if v.Short {
		v.Outcome = "short"
		v.StatusText = "Finished, but short: " + v.ShortPercent + "\u00a0% of the promise did not arrive"
	}
	if !sw.CreatedAt.IsZero() {
		v.Created = sw.CreatedAt.UTC().Format("2006-01-02 15:04:05")
	}
	if !sw.ExpiresAt.IsZero() {
		v.Expires = sw.ExpiresAt.UTC().Format("2006-01-02 15:04:05")
		if left := sw.ExpiresAt.Sub(now); left > 0 {
			v.ExpiresInS = int64(left / time.Second)
		}
	}
	if v.Expires == "" {
		v.NoDeadline = swapscout.NoDeadline(sw.RateType)
	}
	if !v.Terminal {
		v.RefreshS = 10
	}
	v.RateMoved = sw.RateMoved
	v.LegSupport = legSupport(sw, names)
	if sw.Compose == swapscout.ComposeSplit {
		v.Parts, v.PartsNote = partLines(sw, names), sw.PartsNote
		if len(v.Parts) > 0 && strings.HasPrefix(v.Name, "split:") {
			parts := make([]string, len(v.Parts))
			for i, p := range v.Parts {
				parts[i] = p.Name
			}
			v.Name = strings.Join(parts, " + ")
		}
		return v
	}
	for i, l := range sw.Legs {
		line := LegLine{N: i + 1, Name: nameOf(names, l.Venue), From: strings.ToUpper(l.From.Ticker), To: strings.ToUpper(l.To.Ticker),
			Status: string(l.Status), StatusText: StatusWords[l.Status], VenueStatus: l.VenueStatus, PayoutTx: l.PayoutTx,
			Refunded: l.Status == swapscout.StatusRefunded, RefundAddress: l.RefundAddress, RefundTx: l.RefundTx}
		if line.StatusText == "" {
			line.StatusText = string(l.Status)
		}
		v.Legs = append(v.Legs, line)
	}
	return v
}

// partLines are a split's parts on its page: each one's amount to send and
// deposit address while it waits for its deposit.
func partLines(sw *swapscout.Swap, names map[string]string) []PartLine {
	lines := make([]PartLine, len(sw.Legs))
	for i, p := range sw.Legs {
		in := p.PromisedIn
		if !in.Valid() || in.IsZero() {
			in = p.AmountIn
		}
		line := PartLine{N: i + 1, Name: nameOf(names, p.Venue), Status: string(p.Status), StatusText: StatusWords[p.Status],
			VenueStatus: p.VenueStatus, Open: p.Status == swapscout.StatusWaiting && p.DepositAddress != "",
			SendAmount: GroupDigits(in.String()), SendRaw: in.String(),
			DepositAddress: p.DepositAddress, DepositMemo: p.DepositMemo, MemoDeposit: p.Deposit == swapscout.DepositMemo,
			PayoutTx: p.PayoutTx, Refunded: p.Status == swapscout.StatusRefunded, RefundTx: p.RefundTx}
		if line.StatusText == "" {
			line.StatusText = string(p.Status)
		}
		if !p.ExpiresAt.IsZero() {
			line.Expires = p.ExpiresAt.UTC().Format("2006-01-02 15:04:05")
		}
		if p.AmountRefunded.Valid() && !p.AmountRefunded.IsZero() {
			line.RefundAmount = GroupDigits(p.AmountRefunded.String())
		}
		lines[i] = line
	}
	return lines
}

// FieldLabels names the swap form's fields in words, for messages.
var FieldLabels = map[string]string{
	"payout_address": "Payout address",
	"payout_memo":    "Payout memo",
	"refund_address": "Refund address",
	"refund_memo":    "Refund memo",

	"bridge_refund_address": "Bridge refund address",
	"bridge_refund_memo":    "Bridge refund memo",
}

// SetQuote fills the form's offer from the quote the Swap button named:
// the offer of f.Venue, the assets, and the way back to the same request's
// offers.
func (f *SwapForm) SetQuote(q *swapscout.Quote, names map[string]string) {
	f.BackURL = "/quote?" + QuoteQuery(&q.Request)
	res := NewResults(q, 0, names, "")
	f.From, f.To, f.FromAsset, f.ToAsset, f.Receive = res.From, res.To, res.FromAsset, res.ToAsset, res.Receive
	f.PayoutMemoField, f.RefundMemoField = swapscout.NetworkMemo(q.Request.To.Network), swapscout.NetworkMemo(q.Request.From.Network)
	f.Request = QuoteQuery(&q.Request)
	if first, x, second, ok := swapscout.RouteLegs(f.Venue); ok {
		f.Bridge, f.BridgeTicker, f.BridgeMemoField = x.Words(), strings.ToUpper(x.Ticker), swapscout.NetworkMemo(x.Network)
		f.FirstVenue, f.SecondVenue = nameOf(names, first), nameOf(names, second)
	}
	for i := range res.Offers {
		if res.Offers[i].Venue == f.Venue {
			o := res.Offers[i]
			f.Offer = &o
			f.MemoDeposit = o.Deposit == string(swapscout.DepositMemo)
			f.Shown = o.Raw
			f.Facts.KYC, f.Facts.ETA = o.KYC, o.ETA
			f.Facts.Custody = "custodial: the venue holds your coins during the swap"
			if o.Custody == string(swapscout.NonCustodial) {
				f.Facts.Custody = "non-custodial: the swap runs on its network, no one holds your coins"
			}
			terms := []string{o.RateType + " rate"}
			if len(o.Fees) > 0 {
				terms = append(terms, "fees: "+strings.Join(o.Fees, ", "))
			}
			if o.Limits != "" {
				terms = append(terms, o.Limits)
			}
			f.Facts.Terms = strings.Join(terms, " · ")
		}
	}
}

// SetValidity says how long the quote's prices hold, seen at now.
func (f *SwapForm) SetValidity(expires, now time.Time) {
	if left := expires.Sub(now); !expires.IsZero() && left > 0 {
		f.ValidFor, f.ValidUntil, f.ValidS = Duration(left), expires.UTC().Format("15:04:05"), int64(left/time.Second)
	}
}

// SetMoved says how the offer's amount moved from shown (the amount of
// the offer the user chose, as the API wrote it) to the fresh quote's;
// nothing when shown is not an amount.
func (f *SwapForm) SetMoved(shown string) {
	was, err1 := swapscout.ParseAmount(shown)
	now, err2 := swapscout.ParseAmount(f.Shown)
	if err1 != nil || err2 != nil || was.Sign() <= 0 {
		return
	}
	unit := f.To
	if f.Receive {
		unit = f.From
	}
	c := now.Cmp(was)
	if c == 0 {
		f.Moved = "the amount did not move"
		return
	}
	diff := now.Sub(was)
	if c < 0 {
		diff = was.Sub(now)
	}
	pct := trimPercent(diff.Mul(swapscout.AmountFromInt(100)).Quo(was, 2, swapscout.RoundHalfEven))
	dir := "more"
	if c < 0 {
		dir = "less"
	}
	f.Moved = "it was " + GroupDigits(was.String()) + "\u00a0" + unit + ", now " + GroupDigits(now.String()) + "\u00a0" + unit + ": " + pct + "\u00a0% " + dir
}

// SetHold says, on a fixed-rate offer's form, how long the venue documents
// that it holds the rate once the swap is made (or that it does not say).
func (f *SwapForm) SetHold(h swapscout.RateHold) {
	if f.Offer != nil && f.Offer.RateType == swapscout.Fixed.String() && f.Name != "" {
		f.Facts.Hold = h.Words(f.Name)
	}
}

// SetHold says what is known of a fixed-rate swap's deposit window when its
// venue gave no deadline, from what the venue documents of its fixed rates
// (h) and when the swap was made.
func (v *SwapView) SetHold(h swapscout.RateHold, created time.Time) {
	if v.NoDeadline != "" && v.Fixed {
		v.NoDeadline = swapscout.HeldNoDeadline(v.Name, h, created)
	}
}

// SetVenue fills the venue's links: its site and its support contact.
func (f *SwapForm) SetVenue(website string, c swapscout.SupportContact) {
	f.Facts.Website, f.Facts.SupportURL, f.Facts.SupportEmail = website, c.URL, c.Email
}

// QuoteQuery is the results page's query for a request.
func QuoteQuery(r *swapscout.QuoteRequest) string {
	v := url.Values{}
	v.Set("from", r.From.Ticker)
	if info, err := swapscout.ResolveAsset(r.From.Ticker, ""); err != nil || info.Network != r.From.Network {
		v.Set("from_network", r.From.Network)
	}
	v.Set("to", r.To.Ticker)
	if info, err := swapscout.ResolveAsset(r.To.Ticker, ""); err != nil || info.Network != r.To.Network {
		v.Set("to_network", r.To.Network)
	}
	v.Set("amount", r.Amount.String())
	if r.Direction == swapscout.Receive {
		v.Set("direction", "receive")
	}
	if r.RateType == swapscout.Fixed {
		v.Set("rate", "fixed")
	}
	return v.Encode()
}
