// Package webhook POSTs swap changes to the callback URL a client gave,
// signed so the receiver can tell they come from us.
//
// Each delivery is a POST of the swap as JSON with the headers
//
//	Content-Type: application/json
//	Swapscout-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>." + body)>
//	Swapscout-Delivery: <swap id>.<event number>
//
// The receiver recomputes the HMAC over the timestamp, a dot and the raw
// body with the shared secret, compares it in constant time, and refuses a
// timestamp too far from its clock (replays). Swapscout-Delivery names the
// change (the swap and the number of its status change, from 1): a delivery
// may be repeated after a failure, never reordered past a later one of the
// same swap by one sender.
//
// Callback URLs are checked when a swap is created (CheckURL) and again at
// each connection: private, loopback, link-local and other non-public
// addresses are refused unless allowed (tests and private deployments), so
// a client cannot make the server call into its own network, whatever a
// name resolves to by then. At creation a host is read as browsers and
// resolvers read it (host.go): "http://2130706433/", "http://0x7f.1/" and
// "http://[::ffff:127.0.0.1]/" are all the loopback address.
package webhook

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/swapscout/swapscout"
)

// Header names.
const (
	SignatureHeader = "Swapscout-Signature"
	DeliveryHeader  = "Swapscout-Delivery"
)

// MaxURL is the longest callback URL accepted.
const MaxURL = 2048

// CheckURL checks a callback URL when a swap is created: absolute http or
// https, a host, no user info (credentials would be stored and logged), and
// unless allowPrivate a host that is not a private, loopback or otherwise
// non-public address or "localhost". Names are resolved only when
// delivering (see Client). Errors are EINVALID with a message for the client.
func CheckURL(raw string, allowPrivate bool) error {
	// The messages follow the field's name in the caller's error
	// ("callback_url: must be an http or https URL").
	bad := func(why string) error {
		return swapscout.Errorf(swapscout.EINVALID, "%s", why)
	}
	if len(raw) > MaxURL {
		return bad(fmt.Sprintf("is longer than %d bytes", MaxURL))
	}
	u, err := url.Parse(raw)
	if err != nil {
		return bad("is not a URL")
	}
	if u.Scheme != "http" && u.Scheme != "https" {
		return bad("must be an http or https URL")
	}
	if u.User != nil {
		return bad("must not carry a user name or password")
	}
	host := u.Hostname()
	if host == "" {
		return bad("has no host")
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return bad("has an invalid port")
		}
	}
	if allowPrivate {
		return nil
	}
	h := strings.TrimSuffix(strings.ToLower(host), ".")
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return bad("must not point at this machine")
	}
	ip, isIP, err := hostAddr(host)
	switch {
	case errors.Is(err, errBadIPv4):
		return bad("has a host that is neither a name nor an IPv4 address")
	case err != nil:
		return bad("has an invalid host name")
	case isIP && !Public(ip):
		return bad("must not point at a private, loopback or reserved address")
	}
	return nil
}

// Public reports whether ip is a public unicast address: not loopback,
// private (RFC 1918, fc00::/7), link-local, unspecified, multicast, CGNAT
// (100.64.0.0/10) or another reserved range. An IPv4-mapped address is
// judged as its IPv4 address, and so is one that carries an IPv4 address
// to its destination (NAT64, 6to4); the IPv6 forms that embed an IPv4
// address without a public route to it (IPv4-compatible ::a.b.c.d,
// IPv4-translated, Teredo and the other IETF protocol ranges, local-use
// NAT64) are not public.
func Public(ip netip.Addr) bool {
	ip = ip.Unmap()
	if !ip.IsValid() || ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsInterfaceLocalMulticast() || ip.IsMulticast() || ip.IsUnspecified() {
		return false
	}
	for _, p := range reserved {
		if p.Contains(ip) {
			return false
		}
	}
	if v4, ok := embeddedIPv4(ip); ok {
		return Public(v4)
	}
	return true
}

var reserved = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),
	netip.MustParsePrefix("100.64.0.0/10"),
	netip.MustParsePrefix("192.0.0.0/24"),
	netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.18.0.0/15"),
	netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"),
	netip.MustParsePrefix("240.0.0.0/4"),
	netip.MustParsePrefix("::/96"),           // IPv4-compatible (deprecated): ::127.0.0.1
	netip.MustParsePrefix("::ffff:0:0:0/96"), // IPv4-translated (SIIT)
	netip.MustParsePrefix("64:ff9b:1::/48"),  // local-use NAT64
	netip.MustParsePrefix("100::/64"),        // discard-only
	netip.MustParsePrefix("2001::/23"),       // IETF protocol assignments: Teredo, benchmarking, ORCHID
	netip.MustParsePrefix("2001:db8::/32"),   // documentation
	netip.MustParsePrefix("3fff::/20"),       // documentation
	netip.MustParsePrefix("fec0::/10"),       // site-local (deprecated)
}

