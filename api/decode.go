package api

import (
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"github.com/swapscout/swapscout"
)

// The decoders read what the encoders write, field for field: decoding an
// encoder's output and encoding the result again gives the same bytes
// (TestRoundTrip). They take the JSON of one value, with or without the
// trailing newline the encoders add.

type assetJSON struct {
	Ticker  string `json:"ticker"`
	Network string `json:"network"`
}

func (a assetJSON) asset() swapscout.Asset {
	return swapscout.Asset{Ticker: a.Ticker, Network: a.Network}
}

// limitsJSON are the limits an offer or a failure shows (appendLimits).
type limitsJSON struct {
	Min    swapscout.Amount `json:"min"`
	Max    swapscout.Amount `json:"max"`
	MinOut swapscout.Amount `json:"min_out"`
	MaxOut swapscout.Amount `json:"max_out"`
}

type offerJSON struct {
	Venue     string           `json:"venue"`
	Provider  string           `json:"provider"`
	Route     string           `json:"route"`
	AmountIn  swapscout.Amount `json:"amount_in"`
	AmountOut swapscout.Amount `json:"amount_out"`
	Rate      swapscout.Amount `json:"rate"`
	limitsJSON
	RateType  string     `json:"rate_type"`
	RateID    string     `json:"rate_id"`
	ExpiresAt *time.Time `json:"expires_at"`
	Fees      []struct {
		Kind   string           `json:"kind"`
		Amount swapscout.Amount `json:"amount"`
		Asset  assetJSON        `json:"asset"`
	} `json:"fees"`
	ETAMin int64 `json:"eta_min_s"`
	ETAMax int64 `json:"eta_max_s"`
	// With eta_source board, eta_min_s and eta_max_s are the board's
	// median (Offer.ShownETA) and the venue's own estimate is beside them.
	ETASource string `json:"eta_source"`
	VenueMin  int64  `json:"venue_eta_min_s"`
	VenueMax  int64  `json:"venue_eta_max_s"`
	KYC       string `json:"kyc"`
	Log       string `json:"log_policy"`
	Custody   string `json:"custody"`
	Deposit   string `json:"deposit"`
	CanSwap   bool   `json:"can_swap"`
	NoSwap    string `json:"no_swap_reason"`
	TookMS    int64  `json:"took_ms"`
	Derived   *struct {
		AgeMS int64              `json:"age_ms"`
		From  []swapscout.Amount `json:"from"`
	} `json:"derived"`
	Outcome *outcomeJSON `json:"outcome"`
	// A route's legs, a split's parts.
	Legs  []offerJSON `json:"legs"`
	Parts []offerJSON `json:"parts"`
}

func (o *offerJSON) offer() (Offer, error) {
	rt, err := swapscout.ParseRateType(o.RateType)
	if err != nil {
		return Offer{}, err
	}
	kyc, _ := swapscout.ParseKYCRating(o.KYC) // "?": not rated
	lr, _ := swapscout.ParseLogRating(o.Log)  // absent: not rated
	off := Offer{
		Venue: o.Venue, Provider: o.Provider, Route: o.Route,
		AmountIn: o.AmountIn, AmountOut: o.AmountOut, Rate: o.Rate,
		Min: o.Min, Max: o.Max, MinOut: o.MinOut, MaxOut: o.MaxOut,
		RateType: rt, RateID: o.RateID, ExpiresAt: timeOf(o.ExpiresAt),
		ETAMin: time.Duration(o.ETAMin) * time.Second, ETAMax: time.Duration(o.ETAMax) * time.Second,
		KYC: kyc, LogPolicy: lr, Custody: swapscout.Custody(o.Custody), Deposit: swapscout.DepositKind(o.Deposit),
		CanSwap: o.CanSwap, NoSwap: o.NoSwap, Took: time.Duration(o.TookMS) * time.Millisecond,
	}
	for _, f := range o.Fees {
		off.Fees = append(off.Fees, swapscout.Fee{Kind: f.Kind, Amount: f.Amount, Asset: f.Asset.asset()})
	}
	if o.ETASource == "board" {
		off.ETAMin, off.ETAMax = time.Duration(o.VenueMin)*time.Second, time.Duration(o.VenueMax)*time.Second
	}
	if oc := o.Outcome; oc != nil {
		b := oc.BoardVenue
		b.Venue = o.Venue
		off.Outcome = &swapscout.OfferOutcome{Window: time.Duration(oc.WindowSeconds) * time.Second, VenueBoard: b.domain()}
	}
	if d := o.Derived; d != nil {
		off.Derived = &swapscout.Derivation{Age: time.Duration(d.AgeMS) * time.Millisecond, From: d.From}
	}
	for _, l := range [...]struct {
		in  []offerJSON
		out *[]Offer
	}{{o.Legs, &off.Legs}, {o.Parts, &off.Parts}} {
		for i := range l.in {
			sub, err := l.in[i].offer()
			if err != nil {
				return Offer{}, err
			}
			*l.out = append(*l.out, sub)
		}
	}
	return off, nil
}

