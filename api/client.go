package api

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/swapscout/swapscout"
)

// Client speaks to a swapscout server. Its methods mirror the services
// behind the API: quotes (Quote, QuoteStream, QuoteByID), swaps
// (CreateSwap, Swap, SwapEvents, RecordDeposit) and the server (Venues,
// Health). An answer other than success is an *Error carrying the API's
// code and message; a request that got no answer returns the transport's
// error as it is (ErrAnswer and ErrStreamBroken mark the answers that
// came but could not be used).
type Client struct {
	base string
	hc   *http.Client
	// once sends each request on a connection of its own. net/http sends
	// a request that carries an Idempotency-Key again by itself when a
	// reused connection drops; a swap's creator must see every lost
	// answer, since after one a 503 no longer proves that nothing was
	// created.
	once *http.Client
}

// MaxAnswer is the largest answer the client reads.
const MaxAnswer = 4 << 20

// Errors of answers the client could not use: ErrAnswer wraps a success
// whose body is not what the API sends (a swap record, a quote, …);
// ErrStreamBroken wraps a stream that failed after it began (the
// connection dropped, a line too long). A request that got no answer at
// all is neither: it returns the transport's error.
var (
	ErrAnswer       = errors.New("the server's answer could not be read")
	ErrStreamBroken = errors.New("the stream broke")
)

// decoded wraps a decoder's error in ErrAnswer.
func decoded[T any](v T, err error) (T, error) {
	if err != nil {
		return v, fmt.Errorf("%w: %w", ErrAnswer, err)
	}
	return v, nil
}

// NewClient returns a client of the server at server: a URL
// ("http://127.0.0.1:8080"), or host:port as people type it.
func NewClient(server string) *Client {
	base := strings.TrimSuffix(strings.TrimSpace(server), "/")
	if !strings.Contains(base, "://") {
		base = "http://" + base
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.DisableKeepAlives = true
	return &Client{base: base, hc: &http.Client{}, once: &http.Client{Transport: tr}}
}

// NewClientWith is NewClient with hc for every request (its timeout, its
// transport). A swap's creation still goes on a connection of its own when
// hc's transport is an *http.Transport (a clone without keep-alives);
// with another transport, hc sends it.
func NewClientWith(server string, hc *http.Client) *Client {
	c := NewClient(server)
	c.hc, c.once = hc, hc
	if tr, ok := hc.Transport.(*http.Transport); ok || hc.Transport == nil {
		if !ok {
			tr = http.DefaultTransport.(*http.Transport)
		}
		tr = tr.Clone()
		tr.DisableKeepAlives = true
		once := *hc
		once.Transport = tr
		c.once = &once
	}
	return c
}

// Base returns the server's URL, without a trailing slash.
func (c *Client) Base() string { return c.base }

// QuoteRequest is what GET /v1/quotes is asked, in the words people type:
// the server resolves the assets and checks every field, and says what is
// wrong with one (an *Error with code invalid).
type QuoteRequest struct {
	From, To               string // tickers: "btc", "usdt"
	FromNetwork, ToNetwork string // "": the ticker's main network
	Amount                 string // a decimal: "0.1"
	Direction              swapscout.Direction
	RateType               swapscout.RateType
	Deadline               time.Duration // how long venues are waited for; 0: the server's default
	Venues, Exclude        []string      // only these venues; never these
	KYC                    string        // the worst KYC rating taken, "A" to "D"; "": any
	LogPolicy              string        // the worst log-policy rating taken, "A" to "C"; "": any
	Custody                swapscout.Custody
	Swappable              bool // only offers that can become a swap there
	// Routes and Split are the routes= and split= parameters: "1" or "0"
	// (two-leg routes always, never), "2", "3" or "0" (a split into at
	// most so many parts, never); "": the server's default (auto).
	Routes, Split string
}

// Query returns r as the query parameters of GET /v1/quotes.
func (r *QuoteRequest) Query() url.Values {
	q := url.Values{"from": {r.From}, "to": {r.To}, "amount": {r.Amount}}
	set := func(k, v string) {
		if v != "" {
			q.Set(k, v)
		}
	}
	set("from_network", r.FromNetwork)
	set("to_network", r.ToNetwork)
	if r.Direction == swapscout.Receive {
		q.Set("direction", "receive")
	}
	if r.RateType == swapscout.Fixed {
		q.Set("rate", "fixed")
	}
	if r.Deadline > 0 {
		q.Set("deadline", formatDeadline(r.Deadline))
	}
	set("venues", strings.Join(r.Venues, ","))
	set("exclude", strings.Join(r.Exclude, ","))
	set("kyc", r.KYC)
	set("logpolicy", r.LogPolicy)
	set("custody", string(r.Custody))
	if r.Swappable {
		q.Set("swappable", "true")
	}
	set("routes", r.Routes)
	set("split", r.Split)
	return q
}

// formatDeadline writes d in the units the API reads: "3s", "1500ms".
func formatDeadline(d time.Duration) string {
	switch {
	case d%time.Second == 0:
		return strconv.FormatInt(int64(d/time.Second), 10) + "s"
	case d%time.Millisecond == 0:
		return strconv.FormatInt(int64(d/time.Millisecond), 10) + "ms"
	}
	return strconv.FormatInt(int64(d), 10) + "ns"
}

// Quote asks the server's venues for r (GET /v1/quotes) and returns the
// ranked quote, stored under its id.
func (c *Client) Quote(ctx context.Context, r QuoteRequest) (*Quote, error) {
	b, err := c.get(ctx, "/v1/quotes?"+r.Query().Encode())
	if err != nil {
		return nil, err
	}
	return decoded(DecodeQuote(b))
}

// QuoteStream asks for r as Quote does, through the event stream (GET
// /v1/quotes/stream): fn, when not nil, hears each venue's answer as it
// arrives; the ranked quote comes last.
func (c *Client) QuoteStream(ctx context.Context, r QuoteRequest, fn func(swapscout.Result)) (*Quote, error) {
	resp, err := c.send(ctx, c.hc, "GET", "/v1/quotes/stream?"+r.Query().Encode(), nil, "", "text/event-stream")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, answerError(resp)
	}
	er := NewEventReader(resp.Body)
	for {
		ev, err := er.Next()
		if err == io.EOF {
			return nil, fmt.Errorf("%w: the server closed the stream before the final quote", ErrStreamBroken)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %w", ErrStreamBroken, err)
		}
		switch ev.Name {
		case "offer":
			if o, err := DecodeOffer(ev.Data); err == nil && fn != nil {
				fn(swapscout.Result{Offer: o})
			}
		case "failure":
			if f, err := DecodeFailure(ev.Data); err == nil && fn != nil {
				fn(swapscout.Result{Failure: f})
			}
		case "quote":
			return decoded(DecodeQuote(ev.Data))
		case "error":
			return nil, DecodeError(0, ev.Data)
		}
	}
}

