package httpapi

import (
	"bytes"
	"net"
	"net/netip"
	"testing"
)

type fuzzHeader []byte

func (h fuzzHeader) Peek(name string) []byte {
	if name == "X-Forwarded-For" {
		return h
	}
	return nil
}

// FuzzClientAddr: whatever X-Forwarded-For holds, the client is the peer
// itself or an address written in the header, a trusted proxy only when the
// chain cannot be read past it; an untrusted peer's header is never read.
func FuzzClientAddr(f *testing.F) {
	for _, s := range []string{"", "198.51.100.7", "198.51.100.7, 10.0.0.2", "  ,,", "::ffff:1.2.3.4, 10.1.1.1", "bogus, 10.0.0.1", "2001:db8::1"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	l := &clientIDs{trusted: trusted}
	f.Fuzz(func(t *testing.T, xff string, viaProxy bool) {
		peer := net.IPv4(192, 0, 2, 9)
		if viaProxy {
			peer = net.IPv4(10, 9, 9, 9)
		}
		r := &Request{Remote: &net.TCPAddr{IP: peer}, Header: fuzzHeader(xff)}
		a, ok := l.clientAddr(r)
		if !ok || !a.IsValid() {
			t.Fatalf("no client for %q", xff)
		}
		pa, _ := netip.AddrFromSlice(peer)
		pa = pa.Unmap()
		if !viaProxy && a != pa {
			t.Fatalf("untrusted peer's X-Forwarded-For %q was read: client %v", xff, a)
		}
		if a == pa {
			return
		}
		garbled, found, allTrusted := false, false, true
		for _, part := range bytes.Split([]byte(xff), []byte(",")) {
			h, err := netip.ParseAddr(string(bytes.TrimSpace(part)))
			garbled = garbled || err != nil
			found = found || (err == nil && h.Unmap() == a)
			allTrusted = allTrusted && err == nil && l.isTrusted(h.Unmap())
		}
		if found {
			// A trusted hop is the client only when every hop is one, or
			// the chain left of it cannot be read (then the last hop we
			// trust stands for it).
			if l.isTrusted(a) && !garbled && !allTrusted {
				t.Fatalf("client %v is a trusted proxy (header %q)", a, xff)
			}
			return
		}
		t.Fatalf("client %v is neither the peer nor an address in %q", a, xff)
	})
}

// FuzzRequestID: whatever a client sends as X-Request-Id, the id we use is
// a short token of safe characters, fit for a header and a log line.
func FuzzRequestID(f *testing.F) {
	for _, s := range []string{"", "abc-123", "a b", "x\r\nSet-Cookie: y", string(make([]byte, 100))} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		id := AppendRequestID(nil, in)
		if !validRequestID(id) {
			t.Fatalf("id %q from %q is not a safe token", id, in)
		}
		if validRequestID(in) && !bytes.Equal(id, in) {
			t.Fatalf("a valid client id %q was replaced by %q", in, id)
		}
	})
}