// outcomeJSON is an offer's outcome (appendOfferOutcome): a board line and its
// window.
type outcomeJSON struct {
	WindowSeconds int64 `json:"window_seconds"`
	BoardVenue
}

type failureJSON struct {
	Venue   string `json:"venue"`
	Code    string `json:"code"`
	Message string `json:"message"`
	limitsJSON
	Retry  int64 `json:"retry_after_s"`
	TookMS int64 `json:"took_ms"`
}

func (f *failureJSON) failure() Failure {
	return Failure{
		Venue: f.Venue, Code: swapscout.FailureCode(f.Code), Message: f.Message,
		Min: f.Min, Max: f.Max, MinOut: f.MinOut, MaxOut: f.MaxOut,
		RetryAfter: time.Duration(f.Retry) * time.Second, Took: time.Duration(f.TookMS) * time.Millisecond,
	}
}

func timeOf(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}

// DecodeQuote reads a quote the API answered (AppendAnswer), or one as
// stored (AppendQuote, without its age): the request, each offer with every
// field a swap is made from, the failures, and the quote's times and age.
func DecodeQuote(body []byte) (*Quote, error) {
	var w struct {
		AgeMS   int64  `json:"age_ms"`
		ID      string `json:"id"`
		Request struct {
			From      assetJSON        `json:"from"`
			To        assetJSON        `json:"to"`
			Amount    swapscout.Amount `json:"amount"`
			Direction string           `json:"direction"`
			Rate      string           `json:"rate"`
		} `json:"request"`
		Offers    []offerJSON   `json:"offers"`
		Failures  []failureJSON `json:"failures"`
		CreatedAt *time.Time    `json:"created_at"`
		ExpiresAt *time.Time    `json:"expires_at"`
		TookMS    int64         `json:"took_ms"`
	}
	if err := json.Unmarshal(body, &w); err != nil {
		return nil, fmt.Errorf("decode quote: %w", err)
	}
	dir, err := swapscout.ParseDirection(w.Request.Direction)
	if err != nil {
		return nil, err
	}
	rt, err := swapscout.ParseRateType(w.Request.Rate)
	if err != nil {
		return nil, err
	}
	q := &Quote{Age: time.Duration(w.AgeMS) * time.Millisecond, Quote: swapscout.Quote{
		ID: w.ID,
		Request: swapscout.QuoteRequest{
			From: w.Request.From.asset(), To: w.Request.To.asset(),
			Amount: w.Request.Amount, Direction: dir, RateType: rt,
		},
		CreatedAt: timeOf(w.CreatedAt), ExpiresAt: timeOf(w.ExpiresAt), Took: time.Duration(w.TookMS) * time.Millisecond,
	}}
	q.Offers = make([]Offer, len(w.Offers))
	for i := range w.Offers {
		if q.Offers[i], err = w.Offers[i].offer(); err != nil {
			return nil, err
		}
	}
	for i := range w.Failures {
		q.Failures = append(q.Failures, w.Failures[i].failure())
	}
	return q, nil
}

// DecodeOffer reads one offer (AppendOffer): the data of a quote stream's
// "offer" event.
func DecodeOffer(body []byte) (*Offer, error) {
	var w offerJSON
	if err := json.Unmarshal(body, &w); err != nil {
		return nil, fmt.Errorf("decode offer: %w", err)
	}
	o, err := w.offer()
	if err != nil {
		return nil, err
	}
	return &o, nil
}

