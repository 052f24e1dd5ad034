package httpapi

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"

	"golang.org/x/time/rate"

	"github.com/swapscout/swapscout"
)

// Keys are operator-issued API keys. Only their SHA-256 is kept: a key is
// found by hashing what the client sent, so no key is held in memory,
// compared byte by byte or written anywhere (logs see the key's name only).
// Each key has its own rate limit.
type Keys struct {
	byHash map[[sha256.Size]byte]*apiKey
}

type apiKey struct {
	name string // "key1", … in the order given: what logs and metrics may show
	lim  *rate.Limiter
}

// DefaultKeyRate and DefaultKeyBurst are a key's requests per second and
// burst unless its entry says otherwise.
const (
	DefaultKeyRate  = 10
	DefaultKeyBurst = 20
)

// ParseKeys reads a comma-separated list of keys: each entry is the key
// itself or "sha256:" and its hex SHA-256 (so configuration can hold hashes
// only), optionally followed by "/RATE", its requests per second (burst
// twice that). An empty spec is no keys (nil).
func ParseKeys(spec string) (*Keys, error) {
	spec = strings.TrimSpace(spec)
	if spec == "" {
		return nil, nil
	}
	ks := &Keys{byHash: map[[sha256.Size]byte]*apiKey{}}
	for i, e := range strings.Split(spec, ",") {
		e = strings.TrimSpace(e)
		if e == "" {
			continue
		}
		perSecond := float64(DefaultKeyRate)
		if j := strings.LastIndexByte(e, '/'); j > 0 {
			v, err := strconv.ParseFloat(e[j+1:], 64)
			if err != nil || v <= 0 {
				return nil, fmt.Errorf("API key %d: the rate after / must be a positive number of requests per second", i+1)
			}
			perSecond, e = v, e[:j]
		}
		var h [sha256.Size]byte
		if hx, ok := strings.CutPrefix(e, "sha256:"); ok {
			b, err := hex.DecodeString(hx)
			if err != nil || len(b) != sha256.Size {
				return nil, fmt.Errorf("API key %d: sha256: must be followed by 64 hex digits", i+1)
			}
			copy(h[:], b)
		} else {
			if len(e) < 6 || strings.ContainsAny(e, " \t") {
				return nil, fmt.Errorf("API key %d: a key must be at least 6 characters, without spaces", i+1)
			}
			h = sha256.Sum256([]byte(e))
		}
		if ks.byHash[h] != nil {
			return nil, fmt.Errorf("API key %d is given twice", i+1)
		}
		burst := max(int(2*perSecond), 1)
		ks.byHash[h] = &apiKey{name: "key" + strconv.Itoa(i+1), lim: rate.NewLimiter(rate.Limit(perSecond), burst)}
	}
	return ks, nil
}

// lookup returns the key token names, or nil.
func (ks *Keys) lookup(token []byte) *apiKey {
	if ks == nil || len(token) == 0 {
		return nil
	}
	return ks.byHash[sha256.Sum256(token)]
}

// Len is how many keys there are.
func (ks *Keys) Len() int {
	if ks == nil {
		return 0
	}
	return len(ks.byHash)
}

var (
	errKeyMissing = swapscout.Errorf(swapscout.EUNAUTHORIZED, "an API key is required: send it in the API-Key header (X-API-Key and Authorization: Bearer are read too)")
	errKeyUnknown = swapscout.Errorf(swapscout.EUNAUTHORIZED, "unknown API key")
)

// presentedKey is the key a request carries: API-Key (Trocador's header),
// X-API-Key, or Authorization: Bearer.
func presentedKey(r *Request) []byte {
	if r.Header == nil {
		return nil
	}
	for _, h := range []string{"API-Key", "X-API-Key"} {
		if v := r.Header.Peek(h); len(v) > 0 {
			return v
		}
	}
	if v := r.Header.Peek("Authorization"); len(v) > 7 && strings.EqualFold(string(v[:7]), "bearer ") {
		return v[7:]
	}
	return nil
}

// allow takes one request from k's limit, or answers when to come back.
func (k *apiKey) allow(now time.Time) error {
	if k.lim.AllowN(now, 1) {
		return nil
	}
	r := k.lim.ReserveN(now, 1)
	wait := r.DelayFrom(now)
	r.CancelAt(now)
	return &retryError{status: 429, code: swapscout.ERATELIMITED, after: wait,
		msg: "too many requests with this API key; retry after the number of seconds in Retry-After"}
}

// keyOf checks the key r carries against ks: nil and no error when r
// carries none; an unknown key is refused, never taken for no key.
func keyOf(ks *Keys, r *Request) (*apiKey, error) {
	tok := presentedKey(r)
	if len(tok) == 0 {
		return nil, nil
	}
	k := ks.lookup(tok)
	if k == nil {
		return nil, errKeyUnknown
	}
	return k, nil
}
