package httpapi

import (
	"crypto/sha3"
	"encoding/base32"
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/web"
)

// pagePrivacy says in plain words what this server stores, for how long,
// what it never does, and which venues' ratings and Tor stance to weigh.
func pagePrivacy(d *deps) Action {
	return func(r *Request) (Response, error) {
		page := web.PrivacyPage{Onion: d.OnionURL, Swaps: d.Swaps != nil}
		if d.Retention > 0 {
			page.Retention = web.Duration(d.Retention)
		}
		for _, v := range d.Venues() {
			switch {
			case v.Ratings.Tor == swapscout.TorRefused:
				page.TorRefused = append(page.TorRefused, v.Name)
			}
			if v.Ratings.PreCheck {
				page.PreCheck = append(page.PreCheck, v.Name)
			}
		}
		return d.render(r, 200, "privacy", page)
	}
}

// onionLocation adds the Onion-Location header to a page's answer: the same
// path and query at the onion address.
func onionLocation(onion string, a Action) Action {
	return func(r *Request) (Response, error) {
		resp, err := a(r)
		if err != nil {
			return resp, err
		}
		loc := onion + string(r.Path)
		if len(r.RawQuery) > 0 {
			loc += "?" + string(r.RawQuery)
		}
		hdr := make([]Field, 0, len(resp.Headers)+1)
		resp.Headers = append(append(hdr, resp.Headers...), MakeField("Onion-Location", loc))
		return resp, nil
	}
}

// ParseOnionURL checks an operator's onion address (--onion-url) and returns
// it as pages name it, without a trailing slash: the http scheme (the onion
// service encrypts and authenticates the connection itself), a v3 onion
// host (56 base32 characters whose checksum and version byte hold, under
// any subdomain), an optional port, and no path, query, fragment or user.
// A typo here would send every Tor Browser user to a dead or foreign
// address, so it is refused at start with what is wrong.
func ParseOnionURL(s string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(s))
	switch {
	case err != nil:
		return "", fmt.Errorf("onion URL %q: %v", s, err)
	case u.Scheme != "http":
		return "", fmt.Errorf("onion URL %q: the scheme must be http:// (Tor encrypts and authenticates an onion service itself), not %q", s, u.Scheme)
	case u.User != nil || u.RawQuery != "" || u.Fragment != "" || (u.Path != "" && u.Path != "/"):
		return "", fmt.Errorf("onion URL %q: give the address alone (http://….onion), without path, query, fragment or user: pages add their own path", s)
	}
	host := strings.ToLower(u.Hostname())
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return "", fmt.Errorf("onion URL %q: port %q is not a port number", s, p)
		}
	}
	name, ok := strings.CutSuffix(host, ".onion")
	if !ok {
		return "", fmt.Errorf("onion URL %q: the host %q is not an .onion address", s, host)
	}
	if i := strings.LastIndexByte(name, '.'); i >= 0 {
		name = name[i+1:] // a subdomain names the same service
	}
	if err := checkOnionV3(name); err != nil {
		return "", fmt.Errorf("onion URL %q: %v", s, err)
	}
	return "http://" + strings.ToLower(u.Host), nil
}

var onionBase32 = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// checkOnionV3 checks a v3 onion name (rend-spec-v3, "Encoding onion
// addresses"): base32 of PUBKEY (32 bytes) | CHECKSUM (2) | VERSION (1, 3),
// CHECKSUM the first two bytes of SHA3-256(".onion checksum" | PUBKEY | VERSION).
func checkOnionV3(name string) error {
	if len(name) != 56 {
		if len(name) == 16 {
			return errors.New("a v2 onion address (16 characters): Tor no longer serves them; give the service's v3 address (56 characters)")
		}
		return fmt.Errorf("a v3 onion address has 56 characters before .onion, this one %d", len(name))
	}
	b, err := onionBase32.DecodeString(name)
	if err != nil || len(b) != 35 {
		return errors.New("a v3 onion address is base32 (a–z, 2–7)")
	}
	if b[34] != 3 {
		return fmt.Errorf("version byte %d, want 3 (a v3 onion address ends in d)", b[34])
	}
	h := sha3.New256()
	h.Write([]byte(".onion checksum"))
	h.Write(b[:32])
	h.Write([]byte{3})
	if sum := h.Sum(nil); sum[0] != b[32] || sum[1] != b[33] {
		return errors.New("its checksum does not hold (a character is mistyped)")
	}
	return nil
}