// DecodeFailure reads one failure (AppendFailure): the data of a quote
// stream's "failure" event.
func DecodeFailure(body []byte) (*Failure, error) {
	var w failureJSON
	if err := json.Unmarshal(body, &w); err != nil {
		return nil, fmt.Errorf("decode failure: %w", err)
	}
	f := w.failure()
	return &f, nil
}

// DecodeSwap reads a swap record and its history (AppendSwap). What the
// encoder derives from the record (the shortfall, "late") is derived again
// by the record's own methods (Shortfall, Late).
func DecodeSwap(body []byte) (*Swap, error) {
	var w struct {
		orderJSON
		QuoteID       string                   `json:"quote_id"`
		Direction     string                   `json:"direction"`
		Deposit       string                   `json:"deposit"`
		ReceivedDoubt string                   `json:"amount_received_doubt"`
		MaxSlippage   swapscout.Amount         `json:"max_slippage"`
		LateAt        *time.Time               `json:"late_at"`
		UsualSeconds  int64                    `json:"usual_seconds"`
		UsualBasis    int                      `json:"usual_basis"`
		CreatedAt     *time.Time               `json:"created_at"`
		UpdatedAt     *time.Time               `json:"updated_at"`
		Chain         map[string]chainFactJSON `json:"chain"`
		Compose       string                   `json:"compose"`
		Legs          []legJSON                `json:"legs"`
		Parts         []legJSON                `json:"parts"`
		PartsPlanned  int                      `json:"parts_planned"`
		PartsNote     string                   `json:"parts_note"`
		History       []struct {
			At          *time.Time `json:"at"`
			Status      string     `json:"status"`
			VenueStatus string     `json:"venue_status"`
			Late        bool       `json:"late"`
			Chain       string     `json:"chain"`
			Leg         int        `json:"leg"`
			Note        string     `json:"note"`
		} `json:"history"`
	}
	if err := json.Unmarshal(body, &w); err != nil {
		return nil, fmt.Errorf("decode swap: %w", err)
	}
	if w.ID == "" || w.Status == "" {
		return nil, fmt.Errorf("decode swap: not a swap record (no id or status): %.200s", body)
	}
	dir, err := swapscout.ParseDirection(w.Direction)
	if err != nil {
		return nil, err
	}
	rt, err := swapscout.ParseRateType(w.RateType)
	if err != nil {
		return nil, err
	}
	sw := &Swap{Swap: w.swap()}
	sw.QuoteID, sw.Direction, sw.RateType = w.QuoteID, dir, rt
	sw.Deposit, sw.ReceivedDoubt, sw.MaxSlippage = swapscout.DepositKind(w.Deposit), w.ReceivedDoubt, w.MaxSlippage
	sw.LateAt, sw.UsualTime, sw.UsualBasis = timeOf(w.LateAt), time.Duration(w.UsualSeconds)*time.Second, w.UsualBasis
	sw.CreatedAt, sw.UpdatedAt = timeOf(w.CreatedAt), timeOf(w.UpdatedAt)
	sw.Compose, sw.PartsPlanned, sw.PartsNote = swapscout.Composition(w.Compose), w.PartsPlanned, w.PartsNote
	for _, p := range w.Parts {
		p.Leg = p.Part
		w.Legs = append(w.Legs, p)
	}
	for _, l := range w.Legs {
		leg := l.swap(sw.Compose)
		if leg.Leg == 1 {
			sw.Composite = w.Venue
		}
		leg.Composite = w.Venue
		if leg.Leg > 1 {
			leg.Parent = w.ID
		}
		sw.Legs = append(sw.Legs, leg)
	}
	for _, side := range swapscout.ChainSides {
		if f, ok := w.Chain[side]; ok {
			sw.SetChainFact(f.fact(side))
		}
	}
	for _, ev := range w.History {
		sw.History = append(sw.History, SwapEvent{At: timeOf(ev.At), Status: swapscout.SwapStatus(ev.Status), VenueStatus: ev.VenueStatus, Late: ev.Late, Chain: ev.Chain,
			Leg: ev.Leg, Note: ev.Note})
	}
	return sw, nil
}

