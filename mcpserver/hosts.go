package mcpserver

import (
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"strings"
)

// Hosts is the allow-list of host names /mcp answers for: DNS-rebinding
// protection that does not depend on the transport. A web page an agent's
// user opens can make their browser send requests to a name its attacker
// re-points at 127.0.0.1 (or at this server's address on the user's
// network); the browser then sends that name as Host, and the page's own
// origin as Origin. A request whose Host, or Origin when sent, names a host
// outside the list is refused with 403 before it reaches a tool.
//
// The SDK's own check reads the connection's local address from the
// request's context, which only net/http sets: under the fasthttp server it
// never ran. This one reads only the Host and Origin headers, which both
// transports pass.
type Hosts struct {
	names map[string]bool
}

// NewHosts allows names (host names or IP addresses, with or without a
// port: the port is not compared; case and a trailing dot ignored).
func NewHosts(names ...string) *Hosts {
	h := &Hosts{names: map[string]bool{}}
	for _, n := range names {
		if n = hostOnly(n); n != "" {
			h.names[n] = true
		}
	}
	return h
}

// Names lists the allowed names, for the start-up log.
func (h *Hosts) Names() []string {
	out := make([]string, 0, len(h.names))
	for n := range h.names {
		out = append(out, n)
	}
	return out
}

// Allows reports whether r's Host, and its Origin when it has one, name an
// allowed host. An Origin of "null" (a sandboxed page, a file) is refused.
func (h *Hosts) Allows(r *http.Request) bool {
	if h == nil || !h.names[hostOnly(r.Host)] {
		return false
	}
	o := r.Header.Get("Origin")
	if o == "" {
		return true // not a browser's cross-site request: agents send none
	}
	u, err := url.Parse(o)
	return err == nil && u.Host != "" && h.names[hostOnly(u.Host)]
}

// hostOnly is a Host header's (or an origin's) host: lower case, without
// port, brackets or trailing dot; "" when there is none.
func hostOnly(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	if h, _, err := net.SplitHostPort(s); err == nil {
		s = h
	}
	s = strings.TrimSuffix(strings.Trim(s, "[]"), ".")
	if a, err := netip.ParseAddr(s); err == nil {
		s = a.Unmap().String() // one spelling per address
	}
	return s
}

// loopbackNames are how a client on this machine names it.
var loopbackNames = []string{"localhost", "127.0.0.1", "::1"}

// ListenHosts are the names a client can reach a server listening on addr
// by without any DNS of an attacker's: on loopback, the loopback names; on
// one address, that address (and the loopback names when it is one); on
// every address (0.0.0.0, ::), the loopback names, the machine's interface
// addresses and its host name. Names the server is published under (a
// reverse proxy's, an onion address) are the operator's to add.
func ListenHosts(addr net.Addr) []string {
	ap, err := netip.ParseAddrPort(addr.String())
	if err != nil {
		return loopbackNames
	}
	ip := ap.Addr().Unmap()
	switch {
	case ip.IsLoopback():
		return loopbackNames
	case !ip.IsUnspecified():
		return []string{ip.String()}
	}
	out := append([]string(nil), loopbackNames...)
	if as, err := net.InterfaceAddrs(); err == nil {
		for _, a := range as {
			if p, err := netip.ParsePrefix(a.String()); err == nil {
				out = append(out, p.Addr().Unmap().String())
			}
		}
	}
	if n, err := os.Hostname(); err == nil && n != "" {
		out = append(out, n)
	}
	return out
}
