package upstream

import (
	"context"
	"encoding/binary"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// socksServer is a minimal SOCKS5 proxy (RFC 1928: no authentication or
// user/password, CONNECT to an IPv4 address or a domain name) on loopback.
// It records the destinations it was asked for, as the client named them,
// and resolves a name only through its own map (names), so a test shows
// that the client never resolved the name itself.
type socksServer struct {
	ln    net.Listener
	names map[string]string // host name → address the proxy dials
	mu    sync.Mutex
	asked []string // "host:port" as the client sent it
	users []string // user names given, if any
	wg    sync.WaitGroup
}

func newSOCKSServer(tb testing.TB, names map[string]string) *socksServer {
	tb.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	s := &socksServer{ln: ln, names: names}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.wg.Add(1)
			go func() { defer s.wg.Done(); s.serve(c) }()
		}
	}()
	tb.Cleanup(func() { ln.Close(); s.wg.Wait() })
	return s
}

func (s *socksServer) url() string { return "socks5://" + s.ln.Addr().String() }

func (s *socksServer) serve(c net.Conn) {
	defer c.Close()
	var hdr [2]byte
	if _, err := io.ReadFull(c, hdr[:]); err != nil || hdr[0] != 5 {
		return
	}
	methods := make([]byte, hdr[1])
	if _, err := io.ReadFull(c, methods); err != nil {
		return
	}
	if strings.IndexByte(string(methods), 2) >= 0 { // user/password
		c.Write([]byte{5, 2})
		var v [2]byte
		io.ReadFull(c, v[:])
		user := make([]byte, v[1])
		io.ReadFull(c, user)
		var pl [1]byte
		io.ReadFull(c, pl[:])
		io.ReadFull(c, make([]byte, pl[0]))
		s.mu.Lock()
		s.users = append(s.users, string(user))
		s.mu.Unlock()
		c.Write([]byte{1, 0})
	} else {
		c.Write([]byte{5, 0})
	}
	var req [4]byte
	if _, err := io.ReadFull(c, req[:]); err != nil || req[1] != 1 {
		return
	}
	var host string
	switch req[3] {
	case 1:
		var ip [4]byte
		io.ReadFull(c, ip[:])
		host = net.IP(ip[:]).String()
	case 3:
		var n [1]byte
		io.ReadFull(c, n[:])
		name := make([]byte, n[0])
		io.ReadFull(c, name)
		host = string(name)
	default:
		return
	}
	var pb [2]byte
	io.ReadFull(c, pb[:])
	port := strconv.Itoa(int(binary.BigEndian.Uint16(pb[:])))
	s.mu.Lock()
	s.asked = append(s.asked, net.JoinHostPort(host, port))
	s.mu.Unlock()
	target := net.JoinHostPort(host, port)
	if a, ok := s.names[host]; ok {
		target = a
	}
	up, err := net.Dial("tcp", target)
	if err != nil {
		c.Write([]byte{5, 5, 0, 1, 0, 0, 0, 0, 0, 0})
		return
	}
	defer up.Close()
	c.Write([]byte{5, 0, 0, 1, 127, 0, 0, 1, 0, 0})
	done := make(chan struct{})
	go func() { io.Copy(up, c); up.(*net.TCPConn).CloseWrite(); close(done) }()
	io.Copy(c, up)
	<-done
}

func (s *socksServer) destinations() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.asked...)
}

// TestSOCKS5: with Options.Dial from SOCKS5Dial, every call reaches the
// venue through the proxy, which is handed the venue's host name (a name
// this machine cannot resolve: only the proxy knows it, as Tor knows .onion
// names), and a warm call reuses the proxied connection.
func TestSOCKS5(t *testing.T) {
	srv := newRawServer(t)
	_, port, _ := net.SplitHostPort(srv.ln.Addr().String())
	const onion = "venue2345venue2345venue2345venue2345venue2345venue23ab.onion"
	px := newSOCKSServer(t, map[string]string{onion: srv.ln.Addr().String()})
	dial, err := SOCKS5Dial(px.url())
	if err != nil {
		t.Fatal(err)
	}
	cl := newClient(t, Options{Dial: dial})
	for range 3 {
		status, body, err := get(t.Context(), cl, "http://"+onion+":"+port+"/json")
		if err != nil || status != 200 || len(body) != len(jsonFixture) {
			t.Fatalf("GET through the proxy: %d, %d bytes, %v", status, len(body), err)
		}
	}
	if got := px.destinations(); len(got) != 1 || got[0] != onion+":"+port {
		t.Errorf("the proxy was asked for %q, want one connection to %s:%s by name", got, onion, port)
	}
}

// TestSOCKS5Auth: credentials in the proxy URL reach the proxy (Tor
// separates circuits by them); a malformed proxy URL is refused without
// repeating its password.
func TestSOCKS5Auth(t *testing.T) {
	srv := newRawServer(t)
	px := newSOCKSServer(t, nil)
	dial, err := SOCKS5Dial("socks5://swapscout-exolix:x@" + px.ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	cl := newClient(t, Options{Dial: dial})
	if status, _, err := get(t.Context(), cl, srv.url+"/json"); err != nil || status != 200 {
		t.Fatalf("GET: %d %v", status, err)
	}
	px.mu.Lock()
	users := px.users
	px.mu.Unlock()
	if len(users) != 1 || users[0] != "swapscout-exolix" {
		t.Errorf("proxy users %q", users)
	}
	for _, bad := range []string{"http://u:secretpw@127.0.0.1:9050", "socks5://", "127.0.0.1:9050", "socks5://h:1/path"} {
		_, err := SOCKS5Dial(bad)
		if err == nil || strings.Contains(err.Error(), "secretpw") {
			t.Errorf("SOCKS5Dial(%q) = %v, want an error without the password", bad, err)
		}
	}
}

// TestSOCKS5ProxyDown: a proxy that does not answer fails the call as the
// venue being unreachable, within the call's context.
func TestSOCKS5ProxyDown(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	dial, err := SOCKS5Dial("socks5://" + addr)
	if err != nil {
		t.Fatal(err)
	}
	cl := newClient(t, Options{Dial: dial})
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	if _, _, err := get(ctx, cl, "http://venue.example:80/json"); err == nil {
		t.Fatal("a call through a dead proxy succeeded")
	}
}
