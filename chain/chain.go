// Package chain is the kit the chain watchers (chain/esplora, chain/evmrpc,
// chain/trongrid, chain/solanarpc) are built from: the Config each is
// constructed with, one call path shared by all of them (deadline, capped
// answer, per-endpoint rate limit and circuit breaker, errors mapped to
// swapscout failure codes), a JSON-RPC 2.0 caller, addresses compared in
// each network's canonical form, and the small caches that keep polling
// cheap (the tip height, answers about confirmed transactions, which never
// change).
//
// Every call goes through venue.Fetch with a venue.Guard per endpoint: the
// same token bucket, cool-down after a rate-limit answer and circuit breaker
// the venue adapters use, so a chain endpoint that slows down or answers 429
// is held off the same way. The endpoint's URL may carry an API key (many
// RPC providers put it in the path): no error or name built here shows more
// of the URL than its host.
package chain

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/internal/opt"
	"github.com/swapscout/swapscout/upstream"
	"github.com/swapscout/swapscout/venue"
)

// Defaults for Config's zero fields.
const (
	DefaultTimeout = 10 * time.Second
	DefaultMaxBody = 4 << 20 // address histories of 25-50 transactions with their inputs are a few hundred KB
)

// Config is what a chain watcher is built with: one endpoint.
type Config struct {
	// URL is the endpoint's root without a trailing slash, as the operator
	// configures it (https://blockstream.info/api,
	// https://mainnet.infura.io/v3/KEY, https://api.trongrid.io,
	// https://api.mainnet-beta.solana.com).
	URL string
	// Key is the API key sent in a header, for formats that take one
	// (TronGrid's TRON-PRO-API-KEY); empty for none. Never logged.
	Key  string
	HTTP *upstream.Client // the shared client
	// Guard limits and protects every call to this endpoint; NewGuard
	// builds one. Nil lets every call through (tests).
	Guard   *venue.Guard
	Now     func() time.Time // clock for caches and confirmations; time.Now when nil
	Timeout time.Duration    // per call; DefaultTimeout when zero
	MaxBody int              // answer cap; DefaultMaxBody when zero
}

// NowTime returns the time on c's clock.
func (c *Config) NowTime() time.Time {
	if c.Now != nil {
		return c.Now()
	}
	return time.Now()
}

// Host is the endpoint's host, the only part of its URL fit for messages
// and metrics (the path or query may hold a key).
func (c *Config) Host() string { return Host(c.URL) }

// Host returns the host of raw, or "endpoint" when it has none.
func Host(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return "endpoint"
	}
	return u.Host
}

// Check validates c for a watcher of the given format.
func (c *Config) Check(format string) error {
	u, err := url.Parse(c.URL)
	switch {
	case err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "":
		return fmt.Errorf("chain %s: URL must be an absolute http(s) URL", format)
	case c.HTTP == nil:
		return fmt.Errorf("chain %s: HTTP client is nil", format)
	}
	return nil
}

// NewGuard returns the guard of one endpoint, named "format network (host)"
// in messages, with limit l (venue.DefaultLimit when l.Rate is zero).
func NewGuard(format, network, rawURL string, l venue.Limit, now func() time.Time) *venue.Guard {
	if l.Rate == 0 {
		l = venue.DefaultLimit
	}
	return venue.NewGuard(format+" "+network+" ("+Host(rawURL)+")", l, now)
}

// Request is one call to an endpoint.
type Request struct {
	Method      string // GET when empty
	Path        string // appended to Config.URL; the query included
	Body        []byte
	ContentType string
	Header      []venue.Field
}

// Fetch performs req against c's endpoint within c's deadline and answer
// cap, through c's guard, and hands the answer to parse while the body is
// valid. Errors come back as Fetch's callers expect them (see Error): the
// venue kit's transport errors reworded for a chain endpoint named name.
func Fetch(ctx context.Context, c *Config, name string, req Request, parse func(status int, body []byte) error) error {
	ctx, cancel := context.WithTimeout(ctx, opt.Or(c.Timeout, DefaultTimeout))
	defer cancel()
	maxBody := opt.Or(c.MaxBody, DefaultMaxBody)
	vc := venue.Config{HTTP: c.HTTP, Guard: c.Guard, Now: c.Now}
	err := venue.Fetch(ctx, &vc, venue.Request{
		Method: req.Method, URL: c.URL + req.Path, Header: req.Header,
		Body: req.Body, ContentType: req.ContentType, MaxBody: maxBody,
	}, parse)
	return endpointError(name, err)
}

