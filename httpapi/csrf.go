package httpapi

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base32"
	"encoding/base64"
	"net/url"
	"strings"
)

// Cross-site request forgery on the page's forms. A page elsewhere must
// not make a swap, with addresses of its choosing, in a visitor's browser:
// the visitor would land on this site's page of a swap paying someone else.
// Browsers say where a form POST comes from, and formOrigin reads it:
//
//   - Origin "null" (a sandboxed frame, a data: document, a page whose
//     referrer policy hides its origin) is refused: it can be anyone.
//   - An Origin naming another host is refused.
//   - Sec-Fetch-Site (Fetch Metadata) other than same-origin or none
//     (typed by the user) is refused; same-site too, since a sibling host
//     may be someone else's.
//   - A browser that sends neither (older ones) proves nothing, and the
//     form must then carry a key signed for this browser (below).
//
// Our own pages send a real Origin on their forms: their referrer policy is
// same-origin (with no-referrer, browsers send "Origin: null" even to the
// same site), which still tells no other site where the visitor was.
//
// The signed key. The swap form already carries an idempotency key; its
// second half is HMAC-SHA256(form cookie, first half), where the form
// cookie is 32 random bytes the browser keeps (HttpOnly, SameSite=Strict,
// Path=/swap, for the session). A page elsewhere can neither read the
// cookie nor, without it, sign a key. The cookie itself is the MAC's key
// rather than a server secret: a key signed by the server alone would be
// a token anyone can fetch from GET /swap/new and replay in a victim's
// browser, so the binding to the browser needs the cookie anyway, and with
// it there is no server secret to provision, share between instances or
// lose at a restart. Nothing is stored: the cookie is not an identity, and
// the server keeps no session.

const (
	formCookie = "swapscout_form"
	keyPrefix  = "page-"
)

// formVerdict is what formOrigin concludes about a form POST.
type formVerdict int

const (
	formSameSite   formVerdict = iota // a browser says: from this site
	formCrossSite                     // refused: another site, or one that hides itself
	formNeedsToken                    // no browser signal: only a signed key shows the form is ours
)

// formOrigin reads where a form POST comes from (see above). host is the
// site's own host: the request's Host, or X-Forwarded-Host when the peer
// is a trusted proxy.
func (d *deps) formOrigin(r *Request) formVerdict {
	origin := string(r.header("Origin"))
	site := string(r.header("Sec-Fetch-Site"))
	if origin == "null" {
		return formCrossSite
	}
	if origin != "" && !d.ownOrigin(r, origin) {
		return formCrossSite
	}
	switch site {
	case "same-origin", "none":
		return formSameSite
	case "":
		if origin != "" {
			return formSameSite
		}
		return formNeedsToken
	}
	return formCrossSite // cross-site, same-site, or a value we do not know
}

// ownOrigin reports whether origin (scheme://host[:port]) names this site.
func (d *deps) ownOrigin(r *Request, origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	want := stripDefaultPort(u.Scheme, u.Host)
	for _, h := range d.ownHosts(r) {
		if h != "" && strings.EqualFold(stripDefaultPort(u.Scheme, h), want) {
			return true
		}
	}
	return false
}

// ownHosts are the names the request calls this site by: its Host, and
// the X-Forwarded-Host a trusted proxy passed on.
func (d *deps) ownHosts(r *Request) []string {
	hosts := []string{string(r.header("Host"))}
	if xfh := r.header("X-Forwarded-Host"); len(xfh) > 0 && d.clients.peerTrusted(r) {
		first, _, _ := bytes.Cut(xfh, []byte{','})
		hosts = append(hosts, string(bytes.TrimSpace(first)))
	}
	return hosts
}

func stripDefaultPort(scheme, host string) string {
	if scheme == "http" {
		return strings.TrimSuffix(host, ":80")
	}
	return strings.TrimSuffix(host, ":443")
}

var (
	b32    = base32.StdEncoding.WithPadding(base32.NoPadding)
	b64    = base64.RawURLEncoding
	keyMAC = []byte("swapscout form key\x00")
)

// formKeys issues the signed keys of one request's forms: with the form
// cookie the browser sent, or a new one, which the answer then sets.
type formKeys struct {
	secret []byte
	fresh  bool // the browser has no (valid) form cookie yet
	issued bool
}

func formKeysOf(r *Request) *formKeys {
	if s := formSecret(r); s != nil {
		return &formKeys{secret: s}
	}
	s := make([]byte, 32)
	_, _ = rand.Read(s)
	return &formKeys{secret: s, fresh: true}
}

// formSecret returns the request's form cookie, decoded, or nil when it
// has none that is well-formed.
func formSecret(r *Request) []byte {
	for c := range bytes.SplitSeq(r.header("Cookie"), []byte{';'}) {
		name, value, ok := bytes.Cut(bytes.TrimSpace(c), []byte{'='})
		if !ok || string(name) != formCookie {
			continue
		}
		if s, err := b64.DecodeString(string(value)); err == nil && len(s) == 32 {
			return s
		}
	}
	return nil
}

// key returns a new signed key for one form.
func (k *formKeys) key() string {
	var b [20]byte
	_, _ = rand.Read(b[:])
	k.issued = true
	id := strings.ToLower(b32.EncodeToString(b[:]))
	return keyPrefix + id + "-" + signKey(k.secret, id)
}

func signKey(secret []byte, id string) string {
	m := hmac.New(sha256.New, secret)
	m.Write(keyMAC)
	m.Write([]byte(id))
	return strings.ToLower(b32.EncodeToString(m.Sum(nil)[:16]))
}

// signedKey reports whether key was signed with the request's form cookie.
func signedKey(r *Request, key string) bool {
	secret := formSecret(r)
	rest, ok := strings.CutPrefix(key, keyPrefix)
	if secret == nil || !ok {
		return false
	}
	id, mac, ok := strings.Cut(rest, "-")
	return ok && hmac.Equal([]byte(mac), []byte(signKey(secret, id)))
}

// finish sets the form cookie on a rendered page when one of its keys was
// signed with a new one.
func (k *formKeys) finish(resp Response, err error) (Response, error) {
	if !k.fresh || !k.issued || err != nil {
		return resp, err
	}
	hdr := make([]Field, 0, len(resp.Headers)+1)
	hdr = append(hdr, resp.Headers...)
	resp.Headers = append(hdr, Field{Key: "Set-Cookie",
		Value: formCookie + "=" + b64.EncodeToString(k.secret) + "; Path=/swap; HttpOnly; SameSite=Strict"})
	return resp, nil
}
