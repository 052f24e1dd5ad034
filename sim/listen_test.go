package sim

import (
	"net"
	"testing"
)

func TestBaseURL(t *testing.T) {
	for _, tt := range []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8081}, "http://127.0.0.1:8081"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 8081}, "http://127.0.0.1:8081"}, // ":8081"
		{&net.TCPAddr{IP: net.IPv4zero, Port: 8081}, "http://127.0.0.1:8081"},
		{&net.TCPAddr{Port: 8081}, "http://127.0.0.1:8081"},
		{&net.TCPAddr{IP: net.IPv6loopback, Port: 8081}, "http://[::1]:8081"},
		{&net.UnixAddr{Name: "sim.sock", Net: "unix"}, "http://sim.sock"},
	} {
		if got := BaseURL(tt.addr); got != tt.want {
			t.Errorf("BaseURL(%v) = %q, want %q", tt.addr, got, tt.want)
		}
	}
}

func TestListenRefusesClosedAndStarted(t *testing.T) {
	if _, err := Listen("x", true, false, "127.0.0.1:0"); err == nil || err.Error() != "x: server closed" {
		t.Errorf("closed: err = %v", err)
	}
	if _, err := Listen("x", false, true, "127.0.0.1:0"); err == nil || err.Error() != "x: server already started" {
		t.Errorf("started: err = %v", err)
	}
	if _, err := Listen("x", false, false, "256.0.0.1:0"); err == nil || err.Error()[:3] != "x: " {
		t.Errorf("bad address: err = %v", err)
	}
	ln, err := Listen("x", false, false, "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	if got := BaseURL(ln.Addr()); got[:len("http://127.0.0.1:")] != "http://127.0.0.1:" {
		t.Errorf("BaseURL = %q", got)
	}
}