// QuoteByID returns the quote stored under id (GET /v1/quotes/{id}); an
// *Error with code not_found when it is unknown or has expired.
func (c *Client) QuoteByID(ctx context.Context, id string) (*Quote, error) {
	b, err := c.get(ctx, "/v1/quotes/"+url.PathEscape(id))
	if err != nil {
		return nil, err
	}
	return decoded(DecodeQuote(b))
}

// SwapRequest is the body of POST /v1/swaps: the offer of a stored quote to
// take (its quote id and venue) and where the coins go.
type SwapRequest struct {
	QuoteID       string `json:"quote_id"`
	Venue         string `json:"venue"`
	PayoutAddress string `json:"payout_address"`
	PayoutMemo    string `json:"payout_memo,omitempty"`
	RefundAddress string `json:"refund_address"`
	RefundMemo    string `json:"refund_memo,omitempty"`
	// MaxSlippage is the worst change of rate since the quote taken
	// without asking again, a fraction ("0.005" is 0.5 %); "": the
	// server's default.
	MaxSlippage string `json:"max_slippage,omitempty"`
	CallbackURL string `json:"callback_url,omitempty"`
	// BridgeRefundAddress and BridgeRefundMemo, for a two-leg route only
	// (and required for one): where its second venue refunds, in the
	// bridge asset, if it cannot finish its leg.
	BridgeRefundAddress string `json:"bridge_refund_address,omitempty"`
	BridgeRefundMemo    string `json:"bridge_refund_memo,omitempty"`
}

// CreateSwap creates a swap from r (POST /v1/swaps) under idempotencyKey,
// a unique string per swap: sending the same key again answers the swap
// the first request made, never a second one, so a request whose answer
// was lost can be sent again. created is false for such an answer.
// The request goes on a connection of its own, so nothing sends it again
// behind the caller's back.
func (c *Client) CreateSwap(ctx context.Context, idempotencyKey string, r SwapRequest) (sw *Swap, created bool, err error) {
	body, err := json.Marshal(r)
	if err != nil {
		return nil, false, err
	}
	status, b, err := c.call(ctx, c.once, "POST", "/v1/swaps", body, idempotencyKey)
	if err != nil {
		return nil, false, err
	}
	sw, err = decoded(DecodeSwap(b))
	return sw, status == http.StatusCreated, err
}

