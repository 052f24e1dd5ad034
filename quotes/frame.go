package quotes

import (
	"encoding/binary"
	"time"

	"github.com/swapscout/swapscout"
	"github.com/swapscout/swapscout/api"
)

// Frame is a quote as stored and cached: 8 bytes of when it was assembled
// (Unix nanoseconds, big-endian), then its JSON (api.AppendQuote, without
// an age). An answer is the age (api.AppendAge) followed by the JSON after
// its opening brace: served with no encoding.
type Frame []byte

// NewFrame encodes q, assembled at at.
func NewFrame(at time.Time, q *swapscout.Quote) Frame {
	f := make([]byte, 8, 8+1024+512*len(q.Offers)+256*len(q.Failures))
	binary.BigEndian.PutUint64(f, uint64(at.UnixNano()))
	return api.AppendQuote(f, q)
}

// Valid reports whether f has a time and a JSON object.
func (f Frame) Valid() bool { return len(f) >= 10 && f[8] == '{' }

// Assembled is when the quote was assembled. f must be Valid.
func (f Frame) Assembled() time.Time { return time.Unix(0, int64(binary.BigEndian.Uint64(f[:8]))) }

// Age is how old the quote is at now; never negative. f must be Valid.
func (f Frame) Age(now time.Time) time.Duration { return max(now.Sub(f.Assembled()), 0) }

// JSON is the quote's JSON. f must be Valid.
func (f Frame) JSON() []byte { return f[8:] }

// Rest is the JSON after its opening brace: what follows an answer's age
// head. f must be Valid.
func (f Frame) Rest() []byte { return f[9:] }
