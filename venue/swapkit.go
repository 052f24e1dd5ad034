package venue

import (
	"context"
	"encoding/json"
	"errors"
	"maps"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/swapscout/swapscout"
)

// Failure codes of swap creation and status calls, beside the quote codes of
// swapscout.FailureCodes (a quote never carries them).
const (
	// CodeBadRequest: the venue refused what it was asked (a payout or
	// refund address, a memo, an expired rate id), in its own words.
	CodeBadRequest swapscout.FailureCode = "bad_request"
	// CodeOrderNotFound: the venue knows no order with that id.
	CodeOrderNotFound swapscout.FailureCode = "order_not_found"
)

// StatusTable maps a venue's status words to swapscout statuses. Each
// adapter keeps one, citing where its words come from.
type StatusTable map[string]swapscout.SwapStatus

// Status maps word (matched exactly, then in lower case); a word the table
// lacks is StatusUnknown, never a guess.
func (t StatusTable) Status(word string) swapscout.SwapStatus {
	if s, ok := t[word]; ok {
		return s
	}
	if s, ok := t[strings.ToLower(word)]; ok {
		return s
	}
	return swapscout.StatusUnknown
}

// Words returns the table's words, for the conformance suite.
func (t StatusTable) Words() []string {
	out := make([]string, 0, len(t))
	for w := range t {
		out = append(out, w)
	}
	return out
}

// Refusal is the error for a venue's refusal of a create or status call with
// HTTP status and the venue's words: 401/403 are not_configured, 404
// order_not_found when the call named an order (orderID != ""), 5xx
// unavailable, other 4xx (and 2xx error bodies) bad_request.
func Refusal(name string, status int, orderID, words string) *swapscout.VenueError {
	words = swapWords(words)
	switch {
	case status == 401 || status == 403:
		return swapscout.NewVenueError(swapscout.CodeNotConfigured, "%s refused the credentials: %s", name, words)
	case status == 404 && orderID != "":
		return OrderNotFound(name, orderID)
	case status >= 500:
		return swapscout.NewVenueError(swapscout.CodeUnavailable, "%s failed (HTTP %d): %s", name, status, words)
	}
	return swapscout.NewVenueError(CodeBadRequest, "%s: %s", name, words)
}

// HTTPRefusal is Refusal in the words of the HTTP status, for an answer
// that carries none of its own.
func HTTPRefusal(name string, status int, orderID string) *swapscout.VenueError {
	return Refusal(name, status, orderID, "HTTP "+http.StatusText(status))
}

// DecodeOrder decodes venue name's answer about an order (a create or a
// status call) into v. A body that is not v's JSON is bad_response with a
// 2xx status and the venue's refusal in HTTP words with any other; a body
// that decodes is left to the caller, which knows the venue's error fields.
func DecodeOrder(name string, status int, body []byte, orderID string, v any) error {
	if err := json.Unmarshal(body, v); err != nil {
		if status >= 200 && status < 300 {
			return BadResponse(err)
		}
		return HTTPRefusal(name, status, orderID)
	}
	return nil
}

// OrderNotFound is the error for an order id the venue does not know. It
// is given the order's public id (swapscout.OrderRef.ID), never its secret,
// which must not reach a log line.
func OrderNotFound(name, orderID string) *swapscout.VenueError {
	return swapscout.NewVenueError(CodeOrderNotFound, "%s has no order %q", name, swapWords(orderID))
}