// AppendAge appends the head of a quote answer: {"age_ms":N, which the
// stored quote's JSON follows from after its opening brace. The server
// writes a cached quote this way, with no encoding.
func AppendAge(dst []byte, age time.Duration) []byte {
	ms := age.Milliseconds()
	if ms < 0 {
		ms = 0
	}
	dst = append(dst, `{"age_ms":`...)
	dst = strconv.AppendInt(dst, ms, 10)
	return append(dst, ',')
}

// AppendAnswer appends q as the API answers it: its age, then the quote
// (AppendQuote).
func AppendAnswer(dst []byte, q *Quote) []byte {
	dst = AppendAge(dst, q.Age)
	n := len(dst)
	dst = AppendQuote(dst, &q.Quote)
	return append(dst[:n], dst[n+1:]...) // the quote's own opening brace
}

// orderJSON is what a swap and each member of a composed one show of
// their venue order (members' venueOrder, pair, deal and settlement).
type orderJSON struct {
	ID             string           `json:"id"`
	Status         string           `json:"status"`
	VenueStatus    string           `json:"venue_status"`
	Venue          string           `json:"venue"`
	Provider       string           `json:"provider"`
	VenueOrderID   string           `json:"venue_order_id"`
	From           assetJSON        `json:"from"`
	To             assetJSON        `json:"to"`
	RateType       string           `json:"rate_type"`
	AmountIn       swapscout.Amount `json:"amount_in"`
	AmountOut      swapscout.Amount `json:"amount_out"`
	PromisedIn     swapscout.Amount `json:"promised_in"`
	PromisedOut    swapscout.Amount `json:"promised_out"`
	DepositAddress string           `json:"deposit_address"`
	DepositMemo    string           `json:"deposit_memo"`
	PayoutAddress  string           `json:"payout_address"`
	PayoutMemo     string           `json:"payout_memo"`
	RefundAddress  string           `json:"refund_address"`
	RefundMemo     string           `json:"refund_memo"`
	DepositTx      string           `json:"deposit_tx"`
	PayoutTx       string           `json:"payout_tx"`
	AmountReceived swapscout.Amount `json:"amount_received"`
	RefundTx       string           `json:"refund_tx"`
	AmountRefunded swapscout.Amount `json:"amount_refunded"`
	ExpiresAt      *time.Time       `json:"expires_at"`
	RateMoved      string           `json:"rate_moved"`
}

// swap is the order as a swap; a rate type it cannot read is left unset
// (DecodeSwap refuses it on the record itself).
func (o *orderJSON) swap() swapscout.Swap {
	rt, _ := swapscout.ParseRateType(o.RateType)
	return swapscout.Swap{
		ID: o.ID, Status: swapscout.SwapStatus(o.Status), VenueStatus: o.VenueStatus, Venue: o.Venue, Provider: o.Provider,
		VenueOrder: swapscout.OrderRef{ID: o.VenueOrderID}, From: o.From.asset(), To: o.To.asset(), RateType: rt,
		AmountIn: o.AmountIn, AmountOut: o.AmountOut, PromisedIn: o.PromisedIn, PromisedOut: o.PromisedOut,
		DepositAddress: o.DepositAddress, DepositMemo: o.DepositMemo, PayoutAddress: o.PayoutAddress, PayoutMemo: o.PayoutMemo,
		RefundAddress: o.RefundAddress, RefundMemo: o.RefundMemo, DepositTx: o.DepositTx, PayoutTx: o.PayoutTx,
		AmountReceived: o.AmountReceived, RefundTx: o.RefundTx, AmountRefunded: o.AmountRefunded,
		ExpiresAt: timeOf(o.ExpiresAt), RateMoved: o.RateMoved,
	}
}

// legJSON is one member of a composed swap (appendLeg).
type legJSON struct {
	orderJSON
	Leg           int        `json:"leg"`
	Part          int        `json:"part"`
	RateCheckedAt *time.Time `json:"rate_checked_at"`
}

func (l *legJSON) swap(kind swapscout.Composition) *swapscout.Swap {
	sw := l.orderJSON.swap()
	sw.RateCheckedAt, sw.Compose, sw.Leg = timeOf(l.RateCheckedAt), kind, l.Leg
	return &sw
}
