package sim

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

// Listen is the first step of a simulated server's Start, shared by Server
// and the hostile upstream (sim/hostile): it refuses a server that is closed
// or already started, and otherwise listens on addr (e.g. "127.0.0.1:0").
// Errors begin with name.
func Listen(name string, closed, started bool, addr string) (net.Listener, error) {
	switch {
	case closed:
		return nil, errors.New(name + ": server closed")
	case started:
		return nil, errors.New(name + ": server already started")
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return ln, nil
}

// HTTPServer is the http.Server a simulated server runs h on, with a
// deadline on request headers so a stalled client cannot hold a connection.
func HTTPServer(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
}

// BaseURL is "http://HOST:PORT" for a listener's address: an unspecified
// host (a listen address like ":0" or "0.0.0.0:0") is reported as
// 127.0.0.1, which a client on this machine can dial.
func BaseURL(addr net.Addr) string {
	ta, ok := addr.(*net.TCPAddr)
	if !ok {
		return "http://" + addr.String()
	}
	host := ta.IP
	if host == nil || host.IsUnspecified() {
		host = net.IPv4(127, 0, 0, 1)
	}
	return "http://" + net.JoinHostPort(host.String(), fmt.Sprint(ta.Port))
}
