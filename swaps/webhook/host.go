package webhook

import (
	"errors"
	"net/netip"
	"strconv"
	"strings"

	"golang.org/x/net/idna"
)

// Hosts are read the way the programs that will meet them read them, so
// that a check of the address is a check of where a request would go:
//
//   - a name that is not ASCII is mapped to its ASCII form by the IDNA
//     lookup profile, as net/http does before it dials ("１２７．０．０．１"
//     is 127.0.0.1);
//   - a name whose last label is a number is an IPv4 address in the
//     WHATWG URL standard's (and inet_aton's) loose forms: one to four
//     parts, each decimal, octal (leading 0) or hexadecimal (0x), the last
//     filling the remaining bytes ("2130706433", "0x7f.1", "0177.0.0.1",
//     "127.1" are all 127.0.0.1). A browser or a C resolver sends such a
//     host to that address; one that does not parse is no host at all.

// errBadIPv4 is a host that ends in a number but is no IPv4 address in any
// of the forms resolvers accept.
var errBadIPv4 = errors.New("invalid IPv4 address")

// hostAddr returns the address host names when it is an IP address in any
// form a browser or a resolver accepts, with ok false for a name to be
// resolved. host is the URL's host without brackets or port.
func hostAddr(host string) (addr netip.Addr, ok bool, err error) {
	h := strings.ToLower(host)
	if !isASCII(h) {
		if h, err = idna.Lookup.ToASCII(h); err != nil {
			return netip.Addr{}, false, err
		}
	}
	if a, err := netip.ParseAddr(h); err == nil {
		return a, true, nil
	}
	return looseIPv4(h)
}

// looseIPv4 parses host as the WHATWG URL standard's IPv4 parser does: ok
// false when its last label is not a number (a name), errBadIPv4 when it
// is but the whole is not an address.
func looseIPv4(host string) (netip.Addr, bool, error) {
	parts := strings.Split(host, ".")
	if len(parts) > 1 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1] // one trailing dot: the root
	}
	if !endsInNumber(parts[len(parts)-1]) {
		return netip.Addr{}, false, nil
	}
	if len(parts) > 4 {
		return netip.Addr{}, true, errBadIPv4
	}
	var v uint64
	for i, p := range parts {
		n, ok := ipv4Number(p)
		last := i == len(parts)-1
		switch {
		case !ok:
			return netip.Addr{}, true, errBadIPv4
		case !last && n > 255:
			return netip.Addr{}, true, errBadIPv4
		case last && n >= 1<<(8*(5-len(parts))):
			return netip.Addr{}, true, errBadIPv4
		case last:
			v += n
		default:
			v += n << (8 * (3 - i))
		}
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true, nil
}

// ipv4Number parses one part of a loose IPv4 address: 0x… hexadecimal
// ("0x" alone is 0), 0… octal, else decimal.
func ipv4Number(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	base := 10
	switch {
	case len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
		base, s = 16, s[2:]
		if s == "" {
			return 0, true
		}
	case len(s) >= 2 && s[0] == '0':
		base, s = 8, s[1:]
	}
	n, err := strconv.ParseUint(s, base, 64)
	return n, err == nil
}

// endsInNumber is the standard's test of a host's last label: all digits
// (however large), or a number in one of the forms above. Such a host is
// an IPv4 address or nothing.
func endsInNumber(last string) bool {
	if last == "" {
		return false
	}
	digits := true
	for i := 0; i < len(last); i++ {
		digits = digits && last[i] >= '0' && last[i] <= '9'
	}
	_, num := ipv4Number(last)
	return digits || num
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// embeddedIPv4 returns the IPv4 address an IPv6 address carries to its
// destination: in the NAT64 well-known prefix 64:ff9b::/96 (RFC 6052) the
// last 32 bits, in a 6to4 address 2002::/16 (RFC 3056) bits 16–48. A
// translator or relay delivers such a packet to that IPv4 address, so the
// address is only as public as the one it carries.
func embeddedIPv4(ip netip.Addr) (netip.Addr, bool) {
	b := ip.As16()
	switch {
	case nat64.Contains(ip):
		return netip.AddrFrom4([4]byte(b[12:16])), true
	case sixToFour.Contains(ip):
		return netip.AddrFrom4([4]byte(b[2:6])), true
	}
	return netip.Addr{}, false
}

var (
	nat64     = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour = netip.MustParsePrefix("2002::/16")
)
