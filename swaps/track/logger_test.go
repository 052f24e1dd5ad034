package track

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"testing"
)

// TestQuietLogger: River's info lines go out as debug, its warnings and
// errors as they are.
func TestQuietLogger(t *testing.T) {
	var buf bytes.Buffer
	info := quietLogger(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo})).With("component", "river"))
	ctx := context.Background()
	info.InfoContext(ctx, "River client started")
	info.DebugContext(ctx, "producer: fetched jobs")
	if info.Enabled(ctx, slog.LevelInfo) || buf.Len() != 0 {
		t.Errorf("at info, River's info and debug lines show: %q", buf.String())
	}
	info.WithGroup("g").Warn("job appears to be stuck", "job_id", 7)
	info.Error("Error fetching jobs")
	out := buf.String()
	if !strings.Contains(out, "level=WARN msg=\"job appears to be stuck\" component=river g.job_id=7") || !strings.Contains(out, "level=ERROR") {
		t.Errorf("warnings and errors lost their level or attributes: %q", out)
	}
	buf.Reset()
	debug := quietLogger(slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})))
	debug.Info("River client started")
	debug.Debug("producer: fetched jobs")
	if out := buf.String(); !strings.Contains(out, "level=DEBUG msg=\"River client started\"") || strings.Contains(out, "fetched") {
		t.Errorf("at debug: %q; want the info line as debug, the debug line below it", out)
	}
}
