package api

import (
	"time"

	"github.com/swapscout/swapscout"
)

// members appends the members of a JSON object after its first, as every
// encoder writes them: ,"key":value, an optional member (always or keep
// false) left out when empty. It is the one place an encoder writes a key.
type members []byte

// open starts an object with its first member: {"key":"s".
func open(dst []byte, key, s string) members {
	return members(appendString(append(append(append(dst, '{', '"'), key...), '"', ':'), s))
}

// put appends ,"key": and v written by enc, when keep.
func put[T any](m *members, key string, keep bool, v T, enc func([]byte, T) []byte) {
	if keep {
		*m = enc(append(append(append(*m, ',', '"'), key...), '"', ':'), v)
	}
}

func (m *members) str(key, v string, always bool) { put(m, key, v != "" || always, v, appendString) }

// amt leaves out an optional amount that is zero or not a number.
func (m *members) amt(key string, a swapscout.Amount, always bool) {
	put(m, key, (!a.IsZero() && a.Valid()) || always, a, appendAmount)
}

// time leaves out a zero time.
func (m *members) time(key string, t time.Time) { put(m, key, !t.IsZero(), t, appendTime) }

// int appends a whole number, when keep.
func (m *members) num(key string, n int64, keep bool) { put(m, key, keep, n, itoa) }

// place appends an address, always, and its memo when it has one.
func (m *members) place(key, memoKey, addr, memo string) {
	m.str(key, addr, true)
	m.str(memoKey, memo, false)
}

func (m *members) asset(key string, a swapscout.Asset) { put(m, key, true, a, appendAsset) }
