package track

import (
	"context"
	"log/slog"
)

// quietLogger returns l for River: its lines below warning go out a level
// lower, info as debug. River tells at info of every start, stop, leader
// election and queue it runs, which is most of what a server says at
// start; what it warns of (a job that failed or seems stuck) and its
// errors keep their level.
func quietLogger(l *slog.Logger) *slog.Logger { return slog.New(demoted{l.Handler()}) }

// demoted lowers every level under warning by one step (info to debug).
type demoted struct{ h slog.Handler }

func lower(l slog.Level) slog.Level {
	if l < slog.LevelWarn {
		return l + slog.LevelDebug - slog.LevelInfo
	}
	return l
}

func (d demoted) Enabled(ctx context.Context, l slog.Level) bool { return d.h.Enabled(ctx, lower(l)) }

func (d demoted) Handle(ctx context.Context, r slog.Record) error {
	r.Level = lower(r.Level)
	return d.h.Handle(ctx, r)
}

func (d demoted) WithAttrs(as []slog.Attr) slog.Handler { return demoted{d.h.WithAttrs(as)} }
func (d demoted) WithGroup(name string) slog.Handler    { return demoted{d.h.WithGroup(name)} }
