package upstream

import (
	"context"
	"fmt"
	"net"
	"net/url"
	"strings"

	"golang.org/x/net/proxy"
)

// SOCKS5Dial returns a dial function (Options.Dial) that opens every TCP
// connection through the SOCKS5 proxy at proxyURL: "socks5://host:port" or
// "socks5h://host:port", with "user:password@" when the proxy asks for it
// (Tor takes any, and keeps streams with different credentials on different
// circuits). The destination's host name is handed to the proxy as a name,
// never resolved here, so no DNS query leaves this machine and .onion
// names work. TLS is layered on top by the client as usual, so the proxy
// sees only the host and port.
func SOCKS5Dial(proxyURL string) (func(ctx context.Context, network, addr string) (net.Conn, error), error) {
	u, err := url.Parse(proxyURL)
	if err != nil || (u.Scheme != "socks5" && u.Scheme != "socks5h") || u.Host == "" || u.Path != "" && u.Path != "/" {
		return nil, fmt.Errorf("proxy %q: want socks5://host:port", redactProxy(proxyURL))
	}
	var auth *proxy.Auth
	if u.User != nil {
		pw, _ := u.User.Password()
		auth = &proxy.Auth{User: u.User.Username(), Password: pw}
	}
	d, err := proxy.SOCKS5("tcp", u.Host, auth, &net.Dialer{})
	if err != nil {
		return nil, fmt.Errorf("proxy %s: %w", redactProxy(proxyURL), err)
	}
	cd, ok := d.(proxy.ContextDialer)
	if !ok {
		return nil, fmt.Errorf("proxy %s: the SOCKS5 dialer cannot take a context", redactProxy(proxyURL))
	}
	return cd.DialContext, nil
}

// redactProxy is a proxy URL without its password, for messages.
func redactProxy(s string) string {
	if u, err := url.Parse(s); err == nil && u.User != nil {
		if _, has := u.User.Password(); has {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
			return u.String()
		}
		return u.String()
	}
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		return "…" + s[i:]
	}
	return s
}