var errPrivateTarget = errors.New("webhook: callback resolves to a non-public address")

// Client returns the HTTP client deliveries use: a bounded time per
// delivery, no redirects (a 3xx is a failure), and unless allowPrivate a
// dialer that refuses non-public addresses at connect time, after
// resolution, so a name that resolves to an internal address is refused too.
func Client(timeout time.Duration, allowPrivate bool) *http.Client {
	d := &net.Dialer{Timeout: timeout}
	if !allowPrivate {
		d.Control = func(network, address string, _ syscall.RawConn) error {
			ap, err := netip.ParseAddrPort(address)
			if err != nil || !Public(ap.Addr()) {
				return errPrivateTarget
			}
			return nil
		}
	}
	tr := &http.Transport{
		Proxy:                 nil, // a proxy would dial on our behalf, past the address check
		DialContext:           d.DialContext,
		TLSHandshakeTimeout:   timeout,
		ResponseHeaderTimeout: timeout,
		MaxIdleConnsPerHost:   4,
		IdleConnTimeout:       30 * time.Second,
	}
	return &http.Client{Timeout: timeout, Transport: tr,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// Sign returns the Swapscout-Signature value for body sent at unix time ts.
func Sign(secret []byte, ts int64, body []byte) string {
	return "t=" + strconv.FormatInt(ts, 10) + ",v1=" + hex.EncodeToString(mac(secret, ts, body))
}

func mac(secret []byte, ts int64, body []byte) []byte {
	m := hmac.New(sha256.New, secret)
	m.Write(strconv.AppendInt(nil, ts, 10))
	m.Write([]byte{'.'})
	m.Write(body)
	return m.Sum(nil)
}

// Verify checks a Swapscout-Signature header against body: what a receiver
// does (README shows the same in a few lines). The timestamp must be within
// tolerance of now.
func Verify(secret []byte, header string, body []byte, now time.Time, tolerance time.Duration) error {
	var ts int64 = -1
	var sig []byte
	for _, part := range strings.Split(header, ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		switch k {
		case "t":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return errors.New("webhook: bad timestamp")
			}
			ts = n
		case "v1":
			b, err := hex.DecodeString(v)
			if err != nil {
				return errors.New("webhook: bad signature encoding")
			}
			sig = b
		}
	}
	if ts < 0 || sig == nil {
		return errors.New("webhook: signature header lacks t or v1")
	}
	if d := now.Sub(time.Unix(ts, 0)); d > tolerance || d < -tolerance {
		return errors.New("webhook: timestamp outside tolerance")
	}
	if !hmac.Equal(sig, mac(secret, ts, body)) {
		return errors.New("webhook: signature mismatch")
	}
	return nil
}

// Sender delivers one signed POST.
type Sender struct {
	Secret []byte // shared with receivers; never logged
	Client *http.Client
	Now    func() time.Time
}

// StatusError is a receiver's answer other than 2xx.
type StatusError struct{ Status int }

func (e *StatusError) Error() string { return "webhook: receiver answered " + strconv.Itoa(e.Status) }

// Send POSTs body to url as change c of its swap (Swapscout-Delivery:
// c.Name()). Any 2xx is delivered;
// anything else, or no answer in the client's time, is an error to retry.
// Errors never carry the secret (nor the URL's query, which may hold the
// receiver's own token).
func (s *Sender) Send(ctx context.Context, target string, c swapscout.SwapChange, body []byte) error {
	now := time.Now
	if s.Now != nil {
		now = s.Now
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, target, bytes.NewReader(body))
	if err != nil {
		return errors.New("webhook: bad callback URL")
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "swapscout-webhook/1")
	req.Header.Set(SignatureHeader, Sign(s.Secret, now().Unix(), body))
	req.Header.Set(DeliveryHeader, c.Name())
	resp, err := s.Client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err // without the URL
		}
		return fmt.Errorf("webhook: %w", err)
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return &StatusError{Status: resp.StatusCode}
	}
	return nil
}
