package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"sync/atomic"
)

type requestIDKey struct{}

// WithRequestID returns ctx carrying the request id, for log lines made
// below the handler (a fan-out's venues log with the request's context).
func WithRequestID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, requestIDKey{}, id)
}

// RequestIDFrom returns the request id ctx carries, or "".
func RequestIDFrom(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey{}).(string)
	return id
}

// LogHandler wraps h so that every record logged with a context carrying a
// request id (slog's ...Context methods) gets a request_id attribute.
func LogHandler(h slog.Handler) slog.Handler { return logHandler{h} }

type logHandler struct{ slog.Handler }

func (l logHandler) Handle(ctx context.Context, r slog.Record) error {
	if ctx != nil {
		if id := RequestIDFrom(ctx); id != "" {
			r.AddAttrs(slog.String("request_id", id))
		}
	}
	return l.Handler.Handle(ctx, r)
}

func (l logHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return logHandler{l.Handler.WithAttrs(as)}
}
func (l logHandler) WithGroup(name string) slog.Handler { return logHandler{l.Handler.WithGroup(name)} }

// Request ids are a per-process random prefix and a counter: unique, cheap
// (no allocation, no system call) and sortable within one process.
var (
	idPrefix = func() string {
		var b [4]byte
		_, _ = rand.Read(b[:])
		return hex.EncodeToString(b[:])
	}()
	idSeq atomic.Uint64
)

// AppendRequestID appends the request id for a request that sent in (its
// X-Request-Id header, possibly nil): the client's own id when it is a
// sane token (1–64 characters of [A-Za-z0-9._:-]), a fresh one otherwise.
func AppendRequestID(dst, in []byte) []byte {
	if validRequestID(in) {
		return append(dst, in...)
	}
	dst = append(dst, idPrefix...)
	dst = append(dst, '-')
	return appendHex(dst, idSeq.Add(1))
}

// appendHex appends n in lowercase hex without leading zeros: shifts, not
// the divisions strconv needs for other bases.
func appendHex(dst []byte, n uint64) []byte {
	const digits = "0123456789abcdef"
	var buf [16]byte
	i := len(buf)
	for {
		i--
		buf[i] = digits[n&15]
		n >>= 4
		if n == 0 {
			break
		}
	}
	return append(dst, buf[i:]...)
}

func validRequestID(b []byte) bool {
	if len(b) == 0 || len(b) > 64 {
		return false
	}
	for _, c := range b {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '.', c == '_', c == ':', c == '-':
		default:
			return false
		}
	}
	return true
}