// Swap returns swap id with its history (GET /v1/swaps/{id}).
func (c *Client) Swap(ctx context.Context, id string) (*Swap, error) {
	b, err := c.get(ctx, "/v1/swaps/"+url.PathEscape(id))
	if err != nil {
		return nil, err
	}
	return decoded(DecodeSwap(b))
}

// RecordDeposit tells the server which transaction paid swap id, for a
// swap followed by its deposit (POST /v1/swaps/{id}/deposit), and returns
// the record. Recording the same transaction twice is harmless.
func (c *Client) RecordDeposit(ctx context.Context, id, txID string) (*Swap, error) {
	body, err := json.Marshal(struct {
		TxID string `json:"tx_id"`
	}{txID})
	if err != nil {
		return nil, err
	}
	_, b, err := c.call(ctx, c.hc, "POST", "/v1/swaps/"+url.PathEscape(id)+"/deposit", body, "")
	if err != nil {
		return nil, err
	}
	return decoded(DecodeSwap(b))
}

// SwapEvents follows swap id through its event stream (GET
// /v1/swaps/{id}/events): fn is called with the record at once and after
// each change, until the swap ends, the server closes the stream (nil),
// fn returns an error (that error), or the server ends the stream with an
// error event (an *Error whose Status is 0; code unavailable when the
// server is shutting down: connect again). An answer other than a stream
// is an *Error with its status.
func (c *Client) SwapEvents(ctx context.Context, id string, fn func(*Swap) error) error {
	resp, err := c.send(ctx, c.hc, "GET", "/v1/swaps/"+url.PathEscape(id)+"/events", nil, "", "text/event-stream")
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return answerError(resp)
	}
	er := NewEventReader(resp.Body)
	for {
		ev, err := er.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%w: %w", ErrStreamBroken, err)
		}
		if ev.Name == "error" {
			return DecodeError(0, ev.Data)
		}
		sw, err := DecodeSwap(ev.Data)
		if err != nil {
			continue // not a swap record (a newer event kind): skip it
		}
		if err := fn(sw); err != nil {
			return err
		}
		if sw.Terminal() {
			return nil
		}
	}
}

// Venues lists the server's venues (GET /v1/venues).
func (c *Client) Venues(ctx context.Context) ([]Venue, error) {
	b, err := c.get(ctx, "/v1/venues")
	if err != nil {
		return nil, err
	}
	return decoded(DecodeVenues(b))
}

// Health returns the server's health (GET /healthz).
func (c *Client) Health(ctx context.Context) (*Health, error) {
	b, err := c.get(ctx, "/healthz")
	if err != nil {
		return nil, err
	}
	return decoded(DecodeHealth(b))
}

// get asks for path and returns the body of a 200 answer; another answer
// is an *Error.
func (c *Client) get(ctx context.Context, path string) ([]byte, error) {
	_, b, err := c.call(ctx, c.hc, "GET", path, nil, "")
	return b, err
}

// call makes one request for a JSON answer and returns a success's status
// (200 or 201) and body; another answer is an *Error.
func (c *Client) call(ctx context.Context, hc *http.Client, method, path string, body []byte, key string) (int, []byte, error) {
	resp, err := c.send(ctx, hc, method, path, body, key, "application/json")
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, MaxAnswer))
	if err != nil {
		return 0, nil, err
	}
	if resp.StatusCode != http.StatusOK && resp.StatusCode != http.StatusCreated {
		return 0, nil, withRetryAfter(DecodeError(resp.StatusCode, b), resp)
	}
	return resp.StatusCode, b, nil
}

// send makes one request; the caller closes the answer's body.
func (c *Client) send(ctx context.Context, hc *http.Client, method, path string, body []byte, key, accept string) (*http.Response, error) {
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.base+path, rd)
	if err != nil {
		return nil, fmt.Errorf("server %s: %w", c.base, err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	req.Header.Set("Accept", accept)
	return hc.Do(req)
}

// answerError reads an answer other than success into an *Error.
func answerError(resp *http.Response) error {
	b, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	return withRetryAfter(DecodeError(resp.StatusCode, b), resp)
}

func withRetryAfter(e *Error, resp *http.Response) *Error {
	if s, err := strconv.Atoi(resp.Header.Get("Retry-After")); err == nil && s > 0 {
		e.RetryAfter = time.Duration(s) * time.Second
	}
	return e
}