// endpointError rewords the venue kit's errors for a chain endpoint: the
// code, RetryAfter and cause stay; the message names the endpoint.
func endpointError(name string, err error) error {
	if err == nil {
		return nil
	}
	var ve *swapscout.VenueError
	if !errors.As(err, &ve) {
		if errors.Is(err, context.DeadlineExceeded) {
			return &swapscout.VenueError{Code: swapscout.CodeTimeout, Msg: name + ": no answer within the deadline", Err: err}
		}
		return err // cancellation, ErrTransactionNotFound, EINVALID: as they are
	}
	if ve.Code == swapscout.CodeRateLimited {
		return err // the guard's message already names the endpoint
	}
	msg := map[swapscout.FailureCode]string{
		swapscout.CodeUnavailable: "unreachable or failing",
		swapscout.CodeBadResponse: "unreadable answer",
		swapscout.CodeTimeout:     "no answer within the deadline",
	}[ve.Code]
	if msg == "" {
		msg = string(ve.Code)
	}
	if ve.Msg != "" {
		msg += " (" + ve.Msg + ")"
	}
	c := *ve
	c.Msg = name + ": " + msg
	return &c
}

// Error is the error of an answer a watcher could not use: the endpoint
// answered, but not what its format says it answers.
func Error(name string, code swapscout.FailureCode, format string, args ...any) error {
	return &swapscout.VenueError{Code: code, Msg: name + ": " + fmt.Sprintf(format, args...)}
}

// BadAnswer wraps a decode error of an endpoint's answer as bad_response.
func BadAnswer(name string, err error) error {
	return &swapscout.VenueError{Code: swapscout.CodeBadResponse, Msg: name + ": unreadable answer", Err: err}
}

// StatusError is the error for an HTTP status a watcher does not expect.
func StatusError(name string, status int) error {
	if status >= 500 {
		return Error(name, swapscout.CodeUnavailable, "failing (HTTP %d)", status)
	}
	return Error(name, swapscout.CodeBadResponse, "unexpected answer (HTTP %d)", status)
}

// Invalid is the error for a query a watcher cannot serve (another
// network, an asset it does not carry, a malformed transaction id): the
// caller's mistake, found before any call.
func Invalid(format string, args ...any) error {
	return swapscout.Errorf(swapscout.EINVALID, format, args...)
}

// CheckQuery refuses a query for a network the watcher does not read or an
// asset the catalogue does not list on it, before any call.
func CheckQuery(networks []string, q swapscout.TransferQuery) (swapscout.AssetInfo, error) {
	if !Serves(networks, q.Network) {
		return swapscout.AssetInfo{}, Invalid("this chain watcher does not read network %q", q.Network)
	}
	info, ok := swapscout.LookupAsset(q.Asset)
	if !ok || q.Asset.Network != q.Network {
		return swapscout.AssetInfo{}, Invalid("asset %s is not in the catalogue on network %q", q.Asset, q.Network)
	}
	if q.Address == "" || len(q.Address) > 128 {
		return swapscout.AssetInfo{}, Invalid("address is required (at most 128 characters)")
	}
	return info, nil
}

// Serves reports whether network is among networks.
func Serves(networks []string, network string) bool {
	for _, n := range networks {
		if n == network {
			return true
		}
	}
	return false
}

// Endpoint is what a watcher of one network at one endpoint says of
// itself; each watcher embeds it for Networks and Name.
type Endpoint struct{ network, name string }

// NewEndpoint is the watcher of network at the endpoint messages call name.
func NewEndpoint(network, name string) Endpoint { return Endpoint{network: network, name: name} }

// Network is the network watched.
func (e Endpoint) Network() string { return e.network }

// Networks implements swapscout.ChainWatcher.
func (e Endpoint) Networks() []string { return []string{e.network} }

// Name is the endpoint as messages name it.
func (e Endpoint) Name() string { return e.name }