// swapWords keeps a venue's words short and on one line in our messages.
func swapWords(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if s == "" {
		return "no reason given"
	}
	if len(s) > 160 {
		cut := 160
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// Memo returns memo unless it is empty, for optional request fields.
func Memo(memo string) *string {
	if memo == "" {
		return nil
	}
	return &memo
}

// SwapTime parses an RFC 3339 time a venue gives, its date and time apart
// by "T" or by a space (as RFC 3339 allows and Python's datetime writes:
// Trocador); zero when s is empty or malformed (an expiry the venue did not
// say).
func SwapTime(s string) time.Time {
	s = strings.TrimSpace(s)
	if len(s) > 10 && s[10] == ' ' {
		s = s[:10] + "T" + s[11:]
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}
	}
	return t
}

// Update is the update a status answer with the venue's word makes: the
// status the table maps the word to, the word beside it; bad_response when
// venue name's answer carries no word.
func (t StatusTable) Update(name, word string) (swapscout.SwapUpdate, error) {
	if word == "" {
		return swapscout.SwapUpdate{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "%s answered an order without a status", name)
	}
	return swapscout.SwapUpdate{Status: t.Status(word), VenueStatus: word}, nil
}

// Settled is the update a status answer makes (Update) with the deposit
// and payout transactions the venue names: the amount the venue says it paid
// out counts as received only once the payout transaction is known; before
// that it is a promise, never a payout. paid may be nil: a venue whose
// status answer names no payout amount.
func (t StatusTable) Settled(name, word string, depositTx, payoutTx *string, paid *swapscout.Amount) (swapscout.SwapUpdate, error) {
	u, err := t.Update(name, word)
	if err != nil {
		return u, err
	}
	u.DepositTx, u.PayoutTx = Deref(depositTx), Deref(payoutTx)
	if u.PayoutTx != "" {
		u.AmountReceived = Deref(paid)
	}
	return u, nil
}

// Created checks the order a create call answered: without an order id or
// a deposit address, venue name's answer is bad_response.
func Created(name string, o swapscout.SwapOrder) (swapscout.SwapOrder, error) {
	if o.Ref.ID == "" || o.DepositAddress == "" {
		return swapscout.SwapOrder{}, swapscout.NewVenueError(swapscout.CodeBadResponse, "%s created an order without an id or a deposit address", name)
	}
	return o, nil
}

// SwapRefusal reads venue name's refusal of a create or a status call
// (orderID set on a status call) by its words. On a status call, HTTP 404 or
// "not found" is an unknown order; a refused key is not_configured; words
// naming one of fields (the request's address, memo or tag fields, in lower
// case) are a bad request in the venue's words. Otherwise quote, the
// adapter's reading of the same words in a quote's refusal, decides (a limit,
// an unserved pair, an outage), unless it could not tell (bad_response,
// nil): then it is a bad request too. A 2xx answer that could not be read
// at all (bad_response, no words) is no refusal: the order may exist, so
// the bad response is returned as it is and the outcome stays unknown.
func SwapRefusal(name string, status int, orderID, words string, quote error, fields ...string) error {
	var bad *swapscout.VenueError
	if status >= 200 && status <= 299 && strings.TrimSpace(words) == "" &&
		errors.As(quote, &bad) && bad.Code == swapscout.CodeBadResponse {
		return quote
	}
	status = max(status, 400) // a refusal sent with a 2xx status
	lower := strings.ToLower(words)
	switch {
	case orderID != "" && (status == 404 || strings.Contains(lower, "not found")):
		return OrderNotFound(name, orderID)
	case status == 401 || status == 403 || ContainsAny(lower, fields...):
		return Refusal(name, status, orderID, words)
	}
	var ve *swapscout.VenueError
	if quote == nil || errors.As(quote, &ve) && ve.Code == swapscout.CodeBadResponse {
		return Refusal(name, status, orderID, words)
	}
	return quote
}

// RawText reads a JSON value a venue sends as a string or a number (a memo,
// an XRP tag): its text, "" for null.
func RawText(raw json.RawMessage) string {
	s := strings.TrimSpace(string(raw))
	if s == "null" {
		return ""
	}
	return strings.Trim(s, `"`)
}

// JSON returns r carrying body as its JSON payload, when there is one (a
// create call; a status call has none).
func (r Request) JSON(body []byte) Request {
	if body != nil {
		r.Body, r.ContentType = body, "application/json"
	}
	return r
}

// StatusNames is a table of the words that are our statuses' own names
// (names, written "waiting confirming exchanging …", as many venues word
// their lifecycle), with the venue's other words, more. It panics on a name
// that is no status: tables are written in the source.
func StatusNames(names string, more StatusTable) StatusTable {
	t := make(StatusTable, len(more)+8)
	for _, n := range strings.Fields(names) {
		if st := swapscout.SwapStatus(n); !st.Valid() || st == swapscout.StatusUnknown {
			panic("venue: " + n + " is not a swap status")
		}
		t[n] = swapscout.SwapStatus(n)
	}
	maps.Copy(t, more)
	return t
}

// ExchangeStatuses is the lifecycle of the "exchange" API family ChangeNOW,
// SimpleSwap, StealthEX and WizardSwap share (each adapter's StatusWords
// cites its sources): waiting, confirming, exchanging, sending, finished,
// failed and refunded, our statuses' own names, and verifying, an AML or KYC
// check (held); with a venue's own words, more.
func ExchangeStatuses(more StatusTable) StatusTable {
	t := StatusNames("waiting confirming exchanging sending finished failed refunded",
		StatusTable{"verifying": swapscout.StatusHeld})
	maps.Copy(t, more)
	return t
}

// Decoder reads a venue's answer (its status and body) into v, or maps its
// refusal to a typed error.
type Decoder func(status int, body []byte, v any) error

// PriceAndLimits makes an instant-swap quote's two calls at once, both read
// by decode: the price into pv, whose error is the quote's, and the pair's
// limits into lv, a bonus whose error comes apart (an offer stands without
// them).
func PriceAndLimits(ctx context.Context, cfg *Config, decode Decoder, price Request, pv any, limits Request, lv any) (err, limitsErr error) {
	read := func(v any) func(int, []byte) error {
		return func(status int, body []byte) error { return decode(status, body, v) }
	}
	err = Parallel(ctx,
		func(ctx context.Context) error { return Fetch(ctx, cfg, price, read(pv)) },
		func(ctx context.Context) error {
			limitsErr = Fetch(ctx, cfg, limits, read(lv))
			return nil
		})
	return err, limitsErr
}
