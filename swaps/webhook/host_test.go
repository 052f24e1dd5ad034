package webhook

import (
	"fmt"
	"net/netip"
	"testing"
)

// FuzzHostAddr: any host parses without panicking, and an address written
// in any of the loose IPv4 forms is read as the address itself.
func FuzzHostAddr(f *testing.F) {
	for _, s := range []string{"2130706433", "0x7f.1", "0177.0.0.1", "127.1", "example.com", "1.2.3.4.5", "0x", "08", "１２７．０．０．１", "::ffff:127.0.0.1"} {
		f.Add(s, uint32(0x7f000001))
	}
	f.Fuzz(func(t *testing.T, host string, v uint32) {
		_, _, _ = hostAddr(host)
		want := netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)})
		a, b, c, d := v>>24, v>>16&0xff, v>>8&0xff, v&0xff
		for _, form := range []string{
			fmt.Sprint(v), fmt.Sprintf("0x%x", v), fmt.Sprintf("0%o", v),
			fmt.Sprintf("%d.%d", a, v&0xffffff), fmt.Sprintf("%d.%d.%d", a, b, v&0xffff),
			fmt.Sprintf("0x%x.0%o.%d.0x%X", a, b, c, d), fmt.Sprintf("%d.%d.%d.%d.", a, b, c, d),
		} {
			got, ok, err := hostAddr(form)
			if !ok || err != nil || got != want {
				t.Errorf("hostAddr(%q) = %v, %v, %v; want %v", form, got, ok, err, want)
			}
		}
	})
}
